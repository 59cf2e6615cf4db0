package fd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
)

// What a reader outside a line's audience reads in its place (issue 13:
// secrets are possible; engine.Redacted). Under league variant 5-D
// (league AMB-17) a line that writes down a racing car's build — its
// configuration, the build order that chose it, a starting position's
// wear — is read by the seats that may not see the car, and by a
// spectator, as a comment line (which a record parser skips) saying what
// is hidden and until when, with the build's public total, and in
// sentences by its own phrase (StandIn.Phrase). The stand-in
// is fixed when the line is handed out, as its audience is, so a view
// that replays a record hands each line out as the game stood then.

// HandOut is e as the contract hands it out while the game stands as it
// does now: with its audience and, when that leaves seats out, its
// stand-in. Events hands out every line so; a view that replays a record,
// or writes a position, hands out each line itself.
func (c Contract) HandOut(e Event) engine.Event { return c.handOut(e) }

func (c Contract) handOut(e Event) contractEvent {
	out := contractEvent{e: e}
	if to := c.audience(e); !to.Everyone() {
		out.hidden = &hiddenLine{to: to, in: c.hiddenBuildStandIn(e)}
	}
	return out
}

// StandIn is a line read in the place of a hidden one.
type StandIn struct {
	// Public is what a view may list of the hidden line: its kind and its
	// car= as written (a qualifying copy's names its session's car; "" for
	// a line the codec refuses).
	Public Event
	line   string
	phrase phrase.Phrase
}

var _ engine.Event = StandIn{}

func (s StandIn) Kind() string { return s.Public.Kind }

// Line is the comment line, as record.txt and `replay --at` show it.
func (s StandIn) Line() string { return s.line }

// Phrase says the stand-in in a sentence, as EventPhrase says a line a
// reader may read whole: a hidden configuration by its car and build
// total alone; nothing for a line that is not news (an order, a
// position), as the line itself would say nothing. It is the stand-in's
// only words: a player reads them through the caller's catalog, in his
// language; the record tool's English text of every line (`replay
// --events`, bot.EventText) is the tool's, not the engine's.
func (s StandIn) Phrase() phrase.Phrase { return s.phrase }

// Audience: everyone reads a stand-in.
func (s StandIn) Audience() engine.Audience { return engine.Audience{} }

// StandInOf returns the stand-in behind e (engine.Told's answer for a
// reader outside a line's audience), false when e is not one.
func StandInOf(e engine.Event) (StandIn, bool) {
	s, ok := e.(StandIn)
	return s, ok
}

// hiddenBuildStandIn is the line read in the place of build line e (5-D):
// its values but those of the build, and the build's total.
func (c Contract) hiddenBuildStandIn(e Event) engine.Event {
	car := BuildLineCar(e)
	if car == 0 {
		return nil
	}
	public := Event{Kind: e.Kind}
	for _, a := range e.Args {
		if a.Key == "flags" {
			a.Val = publicFlags(a.Val)
		}
		if !buildKeys[a.Key] {
			public.Args = append(public.Args, a)
		}
	}
	own := buildLineOwnCar(e)
	return StandIn{
		Public: Event{Kind: e.Kind, Args: []Arg{{Key: "car", Val: own}}},
		line:   fmt.Sprintf("# %s: a build of %d points, hidden until its race ends (league variant 5-D)", public, c.G.BuildTotal(car)),
		phrase: c.hiddenBuildPhrase(e, car),
	}
}

// hiddenBuildPhrase says build line e of the race's car car to a reader
// who may not see the build (5-D, league AMB-17): its car and its build's
// public total; a line EventPhrase keeps silent stays silent.
func (c Contract) hiddenBuildPhrase(e Event, car int) phrase.Phrase {
	kind, qualifying := strings.CutPrefix(e.Kind, "q-")
	if silentKinds[kind] {
		return phrase.Phrase{}
	}
	p := phrase.New("ev.configuration-hidden", phrase.New("ev.car", car), c.G.BuildTotal(car))
	if qualifying {
		return phrase.New("ev.qualifying", p) // O-QUA: the car's own session
	}
	return p
}

// buildKeys are the values of a record line that tell a car's build or
// what is left of it.
var buildKeys = map[string]bool{"wear": true, "config": true, "build": true, "boosters": true}

// publicFlags are a position's flags without those of the booster points
// a player chose in his build (5-A), part of the hidden build.
func publicFlags(flags string) string {
	kept := slices.DeleteFunc(strings.Split(flags, ","), func(f string) bool { return f == "boosters-chosen" || f == "booster-built" })
	return strings.Join(kept, ",")
}

// buildLineOwnCar is the car= of a line that writes a build down, as the
// line writes it (a qualifying session's copy names the session's car);
// "" for a line the codec refuses, which a record that replayed does not
// hold.
func buildLineOwnCar(e Event) string {
	t, err := Decode(e)
	if err != nil {
		return ""
	}
	if q, ok := t.(QualifyingCopy); ok {
		t = q.Event
	}
	switch x := t.(type) {
	case ConfigurationEvent:
		return strconv.Itoa(x.Car)
	case OrderEvent:
		return strconv.Itoa(x.Car)
	case PositionCarEvent:
		return strconv.Itoa(x.Car)
	}
	return ""
}

// ReadsBuild reports whether reader (a seat, −1 a spectator,
// engine.Referee) may read car's build and what is left of it now: its
// wear, its build's values, the counts that are part of it (5-A's
// booster points), the states that tell it. Under league variant 5-D a
// racing car's build is its owner's (and a teammate's when shared) until
// its race ends (league AMB-17); the referee reads every car; without
// 5-D everyone does. The one question a view of the race asks, in the
// contract's readers, so that what a board draws, what a text says and
// which lines a reader is handed whole cannot disagree: WearFor and the
// boards (render) ask it.
func (c Contract) ReadsBuild(reader, car int) bool {
	return c.G.SeesCar(c.readerCar(reader), car)
}

// WearFor is car's wear as reader (a seat, −1 a spectator, engine.Referee)
// may read it now (ReadsBuild); false while league variant 5-D hides it
// from reader, as the car's build lines are (HandOut).
func (c Contract) WearFor(reader, car int) (Wear, bool) {
	if car < 1 || car > len(c.G.Cars) || !c.ReadsBuild(reader, car) {
		return Wear{}, false
	}
	return c.G.Cars[car-1].Wear, true
}

// ReaderOfCar is a reader named by his car — a car, GameMaster, 0 for
// nobody's car: the form `pitwall replay --as` documents and
// render.BoardOptions.Reader takes — as the contract names its readers
// (a seat, engine.Referee, −1 a spectator). One mapping for every edge
// that still takes the car form.
func ReaderOfCar(car int) int {
	switch {
	case car == GameMaster:
		return engine.Referee
	case car > 0:
		return car - 1
	}
	return -1
}

package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// EventText says one record line in English words, for `replay --events`
// (the record syntax itself is in docs/record.md). It reads the line as
// its typed event; a line written by hand may lack keys (fd.DecodeLoose
// reads them as zero). A line of no kind said here, a qualifying
// session's copy, and a line whose values the codec cannot read (car=x:
// corrupt) are said as their kind and values in words.
func EventText(e fd.Event) string {
	t, err := fd.DecodeLoose(e)
	if err != nil {
		return genericEventText(e)
	}
	if s, ok := typedEventText(t); ok {
		return s
	}
	return genericEventText(e)
}

// typedEventText says t, or false for a kind said generically.
func typedEventText(t fd.TypedEvent) (string, bool) {
	switch x := t.(type) {
	case fd.PositionEvent:
		return fmt.Sprintf("the race starts from a position, round %d", x.Round), true
	case fd.PositionCarEvent:
		return fmt.Sprintf("%s stands on %s in gear %d", carText(x.Car), x.Space, x.Gear), true
	case fd.PositionQualifiedEvent:
		if x.Ended {
			return fmt.Sprintf("%s's qualifying lap of session %d ended early after %d spaces: %d rolls and %d penalty", carText(x.Car), x.Session, x.Covered, x.Rolls, x.Penalty), true
		}
		return fmt.Sprintf("%s's qualifying lap of session %d is done: %d rolls and %d penalty", carText(x.Car), x.Session, x.Rolls, x.Penalty), true
	case fd.PositionLapEvent:
		where := "at the start of its lap"
		if x.Space != "" && x.Play != 0 {
			where = "on " + x.Space
		}
		return fmt.Sprintf("%s is on its qualifying lap, %s in gear %d, %d rolls so far", carText(x.Car), where, x.Gear, x.Rolls), true
	case fd.RoundEvent:
		return fmt.Sprintf("round %d: play order %s", x.N, joinInts(x.Order, ", ")), true
	case fd.TurnEvent:
		return fmt.Sprintf("play %d: %s's turn", x.Play, carText(x.Car)), true
	case fd.OrderEvent:
		if x.Gear != 0 {
			return fmt.Sprintf("%s chooses gear %d", carText(x.Car), x.Gear), true
		}
		return fmt.Sprintf("%s chooses option %s", carText(x.Car), x.Choose), true
	case fd.GearEvent:
		return fmt.Sprintf("%s shifts from gear %d to gear %d", carText(x.Car), x.From, x.To), true
	case fd.RollEvent:
		who := carText(x.Car)
		if x.Car == 0 {
			who = "the table"
		}
		return fmt.Sprintf("%s rolls %d on the %s die (%s)", who, x.Value, x.Die, x.For), true
	case fd.MoveEvent:
		return moveText(x.Car, "moves", x.Path, x.Braked, x.Blocked), true
	case fd.SlipstreamEvent:
		return moveText(x.Car, "slipstreams", x.Path, x.Braked, x.Blocked), true
	case fd.WearEvent:
		return wearText(x.Car, "loses", x.WearPoints, x.Cause), true
	case fd.RepairEvent:
		return wearText(x.Car, "recovers", x.WearPoints, x.Cause), true
	case fd.EliminatedEvent:
		return fmt.Sprintf("%s is eliminated: %s", carText(x.Car), x.Cause), true
	case fd.FinishEvent:
		return fmt.Sprintf("%s finishes, place %d", carText(x.Car), x.Place), true
	case fd.LapEvent:
		return fmt.Sprintf("%s completes lap %d", carText(x.Car), x.Laps), true
	case fd.StopEvent:
		return fmt.Sprintf("%s stops in %s (%d of %d)", carText(x.Car), x.Corner, x.Stops, x.Required), true
	case fd.OvershootEvent:
		return fmt.Sprintf("%s overshoots %s by %d spaces with %d of %d stops", carText(x.Car), x.Corner, x.Spaces, x.Stops, x.Required), true
	case fd.SpinEvent:
		return carText(x.Car) + " spins", true
	case fd.ContactEvent:
		return fmt.Sprintf("%s is in contact with car %d", carText(x.Car), x.With), true
	case fd.EngineTestEvent:
		return fmt.Sprintf("%s's top face: engine tests", carText(x.Car)), true
	case fd.DebrisEvent:
		return "debris on " + x.Space, true
	case fd.PitLaneEvent:
		return carText(x.Car) + " enters the pit lane", true
	case fd.PitStopEvent:
		return fmt.Sprintf("%s stops at its box: %d tyre points back, %s tyres", carText(x.Car), x.Tyres, x.Type), true
	case fd.PitQuickEvent:
		return fmt.Sprintf("%s: a quick stop, out in gear %d", carText(x.Car), x.Gear), true
	case fd.PitSlowEvent:
		return carText(x.Car) + ": a slow stop", true
	case fd.WeatherEvent:
		return fmt.Sprintf("the weather (%s) is now %s", x.Session, x.State), true
	case fd.StartEvent:
		return fmt.Sprintf("%s's start: %s", carText(x.Car), x.Result), true
	case fd.ClassificationEvent:
		return fmt.Sprintf("an official classifies %s in place %d: %s", carText(x.Car), x.Place, x.Reason), true
	case fd.ExcludedEvent:
		return fmt.Sprintf("the race direction excludes %s: %s", carText(x.Car), x.Reason), true
	case fd.OverEvent:
		return "the race is over", true
	}
	return "", false
}

// genericEventText says any line as its kind and values in words.
func genericEventText(e fd.Event) string {
	var parts []string
	for _, a := range e.Args {
		parts = append(parts, a.Key+" "+a.Val)
	}
	return strings.ReplaceAll(e.Kind, "-", " ") + ": " + strings.Join(parts, ", ")
}

func carText(car int) string { return "car " + strconv.Itoa(car) }

// joinInts writes ns as the record lists them, with sep between.
func joinInts(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// moveText says a move or a slipstream: its path ("-" or none: the car
// stays put), what braking and blocking took from it.
func moveText(car int, what, path string, braked, blocked int) string {
	if path == "-" || path == "" {
		return fmt.Sprintf("%s stays put (braked %d, blocked %d)", carText(car), braked, blocked)
	}
	n := strings.Count(path, ",") + 1
	s := fmt.Sprintf("%s %s %d spaces to %s, by %s", carText(car), what, n, path[strings.LastIndex(path, ",")+1:], strings.ReplaceAll(path, ",", ", "))
	if braked != 0 {
		s += ", braking " + strconv.Itoa(braked)
	}
	if blocked != 0 {
		s += ", blocked " + strconv.Itoa(blocked) + " short"
	}
	return s
}

// wearText says the points a wear or repair line moves, category by
// category in the line's order, without their signs.
func wearText(car int, verb string, w fd.WearPoints, cause string) string {
	var parts []string
	for _, c := range []struct {
		n   *int
		key string
	}{{w.Tyres, "tyres"}, {w.Brakes, "brakes"}, {w.Gearbox, "gearbox"}, {w.Gas, "gas"}, {w.Body, "body"}, {w.Engine, "engine"}, {w.Handling, "handling"}} {
		if c.n != nil {
			parts = append(parts, strconv.Itoa(*c.n)+" "+c.key)
		}
	}
	s := fmt.Sprintf("%s %s %s", carText(car), verb, strings.ReplaceAll(strings.Join(parts, ", "), "-", ""))
	if cause != "" {
		s += " (" + cause + ")"
	}
	return s
}

// EventView is one line of `replay FILE --events --json`.
type EventView struct {
	Event int               `json:"event"`
	Line  string            `json:"line"`
	Kind  string            `json:"kind"`
	Args  map[string]string `json:"args"`
	Text  string            `json:"text"`
	// After is the cars once a play is over and the next decision waits:
	// on the last line before the next order (and on the record's last).
	After []CarState `json:"after,omitempty"`
}

// EventsOf replays rec and describes every line, with the cars after each
// play, as the reader `replay --as` names by his car (a car's seat, 0 a
// spectator, fd.GameMaster the whole record; fd.ReaderOfCar) may read them:
// each line as the game contract hands it out as the game stood at the
// end of the line's play (engine.Told:
// under 5-D a line that writes down another racing car's build is read as
// its stand-in), and a car's wear only when reader may see it.
func EventsOf(rec *fd.Record, c *tracks.Circuit, as int) ([]EventView, error) {
	reader := fd.ReaderOfCar(as)
	after := map[int][]CarState{}
	told := map[int]fd.StandIn{} // line index: what reader reads in its place
	seen := 0
	judge := func(g *fd.Game) {
		con := fd.NewContract(g, nil)
		for ; seen < len(g.Events) && seen < len(rec.Events); seen++ {
			if in, ok := standInFor(con, rec.Events[seen], reader); ok {
				told[seen] = in
			}
		}
	}
	_, err := replayEach(rec, c, func(g *fd.Game, play int) error {
		after[len(g.Events)] = carStates(fd.NewContract(g, nil), reader)
		judge(g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]EventView, len(rec.Events))
	for i, e := range rec.Events {
		if in, ok := told[i]; ok {
			args := map[string]string{}
			for _, a := range in.Public.Args {
				args[a.Key] = a.Val
			}
			out[i] = EventView{Event: i + 1, Line: in.Line(), Kind: in.Kind(), Args: args, Text: standInText(in), After: after[i+1]}
			continue
		}
		args := map[string]string{}
		for _, a := range e.Args {
			args[a.Key] = a.Val
		}
		out[i] = EventView{Event: i + 1, Line: e.String(), Kind: e.Kind, Args: args, Text: EventText(e), After: after[i+1]}
	}
	return out, nil
}

// standInText says in English, as EventText says every other line of
// `replay --events` (its JSON's documented "text"), the line read in the
// place of a hidden one: the hidden build (5-D) of the car the line names
// as written. English only, as that tool is: a player reads a stand-in
// through its phrase (fd.StandIn.Phrase, toldPhrase) in his language.
func standInText(in fd.StandIn) string {
	return fmt.Sprintf("car %s's build: hidden until its race ends (5-D)", in.Public.Get("car"))
}

// standInFor is what reader (readerOf: a seat, −1, engine.Referee) reads
// in the place of line e as con hands it out now, false when reader reads e itself. A line reader
// may read nothing of has no place in a record view; the contract gives
// every hidden Formula Dé line a stand-in.
func standInFor(con fd.Contract, e fd.Event, reader int) (fd.StandIn, bool) {
	if con.G == nil {
		return fd.StandIn{}, false // no game to judge by: the line as it is
	}
	told, ok := engine.Told(con.HandOut(e), reader, con.Over())
	if !ok {
		return fd.StandIn{}, false
	}
	return fd.StandInOf(told)
}

// toldLine is line e as reader (readerOf) reads it as con hands it out
// now: the line itself or its stand-in's.
func toldLine(con fd.Contract, e fd.Event, reader int) string {
	if in, ok := standInFor(con, e, reader); ok {
		return in.Line()
	}
	return e.String()
}

// carStates are the cars of con's game as reader (readerOf) may read
// them: a car whose wear the contract does not give reader (WearFor: 5-D
// hides another racing car's) has none (nil, null in JSON).
func carStates(con fd.Contract, reader int) []CarState {
	var out []CarState
	g := con.G
	for _, c := range g.Position().Cars {
		cs := CarState{Car: c.Car, Space: c.Space, Gear: c.Gear, Laps: c.Laps, Stops: c.Stops, PitStops: c.PitStops,
			Status: c.Status.String(), Tyre: c.Tyre.String(), Driver: c.Driver, Box: c.Box}
		if wear, ok := con.WearFor(reader, c.Car); ok {
			cs.Wear = map[string]int{}
			for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
				cs.Wear[g.Config.Rules.CategoryName(cat)] = wear[cat]
			}
		}
		out = append(out, cs)
	}
	return out
}

// CarStateText says a car's state in words.
func CarStateText(c CarState) string {
	where := "off the board"
	if c.Space != "" {
		where = "on " + c.Space
	}
	// A fixed order: the same state always reads the same (ranging over a
	// map did not), and only the categories the car's ruleset has.
	var w []string
	for _, cat := range wearOrder {
		if n, ok := c.Wear[cat]; ok {
			w = append(w, fmt.Sprintf("%d %s", n, categoryText(cat, "en")))
		}
	}
	wear := strings.Join(w, ", ")
	if c.Wear == nil {
		wear = "its build and wear hidden until its race ends (5-D)"
	}
	return fmt.Sprintf("car %d %s %s, gear %d, lap %d done, %s", c.Car, c.Status, where, c.Gear, c.Laps, wear)
}

// toldToSome reports whether con hands any of evs out to fewer readers
// than everyone now (5-D: a racing car's build line): the record is then
// told line by line (publicRecordText).
func toldToSome(con fd.Contract, evs []fd.Event) bool {
	for _, e := range evs {
		if !con.HandOut(e).Audience().Everyone() {
			return true
		}
	}
	return false
}

// publicRecordText is rec's text as reader (readerOf) may read it while con
// stands as it does: each line as the game contract hands it out to
// reader (toldLine: under 5-D a build line reader may not see yet is its
// stand-in, a comment). Such a record does not replay until the race is
// over; the game's own record is unchanged.
func publicRecordText(rec *fd.Record, con fd.Contract, reader int) string {
	head := *rec
	head.Events, head.Seed = nil, ""
	var b strings.Builder
	b.WriteString(head.Text())
	for _, e := range rec.Events {
		b.WriteString(toldLine(con, e, reader) + "\n")
	}
	if rec.Seed != "" {
		fmt.Fprintf(&b, "seed %s\n", rec.Seed) // as Record.Text ends
	}
	return b.String()
}

package engine

import (
	"errors"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// The game contract (issue 13, shared/engine-modules.md): what bot needs of
// any game to serve it, whatever its rules. A game is driven by keys: every
// legal order is an Option whose Key a button or a mail line sends back,
// and Submit takes that key. What a seat may read is said by each event's
// Audience, so the service can tell every seat only what is its own.

// Random is where a game's dice and shuffles come from: the seeded source
// of a live game, a script in tests, the record in a replay.
type Random interface {
	dice.Source
	dice.Shuffler
}

// ErrIllegal wraps every order a game refuses because the rules forbid it
// (as opposed to a failure of the game itself): the player is told why and
// what is legal, and nothing changed.
var ErrIllegal = errors.New("illegal order")

// ErrOver refuses an order once the game is over.
var ErrOver = errors.New("the game is over")

// Audience says who may read an event while the game runs. Seats are
// 0-based. Empty and not Hidden: everyone.
type Audience struct {
	// Seats, when not empty, are the only seats that may read the event
	// (a sealed order, a hand) until the game is over.
	Seats []int
	// Hidden: no seat reads it until the game is over (a deck's order);
	// everyone may know that it happened.
	Hidden bool
}

// Everyone reports whether every seat may read the event now.
func (a Audience) Everyone() bool { return !a.Hidden && len(a.Seats) == 0 }

// Includes reports whether seat may read the event now; seat −1 is
// everyone (a channel, a spectator), who reads only public events. Once
// the game is over every event is public.
func (a Audience) Includes(seat int, over bool) bool {
	if over || a.Everyone() {
		return true
	}
	return !a.Hidden && slices.Contains(a.Seats, seat)
}

// Event is one line of a game's record.
type Event interface {
	Kind() string       // the record keyword
	Line() string       // the record line, as docs/record.md writes it
	Audience() Audience // who may read it while the game runs
}

// Redacted is an event that a reader outside its audience reads in
// another form rather than not at all: a line that writes down a secret
// (5-D's hidden build) stands as a line saying what is hidden and until
// when. It is optional beside Event: an event without a stand-in is not
// told to such a reader (Racing Simulator's sealed orders).
type Redacted interface {
	Event
	// StandIn is what a reader outside the audience reads in the event's
	// place while the game runs, nil for nothing. It is fixed when the
	// event is handed out, as the audience is.
	StandIn() Event
}

// Told is e as reader (a seat, −1 a spectator, or Referee, who reads
// every event) may read it now: e itself when its audience includes
// reader, else its stand-in (Redacted), else false: reader is told
// nothing of it. over: the game is over, every event is public.
func Told(e Event, reader int, over bool) (Event, bool) {
	if reader == Referee || e.Audience().Includes(reader, over) {
		return e, true
	}
	if r, ok := e.(Redacted); ok {
		if in := r.StandIn(); in != nil {
			return in, true
		}
	}
	return nil, false
}

// Option is one legal order: its Key is what Submit takes back.
type Option struct {
	Key string
}

// Decision is what one seat must decide now.
type Decision struct {
	Seat int // 0-based
	// Turn and Kind name the decision: a deadline set for it fires only
	// while the same turn and kind are pending.
	Turn int
	Kind string
	// Session is the part of the game the decision belongs to
	// ("qualifying"), "" for the game itself, as Asked.Session.
	Session string
	// Secret: the other seats learn that this seat decided, never what,
	// until the orders are revealed together.
	Secret  bool
	Options []Option
}

// Step is what one call caused: exactly its events, in order.
type Step struct{ Events []Event }

// Game is a game as the service drives it.
type Game interface {
	// Seats is the number of seats (players), seat 0 first.
	Seats() int
	// Pending lists every seat that must decide now.
	Pending() []Decision
	// Options lists seat's legal orders now, also while its order is
	// sealed and may still be changed.
	Options(seat int) []Option
	// Submit applies seat's order given by its key. On error nothing
	// changed: neither the state nor the record.
	Submit(seat int, key string, r Random) (Step, error)
	// Expire is the deadline: the rules (or the autopilot) decide for
	// every pending seat and the game goes on. On error nothing changed.
	Expire(r Random) (Step, error)
	// Autopilot is the key the autopilot would send for seat now; false
	// when the seat has nothing to decide.
	Autopilot(seat int) (string, bool)
	// Over reports whether the game has ended.
	Over() bool
	// Events is the whole record so far, every audience.
	Events() []Event
	// Describe writes an event as a sentence in lang ("en" or "fr"). Give
	// it only events the reader's audience includes.
	Describe(e Event, lang string) string
	// Facts says in lang what choosing key means for seat now.
	Facts(seat int, key string, lang string) string
	// Status is the game as seat may see it now, in sentences: the public
	// state and the seat's own cards; seat −1 is everyone. Once over, it
	// ends with the result.
	Status(seat int, lang string) string
}

// Officiated is a game that also takes officials' lines: decisions that
// are no seat's order, entered by the race direction or the game master
// (a race clock running out, an exclusion, a classification changed after
// the race). It is optional beside Game: a game without officials has no
// such lines. Official takes the line as the game's record writes it, so
// what an official decides and what the record keeps are one text, read
// by one reader live and in a replay; it returns exactly the events the
// line caused. On error nothing changed, as for Submit. Unlike Submit it
// may be given once the game is over (a classification changed then).
type Officiated interface {
	Official(line string, r Random) (Step, error)
}

// Referee is the reader who reads every seat's state whatever the game
// hides (the game master), for Reported; −1 is a spectator, who reads
// what is public, and 0 up a seat.
const Referee = -2

// Reported is a game that also says its state as language-neutral phrases
// (engine/phrase), for a caller that lays its text out itself and says
// the phrases with its one catalog (bot's status and decision texts, in
// English and French). It is optional beside Game, whose Status and Facts
// say the same in sentences. reader is a seat, −1 or Referee; what reader
// may not read is left out by the game, not by the caller.
type Reported interface {
	Report(reader int) Report
	// Asked lists the pending decisions as reader may read them, in
	// Pending's order; name, when not nil, is the name a seat's decision
	// is asked by ("" for none).
	Asked(reader int, name func(seat int) string) []Asked
}

// Report is a game's state now.
type Report struct {
	Progress  phrase.Phrase   // how far the game is: "round 3, play 12"
	Notes     []phrase.Phrase // the game's own lines: a forecast, counts toward a stoppage
	Standings []Standing      // every seat, in the order of its place
}

// Standing is one seat's place and what reader may read of its state.
type Standing struct {
	Seat  int
	Place int
	// Facts say its standing and what it has left, in order ("racing", "2
	// laps", its wear points, a variant's points left).
	Facts []phrase.Phrase
	// State is what it carries that a player needs to decide (a wing, a
	// point to spend), said apart from Facts.
	State []phrase.Phrase
}

// Asked is one pending decision as a reader may read it.
type Asked struct {
	Seat    int
	Kind    string // as Decision.Kind
	Session string // the part of the game it belongs to ("qualifying"), "" for the game itself
	Ask     phrase.Phrase
	// Hidden: reader may not read what the options cost; each option
	// says only what it is (its first fact).
	Hidden  bool
	Options []AskedOption // in the order Options lists them
	// Listed is the order a text lists Options in (indices), when it is
	// not theirs (a gear decision by gear).
	Listed []int
	// Help says how to answer beyond choosing a key (5-A's booster
	// points given with a build).
	Help []phrase.Phrase
}

// AskedOption is one option of an Asked decision: its key and its facts.
type AskedOption struct {
	Key   string
	Facts []phrase.Phrase
}

// For returns the events of evs seat may read now (over: the game is
// over, every event is public).
func For(evs []Event, seat int, over bool) []Event {
	var out []Event
	for _, e := range evs {
		if e.Audience().Includes(seat, over) {
			out = append(out, e)
		}
	}
	return out
}

// Timed is a game that says what its service's clocks need of a pending
// decision: deadlines, reminders, a chess clock and the mail asking a seat
// to decide are each set once per decision and hold only while it still
// waits. It is optional beside Game: a game whose Decision's Turn and Kind
// already tell one decision from the next (Racing Simulator: one order a
// seat a turn) has nothing to add, and a caller names its decisions by
// them. Why game-agnostic: any game played against a clock must tell a
// new decision of a seat from the one still waiting, and a game made of
// parts with their own time limits (a qualifying session before the race)
// must say which part a decision belongs to; neither names a rule.
type Timed interface {
	// Timing is seat's pending decision as the clocks know it; false
	// when seat has nothing to decide (or the game is over).
	Timing(seat int) (Timing, bool)
}

// Timing is one pending decision as the service's clocks know it.
type Timing struct {
	// Name is the same for as long as this decision waits and another for
	// the seat's next decision, even one of the same Turn and Kind.
	Name string
	// Session is the part of the game whose time limit the decision
	// takes: "qualifying" for a qualifying session's, "" for the game's.
	Session string
}

// Defaulted is a game whose rules state what a seat that misses its
// deadline plays, which need not be the autopilot's choice (Expire,
// Autopilot): a competition's digest may name the default order (Formula
// Dé's, fdr AMB-17, fdr AMB-48). It is optional beside Game: a service set
// to answer a missed deadline by the rules asks it, and a game whose only
// default is its autopilot may leave it out. Why game-agnostic: any game
// played by mail against a deadline must say what a silent seat plays,
// and the answer is a key like any order's; it names no rule.
type Defaulted interface {
	// Default is the key of the order the rules play for seat's pending
	// decision when its deadline passes; false when seat has nothing to
	// decide.
	Default(seat int) (key string, ok bool)
}

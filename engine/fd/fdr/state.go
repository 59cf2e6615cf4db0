package fdr

import

// The competition rules' state is held by their module value (fdrRules):
// the game's value holds the race's state (fdrState), and each play runs
// under a value of its own holding the play's (fdrTurn, R6.11), which the
// turn keeps (turn.rules). Every file reaches the state through these
// accessors only, so that where it lives is this file's business.
//
// Nothing here is written by a read: the accessors only load, so a game's
// value may be read by several goroutines at once (Pending, PendingAll),
// and a qualifying session's game and a look-ahead's copy of the play get
// their own values (setFDRRaceState, fdrRules.Lookahead) rather than writing the
// race's.
"github.com/pitwall/pitwall/engine/fd"

// fdrModule is the game's competition-rules module value, nil under the
// other rulesets.
func fdrModule(g *fd.Game) *fdrRules {
	m, _ := g.Rules().(*fdrRules)
	return m
}

// fdrRaceState is the race's competition-rules state (fdrState), nil under
// the other rulesets.
func fdrRaceState(g *fd.Game) *fdrState {
	if m, ok := g.Rules().(*fdrRules); ok {
		return m.race
	}
	return nil
}

// setFDRRaceState gives the game its competition-rules state: a new
// game's (prepareCompetition) or a qualifying session's own (FDR R1). A
// game without the module's value (a session's, made without one) gets a
// value of its own, never its race's: the session's state is its own.
func setFDRRaceState(g *fd.Game, f *fdrState) {
	m := fdrModule(g)
	if m == nil {
		m = &fdrRules{}
		g.SetRules(m)
	}
	m.race = f
}

// playStateOf is the play's competition-rules state (fdrTurn, R6.11), read
// through the host API (Turn.Rules): nil under the other rulesets and
// outside a consolidated play. The base's files ask the module value
// instead (PlayStateModule, play_hooks.go); fdr's walk (move.go)
// and qualifying_position.go still ask it of the play as a Turn.
func playStateOf(t fd.Turn) *fdrTurn {
	if m, ok := t.Rules().(*fdrRules); ok {
		return m.play
	}
	return nil
}

// fdrPlayValue is a play's module value and its state, allocated together: one
// allocation a play, as when the turn held the state itself.
type fdrPlayValue struct {
	rules fdrRules
	state fdrTurn
}

// newFDRPlayValue is a play's own module value and its state, zero, for
// the caller to fill and to run the play under (OpenPlay, Lookahead).
func newFDRPlayValue() (*fdrRules, *fdrTurn) {
	p := &fdrPlayValue{}
	p.rules.play = &p.state
	return &p.rules, &p.state
}

// playValue is newFDRPlayValue for the play starting now, in the memory
// of the value of the play started two plays before (fd.RecyclesPlays, as
// the turn OpenPlay opens is that play's): nothing holds a play's value
// past the next play's (a look-ahead copies it, Lookahead), and it is
// cleared whole, so nothing of that play is read in this one.
func (f *fdrState) playValue() (*fdrRules, *fdrTurn) {
	if !fd.RecyclesPlays() {
		return newFDRPlayValue()
	}
	p := f.spareValues[1]
	f.spareValues[1], f.spareValues[0] = f.spareValues[0], nil
	if p == nil {
		p = &fdrPlayValue{}
	} else {
		*p = fdrPlayValue{}
	}
	p.rules.play = &p.state
	f.spareValues[0] = p
	return &p.rules, &p.state
}

// Lookahead gives a look-ahead's copy of the play (MovesIf) a module value
// of its own holding a copy of the play's state, so the hypothetical play
// writes nothing of the real one's (LookaheadModule); a value without a
// play's state is the play's own.
func (m *fdrRules) Lookahead() fd.RulesModule {
	if m.play == nil {
		return m
	}
	rules, play := newFDRPlayValue()
	*play = *m.play
	return rules
}

// The competition rules' per-car state: slots (slot.go) in the Car, not
// fields every ruleset would carry. A position writes and reads them with
// the text the fields had: the flags restart and wreck where they always
// went (position.go, positionSlots), read back by fdrStartCar,
// which checks them; arrival=, inertia= and reason= by position.go.
var (
	// spinRestart: FDR R10.14, the car's next play starts with the
	// spin-out restart roll.
	spinRestart = fd.NewCheckedSlot[bool]("restart")
	// wreckOnBoard: FDR R12.6, R14.5, R16.4, the car is eliminated but
	// still on the board until its next turn.
	wreckOnBoard = fd.NewCheckedSlot[bool]("wreck")
	// engineInertia: FDR R16.4, R16.7, the Inertia* state after an engine
	// blow.
	engineInertia = fd.NewKeyedSlot[int]("inertia")
	// eliminationReason: FDR T8, why the car was eliminated, an index into
	// fdrReasons (0: none).
	eliminationReason = fd.NewKeyedSlot[int]("reason")
	// levelArrival: FDR R6.8, when the car arrived at its level (lower
	// arrived first).
	levelArrival = fd.NewKeyedSlot[int]("arrival")
)

// fdrReasons are the reasons of elimination (T8, Reason*) a car can hold,
// in a fixed order: a slot holds a count, so a car holds its reason's
// index here. Index 0 is no reason. The text written anywhere (records,
// positions, results) is the string, unchanged. fdr's init names the slot
// and the table to the base (KeepEliminationReasons), whose
// Car.EliminationReason reads them.
var fdrReasons = [...]string{"", fd.ReasonOvershoot, fd.ReasonBlocking, fd.ReasonCollision, fd.ReasonWall, fd.ReasonEngine, fd.ReasonHandling, fd.ReasonFuel, fd.ReasonTime, fd.ReasonInjury, fd.ReasonBlackFlag}

// isWreck reports a wreck awaiting removal (FDR R12.6, R14.5, R16.4).
func isWreck(c *fd.Car) bool { return fd.SlotFlag(c, wreckOnBoard) }

// inertiaState is the car's Inertia* state (FDR R16.4, R16.7).
func inertiaState(c *fd.Car) int { return fd.SlotCount(c, engineInertia) }

// arrival is the car's arrival rank at its level (FDR R6.8).
func arrival(c *fd.Car) int { return fd.SlotCount(c, levelArrival) }

// setEliminationReason holds reason (a Reason* text, "" for none) as its
// index in fdrReasons, through the base's Car.SetEliminationReason (the
// table is named at init, KeepEliminationReasons). A text not in the table
// is a programming error: the engine eliminates with the Reason*
// constants, and the position reader accepts only the table's.
func setEliminationReason(c *fd.Car, reason string) {
	if !c.SetEliminationReason(reason) {
		panic("fd: elimination reason " + reason + " is not in fdrReasons (T8)")
	}
}

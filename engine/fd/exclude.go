package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
)

// ReasonBlackFlag is the elimination recap's row of a car the race
// direction excluded (league variant 7-A).
const ReasonBlackFlag = "black-flag"

// Exclude is the race direction's exclusion of a racing car while the race
// runs (league variant 7-A, the black flag): the car leaves the race at
// once, eliminated where it stands, so it is classified on distance like
// any eliminated car, and play goes on (its pending decision, or its turn,
// is dropped). It is recorded as an "excluded" line that replays like an
// order. A refused exclusion changes nothing.
func (g *Game) Exclude(car int, reason string, src dice.Source) error {
	if !g.started || g.Over || g.setupStage < setupDone || g.qualifying {
		return fmt.Errorf("%w: a car is excluded while the race runs (7-A)", ErrIllegal)
	}
	if car < 1 || car > len(g.Cars) {
		return fmt.Errorf("%w: there is no car %d", ErrIllegal, car)
	}
	c := g.car(car)
	if c.Status != Racing {
		return fmt.Errorf("%w: car %d is not racing", ErrIllegal, car)
	}
	if reason == "" {
		reason = "black flag"
	}
	g.emit(Encode(ExcludedEvent{Car: car, Reason: reason}))
	g.stopWhereItStands(c, ReasonBlackFlag, "excluded by the race direction: "+reason+" (7-A)")
	return g.advance(src)
}

// stopWhereItStands eliminates a racing car from outside the turn (the
// black flag of 7-A, AX-5's time bank spent): it leaves the race where it
// stands, classified on distance, and its pending decision or its turn is
// dropped so that play goes on.
func (g *Game) stopWhereItStands(c *Car, reason, cause string) {
	if m, ok := g.Rules().(EliminationModule); ok && g.can().LeaderOrder {
		m.EliminateCar(g, c, reason, cause) // the wreck leaves the leader's scan too
	} else {
		g.eliminate(c, cause)
	}
	if g.turn != nil && g.turn.car == c {
		g.endTurn()
		g.pending = nil
	}
	if g.pending != nil && g.pending.Car == c.Number {
		g.pending = nil
	}
}

// excludeFromEvent enters an exclusion line: replayed, or given by the
// race direction (Contract.Official). A line without its car, or whose
// car is not a number, is the codec's DecodeError.
func (g *Game) excludeFromEvent(e Event, src dice.Source) error {
	x, err := decodeGiven[ExcludedEvent](e, "car")
	if err != nil {
		return err
	}
	return g.Exclude(x.Car, x.Reason, src)
}

// outsideLine is how a replay enters a line that came from outside the
// turn, as the service entered it: the race direction's exclusion (7-A),
// a car's race clock running out (2-B), its time bank spent (AX-5); nil for any other line.
func (g *Game) outsideLine(kind string) func(Event, dice.Source) error {
	switch kind {
	case "excluded":
		return g.excludeFromEvent
	case "clock-out", "time-out":
		return g.clockOutFromEvent
	}
	return nil
}

package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
)

// ClockOut enters into the record that a racing car's bank of response
// time ran out: the service, which keeps the clocks, calls it when the
// car's bank is spent (2-B's race clock, a "clock-out" line; AX-5's heat
// bank, a "time-out" line, the car frozen where it stands). It replays
// like an order. A refused clock-out changes nothing. The game's
// ClockBank module says what the line is and does; the base keeps the
// checks, as for the race direction's exclusion (exclude.go), since the
// line comes from outside the turn.
func (g *Game) ClockOut(car int, capital string, src dice.Source) error {
	bank := g.hooks.clock
	if bank == nil {
		return fmt.Errorf("%w: the race plays no chess clock (2-B) and no time bank (AX-5)", ErrIllegal)
	}
	if !g.started || g.Over || g.setupStage < setupDone || g.qualifying {
		return fmt.Errorf("%w: a clock runs out while the race runs (2-B)", ErrIllegal)
	}
	if car < 1 || car > len(g.Cars) {
		return fmt.Errorf("%w: there is no car %d", ErrIllegal, car)
	}
	c := g.car(car)
	if c.Status != Racing || bank.RanOut(c) {
		return fmt.Errorf("%w: car %d is not racing on time (2-B)", ErrIllegal, car)
	}
	bank.RunOut(g, c, capital)
	return g.advance(src)
}

// clockOutFromEvent enters a clock-out line (2-B) or a blitz time-out
// (AX-5, whose bank= is the capital spent): replayed, or given by an
// official (Contract.Official). A line without its car, or whose car is
// not a number, is the codec's DecodeError.
func (g *Game) clockOutFromEvent(e Event, src dice.Source) error {
	if e.Kind == "time-out" {
		x, err := decodeGiven[TimeOutEvent](e, "car")
		if err != nil {
			return err
		}
		return g.ClockOut(x.Car, x.Bank, src)
	}
	x, err := decodeGiven[ClockOutEvent](e, "car")
	if err != nil {
		return err
	}
	return g.ClockOut(x.Car, x.Capital, src)
}

package fd

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// ErrNotSeatOrders refuses, in ReplayContract, a record that a seat's
// orders alone did not make: one that starts from a position, holds an
// official's line (a classification, an exclusion, a clock's time-out) or
// holds only its inputs. Replay reads those.
var ErrNotSeatOrders = errors.New("the record holds more than seats' orders")

// ReplayContract rebuilds a finished or running game from its record
// through the game contract, as a player's orders came in: each order
// line is given back as its seat's key (Contract.Submit), each roll comes
// from the record, and the game must write the record's lines, event for
// event. It judges a record as Replay does and fails with the same
// errors (a *MismatchError at the first line that differs); a record it
// cannot read so (ErrNotSeatOrders) is Replay's.
func ReplayContract(r *Record, c *tracks.Circuit, say Say) (Contract, error) {
	src := &replayDice{}
	inputsOnly := true
	for _, e := range r.Events {
		switch e.Kind {
		case "roll", "q-roll":
			src.rolls = append(src.rolls, e)
		case "position", "position-car", "position-lap", "position-qualified", "classification", "excluded", "clock-out", "time-out":
			return Contract{}, ErrNotSeatOrders
		case "order", "q-order":
		default:
			inputsOnly = false
		}
	}
	if inputsOnly {
		return Contract{}, ErrNotSeatOrders
	}
	cfg, err := r.Config()
	if err != nil {
		return Contract{}, err
	}
	g, err := NewGame(r.Game, cfg, c, r.Cars)
	if err != nil {
		return Contract{}, err
	}
	con := NewContract(g, say)
	random := recordRandom{src}
	if err := g.Start(random); err != nil {
		return con, err
	}
	checked := 0
	for i, e := range r.Events {
		if e.Kind != "order" && e.Kind != "q-order" {
			continue
		}
		// what is new since the last order, as Replay compares it
		if err := compareEventsFrom(g.Events, r.Events[:i], checked); err != nil {
			return con, err
		}
		checked = min(len(g.Events), i)
		o, err := orderFromEvent(e)
		if err != nil {
			return con, fmt.Errorf("event %d: %w", i+1, err)
		}
		key := KeyOf(o) // a build by its numbers, 5-A's booster points with it
		// the key must give the game the very order Replay gives it (the
		// session aside, which Submit does not read); one that would not
		// (an order for no car, a tampered line) goes in as the record
		// writes it, so the game judges and words it as Replay's
		via := con.OrderFor(o.Car, key)
		via.Session = o.Session
		if via == o && o.Car >= 1 && o.Car <= len(g.Cars) && !g.Over {
			_, err = con.Submit(o.Car-1, key, random)
		} else {
			_, err = con.submit(o, random)
		}
		if err != nil {
			return con, fmt.Errorf("event %d (%s): %w", i+1, e, err)
		}
	}
	if err := compareEvents(g.Events, r.Events); err != nil {
		return con, err
	}
	if len(g.Events) != len(r.Events) {
		return con, fmt.Errorf("the record has %d events, the replay %d", len(r.Events), len(g.Events))
	}
	return con, nil
}

// recordRandom is the record's rolls as an engine.Random: Formula Dé
// shuffles nothing.
type recordRandom struct{ *replayDice }

func (recordRandom) Shuffle(dice.Key, int) (dice.Shuffle, error) {
	return dice.Shuffle{}, errors.New("a Formula Dé record shuffles nothing")
}

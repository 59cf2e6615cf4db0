package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 5-E2 Telemetry point (league-variants.md ch. 5, printed as a second
// "5-E", league AMB-60): a car may take one of its 22 build points (FDR
// R5.2) as a telemetry point, spent once a race on a new roll of a move's
// die seen before the move; the new result stands. Never the black die:
// no test, weather, start or pit roll is rerolled. The point comes out of
// the car's pit points (a car building 22 on the car cannot keep it).
// Race only (qualifying laps are games of their own), not for a move no
// die rolled. The rerolled face calls its own engine and weather tests,
// as any gear-die result does (R16.1, R3.5); those of the first face
// stand. It hooks the move decision (MoveReroll): an option "reroll the
// die" beside the moves, until the move starts.

func init() { fd.RegisterVariant("5-E2", withKinds(variant5E2)) }

func variant5E2() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-E2", Group: "b", Name: "Telemetry point", NameFR: "Point télémétrie", Chapter: fd.ChapterCar, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{{Key: "cars", Default: "all", Help: "the cars that take the point, car 1 first, 1 or 0 separated by / (all: every car)"}},
		Help:   "one build point buys one reroll of a move's die a race, never the black die",
	}, func(p map[string]string) (any, error) {
		if p["cars"] == "all" {
			return telemetry{all: true}, nil
		}
		cars, err := parsePlaces(p["cars"])
		if err != nil {
			return nil, fmt.Errorf("variant 5-E2: cars: %w", err)
		}
		for _, n := range cars {
			if n > 1 {
				return nil, fmt.Errorf("variant 5-E2: cars: %d telemetry points for one car, at most 1", n)
			}
		}
		return telemetry{cars: cars}, nil
	})
}

// telemetry is the 5-E2 module; the spent point is the car's
// telemetrySpent.
type telemetry struct {
	all  bool
	cars []int
}

// telemetrySpent: the telemetry point's reroll is spent (a position's
// "telemetry-used" flag).
var telemetrySpent = fd.NewVariantSlot[bool]("telemetry-used")

// Reserved: the point, for a car that takes it.
func (m telemetry) Reserved(car int) int {
	if m.all {
		return 1
	}
	return useOf(m.cars, car)
}

// RerollOpen: a race move rolled by a die, the point not spent.
func (m telemetry) RerollOpen(t fd.Turn) bool {
	c := t.Car()
	return m.Reserved(c.Number) > 0 && t.Game().BuildReserved(c.Number) > 0 && !telemetrySpent.Of(c) && !t.Qualifying() && t.Rolled() > 0 && !t.Forced()
}

// SpendReroll spends the point (a "telemetry" event before the new roll).
func (telemetry) SpendReroll(t fd.Turn) {
	telemetrySpent.Set(t.Car(), true)
	t.Emit(fd.Encode(TelemetryEvent{Car: t.Car().Number, Was: t.Rolled()}))
}

// CarStatus: the point still to spend, or spent; nothing for a car that
// did not take it.
func (m telemetry) CarStatus(g *fd.Game, c *fd.Car) []phrase.Phrase {
	switch {
	case m.Reserved(c.Number) == 0 || g.BuildReserved(c.Number) == 0:
		return nil
	case telemetrySpent.Of(c):
		return []phrase.Phrase{phrase.New("status.telemetry-spent")}
	}
	return []phrase.Phrase{phrase.New("status.telemetry-left")}
}

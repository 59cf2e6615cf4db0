package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
)

// 23-C Nationality (league-variants.md ch. 23): each pilot declares
// before the season the GP where he gets one piloting point, ±1 square on
// one move, lost if unused. The league gives that event's game each car's
// point (uses=0/1/0, car 1 first). It is a link of the distance chain
// (§0.4 step 4, modules.go DistanceModifier) after the Top and before an
// earned 23-A point, with which it stacks in the same race, one ±1 a
// move: a car with both spends the nationality point first, as it
// expires with the race [DEC]; the "pilot-point" event says which it
// spent (point=national or earned).

func init() { fd.RegisterVariant("23-C", variant23C) }

func variant23C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "23-C", Group: "b", Name: "Nationality point", NameFR: "Nationalité", Chapter: fd.ChapterExperience, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			{Key: "uses", Default: "", OmitEmpty: true, Help: "each car's nationality point at this race (1 at its pilot's home GP), car 1 first, separated by / (the league fills it)"},
		},
		Help: "one piloting point (±1 square) a season, usable only at the home GP the pilot declared before the season; lost if unused",
	}, func(p map[string]string) (any, error) {
		uses, err := parsePlaces(p["uses"])
		if err != nil {
			return nil, fmt.Errorf("variant 23-C: uses: %w", err)
		}
		for _, n := range uses {
			if n > 1 {
				return nil, fmt.Errorf("variant 23-C: uses: one nationality point a race, not %d", n)
			}
		}
		return nationalPoint{uses: uses}, nil
	})
}

// nationalPoint is 23-C's race side, a DistanceModifier of the chain after
// the Top (lost at the line) and before an earned 23-A point (kept in the
// ledger): it is lost at the flag. Its spend is the car's
// nationalPointSpent.
type nationalPoint struct{ uses []int }

// nationalPointSpent: the point of the home GP is spent, one of a
// position's "pilot-point" flags (shared with 23-A's and 4-B's spent
// points: pilotPointsSpent).
var nationalPointSpent = fd.NewVariantSharedSlot[bool]("pilot-point")

// Precedence: lost at the flag, after the Top, before an earned point.
func (nationalPoint) Precedence() int { return fd.PrecedenceRace }

// Open: the car is at its pilot's home GP and has not spent the point.
func (n nationalPoint) Open(c *fd.Car) bool { return n.left(c) > 0 }

// PilotPointsLeft (PilotPointLedger): the point, unspent, at the home GP.
func (n nationalPoint) PilotPointsLeft(c *fd.Car) int { return n.left(c) }

func (n nationalPoint) left(c *fd.Car) int {
	if nationalPointSpent.Of(c) {
		return 0
	}
	return useOf(n.uses, c.Number)
}

// Deltas are the point's moves open to this play (OneSquareDeltas).
func (nationalPoint) Deltas(t fd.Turn) []int { return fd.OneSquareDeltas(t) }

// Spend spends the nationality point (a "pilot-point" event before the
// move, point=national: the league never debits it).
func (nationalPoint) Spend(t fd.Turn, delta int) {
	nationalPointSpent.Set(t.Car(), true)
	t.Emit(fd.Encode(fd.PilotPointEvent{Car: t.Car().Number, Delta: delta, Point: "national"}))
}

// RestorePilotPointsSpent (PilotPointLedger) takes the first of n points
// a position says spent when the car had one: it was spent before any
// earned point.
func (p nationalPoint) RestorePilotPointsSpent(c *fd.Car, n int) int {
	if useOf(p.uses, c.Number) == 0 {
		return n
	}
	nationalPointSpent.Set(c, true)
	return n - 1
}

// useOf is car's count in a uses parameter (car 1 first), 0 past its end.
func useOf(uses []int, car int) int {
	if car < 1 || car > len(uses) {
		return 0
	}
	return uses[car-1]
}

package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 16-F Boosters (league-variants.md ch. 16, AMB-37): 5-A's boost (5
// spaces more, declared with 5th or 6th, an engine test by the race's
// count, the base's test too on a 20 or 30) without its limit a lap, six
// a race: a seventh is allowed, and the car runs out of fuel at the end of
// that move. And on the last lap, a car that has boosted and ends a move
// in the fuel-risk zone — past the penultimate corner to the line — rolls
// a d20: 1–2 after one boost, 1–4 after two, 1–8, 1–10, 1–12, 1–14 after
// six, and runs out of fuel on it, eliminated where it stands and
// classified by its distance. It replaces 5-A (AMB-37): the two declare a
// boost with the same letter and are refused together. Its booster points
// are 5-A's build characteristic, one of the car's 22 each (AMB-14,
// AMB-37). Hooks: those of 5-A (boosters, 5a.go: BuildShare
// among them) and PlayEnd.

func init() { fd.RegisterVariant("16-F", variant16F) }

func variant16F() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-F", Group: "c", Name: "Boosters and the fuel-risk zone", NameFR: "Les Boosters", Chapter: fd.ChapterEngine, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "points", Default: "", OmitEmpty: true, Help: "each car's booster points, car 1 first, separated by / (the league's build); empty: every car 6"},
		},
		Help: "boosts from 5th: +5 squares and an engine test by the count, 6 a race, and fuel tests in the last lap's risk zone",
	}, func(p map[string]string) (any, error) {
		points, err := parsePlaces(p["points"])
		if err != nil {
			return nil, fmt.Errorf("variant 16-F: points: %w", err)
		}
		for _, n := range points {
			if n > maxBoosts {
				return nil, fmt.Errorf("variant 16-F: points: %d booster points, at most %d", n, maxBoosts)
			}
		}
		return fuelBoosters{boosters{points: points, most: maxBoosts, beyond: true}}, nil
	})
}

// fuelBoosters is the 16-F module: 5-A's boosting without the limit a
// lap, and the fuel tests.
type fuelBoosters struct{ boosters }

// fuelTest is the out-of-fuel test after n boosts in the race (the
// booklet's table, kept as printed, AMB-37).
var fuelTest = [maxBoosts + 1]int{0, 2, 4, 8, 10, 12, 14}

// PlayEnded: past six boosts the car is out of fuel; on its last lap
// past the penultimate corner, a car that has boosted rolls its fuel
// test.
func (fuelBoosters) PlayEnded(t fd.Turn, src dice.Source) error {
	boosts := boostsUsed(t.Car())
	switch {
	case boosts > maxBoosts:
		t.OutOfFuel(fmt.Sprintf("out of fuel after %d boosts", boosts))
	case boosts > 0 && t.AfterPenultimate():
		v, err := t.Roll(src, "fuel", t.Dice().Black)
		if err != nil {
			return err
		}
		if v <= fuelTest[boosts] {
			t.OutOfFuel(fmt.Sprintf("out of fuel after %d boosts", boosts))
		}
	}
	return nil
}

// RiskFacts are the fuel a boost risks, told beside its engine test: a
// seventh runs the car out of fuel at the end of the move; another makes
// the last lap's fuel test past the penultimate corner the one after this
// boost ("a fuel test 1–4"), the move's engine test told by fact.boost.
func (fuelBoosters) RiskFacts(c *fd.Car) []phrase.Phrase {
	n := boostsUsed(c) + 1
	if n > maxBoosts {
		return []phrase.Phrase{phrase.New("fact.boost-out-of-fuel", n)}
	}
	return []phrase.Phrase{phrase.New("fact.boost-fuel", fuelTest[n])}
}

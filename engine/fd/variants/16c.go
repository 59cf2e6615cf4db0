package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
)

// 16-C Evolution engine (league-variants.md ch. 16, §0.2, AMB-01, AMB-34):
// an évo engine is faster and a little less reliable. After a top roll
// the driver may move more, any number up to the bonus: 4th 12 +1, 5th
// 19–20 +3, 6th 28–30 +5 (on a 6-C box, the raw d20 from 17, 17 and 15).
// Every engine test the car takes (the 20 or 30's, a declaration's) rolls
// the black die twice, each failure an engine point (AMB-34). A move no
// die rolled (6-B's Super Top, an inertia move) has no bonus. Hooks:
// RollBonus, EngineTestRule. Parameter cars: which cars have the évo
// engine, 1/0 a car, car 1 first (the league's build); empty, every car.

func init() { fd.RegisterVariant("16-C", withKinds(variant16C)) }

func variant16C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-C", Group: "b", Name: "Evolution engine", NameFR: "Moteur évolution", Chapter: fd.ChapterEngine, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{{Key: "cars", Default: "", OmitEmpty: true,
			Help: "the cars built with an évo engine, 1 or 0 a car, car 1 first, separated by /; empty: every car"}},
		Help: "optional bonus squares on the top results of 4th–6th; every engine test it calls is rolled twice",
	}, func(p map[string]string) (any, error) {
		cars, err := parsePlaces(p["cars"])
		if err != nil {
			return nil, fmt.Errorf("variant 16-C: cars: %w", err)
		}
		for _, n := range cars {
			if n > 1 {
				return nil, fmt.Errorf("variant 16-C: cars: %d is not 1 (an évo engine) or 0", n)
			}
		}
		return evoEngine{cars: cars}, nil
	})
}

// evoEngine is the 16-C module.
type evoEngine struct{ cars []int }

// evoTable: per gear, the least value and the least raw d20 that open the
// bonus, and the most spaces it adds (§0.2's conversion table).
var evoTable = map[int]evoRow{
	4: {12, 17, 1}, 5: {19, 17, 3}, 6: {28, 15, 5},
}

// evoRow is one gear of an évo table: the least value and the least raw
// d20 that open the bonus, and the most spaces it adds.
type evoRow struct{ value, raw, bonus int }

// evoBonus is the bonus of gear's row of table after the turn's roll,
// emitted as an event when there is one (16-C and 16-D share it).
func evoBonus(t fd.Turn, table map[int]evoRow, gear int) int {
	row, ok := table[gear]
	if !ok || t.Rolled() == 0 {
		return 0
	}
	high := t.Rolled() >= row.value
	if r := t.Raw(); r > 0 { // a 6-C box: the raw d20 (AMB-01)
		high = r >= row.raw
	}
	if !high {
		return 0
	}
	t.Emit(fd.Encode(EvoBonusEvent{Car: t.Car().Number, Spaces: row.bonus}))
	return row.bonus
}

// has: the car has an évo engine.
func (e evoEngine) has(c *fd.Car) bool { return e.cars == nil || useOf(e.cars, c.Number) == 1 }

// Bonus: up to 1, 3 or 5 spaces more after a top roll of 4th–6th.
func (e evoEngine) Bonus(t fd.Turn, gear int) int {
	if !e.has(t.Car()) {
		return 0
	}
	return evoBonus(t, evoTable, gear)
}

// EngineTestRolls: twice for an évo engine.
func (e evoEngine) EngineTestRolls(c *fd.Car) int {
	if e.has(c) {
		return 2
	}
	return 1
}

package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// 6-C Gearboxes (league-variants.md ch. 6, §0.2, AMB-01, AMB-21): every
// gear rolls a d20 — the raw roll R, kept in the record — and the box's
// table turns it into the spaces moved, V. B60 is the league's d20 version
// of the gear dice, B61 "midi" widens each gear's middle values, B62
// "maxi" its top values. The engine test of R16.1 fires on R ≥ 19 in 5th
// or 6th, whatever V the box gives. The 7-speed boxes (B70–B72) are not
// built: the rules have six gears.

// gearboxTables are the source's tables, one row per gear, V for R = 1…20.
var gearboxTables = map[string][dice.NumGears][20]int{
	"B60": {
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
		{2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
		{4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8},
		{7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12},
		{11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20},
		{21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30},
	},
	"B61": {
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
		{2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4},
		{4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 8},
		{7, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 11, 11, 11, 12},
		{11, 12, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 18, 18, 19, 20},
		{21, 22, 22, 23, 23, 24, 24, 25, 25, 25, 26, 26, 26, 27, 27, 28, 28, 29, 29, 30},
	},
	"B62": {
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
		{2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
		{4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8},
		{7, 8, 9, 9, 10, 10, 10, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12},
		{11, 12, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 18, 19, 19, 19, 20, 20, 20},
		{21, 22, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 28, 29, 29, 29, 30, 30, 30},
	},
}

// gearboxEngineRaw is the raw roll from which 5th and 6th call the engine
// tests (§0.2: "from 19 on the die").
const gearboxEngineRaw = 19

// Its row of engine/fd's variants table (variants.go) names the id; the
// constructor is registered from this file's init (issue 13).
func init() { fd.RegisterVariant("6-C", withKinds(variant6C)) }

func variant6C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "6-C", Name: "Gearboxes (d20 tables)", NameFR: "Boîtes de vitesses", Chapter: "6 Gearbox and movement", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{{Key: "box", Default: "B60", Values: []string{"B60", "B61", "B62"},
			Help: "B60 normal (the gear dice on a d20), B61 midi (more middle values), B62 maxi (more top values)"}},
		Help: "every gear rolls a d20 read through the box's table; the raw roll is kept, and 19 or 20 in 5th or 6th calls the engine tests",
	}, func(p map[string]string) (any, error) {
		if _, ok := gearboxTables[p["box"]]; !ok {
			return nil, fmt.Errorf("variant 6-C: box %q is not B60, B61 or B62", p["box"])
		}
		return gearbox{box: p["box"]}, nil
	})
}

// gearbox is the 6-C module: a GearRoller and a DiceRule.
type gearbox struct{ box string }

// Dice gives the gears the box's tables as dice.
func (b gearbox) Dice(s dice.Set) dice.Set {
	s.Gears = gearboxDice(b.box)
	return s
}

// gearboxDice are the box's gears as dice of 20 faces, face R showing V:
// the exact distribution of V, for every piece of code that weighs a gear
// by its die (options, autopilot, AI, boards).
func gearboxDice(box string) [dice.NumGears]dice.Die {
	var out [dice.NumGears]dice.Die
	for g, row := range gearboxTables[box] {
		out[g] = dice.Die{Name: fmt.Sprintf("%s-%d", lower(box), g+1), Faces: append([]int(nil), row[:]...)}
	}
	return out
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// RollGear is the 6-C movement roll: the raw d20 R (a black-die roll
// for the gear, so that verify checks it against the seed), then V from
// the table, both in a "gearbox" event. It reports V and whether R calls
// the engine tests.
func (b gearbox) RollGear(t fd.Turn, src dice.Source, gear int) (v int, engine bool, err error) {
	box := b.box
	r, err := t.Roll(src, "gear", t.Dice().Black)
	if err != nil {
		return 0, false, err
	}
	if r < 1 || r > 20 || gear < 1 || gear > dice.NumGears {
		return 0, false, fmt.Errorf("6-C: raw roll %d in gear %d", r, gear)
	}
	v = gearboxTables[box][gear-1][r-1]
	t.SetRaw(r) // AMB-01: raw-triggered rules read it
	t.Emit(fd.Encode(GearboxEvent{Car: t.Car().Number, Box: box, Gear: gear, Raw: r, Value: v}))
	return v, (gear == 5 || gear == 6) && r >= gearboxEngineRaw, nil
}

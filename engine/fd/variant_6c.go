package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
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

func variant6C() Variant {
	return Variant{ID: "6-C", Name: "Gearboxes (d20 tables)", NameFR: "Boîtes de vitesses", Chapter: "6 Gearbox and movement", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{{Key: "box", Default: "B60", Values: []string{"B60", "B61", "B62"},
			Help: "B60 normal (the gear dice on a d20), B61 midi (more middle values), B62 maxi (more top values)"}},
		Help: "every gear rolls a d20 read through the box's table; the raw roll is kept, and 19 or 20 in 5th or 6th calls the engine tests",
		set: func(c *Config, p map[string]string) error {
			c.Variants.Gearbox = p["box"]
			c.Dice.Gears = gearboxDice(p["box"])
			return nil
		},
		get: func(c Config) (map[string]string, bool) {
			return map[string]string{"box": c.Variants.Gearbox}, c.Variants.Gearbox != ""
		},
	}
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

// defaultDice is the dice set the rules and variants imply: the gear dice,
// or the box's tables under 6-C. A record writes a dice line only when
// its set differs from this.
func (c Config) defaultDice() dice.Set {
	s := dice.DefaultSet()
	if c.Variants.Gearbox != "" {
		s.Gears = gearboxDice(c.Variants.Gearbox)
	}
	return s
}

// gearboxRoll is the 6-C movement roll: the raw d20 R (a black-die roll
// for the gear, so that verify checks it against the seed), then V from
// the table, both in a "gearbox" event. It reports V and whether R calls
// the engine tests.
func (g *Game) gearboxRoll(src dice.Source, c *Car, gear int) (v int, engine bool, err error) {
	box := g.Config.Variants.Gearbox
	r, err := g.roll(src, c.Number, "gear", g.Config.Dice.Black)
	if err != nil {
		return 0, false, err
	}
	if r < 1 || r > 20 || gear < 1 || gear > dice.NumGears {
		return 0, false, fmt.Errorf("6-C: raw roll %d in gear %d", r, gear)
	}
	v = gearboxTables[box][gear-1][r-1]
	g.emit(ev("gearbox", "car", c.Number, "box", box, "gear", gear, "raw", r, "value", v))
	return v, (gear == 5 || gear == 6) && r >= gearboxEngineRaw, nil
}

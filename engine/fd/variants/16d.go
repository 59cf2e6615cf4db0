package variants

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 16-D Pole Position evolution engine (league-variants.md ch. 16, §0.2,
// AMB-21, AMB-35): a team's engine develops over the season (the league
// rolls it after each GP, engine/league/evo.go); a race is given each
// car's stage. Its engine tests fail at or under the stage's limit (8 at
// the season's start and for Évo1, 6 for Évo2, 4 for Évo3), the weather's
// difference from the base 4 kept (a wet track 1 less); and from Évo1 on,
// after a top roll the driver may move more, any number up to the bonus:
// 4th from 17 on the d20 +1, 5th from 16 +3, 6th from 14 +5 (6-C's
// captions, AMB-21). Without a 6-C box the raw d20 is read through B60:
// 4th 12, 5th from 18, 6th from 27 (§0.2, AMB-01). A move no die rolled
// has no bonus (AMB-20), nor 6-D's seventh gear (its table stops at the
// sixth). Hooks: RollBonus, EngineLimitRule, GearFacts (the gear options
// say the bonus and the limit). Parameters limits and
// bonus: each car's, car 1 first (the league fills them); evo_model:
// which reading of AMB-35 the league keeps.

// Evo models of AMB-35.
const (
	EvoLadder     = "ladder"             // reading 1: Évo1 ≤8 → Évo2 ≤6 → Évo3 ≤4, permanent
	EvoPerGPUsage = "per_gp_reliability" // reading 2: one évo, ≤8 its first GP, ≤6 its second, then ≤4
)

// EvoBaseLimit is the season's start, before any évo: engine tests fail on
// 1–8 and there is no bonus.
const EvoBaseLimit = 8

func init() { fd.RegisterVariant("16-D", variant16D) }

func variant16D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-D", Group: "c", Name: "Pole Position evolution engine", NameFR: "Moteur évolution de Pole Position", Chapter: fd.ChapterEngine, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			{Key: "evo_model", Default: EvoLadder, Values: []string{EvoLadder, EvoPerGPUsage},
				Help: "AMB-35: ladder (each évo developed is the next stage, 8 then 6 then 4) or per_gp_reliability (one évo, 8 its first GP, 6 its second, then 4)"},
			{Key: "limits", Default: "", OmitEmpty: true, Help: "each car's engine-test limit (8, 6 or 4), car 1 first, separated by / (the league fills it); empty: 8 for every car"},
			{Key: "bonus", Default: "", OmitEmpty: true, Help: "each car's évo bonus, 1 (an évo engine) or 0, car 1 first, separated by / (the league fills it); empty: none"},
		},
		Help: "a season ladder of engine evolutions rolled after each GP, each with its bonus squares and reliability",
	}, func(p map[string]string) (any, error) {
		limits, err := parsePlaces(p["limits"])
		if err != nil {
			return nil, fmt.Errorf("variant 16-D: limits: %w", err)
		}
		for _, n := range limits {
			if n != 8 && n != 6 && n != 4 {
				return nil, fmt.Errorf("variant 16-D: limits: %d is not an évo stage's engine limit (8, 6 or 4)", n)
			}
		}
		bonus, err := parsePlaces(p["bonus"])
		if err != nil {
			return nil, fmt.Errorf("variant 16-D: bonus: %w", err)
		}
		for _, n := range bonus {
			if n > 1 {
				return nil, fmt.Errorf("variant 16-D: bonus: %d is not 1 (an évo engine) or 0", n)
			}
		}
		return evoLadder{limits: limits, bonus: bonus}, nil
	})
}

// evoLadder is the 16-D module: each car's engine-test limit and évo bonus.
type evoLadder struct{ limits, bonus []int }

// evoLadderTable: per gear, the least B60 value and, with a 6-C box, the
// least raw d20 that open the bonus, and the most spaces it adds.
var evoLadderTable = map[int]evoRow{
	4: {12, 17, 1}, 5: {18, 16, 3}, 6: {27, 14, 5},
}

// Bonus: up to 1, 3 or 5 spaces more after a top roll of 4th–6th, for a
// car with an évo.
func (e evoLadder) Bonus(t fd.Turn, gear int) int {
	if useOf(e.bonus, t.Car().Number) != 1 {
		return 0
	}
	return evoBonus(t, evoLadderTable, gear)
}

// EngineLimit: the car's stage, the weather's difference from the base
// 4 kept (16-D's WARNING: rain, deluge or heatwave move it).
func (e evoLadder) EngineLimit(c *fd.Car, weather int) int {
	stage := useOf(e.limits, c.Number)
	if stage == 0 {
		stage = EvoBaseLimit
	}
	return max(0, stage+weather-4)
}

// GearFacts: an évo car's bonus on the gears that have one; in 5th and
// 6th, where a 20 or 30 calls the engine tests, their limit.
func (e evoLadder) GearFacts(c *fd.Car, gear, engineLimit int, raw bool) []phrase.Phrase {
	var out []phrase.Phrase
	if row, ok := evoLadderTable[gear]; ok && useOf(e.bonus, c.Number) == 1 {
		from := row.value
		if raw {
			from = row.raw
		}
		out = append(out, phrase.New("fact.evo-bonus", row.bonus, from))
	}
	if gear == 5 || gear == 6 {
		out = append(out, phrase.New("fact.engine-limit", engineLimit))
	}
	return out
}

// EvoLimits writes 16-D's limits parameter from each car's limit.
func EvoLimits(limits []int) string {
	out := make([]string, len(limits))
	for i, n := range limits {
		out[i] = fmt.Sprint(n)
	}
	return strings.Join(out, "/")
}

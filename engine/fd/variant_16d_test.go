package fd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// 16-D, hooks RollBonus (the move's lengths after the roll) and
// EngineLimitRule (the black die an engine test fails at or under): a
// car's évo stage, given by the league, sets its engine tests' limit (8
// before any évo and for Évo1, 6 for Évo2, 4 for Évo3) and, from Évo1,
// the bonus of 6-C's captions (AMB-21): 5th from 16 on the d20 (18 on
// the B60 value) up to 3 more.
func TestVariant16DEvolutionLadder(t *testing.T) {
	c := fdrLab(t)
	cars := func(gear int) []CarPosition { return []CarPosition{fdrAt("long.2.1", gear), fdrAt("long.0.0", 1)} }
	free := func(h *harness) map[int]bool {
		out := map[int]bool{}
		for _, op := range h.find(func(op Option) bool { return op.Braked == 0 && op.Blocked == 0 }) {
			out[len(op.Path)] = true
		}
		return out
	}

	t.Run("the bonus from Évo1, on 18 in 5th", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 18)
		assert.Equal(t, 18, farthestPath(h), "without 16-D the roll")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-D"), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 18)
		assert.Equal(t, 18, farthestPath(h), "16-D at the season's start: no évo, no bonus")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-D:bonus=1/1"), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 18)
		assert.Equal(t, map[int]bool{18: true, 19: true, 20: true, 21: true}, free(h), "an évo: up to 3 more, any of them, free")
		assert.Contains(t, h.since(), "evo-bonus car=1 spaces=3")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-D:bonus=1/1"), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 17)
		assert.Equal(t, 17, farthestPath(h), "under the caption's 16 (B60 18): no bonus")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-D:bonus=0/1"), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 19)
		assert.Equal(t, 19, farthestPath(h), "car 1's team has no évo yet")
	})
	t.Run("a 6-C box reads the raw d20 (AMB-01, AMB-21)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-C:box=B61", "16-D:bonus=1/1"), Position{Round: 1, Cars: cars(4)})
		h.gear(5, 16)
		assert.Contains(t, h.since(), "evo-bonus car=1 spaces=3", "5th from 16 on the d20")
	})
	t.Run("the stage's engine limit (AMB-35)", func(t *testing.T) {
		test := func(cfg Config, black int) *harness {
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: cars(5)})
			h.gear(6, 30)
			h.since()
			h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 }, black)
			return h
		}
		full := fdrDefaultBuild()[Engine]
		assert.Equal(t, full, test(fdrConfig(), 7).car(1).Wear[Engine], "the base: 7 passes 1–4")
		assert.Equal(t, full-1, test(fdrVariantCfg(t, "16-D"), 7).car(1).Wear[Engine], "no évo yet: 7 fails 1–8")
		assert.Equal(t, full-1, test(fdrVariantCfg(t, "16-D:limits=8/8"), 8).car(1).Wear[Engine], "Évo1: 8 fails 1–8")
		assert.Equal(t, full, test(fdrVariantCfg(t, "16-D:limits=6/8"), 7).car(1).Wear[Engine], "Évo2: 7 passes 1–6")
		assert.Equal(t, full-1, test(fdrVariantCfg(t, "16-D:limits=6/8"), 6).car(1).Wear[Engine], "Évo2: 6 fails 1–6")
		assert.Equal(t, full, test(fdrVariantCfg(t, "16-D:limits=4/8"), 5).car(1).Wear[Engine], "Évo3: the normal 1–4")
	})
	t.Run("the weather moves the limit (16-D's warning)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-D:limits=6/8"), Position{Round: 1, Weather: Wet, Cars: cars(5)})
		assert.Equal(t, 5, h.g.carEngineLimit(h.car(1)), "Évo2 on a wet track: 1–5 (the base 1–3)")
		assert.Equal(t, 7, h.g.carEngineLimit(h.car(2)), "no évo on a wet track: 1–7")
		for _, wx := range []WeatherState{Deluge, Heatwave} { // 3-A, 3-B: their own cell
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-A", "3-B", "16-D:limits=6/8"), Position{Round: 1, Weather: wx, Cars: cars(5)})
			assert.Equal(t, 6+h.g.engineLimit()-4, h.g.carEngineLimit(h.car(1)), "Évo2 in %v: the cell's difference from 1–4", wx)
			assert.NotEqual(t, 4, h.g.engineLimit(), "%v moves the base test", wx)
		}
	})
	t.Run("the gear options say the bonus and the limit", func(t *testing.T) {
		facts := func(cfg Config, gear int) []string {
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: cars(4)})
			d := h.pending()
			for _, op := range d.Options {
				if op.Gear == gear {
					var keys []string
					for _, f := range h.g.OptionFacts(d, op) {
						keys = append(keys, fmt.Sprint(f.Key, f.Args))
					}
					return keys
				}
			}
			t.Fatalf("no gear %d option", gear)
			return nil
		}
		assert.Contains(t, facts(fdrVariantCfg(t, "16-D:limits=6/8,bonus=1/0"), 5), "fact.evo-bonus[3 18]")
		assert.Contains(t, facts(fdrVariantCfg(t, "16-D:limits=6/8,bonus=1/0"), 5), "fact.engine-limit[6]")
		assert.Contains(t, facts(fdrVariantCfg(t, "6-C", "16-D:limits=6/8,bonus=1/0"), 5), "fact.evo-bonus[3 16]", "a 6-C box: the d20's 16")
		assert.NotContains(t, facts(fdrConfig(), 5), "fact.engine-limit[4]", "without 16-D nothing said")
	})
	t.Run("with 6-D: no bonus in 7th, its test at the stage's limit", func(t *testing.T) {
		top := func() []CarPosition { return []CarPosition{fdrAt("c.0.1", 6), fdrAt("long.0.0", 5)} }
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D", "16-D:limits=6/8,bonus=1/1"), Position{Round: 1, Cars: top()})
		h.gear(7, 19, 30)
		assert.Equal(t, 49, farthestPath(h), "19 + 30, no évo bonus in 7th (league-variants.md 6-D)")
		assert.NotContains(t, strings.Join(h.since(), "\n"), "evo-bonus")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D", "16-D:limits=6/8,bonus=1/1"), Position{Round: 1, Cars: top()})
		h.gear(7, 15, 25)
		h.since()
		h.pick(func(op Option) bool { return len(op.Path) == 40 && op.Braked == 0 }, 6) // its one test: 6 fails 1–6
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "Évo2: the 7th's test fails on 1–6")
	})
	t.Run("refused parameters", func(t *testing.T) {
		for spec, want := range map[string]string{
			"16-D:limits=5/8":          "5 is not an évo stage's engine limit (8, 6 or 4)",
			"16-D:bonus=2":             "2 is not 1 (an évo engine) or 0",
			"16-D:evo_model=permanent": `evo_model="permanent" must be one of ladder, per_gp_reliability`,
		} {
			cfg := fdrConfig()
			assert.ErrorContains(t, cfg.EnableVariant(spec), want, spec)
		}
		cfg := fdrConfig()
		assert.NoError(t, cfg.EnableVariant("16-D:evo_model=per_gp_reliability"))
	})
}

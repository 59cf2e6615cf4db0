package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 16-C, hooks RollBonus (the move's lengths after the roll) and
// EngineTestRule (every engine test): a 19 in 5th may move 19 to 22, any
// of them free; each engine test rolls the black die twice (AMB-34).
func TestVariant16CEvolutionEngine(t *testing.T) {
	c := fdrLab(t)
	cars := func() []CarPosition { return []CarPosition{fdrAt("long.2.1", 4), fdrAt("long.0.0", 1)} }
	free := func(h *harness) map[int]bool {
		out := map[int]bool{}
		for _, op := range h.find(func(op Option) bool { return op.Braked == 0 && op.Blocked == 0 }) {
			out[len(op.Path)] = true
		}
		return out
	}
	h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars()})
	h.gear(5, 19)
	assert.Equal(t, 19, farthestPath(h), "without 16-C the roll")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-C"), Position{Round: 1, Cars: cars()})
	h.gear(5, 19)
	assert.Equal(t, map[int]bool{19: true, 20: true, 21: true, 22: true}, free(h), "16-C: up to 3 more, any of them, free")
	assert.Contains(t, h.since(), "evo-bonus car=1 spaces=3")
	h.pick(func(op Option) bool { return len(op.Path) == 21 && op.Braked == 0 })
	assert.Equal(t, "long.23", h.space(1)[:7])

	t.Run("no bonus under the top results", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-C"), Position{Round: 1, Cars: cars()})
		h.gear(5, 18)
		assert.Equal(t, 18, farthestPath(h))
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-C"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 5), fdrAt("long.0.0", 1)}})
		h.gear(6, 28)
		assert.Equal(t, 33, farthestPath(h), "6th 28: up to 5 more")
	})
	t.Run("only the cars built with it", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-C:cars=0/1"), Position{Round: 1, Cars: cars()})
		h.gear(5, 19)
		assert.Equal(t, 19, farthestPath(h), "car 1 has a normal engine")
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("16-C:cars=2/1"), "is not 1 (an évo engine) or 0")
	})
	t.Run("each engine test twice (AMB-34)", func(t *testing.T) {
		test := func(cfg Config) *harness {
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 5), fdrAt("long.0.0", 1)}})
			h.gear(6, 30)
			h.since()
			return h
		}
		h := test(fdrConfig())
		h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 }, 3)
		assert.Len(t, kinds(h.since(), "roll"), 1, "the base: one roll")
		h = test(fdrVariantCfg(t, "16-C"))
		h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 }, 3, 2)
		assert.Len(t, kinds(h.since(), "roll"), 2, "16-C: two rolls")
		assert.Equal(t, fdrDefaultBuild()[Engine]-2, h.car(1).Wear[Engine], "each failure an engine point")
	})
	t.Run("with 16-E: the supercharge test twice too", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-C", "16-E"), Position{Round: 1, Cars: cars()})
		h.submit(Order{Car: 1, Letter: "5C"}, 17) // 17 + 3 compulsory; no évo bonus under 19
		h.since()
		h.pick(func(op Option) bool { return len(op.Path) == 20 && op.Braked == 0 }, 10, 11)
		assert.Len(t, kinds(h.since(), "roll"), 2)
	})
	t.Run("with 6-B: a chosen move has no bonus (AMB-20)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-B", "16-C"), Position{Round: 1, Cars: cars()})
		h.submit(Order{Car: 1, Letter: "5S"})
		assert.Equal(t, 20, farthestPath(h))
	})
}

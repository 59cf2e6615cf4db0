package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 16-A, hook CoastRule (fdrEngineBlow, the inertia move): an engine blown
// in 5th coasts on the 3rd-gear die (the base: the 4th's), straight ahead
// in its lane into corner One without a stop owed or an overshoot paid,
// and leaves no sticker at the end of it; the blow's sticker stays.
func TestVariant16AInertia(t *testing.T) {
	c := fdrLab(t)
	blow := func(cfg Config, blownGear int) *harness {
		p := fdrAt("long.12.1", blownGear-1)
		p.Wear[Engine] = 1
		// car 2, behind, plays between the blow and the inertia move
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{p, fdrAt("long.0.0", 1)}})
		top := map[int]int{3: 8, 4: 12, 5: 20, 6: 30}[blownGear]
		h.gear(blownGear, top)
		h.pick(func(op Option) bool { return len(op.Path) == top && op.Braked == 0 }, 3) // an engine test in 5th; fails on 3
		h.gear(1, 1)                                                                     // car 2's move comes next: pick it with inertia(roll)
		return h
	}
	inertia := func(h *harness, roll int) {
		h.pick(func(op Option) bool { return op.Braked == 0 }, roll)
	}
	h := blow(fdrConfig(), 5)
	require.Equal(t, "pending", inertiaOf(t, h.g, 1))
	blown := h.space(1)
	h.pick(func(Option) bool { return true }, 7) // the inertia: the 4th-gear die, 7 (R16.4)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "for=gear n=0 die=d12", "the base: the 4th-gear die")
	assert.Contains(t, h.debris(), h.space(1), "the base: a sticker at the end of the inertia move")

	h = blow(fdrVariantCfg(t, "16-A"), 5)
	require.Equal(t, "pending", inertiaOf(t, h.g, 1))
	assert.Equal(t, blown, h.space(1))
	h.since()
	inertia(h, 8) // one way only: played at once
	evs = strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "for=gear n=0 die=d8", "16-A: the die two gears below the 5th")
	assert.Contains(t, evs, "move car=1 path=long.33.0,one.0.0,one.1.0,one.2.0,one.3.0,one.4.0,one.5.0,one.6.0 braked=0",
		"16-A: 8 spaces straight ahead in its lane into corner One")
	assert.NotContains(t, evs, "overshoot", "no stop owed in corner One")
	assert.NotContains(t, evs, "wear car=1", "nothing paid")
	assert.Contains(t, h.debris(), blown, "the blow's sticker stays")
	assert.NotContains(t, h.debris(), "one.6.0", "16-A: no sticker at the end of the coast")

	t.Run("with 16-B: the pedal's last point in 3rd coasts in 1st; without 16-A removed at once", func(t *testing.T) {
		pedal := func(cfg Config) *harness {
			p := fdrAt("long.12.1", 2)
			p.Wear[Engine] = 1
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{p, fdrAt("long.0.0", 1)}})
			h.gear(3, 7)
			h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 8 && op.Braked == 0 })
			return h
		}
		h := pedal(fdrVariantCfg(t, "16-B"))
		assert.Equal(t, Eliminated, h.car(1).Status, "R16.5: no inertia in 4th or lower")
		h = pedal(fdrVariantCfg(t, "16-A", "16-B"))
		assert.Equal(t, "pending", inertiaOf(t, h.g, 1), "16-A: gear − 2 = 1st")
		assert.Empty(t, h.debris(), "16-B: the pedal's point leaves no sticker")
		h.gear(1, 1)
		h.pick(func(op Option) bool { return op.Braked == 0 && op.Top == 0 }, 2) // car 2, then car 1's coast on the 1st-gear die
		assert.Contains(t, strings.Join(h.since(), "\n"), "move car=1 path=long.21.0,long.22.0 braked=0", "straight on in its lane")
	})
}

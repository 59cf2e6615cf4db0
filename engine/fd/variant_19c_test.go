package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 19-C: the gas points refilled free at a stop (PitStopRule), where the
// base repairs them from the pit points in a long stop only (R19.17).
func TestVariant19CFuelRecovery(t *testing.T) {
	// two gas points lost (the default build has 2), no pit point left
	dry := worn(Wear{9, 3, 0, 2, 2, 2}, 0)
	_, base := intoThePit(t, fdrConfig(), dry)
	for _, op := range base.Options {
		assert.Zero(t, op.Repair[Gearbox], "R19.17: no pit point, no gas back")
	}

	t.Run("(a): a quick stop refills one point", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-C"), dry)
		quick := pitOption(t, d, func(op Option) bool { return !op.Technical })
		assert.Equal(t, 1, quick.Repair[Gearbox])
		h.submit(Order{Car: 1, Letter: quick.Letter}, 4)
		evs := h.since()
		assert.Contains(t, evs, "refuel car=1 gas=1")
		assert.Contains(t, evs, "pit-quick car=1 spaces=2 gear=4 from=2", "still a quick stop")
		assert.Equal(t, 1, h.car(1).Wear[Gearbox])
	})
	t.Run("(a): a long stop refills them all, free", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-C"), dry)
		long := pitOption(t, d, func(op Option) bool { return op.Technical })
		assert.Equal(t, 2, long.Repair[Gearbox])
		h.submit(Order{Car: 1, Letter: long.Letter})
		assert.Contains(t, h.since(), "refuel car=1 gas=2")
		assert.Equal(t, "9/3/2/2/2/2", h.wear(1))
		assert.Zero(t, h.g.pitPool[1])
	})
	t.Run("(b): only a long stop refills, even with no pit point", func(t *testing.T) {
		_, d := intoThePit(t, fdrVariantCfg(t, "19-C:mode=b"), dry)
		quick := pitOption(t, d, func(op Option) bool { return !op.Technical })
		assert.Zero(t, quick.Repair[Gearbox], "a quick stop stays open, without fuel")
		long := pitOption(t, d, func(op Option) bool { return op.Technical })
		assert.Equal(t, 2, long.Repair[Gearbox])
	})
	t.Run("the pit points go to the rest", func(t *testing.T) {
		car := worn(Wear{9, 3, 1, 1, 1, 2}, 2) // a gas, a body, an engine point lost
		_, d := intoThePit(t, fdrVariantCfg(t, "19-C"), car)
		both := pitOption(t, d, func(op Option) bool { return op.Repair == Wear{Gearbox: 1, Body: 1, Engine: 1} })
		assert.True(t, both.Technical, "the gas free, two pit points for body and engine")
	})
	t.Run("with 19-E: the gas refilled is not one of the two free repairs", func(t *testing.T) {
		car := worn(Wear{9, 2, 0, 1, 1, 2}, 0)
		h, d := intoThePit(t, fdrVariantCfg(t, "19-C", "19-E"), car)
		most := pitOption(t, d, func(op Option) bool { return op.Repair == Wear{Gearbox: 2, Body: 1, Engine: 1} })
		h.submit(Order{Car: 1, Letter: most.Letter})
		assert.Equal(t, "9/2/2/2/2/2", h.wear(1))
	})
}

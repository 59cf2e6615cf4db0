package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 19-F: the engineer points (PitStopRule): a sure quick stop, its exit the
// die divided by 4 rounded up (league AMB-41), and repairs in a long stop
// beyond the free and pit-point ones; the base misses a quick stop on
// 11–20 (R19.15) and repairs only from the pit points (R19.17).
func TestVariant19FEngineerPoints(t *testing.T) {
	t.Run("a sure quick stop", func(t *testing.T) {
		_, base := intoThePit(t, FDRConfig(), fdrAt("home.0.0", 2).laps(1))
		for _, op := range base.Options {
			assert.Zero(t, op.Engineer)
		}
		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=1/0", "19-G:points=0/0"), fdrAt("home.0.0", 2).laps(1))
		sure := pitOption(t, d, func(op Option) bool { return !op.Technical && op.Engineer == 1 })
		var keys []string
		for _, p := range h.g.OptionFacts(d, sure) {
			keys = append(keys, p.Key)
		}
		assert.Contains(t, keys, "fact.engineer-sure")
		h.submit(Order{Car: 1, Letter: sure.Letter}, 18)
		evs := h.since()
		assert.Contains(t, evs, "engineer-point car=1 points=1")
		assert.Contains(t, evs, "pit-quick car=1 spaces=5 gear=4 from=2", "18 / 4, rounded up")
		assert.Empty(t, kinds(evs, "mechanics-point"), "an engineers' stop earns the mechanics no point")
		assert.Equal(t, 5, h.expect(1, DecideMove).Distance)
		assert.Equal(t, 1, h.car(1).EngineerPointsUsed)
	})
	t.Run("no point left, no sure stop", func(t *testing.T) {
		car := fdrAt("home.0.0", 2).laps(1)
		car.Flags = append(car.Flags, "engineer-point") // its one point spent
		_, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=1/0"), car)
		for _, op := range d.Options {
			assert.Zero(t, op.Engineer)
		}
	})
	t.Run("repairs beyond the pit points", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 2}, 1) // 4 points lost, 1 pit point
		_, base := intoThePit(t, FDRConfig(), car)
		most := 0
		for _, op := range base.Options {
			most = max(most, repairs(op))
		}
		assert.Equal(t, 1, most, "R19.17: the pit point")

		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=2/2"), car)
		three := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 3 })
		assert.Equal(t, 2, three.Engineer, "the pit point first, then two engineer points")
		h.submit(Order{Car: 1, Letter: three.Letter})
		evs := h.since()
		assert.Contains(t, evs, "engineer-point car=1 points=2")
		assert.Contains(t, evs, "pit-long car=1 pit=0")
		assert.Equal(t, 2, h.car(1).EngineerPointsUsed)
	})
	t.Run("with 19-E: free points, then pit points, then engineers", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 1}, 1) // 5 points lost, 1 pit point
		_, d := intoThePit(t, fdrVariantCfg(t, "19-E:pit_repairs_too=yes", "19-F:points=2/0"), car)
		five := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 5 })
		assert.Equal(t, 2, five.Engineer)
	})
	t.Run("with 19-D: the engineers' repairs count", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 2}, 2)
		h, d := intoThePit(t, fdrVariantCfg(t, "19-D", "19-F:points=2/0"), car)
		four := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 4 })
		h.submit(Order{Car: 1, Letter: four.Letter})
		assert.Contains(t, h.since(), "pit-held car=1 repaired=4")
	})
	t.Run("a position keeps the points spent", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=3/0"), fdrAt("home.0.0", 2).laps(1))
		h.submit(Order{Car: 1, Letter: pitOption(t, d, func(op Option) bool { return op.Engineer == 1 && !op.Technical }).Letter}, 4)
		p := h.g.Position()
		g, err := NewGame("again", h.g.Config, h.c, 2)
		require.NoError(t, err)
		require.NoError(t, g.StartFrom(p, nil))
		assert.Equal(t, 1, g.Cars[0].EngineerPointsUsed)
	})
	t.Run("bad points are refused with a sentence", func(t *testing.T) {
		cfg := FDRConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-F:points=7/0"), "a team has at most 6")
	})
}

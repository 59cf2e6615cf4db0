package fd_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/engine/fd/variants"
)

// AX-5's exported readers, which bot calls (BlitzHeat for the heat's
// winner, BlitzTimeBank for the chess clock): an external test, so that
// it names them as bot does (fd.X, variants.X after the move to
// engine/fd/variants, issue 13). The heats are the in-package tests'
// (TestVariantAX5TimeOutFreezesTheCar, TestVariantAX5SymmetricHeat),
// played the same way with the same dice.

// ax5Config is the competition rules with AX-5 on, as spec says.
func ax5Config(t *testing.T, spec string) fd.Config {
	t.Helper()
	cfg := fd.ConfigFor(fd.FDR)
	require.NoError(t, cfg.EnableVariant(spec))
	return cfg
}

// ax5Setup plays g's setup with the autopilot, up to the heat's first play.
func ax5Setup(t *testing.T, g *fd.Game, src dice.Source) {
	t.Helper()
	for !g.SetupDone() {
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
}

// BlitzHeat (AMB-58) is every car's facts of a heat: whether it crossed
// the line, the levels it had left, its moves, and its place, cars at one
// distance in the order they would play.
func TestVariantAX5BlitzHeat(t *testing.T) {
	c := fdtest.Track(t, "test-oval")
	t.Run("a time-out: the frozen car never crosses", func(t *testing.T) {
		seed := fd.SeedFrom("blitz-time-out")
		g, err := fd.NewGame(fd.GameIDFor(seed), ax5Config(t, "AX-5:time_bank=90m"), c, 2)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		entered := false
		for !g.Over {
			if !entered && g.SetupDone() && g.Round >= 3 && g.Pending() != nil {
				require.NoError(t, g.ClockOut(g.Pending().Car, "90m", src))
				entered = true
			}
			o, ok := fd.Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		require.True(t, entered)
		heat := variants.BlitzHeat(g)
		require.Len(t, heat, 2)
		crossed := 0
		for _, h := range heat {
			if h.Crossed {
				crossed++
				assert.Zero(t, h.ToLine)
				assert.Positive(t, h.Moves)
			}
		}
		assert.Equal(t, 1, crossed, "the frozen car never crosses")
	})
	t.Run("a symmetric heat whose banks are spent at once: the inside car leads", func(t *testing.T) {
		src := dice.NewSeeded(fd.SeedFrom("blitz-symmetric"))
		for _, tc := range []struct {
			rolls          []int
			first, outward int
		}{{[]int{5, 17}, 2, 1}, {[]int{17, 5}, 1, 2}, {[]int{9, 9, 3, 12}, 2, 1}} {
			g, err := fd.NewGame("blitz-symmetric", ax5Config(t, "AX-5:start=symmetric"), c, 2)
			require.NoError(t, err)
			require.NoError(t, g.Start(dice.NewScripted(append(tc.rolls, 10)...)), "the grid roll, then the weather")
			ax5Setup(t, g, src)
			require.NotNil(t, g.Pending())
			require.Equal(t, tc.first, g.Pending().Car, "rolls %v: the inside car plays first", tc.rolls)
			// both banks spent before either moves: level, the inside car
			// ahead, as it would play first (AMB-58's tie-break)
			require.NoError(t, g.ClockOut(tc.first, "24h", src))
			require.NoError(t, g.ClockOut(tc.outward, "24h", src))
			require.True(t, g.Over)
			heat := variants.BlitzHeat(g)
			require.Len(t, heat, 2)
			assert.Equal(t, heat[0].ToLine, heat[1].ToLine)
			assert.Equal(t, 1, heat[tc.first-1].Order, "rolls %v: the inside car plays first, so leads at equal distance", tc.rolls)
			assert.Equal(t, 2, heat[tc.outward-1].Order)
		}
	})
}

// BlitzTimeBank is the bank of a game playing AX-5, in minutes: a day
// unless time_bank= says otherwise; none without AX-5.
func TestVariantAX5TimeBank(t *testing.T) {
	m, on := variants.BlitzTimeBank(ax5Config(t, "AX-5"))
	assert.True(t, on)
	assert.Equal(t, 24*60, m, "a day by default")
	m, _ = variants.BlitzTimeBank(ax5Config(t, "AX-5:time_bank=1h30m"))
	assert.Equal(t, 90, m)
	_, on = variants.BlitzTimeBank(fd.ConfigFor(fd.FDR))
	assert.False(t, on, "no bank without AX-5")
}

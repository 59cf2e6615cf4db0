package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 19-G: the mechanics points widen the quick stop (PitStopRule): 1–10 in
// the base (R19.15), 1–11 from 5 points, 1–12 from 12, 1–13 from 21, the
// exit the roll halved, rounded up (league AMB-42); each quick stop made
// earns a point.
func TestVariant19GMechanicsPoints(t *testing.T) {
	// the faces a team's points add, as the car's state tells them
	// (CarStatus): +1 from 5, +2 from 12, +3 from 21
	widening := func(points int) int {
		t.Helper()
		cfg := fdrVariantCfg(t, fmt.Sprintf("19-G:points=%d/0", points))
		g := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3), fdrAt("long.0.0", 2)}}).g
		state := g.CarState(1)
		require.Len(t, state, 1)
		require.Equal(t, "status.mechanics", state[0].Key)
		require.Equal(t, []any{points}, state[0].Args[:1], "the team's points")
		return state[0].Args[1].(int)
	}
	assert.Equal(t, []int{0, 0, 1, 1, 2, 2, 3, 3}, []int{
		widening(0), widening(4), widening(5), widening(11),
		widening(12), widening(20), widening(21), widening(40)})

	quick := func(t *testing.T, cfg Config, roll int) (*harness, []string) {
		t.Helper()
		h, d := intoThePit(t, cfg, fdrAt("home.0.0", 2).laps(1))
		op := pitOption(t, d, func(op Option) bool { return !op.Technical })
		h.submit(Order{Car: 1, Letter: op.Letter}, roll)
		return h, h.since()
	}
	for _, tc := range []struct {
		name   string
		points string
		roll   int
		made   bool
		exit   int
	}{
		{"no points: 11 is missed", "0/0", 11, false, 0},
		{"4 points: 11 is missed", "4/0", 11, false, 0},
		{"5 points: 11 makes it, 6 spaces", "5/0", 11, true, 6},
		{"12 points: 12 makes it, 6 spaces", "12/0", 12, true, 6},
		{"12 points: 13 is missed", "12/0", 13, false, 0},
		{"21 points: 13 makes it, 7 spaces", "21/0", 13, true, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, evs := quick(t, fdrVariantCfg(t, "19-G:points="+tc.points), tc.roll)
			if !tc.made {
				assert.Contains(t, evs, "pit-slow car=1")
				assert.Empty(t, kinds(evs, "mechanics-point"))
				return
			}
			assert.Contains(t, evs, "mechanics-point car=1 earned=1")
			assert.Equal(t, tc.exit, h.expect(1, DecideMove).Distance)
		})
	}
	t.Run("the base: 11 is missed, no point", func(t *testing.T) {
		_, evs := quick(t, fdrConfig(), 11)
		assert.Contains(t, evs, "pit-slow car=1")
		assert.Empty(t, kinds(evs, "mechanics-point"))
	})
	t.Run("a quick stop made earns a point even below 5", func(t *testing.T) {
		h, evs := quick(t, fdrVariantCfg(t, "19-G"), 3)
		assert.Contains(t, evs, "mechanics-point car=1 earned=1")
		p := h.g.Position()
		assert.Equal(t, 1, countFlag(p.Cars[0].Flags, "mechanics-point"), "the position keeps the point earned")
		g, err := NewGame("again", h.g.Config, h.c, 2)
		require.NoError(t, err)
		require.NoError(t, g.StartFrom(p, nil))
		assert.Equal(t, 1, countFlag(g.Position().Cars[0].Flags, "mechanics-point"), "read back from the position")
		assert.Equal(t, h.g.CarState(1), g.CarState(1), "the game read back tells the same points")
	})
	t.Run("the car's own point of the race counts at once", func(t *testing.T) {
		car := fdrAt("home.0.0", 2).laps(1)
		car.Flags = append(car.Flags, "mechanics-point") // its first quick stop made
		h, d := intoThePit(t, fdrVariantCfg(t, "19-G:points=4/0"), car)
		op := pitOption(t, d, func(op Option) bool { return !op.Technical })
		h.submit(Order{Car: 1, Letter: op.Letter}, 11)
		assert.Contains(t, h.since(), "mechanics-point car=1 earned=2", "4 + 1 = 5: 11 makes it")
	})
	t.Run("the option says the widened range", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-G:points=12/0"), fdrAt("home.0.0", 2).laps(1))
		op := pitOption(t, d, func(op Option) bool { return !op.Technical })
		var keys []string
		for _, p := range h.g.OptionFacts(d, op) {
			keys = append(keys, p.Key)
		}
		assert.Contains(t, keys, "fact.quick-stop-top")
	})
	t.Run("bad points are refused with a sentence", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-G:points=5/x"), "variant 19-G: points")
	})
}

package fd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// 15-A, the StoppageRule hook at the end of the round: on an oval, three
// starters stop the race at three markers on the circuit (fewer than the
// base threshold of 10 start), with 21-B's stoppage (a restart from the
// grid on lap 1); not on a circuit that is no oval, and not under 21-B's
// 18 markers or 3 walls alone. Both on: the first threshold reached stops.
func TestVariant15AOvalRestartByStarters(t *testing.T) {
	oval := inlineTrack(t, strings.Replace(fdrLabTrack, "lanes 3\n", "lanes 3\noval\n", 1))
	require.True(t, oval.Oval)
	three := []string{"long.5.0", "long.6.1", "long.7.2"} // 3 markers, no wall
	var roundOn func(c *tracks.Circuit, cfg Config, debris []string, after ...int) []string
	cars := func() []CarPosition {
		return []CarPosition{fdrAt("long.20.1", 2), fdrAt("long.14.1", 2),
			{Space: "", Status: Eliminated, Wear: fdrDefaultBuild(), Reason: ReasonCollision, Flags: []string{"started", "crossed"}}}
	}
	round := func(c *tracks.Circuit, cfg Config, after ...int) []string {
		return roundOn(c, cfg, three, after...)
	}
	roundOn = func(c *tracks.Circuit, cfg Config, debris []string, after ...int) []string {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: debris, Cars: cars()})
		h.gear(2, 3)
		h.pick(func(op Option) bool { return len(op.Path) == 3 })
		h.gear(2, 3)
		h.pick(func(op Option) bool { return len(op.Path) == 3 }, after...)
		return h.since()
	}
	evs := strings.Join(round(oval, fdrVariantCfg(t, "15-A"), 10, 2), "\n")
	assert.Contains(t, evs, "red-flag lap=1 markers=3 walls=0 outcome=restart\nred-flag-fresh car=3\ngrid order=1,2,3\n", "3 starters: 3 markers; no teams: the retired car in a fresh car (21-B)")
	assert.Empty(t, kinds(round(fdrLab(t), fdrVariantCfg(t, "15-A")), "red-flag"), "not an oval")
	assert.Empty(t, kinds(round(oval, fdrVariantCfg(t, "21-B")), "red-flag"), "21-B alone: 3 markers under 18")
	both := strings.Join(round(oval, fdrVariantCfg(t, "15-A", "21-B"), 10, 2), "\n")
	assert.Contains(t, both, "red-flag lap=1 markers=3 walls=0 outcome=restart", "with 21-B too: 15-A's threshold is reached first")

	// The spec's threshold is `(N_starters < 10) ? N_starters : base_threshold`,
	// not the smaller of the two: with base_threshold=2, three starters still
	// need three markers, so two do not stop the race and three do.
	base2 := fdrVariantCfg(t, "15-A:base_threshold=2")
	assert.Empty(t, kinds(roundOn(oval, base2, three[:2]), "red-flag"), "base 2, 3 starters: 2 markers are under the starters")
	assert.Contains(t, strings.Join(roundOn(oval, base2, three, 10, 2), "\n"), "red-flag lap=1 markers=3 walls=0 outcome=restart", "base 2, 3 starters: 3 markers")

	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("15-A:base_threshold=0"), "base_threshold=0: a number of markers of at least 1")
}

// 15-A's threshold where the spec and the smaller of starters and base
// differ: 10 starters or more take base_threshold even when it is above
// them, fewer than 10 take the starters even when base_threshold is below.
// Read where a driver reads it, the status's markers toward the threshold;
// a grid has 10 cars at most (R-GEN-02), so 10 starters are the "10 or
// more" (base 12 above them, base 5 below).
func TestVariant15AThresholdFollowsTheSpec(t *testing.T) {
	oval, err := tracks.Get("oval")
	require.NoError(t, err)
	require.True(t, oval.Oval)
	for _, c := range []struct{ base, starters, want int }{
		{10, 3, 3}, {10, 10, 10}, {2, 3, 3}, {12, 10, 12}, {20, 9, 9}, {5, 10, 5},
	} {
		g, err := NewGame("15-A", fdrVariantCfg(t, fmt.Sprintf("15-A:base_threshold=%d", c.base)), oval, c.starters)
		require.NoError(t, err)
		assert.Equal(t, []phrase.Phrase{phrase.New("status.oval-restart", 0, c.want)}, g.RedFlagStatus(), "base %d, %d starters", c.base, c.starters)
	}
}

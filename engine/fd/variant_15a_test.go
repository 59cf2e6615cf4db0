package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	cars := func() []CarPosition {
		return []CarPosition{fdrAt("long.20.1", 2), fdrAt("long.14.1", 2),
			{Space: "", Status: Eliminated, Wear: FDRDefaultBuild(), Reason: ReasonCollision, Flags: []string{"started", "crossed"}}}
	}
	round := func(c *tracks.Circuit, cfg Config, after ...int) []string {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: three, Cars: cars()})
		h.gear(2, 3)
		h.pick(func(op Option) bool { return len(op.Path) == 3 })
		h.gear(2, 3)
		h.pick(func(op Option) bool { return len(op.Path) == 3 }, after...)
		return h.since()
	}
	evs := strings.Join(round(oval, fdrVariantCfg(t, "15-A"), 10, 2), "\n")
	assert.Contains(t, evs, "red-flag lap=1 markers=3 walls=0 outcome=restart\ngrid order=1,2,3\n", "3 starters: 3 markers")
	assert.Empty(t, kinds(round(fdrLab(t), fdrVariantCfg(t, "15-A")), "red-flag"), "not an oval")
	assert.Empty(t, kinds(round(oval, fdrVariantCfg(t, "21-B")), "red-flag"), "21-B alone: 3 markers under 18")
	both := strings.Join(round(oval, fdrVariantCfg(t, "15-A", "21-B"), 10, 2), "\n")
	assert.Contains(t, both, "red-flag lap=1 markers=3 walls=0 outcome=restart", "with 21-B too: 15-A's threshold is reached first")

	cfg := FDRConfig()
	assert.ErrorContains(t, cfg.EnableVariant("15-A:base_threshold=0"), "base_threshold=0: a number of markers of at least 1")
}

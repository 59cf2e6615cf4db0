package fd

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// TestRacesAsWithScratchesPooled plays whole 10-car autopilot races one
// after the other, their qualifying sessions included, each game's
// searches in the scratch the race before left in scratchPool
// (poolScratches, issue 14: that race ran on the same circuit or on
// another), then each in a scratch of its own, as before: the same
// records, line for line, under fdr and under fd2008. The collector is
// off while they race, so that the pool keeps what it is given.
func TestRacesAsWithScratchesPooled(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer func() { poolScratches = true }()
	races := []struct {
		rules Ruleset
		raceCase
	}{
		{FDR, raceCase{"kestrel-downs", "bench", 3}},
		{FDR, raceCase{"kestrel-downs", "pool-0", 2}}, // a scratch from the same circuit
		{FDR, raceCase{"port-azur", "pool-1", 2}},
		{FDR, raceCase{"hollowmere", "pool-2", 2}},
		{FDR, raceCase{"race-city", "pool-3", 2}},
		{FD2008, raceCase{"race-city", "pool-4", 2}},
		{FD2008, raceCase{"oval", "pool-5", 2}},
		{FD2008, raceCase{"oval", "pool-6", 2}},
		{FDR, raceCase{"oval", "pool-7", 2}},
	}
	play := func(pooled bool) (records []*Record) {
		poolScratches = pooled
		for i, r := range races {
			c, err := tracks.Get(r.track)
			require.NoError(t, err)
			cfg := ConfigFor(r.rules)
			cfg.Laps = r.laps
			g, rec, err := Simulate(cfg, c, r.track, 10, SeedFrom(r.seed))
			require.NoError(t, err)
			require.Greater(t, g.Play, 100, "race %d plays", i)
			records = append(records, rec)
			if pooled {
				require.Nil(t, g.scratch, "race %d: its scratch given to the pool", i)
				if !raceDetector { // under -race sync.Pool drops a quarter of what it is given
					s, ok := scratchPool.Get().(*scratch)
					require.True(t, ok, "race %d: its scratch in the pool", i)
					scratchPool.Put(s)
				}
			}
		}
		return records
	}
	pooled, own := play(true), play(false)
	for i, r := range races {
		require.Equal(t, len(own[i].Events), len(pooled[i].Events), "race %d, %s", i, r.track)
		for j := range own[i].Events {
			require.Equal(t, own[i].Events[j], pooled[i].Events[j], "race %d, %s: line %d", i, r.track, j)
		}
	}
}

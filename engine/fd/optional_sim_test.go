package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Every optional rule switched on at once must still give races that end,
// replay event for event and verify.
func TestSimulateAllOptionalRules(t *testing.T) {
	for _, id := range []string{"test-oval", "port-azur", "kestrel-downs"} {
		c, err := tracks.Get(id)
		if err != nil {
			t.Skipf("circuit %s not available: %v", id, err)
		}
		for _, seed := range []string{"o1", "o2", "o3"} {
			cfg := DefaultConfig()
			cfg.Laps = 3 // O-3LP
			for _, name := range OptionalNames() {
				require.NoError(t, cfg.EnableOptional(name))
			}
			g, rec, err := Simulate(cfg, c, id, 6, SeedFrom(seed))
			require.NoError(t, err, "%s seed %s", id, seed)
			require.True(t, g.Over)
			require.Len(t, g.QualifyingResults(), 6)
			back, err := ParseRecord(rec.Text())
			require.NoError(t, err)
			g2, err := Replay(back, c)
			require.NoError(t, err, "%s seed %s", id, seed)
			require.Equal(t, g.Results(), g2.Results())
			require.NoError(t, Verify(back))
			finished := 0
			for _, r := range g.Results() {
				require.NotNil(t, r.Points)
				if r.Status == "finished" {
					finished++
				}
			}
			t.Logf("%s %s: %d plays, %d finished, weather %s", id, seed, g.Play, finished, g.weather)
		}
	}
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// raceCase is one whole 10-car fdr autopilot race of a differential test
// (issue 14: a faster step must race as the code before it did).
type raceCase struct {
	track, seed string
	laps        int
}

// requireSameRecordsBothWays plays each race with the code before the
// step (setBefore(true)) and as now (setBefore(false)), qualifying
// sessions included, and requires the same records, line for line. It
// leaves the step on and returns the plays raced as now.
func requireSameRecordsBothWays(t *testing.T, races []raceCase, setBefore func(before bool)) (plays int) {
	t.Helper()
	defer setBefore(false)
	for _, r := range races {
		c, err := tracks.Get(r.track)
		require.NoError(t, err)
		cfg := ConfigFor(FDR)
		cfg.Laps = r.laps
		setBefore(true)
		_, want, err := Simulate(cfg, c, r.track, 10, SeedFrom(r.seed))
		require.NoError(t, err)
		setBefore(false)
		g, got, err := Simulate(cfg, c, r.track, 10, SeedFrom(r.seed))
		require.NoError(t, err)
		require.Equal(t, len(want.Events), len(got.Events), r.track)
		for i := range want.Events {
			require.Equal(t, want.Events[i], got.Events[i], "%s: line %d", r.track, i)
		}
		plays += g.Play
	}
	return plays
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRacesAsWithFreshPlays plays whole 10-car fdr races by autopilot,
// their qualifying sessions included, with each play's turn and the
// competition rules' play value taken from the play ended two plays
// before (recyclePlays, issue 14) and with both fresh each play, as
// before: the same records, line for line. Each play reads its state
// through the module value (FDR R6.11: slides, +1s, brakes, the finish
// index), so a value not cleared or taken back while a play still reads
// it changes a race.
func TestRacesAsWithFreshPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	plays := requireSameRecordsBothWays(t, []raceCase{
		{"kestrel-downs", "bench", 3},
		{"port-azur", "recycle-1", 2},
		{"hollowmere", "recycle-2", 2},
		{"race-city", "recycle-3", 2},
		{"oval", "recycle-4", 2},
	}, func(before bool) { recyclePlays = !before })
	require.Greater(t, plays, 1000, "the races play")
}

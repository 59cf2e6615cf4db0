package fd

import (
	"testing"

	"github.com/pitwall/pitwall/tracks"
	"github.com/stretchr/testify/require"
)

// TestChoicesSearchedAsByMap: finishOptions finds an option's choice hash
// among the judged ones by searching their list, or through a map past
// maxSearchedChoices options (issue 14); seeded fdr races play to the same
// record whichever way every list is judged.
func TestChoicesSearchedAsByMap(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := ConfigFor(FDR)
	cfg.Laps = 1
	for _, seed := range []string{"choices-1", "choices-2"} {
		_, searched, err := Simulate(cfg, c, "port-azur", 6, SeedFrom(seed))
		require.NoError(t, err)
		saved := maxSearchedChoices
		maxSearchedChoices = -1 // every list through the map
		_, byMap, err := Simulate(cfg, c, "port-azur", 6, SeedFrom(seed))
		maxSearchedChoices = saved
		require.NoError(t, err)
		require.Greater(t, len(searched.Text()), 1000, "a race was played")
		require.Equal(t, byMap.Text(), searched.Text(), seed)
	}
}

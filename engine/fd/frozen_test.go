package fd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// TestFrozenRecordsV1 replays the records frozen before the engine was
// reshaped (testdata/records/v1, issue 13): each must replay without a
// die, re-write to the very same bytes and verify against its seed. A
// failure means a game stored yesterday no longer plays the same today.
func TestFrozenRecordsV1(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "v1", "*.rec"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6, "the frozen records are missing")
	rulesets := map[Ruleset]bool{}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			require.NoError(t, err)
			rec, err := ParseRecord(string(raw))
			require.NoError(t, err)
			rulesets[Ruleset(rec.Rules)] = true
			c, err := tracks.Get(rec.Track)
			require.NoError(t, err)
			g, err := Replay(rec, c)
			require.NoError(t, err)
			assert.Nil(t, g.Pending(), "a frozen race runs to its end")

			again := *rec
			again.Events = g.Events
			assert.Equal(t, string(raw), again.Text(), "the replayed record re-writes byte for byte")
			assert.NoError(t, Verify(rec))
		})
	}
	for _, r := range []Ruleset{FD2008, FDR, Street} {
		assert.True(t, rulesets[r], "a frozen record under %s", r)
	}
}

// The frozen records are whole: no test above passes on an empty file.
func TestFrozenRecordsV1AreRaces(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "v1", "*.rec"))
	require.NoError(t, err)
	for _, file := range files {
		raw, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Greater(t, strings.Count(string(raw), "\norder "), 50, file)
	}
}

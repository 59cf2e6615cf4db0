package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFrozenRecordOutputsV1 holds what a player or referee reads of the
// records frozen before the engine was reshaped (issue 13): `replay --json`
// and `replay --events` must print, byte for byte, what they printed then
// (engine/fd/testdata/records/v1/README.md).
func TestFrozenRecordOutputsV1(t *testing.T) {
	dir := filepath.Join("..", "..", "engine", "fd", "testdata", "records", "v1")
	files, err := filepath.Glob(filepath.Join(dir, "*.rec"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6, "the frozen records are missing")
	for _, file := range files {
		base := strings.TrimSuffix(file, ".rec")
		t.Run(filepath.Base(base), func(t *testing.T) {
			for _, c := range []struct {
				golden string
				args   []string
			}{
				{base + ".replay.json", []string{"replay", file, "--json"}},
				{base + ".events.txt", []string{"replay", file, "--events"}},
			} {
				want, err := os.ReadFile(c.golden)
				require.NoError(t, err)
				out, errOut, err := runTrackCLI(t, c.args...)
				require.NoError(t, err, errOut)
				assert.Equal(t, string(want), out, "pitwall %s", strings.Join(c.args, " "))
			}
		})
	}
}

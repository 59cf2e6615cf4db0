package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replay --as CAR reads a 5-D record as that car's player: another
// car's build lines are comments and its wear null while it races; the
// default reads the record whole; a car the record has not is refused.
func TestReplayAsASeatUnderVariant5D(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hidden.rec")
	_, errOut, err := runTrackCLI(t, "sim", "--rules", "fdr", "--track", "test-oval", "--cars", "2", "--laps", "1", "--seed", "hidden", "--variant", "5-D", "--record", file)
	require.NoError(t, err, errOut)
	whole, _, err := runTrackCLI(t, "replay", file, "--events")
	require.NoError(t, err)
	seat, _, err := runTrackCLI(t, "replay", file, "--events", "--as", "1")
	require.NoError(t, err)
	assert.NotContains(t, whole, "hidden until its race ends")
	assert.Contains(t, seat, "car 2's build: hidden until its race ends (5-D)")
	assert.Regexp(t, `car 2 racing on \S+, gear \d, lap 0 done, its build and wear hidden until its race ends`, seat)
	_, _, err = runTrackCLI(t, "replay", file, "--events", "--as", "3")
	assert.ErrorContains(t, err, "--as 3: the record has cars 1 to 2 (0 reads as a spectator, -1 the whole record)")
}

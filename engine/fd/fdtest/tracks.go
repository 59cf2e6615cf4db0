package fdtest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Track is an embedded circuit by name ("race-city", "test-oval").
func Track(t testing.TB, name string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get(name)
	require.NoError(t, err)
	return c
}

// InlineTrack is a circuit from its source text, for a test's own lab
// circuit.
func InlineTrack(t testing.TB, src string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Load("inline.track", []byte(src))
	require.NoError(t, err)
	return c
}

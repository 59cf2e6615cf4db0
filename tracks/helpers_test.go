package tracks_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// embedded loads one embedded circuit and fails the test when it does not
// load cleanly.
func embedded(t testing.TB, id string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get(id)
	require.NoError(t, err, "circuit %s", id)
	require.NotNil(t, c)
	return c
}

// forEachCircuit runs f as a subtest on every embedded circuit, so circuits
// added to tracks/circuits are covered without touching the tests.
func forEachCircuit(t *testing.T, f func(t *testing.T, c *tracks.Circuit)) {
	t.Helper()
	ids := tracks.IDs()
	require.NotEmpty(t, ids, "no embedded circuit")
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			f(t, embedded(t, id))
		})
	}
}

// problemsOf returns the Problems carried by err, failing when err is nil or
// of another type.
func problemsOf(t testing.TB, err error) tracks.Problems {
	t.Helper()
	require.Error(t, err)
	var ps tracks.Problems
	require.True(t, errors.As(err, &ps), "error %T is not tracks.Problems: %v", err, err)
	require.NotEmpty(t, ps)
	return ps
}

// space finds a space by name.
func space(t testing.TB, c *tracks.Circuit, name string) tracks.SpaceID {
	t.Helper()
	id, ok := c.Lookup(name)
	require.True(t, ok, "%s has no space %q", c.ID, name)
	return id
}

// crossing reports whether the edge a→b is a track edge crossing the
// start/finish line, computed from levels rather than with CrossesLine.
func crossing(c *tracks.Circuit, a, b tracks.SpaceID) bool {
	return c.Spaces[b].Level < c.Spaces[a].Level
}

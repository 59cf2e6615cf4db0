package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Helpers engine/fd's own tests shared with the street scenarios, which
// now live in engine/fd/street (on engine/fd/fdtest): the variants' and
// modules' tests here still use them.

func raceCity(t testing.TB) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get("race-city")
	require.NoError(t, err)
	return c
}

// eventLines is the game's record so far, one event a line.
func eventLines(g *Game) []string {
	var out []string
	for _, e := range g.Events {
		out = append(out, e.String())
	}
	return out
}

package tracks_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

func loadHandmade(t *testing.T) *tracks.Circuit {
	t.Helper()
	file := filepath.Join("testdata", "handmade.track")
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	c, err := tracks.Load(file, src)
	require.NoError(t, err)
	return c
}

// A board described space by space (space, edge and zone lines, no
// segments) builds and validates, and its lap and corner are what the
// drawing in the file's comment says.
func TestHandmadeBoard(t *testing.T) {
	c := loadHandmade(t)
	names := func(ids []tracks.SpaceID) []string {
		out := []string{}
		for _, id := range ids {
			out = append(out, c.Spaces[id].Name)
		}
		return out
	}

	assert.Equal(t, "handmade", c.ID)
	assert.Equal(t, "Hand-Made Loop", c.Name)
	assert.Equal(t, 3, c.Laps)
	assert.Equal(t, 2, c.Lanes)
	assert.Equal(t, 12, c.Levels)
	assert.Len(t, c.Spaces, 22, "12 outside spaces and 10 inside ones")
	assert.Empty(t, c.Segments)
	assert.False(t, c.Pit.Usable)
	assert.Empty(t, c.Pit.Lane)
	assert.Empty(t, c.Tunnels)
	assert.Equal(t, -1, c.PoliceLevel)

	// the shortest lap: four straight spaces, the two inside spaces of the
	// hairpin, four straight spaces
	assert.Equal(t, 10, c.LapLength)
	assert.Equal(t, independentLapLength(c), c.LapLength)

	require.Len(t, c.Corners, 1)
	k := c.Corners[0]
	assert.Equal(t, "hairpin", k.ID)
	assert.Equal(t, "Hairpin", k.Name)
	assert.Equal(t, 2, k.Stops)
	assert.Equal(t, tracks.Right, k.Direction)
	assert.Equal(t, 1, k.InsideLane, "a right-hand zone defaults to its rightmost lane")
	assert.Equal(t, 4, k.FirstLevel)
	assert.Equal(t, 7, k.LastLevel)
	assert.Equal(t, []string{"a4", "a5", "a6", "a7", "b5", "b7"}, names(k.Spaces))
	assert.Equal(t, []string{"a4", "b5"}, names(k.Entry), "entries, outside lane first")
	assert.Equal(t, []string{"a8", "b8"}, names(k.Exit))
	assert.Equal(t, 4, k.LongPath, "a4 a5 a6 a7")
	assert.Equal(t, 2, k.ShortPath, "b5 b7")
	for _, s := range k.Spaces {
		assert.Equal(t, 0, c.Spaces[s].Corner)
	}
	assert.Equal(t, -1, c.Spaces[space(t, c, "a3")].Corner, "a straight space is in no corner")
	assert.Equal(t, 0, c.NextCorner(0))
	assert.Equal(t, 0, c.NextCorner(9), "the next corner wraps round the lap")

	// the grid as listed, pole first; the qualifying start is the middle of
	// the last row, which with two lanes is the right-hand one
	assert.Equal(t, []string{"a11", "b11", "a10", "b10", "a9", "b9", "a8", "b8", "a3", "b3"}, names(c.Grid))
	for _, g := range c.Grid {
		assert.True(t, c.Spaces[g].Has(tracks.FlagGrid))
	}
	assert.Equal(t, "b11", c.Spaces[c.QualifyingStart].Name)
	assert.True(t, c.Spaces[c.QualifyingStart].Has(tracks.FlagQualifying))

	// beside: the corner's inside spaces share levels with outside ones
	assert.Equal(t, []string{"b5"}, names(c.Beside(space(t, c, "a5"))))
	assert.Empty(t, c.Beside(space(t, c, "a4")), "no inside space at level 4")
	assert.Equal(t, []string{"a7"}, names(c.Beside(space(t, c, "b7"))))

	// the line lies between level 11 and level 0
	assert.True(t, c.CrossesLine(space(t, c, "a11"), space(t, c, "b0")))
	assert.False(t, c.CrossesLine(space(t, c, "a10"), space(t, c, "a11")))
	ahead, ok := c.AheadSameLane(space(t, c, "b3"))
	require.True(t, ok)
	assert.Equal(t, "b5", c.Spaces[ahead].Name)

	wx, err := c.WeatherFor(11)
	require.NoError(t, err)
	assert.Equal(t, tracks.Changeable, wx)
	_, err = c.WeatherFor(21)
	assert.Error(t, err)

	// a hand-made space's geometry defaults to its lane and level
	a5 := c.Spaces[space(t, c, "a5")]
	assert.InDelta(t, 5*tracks.SpaceLength+tracks.SpaceLength/2, a5.Center.X, 1e-9)
	assert.InDelta(t, 0, a5.Center.Y, 1e-9)
}

// Cutting the inside lane out of the hairpin makes the short path the long
// one: the corner paths follow the edges, not the lane counts.
func TestHandmadeCornerPathsFollowTheEdges(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "handmade.track"))
	require.NoError(t, err)
	// no way into b5 but from a4, and b5 only on to b7
	src = append(src, []byte("noedge a3 b5\nnoedge b3 b5\nnoedge b5 a6\n")...)
	c, err := tracks.Load("handmade-cut.track", src)
	require.NoError(t, err)
	k := c.Corners[0]
	assert.Equal(t, 4, k.LongPath)
	assert.Equal(t, 3, k.ShortPath, "a4 b5 b7")
	assert.Equal(t, 11, c.LapLength, "the lap must now enter the hairpin at a4")
}

package tracks_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// The test oval, worked out by hand from its file: the builder's naming,
// levels, grid, pit lane and flags.
func TestTestOvalLayout(t *testing.T) {
	c := embedded(t, "test-oval")
	name := func(id tracks.SpaceID) string { return c.Spaces[id].Name }
	names := func(ids []tracks.SpaceID) []string {
		out := []string{}
		for _, id := range ids {
			out = append(out, name(id))
		}
		return out
	}

	// start 6 + North Bend 8 + back 16 + South Bend 8 + main 10 levels
	assert.Equal(t, 48, c.Levels)
	assert.Equal(t, 0, c.Spaces[space(t, c, "start.0.1")].Level)
	assert.Equal(t, 6, c.Spaces[space(t, c, "north.0.0")].Level)
	assert.Equal(t, 14, c.Spaces[space(t, c, "back.0.2")].Level)
	assert.Equal(t, 47, c.Spaces[space(t, c, "main.9.2")].Level)
	// a right-hand bend: the right lane (2) is the inside, 4 spaces spread
	// over the corner's 8 levels
	for i, lv := range []int{7, 9, 11, 13} {
		assert.Equal(t, lv, c.Spaces[space(t, c, "north."+string(rune('0'+i))+".2")].Level)
	}

	// grid 10: pole on the left just behind the line, then alternating
	assert.Equal(t, []string{"main.9.0", "main.8.2", "main.7.0", "main.6.2", "main.5.0",
		"main.4.2", "main.3.0", "main.2.2", "main.1.0", "main.0.2"}, names(c.Grid))
	assert.Equal(t, "main.9.1", name(c.QualifyingStart), "the middle space just before the line")

	// pit side=left entry=main.1 exit=start.4 boxes=10: the pit lane runs
	// from level 40 across the line to level 3
	p := c.Pit
	require.True(t, p.Usable)
	assert.Equal(t, tracks.Left, p.Side)
	assert.Equal(t, []string{"main.1.0"}, names(p.Entry))
	require.Len(t, p.Lane, 12)
	assert.Equal(t, 40, c.Spaces[p.Lane[0]].Level)
	assert.Equal(t, 3, c.Spaces[p.Lane[11]].Level)
	assert.Equal(t, []string{"pit.12"}, names(p.Exit))
	assert.Contains(t, names(c.Spaces[p.Exit[0]].Next), "start.4.0")
	require.Len(t, p.Boxes, 10)
	assert.Equal(t, "box.1", name(p.Boxes[0]))
	assert.Equal(t, c.Spaces[space(t, c, "pit.2")].Level, c.Spaces[p.Boxes[0]].Level, "box 1 beside pit.2")
	assert.Equal(t, []string{"pit.3"}, names(c.Spaces[p.Boxes[0]].Next))

	// flags
	pitStraight := 0
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if s.Has(tracks.FlagPitStraight) {
			pitStraight++
			assert.Equal(t, tracks.KindTrack, s.Kind)
			assert.True(t, s.Level >= 40 || s.Level <= 3, "%s at level %d", s.Name, s.Level)
		}
	}
	assert.Equal(t, 12*3, pitStraight, "the track levels beside the pit lane")
	assert.True(t, c.Spaces[space(t, c, "main.1.0")].Has(tracks.FlagPitEntry|tracks.FlagPitEntryLimit|tracks.FlagGrid))
	assert.True(t, c.Spaces[space(t, c, "pit.12")].Has(tracks.FlagPitExit))
	assert.Equal(t, []string{"qualifying", "pit-straight"}, c.Spaces[c.QualifyingStart].Flags.Names())

	// corners
	require.Len(t, c.Corners, 2)
	assert.Equal(t, []string{"north.0.0", "north.0.1", "north.0.2"}, names(c.Corners[0].Entry))
	assert.Equal(t, []string{"back.0.0", "back.0.1", "back.0.2"}, names(c.Corners[0].Exit))
	assert.Equal(t, 0, c.NextCorner(0))
	assert.Equal(t, 0, c.NextCorner(6), "a corner starting at this level")
	assert.Equal(t, 1, c.NextCorner(7), "inside the North Bend, the next is the South Bend")
	assert.Equal(t, 0, c.NextCorner(31), "wrapping round the lap")
	assert.Equal(t, -1, c.PoliceLevel)
	assert.Equal(t, 40, c.LapLength)
}

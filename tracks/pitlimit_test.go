package tracks_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// FDR R19.19, AMB-41: by default the pit-entry limit runs across every
// lane at the entry's level; a circuit may stagger it lane by lane, and
// then two spaces of one level lie on either side of it (19-5-5).
func TestPitEntryLimit(t *testing.T) {
	names := func(c *tracks.Circuit, ids []tracks.SpaceID) []string {
		var out []string
		for _, id := range ids {
			out = append(out, c.Spaces[id].Name)
		}
		return out
	}
	past := func(c *tracks.Circuit, name string) bool {
		id, ok := c.Lookup(name)
		require.True(t, ok, name)
		return c.PastPitLimit(id)
	}

	t.Run("default: one level across the road", func(t *testing.T) {
		c, err := tracks.Load("base.track", []byte(variant(nil)))
		require.NoError(t, err)
		assert.Equal(t, []string{"main.1.0", "main.1.1", "main.1.2"}, names(c, c.Pit.Limit))
		lo, hi, ok := c.PitLimitBand()
		require.True(t, ok)
		assert.Equal(t, lo, hi)
		for _, n := range []string{"main.1.0", "main.1.1", "main.1.2", "main.0.2", "back.3.1"} {
			assert.False(t, past(c, n), "%s has not passed the limit", n)
		}
		for _, n := range []string{"main.2.0", "main.2.2", "main.9.1"} {
			assert.True(t, past(c, n), "%s is past the limit", n)
		}
		id, _ := c.Lookup("pit.2")
		assert.False(t, c.PastPitLimit(id), "a pit-lane space is judged by the pit-lane order, not the limit")
	})

	t.Run("staggered: the lane decides at one level", func(t *testing.T) {
		c, err := tracks.Load("base.track", []byte(variant(nil,
			"space main.1.0 +pit-entry-limit", "space main.2.1 +pit-entry-limit", "space main.3.2 +pit-entry-limit")))
		require.NoError(t, err)
		assert.Equal(t, []string{"main.1.0", "main.2.1", "main.3.2"}, names(c, c.Pit.Limit))
		lo, hi, ok := c.PitLimitBand()
		require.True(t, ok)
		assert.Equal(t, 2, hi-lo)
		// level of main.2: lane 0 is past its limit, lane 1 is on it, lane 2 behind it
		assert.True(t, past(c, "main.2.0"))
		assert.False(t, past(c, "main.2.1"))
		assert.False(t, past(c, "main.2.2"))
		assert.True(t, past(c, "main.3.1"))
		assert.False(t, past(c, "main.3.2"))
		assert.True(t, past(c, "main.4.2"))
		assert.False(t, c.Spaces[mustLookup(t, c, "main.1.1")].Has(tracks.FlagPitEntryLimit), "a staggered limit replaces the default line")
	})

	t.Run("unused pits have no limit", func(t *testing.T) {
		c, err := tracks.Load("base.track", []byte(variant(map[int]string{11: "pit side=left entry=main.1 exit=start.4 boxes=10 unused"})))
		require.NoError(t, err)
		assert.Empty(t, c.Pit.Limit)
		_, _, ok := c.PitLimitBand()
		assert.False(t, ok)
		for i := range c.Spaces {
			assert.False(t, c.Spaces[i].Has(tracks.FlagPitEntryLimit), c.Spaces[i].Name)
		}
	})
}

func mustLookup(t *testing.T, c *tracks.Circuit, name string) tracks.SpaceID {
	t.Helper()
	id, ok := c.Lookup(name)
	require.True(t, ok, name)
	return id
}

package tracks_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Every embedded circuit parses, builds and validates with no problem, and
// says it is the circuit its file name says.
func TestEmbeddedCircuitsLoadAndValidate(t *testing.T) {
	ids := tracks.IDs()
	require.Contains(t, ids, "test-oval")
	require.IsNonDecreasing(t, ids, "IDs are sorted")
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			src, err := tracks.EmbeddedSource(id)
			require.NoError(t, err)
			c, err := tracks.Load(id+".track", src)
			require.NoError(t, err, "load %s", id)
			assert.Equal(t, id, c.ID, "the circuit line must match the file name")
			assert.NotEmpty(t, c.Name)
			assert.Positive(t, c.LapLength)
			assert.GreaterOrEqual(t, len(c.Grid), tracks.MinGridSlots)
			assert.NotEqual(t, tracks.NoSpace, c.QualifyingStart)
			// Validate without the source finds nothing either.
			assert.Empty(t, tracks.Validate(c, nil))
			// Get goes through the same path.
			g, err := tracks.Get(id)
			require.NoError(t, err)
			assert.Equal(t, c.LapLength, g.LapLength)
		})
	}
}

// Unknown or malformed ids are refused with the list of known circuits.
func TestEmbeddedUnknownID(t *testing.T) {
	for _, id := range []string{"no-such-circuit", "../circuits/test-oval", "Test-Oval", ""} {
		_, err := tracks.Get(id)
		require.Error(t, err, "id %q", id)
		for _, known := range tracks.IDs() {
			assert.Contains(t, err.Error(), known, "the error lists the known ids")
		}
		_, err = tracks.EmbeddedSource(id)
		require.Error(t, err)
	}
}

// Every space can be found by its name, names are unique, and ids are
// indexes.
func TestEmbeddedNamesAndIDs(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		seen := map[string]bool{}
		for i := range c.Spaces {
			s := &c.Spaces[i]
			require.Equal(t, tracks.SpaceID(i), s.ID)
			require.False(t, seen[s.Name], "space name %q used twice", s.Name)
			seen[s.Name] = true
			id, ok := c.Lookup(s.Name)
			require.True(t, ok)
			require.Equal(t, s.ID, id)
			require.NotEmpty(t, strings.TrimSpace(s.Name))
		}
		_, ok := c.Lookup("no.such.space")
		assert.False(t, ok)
	})
}

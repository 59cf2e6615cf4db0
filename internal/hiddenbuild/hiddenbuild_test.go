package hiddenbuild

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Strings finds a configured car's build order, its configuration line
// and its sentences in both languages, and nothing for a car not built.
func TestStrings(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	require.NoError(t, cfg.EnableVariant("5-D"))
	_, rec, err := fd.Simulate(cfg, c, "test-oval", 2, fd.SeedFrom("hidden-strings"))
	require.NoError(t, err)
	two := Strings(c, rec.Events, 2)
	require.Len(t, two, 4)
	assert.Regexp(t, `^order car=2 build=\d+/\d+/\d+/\d+/\d+/\d+$`, two[0])
	assert.Regexp(t, `^configuration car=2 wear=`, two[1])
	assert.Regexp(t, `^Car 2 is set up: tyres \d+`, two[2])
	assert.Regexp(t, `^La voiture 2 est réglée : pneus \d+`, two[3])
	assert.Empty(t, Strings(c, rec.Events, 3))
	assert.True(t, In("… "+two[2]+" …", two))
	assert.False(t, In("Car 1 is set up", two))
}

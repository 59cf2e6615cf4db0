package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 21-B's trigger (league AMB-46): the markers on the circuit and the rows
// they close. A full row of three lanes is a wall; two lanes of a row are
// markers but no wall, since a car still passes in the third.
func TestRedFlagCountsMarkersAndWalls(t *testing.T) {
	c := fdrLab(t)
	cars := []CarPosition{fdrAt("long.2.1", 2), fdrAt("long.1.1", 2)}
	for _, tc := range []struct {
		name           string
		debris         []string
		markers, walls int
	}{
		{"a clean circuit", nil, 0, 0},
		{"two lanes of a row: no wall", []string{"long.7.0", "long.7.1"}, 2, 0},
		{"a full row is a wall", []string{"long.7.0", "long.7.1", "long.7.2"}, 3, 1},
		{"a marker in the pit lane is off the circuit", []string{"long.7.0", "pit.1"}, 1, 0},
		{"three full rows are three walls", []string{
			"long.7.0", "long.7.1", "long.7.2",
			"long.9.0", "long.9.1", "long.9.2",
			"long.11.0", "long.11.1", "long.11.2", "long.12.1"}, 10, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Debris: tc.debris, Cars: cars})
			markers, walls := h.g.redFlagCounts()
			assert.Equal(t, tc.markers, markers, "markers")
			assert.Equal(t, tc.walls, walls, "walls")
		})
	}
}

package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 19-G: a team earns a mechanics point a quick stop its cars make, over
// the season's races; the next season opens with 1, 2 or 3.
func TestMechanics19G(t *testing.T) {
	results := []Result{
		{Cars: []Car{{Car: 1, Pilot: "Anna", Team: "Scuderia", QuickStops: 2}, {Car: 2, Pilot: "Bob", Team: "Scuderia", QuickStops: 1}, {Car: 3, Pilot: "Cleo", QuickStops: 1}}},
		{Cars: []Car{{Car: 1, Pilot: "Anna", Team: "Scuderia", QuickStops: 1}, {Car: 2, Pilot: "Dan", Team: "Lotus"}}},
	}
	got := Mechanics(map[string]int{"Lotus": 2, "Scuderia": 1}, results)
	assert.Equal(t, map[string]int{"Scuderia": 5, "Lotus": 2, "Cleo": 1}, got, "a pilot without a team keeps his own")

	for points, want := range map[int]int{0: 0, 4: 0, 5: 1, 11: 1, 12: 2, 20: 2, 21: 3, 35: 3} {
		assert.Equal(t, want, MechanicsSteps(points), "%d points", points)
	}
}

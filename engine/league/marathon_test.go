package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// AX-3 (LF-52): the moves added up over the circuits, fewest first; a
// lap ended on a circuit after every pilot who completed more; equal
// moves to the last circuit's ranking (its own roll-off).
func TestMarathonStandings(t *testing.T) {
	legs := []MarathonLeg{
		{Track: "a", Scores: []MarathonScore{{"Anna", 12, false}, {"Bob", 13, false}, {"Cleo", 14, false}, {"Dan", 9, true}}},
		{Track: "b", Scores: []MarathonScore{{"Cleo", 10, false}, {"Bob", 11, false}, {"Anna", 12, false}, {"Dan", 10, false}}},
	}
	got := MarathonStandings(legs)
	var order []string
	for _, r := range got {
		order = append(order, r.Pilot)
	}
	// Anna 24, Bob 24, Cleo 24: the last circuit's ranking (Cleo, Bob,
	// Anna); Dan 19 moves but a lap ended
	assert.Equal(t, []string{"Cleo", "Bob", "Anna", "Dan"}, order)
	assert.Equal(t, MarathonRow{Position: 4, Pilot: "Dan", Moves: 19, Circuits: 2, Ended: 1}, got[3])
	assert.Equal(t, MarathonRow{Position: 1, Pilot: "Cleo", Moves: 24, Circuits: 2}, got[0])

	legs[1].Scores[2].Moves = 11 // Anna 23: fewest moves wins
	assert.Equal(t, "Anna", MarathonStandings(legs)[0].Pilot)
	assert.Empty(t, MarathonStandings(nil))
}

package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// LF-50, AX-1: best of 5, forfeits from injuries carried run by run, a
// pilot out of the tournament giving his opponent the match.
func TestDragsterBracket(t *testing.T) {
	runs := []DragRun{
		{Left: "A", Right: "B", Winner: "A"}, {Left: "A", Right: "B", Winner: "A"}, {Left: "A", Right: "B", Winner: "A"},
		{Left: "C", Right: "D", Winner: "C"},
		{Left: "C", Right: "D", Winner: "D", Crashed: []string{"C"}, Forfeits: map[string]int{"C": 2}}, // then two runs lost by forfeit
		{Left: "A", Right: "D", Crashed: []string{"A"}, Out: []string{"A"}},
	}
	b := Dragster([]string{"A", "B", "C", "D"}, runs[:4])
	assert.Equal(t, 1, b.Next, "C against D runs on")
	assert.Equal(t, DragMatch{Round: 1, Left: "C", Right: "D", LeftWins: 1, Runs: 1}, b.Matches[1])

	b = Dragster([]string{"A", "B", "C", "D"}, runs[:5])
	require.Len(t, b.Matches, 3)
	assert.Equal(t, DragMatch{Round: 1, Left: "C", Right: "D", LeftWins: 1, RightWins: 3, Runs: 4, Winner: "D", Done: true}, b.Matches[1],
		"C's two forfeits are D's runs 3 and 4")
	assert.Equal(t, 2, b.Next, "the final: A against D")

	b = Dragster([]string{"A", "B", "C", "D"}, runs)
	assert.Equal(t, "D", b.Champion, "A is out after his crash: D wins the final")
	assert.True(t, b.Matches[2].Walkover)
	assert.Equal(t, -1, b.Next)
	assert.Equal(t, []string{"A"}, b.Out)
}

// AX-1: level after 5 runs, sudden death; a crash without a winner loses.
// A run nobody wins still counts; a rerun does not.
func TestDragsterSuddenDeath(t *testing.T) {
	runs := []DragRun{{Winner: "E"}, {Winner: "F"}, {}, {Rerun: true}, {Winner: "E"}, {Winner: "F"}}
	b := Dragster([]string{"E", "F"}, runs)
	assert.Equal(t, DragMatch{Round: 1, Left: "E", Right: "F", LeftWins: 2, RightWins: 2, Runs: 5}, b.Matches[0])
	assert.Equal(t, 0, b.Next)
	b = Dragster([]string{"E", "F"}, append(runs, DragRun{Crashed: []string{"F"}}))
	assert.Equal(t, "E", b.Champion)
}

// AX-1: both pilots of a match out: the pilot they were due to meet goes
// through; an odd pilot has a bye.
func TestDragsterBothOutAndBye(t *testing.T) {
	runs := []DragRun{{Left: "A", Right: "B", Crashed: []string{"A", "B"}, Out: []string{"A", "B"}},
		{Winner: "C"}, {Winner: "C"}, {Winner: "C"}}
	b := Dragster([]string{"A", "B", "C", "D", "E"}, runs)
	assert.Equal(t, "", b.Matches[0].Winner)
	assert.Equal(t, "C", b.Matches[1].Winner)
	// round 2: "" (A/B) against C: C's walkover; E had a bye and meets C in round 3
	assert.True(t, b.Matches[2].Walkover)
	assert.Equal(t, DragMatch{Round: 3, Left: "C", Right: "E"}, b.Matches[3])
	assert.Equal(t, 3, b.Next)
}

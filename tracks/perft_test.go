package tracks_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/tracks"
)

// destinations returns the distinct spaces a car reaches from start in
// exactly n moves, and the number of different n-move paths (as a chess
// perft counts leaf nodes).
func destinations(c *tracks.Circuit, start tracks.SpaceID, n int) (map[tracks.SpaceID]bool, int) {
	paths := map[tracks.SpaceID]int{start: 1}
	for range n {
		next := map[tracks.SpaceID]int{}
		for s, k := range paths {
			for _, t := range c.Spaces[s].Next {
				next[t] += k
			}
		}
		paths = next
	}
	set, total := map[tracks.SpaceID]bool{}, 0
	for s, k := range paths {
		set[s] = true
		total += k
	}
	return set, total
}

func sortedNames(c *tracks.Circuit, set map[tracks.SpaceID]bool) []string {
	var out []string
	for id := range set {
		out = append(out, c.Spaces[id].Name)
	}
	sort.Strings(out)
	return out
}

// "Perft" for the test oval: from fixed spaces, the number of distinct
// destinations in exactly N moves (N = 1..6) and of N-move paths are
// pinned. Any change to the edges of the builder changes them.
func TestPerftTestOval(t *testing.T) {
	c := embedded(t, "test-oval")

	// Checked by hand on the board, N = 1 and 2:
	//  - main.1.0 is the pit-entry space, in the left lane of the main
	//    straight. One move: ahead main.2.0, diagonally main.2.1, or into the
	//    pit lane pit.1. Two moves: main.3.0 and main.3.1 (from main.2.0),
	//    main.3.0/3.1/3.2 (from main.2.1), pit.2 and box.1 (from pit.1):
	//    five spaces, 2+3+2 = 7 paths.
	//  - back.14.0 is two spaces before the South Bend, left (outside) lane.
	//    One move: back.15.0, back.15.1. Two: south.0.0 and south.0.1 (from
	//    back.15.0), south.0.0/0.1/0.2 (from back.15.1): three spaces, 5
	//    paths.
	//  - north.0.2 is the first inside space of the North Bend: in a corner
	//    only the printed arrows lead on, north.1.2 and north.1.1.
	assert.Equal(t, []string{"main.2.0", "main.2.1", "pit.1"}, sortedNames(c, first(destinations(c, space(t, c, "main.1.0"), 1))))
	assert.Equal(t, []string{"box.1", "main.3.0", "main.3.1", "main.3.2", "pit.2"}, sortedNames(c, first(destinations(c, space(t, c, "main.1.0"), 2))))
	assert.Equal(t, []string{"back.15.0", "back.15.1"}, sortedNames(c, first(destinations(c, space(t, c, "back.14.0"), 1))))
	assert.Equal(t, []string{"south.0.0", "south.0.1", "south.0.2"}, sortedNames(c, first(destinations(c, space(t, c, "back.14.0"), 2))))
	assert.Equal(t, []string{"north.1.1", "north.1.2"}, sortedNames(c, first(destinations(c, space(t, c, "north.0.2"), 1))))

	for _, tc := range []struct {
		from          string
		spaces, paths [6]int // for N = 1..6
	}{
		// the pit lane runs beside the straight: the set stays at five (three
		// lanes, the pit space and the box beside it)
		{"main.1.0", [6]int{3, 5, 5, 5, 5, 5}, [6]int{3, 7, 15, 34, 78, 182}},
		// into the South Bend, where lanes have 8, 6 and 4 spaces over 8
		// levels, so the reachable set widens
		{"back.14.0", [6]int{2, 3, 4, 7, 9, 11}, [6]int{2, 5, 12, 29, 70, 169}},
		{"north.0.2", [6]int{2, 5, 6, 9, 11, 12}, [6]int{2, 5, 12, 29, 70, 169}},
		// the qualifying start, across the line onto the start straight
		{"main.9.1", [6]int{3, 3, 3, 3, 3, 3}, [6]int{3, 7, 17, 41, 99, 239}},
		// down the pit lane past the boxes, across the line, back on track
		// at start.4.0
		{"pit.7", [6]int{2, 2, 2, 2, 1, 1}, [6]int{2, 3, 5, 8, 8, 8}},
	} {
		for n := 1; n <= 6; n++ {
			set, paths := destinations(c, space(t, c, tc.from), n)
			assert.Equal(t, tc.spaces[n-1], len(set), "from %s in %d moves: %v", tc.from, n, sortedNames(c, set))
			assert.Equal(t, tc.paths[n-1], paths, "paths from %s in %d moves", tc.from, n)
		}
	}
}

func first[A, B any](a A, _ B) A { return a }

// The same counts on the hand-made board, where every number can be checked
// against the drawing in testdata/handmade.track.
func TestPerftHandmade(t *testing.T) {
	c := loadHandmade(t)
	got := func(from string, n int) string {
		set, paths := destinations(c, space(t, c, from), n)
		return fmt.Sprint(sortedNames(c, set), " ", paths)
	}
	// a3: a4 and b5 (the hairpin's two entries)
	assert.Equal(t, "[a4 b5] 2", got("a3", 1))
	// a4 → a5, b5; b5 → b7, a6
	assert.Equal(t, "[a5 a6 b5 b7] 4", got("a3", 2))
	// a5 → a6, b7; b5 → b7, a6; a6 → a7, b7; b7 → b8, a8
	assert.Equal(t, "[a6 a7 a8 b7 b8] 8", got("a3", 3))
	// across the line: a11 → a0, b0
	assert.Equal(t, "[a0 b0] 2", got("a11", 1))
}

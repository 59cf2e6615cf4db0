package fd

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Perft: for fixed positions on test-oval and fixed rolls, the number of
// move options and of distinct end spaces, pinned. A change in the move
// generator (shortest paths, blocking, braking, debris, the pit lane)
// shows up here as a changed count.

// gearFor picks the gear whose die shows the roll (T-01b).
func gearFor(roll int) int {
	switch {
	case roll <= 2:
		return 1
	case roll <= 4:
		return 2
	case roll <= 8:
		return 3
	case roll <= 12:
		return 4
	case roll <= 20:
		return 5
	}
	return 6
}

type perftPosition struct {
	name   string
	cars   func(gear int) []CarPosition
	debris []string
	laps   int
}

var perftPositions = []perftPosition{
	{"alone", func(g int) []CarPosition {
		return []CarPosition{at("start.0.1", g).laps(1)}
	}, nil, 2},
	{"traffic", func(g int) []CarPosition {
		return []CarPosition{at("start.0.1", g).laps(1), at("start.2.1", 3), at("start.3.0", 3), at("start.4.2", 3), at("north.0.1", 3), at("north.1.2", 3)}
	}, []string{"north.2.0", "start.5.1"}, 2},
	{"pit entry", func(g int) []CarPosition {
		// a 3-lap race, lap 2 ends: the pit lane is open; a car on pit.2
		return []CarPosition{at("main.0.1", g).laps(1), at("main.2.0", 3), at("pit.2", 3).pits(1)}
	}, nil, 3},
	{"ten cars", func(g int) []CarPosition {
		return []CarPosition{at("main.0.1", g).laps(1), at("main.3.1", 4), at("main.5.0", 4), at("main.6.2", 4), at("main.9.1", 4),
			at("start.1.0", 4), at("start.2.2", 4), at("start.4.1", 4), at("north.1.1", 4), at("north.2.2", 4)}
	}, []string{"start.3.1", "north.3.0"}, 2},
}

// perftCount returns the options and distinct ends after a roll.
func perftCount(t testing.TB, p perftPosition, roll int) (int, int) {
	g := gearFor(roll)
	cfg := DefaultConfig()
	cfg.Laps = p.laps
	h := play(t, ovalTrack(t), cfg, p.cars(g), p.debris)
	h.gear(g, roll)
	d := h.expect(1, DecideMove)
	ends := map[string]bool{}
	for _, op := range d.Options {
		ends[h.name(op.End)] = true
	}
	return len(d.Options), len(ends)
}

func TestPerft(t *testing.T) {
	// position → roll → {options, distinct ends}
	want := map[string]map[int][2]int{
		"alone":     {1: {4, 4}, 2: {7, 7}, 3: {10, 10}, 4: {12, 12}, 5: {12, 12}, 6: {12, 12}, 7: {12, 12}, 8: {14, 14}, 9: {15, 15}, 10: {17, 17}, 11: {17, 17}, 12: {14, 14}},
		"traffic":   {1: {4, 4}, 2: {6, 6}, 3: {8, 8}, 4: {9, 9}, 5: {9, 9}, 6: {9, 9}, 7: {9, 9}, 8: {10, 10}, 9: {10, 10}, 10: {11, 11}, 11: {14, 14}, 12: {14, 14}},
		"pit entry": {1: {4, 4}, 2: {7, 7}, 3: {11, 11}, 4: {13, 13}, 5: {13, 13}, 6: {14, 14}, 7: {14, 14}, 8: {14, 14}, 9: {14, 14}, 10: {14, 14}, 11: {14, 14}, 12: {14, 14}},
		"ten cars": {1: {4, 4}, 2: {7, 7}, 3: {9, 9}, 4: {11, 11}, 5: {10, 10}, 6: {9, 9}, 7: {10, 10}, 8: {10, 10}, 9: {10, 10}, 10: {11, 11}, 11: {10, 10}, 12: {9, 9},
			13: {10, 10}, 14: {9, 9}, 15: {10, 10}, 16: {11, 11}, 17: {10, 10}, 18: {10, 10}, 19: {11, 11}, 20: {13, 13}, 21: {14, 14}, 22: {15, 15},
			23: {14, 14}, 24: {12, 12}, 25: {12, 12}, 26: {12, 12}, 27: {12, 12}, 28: {12, 12}, 29: {12, 12}, 30: {12, 12}},
	}
	if os.Getenv("PERFT_PRINT") != "" { // regenerate the table after a deliberate change
		for _, p := range perftPositions {
			fmt.Printf("\t%q: {", p.name)
			for roll := 1; roll <= 30; roll++ {
				if p.name != "ten cars" && roll > 12 {
					break
				}
				n, e := perftCount(t, p, roll)
				fmt.Printf("%d: {%d, %d}, ", roll, n, e)
			}
			fmt.Println("},")
		}
		return
	}
	for _, p := range perftPositions {
		for roll, counts := range want[p.name] {
			n, e := perftCount(t, p, roll)
			assert.Equal(t, counts, [2]int{n, e}, "%s, roll %d", p.name, roll)
		}
	}
}

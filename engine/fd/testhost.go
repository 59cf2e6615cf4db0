package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/tracks"
)

// The test seam: what engine/fd/fdtest (the harness of rules modules'
// tests, outside this package) needs beyond the exported game, and nothing
// else. Nothing here changes a game; it only reads it. Non-test code has no
// use for it.

// BoardFaults lists what is wrong with the board after a play, one
// sentence each (nil: nothing): two cars on one space the rules do not let
// them share, a wear category outside 0 and the car's starting value once
// the setup is done, a pit pool below 0 or above what the car's spread
// leaves (O-PIT), a racing car off the board, a wreck still classified.
// It is the check the property tests run after every play of a race
// (fdtest.CheckBoard, and engine/fd's own fdrCheckBoard).
func (g *Game) BoardFaults() []string {
	var faults []string
	seen := map[tracks.SpaceID]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.OnBoard() {
			if other, dup := seen[c.Space]; dup && !g.spaceShared(c.Space) { // 19-B shares the pit lane (SpaceRule)
				faults = append(faults, fmt.Sprintf("play %d: cars %d and %d both on %s", g.Play, other, c.Number, g.Track.Spaces[c.Space].Name))
			}
			seen[c.Space] = c.Number
		}
		if g.setupStage < setupDone {
			continue
		}
		start := g.startingWear(c)
		for cat, v := range c.Wear {
			if v < 0 || v > start[cat] {
				faults = append(faults, fmt.Sprintf("play %d: car %d %s = %d, outside 0..%d", g.Play, c.Number, g.catName(Category(cat)), v, start[cat]))
			}
		}
		given, _ := g.givenBuild(c.Number) // before 19-F's tune
		if p := g.pitPool[c.Number]; p < 0 || p > g.spread(c.Number).Total-given.CarPoints() {
			faults = append(faults, fmt.Sprintf("play %d: car %d has %d pit points", g.Play, c.Number, p))
		}
		if c.Status == Racing && c.Space == tracks.NoSpace {
			faults = append(faults, fmt.Sprintf("play %d: racing car %d is off the board", g.Play, c.Number))
		}
		if c.eliminatedOnBoard() && c.Status != Eliminated {
			faults = append(faults, fmt.Sprintf("play %d: car %d is a wreck but %s", g.Play, c.Number, c.Status))
		}
	}
	return faults
}

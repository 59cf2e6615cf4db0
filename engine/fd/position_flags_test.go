package fd

import (
	"slices"
	"testing"
)

// What a league variant keeps of a car is read where a stored game keeps
// it: the flags of the car's position-car line. An in-package test reads
// it there rather than in the variant's slot, which it cannot name once
// the variants live in engine/fd/variants (issue 13).

// carPositionFlags are the flags g's position writes for car (its
// number): what a stored game keeps of its module state.
func carPositionFlags(t testing.TB, g *Game, car int) []string {
	t.Helper()
	for _, cp := range g.Position().Cars {
		if cp.Car == car {
			return cp.Flags
		}
	}
	t.Fatalf("no car %d in the position", car)
	return nil
}

// positionSays reports whether car's position line carries flag.
func positionSays(t testing.TB, g *Game, car int, flag string) bool {
	t.Helper()
	return slices.Contains(carPositionFlags(t, g, car), flag)
}

// positionCount is how many times car's position line repeats flag: a
// count (engineer-point, pilot-point, season-token) says one flag a unit.
func positionCount(t testing.TB, g *Game, car int, flag string) int {
	t.Helper()
	return countFlag(carPositionFlags(t, g, car), flag)
}

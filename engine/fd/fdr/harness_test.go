package fdr

import (
	"encoding/hex"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// fdr's tests drive their games on engine/fd/fdtest's harness (Harness,
// CarAt, FDRAt, FDRLab, Kinds, AutopilotRace …), which imports engine/fd
// only, so that package fdr's tests can import it (issue 13). What is
// here only fdr's tests use. engine/fd's own tests keep their copies
// (harness_test.go, harness_fdrgames_test.go): a package fd test cannot
// import fdtest, which imports engine/fd.

// fdrStart starts a competition-rules game from the cars (numbered in
// order) and debris, round 1 done, in the given weather, with the rolls
// StartFrom needs.
func fdrStart(t testing.TB, c *tracks.Circuit, wx fd.WeatherState, cars []fdtest.CarAt, debris []string, rolls ...int) *fdtest.Harness {
	t.Helper()
	return fdtest.StartPosition(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, Debris: debris, Cars: fdrCars(cars...)}, rolls...)
}

// overshootBy picks a move option that overshoots a corner by n spaces
// without braking (R10).
func overshootBy(n int) func(fd.Option) bool {
	return func(op fd.Option) bool { return op.Overshoot == n && op.Braked == 0 }
}

// beforeCornerOne starts car 1 in 3rd on long.31.0, before Corner One
// (1 stop, levels 34–40), its tyres and brakes at the points given, and
// car 2 in 2nd on long.5.1, in fine weather: the overshoot and spin scenes
// of R10 and EX-C-31.
func beforeCornerOne(t testing.TB, c *tracks.Circuit, tyres, brakes int) *fdtest.Harness {
	t.Helper()
	car := fdtest.FDRAt("long.31.0", 3)
	car.Wear[fd.Tyres], car.Wear[fd.Brakes] = tyres, brakes
	return fdrStart(t, c, fd.Fine, []fdtest.CarAt{car, fdtest.FDRAt("long.5.1", 2)}, nil)
}

// fdrCars are the placements as a position's cars, unnumbered, as the
// tests that write or read a position by hand give them (fdtest.Positions
// numbers them).
func fdrCars(cars ...fdtest.CarAt) []fd.CarPosition {
	out := make([]fd.CarPosition, len(cars))
	for i, c := range cars {
		out[i] = c.Position()
	}
	return out
}

func hexSeed(s [dice.SeedSize]byte) string { return hex.EncodeToString(s[:]) }

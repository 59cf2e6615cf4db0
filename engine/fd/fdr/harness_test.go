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

package fdr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// fdr's scenes on engine/fd/fdtest's harness, which all of fdr's tests
// drive their games on (harness_test.go says what stays fdr's own); this
// test pins a scene of each kind: a plain 5th that blows the last engine
// point, and a placed build, tyres and arrival read back.

// lastEngineAtLong is the scene of the tests that save a last engine
// point: car 1 in 4th on long.2.1 with one engine point, car 2 behind;
// longest picks a 5th's 20 spaces unbraked, a roll that calls the engine
// test (R16.3).
func lastEngineAtLong() (func() fd.Position, func(fd.Option) bool) {
	lastEngine := func() fd.Position {
		return fd.Position{Round: 1, Cars: fdtest.Positions(fdtest.FDRAt("long.2.1", 4).WithPoints(fd.Engine, 1), fdtest.FDRAt("long.0.0", 1))}
	}
	return lastEngine, func(op fd.Option) bool { return len(op.Path) == 20 && op.Braked == 0 }
}

// plainFifthBlowsTheEngine plays lastEngineAtLong's scene under cfg with
// no declaration: a 20 in 5th, the black die's 3 blows the last engine
// point (R16.4).
func plainFifthBlowsTheEngine(t *testing.T, c *tracks.Circuit, cfg fd.Config) *fdtest.Harness {
	t.Helper()
	lastEngine, longest := lastEngineAtLong()
	h := fdtest.StartPosition(t, c, cfg, lastEngine())
	h.Submit(fd.Order{Car: 1, Letter: "5"}, 20)
	h.Pick(longest, 3)
	assert.Zero(t, h.Car(1).Wear[fd.Engine], "a plain 5th: the 3 stands, the last engine point goes (R16.4)")
	return h
}

// fdtest's harness plays fdr's scenes: the last engine point blown in a plain 5th (R16.4), and a car
// placed with a build, tyres and an arrival read back as placed.
func TestFDRHarnessOnFdtest(t *testing.T) {
	h := plainFifthBlowsTheEngine(t, fdtest.FDRLab(t), FDRConfig())
	assert.True(t, strings.HasPrefix(h.Space(1), "long.22."), "20 spaces on from long.2: %s", h.Space(1))

	build := fd.Wear{8, 4, 2, 2, 2, 2}
	h = fdrStart(t, fdtest.FDRLab(t), fd.Fine, []fdtest.CarAt{
		fdtest.FDRAt("long.2.1", 2).WithBuild(build, 1).WithTyre(fd.Soft, 1).WithArrival(1),
		fdtest.FDRAt("long.2.0", 2).WithArrival(2),
	}, nil)
	h.Expect(1, fd.DecideGear) // level and gear tied: the earlier arrival plays first (R6.8)
	got := h.G.Position().Cars[0]
	assert.Equal(t, build, got.Config)
	assert.Equal(t, 1, got.Pit)
	assert.Equal(t, fd.Soft, got.Tyre)
	assert.Equal(t, 1, got.TyreAge)
	assert.Contains(t, h.Gears(), 3)
	assert.Equal(t, 3, h.GearOption(3).Gear)

	h = fdrStart(t, fdtest.FDRLab(t), fd.Fine, []fdtest.CarAt{
		fdtest.FDRAt("long.2.1", 2).WithArrival(2),
		fdtest.FDRAt("long.2.0", 2).WithArrival(1),
	}, nil)
	h.Expect(2, fd.DecideGear)
}

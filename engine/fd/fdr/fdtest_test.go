package fdr_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdr"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// fdr's test harness (harness_test.go) on engine/fd/fdtest, an
// external test of package fdr (it moved here with fdr, issue 13). fdr's
// internal tests still use harness_test.go's copies; moving them onto
// this one is left. Its test plays one of fdr's scenes through it, so
// that it keeps working.

// fdrLabTrack is harness_test.go's lab: a rectangle with a 34-space
// straight after the line and a 44-space back straight (room for a 30 in
// 6th), corners One (1 stop), Two (2), Three (3) and Four (1), and a pit
// lane from home.1 to long.4.
const fdrLabTrack = `circuit fdrlab
name "FDR Lab"
description "Competition-rules lab: long straights, a 1-, a 2- and a 3-stop corner, a pit lane."
lanes 3
laps 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 34 id=long
corner "One" right stops=1 angle=90 radius=6 id=one
straight 8 id=b
corner "Two" right stops=2 angle=90 radius=6 id=two
straight 44 id=c
corner "Three" right stops=3 angle=90 radius=6 id=three
straight 8 id=d
corner "Four" right stops=1 angle=90 radius=6 id=four
straight 10 id=home
pit side=left entry=home.1 exit=long.4 boxes=10
`

func fdrLab(t testing.TB) *tracks.Circuit { return fdtest.InlineTrack(t, fdrLabTrack) }

// fdrPlay starts a competition-rules game from the cars and debris (round
// 1 done, the given weather) with the rolls StartFrom needs.
func fdrPlay(t testing.TB, c *tracks.Circuit, wx fd.WeatherState, cars []fdtest.CarAt, debris []string, rolls ...int) *fdtest.Harness {
	t.Helper()
	return fdtest.StartPosition(t, c, fdr.FDRConfig(), fd.Position{Round: 1, Weather: wx, Debris: debris, Cars: fdtest.Positions(cars...)}, rolls...)
}

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

// The fdr harness on fdtest plays fdr's scenes as harness_test.go
// does: the last engine point blown in a plain 5th (R16.4), and a car
// placed with a build, tyres and an arrival read back as placed.
func TestFDRHarnessOnFdtest(t *testing.T) {
	h := plainFifthBlowsTheEngine(t, fdrLab(t), fdr.FDRConfig())
	assert.True(t, strings.HasPrefix(h.Space(1), "long.22."), "20 spaces on from long.2: %s", h.Space(1))

	build := fd.Wear{8, 4, 2, 2, 2, 2}
	h = fdrPlay(t, fdrLab(t), fd.Fine, []fdtest.CarAt{
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

	h = fdrPlay(t, fdrLab(t), fd.Fine, []fdtest.CarAt{
		fdtest.FDRAt("long.2.1", 2).WithArrival(2),
		fdtest.FDRAt("long.2.0", 2).WithArrival(1),
	}, nil)
	h.Expect(2, fd.DecideGear)
}

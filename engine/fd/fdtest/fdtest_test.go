package fdtest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/engine/fd/street"
)

// The harness plays R-BRK-02 on test-oval as engine/fd's own harness
// does (rules_test.go): a 3 in 2nd, one space moved, two brake points.
func TestHarnessPlaysScriptedDice(t *testing.T) {
	h := fdtest.Start(t, fdtest.Track(t, "test-oval"), fd.DefaultConfig(), []fdtest.CarAt{fdtest.At("back.0.1", 2)}, nil)
	assert.Equal(t, []string{"round n=2 order=1", "turn play=1 car=1"}, h.Since(), "the round StartFrom opened, not the position lines")
	h.Expect(1, fd.DecideGear)
	h.Gear(2, 3)
	d := h.Expect(1, fd.DecideMove)
	assert.Equal(t, 3, d.Distance)
	assert.True(t, h.HasEnd("back.1.1"))
	assert.Contains(t, h.Ends(), "back.3.1")
	h.MoveN("back.1.1", 1)
	assert.Equal(t, "back.1.1", h.Space(1))
	assert.Equal(t, 1, h.Car(1).Wear[fd.Brakes], "3 brake points less 2")
	assert.Empty(t, h.Debris())
	lines := h.Since()
	assert.Equal(t, []string{"wear car=1 brakes=-2"}, fdtest.WithoutCause(fdtest.Kinds(lines, "wear")))
	assert.Contains(t, fdtest.Kinds(lines, "roll"), "roll play=1 car=1 for=gear n=0 die=d6 value=3", "the gear die, as scripted")
	assert.Empty(t, h.Since(), "Since moved its mark")
	assert.Empty(t, h.G.BoardFaults())
}

func TestCarAtPlacesByHand(t *testing.T) {
	cars := fdtest.Positions(
		fdtest.At("a.1.0", 3).WithWear("1/3/2/2/2/2").WithLaps(1).WithFlags("nitro"),
		fdtest.At("a.2.0", 2).WithDriver(street.DriverJenny).WithPoints(fd.Tyres, 1).WithStops(1).WithPitStops(2))
	assert.Equal(t, 1, cars[0].Car)
	assert.Equal(t, 2, cars[1].Car)
	assert.Equal(t, fd.Wear{1, 3, 2, 2, 2, 2}, cars[0].Wear)
	assert.Equal(t, 1, cars[0].Laps)
	assert.Equal(t, []string{"started", "crossed", "nitro"}, cars[0].Flags)
	assert.Equal(t, street.DriverJenny, cars[1].Driver)
	assert.Equal(t, fd.Wear{1, 6, 2, 3, 3, 2}, cars[1].Wear, "Jenny's card, tyres set to 1")
	assert.Equal(t, 1, cars[1].Stops)
	assert.Equal(t, 2, cars[1].PitStops)
	fdr := fdtest.Positions(fdtest.FDRAt("a.1.0", 2).WithBuild(fd.Wear{8, 4, 2, 2, 2, 2}, 1).WithTyre(fd.Soft, 2).WithArrival(3))[0]
	assert.Equal(t, fd.Wear{8, 4, 2, 2, 2, 2}, fdr.Config)
	assert.Equal(t, fdr.Config, fdr.Wear, "the build is the car's wear too")
	assert.Equal(t, 1, fdr.Pit)
	assert.Equal(t, fd.Soft, fdr.Tyre)
	assert.Equal(t, 2, fdr.TyreAge)
	assert.Equal(t, 3, fdr.Arrival)
	assert.Equal(t, fd.ConfigFor(fd.FDR).Start, fdtest.FDRAt("a.1.0", 2).Wear)
	base := fdtest.At("a.1.0", 3)
	_ = base.WithFlags("x")
	assert.Equal(t, []string{"started", "crossed"}, base.Flags, "a copy: the placement it came from is unchanged")
}

func TestCheckBoardFindsAFault(t *testing.T) {
	h := fdtest.Start(t, fdtest.Track(t, "test-oval"), fd.DefaultConfig(), []fdtest.CarAt{fdtest.At("back.0.1", 2)}, nil)
	require.Empty(t, h.G.BoardFaults())
	h.Car(1).Wear[fd.Tyres] = 99
	faults := h.G.BoardFaults()
	require.Len(t, faults, 1)
	assert.Contains(t, faults[0], "car 1 tyres = 99, outside 0..6")
}

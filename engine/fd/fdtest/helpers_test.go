package fdtest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
)

// FDR Lab has what fdr's tests drive on: the long straight, the 44-space
// back straight, the pit lane and its boxes.
func TestFDRLabHasItsSpaces(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, name := range []string{"long.33.2", "c.43.1", "home.9.0", "pit.2", "box.1"} {
		_, ok := c.Lookup(name)
		assert.True(t, ok, name)
	}
	_, ok := c.Lookup("long.34.0")
	assert.False(t, ok, "the straight after the line is 34 spaces")
}

// The record's text and the roll lines made for a test, on
// TestHarnessPlaysScriptedDice's scene: a 3 in 2nd rolls the gear die
// only.
func TestEventsTextAndRolledFor(t *testing.T) {
	h := fdtest.Start(t, fdtest.Track(t, "test-oval"), fd.DefaultConfig(), []fdtest.CarAt{fdtest.At("back.0.1", 2)}, nil)
	h.Gear(2, 3)
	h.MoveN("back.1.1", 1)
	gearRoll := "roll play=1 car=1 for=gear n=0 die=d6 value=3"
	assert.Contains(t, fdtest.EventsText(h.G), "\n"+gearRoll+"\n")
	assert.Equal(t, []string{gearRoll}, fdtest.RolledFor(fdtest.EventLines(h.G), "gear"))
	assert.Empty(t, fdtest.RolledFor(fdtest.EventLines(h.G), "handling"))
}

func TestEventWritesItsPairs(t *testing.T) {
	assert.Equal(t, "position-car car=1 space=c.1.1 gear=2", fdtest.Event("position-car", "car", 1, "space", "c.1.1", "gear", 2).String())
}

// A position written as record lines reads back as placed.
func TestPositionTextRoundTrips(t *testing.T) {
	p := fd.Position{Round: 3, Cars: fdtest.Positions(fdtest.At("back.0.1", 2).WithLaps(1), fdtest.At("back.2.0", 4).WithWear("1/3/2/2/2/2"))}
	back, text := fdtest.PositionText(t, p)
	assert.Contains(t, text, "position round=3")
	require.Len(t, back.Cars, 2)
	assert.Equal(t, "back.2.0", back.Cars[1].Space)
	assert.Equal(t, 4, back.Cars[1].Gear)
	assert.Equal(t, fd.Wear{1, 3, 2, 2, 2, 2}, back.Cars[1].Wear)
	assert.Equal(t, 1, back.Cars[0].Laps)
}

// An autopilot race runs to its end, its board checked after every play,
// and its record replays.
func TestAutopilotRaceEndsAndReplays(t *testing.T) {
	c := fdtest.Track(t, "test-oval")
	var seed [dice.SeedSize]byte
	seed[0] = 13
	g, rec := fdtest.AutopilotRace(t, fd.DefaultConfig(), c, "test-oval", 3, seed)
	assert.True(t, g.Over)
	assert.Equal(t, g.Events, rec.Events)
	assert.Equal(t, 3, rec.Cars)
	_, err := fd.Replay(rec, c)
	assert.NoError(t, err)
}

package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// qualifyingLapAt is qualifying session 1 under fdr on the test oval, car
// 1's lap in progress at space in gear (R1), car 2's lap already done.
func qualifyingLapAt(t *testing.T, src dice.Source, space string, gear int) *fd.Game {
	t.Helper()
	build := fd.FDRDefaultBuild()
	lap := fd.CarPosition{Car: 1, Space: space, Gear: gear, Wear: build, Config: build, Pit: 2, Flags: []string{"started", "crossed"}}
	p := fd.Position{Session: 1, QualiWeather: fd.Fine, SessionWeather: "sun",
		Cars:      []fd.CarPosition{{Car: 1, Wear: build, Config: build}, {Car: 2, Wear: build, Config: build}},
		Laps:      []fd.LapPosition{{Car: lap, Round: 1, Play: 1}},
		Qualified: []fd.QualifyingResult{{Car: 2, Session: 1, Rolls: 9, Past: 1, Covered: 40, Seq: 1}}}
	g, err := fd.NewGame("t", fd.FDRConfig(), oval(t), 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(p, src))
	return g
}

// driveLap drives car 1's qualifying lap with d to its end and returns
// its result and the stops it made in the South Bend.
func driveLap(t *testing.T, g *fd.Game, d Driver, src dice.Source) (fd.QualifyingResult, []string) {
	t.Helper()
	var stops []string
	for range 40 {
		dec := g.Pending()
		if dec == nil || dec.Session != "qualifying" {
			break
		}
		require.Equal(t, 1, dec.Car)
		o, ok := d.Order(g, 1)
		require.True(t, ok)
		mark := len(g.Events)
		require.NoError(t, g.Submit(o, src))
		for _, e := range g.Events[mark:] {
			if e := e.InRace(); e.Kind == "q-stop" && e.Get("corner") == "South Bend" {
				stops = append(stops, e.Get("stops"))
			}
		}
	}
	for _, r := range g.QualifyingResults() {
		if r.Car == 1 {
			return r, stops
		}
	}
	t.Fatal("car 1's lap did not end")
	return fd.QualifyingResult{}, nil
}

// R1.10, R1.1, R1.9: in 4th eight levels before the test oval's 2-stop
// South Bend, every die rolling its highest face, a legend driving its own
// qualifying lap makes both stops there (without brakes, R1.1, only its
// gears can; no stop would abort the session, R1.10) and ends the lap in
// fewer rolls than the autopilot from the same place (4 against 5), with
// no penalty roll.
func TestLegendQualifyingLapMakesItsStops(t *testing.T) {
	r, stops := driveLap(t, qualifyingLapAt(t, highest{}, "back.7.1", 4), Driver{Level: Legend}, highest{})
	assert.False(t, r.Ended, "the session aborted (R1.10)")
	assert.Contains(t, stops, "2", "stops made in South Bend: %v", stops)
	auto, _ := driveLap(t, qualifyingLapAt(t, highest{}, "back.7.1", 4), Driver{Level: Pro}, highest{})
	require.False(t, auto.Ended)
	assert.Less(t, r.Score(), auto.Score(), "legend %+v, autopilot %+v", r, auto)
	assert.Zero(t, r.Penalty)
}

// Only the legend drives its own lap: the pro's and the rookie's orders in
// a qualifying session are the autopilot's, every one of them.
func TestOnlyTheLegendDrivesItsQualifyingLap(t *testing.T) {
	for _, lvl := range []Level{Rookie, Pro} {
		g := qualifyingLapAt(t, highest{}, "back.7.1", 4)
		for range 40 {
			dec := g.Pending()
			if dec == nil || dec.Session != "qualifying" {
				break
			}
			o, ok := Driver{Level: lvl}.Order(g, 1)
			require.True(t, ok)
			auto, ok := fd.AutopilotFor(g, 1)
			require.True(t, ok)
			require.Equal(t, auto, o, "%s, %s", lvl, dec.Kind)
			require.NoError(t, g.Submit(o, highest{}))
		}
	}
}

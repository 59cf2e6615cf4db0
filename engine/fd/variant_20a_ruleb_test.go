package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 20-A rule B in the race (spec B, l.1194–1198; league AMB-43), the
// AccidentRule hook with AccidentStop: car 1's overshoot in 4th eliminates
// it after the leader's first lap; its d20 of 19 hurts, the reroll of 2
// kills. The race ends at once, at the end of that play, before car 2 or
// car 3 plays again, classified in the track order at that instant
// (car 2 ahead of car 3), full points (RedFlagLap stays 0).
func TestVariant20ARuleBDeathAfterLap1EndsTheRace(t *testing.T) {
	third := fdrAt("long.5.1", 2).laps(1)
	h := overshootRaceIn(t, fdrVariantCfg(t, "20-A:rule=B"), 4, 1, nil, []CarPosition{third}, 19, 2)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "roll play=1 car=1 for=injury n=0 die=black value=19\nroll play=1 car=1 for=death n=0 die=black value=2\n"+
		"injury car=1 cause=overshoot rolls=19,2 result=dead races=0\naccident-stop car=1 lap=2 outcome=ended\nfinish car=2 place=1\nfinish car=3 place=2\nover")
	assert.True(t, h.g.Over)
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Zero(t, h.g.RedFlagLap())
	assert.False(t, h.g.HalfPoints())
	tests, rolled := h.g.InjuryTests()
	assert.True(t, rolled, "the league reads the race's tests")
	assert.Equal(t, []AccidentOutcome{{Car: 1, Cause: AccidentOvershoot, Rolls: []int{19, 2}, Injured: true, Dead: true}}, tests)
	replaysTheSame(t, h)

	// the same race under rule A's reading of the same roll: a 19 hurts no one
	a := overshootRaceIn(t, fdrVariantCfg(t, "20-A"), 4, 1, nil, []CarPosition{third}, 19)
	assert.Empty(t, kinds(a.since(), "accident-stop", "finish"), "rule A: no stop")
	assert.False(t, a.g.Over)
}

// Rule B, death on lap 1 (spec B, l.1198): a new start for 2 laps, the
// grid in the track order at the accident (car 2, then car 3), each car
// restarting as it is: its life points and its worn tyres kept (tyres
// frozen: no change before the restart) [DEC]; the dead pilot's car stays
// out.
func TestVariant20ARuleBDeathOnLap1StartsAgainForTwoLaps(t *testing.T) {
	third := fdrAt("long.5.1", 2)
	third.Wear[Tyres], third.TyreAge = 3, 4
	h := overshootRaceIn(t, fdrVariantCfg(t, "20-A:rule=B"), 4, 0, nil, []CarPosition{third}, 20, 1, 10, 2)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "injury car=1 cause=overshoot rolls=20,1 result=dead races=0\naccident-stop car=1 lap=1 outcome=new-start\ngrid order=2,3\n")
	assert.False(t, h.g.Over)
	assert.Equal(t, Eliminated, h.car(1).Status, "the dead pilot's car stays out")
	assert.Equal(t, 2, h.g.Config.Laps, "a new start for two laps")
	assert.Equal(t, h.g.Track.Grid[0], h.car(2).Space, "car 2 on pole: it stood ahead")
	assert.Equal(t, h.g.Track.Grid[1], h.car(3).Space)
	assert.Equal(t, 3, h.car(3).Wear[Tyres], "its tyres frozen as they were")
	assert.Equal(t, 4, h.car(3).TyreAge)
	assert.Equal(t, []int{2, 3}, h.g.originalGrid(), "a second death restarts from this grid's order again")
	replaysTheSame(t, h)
}

// Rule B's triggers (spec B, l.1194–1196): an eliminating overshoot in 3rd
// is no test; in 4th it is. An injury that kills no one (19 then 5) is
// told and the race plays on: only a death stops it.
func TestVariant20ARuleBTriggers(t *testing.T) {
	low := overshootRaceIn(t, fdrVariantCfg(t, "20-A:rule=B"), 3, 0, nil, nil)
	assert.Empty(t, kinds(low.since(), "injury", "accident-stop"), "an overshoot in 3rd")
	tests, rolled := low.g.InjuryTests()
	assert.True(t, rolled)
	assert.Empty(t, tests)

	hurt := overshootRaceIn(t, fdrVariantCfg(t, "20-A:rule=B"), 4, 0, nil, nil, 19, 5)
	assert.Equal(t, []string{"injury car=1 cause=overshoot rolls=19,5 result=injured races=1"}, kinds(hurt.since(), "injury", "accident-stop", "grid"))
	assert.False(t, hurt.g.Over)
	assert.Equal(t, DecideGear, hurt.pending().Kind, "the race plays on")
}

// A rule-B game recorded before the race rolled its tests has a header
// without b_tests: it reads as b_tests=league (Recorded), so it replays as
// it was played; a new game's header names b_tests=race.
func TestVariant20ARuleBOldHeadersReplay(t *testing.T) {
	c := fdrConfig()
	require.NoError(t, c.SetOption("variant.20-A", "rule=B,race=a"))
	assert.Equal(t, []string{"20-A:rule=B,race=a,b_tests=league"}, c.VariantSpecs())
	n := fdrConfig()
	require.NoError(t, n.EnableVariant("20-A:rule=B"))
	assert.Equal(t, []string{"20-A:rule=B,race=a,b_tests=race"}, n.VariantSpecs())
}

// replaysTheSame replays the harness's race from its record (the tests
// and the stoppage read back from the roll events) to the same state.
func replaysTheSame(t *testing.T, h *harness) {
	t.Helper()
	rec := &Record{Game: "t", Rules: FDR, Options: h.g.Config.Options(), TrackSource: fdrLabTrack, Cars: len(h.g.Cars), Scripted: true, Events: h.g.Events}
	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	g2, err := Replay(back, h.c)
	require.NoError(t, err)
	assert.Equal(t, h.g.Results(), g2.Results())
	assert.Equal(t, h.g.Over, g2.Over)
}

// Rule B with 21-B (both stop the race; spec B and 21-B name each other's
// restarts): three walls on the circuit and a death on lap 1 in the same
// round make one stoppage, rule B's, at once: the new start clears the
// circuit, so no red flag falls at the end of the round.
func TestVariant20ARuleBWith21B(t *testing.T) {
	cfg := fdrVariantCfg(t, "20-A:rule=B", "21-B")
	third := fdrAt("long.3.1", 2)
	h := overshootRaceIn(t, cfg, 4, 0, redFlagWalls3, []CarPosition{third}, 20, 2, 10, 2)
	evs := h.since()
	assert.Equal(t, []string{"accident-stop car=1 lap=1 outcome=new-start", "grid order=2,3"}, kinds(evs, "accident-stop", "red-flag", "grid"))
	assert.Equal(t, Eliminated, h.car(1).Status, "the dead pilot's car does not come back by 21-B's rule")
	assert.Empty(t, h.g.Debris, "the circuit cleared")
}

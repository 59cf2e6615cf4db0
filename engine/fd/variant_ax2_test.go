package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// AX-2 through the GridRule hook: the moves of the three sessions summed,
// fewest first; a lap ended in any session after every complete one;
// ties to a black-die roll-off, the lower first. The game ends there: its
// cars finished in that order, no race.
func TestVariantAX2RanksTheSessionsSummed(t *testing.T) {
	g, err := NewGame("contest", fdrVariantCfg(t, "AX-2"), fdrLab(t), 4)
	require.NoError(t, err)
	// car 1: 9+11+16 = 36; car 2: 8+12+16 = 36; car 3: 7+9+14 = 30 but
	// ended in session 2; car 4: 10+10+18 = 38. The game starts from a
	// position inside session 3 where every lap is over (each lap its own
	// seq: laps end one at a time), as a record written there is loaded.
	p := Position{Session: 3, QualiWeather: Fine, SessionWeather: "sun"}
	for n := 1; n <= 4; n++ {
		p.Cars = append(p.Cars, CarPosition{Car: n, Wear: fdrDefaultBuild()})
	}
	for i, r := range []QualifyingResult{
		{Car: 1, Rolls: 9, Session: 1}, {Car: 2, Rolls: 8, Session: 1}, {Car: 3, Rolls: 7, Session: 1}, {Car: 4, Rolls: 10, Session: 1},
		{Car: 1, Rolls: 10, Penalty: 1, Session: 2}, {Car: 2, Rolls: 12, Session: 2}, {Car: 3, Rolls: 9, Ended: true, Session: 2}, {Car: 4, Rolls: 10, Session: 2},
		{Car: 1, Rolls: 16, Session: 3}, {Car: 2, Rolls: 16, Session: 3}, {Car: 3, Rolls: 14, Session: 3}, {Car: 4, Rolls: 18, Session: 3},
	} {
		r.Seq = i + 1
		p.Qualified = append(p.Qualified, r)
	}
	src := dice.NewScripted(14, 6) // the roll-off of cars 1 and 2: car 2's 6 first
	require.NoError(t, g.StartFrom(p, src))
	assert.Zero(t, src.Remaining())
	text := eventsText(g)
	assert.Contains(t, text, "contest-score car=1 moves=36 ended=false")
	assert.Contains(t, text, "contest-score car=3 moves=30 ended=true")
	assert.Contains(t, text, "contest order=2,1,4,3")
	assert.True(t, g.Over, "a contest has no race")
	assert.NotContains(t, text, "session=race")
	for _, want := range []struct{ car, place int }{{2, 1}, {1, 2}, {4, 3}, {3, 4}} {
		assert.Equal(t, Finished, g.car(want.car).Status)
		assert.Equal(t, want.place, g.car(want.car).Place, "car %d", want.car)
	}
}

// AX-2 through the SessionRule hook: three sessions, dry, wet and dry,
// never rolled, the third two laps; with the same seed, the game without
// AX-2 rolls its session's weather and races.
func TestVariantAX2DrivesThreeSessions(t *testing.T) {
	c := fdrLab(t)
	contest, _ := fdrCheckedRace(t, fdrVariantCfg(t, "AX-2"), c, "lab", 3, SeedFrom("contest"))
	text := eventsText(contest)
	assert.Contains(t, text, "weather session=qualifying n=1 result=sun state=fine")
	assert.Contains(t, text, "weather session=qualifying n=2 result=rain state=rain")
	assert.Contains(t, text, "weather session=qualifying n=3 result=sun state=fine")
	assert.NotContains(t, text, "for=weather-qualifying", "no session weather is rolled")
	assert.Equal(t, 9, strings.Count(text, "\nqualified "), "three sessions of three cars")
	laps := 0
	for _, e := range contest.Events {
		if e.Kind == "q-lap" && e.Get("qs") == "3" && e.Get("q") == "1" {
			laps++
		}
	}
	assert.Equal(t, 2, laps, "the third session is two laps")
	assert.Contains(t, text, "contest order=")
	assert.NotContains(t, text, "session=race")

	race, _ := fdrCheckedRace(t, fdrConfig(), c, "lab", 3, SeedFrom("contest"))
	assert.Contains(t, eventsText(race), "for=weather-qualifying")
	assert.Contains(t, eventsText(race), "session=race")
	assert.NotContains(t, eventsText(race), "contest")

	cfg := fdrVariantCfg(t, "AX-2")
	cfg.Sessions = 2
	assert.ErrorContains(t, cfg.Validate(), "three sessions")
	cfg = fdrConfig()
	require.NoError(t, cfg.EnableVariant("1-C"))
	require.NoError(t, cfg.EnableVariant("AX-2"))
	assert.ErrorContains(t, cfg.Validate(), "not with 1-C")
}

// A contest restored from any snapshot, given the rest of its record,
// ends identically: every session's result is in the position.
func TestVariantAX2SnapshotsResumeIdentically(t *testing.T) {
	c := fdrLab(t)
	g, rec, points, _ := snapshotRace(t, fdrVariantCfg(t, "AX-2"), c, 3, "contest snapshots")
	require.NotEmpty(t, points)
	later := 0
	for _, p := range points {
		again, err := Replay(fromSnapshot(rec, p), c)
		require.NoError(t, err, "snapshot at event %d", p.at)
		require.True(t, again.Over)
		assert.Equal(t, g.Results(), again.Results(), "snapshot at event %d", p.at)
		if strings.Contains(eventsText(&Game{Events: rec.Events[:p.at]}), "qualified car=1 session=2") {
			later++
		}
	}
	assert.Positive(t, later, "snapshots taken after two sessions were checked")
}

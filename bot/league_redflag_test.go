package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// 21-B's last lap (league AMB-46, LF-10): the race's record says the red
// flag fell on its last lap, the league's result carries it as a fact
// (league.Result.HalfPoints), and the results posted after the race and
// the standings read half points from it, in English and French.
func TestRedFlagLastLapPaysHalfPoints(t *testing.T) {
	flag, err := fd.ParseEvent("red-flag lap=3 markers=18 walls=0 outcome=half-points")
	require.NoError(t, err)
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}}, Events: []fd.Event{flag}}
	lineup := []eventCar{{Car: 1, Pilot: "Ann", Team: "Red"}, {Car: 2, Pilot: "Bea", Team: "Blue"}}
	half := eventResult(g, lineup, nil, 0)
	assert.True(t, half.HalfPoints, "the record's last-lap flag is the result's")
	g.Events = nil
	whole := eventResult(g, lineup, nil, 0)
	assert.False(t, whole.HalfPoints)

	doc := &leagueDoc{Name: "Wet Cup", Points: league.DefaultScale, Events: []leagueEvent{{Track: "Monaco", Result: &whole}, {Track: "Spa", Result: &half}}}
	st := doc.standings()
	assert.EqualValues(t, 15, st.Drivers[0].Points, "Ann: 10 then 5")
	assert.EqualValues(t, 9, st.Teams[1].Points, "Blue: 6 then 3")

	_, en := doc.resultsText(1, "en")
	assert.Contains(t, en, "  The red flag fell on the last lap: the race is classified at the end of the lap before and pays half points (21-B).\n")
	assert.Contains(t, en, "  1. Ann (Red) finished, 5 points\n")
	assert.Contains(t, en, "Drivers' championship:\n  1. Ann, 15 points\n  2. Bea, 9 points\n")
	_, fr := doc.resultsText(1, "fr")
	assert.Contains(t, fr, "  Drapeau rouge dans le dernier tour : la course est classée à la fin du tour précédent et ne rapporte que la moitié des points (21-B).\n")
	assert.Contains(t, fr, "  2. Bea (Blue) à l'arrivée, 3 points\n")
	_, plain := doc.resultsText(0, "en")
	assert.NotContains(t, plain, "red flag", "a race run to its end pays whole points")

	// a half point is written as such: 1.5 in English, 1,5 in French
	third := league.Result{HalfPoints: true, Cars: league.Classify([]league.Car{
		{Car: 1, Pilot: "Ann", Status: league.Finished, Finish: 1}, {Car: 2, Pilot: "Bea", Status: league.Finished, Finish: 2},
		{Car: 3, Pilot: "Cid", Status: league.Finished, Finish: 3}, {Car: 4, Pilot: "Dee", Status: league.Eliminated, Distance: 40}})}
	doc.Events = append(doc.Events, leagueEvent{Track: "Imola", Result: &third})
	_, en = doc.resultsText(2, "en")
	assert.Contains(t, en, "  4. Dee, out after 0 lap(s), classified on distance, 1.5 points\n", "3 halved")
	assert.Contains(t, en, "  4. Dee, 1.5 points\n", "the standings too")
	_, fr = doc.resultsText(2, "fr")
	assert.Contains(t, fr, "  4. Dee, abandon après 0 tour(s), classé à la distance, 1,5 point\n")
	assert.Equal(t, "1.5 points", pointsText(1.5, "en"))
	assert.Equal(t, "1,5 point", pointsText(1.5, "fr"))
	assert.Equal(t, "0.5 points", pointsText(0.5, "en"))
	assert.Equal(t, "4,5 points", pointsText(4.5, "fr"))
	v := doc.standingsAfter("", 1)
	assert.Contains(t, v.Text("fr"), "Championnat des pilotes :\n  1. Ann, 15 points\n")
}

// 21-B's lap-1 restart gives one spare car a team (l.1265): the league
// tells the game its teams, in pairs (teams=pairs) or car by car; a
// league whose pilots race alone gives each car a team of its own, so
// every retired car gets a fresh car.
func TestRedFlagGetsTheLeaguesTeams(t *testing.T) {
	doc := &leagueDoc{Rules: "fdr", Points: league.DefaultScale, Variants: []string{"21-B"}}
	pairs := []eventCar{{Car: 1, Pilot: "Anna", Team: "Red"}, {Car: 2, Pilot: "Bob", Team: "Red"}, {Car: 3, Pilot: "Cleo", Team: "Blue"}, {Car: 4, Pilot: "Dan", Team: "Blue"}}
	assert.Equal(t, []string{"21-B:markers=18,walls=3,teams=pairs,middle=aggregate"}, doc.eventVariants(pairs, 0))
	lone := []eventCar{{Car: 1, Pilot: "Anna", Team: "Red"}, {Car: 2, Pilot: "Bob", Team: "Red"}, {Car: 3, Pilot: "Eve", Team: "Green"}}
	assert.Equal(t, []string{"21-B:markers=18,walls=3,teams=1/1/2,middle=aggregate"}, doc.eventVariants(lone, 0))
	alone := []eventCar{{Car: 1, Pilot: "Anna"}, {Car: 2, Pilot: "Bob"}}
	assert.Equal(t, []string{"21-B:markers=18,walls=3,teams=1/2,middle=aggregate"}, doc.eventVariants(alone, 0))
	for _, cars := range [][]eventCar{pairs, lone, alone} {
		_, err := buildConfig("fdr", 0, nil, doc.eventVariants(cars, 0)...)
		require.NoError(t, err, "the game accepts the league's teams")
	}
	doc.Variants = []string{"21-B:markers=18,walls=3,teams=1/2/1/2,middle=aggregate"}
	assert.Equal(t, []string{"21-B:markers=18,walls=3,teams=1/2/1/2,middle=aggregate"}, doc.eventVariants(pairs, 0), "teams the league set itself are kept")
}

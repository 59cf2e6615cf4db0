package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
)

// A league's 1-C grid formula and 4-A pit allocation get their inputs from
// the league's records: each car's place in the last race and in the
// championship (1-C), the team ranking (4-A), cars in game order.
func TestEventVariantsFromTheLeaguesRecords(t *testing.T) {
	doc := &leagueDoc{Rules: "fdr", Points: league.DefaultScale, Variants: []string{"1-C", "4-A:mode=a", "21-A", "18-A"}}
	// event 1: Cleo won, Anna 2nd, Dan 3rd, Bob eliminated and not classified
	doc.Events = []leagueEvent{{Result: &league.Result{Cars: []league.Car{
		{Car: 1, Pilot: "Anna", Team: "Red", Place: 2, Status: league.Finished},
		{Car: 2, Pilot: "Bob", Team: "Red", Place: 0, Status: league.Excluded},
		{Car: 3, Pilot: "Cleo", Team: "Blue", Place: 1, Status: league.Finished},
		{Car: 4, Pilot: "Dan", Team: "Blue", Place: 3, Status: league.Finished},
	}}}, {}}
	st := doc.standings()
	require.Equal(t, "Cleo", st.Drivers[0].Name)
	require.Equal(t, "Blue", st.Teams[0].Name)

	// event 2's line-up: Sam drives for Bob (LF-05), teams in pairs
	cars := []eventCar{
		{Car: 1, Pilot: "Anna", Team: "Red"}, {Car: 2, Pilot: "Sam", For: "Bob", Team: "Red"},
		{Car: 3, Pilot: "Cleo", Team: "Blue"}, {Car: 4, Pilot: "Dan", Team: "Blue"},
	}
	got := doc.eventVariants(cars, 1)
	// Anna 2nd last time and 2nd in the championship (6 points); Bob's car
	// unclassified and unranked; Cleo 1st and 1st; Dan 3rd and 3rd; Blue
	// (team 2) leads Red (team 1)
	assert.Equal(t, []string{"1-C:last=2/0/1/3,championship=2/0/1/3", "4-A:mode=a,ranking=2/1", "18-A"}, got)
	_, err := buildConfig("fdr", 0, nil, got...)
	require.NoError(t, err, "the game accepts the filled-in variants")

	// teammates apart give no numbering, hence no ranking (the first GP's
	// rule) rather than a wrong one
	odd := []eventCar{{Car: 1, Pilot: "Anna", Team: "Red"}, {Car: 2, Pilot: "Cleo", Team: "Blue"}, {Car: 3, Pilot: "Bob", Team: "Red"}}
	teams, number := gameTeams(odd)
	assert.Equal(t, "", teams)
	assert.Equal(t, "", teamRanking(number, st.Teams))

	// a team with one car (its second pilot absent, AMB-12): 4-A is told
	// each car's team, so Blue's cars stay team 3 and rank as Blue
	lone := []eventCar{{Car: 1, Pilot: "Anna", Team: "Red"}, {Car: 2, Pilot: "Sam", For: "Bob", Team: "Red"},
		{Car: 3, Pilot: "Eve", Team: "Green"}, {Car: 4, Pilot: "Cleo", Team: "Blue"}, {Car: 5, Pilot: "Dan", Team: "Blue"}}
	assert.Contains(t, doc.eventVariants(lone, 1), "4-A:mode=a,ranking=3/1,teams=1/1/2/3/3")
	_, err = buildConfig("fdr", 0, nil, doc.eventVariants(lone, 1)...)
	require.NoError(t, err)

	// parameters the league set itself are kept
	doc.Variants = []string{"1-C:last=1/2/3/4"}
	assert.Equal(t, []string{"1-C:last=1/2/3/4"}, doc.eventVariants(cars, 1))
}

// 4-A counts cars 1–2 as team 1: the line-up puts teammates side by side.
func TestTeamOrderedPutsTeammatesTogether(t *testing.T) {
	in := []leagueEntry{{Pilot: "A", Team: "Red", Number: 1}, {Pilot: "C", Team: "Blue", Number: 2}, {Pilot: "X", Number: 3},
		{Pilot: "B", Team: "Red", Number: 4}, {Pilot: "D", Team: "Blue", Number: 5}}
	var order []string
	for _, e := range teamOrdered(in) {
		order = append(order, e.Pilot)
	}
	assert.Equal(t, []string{"A", "B", "C", "D", "X"}, order)
}

// 1-A's running order and 5-E's totals come from the league's records;
// AX-2, a side event, is never given to an event's race. 5-E's pot is
// the league's (22 × its races when not given), so the race gets none.
func TestEventVariantsRunningOrderPotAndSideEvents(t *testing.T) {
	doc := &leagueDoc{Rules: "fdr", Points: league.DefaultScale, Variants: []string{"1-A", "5-E", "AX-2"}}
	doc.Events = []leagueEvent{{Result: &league.Result{Cars: []league.Car{
		{Car: 1, Pilot: "Anna", Place: 2, Status: league.Finished},
		{Car: 2, Pilot: "Cleo", Place: 1, Status: league.Finished},
	}}}, {Totals: map[string]int{"Anna": 24}}}
	cars := []eventCar{{Car: 1, Pilot: "Anna"}, {Car: 2, Pilot: "Sam", For: "Cleo"}}
	got := doc.eventVariants(cars, 1)
	assert.Equal(t, []string{"1-A:order=championship,championship=2/1,unranked=d20", "5-E:overspend=allow,totals=24/0"}, got)
	_, err := buildConfig("fdr", 0, nil, got...)
	require.NoError(t, err, "the game accepts the filled-in variants")
}

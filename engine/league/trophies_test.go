package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 24-C by hand: the complete pilot adds race and qualifying points, the
// climb sums grid − place, the fewest retirements is a rate over the GPs
// started by pilots present at half the races or more.
func TestTrophies24CByHand(t *testing.T) {
	car := func(pilot, team, status string, grid, place int) Car {
		return Car{Pilot: pilot, Team: team, Status: status, Grid: grid, Place: place}
	}
	results := []Result{
		{Qualified: true, Cars: []Car{ // Ana from pole to 2nd, Bea 4th to 1st, Cy out
			car("Bea", "Red", Finished, 4, 1), car("Ana", "Red", Finished, 1, 2), car("Dan", "Blue", Finished, 2, 3), car("Cy", "Blue", Eliminated, 3, 4),
		}},
		{Cars: []Car{ // a grid by formula: no qualifying points
			car("Cy", "Blue", Finished, 1, 1), car("Ana", "Red", Finished, 3, 2), car("Bea", "Red", Eliminated, 2, 3),
		}},
		{Cars: []Car{car("Eve", "", Finished, 1, 1), car("Ana", "Red", Eliminated, 2, 2)}},
	}
	tr := ComputeTrophies(results, DefaultScale)

	// Ana: race 6+6+6 = 18, qualifying 10 (pole) = 28; Bea 10+4 + 3 = 17
	assert.Equal(t, Row{Position: 1, Name: "Ana", Points: 28}, tr.Complete[0])
	assert.Equal(t, "Bea", tr.Complete[1].Name)
	assert.EqualValues(t, 17, tr.Complete[1].Points)
	// Red: Ana 28 + Bea 17 = 45
	assert.Equal(t, Row{Position: 1, Name: "Red", Points: 45}, tr.CompleteTeams[0])

	climb := map[string]int{}
	for _, r := range tr.Climb {
		climb[r.Name] = int(r.Points)
	}
	// Ana −1 +1 +0, Bea +3 −1, Cy −1 +0, Dan −1, Eve 0
	assert.Equal(t, map[string]int{"Ana": 0, "Bea": 2, "Cy": -1, "Dan": -1, "Eve": 0}, climb)
	assert.Equal(t, "Bea", tr.Climb[0].Name, "best climb")
	assert.EqualValues(t, -1, tr.Climb[len(tr.Climb)-1].Points, "worst fall last")

	// 3 races: eligible with 2 starts or more; Dan (1) and Eve (1) are not
	var names []string
	for _, r := range tr.Retirements {
		names = append(names, r.Name)
	}
	assert.Equal(t, []string{"Ana", "Bea", "Cy"}, names, "Ana 1 of 3 before Bea and Cy 1 of 2")
	assert.Equal(t, RetirementRow{Position: 1, Name: "Ana", Retired: 1, Starts: 3}, tr.Retirements[0])
}

// 24-C's retirements count only the cars that started: a pilot kept off
// the grid by a 20-A qualifying injury (Car.NotStarted) has neither a
// start nor a retirement that race, and his eligibility (half the races)
// counts his starts only.
func TestTrophies24CRetirementsCountOnlyStarters(t *testing.T) {
	hurt := Car{Pilot: "Ana", Status: Eliminated, NotStarted: true}
	results := []Result{
		{Cars: []Car{{Pilot: "Ana", Status: Finished, Place: 1}, {Pilot: "Bea", Status: Eliminated, Place: 2}}},
		{Cars: []Car{{Pilot: "Bea", Status: Finished, Place: 1}, hurt}},
		{Cars: []Car{{Pilot: "Bea", Status: Finished, Place: 1}, {Pilot: "Ana", Status: Eliminated, Place: 2}}},
		{Cars: []Car{{Pilot: "Bea", Status: Finished, Place: 1}, hurt}},
		{Cars: []Car{{Pilot: "Bea", Status: Finished, Place: 1}, hurt}},
	}
	tr := ComputeTrophies(results, DefaultScale)
	require.Len(t, tr.Retirements, 1, "Ana started 2 of 5 races: below half")
	assert.Equal(t, RetirementRow{Position: 1, Name: "Bea", Retired: 1, Starts: 5}, tr.Retirements[0])

	results = results[:3] // now Ana started 2 of 3: eligible, 1 retirement in 2 starts
	tr = ComputeTrophies(results, DefaultScale)
	require.Len(t, tr.Retirements, 2)
	assert.Equal(t, RetirementRow{Position: 2, Name: "Ana", Retired: 1, Starts: 2}, tr.Retirements[1],
		"the race he never started is no retirement")
}

// 24-C's qualifying penalties (FDR R1.9): the fewest penalty rolls a
// session driven, among the pilots who drove at least half the season's
// sessions (ceil); a two-session qualifying counts two.
func TestTrophies24CQualifyingPenaltiesPerSession(t *testing.T) {
	quali := func(pilot string, sessions, penalty int) Car {
		return Car{Pilot: pilot, Status: Finished, QualiSessions: sessions, QualiPenalty: penalty}
	}
	results := []Result{
		{Qualified: true, Cars: []Car{quali("Ana", 2, 3), quali("Bea", 2, 0), quali("Cy", 1, 0)}},  // 2 sessions
		{Qualified: true, Cars: []Car{quali("Ana", 1, 0), quali("Bea", 1, 2), quali("Dan", 1, 0)}}, // 1 session
		{Cars: []Car{{Pilot: "Ana", Status: Finished}, {Pilot: "Bea", Status: Finished}}},          // no qualifying
	}
	tr := ComputeTrophies(results, DefaultScale)
	// 3 sessions in the season: eligible with 2 or more; Cy and Dan drove 1
	assert.Equal(t, []SessionRow{
		{Position: 1, Name: "Bea", Rolls: 2, Sessions: 3},
		{Position: 2, Name: "Ana", Rolls: 3, Sessions: 3},
	}, tr.QualifyingPenalties)

	tr = ComputeTrophies(results[2:], DefaultScale)
	assert.Empty(t, tr.QualifyingPenalties, "a season without qualifying has no such ranking")
}

// 24-C's placement errors (FDR R1.12, AMB-51: by admin entry only): each
// error is 10 rolls, ranked per qualifying session driven, the lowest
// first, with the penalties ranking's eligibility (half the sessions,
// ceil); an eligible pilot never entered ranks at 0, an ineligible one
// with errors not at all; no entry, no ranking.
func TestTrophies24CPlacementErrorsPerSession(t *testing.T) {
	quali := func(pilot string, sessions int) Car {
		return Car{Pilot: pilot, Status: Finished, QualiSessions: sessions}
	}
	results := []Result{
		{Qualified: true, Cars: []Car{quali("Ana", 2), quali("Bea", 2), quali("Cy", 1)}},  // 2 sessions
		{Qualified: true, Cars: []Car{quali("Ana", 1), quali("Bea", 1), quali("Dan", 1)}}, // 1 session
	}
	tr := ComputeTrophies(results, DefaultScale)
	tr.RankPlacementErrors(results, nil)
	assert.Empty(t, tr.PlacementErrors)

	tr.RankPlacementErrors(results, []PlacementError{{Pilot: "Ana", Round: 1, Count: 2}, {Pilot: "Cy", Round: 1, Count: 1}, {Pilot: "Ana", Round: 2, Count: 1}})
	// 3 sessions: eligible with 2 or more; Cy (1 session) is not ranked
	assert.Equal(t, []SessionRow{
		{Position: 1, Name: "Bea", Rolls: 0, Sessions: 3},
		{Position: 2, Name: "Ana", Rolls: 30, Sessions: 3},
	}, tr.PlacementErrors)
	assert.Empty(t, tr.QualifyingPenalties[0].Rolls+tr.QualifyingPenalties[1].Rolls, "the errors are not overshoot penalties")
}

// 24-C's fines (LF-32): the organiser's ledger summed by pilot, the lowest
// total first, every pilot who raced at 0 when never fined; no ledger, no
// ranking.
func TestTrophies24CFinesAreSummed(t *testing.T) {
	results := []Result{{Cars: []Car{{Pilot: "Ana", Status: Finished, Place: 1}, {Pilot: "Bea", Status: Finished, Place: 2}, {Pilot: "Cy", Status: Finished, Place: 3}}}}
	tr := ComputeTrophies(results, DefaultScale)
	tr.RankFines(nil)
	assert.Empty(t, tr.Fines)
	tr.RankFines([]Fine{{Pilot: "Bea", Amount: 50, Reason: "late orders"}, {Pilot: "Cy", Amount: 20}, {Pilot: "Bea", Amount: 10}})
	assert.Equal(t, []Row{{Position: 1, Name: "Ana", Points: 0}, {Position: 2, Name: "Cy", Points: 20}, {Position: 3, Name: "Bea", Points: 60}}, tr.Fines)
}

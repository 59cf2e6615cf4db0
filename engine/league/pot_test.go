package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 5-E: a pilot's pot is the season's build points less each event's
// declared total, an absence burning 22 whatever was declared.
func TestBuildPotAccount(t *testing.T) {
	p := BuildPot{Pot: 66, Absence: 22}
	a := p.Account("Anna", []PotRound{{Round: 0, Spent: 24}, {Round: 1, Spent: 18, Absent: true}, {Round: 2, Spent: 24}})
	assert.Equal(t, 70, a.Used, "24 + 22 for the absence + 24")
	assert.Equal(t, -4, a.Left)
	assert.Equal(t, 4, a.Over)
	assert.Equal(t, 22, a.Rounds[1].Spent)
	b := p.Account("Dan", []PotRound{{Round: 0, Spent: 18}, {Round: 1, Spent: 22}})
	assert.Equal(t, 26, b.Left)
	assert.Zero(t, b.Over)
}

// 5-E: k points over the pot cancel the pilot's k best results, from his
// championship and his team's, the earlier first among equal results;
// the others' points stand.
func TestCancelBestResults(t *testing.T) {
	race := func(order ...string) Result {
		var cars []Car
		for i, p := range order {
			cars = append(cars, Car{Car: i + 1, Pilot: p, Team: "T-" + p, Status: Finished, Finish: i + 1})
		}
		return Result{Cars: Classify(cars)}
	}
	results := []Result{race("A", "B", "C"), race("B", "A", "C"), race("A", "C", "B"), race("C", "A", "B")}
	before := Compute(results, DefaultScale)
	assert.Equal(t, "A", before.Drivers[0].Name)
	assert.EqualValues(t, 32, before.Drivers[0].Points, "10 + 6 + 10 + 6")

	cut := CancelBest(results, map[string]int{"A": 2, "B": 0}, DefaultScale)
	assert.True(t, cut[0].Cars[0].Cancelled, "A's win at round 1")
	assert.True(t, cut[2].Cars[0].Cancelled, "A's win at round 3")
	assert.False(t, cut[1].Cars[1].Cancelled, "A's second places stand")
	assert.False(t, results[0].Cars[0].Cancelled, "the input is left alone")
	after := Compute(cut, DefaultScale)
	points := map[string]Points{}
	for _, r := range after.Drivers {
		points[r.Name] = r.Points
	}
	teams := map[string]Points{}
	for _, r := range after.Teams {
		teams[r.Name] = r.Points
	}
	assert.EqualValues(t, 12, points["A"], "two wins cancelled: 6 + 6")
	assert.EqualValues(t, 12, teams["T-A"], "taken off his team too")
	assert.EqualValues(t, 10+4+6+4, points["C"], "the others' points stand")
	assert.Equal(t, "A", after.Drivers[2].Name, "from first to last")

	// equal results: the earlier is cancelled
	cut = CancelBest(results, map[string]int{"C": 1}, DefaultScale)
	assert.True(t, cut[3].Cars[0].Cancelled, "C's only win")
	cut = CancelBest(results, map[string]int{"B": 2}, DefaultScale)
	assert.True(t, cut[1].Cars[0].Cancelled, "B's win")
	assert.True(t, cut[0].Cars[1].Cancelled, "then B's second place at round 1, the earliest of his 6s")
	assert.False(t, cut[2].Cars[2].Cancelled)
}

package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// qualifiedOnPole is oneTwo's finish from a qualified grid with the given
// pilots on it, pole first.
func qualifiedOnPole(grid ...string) *league.Result {
	r := oneTwo()
	r.Qualified = true
	for i := range r.Cars {
		for place, pilot := range grid {
			if r.Cars[i].Pilot == pilot {
				r.Cars[i].Grid = place + 1
			}
		}
	}
	return r
}

// variantParam is the parameter key of variant id the league fills for
// the event of round.
func variantParam(t *testing.T, doc *leagueDoc, round int, id, key string) string {
	t.Helper()
	for _, spec := range doc.eventVariants(grantCars, round) {
		v, p, err := fd.ParseVariantSpec(spec)
		require.NoError(t, err)
		if v.ID == id {
			return p[key]
		}
	}
	t.Fatalf("no %s in the event's variants", id)
	return ""
}

// 23-A(c)'s pole (0.1) is credited at GRID, before the race: Ann at 0.9
// gets no use, but grid_use=1 for her car, so pole opens one in that race;
// the point her race spent from it is debited from the balance the pole
// made whole. Under 23-A(i) the pole (1) does the same for a pilot at 9.
// 23-B(b)'s front row (0.1) is held to the next race: the event's build
// points are given before its qualifying.
func TestQualifyingEarningsReachTheRace(t *testing.T) {
	doc := &leagueDoc{Variants: []string{"23-A:scheme=c"}, Points: league.DefaultScale,
		LedgerOpening: map[string]map[string]league.Milli{"23-A(c)": {"Ann": 900}}, Events: []leagueEvent{{}}}
	assert.Equal(t, "0/0/0/0", variantParam(t, doc, 0, "23-A", "uses"), "0.9: no point")
	assert.Equal(t, "1/0/0/0", variantParam(t, doc, 0, "23-A", "grid_use"), "pole would make it 1.0")

	spent := qualifiedOnPole("Ann", "Bea")
	spent.Cars[0].PointsSpent = 1
	doc.Events = []leagueEvent{{Result: spent}, {}}
	schemes, books := doc.ledgerBooks(doc.results())
	require.Equal(t, "23-A(c)", schemes[0].ID)
	for _, a := range books[0] {
		if a.Holder == "Ann" {
			assert.Equal(t, 1, a.Entries[0].Usable, "the pole credited before the race")
			assert.Equal(t, "0.5", a.Balance.String(), "0.9 + 0.1 − 1 + 0.5 for the win")
		}
	}

	doc = &leagueDoc{Variants: []string{"23-A:scheme=i"}, Points: league.DefaultScale,
		LedgerOpening: map[string]map[string]league.Milli{"23-A(i) pilot": {"Bea": 9 * league.Point}}, Events: []leagueEvent{{}}}
	assert.Equal(t, "0/1/0/0", variantParam(t, doc, 0, "23-A", "grid_use"), "(i): 9 + the pole's 1")

	doc = &leagueDoc{Variants: []string{"23-A:scheme=b"}, Points: league.DefaultScale,
		LedgerOpening: map[string]map[string]league.Milli{"23-A(b)": {"Ann": 900}}, Events: []leagueEvent{{}}}
	assert.Empty(t, variantParam(t, doc, 0, "23-A", "grid_use"), "(b): the pole is credited with the race")

	t.Run("23-B(b)'s front row is held to the next race", func(t *testing.T) {
		front := qualifiedOnPole("Ann", "Bea")
		for i := range front.Cars { // Blue wins, Red's front row finishes 3rd and 4th
			front.Cars[i].Place = []int{3, 4, 1, 2}[i]
		}
		doc := &leagueDoc{Variants: []string{"23-B:scheme=b"}, Points: league.DefaultScale,
			LedgerOpening: map[string]map[string]league.Milli{"23-B(b)": {"Red": 800}}, Events: []leagueEvent{{}}}
		assert.Empty(t, variantParam(t, doc, 0, "23-B", "build"), "0.8 before the event: nothing, whatever its grid")
		doc.Events = []leagueEvent{{Result: front}, {}}
		assert.Equal(t, "1/0/1/0", variantParam(t, doc, 1, "23-B", "build"), "Red: 0.8 + front row 0.1 + 3rd 0.1, the next race's point (Blue's 1-2 another)")
		front.Qualified = false // the same finish from a grid by formula: no front row
		assert.Equal(t, "0/0/1/0", variantParam(t, doc, 1, "23-B", "build"), "Red's 0.9: the front row made the point")
	})
}

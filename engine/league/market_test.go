package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

func placementsByPilot(out MarketOutcome) map[string]Placement {
	m := map[string]Placement{}
	for _, p := range out.Placements {
		m[p.Pilot] = p
	}
	return m
}

// 25-A.1, 25-A.2 with scripted dice: the champion joins a full team and
// takes No. 1, its pilot with fewer points losing his seat; ≥40 stays;
// 20–39 rolls a d20 (15: stays); a bankrupt team's pilots and those under
// 20 are fired; a pilot without a valid list goes to a team with a free
// seat, the highest d20 among them; when no seat is left he is unplaced.
func TestMarketSeatsEveryPilot(t *testing.T) {
	teams := []MarketTeam{
		{Name: "Red", Points: 86, Current: true}, {Name: "Blue", Points: 75, Current: true},
		{Name: "Green", Points: 19, Current: true}, {Name: "Gold"},
	}
	pilots := []MarketPilot{
		{Pilot: "Anna", Team: "Blue", Points: 50, Raced: true, Leave: true, Teams: []string{"Red"}},
		{Pilot: "Bob", Team: "Red", Points: 45, Raced: true},
		{Pilot: "Hana", Team: "Red", Points: 41, Raced: true},
		{Pilot: "Cleo", Team: "Blue", Points: 25, Raced: true},
		{Pilot: "Eve", Team: "Green", Points: 42, Raced: true},
		{Pilot: "Dan", Team: "Green", Points: 5, Raced: true, Teams: []string{"Gold"}},
		{Pilot: "Finn"},
	}
	// Cleo's d20 15; Hana's seat: Blue 8, Gold 12; Eve's: Blue 18, Gold 3;
	// Dan's: Gold 5; none left for Finn
	src := dice.NewScripted(15, 8, 12, 18, 3, 5)
	out, err := RunMarket(DefaultMarketRules, "Anna", "Red", pilots, teams, nil, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining(), "every scripted roll used")
	assert.Equal(t, []string{"Green"}, out.Bankrupt, "19 points: under 20 (25-A.2)")
	assert.Equal(t, []string{"Red", "Blue", "Gold"}, out.Teams)
	got := placementsByPilot(out)
	assert.Equal(t, Placement{Pilot: "Anna", From: "Blue", To: "Red", Fate: FateChampion, First: true}, got["Anna"])
	assert.Equal(t, "Red", got["Bob"].To)
	assert.Equal(t, FateFree, got["Bob"].Fate)
	assert.Equal(t, Placement{Pilot: "Hana", From: "Red", To: "Gold", Fate: FateOusted, Seats: map[string]int{"Blue": 8, "Gold": 12}}, got["Hana"], "fewer points than Bob: ousted, then the highest d20")
	assert.Equal(t, Placement{Pilot: "Cleo", From: "Blue", To: "Blue", Fate: FateStays, Roll: 15}, got["Cleo"])
	assert.Equal(t, FateFired, got["Eve"].Fate, "42 points, but his team is bankrupt")
	assert.Equal(t, "Blue", got["Eve"].To)
	assert.Equal(t, "Gold", got["Dan"].To, "a one-team list breaks 25-A.1: any free seat")
	assert.Equal(t, Placement{Pilot: "Finn", Fate: FateNew}, got["Finn"], "no seat left")
	assert.Len(t, out.Placements, len(pilots), "every pilot once")
}

// 25-A.1: a leaving pilot's list is rolled on with a die its size; a full
// team leaves the list and the die shrinks with it. A d20 of 1–10 leaves.
func TestMarketRollsOnTheList(t *testing.T) {
	teams := []MarketTeam{{Name: "A", Points: 50, Current: true}, {Name: "B", Points: 50, Current: true}, {Name: "C", Points: 50, Current: true}, {Name: "D"}}
	pilots := []MarketPilot{
		{Pilot: "P1", Team: "C", Points: 60, Raced: true},
		{Pilot: "P2", Team: "C", Points: 55, Raced: true},
		{Pilot: "P3", Team: "A", Points: 45, Raced: true, Leave: true, Teams: []string{"B", "C", "D"}},
		{Pilot: "P4", Team: "B", Points: 30, Raced: true, Teams: []string{"A", "B", "C", "D", "A", "B"}},
	}
	assert.ErrorContains(t, CheckList(ListRule{3, 1, 1}, []string{"A", "B", "C"}, teams), "at least 1 of this season and 1 created")
	assert.NoError(t, CheckList(ListRule{3, 1, 1}, []string{"B", "C", "D"}, teams))
	assert.ErrorContains(t, CheckList(ListRule{3, 1, 1}, []string{"B", "X", "D"}, teams), "no team X")
	// P4's d20 4: he leaves (his list names teams twice: any free seat);
	// P3's d3 2 (C, full), then d2 2 (D); P4: A 9, B 9, D 2 — tie to the
	// first in the teams' order
	src := dice.NewScripted(4, 2, 2, 9, 9, 2)
	out, err := RunMarket(DefaultMarketRules, "", "", pilots, teams, nil, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining())
	got := placementsByPilot(out)
	assert.Equal(t, []int{2, 2}, got["P3"].Picks)
	assert.Equal(t, "D", got["P3"].To)
	assert.Equal(t, FateLeaves, got["P4"].Fate)
	assert.Equal(t, 4, got["P4"].Roll)
	assert.Equal(t, "A", got["P4"].To)
	assert.Equal(t, "C", got["P1"].To)
}

// 25-A.1 (l.1464): newcomers roll for a seat too, last, in registration
// order. Scripted dice: N1's list of 10 (3 of this season, 3 created at
// least) is rolled on with a d10 — 1, A, full: out of the list — then a
// d9 — 3, D; N2 gives no list: each team with a free seat rolls a d20,
// the highest (J, 12) taking him.
func TestMarketNewcomersRollForASeat(t *testing.T) {
	var teams []MarketTeam
	for _, name := range []string{"A", "B", "C", "D", "E"} {
		teams = append(teams, MarketTeam{Name: name, Points: 50, Current: true})
	}
	for _, name := range []string{"F", "G", "H", "I", "J"} {
		teams = append(teams, MarketTeam{Name: name})
	}
	all := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}
	require.NoError(t, CheckList(ListRule{10, 3, 3}, all, teams))
	pilots := []MarketPilot{
		{Pilot: "N1", Teams: all}, {Pilot: "N2"},
		{Pilot: "P1", Team: "A", Points: 60, Raced: true}, {Pilot: "P2", Team: "A", Points: 45, Raced: true},
	}
	src := dice.NewScripted(1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	out, err := RunMarket(DefaultMarketRules, "", "", pilots, teams, nil, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining(), "every scripted roll used")
	got := placementsByPilot(out)
	assert.Equal(t, Placement{Pilot: "N1", To: "D", Fate: FateNew, Picks: []int{1, 3}}, got["N1"])
	assert.Equal(t, Placement{Pilot: "N2", To: "J", Fate: FateNew,
		Seats: map[string]int{"B": 4, "C": 5, "D": 6, "E": 7, "F": 8, "G": 9, "H": 10, "I": 11, "J": 12}}, got["N2"])
	assert.Equal(t, []string{"P1", "P2", "N1", "N2"}, []string{out.Placements[0].Pilot, out.Placements[1].Pilot, out.Placements[2].Pilot, out.Placements[3].Pilot},
		"the newcomers last, in registration order, whatever the order given")
}

// 25-A.1 (l.1470, AMB-53): the pilot the champion ousts joins the pool
// with a list of 10 teams, placed with the fired (before them), not at
// once. Scripted dice: L (30 points) rolls 4 and leaves; Anna, the
// champion, joins the full A and ousts P2 (fewer points than P1); L's d6
// picks C; then, before F1, P2 rolls on his list of 10 — a d10 1, A,
// full, out; a d9 2, C, its last seat; F1's d10 4 seats him in D.
func TestMarketOustedPilotJoinsThePoolWithHisList(t *testing.T) {
	var teams []MarketTeam
	for _, name := range []string{"A", "B", "C", "D", "E"} {
		teams = append(teams, MarketTeam{Name: name, Points: 50, Current: true})
	}
	for _, name := range []string{"F", "G", "H", "I", "J"} {
		teams = append(teams, MarketTeam{Name: name})
	}
	all := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}
	pilots := []MarketPilot{
		{Pilot: "Anna", Team: "B", Points: 70, Raced: true, Leave: true, Teams: []string{"A"}},
		{Pilot: "P1", Team: "A", Points: 60, Raced: true},
		{Pilot: "P2", Team: "A", Points: 45, Raced: true, Teams: all},
		{Pilot: "L", Team: "E", Points: 30, Raced: true, Teams: []string{"A", "B", "C", "F", "G", "H"}},
		{Pilot: "F1", Team: "D", Points: 5, Raced: true, Teams: all},
	}
	src := dice.NewScripted(4, 3, 1, 2, 4)
	out, err := RunMarket(DefaultMarketRules, "Anna", "", pilots, teams, nil, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining(), "every scripted roll used")
	got := placementsByPilot(out)
	assert.Equal(t, Placement{Pilot: "Anna", From: "B", To: "A", Fate: FateChampion, First: true}, got["Anna"])
	assert.Equal(t, Placement{Pilot: "L", From: "E", To: "C", Fate: FateLeaves, Roll: 4, Picks: []int{3}}, got["L"])
	assert.Equal(t, Placement{Pilot: "P2", From: "A", To: "C", Fate: FateOusted, Picks: []int{1, 2}}, got["P2"], "on his list of 10, after L")
	assert.Equal(t, Placement{Pilot: "F1", From: "D", To: "D", Fate: FateFired, Picks: []int{4}}, got["F1"], "after the ousted pilot")

	// without a list of 10 (none, or L's 6) he is placed by the d20s of
	// the teams with a free seat, still in the pool
	pilots[2].Teams = nil
	src = dice.NewScripted(4, 3, 2, 2, 9, 2, 2, 2, 2, 2, 2, 4)
	out, err = RunMarket(DefaultMarketRules, "Anna", "", pilots, teams, nil, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining())
	p2 := placementsByPilot(out)["P2"]
	assert.Equal(t, "D", p2.To, "the highest d20 (9)")
	assert.Empty(t, p2.Picks)
	assert.Len(t, p2.Seats, 9, "every team but the full A rolls")
}

// 25-A.2: the constructors' champion never goes bankrupt. 25-A.4: a 1 or
// a 20 and the supplier leaves, a die on the others names the next.
func TestMarketBankruptcyAndSuppliers(t *testing.T) {
	teams := []MarketTeam{{Name: "Red", Points: 12, Current: true, Supplier: "Ford"}, {Name: "Blue", Points: 8, Current: true, Supplier: "Honda"}, {Name: "Gold", Points: 30, Current: true, Supplier: "Honda"}}
	src := dice.NewScripted(20, 2, 7)
	out, err := RunMarket(DefaultMarketRules, "", "Red", nil, teams, []string{"Ford", "Honda", "Renault"}, src, "market")
	require.NoError(t, err)
	assert.Zero(t, src.Remaining())
	assert.Equal(t, []string{"Blue"}, out.Bankrupt, "Red is the constructors' champion")
	assert.Equal(t, []SupplierChange{{Team: "Red", Roll: 20, From: "Ford", To: "Renault"}, {Team: "Gold", Roll: 7, From: "Honda", To: "Honda"}}, out.Suppliers)
}

// 25-A.5: a No. 1 without more points than his No. 2 swaps roles.
func TestMidSeasonSwap(t *testing.T) {
	first := map[string]string{"Red": "Anna", "Blue": "Cleo", "Gold": "Gus"}
	second := map[string]string{"Red": "Bob", "Blue": "Dan"}
	points := map[string]Points{"Anna": 10, "Bob": 10, "Cleo": 12, "Dan": 4, "Gus": 0}
	assert.Equal(t, []string{"Red"}, MidSeasonSwap(first, second, points), "equal points swap; a team of one never does")
}

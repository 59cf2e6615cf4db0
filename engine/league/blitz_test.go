package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AX-5, league AMB-58: the heat's winner in the spec's order.
func TestBlitzHeatWinner(t *testing.T) {
	crossed := func(used int64, moves int) BlitzHeatCar {
		return BlitzHeatCar{Crossed: true, Used: used, Moves: moves}
	}
	short := func(toLine, order int) BlitzHeatCar { return BlitzHeatCar{ToLine: toLine, Order: order} }
	for _, tc := range []struct {
		name string
		a, b BlitzHeatCar
		want int
	}{
		{"crossed beats not crossed, however fast", short(0, 1), crossed(9999, 30), 1},
		{"neither crossed: nearer the line", short(3, 2), short(5, 1), 0},
		{"neither crossed, equal distance: who plays first", short(4, 2), short(4, 1), 1},
		{"both crossed: less time used", crossed(300, 14), crossed(200, 15), 1},
		{"both crossed, same time: fewer moves", crossed(200, 13), crossed(200, 14), 0},
		{"both crossed, same time and moves: drawn", crossed(200, 13), crossed(200, 13), -1},
	} {
		assert.Equal(t, tc.want, BlitzHeatWinner(tc.a, tc.b), tc.name)
	}
}

// AX-5: two heats won take the match; 1–1 or a drawn heat calls a third;
// the pole alternates, A first.
func TestBlitzMatch(t *testing.T) {
	m := BlitzMatch{A: "Anna", B: "Bert"}
	assert.Equal(t, "Anna", m.PoleOfNextHeat())
	m.Heats = []int{0}
	assert.Equal(t, "Bert", m.PoleOfNextHeat())
	assert.False(t, m.SymmetricNextHeat(), "the second heat starts from the grid, Bert on pole")
	_, done := m.Winner()
	assert.False(t, done)
	m.Heats = []int{0, 0}
	w, done := m.Winner()
	assert.True(t, done)
	assert.Equal(t, "Anna", w)
	m.Heats = []int{0, 1}
	_, done = m.Winner()
	assert.False(t, done, "1–1: a third heat")
	assert.True(t, m.SymmetricNextHeat(), "the third heat from the symmetric squares")
	assert.Equal(t, "Anna", m.PoleOfNextHeat(), "car 1 of the symmetric heat")
	m.Heats = []int{0, -1}
	_, done = m.Winner()
	assert.False(t, done, "a drawn heat: a third heat")
	m.Heats = []int{0, -1, 1}
	_, done = m.Winner()
	assert.False(t, done, "still level after three: another heat")
	assert.True(t, m.SymmetricNextHeat(), "every heat after the second is symmetric")
	m.Heats = []int{0, 1, 1}
	w, _ = m.Winner()
	assert.Equal(t, "Bert", w)
	w, done = BlitzMatch{A: "Anna"}.Winner()
	assert.True(t, done, "a bye")
	assert.Equal(t, "Anna", w)
	w, done = BlitzMatch{A: "Anna", B: "Bert", Heats: []int{0}, Walkover: "Bert"}.Winner()
	assert.True(t, done, "a walkover")
	assert.Equal(t, "Bert", w)
}

// LF-51: the bracket, its byes, its rounds and their circuit pools.
func TestBlitzBracket(t *testing.T) {
	_, err := BlitzFirstRound([]string{"Anna"})
	require.ErrorContains(t, err, "two pilots or more")
	round, err := BlitzFirstRound([]string{"P1", "P2", "P3", "P4", "P5", "P6"})
	require.NoError(t, err)
	assert.Equal(t, []BlitzMatch{{A: "P1"}, {A: "P4", B: "P5"}, {A: "P2"}, {A: "P3", B: "P6"}}, round, "seeds 1 and 2 have byes and meet only in the final")
	_, ok := BlitzNextRound(round)
	assert.False(t, ok, "undecided matches")
	round[1].Heats = []int{1, 1}
	round[3].Heats = []int{0, 1, 0}
	semis, ok := BlitzNextRound(round)
	require.True(t, ok)
	assert.Equal(t, []BlitzMatch{{A: "P1", B: "P5"}, {A: "P2", B: "P3"}}, semis)
	semis[0].Heats, semis[1].Heats = []int{0, 0}, []int{1, 1}
	final, ok := BlitzNextRound(semis)
	require.True(t, ok)
	assert.Equal(t, []BlitzMatch{{A: "P1", B: "P3"}}, final)
	_, ok = BlitzNextRound(final)
	assert.False(t, ok, "nothing after the final")

	assert.Equal(t, 3, BlitzRounds(6))
	assert.Equal(t, 5, BlitzRounds(32))
	pools := []string{}
	for r := 1; r <= 5; r++ {
		pools = append(pools, BlitzPool(r, 5))
	}
	assert.Equal(t, []string{PoolShort, PoolMedium, PoolMedium, PoolLong, PoolLong}, pools, "32 pilots: round 1 short, last 16 and quarters medium, semis and final long")
	assert.Equal(t, PoolMedium, BlitzPool(1, 3), "8 pilots start at the quarter-finals")
}

// AX-5 with blitz_players above 2 (league AMB-58, [DEC]): the heat winner
// rules order every car of a heat; cars they cannot split share a place.
func TestBlitzHeatOrder(t *testing.T) {
	cars := []BlitzHeatCar{
		{Pilot: "short, behind", ToLine: 6, Order: 4},
		{Pilot: "crossed, slow", Crossed: true, Used: 300, Moves: 13},
		{Pilot: "short, ahead", ToLine: 2, Order: 3},
		{Pilot: "crossed, fast", Crossed: true, Used: 200, Moves: 14},
		{Pilot: "short, behind, plays later", ToLine: 6, Order: 5},
	}
	places := BlitzHeatOrder(cars)
	assert.Equal(t, []int{4, 2, 3, 1, 5}, places)
	assert.Equal(t, 3, BlitzHeatWinnerOf(places))
	for i := range cars {
		for j := range cars {
			if w := BlitzHeatWinner(cars[i], cars[j]); w == 0 {
				assert.Less(t, places[i], places[j], "the full order agrees with the heat winner of every pair")
			}
		}
	}
	tied := BlitzHeatOrder([]BlitzHeatCar{
		{Crossed: true, Used: 200, Moves: 13}, {ToLine: 1, Order: 3}, {Crossed: true, Used: 200, Moves: 13},
	})
	assert.Equal(t, []int{1, 3, 1}, tied, "two cars level in first place share it, the next is third")
	assert.Equal(t, -1, BlitzHeatWinnerOf(tied), "a shared first place: a drawn heat")
}

// A match of three (blitz_players=3, [DEC]): three heats, each pilot on
// pole once, the others behind in seed order from him; then the most
// heats won, level on heats the most points for places (n−place a
// heat); still level another heat of all three, pole going round again.
func TestBlitzMatchOfThree(t *testing.T) {
	m := BlitzMatch{A: "Anna", B: "Bert", More: []string{"Cleo"}}
	assert.Equal(t, []string{"Anna", "Bert", "Cleo"}, m.GridOfNextHeat())
	m.Heats = []int{0, 1, 2}
	assert.False(t, m.SymmetricNextHeat(), "a match of three has no symmetric heat")
	m.Heats = nil
	m.Heats, m.Places = []int{0}, [][]int{{1, 2, 3}}
	assert.Equal(t, []string{"Bert", "Cleo", "Anna"}, m.GridOfNextHeat())
	m.Heats, m.Places = []int{0, 0}, [][]int{{1, 2, 3}, {1, 3, 2}}
	assert.Equal(t, []string{"Cleo", "Anna", "Bert"}, m.GridOfNextHeat())
	_, done := m.Winner()
	assert.False(t, done, "two heats won of three, but Cleo has not had her pole yet")
	m.Heats, m.Places = []int{0, 0, 2}, [][]int{{1, 2, 3}, {1, 3, 2}, {2, 3, 1}}
	w, done := m.Winner()
	require.True(t, done)
	assert.Equal(t, "Anna", w)
	assert.Equal(t, []int{2, 0, 1}, m.HeatsWon())

	m.Heats, m.Places = []int{0, 1, 2}, [][]int{{1, 3, 2}, {2, 1, 3}, {3, 2, 1}}
	assert.Equal(t, []int{1, 1, 1}, m.HeatsWon())
	assert.Equal(t, []int{3, 3, 3}, m.PlacePoints())
	_, done = m.Winner()
	assert.False(t, done, "level on heats and points: a fourth heat")
	assert.Equal(t, []string{"Anna", "Bert", "Cleo"}, m.GridOfNextHeat(), "the pole goes round again")
	m.Heats, m.Places = []int{0, 1, 2}, [][]int{{1, 3, 2}, {3, 1, 2}, {3, 2, 1}}
	assert.Equal(t, []int{2, 3, 4}, m.PlacePoints())
	w, done = m.Winner()
	require.True(t, done, "level on heats won, split by the points for places")
	assert.Equal(t, "Cleo", w)
	m.Heats = append(m.Heats, -1)
	m.Places = append(m.Places, []int{3, 1, 1})
	w, _ = m.Winner()
	assert.Equal(t, "Cleo", w, "a drawn heat wins nobody a heat")
}

// A bracket of matches of three: the snake seeding keeps seeds 1 to 3
// apart until the final, missing seeds leave a match of two or a bye,
// and each match sends its winner on.
func TestBlitzBracketOfThree(t *testing.T) {
	pilots := []string{"P1", "P2", "P3", "P4", "P5", "P6", "P7"}
	assert.Equal(t, 2, BlitzRoundsOf(7, 3))
	round, err := BlitzFirstRoundOf(pilots, 3)
	require.NoError(t, err)
	assert.Equal(t, []BlitzMatch{
		{A: "P1", B: "P6", More: []string{"P7"}},
		{A: "P2", B: "P5"},
		{A: "P3", B: "P4"},
	}, round)
	_, err = BlitzFirstRoundOf(pilots, 1)
	require.Error(t, err)
	_, ok := BlitzNextRoundOf(round, 3)
	assert.False(t, ok)
	round[0].Heats, round[0].Places = []int{2, 2, 0}, [][]int{{2, 3, 1}, {3, 2, 1}, {1, 3, 2}}
	round[1].Heats = []int{1, 1}
	round[2].Heats = []int{0, 0}
	final, ok := BlitzNextRoundOf(round, 3)
	require.True(t, ok)
	assert.Equal(t, []BlitzMatch{{A: "P7", B: "P5", More: []string{"P3"}}}, final)
	_, ok = BlitzNextRoundOf(final, 3)
	assert.False(t, ok, "nothing after the final")
	two, err := BlitzFirstRoundOf([]string{"P1", "P2"}, 4)
	require.NoError(t, err)
	assert.Equal(t, []BlitzMatch{{A: "P1", B: "P2"}}, two, "a bracket smaller than a match: one match, the final")
}

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
	_, done := m.Winner()
	assert.False(t, done)
	m.Heats = []int{0, 0}
	w, done := m.Winner()
	assert.True(t, done)
	assert.Equal(t, "Anna", w)
	m.Heats = []int{0, 1}
	_, done = m.Winner()
	assert.False(t, done, "1–1: a third heat")
	assert.Equal(t, "Anna", m.PoleOfNextHeat())
	m.Heats = []int{0, -1}
	_, done = m.Winner()
	assert.False(t, done, "a drawn heat: a third heat")
	m.Heats = []int{0, -1, 1}
	_, done = m.Winner()
	assert.False(t, done, "still level after three: another heat")
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

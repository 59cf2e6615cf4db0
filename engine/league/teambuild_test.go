package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 4-B(b): 46 = 2 cars + 2 pilots + engineers; 19-F: at most 6 engineers,
// split between the cars at an event (league AMB-41: before the race).
func TestBudgetBuild(t *testing.T) {
	b, ok := BudgetBuild(21, 1, 1)
	assert.True(t, ok)
	assert.Equal(t, TeamBuild{Car: 21, Pilots: [2]int{1, 1}, Engineers: 2}, b)
	assert.Equal(t, []int{1, 1}, b.EngineerShares(1, 2))
	assert.Equal(t, []int{2}, b.EngineerShares(1), "a car without its teammate takes the team's pool")

	b, ok = BudgetBuild(20, 0, 1)
	assert.True(t, ok)
	assert.Equal(t, 5, b.Engineers)
	assert.Equal(t, []int{3, 2}, b.EngineerShares(1, 2), "the first car takes the larger half")

	for _, bad := range [][3]int{{19, 3, 3}, {24, 0, 0}, {20, 4, 2}, {23, 1, 0}, {20, -1, 0}} {
		_, ok := BudgetBuild(bad[0], bad[1], bad[2])
		assert.False(t, ok, "%v", bad)
	}
}

// 19-F's tune takes its engineer points first: the No. 2's engine and
// brakes cost 2 of 5, the rest split as before, the first the larger
// half, whichever seat races first.
func TestEngineerSharesPayTheTunes(t *testing.T) {
	b, _ := BudgetBuild(20, 0, 1)
	b.Tunes = [][]string{nil, {"brakes", "engine"}}
	assert.Equal(t, 2, b.TuneCost(2))
	assert.Zero(t, b.TuneCost(1))
	assert.Equal(t, []int{2, 3}, b.EngineerShares(1, 2), "car 1 the No. 1: 0 + 2; car 2 the No. 2: 2 + 1")
	assert.Equal(t, []int{4, 1}, b.EngineerShares(2, 1), "the No. 2 first: 2 + 2, then 0 + 1")
	assert.Equal(t, []int{5}, b.EngineerShares(2), "alone, the whole pool")
}

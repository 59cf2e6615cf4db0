package duel

import (
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func chicken(t *testing.T, faster string) *Game {
	return newDuel(t, Config{Mode: Chicken, Faster: faster, MarshAt: 50})
}

// AX-4, league AMB-57: the first tick in 1st; the same gear moves both by
// the shared box's die; the higher gear is faster: the slower stops
// beaten, the faster drives on alone and wins by stopping before the marsh.
func TestChickenHigherGearWinsByStopping(t *testing.T) {
	g := chicken(t, FasterGear)
	assert.Equal(t, []string{"1"}, g.Orders(0), "AMB-57: the start from neutral, first gear 1")
	box := []int{2, 3, 5, 8, 11} // gears 1–5, rolled once a tick, shared
	src := dice.NewScripted(append(append(box, 2, 4, 6, 9, 12), 1)...)
	tick(t, g, src, "1", "1")
	assert.Equal(t, []int{2, 2}, []int{g.Cars[0].Pos, g.Cars[1].Pos})
	assert.Equal(t, []string{"0", "1", "2"}, g.Orders(0), "neutral only after a move in 1st; one gear up")
	tick(t, g, src, "2", "1") // left faster: moves 4, right stops beaten
	assert.Equal(t, 0, g.Alone)
	assert.Equal(t, Stopped, g.Cars[1].State)
	assert.Equal(t, 6, g.Cars[0].Pos)
	tick(t, g, src, "1", "") // alone, its own gear die
	tick(t, g, src, "0", "")
	require.True(t, g.Over)
	assert.Equal(t, 0, g.Winner)
	assert.Contains(t, lines(g), "result winner=1 loser=2")
}

// AX-4 faster=squares (AMB-57's parameter): 12 in 4th beats 11 in 5th;
// with the default the 5th is faster. The same dice, two records.
func TestChickenFasterParameter(t *testing.T) {
	play := func(faster string) *Game {
		g := chicken(t, faster)
		g.Cars[0] = Car{Lane: 1, Pos: 10, Gear: 4}
		g.Cars[1] = Car{Lane: 2, Pos: 10, Gear: 4}
		tick(t, g, dice.NewScripted(2, 4, 8, 12, 11), "4", "5")
		return g
	}
	gear, squares := play(FasterGear), play(FasterSquares)
	assert.Equal(t, 1, gear.Alone, "the higher gear: the right car")
	assert.Equal(t, 21, gear.Cars[1].Pos)
	assert.Equal(t, 0, squares.Alone, "more squares: the left car's 12")
	assert.Equal(t, 22, squares.Cars[0].Pos)
	assert.NotEqual(t, gear.Lines(), squares.Lines())
}

// AX-4: the faster car into the marsh loses its car, and the slower wins;
// both into the marsh on the same tick: both lost, nobody wins; both in
// neutral: a handshake.
func TestChickenMarshAndHandshake(t *testing.T) {
	g := chicken(t, FasterGear)
	g.Cars[0] = Car{Lane: 1, Pos: 40, Gear: 3}
	g.Cars[1] = Car{Lane: 2, Pos: 40, Gear: 3}
	tick(t, g, dice.NewScripted(2, 4, 8, 12, 11), "4", "3")
	require.True(t, g.Over)
	assert.True(t, g.Cars[0].Marsh)
	assert.Equal(t, 1, g.Winner)

	g = chicken(t, FasterGear)
	g.Cars[0] = Car{Lane: 1, Pos: 40, Gear: 3}
	g.Cars[1] = Car{Lane: 2, Pos: 40, Gear: 3}
	tick(t, g, dice.NewScripted(2, 4, 8, 10, 11), "4", "4")
	require.True(t, g.Over)
	assert.Equal(t, -1, g.Winner)
	assert.Equal(t, "marsh", g.Draw)
	assert.True(t, g.Cars[0].Marsh && g.Cars[1].Marsh)
	assertTold(t, g)

	g = chicken(t, FasterGear)
	g.Cars[0] = Car{Lane: 1, Pos: 30, Gear: 1}
	g.Cars[1] = Car{Lane: 2, Pos: 30, Gear: 1}
	tick(t, g, dice.NewScripted(), "0", "0")
	assert.Equal(t, "handshake", g.Draw)
	assert.Contains(t, lines(g), "result winner=none draw=handshake")
}

package duel

import (
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AX-1, league AMB-54: the earlier tick at the line wins the run.
func TestDragsterEarlierTickWins(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 2, Pos: 45, Gear: 3}
	g.Cars[1] = Car{Lane: 4, Pos: 30, Gear: 3}
	// per car in seat order: incident die, gear die
	src := dice.NewScripted(10, 5, 10, 8, 10, 2, 10, 12, 10, 4, 10, 2)
	tick(t, g, src, "3", "3") // left 50 (crosses, tick 1), right 38
	tick(t, g, src, "2", "4") // left 52, right 50 (tick 2)
	tick(t, g, src, "stop", "3")
	tick(t, g, src, "", "2")
	tick(t, g, src, "", "stop")
	require.True(t, g.Over)
	assert.Equal(t, 0, g.Winner, "AX-1: the left car reached the line a tick earlier")
	assert.Contains(t, lines(g), "cross car=1 tick=1 overshoot=0")
	assert.Contains(t, lines(g), "cross car=2 tick=2 overshoot=0")
	assert.Zero(t, src.Remaining())
}

// AX-1, league AMB-54: on the same tick the larger overshoot wins; equal
// again, the run is held again.
func TestDragsterSameTickOvershootThenRerun(t *testing.T) {
	for _, tc := range []struct {
		name       string
		right      int
		winner     int
		rerun      bool
		resultLine string
	}{
		{"overshoot", 8, 1, false, "result winner=2"},
		{"rerun", 7, -1, true, "result winner=none rerun=yes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newDuel(t, Config{Mode: Dragster})
			g.Cars[0] = Car{Lane: 2, Pos: 45, Gear: 3}
			g.Cars[1] = Car{Lane: 4, Pos: 44, Gear: 3}
			src := dice.NewScripted(10, 6, 10, tc.right, 10, 2, 10, 2)
			tick(t, g, src, "3", "3")
			tick(t, g, src, "2", "2")
			tick(t, g, src, "stop", "stop")
			require.True(t, g.Over)
			assert.Equal(t, tc.winner, g.Winner)
			assert.Equal(t, tc.rerun, g.Rerun)
			assert.Contains(t, lines(g), tc.resultLine)
		})
	}
}

// AX-1 incident, league AMB-54: after an incident die of 1, each next
// move crashes below gear × k, k rising; equal survives.
func TestDragsterIncidentThresholdRises(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 2, Pos: 10, Gear: 2}
	g.Cars[1] = Car{Lane: 4, Pos: 10, Gear: 1}
	src := dice.NewScripted(1, 3, 3, 4, 5, 17)
	tick(t, g, src, "2", "stop") // incident: k = 1
	assert.Equal(t, 1, g.Cars[0].IncidentK)
	tick(t, g, src, "3", "") // 3 < 3×1? no: equal survives, k = 2
	assert.Equal(t, Running, g.Cars[0].State)
	assert.Equal(t, 2, g.Cars[0].IncidentK)
	tick(t, g, src, "3", "") // 5 < 3×2: crash; the injury die 17 in 3rd: no penalty
	assert.Equal(t, Crashed, g.Cars[0].State)
	require.True(t, g.Over)
	assert.Equal(t, -1, g.Winner, "nobody reached the line")
	assert.Contains(t, lines(g), "crash car=1 cause=incident gear=3 at=17")
	assert.Contains(t, lines(g), "injury car=1 gear=3 roll=17 outcome=none runs=0")
	assertTold(t, g)
}

// AX-1 loss of control: a 20 drifts the car toward the inside (lane 3),
// a new 20 the other way; leaving the lanes is a crash, after the move,
// so a car may cross the line and crash on the same move and still win.
func TestDragsterLossOfControl(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 2, Pos: 10, Gear: 3}
	g.Cars[1] = Car{Lane: 4, Pos: 41, Gear: 3}
	src := dice.NewScripted(20, 4, 20, 4, 10, 4, 20, 5, 20, 4, 10, 2)
	tick(t, g, src, "3", "3") // left drifts right to lane 3; right drifts left to lane 3
	assert.Equal(t, []int{3, 3}, []int{g.Cars[0].Lane, g.Cars[1].Lane})
	tick(t, g, src, "3", "3") // left: lane 4; right: a new 20, back the other way: lane 4, at 50
	assert.Equal(t, 4, g.Cars[0].Lane)
	assert.Equal(t, 4, g.Cars[1].Lane)
	assert.Equal(t, 1, g.Cars[1].LocDir)
	assert.Contains(t, lines(g), "control car=2 dir=right")
	tick(t, g, src, "3", "2") // left: a new 20, drifting left again, lane 3; right on to lane 5
	assert.Equal(t, 3, g.Cars[0].Lane)
	assert.Equal(t, 5, g.Cars[1].Lane)
	assert.Equal(t, Running, g.Cars[1].State)
	assert.Zero(t, src.Remaining())
}

// AX-1: the shift at the end of the move — the line crossed, then off the
// track: the run is won all the same, and the injury rolled.
func TestDragsterWinsAndCrashesOnTheSameMove(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 1, Pos: 45, Gear: 3, LocDir: -1}
	g.Cars[1] = Car{Lane: 4, Pos: 20, Gear: 1}
	src := dice.NewScripted(10, 5, 8)
	tick(t, g, src, "3", "stop")
	require.True(t, g.Over)
	assert.Equal(t, 0, g.Winner)
	assert.Contains(t, lines(g), "crash car=1 cause=off gear=3 at=50")
	require.NotNil(t, g.Injuries[0])
	assert.Equal(t, Injury{Roll: 8, Gear: 3, Outcome: "forfeit", Runs: 4}, *g.Injuries[0])
}

// AX-1 parachute: above the previous gear it opens, the gear forced two
// down each tick (no order awaited) until stopped; otherwise one down.
func TestDragsterParachute(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 2, Pos: 40, Gear: 5}
	g.Cars[1] = Car{Lane: 4, Pos: 40, Gear: 5}
	// left: chute 6 > 5 opens, gear 3; right: chute 5, a streamer, gear 4
	src := dice.NewScripted(6, 10, 4, 5, 10, 7, 10, 1, 10, 4, 10, 2)
	tick(t, g, src, "parachute", "parachute")
	assert.Equal(t, 3, g.Cars[0].Gear)
	assert.Equal(t, 4, g.Cars[1].Gear)
	assert.Equal(t, []int{1}, g.Awaited(), "the open parachute's gear is forced: only the right car orders")
	assert.NotContains(t, g.Orders(1), "parachute", "once a run")
	tick(t, g, src, "", "3") // left 1st, forced; right 3rd
	assert.Equal(t, 1, g.Cars[0].Gear)
	tick(t, g, src, "", "2") // left stops (1 − 2 ≤ 0)
	assert.Equal(t, Stopped, g.Cars[0].State)
	assert.Equal(t, 45, g.Cars[0].Pos)
	assert.Zero(t, src.Remaining())
	assertTold(t, g)
}

// AX-1 end of strip: past square 70 is a crash; it may still win.
func TestDragsterEndOfStrip(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	g.Cars[0] = Car{Lane: 2, Pos: 60, Gear: 4}
	g.Cars[1] = Car{Lane: 4, Pos: 20, Gear: 2}
	src := dice.NewScripted(10, 12, 2)
	tick(t, g, src, "4", "stop")
	require.True(t, g.Over)
	assert.Contains(t, lines(g), "crash car=1 cause=wall gear=4 at=72")
	assert.Equal(t, 0, g.Winner)
	assert.True(t, g.Injuries[0].Eliminated(), "2 on the injury die: dead")
}

// AX-1's orders: the first gear is 1st; one gear up or down; stop from
// 1st or 2nd; the parachute from 3rd, once.
func TestDragsterOrders(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	assert.Equal(t, []string{"1"}, g.Orders(0))
	g.Cars[0].Gear = 2
	assert.Equal(t, []string{"1", "2", "3", "stop"}, g.Orders(0))
	g.Cars[0].Gear = 6
	assert.Equal(t, []string{"5", "6", "parachute"}, g.Orders(0))
}

// AX-1 injury table (merged cells rebuilt): only 17 depends on the gear.
func TestDragsterInjuryTable(t *testing.T) {
	for _, tc := range []struct {
		roll, gear int
		want       Injury
	}{
		{1, 1, Injury{Outcome: "dead"}}, {4, 6, Injury{Outcome: "hospital"}}, {5, 3, Injury{Outcome: "wrecked"}},
		{7, 2, Injury{Outcome: "forfeit", Runs: 4}}, {10, 5, Injury{Outcome: "forfeit", Runs: 3}},
		{13, 4, Injury{Outcome: "miss", Runs: 2}}, {16, 1, Injury{Outcome: "miss", Runs: 1}},
		{17, 4, Injury{Outcome: "none"}}, {17, 5, Injury{Outcome: "miss", Runs: 1}}, {20, 6, Injury{Outcome: "none"}},
	} {
		tc.want.Roll, tc.want.Gear = tc.roll, tc.gear
		assert.Equal(t, tc.want, injuryOf(tc.roll, tc.gear), "d20 %d in gear %d", tc.roll, tc.gear)
	}
}

package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// runwayEnd is a position met in an ai-bench race on Kestrel Downs
// (seed ai-bench-1, race 7, round 29): car 4, a pro, in 1st inside the
// 3-stop Runway End with two stops made, has played; car 2, a legend, in
// 2nd four spaces before the hairpin, plays next and rolls 4.
func runwayEnd(t *testing.T) (*fd.Game, *tracks.Circuit) {
	t.Helper()
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	car := func(n int, space string, gear, stops int, w fd.Wear) fd.CarPosition {
		return fd.CarPosition{Car: n, Space: space, Gear: gear, Laps: 1, Stops: stops, Wear: w, Flags: []string{"started", "crossed"}}
	}
	pos := fd.Position{Round: 29, Played: []int{4}, Cars: []fd.CarPosition{
		car(1, "apron.7.0", 3, 0, fd.Wear{3, 2, 3, 3, 3, 2}),
		car(2, "runway-east.15.0", 2, 0, fd.Wear{2, 0, 1, 3, 3, 2}),
		car(3, "windsock.2.1", 3, 1, fd.Wear{6, 3, 1, 3, 3, 2}),
		car(4, "runway-end.6.0", 1, 2, fd.Wear{1, 1, 1, 3, 3, 2}),
	}}
	src := dice.NewScripted(4)
	g, err := fd.NewGame("t", fd.DefaultConfig(), c, 4)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(pos, src))
	require.Equal(t, 2, g.Pending().Car)
	require.NoError(t, g.Submit(fd.Order{Car: 2, Gear: 2}, src))
	require.Equal(t, fd.DecideMove, g.Pending().Kind)
	return g, c
}

// R-ORD-01: in the next round car 4, ahead, plays before car 2 and car 2
// meets it where its own move leaves it (1st: the mean of 1, 1, 2, 2 is two
// spaces, within the stop it still owes); cars 1 and 3, behind car 2's move,
// play after it and are left out.
func TestTrafficIsTheCarsAheadWhereTheyWillBe(t *testing.T) {
	g, c := runwayEnd(t)
	p := newPlanner(g, 2, Legend)
	end, ok := c.Lookup("runway-end.1.0")
	require.True(t, ok)
	others := p.traffic(end, 1)
	require.Len(t, others, 1)
	assert.Equal(t, 2, others[0].Car, "numbered after the car that looks ahead")
	assert.Equal(t, "runway-end.8.0", others[0].Space)
	assert.Equal(t, 3, others[0].Stops, "its last stop of the hairpin made")
	assert.Equal(t, 1, others[0].Gear)

	far, ok := c.Lookup("runway-west.19.0") // car 4 is behind this end
	require.True(t, ok)
	assert.Empty(t, p.traffic(far, 1))
}

// The decision the traffic changes: car 2, a legend, rolling 4 into the
// hairpin, chooses its lane. Alone in its second play it takes the inside
// line (runway-end.1.2, the hairpin turns right); with car 4 where its move
// will leave it (runway-end.8.0) the inside line's next play is worth less
// than the outside's, and it takes the outside line (runway-end.1.0). The
// pro's choice does not depend on the traffic (it does not look ahead).
func TestLegendSecondPlayMeetsTheCarAhead(t *testing.T) {
	g, c := runwayEnd(t)
	take := func(lvl Level) string {
		o, ok := Driver{Level: lvl}.Order(g, 2)
		require.True(t, ok)
		for _, op := range g.Pending().Options {
			if op.Letter == o.Letter {
				return c.Spaces[op.End].Name
			}
		}
		t.Fatalf("answered %q, not an option", o.Letter)
		return ""
	}
	withTraffic, pro := take(Legend), take(Pro)
	trafficOff = true
	t.Cleanup(func() { trafficOff = false })
	alone, proAlone := take(Legend), take(Pro)
	assert.Equal(t, "runway-end.1.2", alone)
	assert.Equal(t, "runway-end.1.0", withTraffic)
	assert.Equal(t, pro, proAlone)
}

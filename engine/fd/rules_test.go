package fd

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Table tests, one per numbered rule of formula-d-2008.md §2 that the
// engine exercises. Geometry: see scenarios_test.go.

// longTrack is an oval with a 40-level back straight, room for a 30 in 6th.
const longTrack = `circuit long
name "Long"
lanes 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 6 id=start
corner "North" right stops=1 angle=180 id=north
straight 40 id=back
corner "South" right stops=1 angle=180 id=south
straight 34 id=main
`

// gearList writes a gear decision as "6 5 4:0/0/1/0/0/0 …": each gear,
// with its cost when it has one and "!" when it eliminates.
func gearList(d *Decision) string {
	var parts []string
	for _, op := range d.Options {
		p := strconv.Itoa(op.Gear)
		if op.Cost != (Wear{}) {
			p += ":" + op.Cost.Compact()
		}
		if op.Eliminated {
			p += "!"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func TestRGEAR09LegalGears(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		name string
		car  CarPosition
		want string
	}{
		{"1st", at("back.0.1", 1), "2 1"},
		{"3rd", at("back.0.1", 3), "4 3 2 1:0/0/1/0/0/0"},
		{"4th", at("back.0.1", 4), "5 4 3 2:0/0/1/0/0/0 1:0/1/1/0/0/0"},
		{"5th", at("back.0.1", 5), "6 5 4 3:0/0/1/0/0/0 2:0/1/1/0/0/0 1:0/1/1/0/1/0"},
		{"6th: never 1st (R-GEAR-08)", at("back.0.1", 6), "6 5 4:0/0/1/0/0/0 3:0/1/1/0/0/0 2:0/1/1/0/1/0"},
		{"gearbox 0 in 6th (R-DWN-03)", at("back.0.1", 6).set(Gearbox, 0), "6 5"},
		{"gearbox 0 in 4th", at("back.0.1", 4).set(Gearbox, 0), "5 4 3"},
		{"gearbox 0 in 1st", at("back.0.1", 1).set(Gearbox, 0), "2 1"},
		{"brakes 0 in 5th (R-DWN-04)", at("back.0.1", 5).set(Brakes, 0), "6 5 4 3:0/0/1/0/0/0"},
		{"engine 1 in 5th", at("back.0.1", 5).set(Engine, 1), "6 5 4 3:0/0/1/0/0/0 2:0/1/1/0/0/0 1:0/1/1/0/1/0!"},
		{"pit lane: free downshifts (R-PIT-08)", at("pit.5", 6).pits(1).set(Gearbox, 0), "6 5 4 3 2"},
		{"slow stop: 1–4 (R-PIT-06)", at("box.1", 6).pits(1).flag("slow-stop"), "4 3 2 1"},
		{"quick stop: up to 5th (AMB-21)", at("pit.12", 4).pits(1).laps(1), "5 4 3 2 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{tc.car}, nil)
			assert.Equal(t, tc.want, gearList(h.expect(1, DecideGear)))
		})
	}
}

func TestRDWN01DownshiftPenalties(t *testing.T) {
	// T-05 as data
	for _, tc := range []struct {
		from, to int
		cost     Wear
		ok       bool
	}{
		{6, 5, Wear{}, true},
		{6, 4, Wear{Gearbox: 1}, true},
		{5, 3, Wear{Gearbox: 1}, true},
		{3, 1, Wear{Gearbox: 1}, true},
		{6, 3, Wear{Gearbox: 1, Brakes: 1}, true},
		{4, 1, Wear{Gearbox: 1, Brakes: 1}, true},
		{6, 2, Wear{Gearbox: 1, Brakes: 1, Engine: 1}, true},
		{5, 1, Wear{Gearbox: 1, Brakes: 1, Engine: 1}, true},
		{6, 1, Wear{}, false},
	} {
		cost, ok := downshiftCost(tc.from, tc.to)
		assert.Equal(t, tc.ok, ok, "%d→%d", tc.from, tc.to)
		if ok {
			assert.Equal(t, tc.cost, cost, "%d→%d", tc.from, tc.to)
		}
	}

	c := ovalTrack(t)
	for _, tc := range []struct {
		name     string
		car      CarPosition
		to       int
		roll     []int
		wear     string
		wearEvts []string
		elim     bool
	}{
		{"4→2: gearbox", at("back.0.1", 4), 2, []int{3}, "6/3/2/3/3/2", []string{"wear car=1 gearbox=-1"}, false},
		{"4→1: gearbox and brakes", at("back.0.1", 4), 1, []int{1}, "6/2/2/3/3/2", []string{"wear car=1 brakes=-1", "wear car=1 gearbox=-1"}, false},
		{"5→1: gearbox, brakes, engine", at("back.0.1", 5), 1, []int{1}, "6/2/2/3/2/2", []string{"wear car=1 brakes=-1", "wear car=1 gearbox=-1", "wear car=1 engine=-1"}, false},
		{"5→1 with the last engine point: eliminated", at("back.0.1", 5).set(Engine, 1), 1, nil, "6/2/2/3/0/2", []string{"wear car=1 brakes=-1", "wear car=1 gearbox=-1", "wear car=1 engine=-1"}, true},
		{"pit lane 6→2: free (R-DWN-06)", at("pit.5", 6).pits(1), 2, []int{3}, "6/3/3/3/3/2", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{tc.car}, nil)
			h.gear(tc.to, tc.roll...)
			evs := h.since()
			if tc.wearEvts == nil {
				assert.Empty(t, kinds(evs, "wear"))
			} else {
				assert.Equal(t, tc.wearEvts, withoutCause(kinds(evs, "wear")))
			}
			assert.Equal(t, tc.wear, h.wear(1))
			if tc.elim {
				assert.Equal(t, Eliminated, h.car(1).Status)
				assert.Empty(t, kinds(evs, "roll"), "no gear die after the elimination")
				return
			}
			// R-DWN-02: paid when the gear is selected, before rolling
			var order []string
			for _, e := range evs {
				if k, _, _ := strings.Cut(e, " "); k == "wear" || k == "roll" {
					order = append(order, k)
				}
			}
			if len(tc.wearEvts) > 0 {
				assert.Equal(t, "roll", order[len(order)-1])
			}
			assert.Equal(t, tc.to, h.car(1).Gear)
		})
	}
}

func TestRSTA01StartRoll(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		roll   int
		result string
		rolls  []int // after the start roll, until the first decision
		dist   int
	}{
		{1, "stall", []int{2}, 2}, // round 2 starts in 1st without a start roll
		{2, "normal", []int{1}, 1},
		{12, "normal", []int{2}, 2},
		{19, "normal", []int{2}, 2},
		{20, "super", nil, 4},
	} {
		t.Run(strconv.Itoa(tc.roll), func(t *testing.T) {
			g, err := NewGame("t", DefaultConfig(), c, 1) // one car: no grid roll
			require.NoError(t, err)
			h := &harness{t: t, g: g, c: c}
			src := dice.NewScripted(append([]int{tc.roll}, tc.rolls...)...)
			require.NoError(t, g.Start(src))
			require.Zero(t, src.Remaining())
			evs := h.since()
			assert.Contains(t, evs, "start car=1 result="+tc.result)
			assert.Len(t, slices.DeleteFunc(kinds(evs, "roll"), func(e string) bool { return !strings.Contains(e, "for=start") }), 1)
			d := h.expect(1, DecideMove)
			assert.Equal(t, tc.dist, d.Distance)
			assert.Equal(t, 1, h.car(1).Gear)
			if tc.result == "super" {
				assert.Zero(t, d.Rolled, "no gear die")
				assert.Empty(t, kinds(evs, "gear"))
			} else {
				assert.Contains(t, evs, "gear car=1 from=0 to=1")
			}
			if tc.result == "stall" {
				assert.Contains(t, evs, "round n=2 order=1")
			}
		})
	}
}

// occupiedPaths checks that no option passes through or ends on a car.
func noCarOnPaths(t *testing.T, h *harness) {
	t.Helper()
	for _, op := range h.pending().Options {
		for _, s := range op.Path {
			assert.Zero(t, h.g.Occupied(s), "option %s enters %s, occupied", op.Letter, h.name(s))
		}
	}
}

func TestRMOV02NoJumping(t *testing.T) {
	c := ovalTrack(t)
	t.Run("go round, never through", func(t *testing.T) {
		cars := []CarPosition{at("back.0.1", 3).laps(1), at("back.1.1", 3), at("back.3.0", 3), at("back.3.2", 3)}
		h := play(t, c, DefaultConfig(), cars, nil)
		h.gear(3, 5)
		noCarOnPaths(t, h)
		// straight on in lane 1 means going round the car on back.1.1
		op := h.option("back.5.1", 5)
		assert.NotContains(t, op.Path, h.id("back.1.1"))
		assert.Contains(t, op.Path, h.id("back.3.1"), "the only gap at level 17")
	})
	t.Run("a wall cannot be jumped", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), append([]CarPosition{at("back.0.1", 3).laps(1)}, wall(2)...), nil)
		h.gear(3, 5)
		noCarOnPaths(t, h)
		for _, op := range h.pending().Options {
			assert.LessOrEqual(t, len(op.Path), 1)
			assert.Equal(t, 4, op.Blocked)
		}
	})
}

// bfs is an independent shortest-distance search over the track graph with
// some spaces removed (R-MOV-05): no pit lane.
func bfs(c *tracks.Circuit, start tracks.SpaceID, removed func(tracks.SpaceID) bool) map[tracks.SpaceID]int {
	dist := map[tracks.SpaceID]int{start: 0}
	queue := []tracks.SpaceID{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range c.Spaces[s].Next {
			if c.Spaces[n].Kind != tracks.KindTrack || removed(n) {
				continue
			}
			if _, ok := dist[n]; !ok {
				dist[n] = dist[s] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// checkShortest asserts R-MOV-05 for every move option of the pending
// decision: its path is a walk of the graph, and its length is the shortest
// distance to its end with cars removed, or with cars and debris removed.
func checkShortest(t *testing.T, h *harness) {
	t.Helper()
	g := h.g
	me := h.car(h.pending().Car)
	cars := func(s tracks.SpaceID) bool { return g.Occupied(s) != 0 }
	dAll := bfs(h.c, me.Space, cars)
	dSafe := bfs(h.c, me.Space, func(s tracks.SpaceID) bool { return cars(s) || g.Debris[s] })
	for _, op := range h.pending().Options {
		prev := me.Space
		for _, s := range op.Path {
			require.Contains(t, h.c.Spaces[prev].Next, s, "option %s: no edge %s→%s", op.Letter, h.name(prev), h.name(s))
			prev = s
		}
		l := len(op.Path)
		okAll := dAll[op.End] == l
		okSafe := dSafe[op.End] == l && op.Dangerous == 0
		assert.True(t, okAll || okSafe, "option %s to %s in %d: shortest %d (%d avoiding debris)", op.Letter, h.name(op.End), l, dAll[op.End], dSafe[op.End])
	}
}

func TestRMOV05ShortestPath(t *testing.T) {
	c := ovalTrack(t)
	t.Run("North Bend from start.5.1, roll 6", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("start.5.1", 3).laps(1)}, nil)
		h.gear(3, 6)
		checkShortest(t, h)
		d := h.pending()
		ends := map[string]int{}
		for _, op := range d.Options {
			ends[h.name(op.End)]++
		}
		assert.Len(t, d.Options, 17)
		assert.Len(t, ends, 17, "one option per end")
		// lane 0 holds 8 spaces, but the arrows reach north.6.0 in 5 and
		// north.5.0 in 4: a longer outside path to them is not offered
		assert.Len(t, h.option("north.6.0", -1).Path, 5)
		assert.Len(t, h.option("north.5.0", -1).Path, 4)
		// every full-length move leaves the corner
		for _, op := range d.Options {
			if len(op.Path) == 6 {
				assert.Positive(t, op.Overshoot)
			}
		}
	})
	t.Run("debris may be avoided at the cost of a longer path", func(t *testing.T) {
		// north.3.1 is 3 away through north.1.2, 4 away round it
		h := play(t, c, DefaultConfig(), []CarPosition{at("start.5.1", 3).laps(1)}, []string{"north.1.2"})
		h.gear(3, 4)
		checkShortest(t, h)
		short := h.option("north.3.1", 3)
		long := h.option("north.3.1", 4)
		assert.Equal(t, 1, short.Dangerous)
		assert.Equal(t, 0, long.Dangerous)
		assert.Equal(t, 1, short.Braked)
		assert.Equal(t, 0, long.Braked)
	})
	t.Run("with cars on the board", func(t *testing.T) {
		cars := []CarPosition{at("start.0.1", 4).laps(1), at("start.2.1", 3), at("start.3.0", 3), at("start.4.2", 3), at("north.0.1", 3), at("north.1.2", 3)}
		for roll := 7; roll <= 12; roll++ {
			h := play(t, c, DefaultConfig(), cars, []string{"north.2.0", "start.5.1"})
			h.gear(4, roll)
			checkShortest(t, h)
			noCarOnPaths(t, h)
		}
	})
}

func TestRCOR02Stops(t *testing.T) {
	c := ovalTrack(t)
	t.Run("two stops in the 2-stop South Bend, then leave freely", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.15.1", 2).laps(1)}, nil)
		h.gear(2, 2)
		h.moveN("south.1.1", 2)
		assert.Contains(t, h.since(), `stop car=1 corner="South Bend" stops=1 required=2`)
		h.gear(2, 2)
		h.moveN("south.3.1", 2)
		assert.Contains(t, h.since(), `stop car=1 corner="South Bend" stops=2 required=2`)
		h.gear(3, 8)
		for _, op := range h.pending().Options {
			assert.Zero(t, op.Overshoot, "R-COR-03: %s", h.name(op.End))
		}
		h.moveN("main.5.1", 8)
		assert.Equal(t, -1, h.car(1).Corner, "leaving the zone resets the count")
		assert.Equal(t, 0, h.car(1).Stops)
	})
	t.Run("a move braked to 0 in the corner is a stop (AMB-09)", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("south.1.1", 2).stops(1).laps(1)}, nil)
		h.gear(2, 2)
		op := h.moveN("south.1.1", 0)
		assert.Equal(t, Wear{Brakes: 2}, op.Cost)
		assert.Contains(t, h.since(), `stop car=1 corner="South Bend" stops=2 required=2`)
	})
	t.Run("passing through is no stop (R-COR-06)", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("start.4.1", 4).laps(1)}, nil)
		h.gear(4, 9)
		op := h.moveN("back.3.1", 9)
		assert.Positive(t, op.Overshoot)
		assert.Empty(t, kinds(h.since(), "stop"))
	})
}

func TestROVS02EliminationByMissedStops(t *testing.T) {
	c := inlineTrack(t, labTrack)
	// leave each corner by exactly one space from its last inside space
	for _, tc := range []struct {
		corner, exit string
		stops        int
		elim         bool
	}{
		{"one", "b.0.2", 0, false},
		{"two", "c.0.2", 0, true},
		{"two", "c.0.2", 1, false},
		{"three", "d.0.2", 0, true},
		{"three", "d.0.2", 1, true},
		{"three", "d.0.2", 2, false},
	} {
		t.Run(tc.corner+" "+strconv.Itoa(tc.stops), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at(tc.corner+".2.2", 1).stops(tc.stops)}, nil)
			h.gear(1, 1)
			op := h.moveN(tc.exit, 1)
			assert.Equal(t, tc.elim, op.Eliminated)
			if tc.elim {
				assert.Equal(t, Eliminated, h.car(1).Status)
				assert.Contains(t, h.car(1).Cause, "R-OVS-02")
				assert.Contains(t, h.since(), "debris space="+tc.exit, "R-OVS-10")
			} else {
				assert.Equal(t, "5/3/3/3/3/2", h.wear(1))
			}
		})
	}
}

func TestROVS03TyreLoss(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		tyres, n int
		after    int
		spin     bool
		elim     bool
	}{
		{6, 1, 5, false, false},
		{6, 2, 4, false, false},
		{3, 2, 1, false, false},
		{2, 2, 0, true, false},
		{1, 1, 0, true, false},
		{1, 2, 0, false, true},
		{0, 1, 0, false, true},
	} {
		t.Run(strconv.Itoa(tc.tyres)+"-"+strconv.Itoa(tc.n), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("north.3.2", 1).set(Tyres, tc.tyres)}, nil)
			h.gear(1, tc.n)
			end := "back." + strconv.Itoa(tc.n-1) + ".2"
			var next []int
			if tc.spin {
				next = []int{1} // the spin turn starts at once in 1st
			}
			op := h.option(end, tc.n)
			h.submit(Order{Car: 1, Letter: op.Letter}, next...)
			assert.Equal(t, tc.spin, op.Spin)
			assert.Equal(t, tc.elim, op.Eliminated)
			evs := h.since()
			if tc.elim {
				assert.Equal(t, Eliminated, h.car(1).Status)
				return
			}
			assert.Equal(t, tc.after, h.car(1).Wear[Tyres])
			assert.Equal(t, tc.spin, h.car(1).SpinTurn, "the spin turn has begun")
			assert.Equal(t, tc.spin, len(kinds(evs, "spin")) == 1)
		})
	}
}

func TestROVS07SpinTurn(t *testing.T) {
	c := ovalTrack(t)
	t.Run("a spun car keeps its gear until its turn: engine test in 5th (AMB-12)", func(t *testing.T) {
		// car 1 rolls 20 in 5th on the long back straight of test-oval's
		// bigger sibling; car 2 spun in 5th takes the engine test
		lc := inlineTrack(t, longTrack)
		h := play(t, lc, DefaultConfig(), []CarPosition{at("back.0.1", 5).laps(1), at("back.30.1", 5).flag("spun").set(Tyres, 0)}, nil)
		h.gear(5, 20)
		h.moveN("back.20.1", 20, 10, 10, 2) // engine tests, then car 2's forced 1st rolls 2
		assert.Contains(t, h.since(), "roll play=1 car=2 for=engine n=0 die=black value=10")
		// then the spun car's own turn: forced 1st, no penalty
		assert.Equal(t, 1, h.car(2).Gear)
		assert.Equal(t, "0/3/3/3/3/2", h.wear(2))
		assert.True(t, h.car(2).SpinTurn)
	})
	t.Run("R-OVS-02 still applies in the spin turn", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("south.3.2", 3).flag("spun").set(Tyres, 0)}, nil, 1)
		op := h.option("main.0.2", 1)
		assert.True(t, op.Eliminated)
		assert.Contains(t, op.Cause, "R-OVS-02")
	})
	t.Run("the spin turn ends with the turn", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.3.1", 4).flag("spun").set(Tyres, 0)}, nil, 2)
		assert.True(t, h.car(1).SpinTurn)
		h.moveN("back.5.1", 2)
		assert.False(t, h.car(1).SpinTurn)
		assert.False(t, h.car(1).Spun)
		assert.Equal(t, "2 1", gearList(h.expect(1, DecideGear)))
	})
}

func TestROVS09TwoCornersOneMove(t *testing.T) {
	c := inlineTrack(t, twinTrack)
	// from na.1.2, 6 spaces leave North A (6 past its exit) and North B
	// (1 past): 6 takes the last tyre points (spin), then 1 more eliminates
	h := play(t, c, DefaultConfig(), []CarPosition{at("na.1.2", 3)}, nil)
	h.gear(3, 6)
	op := h.moveN("back.0.2", 6)
	assert.Equal(t, 7, op.Overshoot)
	assert.True(t, op.Eliminated)
	evs := h.since()
	assert.Equal(t, []string{
		`overshoot car=1 corner="North A" spaces=6 stops=0 required=1`,
		`overshoot car=1 corner="North B" spaces=1 stops=0 required=1`,
	}, kinds(evs, "overshoot"))
	assert.Equal(t, Eliminated, h.car(1).Status)
}

func TestRBLK02BlockTable(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		name   string
		wear   string
		r      int
		strict bool
		cost   Wear
		elim   bool
	}{
		{"r=1", "6/3/3/3/3/2", 1, false, Wear{Brakes: 1}, false},
		{"r=2", "6/3/3/3/3/2", 2, false, Wear{Brakes: 2}, false},
		{"r=3", "6/3/3/3/3/2", 3, false, Wear{Brakes: 3}, false},
		{"r=4", "6/3/3/3/3/2", 4, false, Wear{Brakes: 3, Tyres: 1}, false},
		{"r=5", "6/3/3/3/3/2", 5, false, Wear{Brakes: 3, Tyres: 2}, false},
		{"r=6", "6/3/3/3/3/2", 6, false, Wear{Brakes: 3, Tyres: 3}, false},
		{"r=7", "6/3/3/3/3/2", 7, false, Wear{}, true},
		{"AMB-15 brakes 0, r=2", "6/0/3/3/3/2", 2, false, Wear{Tyres: 2}, false},
		{"AMB-15 brakes 0, r=3", "6/0/3/3/3/2", 3, false, Wear{Tyres: 3}, false},
		{"AMB-15 brakes 0, r=4: 4 tyres", "6/0/3/3/3/2", 4, false, Wear{}, true},
		{"AMB-15 brakes 2, r=3", "6/2/3/3/3/2", 3, false, Wear{Brakes: 2, Tyres: 1}, false},
		{"AMB-15 tyres short", "1/3/3/3/3/2", 5, false, Wear{}, true},
		{"AMB-15 to 0 tyres, no spin", "2/1/3/3/3/2", 3, false, Wear{Brakes: 1, Tyres: 2}, false},
		{"strict brakes 2, r=3", "6/2/3/3/3/2", 3, true, Wear{}, true},
		{"strict r=4", "6/3/3/3/3/2", 4, true, Wear{Brakes: 3, Tyres: 1}, false},
		{"strict tyres 0, r=4", "0/3/3/3/3/2", 4, true, Wear{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.StrictBlockTable = tc.strict
			lmax := 12 - tc.r
			cars := append([]CarPosition{at("back.0.1", 4).laps(1).wear(tc.wear)}, wall(lmax+1)...)
			h := play(t, c, cfg, cars, nil)
			h.gear(4, 12)
			end := "back." + strconv.Itoa(lmax) + ".1"
			op := h.option(end, lmax)
			assert.Equal(t, tc.r, op.Blocked)
			assert.Equal(t, tc.elim, op.Eliminated)
			if tc.elim {
				h.moveN(end, lmax)
				assert.Equal(t, Eliminated, h.car(1).Status)
				assert.Contains(t, h.car(1).Cause, "R-BLK-03")
				return
			}
			assert.Equal(t, tc.cost, op.Cost)
			before := h.car(1).Wear
			h.moveN(end, lmax, 10, 10)
			assert.Equal(t, sub(before, tc.cost), h.car(1).Wear)
			assert.False(t, h.car(1).Spun, "AMB-13: no spin from blocking")
			assert.Empty(t, kinds(h.since(), "spin"))
		})
	}
}

func TestRBRK01Braking(t *testing.T) {
	c := ovalTrack(t)
	lengths := func(h *harness) []int {
		var out []int
		for _, op := range h.pending().Options {
			assert.Equal(t, Wear{Brakes: op.Braked}, op.Cost, "1 brake point per space not moved")
			if !slices.Contains(out, len(op.Path)) {
				out = append(out, len(op.Path))
			}
		}
		return out
	}
	for _, tc := range []struct {
		brakes int
		want   []int
	}{
		{3, []int{6, 5, 4, 3}},
		{1, []int{6, 5}},
		{0, []int{6}},
	} {
		t.Run("brakes "+strconv.Itoa(tc.brakes), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3).set(Brakes, tc.brakes)}, nil)
			h.gear(3, 6)
			assert.Equal(t, tc.want, lengths(h))
		})
	}
	t.Run("down to 0 spaces with enough brakes (AMB-14)", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.Start[Brakes] = 7
		h := play(t, c, cfg, []CarPosition{at("back.0.1", 3).set(Brakes, 7)}, nil)
		h.gear(3, 6)
		assert.Equal(t, []int{6, 5, 4, 3, 2, 1, 0}, lengths(h))
		op := h.moveN("back.0.1", 0)
		assert.Equal(t, Wear{Brakes: 6}, op.Cost)
		assert.Equal(t, 1, h.car(1).Wear[Brakes])
	})
	t.Run("R-BRK-02: 3 required, 1 moved, 2 brake points", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 2)}, nil)
		h.gear(2, 3)
		h.moveN("back.1.1", 1)
		assert.Equal(t, []string{"wear car=1 brakes=-2"}, withoutCause(kinds(h.since(), "wear")))
	})
}

func TestRCOLCollisions(t *testing.T) {
	c := ovalTrack(t)
	// the mover ends on back.5.1 (laps=1: it plays first)
	for _, tc := range []struct {
		name     string
		others   []string
		partners []int // cars that roll, in play order
	}{
		{"beside, lane 0", []string{"back.5.0"}, []int{2}},
		{"beside, lane 2", []string{"back.5.2"}, []int{2}},
		{"directly ahead", []string{"back.6.1"}, []int{2}},
		{"diagonally ahead", []string{"back.6.0"}, nil},
		{"directly behind", []string{"back.4.1"}, nil},
		{"diagonally behind", []string{"back.4.2"}, nil},
		{"two ahead", []string{"back.7.1"}, nil},
		{"both sides and ahead, in play order", []string{"back.5.0", "back.5.2", "back.6.1"}, []int{4, 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cars := []CarPosition{at("back.0.1", 3).laps(1)}
			for _, o := range tc.others {
				cars = append(cars, at(o, 3))
			}
			h := play(t, c, DefaultConfig(), cars, nil)
			h.gear(3, 5)
			rolls := slices.Repeat([]int{10}, 2*len(tc.partners))
			h.moveN("back.5.1", 5, rolls...)
			evs := h.since()
			var contacts, rollers []int
			for _, e := range kinds(evs, "contact") {
				n, _ := strconv.Atoi(e[strings.LastIndex(e, "=")+1:])
				contacts = append(contacts, n)
			}
			for _, e := range kinds(evs, "roll")[1:] {
				ev, err := ParseEvent(e)
				require.NoError(t, err)
				n, _ := ev.Int("car")
				rollers = append(rollers, n)
			}
			assert.Equal(t, tc.partners, contacts)
			if len(tc.partners) > 0 {
				want := append(slices.Clone(tc.partners), slices.Repeat([]int{1}, len(tc.partners))...)
				assert.Equal(t, want, rollers, "partners once each, then the mover once per partner")
			}
			assert.Empty(t, kinds(evs, "wear"), "10s cost nothing")
		})
	}
	t.Run("a 1 costs the roller a body point and leaves debris", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3).laps(1), at("back.5.0", 3)}, nil)
		h.gear(3, 5)
		h.moveN("back.5.1", 5, 1, 1)
		evs := h.since()
		assert.Equal(t, []string{"wear car=2 body=-1", "wear car=1 body=-1"}, withoutCause(kinds(evs, "wear")))
		assert.Equal(t, []string{"debris space=back.5.0", "debris space=back.5.1"}, kinds(evs, "debris"))
	})
	t.Run("the mover out of body points skips its further rolls", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3).laps(1).set(Body, 1), at("back.5.0", 3), at("back.5.2", 3)}, nil)
		h.gear(3, 5)
		h.moveN("back.5.1", 5, 10, 10, 1)
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Len(t, kinds(h.since(), "roll"), 4, "gear die, 2 passive rolls, 1 mover roll")
	})
	t.Run("no collision in the pit lane (R-COL-06)", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("pit.1", 3).laps(1).pits(1), at("pit.6", 3).pits(1)}, nil)
		h.gear(3, 4)
		h.moveN("pit.5", 4)
		assert.Empty(t, kinds(h.since(), "contact"))
	})
}

func TestRENGEngineDamage(t *testing.T) {
	lc := inlineTrack(t, longTrack)
	for _, tc := range []struct {
		name        string
		gear, roll  int
		tests       bool
		black       []int
		engineAfter []int // cars 1, 2, 3
	}{
		{"20 in 5th", 5, 20, true, []int{4, 5, 10}, []int{2, 3, 3}},
		{"19 in 5th", 5, 19, false, nil, []int{3, 3, 3}},
		{"30 in 6th", 6, 30, true, []int{5, 1, 2}, []int{3, 2, 2}},
		{"29 in 6th", 6, 29, false, nil, []int{3, 3, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// car 2 in 6th, car 3 in 5th, car 4 in 4th: 1 to 3 roll, not 4
			cars := []CarPosition{at("back.0.1", tc.gear).laps(1), at("main.2.1", 6), at("main.5.1", 5), at("main.8.1", 4)}
			h := play(t, lc, DefaultConfig(), cars, nil)
			h.gear(tc.gear, tc.roll)
			end := "back." + strconv.Itoa(tc.roll) + ".1"
			h.moveN(end, tc.roll, tc.black...)
			evs := h.since()
			assert.Equal(t, tc.tests, slices.Contains(evs, "engine-test car=1"))
			var eng []string
			for _, e := range kinds(evs, "roll") {
				if strings.Contains(e, "for=engine") {
					eng = append(eng, e[:len("roll play=1 car=1")])
				}
			}
			if tc.tests {
				assert.Equal(t, []string{"roll play=1 car=1", "roll play=1 car=2", "roll play=1 car=3"}, eng)
			} else {
				assert.Empty(t, eng)
			}
			for i, want := range tc.engineAfter {
				assert.Equal(t, want, h.car(i + 1).Wear[Engine], "car %d", i+1)
			}
		})
	}
	t.Run("the last engine point: eliminated, debris", func(t *testing.T) {
		h := play(t, lc, DefaultConfig(), []CarPosition{at("back.0.1", 5).laps(1).set(Engine, 1)}, nil)
		h.gear(5, 20)
		h.moveN("back.20.1", 20, 1)
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Contains(t, h.since(), "debris space=back.20.1")
	})
	t.Run("the tests still happen when the mover is eliminated (§2.19)", func(t *testing.T) {
		// car 1 rolls 20 and overshoots the 2-stop South Bend: out; car 2
		// in 5th still owes its engine test
		c := ovalTrack(t)
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 5).laps(1), at("main.5.1", 5)}, nil)
		h.gear(5, 20)
		var elim Option
		for _, op := range h.pending().Options {
			if op.Eliminated && len(op.Path) == 20 {
				elim = op
			}
		}
		require.NotEmpty(t, elim.Letter)
		h.submit(Order{Car: 1, Letter: elim.Letter}, 3)
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Contains(t, evs, "roll play=1 car=2 for=engine n=0 die=black value=3")
		assert.Equal(t, 2, h.car(2).Wear[Engine])
	})
	t.Run("a mover that ends in its box is exempt (R-ENG-06)", func(t *testing.T) {
		c := ovalTrack(t)
		h := play(t, c, DefaultConfig(), []CarPosition{at("main.0.0", 5), at("back.0.1", 5)}, nil)
		h.gear(5, 20)
		h.moveN("box.1", 3, 15, 10) // slow stop; car 2 rolls 10
		evs := h.since()
		assert.Contains(t, evs, "pit-slow car=1")
		assert.Contains(t, evs, "engine-test car=1")
		assert.Equal(t, []string{"roll play=1 car=2 for=engine n=0 die=black value=10"},
			slices.DeleteFunc(kinds(evs, "roll"), func(e string) bool { return !strings.Contains(e, "for=engine") }))
	})
}

func TestRDEB03DangerousSpaces(t *testing.T) {
	c := ovalTrack(t)
	row := []string{"back.2.0", "back.2.1", "back.2.2"}
	for _, tc := range []struct {
		roll     int
		handling int
	}{{1, 1}, {4, 1}, {5, 2}, {20, 2}} {
		t.Run("roll "+strconv.Itoa(tc.roll), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3)}, row)
			h.gear(3, 4)
			op := h.option("back.4.1", 4)
			assert.Equal(t, 1, op.Dangerous)
			h.moveN("back.4.1", 4, tc.roll)
			assert.Equal(t, tc.handling, h.car(1).Wear[Handling])
		})
	}
	t.Run("avoiding is offered (R-DEB-04)", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3)}, []string{"back.2.1"})
		h.gear(3, 4)
		for _, op := range h.pending().Options {
			if h.name(op.End) != "back.2.1" {
				assert.Zero(t, op.Dangerous, "%s: a path round the debris exists", h.name(op.End))
			}
		}
		op := h.moveN("back.4.1", 4)
		assert.NotContains(t, op.Path, h.id("back.2.1"))
	})
	t.Run("the start space does not count", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3)}, []string{"back.0.1"})
		h.gear(3, 4)
		h.moveN("back.4.1", 4)
		assert.Len(t, kinds(h.since(), "roll"), 1, "the gear die only")
	})
	t.Run("the last handling point: eliminated, debris where it stands", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3).set(Handling, 1)}, row)
		h.gear(3, 4)
		h.moveN("back.4.1", 4, 2)
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Contains(t, h.since(), "debris space=back.4.1")
	})
	t.Run("debris from a downshift at the end of the move, no roll that turn (R-DEB-06)", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 6)}, nil)
		h.gear(2, 4)
		h.moveN("back.4.1", 4)
		evs := h.since()
		assert.Contains(t, evs, "debris space=back.4.1")
		assert.Len(t, kinds(evs, "roll"), 1)
		assert.True(t, h.g.Debris[h.id("back.4.1")])
	})
}

func TestRSLPSlipstream(t *testing.T) {
	lab := inlineTrack(t, labTrack)
	long := inlineTrack(t, longTrack)
	oval := ovalTrack(t)
	slipOffered := func(t *testing.T, c *tracks.Circuit, cars []CarPosition, gear, roll int, end string, steps int, rolls ...int) (*harness, bool) {
		h := play(t, c, DefaultConfig(), cars, nil)
		h.gear(gear, roll)
		h.moveN(end, steps, rolls...)
		d := h.pending()
		return h, d.Car == 1 && d.Kind == DecideSlipstream
	}
	for _, tc := range []struct {
		name    string
		m, x    CarPosition
		roll    int
		end     string
		offered bool
	}{
		{"a: directly behind, 4th and 4th", at("back.0.0", 4).laps(1), at("back.11.0", 4), 10, "back.10.0", true},
		{"a: X diagonally ahead", at("back.0.0", 4).laps(1), at("back.11.1", 4), 10, "back.10.0", false},
		{"b: X in 3rd", at("back.0.0", 5).laps(1), at("back.16.0", 3), 15, "back.15.0", false},
		{"c: 6th behind 5th", at("back.0.0", 6).laps(1), at("back.22.0", 5), 21, "back.21.0", true},
		{"c: 5th behind 6th", at("back.0.0", 5).laps(1), at("back.16.0", 6), 15, "back.15.0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rolls []int
			if !tc.offered {
				rolls = []int{10, 10} // the contact is resolved at once
			}
			if strings.HasPrefix(tc.name, "a: X diag") {
				rolls = nil
			}
			_, ok := slipOffered(t, long, []CarPosition{tc.m, tc.x}, tc.m.Gear, tc.roll, tc.end, tc.roll, rolls...)
			assert.Equal(t, tc.offered, ok)
		})
	}
	t.Run("e: not after an overshoot", func(t *testing.T) {
		// out of North Bend without its stop (4 past the exit), behind X
		h, ok := slipOffered(t, oval, []CarPosition{at("north.0.2", 4).laps(1), at("back.4.2", 4)}, 4, 7, "back.3.2", 7, 10, 10)
		assert.False(t, ok)
		assert.Equal(t, 2, h.car(1).Wear[Tyres])
	})
	t.Run("e: not in the pit lane", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.Laps = 3
		h := play(t, oval, cfg, []CarPosition{at("pit.1", 4).laps(1).pits(1), at("pit.9", 4).pits(1)}, nil)
		h.gear(4, 7)
		h.moveN("pit.8", 7)
		assert.NotEqual(t, DecideSlipstream, h.pending().Kind)
	})
	t.Run("out of a corner: the overshoot is charged once (R-OVS-03, R-SLP-08)", func(t *testing.T) {
		// M ends its move in North Bend behind X (north.7.0), then
		// slipstreams out past the exit: 2 spaces beyond it
		h, ok := slipOffered(t, oval, []CarPosition{at("start.0.0", 4).laps(1), at("north.7.0", 4)}, 4, 10, "north.6.0", 10)
		require.True(t, ok)
		full := 0
		for _, op := range h.pending().Options {
			if !op.Stop && len(op.Path) == 3 { // shorter ones brake (R-SLP-03)
				full++
				assert.Equal(t, 2, op.Overshoot)
				assert.Equal(t, Wear{Tyres: 2}, op.Cost)
			}
		}
		assert.NotZero(t, full)
		h.moveN("back.1.1", 3)
		evs := h.since()
		assert.Equal(t, []string{"wear car=1 tyres=-2"}, withoutCause(kinds(evs, "wear")))
		assert.Equal(t, "4/3/3/3/3/2", h.wear(1))
	})
	t.Run("never mandatory (R-SLP-07)", func(t *testing.T) {
		h, ok := slipOffered(t, lab, []CarPosition{at("b.0.0", 4).laps(1), at("b.11.0", 4)}, 4, 10, "b.10.0", 10)
		require.True(t, ok)
		h.noSlip(10, 10)
		assert.Equal(t, "b.10.0", h.space(1))
	})
}

func TestRPITPitStop(t *testing.T) {
	c := ovalTrack(t)
	hasPit := func(h *harness) bool {
		for _, op := range h.pending().Options {
			if op.Pit {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name string
		car  CarPosition
		laps int
		want bool
	}{
		{"end of lap 1", at("main.0.0", 4), 2, true},
		{"last lap: no pit (AMB-21)", at("main.0.0", 4).laps(1), 2, false},
		{"before crossing the start line", CarPosition{Space: "main.0.0", Gear: 4, Wear: DefaultWear(), Flags: []string{"started"}}, 2, false},
		{"3 laps, end of lap 2, second stop", at("main.0.0", 4).laps(1).pits(1), 3, true},
		{"3 laps, both stops used", at("main.0.0", 4).laps(1).pits(2), 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Laps = tc.laps
			h := play(t, c, cfg, []CarPosition{tc.car}, nil)
			h.gear(4, 7)
			assert.Equal(t, tc.want, hasPit(h))
		})
	}
	for roll := 7; roll <= 12; roll++ {
		t.Run("any roll reaches the box: "+strconv.Itoa(roll), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("main.0.0", 4).set(Tyres, 1)}, nil)
			h.gear(4, roll)
			op := h.option("box.1", 3)
			assert.Zero(t, op.Braked)
			assert.Equal(t, Wear{}, op.Cost)
			h.moveN("box.1", 3, 15)
			assert.Equal(t, 6, h.car(1).Wear[Tyres], "R-PIT-03")
			assert.Equal(t, "box.1", h.space(1))
		})
	}
	for d := 1; d <= 10; d++ {
		t.Run("quick stop "+strconv.Itoa(d), func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("main.0.0", 5)}, nil)
			h.gear(5, 11)
			h.moveN("box.1", 3, d)
			n := (d + 1) / 2 // T-07
			var path []string
			for i := 1; i <= n; i++ {
				path = append(path, "pit."+strconv.Itoa(2+i))
			}
			assert.Contains(t, h.since(), "pit-quick car=1 path="+strings.Join(path, ",")+" gear=4")
			assert.Equal(t, 4, h.car(1).Gear)
			assert.Equal(t, "pit."+strconv.Itoa(2+n), h.space(1))
		})
	}
	t.Run("slow stop 11", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("main.0.0", 5)}, nil)
		h.gear(5, 11)
		h.moveN("box.1", 3, 11)
		assert.Contains(t, h.since(), "pit-slow car=1")
		h.expect(1, DecideGear)
		assert.Equal(t, "4 3 2 1", gearList(h.pending()))
	})
	t.Run("a pitting car must stop at its box", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("pit.1", 4).flag("pitting"), at("back.0.0", 3), at("back.0.1", 3), at("back.0.2", 3), at("back.1.0", 3)}, nil)
		h.gear(4, 12)
		for _, op := range h.pending().Options {
			for _, s := range op.Path {
				assert.NotContains(t, []string{"pit.6", "pit.7", "pit.8"}, h.name(s), "no bypass beyond box.5")
			}
		}
		_ = h
	})
}

func TestRORDPlayOrder(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		name string
		cars []CarPosition
		want []int
	}{
		{"progress", []CarPosition{at("back.0.1", 3), at("back.5.1", 3), at("back.2.1", 3)}, []int{2, 3, 1}},
		{"laps first", []CarPosition{at("back.5.1", 3), at("back.0.1", 3).laps(1)}, []int{2, 1}},
		{"same level: higher gear (R-ORD-02)", []CarPosition{at("back.3.0", 3), at("back.3.1", 5)}, []int{2, 1}},
		{"same level and gear: inside of the next corner (R-ORD-03)", []CarPosition{at("back.3.0", 4), at("back.3.2", 4), at("back.3.1", 4)}, []int{2, 3, 1}},
		{"stalled counts as gear 0 (AMB-08)", []CarPosition{{Space: "back.3.2", Wear: DefaultWear(), Flags: []string{"started", "crossed", "stalled"}}, at("back.3.0", 1)}, []int{2, 1}},
		{"pit straight before the pit lane (R-ORD-04)", []CarPosition{at("pit.5", 4).pits(1), at("main.2.1", 4)}, []int{2, 1}},
		{"in the pit lane, the one further on first", []CarPosition{at("pit.3", 6).pits(1), at("pit.8", 2).pits(1)}, []int{2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := play(t, c, DefaultConfig(), tc.cars, nil)
			assert.Equal(t, tc.want, h.g.Order)
		})
	}
}

func TestRFINFinish(t *testing.T) {
	c := ovalTrack(t)
	// car 3 finishes; car 2 leaves South Bend without a stop (eliminated
	// at main.1.2); car 1, with no tyres, overshoots North Bend (eliminated
	// at back.0.2, less far)
	cars := []CarPosition{
		at("north.3.2", 1).laps(1).set(Tyres, 0),
		at("back.14.2", 4).laps(1),
		at("main.8.1", 3).laps(1),
	}
	h := play(t, c, DefaultConfig(), cars, nil)
	assert.Equal(t, []int{3, 2, 1}, h.g.Order)
	h.gear(3, 4)
	h.moveN("start.2.1", 4)
	h.gear(4, 7)
	h.moveN("main.1.2", 7)
	h.gear(1, 1)
	h.moveN("back.0.2", 1)
	require.True(t, h.g.Over)
	res := h.g.Results()
	var got []string
	for _, r := range res {
		got = append(got, strconv.Itoa(r.Car)+":"+r.Status)
	}
	assert.Equal(t, []string{"3:finished", "2:eliminated", "1:eliminated"}, got)
	assert.Equal(t, 1, h.car(3).Place)
	assert.Zero(t, h.car(2).Place)
}

func TestRPS04NoRecoveryAboveStart(t *testing.T) {
	c := ovalTrack(t)
	g, err := NewGame("t", DefaultConfig(), c, 1)
	require.NoError(t, err)
	err = g.StartFrom(Position{Round: 1, Cars: []CarPosition{{Car: 1, Space: "back.0.1", Gear: 3, Wear: Wear{7, 3, 3, 3, 3, 2}}}}, dice.NewScripted())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "R-PS-04")
	// a pit stop restores the tyres to the start value, not beyond
	h := play(t, c, DefaultConfig(), []CarPosition{at("main.0.0", 5)}, nil)
	h.gear(5, 11)
	h.moveN("box.1", 3, 15)
	assert.Contains(t, h.since(), "pit-stop car=1 tyres=0 type=hard")
	assert.Equal(t, 6, h.car(1).Wear[Tyres])
}

func TestAMB34LapCounting(t *testing.T) {
	c := ovalTrack(t)
	// from the grid, the first crossing starts the race: no lap
	grid := CarPosition{Space: "main.9.1", Gear: 2, Wear: DefaultWear(), Flags: []string{"started"}}
	h := play(t, c, DefaultConfig(), []CarPosition{grid}, nil)
	h.gear(2, 2)
	h.moveN("start.1.1", 2)
	assert.Empty(t, kinds(h.since(), "lap"))
	assert.True(t, h.car(1).CrossedStart)
	assert.Equal(t, 0, h.car(1).Laps)
	// once over the start line, each crossing is a lap
	h = play(t, c, DefaultConfig(), []CarPosition{at("main.9.1", 2)}, nil)
	h.gear(2, 2)
	h.moveN("start.1.1", 2)
	assert.Equal(t, []string{"lap car=1 laps=1"}, kinds(h.since(), "lap"))
	// and the pit lane counts its own crossing (AMB-21)
	h = play(t, c, DefaultConfig(), []CarPosition{at("pit.8", 2).pits(1)}, nil)
	h.gear(2, 2)
	h.moveN("pit.10", 2)
	assert.Equal(t, []string{"lap car=1 laps=1"}, kinds(h.since(), "lap"))
}

// R-PIT-08: braking and blocking are free in the pit lane, judged where the
// move stops: a car that leaves the pit lane and stops on the track pays for
// them as anywhere on the track.
func TestRPIT08ExemptionWhereTheMoveStops(t *testing.T) {
	c := ovalTrack(t)
	t.Run("braking on the track after the pit exit costs brake points", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("pit.12", 4).set(Brakes, 3)}, nil)
		h.gear(4, 12)
		for _, op := range h.pending().Options {
			if h.c.Spaces[op.End].Kind == tracks.KindTrack {
				assert.LessOrEqual(t, op.Braked, 3, "cannot brake %d with 3 brake points (R-BRK-01)", op.Braked)
				assert.Equal(t, op.Braked, op.Cost[Brakes], "braking to %s is paid", h.name(op.End))
			}
		}
		stay := h.option("pit.12", 0)
		assert.Equal(t, 12, stay.Braked)
		assert.Equal(t, Wear{}, stay.Cost, "braking to a stop in the pit lane is free")
		h.moveN("back.2.1", 9) // 3 braked, 3 spaces past the 1-stop North Bend
		assert.Equal(t, 0, h.car(1).Wear[Brakes])
		assert.Equal(t, 3, h.car(1).Wear[Tyres])
	})
	t.Run("blocked on the track after the pit exit pays T-04", func(t *testing.T) {
		// cars 2 and 3 hold start.5.0 and start.5.1: out of the pit at
		// start.4.0 the car is blocked 6 short of its 7
		h := play(t, c, DefaultConfig(), []CarPosition{at("pit.12", 4), at("start.5.0", 1), at("start.5.1", 1)}, nil)
		h.gear(1, 1)
		h.move("start.5.1", 10, 10)
		h.gear(1, 1)
		h.move("start.5.0", 10, 10)
		h.gear(4, 7)
		out := h.option("start.4.0", 1)
		assert.Equal(t, 6, out.Blocked)
		assert.Equal(t, "3/3/0/0/0/0", out.Cost.Compact(), "T-04: 6 short costs 3 tyres and 3 brakes")
		assert.Equal(t, Wear{}, h.option("pit.12", 0).Cost, "waiting in the pit lane is free")
		h.moveN("start.4.0", 1, 10, 10) // behind car 2: a collision, no loss
		assert.Equal(t, 3, h.car(1).Wear[Tyres])
		assert.Equal(t, 0, h.car(1).Wear[Brakes])
	})
}

// R-ENG-02, AMB-19, O-WX-04: a 20 in 5th rolled by a car that starts its
// turn in the pit lane still makes every other car in 5th or 6th on the
// track take its engine test, and brings the weather roll; the roller
// itself is exempt only if it stops in the pit lane.
func TestRENG02TriggerFromThePitLane(t *testing.T) {
	// a 30-space straight around the pit exit: a 20 does not reach a corner
	c := inlineTrack(t, `circuit pitexit
name "Pit exit"
lanes 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 30 id=a
corner "One" right stops=1 angle=180 radius=3 id=one
straight 40 id=b
corner "Two" right stops=1 angle=180 radius=3 id=two
straight 10 id=c
pit side=left entry=c.1 exit=a.4 boxes=10
`)
	var exit string // the last pit-lane space, before a.4
	for _, sp := range c.Spaces {
		if sp.Kind == tracks.KindPit && len(sp.Next) == 1 && c.Spaces[sp.Next[0]].Kind == tracks.KindTrack {
			exit = sp.Name
		}
	}
	require.NotEmpty(t, exit)
	cfg := DefaultConfig()
	cfg.Optional.Weather = true
	start := func(t *testing.T) *harness {
		// car 1 leaves the pit lane on its second lap; car 2 in 5th on the
		// back straight has not played yet
		cars := []CarPosition{at(exit, 5).laps(1), at("b.0.1", 5)}
		for i := range cars {
			cars[i].Car = i + 1
		}
		g, err := NewGame("t", cfg, c, len(cars))
		require.NoError(t, err)
		h := &harness{t: t, g: g, c: c}
		require.NoError(t, g.StartFrom(Position{Round: 1, Weather: Overcast, Cars: cars}, dice.NewScripted()))
		h.mark = len(g.Events)
		h.expect(1, DecideGear)
		h.gear(5, 20)
		return h
	}
	engineRolls := func(evs []string) []string {
		var out []string
		for _, e := range kinds(evs, "roll") {
			if strings.Contains(e, "for=engine") || strings.Contains(e, "for=weather") {
				out = append(out, e)
			}
		}
		return out
	}
	t.Run("the roller stops on the track: it tests too", func(t *testing.T) {
		h := start(t)
		var op Option
		for _, o := range h.pending().Options {
			if h.c.Spaces[o.End].Kind == tracks.KindTrack && !o.Eliminated && len(o.Path) == 20 {
				op = o
				break
			}
		}
		require.NotEmpty(t, op.Letter, h.describe(h.pending()))
		h.submit(Order{Car: 1, Letter: op.Letter}, 10, 3, 20) // car 1 rolls 10, car 2 rolls 3, weather 20
		evs := h.since()
		assert.Contains(t, evs, "engine-test car=1")
		assert.Equal(t, []string{
			"roll play=1 car=1 for=engine n=0 die=black value=10",
			"roll play=1 car=2 for=engine n=0 die=black value=3",
			"roll play=1 car=0 for=weather n=0 die=black value=20",
		}, engineRolls(evs))
		assert.Equal(t, 2, h.car(2).Wear[Engine])
		assert.Equal(t, 3, h.car(1).Wear[Engine])
	})
	t.Run("the roller stops in the pit lane: only it is exempt", func(t *testing.T) {
		h := start(t)
		h.moveN(exit, 0, 4, 1) // car 2 rolls 4, weather 1
		evs := h.since()
		assert.Equal(t, []string{
			"roll play=1 car=2 for=engine n=0 die=black value=4",
			"roll play=1 car=0 for=weather n=0 die=black value=1",
		}, engineRolls(evs))
		assert.Equal(t, 2, h.car(2).Wear[Engine])
		assert.Equal(t, 3, h.car(1).Wear[Engine])
	})
}

// R-STA-03, AMB-30: the super start moves 4 spaces with at most 2 lane
// changes; an end that needs 3 or 4 is not offered.
func TestRSTA03SuperStartTwoLaneChanges(t *testing.T) {
	lc := inlineTrack(t, longTrack)
	unstarted := func(space string) CarPosition {
		return CarPosition{Space: space, Wear: DefaultWear()}
	}
	// cars 2–4 stall (1) before car 1 rolls its 20: they hold back.1.0,
	// back.2.1 and back.3.0, so back.4.2 takes 2 lane changes, back.4.1 3
	// and back.4.0 4
	h := play(t, lc, DefaultConfig(), []CarPosition{unstarted("back.0.0"), unstarted("back.1.0"), unstarted("back.2.1"), unstarted("back.3.0")}, nil, 1, 1, 1, 20)
	h.expect(1, DecideMove)
	assert.Contains(t, h.since(), "start car=1 result=super")
	for _, op := range h.pending().Options {
		changes, prev := 0, h.id("back.0.0")
		for _, s := range op.Path {
			if h.c.Spaces[s].Offset != h.c.Spaces[prev].Offset {
				changes++
			}
			prev = s
		}
		assert.LessOrEqual(t, changes, 2, "super start to %s", h.name(op.End))
	}
	assert.True(t, h.hasEnd("back.4.2"))
	assert.False(t, h.hasEnd("back.4.1"), "3 lane changes")
	assert.False(t, h.hasEnd("back.4.0"), "4 lane changes")
	op := h.option("back.4.2", 4)
	assert.Zero(t, op.Blocked)
	assert.Equal(t, Wear{}, op.Cost)
}

// R-SLP-03: brake points may shorten the 3 slipstream spaces, 1 per space,
// and a shortened segment cannot be chained (R-SLP-04); a blocked
// slipstream pays T-04 (R-BLK).
func TestRSLP03ShortenedSlipstream(t *testing.T) {
	long := inlineTrack(t, longTrack)
	t.Run("braked by one: a brake point, no chain behind Y", func(t *testing.T) {
		// M (car 1, a lap ahead) ends behind X on back.11.0; Y in 4th on
		// back.13.1 would offer a second slipstream
		h := play(t, long, DefaultConfig(), []CarPosition{at("back.0.0", 4).laps(1), at("back.11.0", 4), at("back.13.1", 4)}, nil)
		h.gear(4, 10)
		h.moveN("back.10.0", 10)
		h.expect(1, DecideSlipstream)
		lengths := map[int]bool{}
		for _, op := range h.pending().Options {
			if !op.Stop {
				lengths[len(op.Path)] = true
				assert.Equal(t, 3-len(op.Path), op.Braked)
				assert.Equal(t, op.Braked, op.Cost[Brakes])
			}
		}
		assert.Equal(t, map[int]bool{1: true, 2: true, 3: true}, lengths)
		h.moveN("back.12.1", 2, 10, 10) // behind Y: a contact, no loss
		evs := h.since()
		assert.Equal(t, []string{"wear car=1 brakes=-1"}, withoutCause(kinds(evs, "wear")))
		assert.Contains(t, evs, "slipstream car=1 path=back.11.1,back.12.1 braked=1 blocked=0")
		assert.Contains(t, evs, "contact car=1 with=3", "the move ended: no second slipstream (R-SLP-04)")
		assert.Equal(t, 2, h.car(1).Wear[Brakes])
		assert.Equal(t, "back.12.1", h.space(1))
	})
	t.Run("blocked one short: T-04", func(t *testing.T) {
		h := play(t, long, DefaultConfig(), []CarPosition{at("back.0.0", 4).laps(1), at("back.11.0", 4), at("back.13.0", 3), at("back.13.1", 3), at("back.13.2", 3)}, nil)
		h.gear(4, 10)
		h.moveN("back.10.0", 10)
		h.expect(1, DecideSlipstream)
		op := h.option("back.12.2", 2)
		assert.Equal(t, 1, op.Blocked)
		assert.Equal(t, 0, op.Braked)
		assert.Equal(t, Wear{Brakes: 1}, op.Cost)
		assert.Equal(t, Wear{Brakes: 2}, h.option("back.11.1", 1).Cost)
		h.moveN("back.12.2", 2, 10, 10)
		assert.Equal(t, []string{"wear car=1 brakes=-1"}, withoutCause(kinds(h.since(), "wear")))
		assert.Equal(t, 2, h.car(1).Wear[Brakes])
	})
}

// R-DEB-01: a car eliminated for any reason leaves a debris marker where its
// move ends, in the pit lane too.
func TestRDEB01DebrisInThePitLane(t *testing.T) {
	// the pit entry main.1.0 is a debris space; car 1 with its last
	// handling point rolls 2 and stops on pit.1
	h := play(t, ovalTrack(t), DefaultConfig(), []CarPosition{at("main.0.0", 2).set(Handling, 1)}, []string{"main.1.0"})
	h.gear(2, 2)
	h.move("pit.1", 3) // the handling roll on main.1.0: 3 loses the last point
	evs := h.since()
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Contains(t, evs, "debris space=pit.1")
	assert.Equal(t, []string{"main.1.0", "pit.1"}, h.debris())
}

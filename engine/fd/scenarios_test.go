package fd

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// The derived test scenarios of formula-d-2008.md §4.2, one test each.
// Geometry on test-oval: start.0–5 (levels 0–5), North Bend (1 stop, levels
// 6–13; lane 0 has 8 spaces, lane 1 six, lane 2 four), back.0–15 (14–29),
// South Bend (2 stops, 30–37), main.0–9 (38–47) with the pit entry at
// main.1.0; the line lies between main.9 and start.0. A car given laps=1
// while the others have laps=0 plays first in the round (R-ORD-01).

// EX-F-09 — Start rolls (R-STA-01).
func TestEXF09StartRolls(t *testing.T) {
	c := ovalTrack(t)
	g, err := NewGame("t", DefaultConfig(), c, 3)
	require.NoError(t, err)
	h := &harness{t: t, g: g, c: c}
	// grid rolls 15, 10, 5: car 1 pole, car 2 P2, car 3 P3 (R-SET-02);
	// car 1 stalls (1); car 2 starts normally (12) and rolls 2 on the d4
	src := dice.NewScripted(15, 10, 5, 1, 12, 2)
	require.NoError(t, g.Start(src))
	require.Zero(t, src.Remaining())
	assert.Equal(t, []string{"grid order=1,2,3"}, kinds(h.since(), "grid"))
	assert.Equal(t, []string{"main.9.0", "main.8.2", "main.7.0"}, []string{h.space(1), h.space(2), h.space(3)})

	// A stalled: no move, no gear
	assert.True(t, h.car(1).Stalled)
	assert.Equal(t, 0, h.car(1).Gear)
	assert.Equal(t, "main.9.0", h.space(1))

	// B: normal start, rolled the 1st-gear die: must move 2
	d := h.expect(2, DecideMove)
	assert.Equal(t, 2, d.Rolled)
	assert.Equal(t, 2, d.Distance)
	// C's super start (20): exactly 4 spaces, no gear die
	h.moveN("start.0.2", 2, 20)
	evs := h.since()
	assert.Contains(t, evs, "start car=3 result=super")
	assert.Empty(t, kinds(evs, "gear"), "no gear engaged by die for a super start")
	assert.Len(t, kinds(evs, "roll"), 1, "only the start roll")
	d = h.expect(3, DecideMove)
	assert.Equal(t, 4, d.Distance)
	assert.Equal(t, 0, d.Rolled)
	for _, op := range d.Options {
		if op.Braked == 0 {
			assert.Len(t, op.Path, 4)
		}
	}
	// from main.7.0 it must go round A on main.9.0: 1 or 2 lane changes
	op := h.moveN("start.1.0", 4)
	assert.NotContains(t, op.Path, h.id("main.9.0"))
	assert.Equal(t, 1, h.car(3).Gear, "counts as in 1st gear")

	// round 2: C may choose 1st or 2nd
	evs = h.since()
	assert.Contains(t, evs, "round n=2 order=3,2,1")
	d = h.expect(3, DecideGear)
	var gears []int
	for _, op := range d.Options {
		gears = append(gears, op.Gear)
	}
	assert.Equal(t, []int{2, 1}, gears)
	h.gear(2, 3)
	h.moveN("start.4.0", 3)
	h.gear(1, 1)
	// B moves 1; then A starts in 1st without a new start roll
	h.moveN("start.1.2", 1, 2)
	evs = h.since()
	assert.Contains(t, evs, "turn play=6 car=1")
	assert.Contains(t, evs, "gear car=1 from=0 to=1")
	assert.Contains(t, evs, "roll play=6 car=1 for=gear n=0 die=d4 value=2")
	for _, e := range kinds(evs, "roll") {
		assert.NotContains(t, e, "for=start")
	}
	h.expect(1, DecideMove)
}

// EX-F-10 — Grid tie (R-SET-02): tied players re-roll among themselves.
func TestEXF10GridTie(t *testing.T) {
	c := ovalTrack(t)
	g, err := NewGame("t", DefaultConfig(), c, 3)
	require.NoError(t, err)
	h := &harness{t: t, g: g, c: c}
	// A 15, B 15, C 9; A and B re-roll: A 3, B 11; then B's start roll 10
	// and its 1st-gear die 2
	src := dice.NewScripted(15, 15, 9, 3, 11, 10, 2)
	require.NoError(t, g.Start(src))
	require.Zero(t, src.Remaining())
	evs := h.since()
	assert.Equal(t, []string{
		"roll play=0 car=1 for=grid n=0 die=black value=15",
		"roll play=0 car=2 for=grid n=0 die=black value=15",
		"roll play=0 car=3 for=grid n=0 die=black value=9",
		"roll play=0 car=1 for=grid n=1 die=black value=3",
		"roll play=0 car=2 for=grid n=1 die=black value=11",
	}, kinds(evs, "roll")[:5])
	assert.Contains(t, evs, "grid order=2,1,3")
	assert.Equal(t, "main.9.0", h.space(2), "B on pole")
	assert.Equal(t, "main.8.2", h.space(1))
	assert.Equal(t, "main.7.0", h.space(3))
	h.expect(2, DecideMove)
}

// EX-F-11 — 1-stop corner overshoot vs braking (R-OVS-02/03, R-BRK-01).
func TestEXF11OvershootOrBrake(t *testing.T) {
	c := ovalTrack(t)
	// In lane 2 from start.2.2: steps 1–3 straight (start.3.2–start.5.2),
	// 4–7 in North Bend (north.0.2–north.3.2), 8 on past the exit.
	start := func(t *testing.T) *harness {
		h := play(t, c, DefaultConfig(), []CarPosition{at("start.2.2", 4)}, nil)
		h.gear(4, 9)
		return h
	}
	t.Run("A no braking", func(t *testing.T) {
		h := start(t)
		op := h.moveN("back.1.2", 9)
		assert.Equal(t, Wear{Tyres: 2}, op.Cost)
		assert.Equal(t, 2, op.Overshoot)
		assert.Equal(t, []string{
			`overshoot car=1 corner="North Bend" spaces=2 stops=0 required=1`,
			"wear car=1 tyres=-2",
		}, withoutCause(kinds(h.since(), "overshoot", "wear", "stop")))
		assert.Equal(t, "4/3/3/3/3/2", h.wear(1))
		assert.Equal(t, -1, h.car(1).Corner, "the stop counts for nothing")
	})
	t.Run("B brake 2, stop in the corner", func(t *testing.T) {
		h := start(t)
		op := h.moveN("north.3.2", 7)
		assert.Equal(t, Wear{Brakes: 2}, op.Cost)
		assert.Equal(t, 2, op.Braked)
		assert.Equal(t, []string{
			"wear car=1 brakes=-2",
			`stop car=1 corner="North Bend" stops=1 required=1`,
		}, withoutCause(kinds(h.since(), "overshoot", "wear", "stop")))
		assert.Equal(t, "6/1/3/3/3/2", h.wear(1))
		assert.Equal(t, 1, h.car(1).Stops)
		// next turn it leaves freely
		h.gear(4, 12)
		for _, op := range h.pending().Options {
			assert.Zero(t, op.Overshoot, "%s", h.name(op.End))
			assert.Zero(t, op.Cost[Tyres])
		}
	})
	t.Run("C brake 1, overshoot 1", func(t *testing.T) {
		h := start(t)
		op := h.moveN("back.0.2", 8)
		assert.Equal(t, Wear{Tyres: 1, Brakes: 1}, op.Cost)
		h.since()
		assert.Equal(t, "5/2/3/3/3/2", h.wear(1))
	})
}

// EX-F-12 — 2-stop corner (R-OVS-02/03/10).
func TestEXF122StopCorner(t *testing.T) {
	c := ovalTrack(t)
	t.Run("a one stop made, 3 past the exit", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("south.3.2", 2).stops(1).wear("5/3/3/3/3/2")}, nil)
		h.gear(2, 3)
		op := h.moveN("main.2.2", 3)
		assert.False(t, op.Eliminated)
		assert.Equal(t, []string{
			`overshoot car=1 corner="South Bend" spaces=3 stops=1 required=2`,
			"wear car=1 tyres=-3",
		}, withoutCause(kinds(h.since(), "overshoot", "wear", "eliminated")))
		assert.Equal(t, 2, h.car(1).Wear[Tyres])
	})
	t.Run("b no stop: eliminated", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.14.2", 4)}, nil)
		h.gear(4, 7)
		op := h.moveN("main.1.2", 7)
		assert.True(t, op.Eliminated)
		evs := h.since()
		assert.Equal(t, []string{
			`overshoot car=1 corner="South Bend" spaces=2 stops=0 required=2`,
			"eliminated car=1",
			"debris space=main.1.2",
		}, withoutCause(kinds(evs, "overshoot", "wear", "eliminated", "debris")))
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, "-", h.space(1), "removed from the board")
		assert.Equal(t, []string{"main.1.2"}, h.debris())
		assert.True(t, h.g.Over)
	})
}

// EX-F-13 — 3-stop corner (R-OVS-02), on test-oval with a 3-stop South
// Bend.
func TestEXF133StopCorner(t *testing.T) {
	c := ovalWith(t, "stops=2", "stops=3")
	for _, tc := range []struct {
		name      string
		stops     int
		wear      string
		roll, end int
		endSpace  string
		elim      bool
		tyres     int
	}{
		{"a one stop: eliminated", 1, "6/3/3/3/3/2", 2, 2, "main.1.2", true, 6},
		{"b two stops, n=1", 2, "3/3/3/3/3/2", 1, 1, "main.0.2", false, 2},
		{"c no stop: eliminated", 0, "6/3/3/3/3/2", 1, 1, "main.0.2", true, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := play(t, c, DefaultConfig(), []CarPosition{at("south.3.2", 1).stops(tc.stops).wear(tc.wear)}, nil)
			h.gear(1, tc.roll)
			op := h.moveN(tc.endSpace, tc.end)
			assert.Equal(t, tc.elim, op.Eliminated)
			evs := h.since()
			assert.Contains(t, evs, `overshoot car=1 corner="South Bend" spaces=`+strconv.Itoa(tc.end)+` stops=`+strconv.Itoa(tc.stops)+` required=3`)
			if tc.elim {
				assert.Equal(t, Eliminated, h.car(1).Status)
				assert.Contains(t, evs, "debris space="+tc.endSpace)
			} else {
				assert.Equal(t, Racing, h.car(1).Status)
				assert.Equal(t, tc.tyres, h.car(1).Wear[Tyres])
			}
		})
	}
}

// EX-F-14 — Spin and the spin turn (R-OVS-07).
func TestEXF14Spin(t *testing.T) {
	c := ovalTrack(t)
	t.Run("turn t: last tyre points lost by an overshoot", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("start.2.2", 4).wear("2/3/3/3/3/2")}, nil)
		h.gear(4, 9)
		op := h.option("back.1.2", 9)
		assert.True(t, op.Spin)
		assert.False(t, op.Eliminated)
		// the next turn starts at once: forced into 1st, rolls the d4
		h.moveN("back.1.2", 9, 2)
		evs := h.since()
		assert.Contains(t, evs, `spin car=1 corner="North Bend"`)
		assert.Empty(t, kinds(evs, "debris"), "nothing lost but tyres: no debris")
		assert.Contains(t, evs, "gear car=1 from=4 to=1")
		assert.Len(t, kinds(evs, "wear"), 1, "no downshift penalty for the forced 1st")
		assert.Equal(t, "0/3/3/3/3/2", h.wear(1))
		assert.Equal(t, "back.1.2", h.space(1))
		d := h.expect(1, DecideMove)
		assert.Equal(t, 2, d.Distance)
	})
	spinTurn := func(t *testing.T, roll int) *harness {
		// the turn after a spin, standing in North Bend without its stop
		h := play(t, c, DefaultConfig(), []CarPosition{at("north.3.2", 4).wear("0/3/3/3/3/2").flag("spun")}, nil, roll)
		assert.Contains(t, h.since(), "gear car=1 from=4 to=1")
		assert.Equal(t, "0/3/3/3/3/2", h.wear(1), "forced 1st costs nothing")
		return h
	}
	t.Run("turn t+1: overshoot 1 spins again", func(t *testing.T) {
		h := spinTurn(t, 1)
		op := h.option("back.0.2", 1)
		assert.True(t, op.Spin)
		assert.False(t, op.Eliminated)
		h.moveN("back.0.2", 1, 2)
		evs := h.since()
		assert.Contains(t, evs, `spin car=1 corner="North Bend"`)
		assert.Equal(t, Racing, h.car(1).Status)
		assert.Equal(t, 0, h.car(1).Wear[Tyres])
		assert.Contains(t, evs, "gear car=1 from=1 to=1", "spun again: forced 1st again")
	})
	t.Run("turn t+1: overshoot 2 eliminates", func(t *testing.T) {
		h := spinTurn(t, 2)
		op := h.option("back.1.2", 2)
		assert.True(t, op.Eliminated)
		h.moveN("back.1.2", 2)
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Contains(t, evs, "debris space=back.1.2")
	})
	t.Run("turn t+2: 0 tyres, any overshoot eliminates", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("north.3.2", 1).wear("0/3/3/3/3/2")}, nil)
		h.gear(1, 1)
		op := h.option("back.0.2", 1)
		assert.True(t, op.Eliminated)
		assert.False(t, op.Spin)
		h.moveN("back.0.2", 1)
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Contains(t, h.since(), "debris space=back.0.2")
	})
}

// EX-F-15 — Overshoot larger than the remaining tyres (R-OVS-03).
func TestEXF15OvershootBeyondTyres(t *testing.T) {
	h := play(t, ovalTrack(t), DefaultConfig(), []CarPosition{at("start.2.2", 4).wear("2/3/3/3/3/2")}, nil)
	h.gear(4, 10)
	op := h.option("back.2.2", 10)
	assert.Equal(t, 3, op.Overshoot)
	assert.True(t, op.Eliminated)
	h.moveN("back.2.2", 10)
	evs := h.since()
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Equal(t, []string{"debris space=back.2.2"}, kinds(evs, "debris"))
}

// EX-F-16 — Overshoot ending in another corner (R-OVS-05), on the twin
// circuit: North A's lane 2 ends at na.1.2, North B starts 3 levels later.
func TestEXF16OvershootIntoNextCorner(t *testing.T) {
	c := inlineTrack(t, twinTrack)
	h := play(t, c, DefaultConfig(), []CarPosition{at("na.1.2", 2)}, nil)
	h.gear(2, 4)
	op := h.moveN("nb.0.2", 4)
	assert.Equal(t, 4, op.Overshoot)
	evs := h.since()
	assert.Equal(t, []string{
		`overshoot car=1 corner="North A" spaces=4 stops=0 required=1`,
		"wear car=1 tyres=-4",
	}, withoutCause(kinds(evs, "overshoot", "wear", "stop")), "no stop counted in North B")
	assert.Equal(t, 2, h.car(1).Wear[Tyres])
	assert.Equal(t, "North B", c.Corners[h.car(1).Corner].Name)
	assert.Equal(t, 0, h.car(1).Stops)
	// next turn: North B still needs its stop, leaving it overshoots
	h.gear(2, 3)
	for _, op := range h.pending().Options {
		if len(op.Path) == 3 {
			assert.Positive(t, op.Overshoot, "%s", h.name(op.End))
		}
	}
	h.moveN("nb.1.2", 1)
	assert.Contains(t, h.since(), `stop car=1 corner="North B" stops=1 required=1`)
}

// EX-F-17 — Overshoot lane lock plus a block (R-OVS-04/06, R-BLK).
func TestEXF17OvershootLaneLockBlock(t *testing.T) {
	c := ovalTrack(t)
	// M on north.3.2 (last inside space, no stop) must exit in lane 2:
	// back.0.1 is taken. X sits on back.2.2, the 3rd space past the exit.
	cars := func(m CarPosition) []CarPosition {
		return []CarPosition{m, at("back.0.1", 3), at("back.2.2", 3)}
	}
	t.Run("table", func(t *testing.T) {
		// 3rd gear, roll 5: the only option is 2 spaces, blocked 3; it
		// is played at once, then X and M roll for the contact
		h := play(t, c, DefaultConfig(), cars(at("north.3.2", 3).laps(1)), nil)
		h.gear(3, 5, 10, 10)
		evs := h.since()
		assert.Equal(t, []string{
			"wear car=1 brakes=-3",
			"move car=1 path=back.0.2,back.1.2 braked=0 blocked=3",
			`overshoot car=1 corner="North Bend" spaces=2 stops=0 required=1`,
			"wear car=1 tyres=-2",
			"contact car=1 with=3",
		}, withoutCause(kinds(evs, "move", "wear", "overshoot", "contact")))
		assert.Equal(t, "4/0/3/3/3/2", h.wear(1))
		assert.Equal(t, "back.1.2", h.space(1))
	})
	t.Run("2 brakes: AMB-15 pays 2 brakes and 1 tyre", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("north.3.2", 3).laps(1).wear("6/2/3/3/3/2")), nil)
		h.gear(3, 5, 10, 10)
		assert.Equal(t, []string{"wear car=1 tyres=-1", "wear car=1 brakes=-2", "wear car=1 tyres=-2"}, withoutCause(kinds(h.since(), "wear")))
		assert.Equal(t, "3/0/3/3/3/2", h.wear(1), "block: 2 brakes + 1 tyre; overshoot: 2 tyres")
	})
	t.Run("2 brakes, strict table: eliminated", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.StrictBlockTable = true
		h := play(t, c, cfg, cars(at("north.3.2", 3).laps(1).wear("6/2/3/3/3/2")), nil)
		h.gear(3, 5)
		for _, op := range h.pending().Options {
			assert.True(t, op.Eliminated, "every option of an unpayable block eliminates")
		}
		h.moveN("back.1.2", 2)
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, []string{"debris space=back.1.2"}, kinds(evs, "debris"), "debris where the blocked move ends")
	})
}

// wall puts three cars across level w of the back straight.
func wall(w int) []CarPosition {
	s := "back." + strconv.Itoa(w) + "."
	return []CarPosition{at(s+"0", 3), at(s+"1", 3), at(s+"2", 3)}
}

// EX-F-18 — Blocking table (R-BLK-02/04): a wall of cars leaves at most
// Lmax spaces of a roll of 12.
func TestEXF18BlockingTable(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		name  string
		wear  string
		r     int
		after string // "" when eliminated
	}{
		{"r=5", "6/3/3/3/3/2", 5, "4/0/3/3/3/2"},
		{"r=6", "6/3/3/3/3/2", 6, "3/0/3/3/3/2"},
		{"r=7", "6/3/3/3/3/2", 7, ""},
		{"brakes 1, r=4", "6/1/3/3/3/2", 4, "3/0/3/3/3/2"},
		{"brakes 1, r=5", "6/1/3/3/3/2", 5, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lmax := 12 - tc.r
			cars := append([]CarPosition{at("back.0.1", 4).laps(1).wear(tc.wear)}, wall(lmax+1)...)
			h := play(t, c, DefaultConfig(), cars, nil)
			h.gear(4, 12)
			end := "back." + strconv.Itoa(lmax) + ".1"
			op := h.option(end, lmax)
			assert.Equal(t, tc.r, op.Blocked)
			assert.Zero(t, op.Braked)
			if tc.after == "" {
				assert.True(t, op.Eliminated)
				h.moveN(end, lmax)
				assert.Equal(t, Eliminated, h.car(1).Status)
				assert.Contains(t, h.since(), "debris space="+end)
				return
			}
			assert.False(t, op.Eliminated)
			h.moveN(end, lmax, 10, 10) // the car ahead and the mover roll for the contact
			assert.Equal(t, tc.after, h.wear(1))
		})
	}
}

// EX-F-19 — Downshift legality with depleted PS (R-DWN-01..04, R-GEAR-09).
func TestEXF19DownshiftLegality(t *testing.T) {
	c := ovalTrack(t)
	gears := func(d *Decision) map[int]Wear {
		out := map[int]Wear{}
		for _, op := range d.Options {
			out[op.Gear] = op.Cost
		}
		return out
	}
	t.Run("5th to 2nd", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 5)}, nil)
		assert.Equal(t, Wear{Gearbox: 1, Brakes: 1}, gears(h.pending())[2])
		h.gear(2, 3)
		assert.Equal(t, "6/2/2/3/3/2", h.wear(1))
	})
	t.Run("6th to 2nd: engine point and debris where the move ends", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 6)}, nil)
		assert.Equal(t, Wear{Gearbox: 1, Brakes: 1, Engine: 1}, gears(h.pending())[2])
		h.gear(2, 3)
		assert.Equal(t, "6/2/2/3/2/2", h.wear(1))
		h.moveN("back.3.1", 3)
		evs := h.since()
		assert.Equal(t, []string{"debris space=back.3.1"}, kinds(evs, "debris"), "R-DWN-05")
	})
	t.Run("gearbox 0: {4,5,6}", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 5).set(Gearbox, 0)}, nil)
		assert.Equal(t, map[int]Wear{6: {}, 5: {}, 4: {}}, gears(h.pending()))
	})
	t.Run("gearbox 2, brakes 0: 5→3 only", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 5).set(Gearbox, 2).set(Brakes, 0)}, nil)
		assert.Equal(t, map[int]Wear{6: {}, 5: {}, 4: {}, 3: {Gearbox: 1}}, gears(h.pending()))
	})
	t.Run("6th to 2nd with the last engine point", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 6).set(Engine, 1)}, nil)
		var op Option
		for _, o := range h.pending().Options {
			if o.Gear == 2 {
				op = o
			}
		}
		assert.True(t, op.Eliminated, "legal, but it eliminates")
		h.gear(2) // no die: the car is out before rolling
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, []string{"debris space=back.0.1"}, kinds(evs, "debris"))
		assert.Empty(t, kinds(evs, "roll"))
	})
}

// EX-F-20 — Collision with two cars (R-COL, AMB-16/17).
func TestEXF20CollisionTwoCars(t *testing.T) {
	c := ovalTrack(t)
	// M moves 5 from back.0.1 to back.5.1: beside X (back.5.0), directly
	// behind Y (back.6.1). Y is ahead of X, so Y comes first in play order.
	cars := func(x CarPosition) []CarPosition {
		return []CarPosition{at("back.0.1", 3).laps(1), x, at("back.6.1", 3)}
	}
	t.Run("dry", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("back.5.0", 3)), nil)
		h.gear(3, 5)
		// passive cars in play order (Y 7, X 1), then the mover once per
		// passive car in the same order (1 against Y, 5 against X)
		h.moveN("back.5.1", 5, 7, 1, 1, 5)
		evs := h.since()
		var rollers []string
		for _, e := range kinds(evs, "roll")[1:] { // after the gear die
			rollers = append(rollers, e[:len("roll play=1 car=1")])
		}
		assert.Equal(t, []string{"roll play=1 car=3", "roll play=1 car=2", "roll play=1 car=1", "roll play=1 car=1"}, rollers)
		assert.Equal(t, 2, h.car(2).Wear[Body], "X rolled 1")
		assert.Equal(t, 3, h.car(3).Wear[Body], "Y rolled 7")
		assert.Equal(t, 2, h.car(1).Wear[Body], "M rolled 1 against Y")
		assert.ElementsMatch(t, []string{"debris space=back.5.0", "debris space=back.5.1"}, kinds(evs, "debris"))
	})
	t.Run("X with its last body point", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("back.5.0", 3).set(Body, 1)), nil)
		h.gear(3, 5)
		h.moveN("back.5.1", 5, 7, 1, 1, 5) // M still rolls against X
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(2).Status)
		assert.Equal(t, "-", h.space(2))
		assert.Contains(t, evs, "debris space=back.5.0")
		assert.Len(t, kinds(evs, "roll"), 5, "the gear die and 4 collision rolls")
	})
}

// EX-F-21 — Engine test, several cars (R-ENG), on the lab circuit: B in
// 6th leaves corner Two (its stops made) and runs 21 spaces into Three, then
// A rolls 20 in 5th and runs along straight c.
func TestEXF21EngineTest(t *testing.T) {
	c := inlineTrack(t, labTrack)
	cfg := DefaultConfig()
	cfg.Laps = 3
	cars := []CarPosition{
		at("two.3.1", 5).laps(1).stops(2), // A: rolls 20 in 5th
		at("two.5.0", 6).laps(1).stops(2), // B: 6th, same level, plays first (R-ORD-02)
		at("b.5.1", 5),                    // C: 5th, has not moved yet
		at("b.3.1", 4),                    // D: 4th
		at("pit.4", 5).flag("pitting"),    // E: 5th in the pit lane
	}
	h := play(t, c, cfg, cars, nil)
	assert.Equal(t, []int{2, 1, 5, 3, 4}, h.g.Order)
	h.gear(6, 21)
	h.moveN("three.0.0", 21)
	h.gear(5, 20)
	// A moves 20, then A, B and C roll: A 3 (loses), B 5, C 4 (loses)
	h.moveN("c.19.2", 20, 3, 5, 4)
	evs := h.since()
	assert.Contains(t, evs, "engine-test car=1")
	assert.Equal(t, []string{
		"roll play=1 car=2 for=gear n=0 die=d30 value=21",
		"roll play=2 car=1 for=gear n=0 die=d20 value=20",
		"roll play=2 car=1 for=engine n=0 die=black value=3",
		"roll play=2 car=2 for=engine n=0 die=black value=5",
		"roll play=2 car=3 for=engine n=0 die=black value=4",
	}, kinds(evs, "roll"), "D (4th) and E (pit lane) do not roll")
	assert.Equal(t, 2, h.car(1).Wear[Engine])
	assert.Equal(t, 3, h.car(2).Wear[Engine])
	assert.Equal(t, 2, h.car(3).Wear[Engine])
	assert.Equal(t, 3, h.car(5).Wear[Engine])
	assert.ElementsMatch(t, []string{"debris space=c.19.2", "debris space=b.5.1"}, kinds(evs, "debris"))
	h.expect(5, DecideGear)
}

// EX-F-22 — Debris (R-DEB-03): one roll per dangerous space entered.
func TestEXF22Debris(t *testing.T) {
	c := ovalTrack(t)
	// a whole level of debris cannot be avoided; the end is dangerous too
	debris := []string{"back.2.0", "back.2.1", "back.2.2", "back.4.1"}
	h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 3)}, debris)
	h.gear(3, 4)
	op := h.option("back.4.1", 4)
	assert.Equal(t, 2, op.Dangerous)
	h.moveN("back.4.1", 4, 4, 9)
	evs := h.since()
	assert.Equal(t, []string{
		"roll play=1 car=1 for=handling n=0 die=black value=4",
		"roll play=1 car=1 for=handling n=1 die=black value=9",
	}, kinds(evs, "roll")[1:])
	assert.Equal(t, 1, h.car(1).Wear[Handling], "4 loses a point, 9 nothing")
}

// EX-F-23 — Slipstream shapes (R-SLP-01/02), on the lab circuit's 20-level
// straight b (b.0–b.19).
func TestEXF23SlipstreamShapes(t *testing.T) {
	c := inlineTrack(t, labTrack)
	slipEnds := func(h *harness) []string {
		d := h.expect(1, DecideSlipstream)
		var ends []string
		for _, op := range d.Options {
			if op.Stop {
				continue
			}
			if len(op.Path) < 3 {
				// R-SLP-03: brakes shorten it, 1 brake point per space
				assert.Equal(t, 3-len(op.Path), op.Braked)
				assert.Equal(t, Wear{Brakes: op.Braked}, op.Cost)
				continue
			}
			ends = append(ends, h.name(op.End))
			require.Len(t, op.Path, 3)
			diags := 0
			prev := h.car(1).Space
			for i, s := range op.Path {
				if c.Spaces[s].Lane != c.Spaces[prev].Lane {
					diags++
				} else if i == 0 {
					t.Errorf("%s: the first step must pull out", h.name(op.End))
				}
				prev = s
			}
			assert.LessOrEqual(t, diags, 2)
			assert.Equal(t, Wear{}, op.Cost)
		}
		return ends
	}
	t.Run("three shapes", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("b.0.0", 5).laps(1), at("b.16.0", 4)}, nil)
		h.gear(5, 15)
		h.moveN("b.15.0", 15)
		assert.Equal(t, []string{"b.18.0", "b.18.1", "b.18.2"}, slipEnds(h))
		h.move("b.18.0")
		evs := h.since()
		assert.Len(t, kinds(evs, "slipstream"), 1)
		assert.Empty(t, kinds(evs, "contact"))
		assert.Equal(t, "b.18.0", h.space(1))
	})
	noSlip := func(t *testing.T, cars []CarPosition, gear, roll int, end string, steps int, rolls ...int) {
		h := play(t, c, DefaultConfig(), cars, nil)
		h.gear(gear, roll)
		h.moveN(end, steps, rolls...)
		d := h.pending()
		assert.NotEqual(t, DecideSlipstream, d.Kind, "no slipstream: %s", h.describe(d))
		assert.Equal(t, end, h.space(1))
	}
	t.Run("M in 4th behind X in 5th", func(t *testing.T) {
		noSlip(t, []CarPosition{at("b.0.0", 4).laps(1), at("b.13.0", 5)}, 4, 12, "b.12.0", 12, 10, 10)
	})
	t.Run("M in 3rd", func(t *testing.T) {
		noSlip(t, []CarPosition{at("b.0.0", 3).laps(1), at("b.9.0", 3)}, 3, 8, "b.8.0", 8, 10, 10)
	})
	t.Run("M braked 1 to stop behind X", func(t *testing.T) {
		noSlip(t, []CarPosition{at("b.0.0", 5).laps(1), at("b.16.0", 4)}, 5, 16, "b.15.0", 15, 10, 10)
	})
	t.Run("M blocked behind X", func(t *testing.T) {
		cars := []CarPosition{at("b.0.0", 5).laps(1), at("b.16.0", 4), at("b.16.1", 4), at("b.16.2", 4)}
		noSlip(t, cars, 5, 16, "b.15.0", 15, 10, 10)
	})
}

// EX-F-24 — Slipstream chain and corner entry (R-SLP-04/05).
func TestEXF24SlipstreamChain(t *testing.T) {
	c := inlineTrack(t, labTrack)
	// X on b.16.0 (4th), Y on b.19.1 (5th): after shape 2 M stands behind Y;
	// a second slipstream runs into corner Two (levels 36+)
	cars := func(m CarPosition) []CarPosition {
		return []CarPosition{m, at("b.16.0", 4), at("b.19.1", 5)}
	}
	t.Run("chain into the corner costs 1 brake", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("b.0.0", 5).laps(1)), nil)
		h.gear(5, 15)
		h.moveN("b.15.0", 15)
		h.move("b.18.1")
		d := h.expect(1, DecideSlipstream)
		n := 0
		for _, op := range d.Options {
			if !op.Stop && op.Braked == 0 {
				n++
				assert.Equal(t, Wear{Brakes: 1}, op.Cost, "%s", h.name(op.End))
				assert.Len(t, op.Path, 3, "the full 3 spaces")
			}
		}
		assert.Positive(t, n)
		h.move("two.1.0")
		evs := h.since()
		assert.Equal(t, []string{"wear car=1 brakes=-1"}, withoutCause(kinds(evs, "wear")))
		assert.Equal(t, 2, h.car(1).Wear[Brakes])
		assert.Contains(t, evs, `stop car=1 corner=Two stops=1 required=2`)
	})
	t.Run("no brakes: no slipstream into the corner", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("b.0.0", 5).laps(1).set(Brakes, 0)), nil)
		h.gear(5, 15)
		h.moveN("b.15.0", 15)
		h.move("b.18.1", 10, 10) // the move ends behind Y: contact rolls
		assert.NotEqual(t, DecideSlipstream, h.pending().Kind)
		assert.Equal(t, "b.18.1", h.space(1))
	})
}

// EX-F-25 — Pit stop (R-PIT): car 7 (box.7) on main.0.0 is 9 spaces from
// its box: main.1.0, pit.1 … pit.7, box.7.
func TestEXF25PitStop(t *testing.T) {
	c := ovalTrack(t)
	cars := func(a CarPosition) []CarPosition {
		out := []CarPosition{}
		for i := range 6 {
			out = append(out, at("back."+strconv.Itoa(i/3)+"."+strconv.Itoa(i%3), 3))
		}
		return append(out, a)
	}
	t.Run("roll 16, quick stop", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("main.0.0", 5).wear("2/3/3/3/3/2")), nil)
		h.gear(5, 16)
		op := h.option("box.7", 9)
		assert.True(t, op.Pit)
		assert.Zero(t, op.Braked, "the surplus of 7 costs nothing")
		assert.Equal(t, Wear{}, op.Cost)
		h.moveN("box.7", 9, 7)
		evs := h.since()
		assert.Contains(t, evs, "pit-lane car=7")
		assert.Contains(t, evs, "pit-stop car=7 tyres=4 type=hard")
		assert.Contains(t, evs, "pit-quick car=7 path=pit.9,pit.10,pit.11,pit.12 gear=4")
		assert.Equal(t, "6/3/3/3/3/2", h.wear(7))
		assert.Equal(t, 4, h.car(7).Gear)
		assert.Equal(t, 1, h.car(7).Laps, "the line is crossed in the pit lane")
		assert.Equal(t, 1, h.car(7).PitStops)
	})
	t.Run("roll 16, slow stop", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("main.0.0", 5).wear("2/3/3/3/3/2")), nil)
		h.gear(5, 16)
		h.moveN("box.7", 9, 15)
		assert.Contains(t, h.since(), "pit-slow car=7")
		assert.Equal(t, "box.7", h.space(7))
		assert.True(t, h.car(7).SlowStop)
	})
	t.Run("after a quick stop: 5th or lower, no penalty", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("pit.12", 4).pits(1).laps(1)}, nil)
		d := h.expect(1, DecideGear)
		var gears []int
		for _, op := range d.Options {
			gears = append(gears, op.Gear)
			assert.Equal(t, Wear{}, op.Cost)
		}
		assert.Equal(t, []int{5, 4, 3, 2, 1}, gears)
	})
	t.Run("after a slow stop: 1 to 4, no penalty", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), []CarPosition{at("box.1", 6).pits(1).flag("slow-stop")}, nil)
		d := h.expect(1, DecideGear)
		var gears []int
		for _, op := range d.Options {
			gears = append(gears, op.Gear)
			assert.Equal(t, Wear{}, op.Cost)
		}
		assert.Equal(t, []int{4, 3, 2, 1}, gears)
	})
	t.Run("roll 7 in 4th: 7 spaces along the pit route", func(t *testing.T) {
		h := play(t, c, DefaultConfig(), cars(at("main.0.0", 4).wear("2/3/3/3/3/2")), nil)
		h.gear(4, 7)
		op := h.option("pit.6", 7)
		assert.True(t, op.Pit)
		h.moveN("pit.6", 7)
		assert.True(t, h.car(7).Pitting)
		assert.Equal(t, 2, h.car(7).Wear[Tyres])
	})
}

// EX-F-26 — Pit-lane queue (R-PIT-07/08).
func TestEXF26PitLaneQueue(t *testing.T) {
	c := ovalTrack(t)
	cfg := DefaultConfig()
	cfg.Laps = 3
	// B (car 1, after its stop) two spaces behind A (car 2) in the pit
	// lane; B is a lap ahead, so it plays first
	h := play(t, c, cfg, []CarPosition{at("pit.3", 4).laps(1).pits(1), at("pit.5", 4).pits(1)}, nil)
	h.gear(4, 10)
	// waiting behind A (the whole move used, nothing braked); the engine
	// also lists the same end as a free braking of 9
	var op Option
	for _, o := range h.pending().Options {
		if h.name(o.End) == "pit.4" && o.Braked == 0 {
			op = o
		}
	}
	require.NotEmpty(t, op.Letter)
	assert.Equal(t, Wear{}, op.Cost)
	assert.Zero(t, op.Blocked)
	for _, o := range h.pending().Options {
		assert.Equal(t, Wear{}, o.Cost, "braking is free in the pit lane (R-PIT-08)")
		assert.NotEqual(t, "pit.5", h.name(o.End))
	}
	h.submit(Order{Car: 1, Letter: op.Letter})
	evs := h.since()
	assert.Empty(t, kinds(evs, "wear", "contact"))
	assert.Equal(t, "pit.4", h.space(1))
	assert.Equal(t, "6/3/3/3/3/2", h.wear(1))
}

// EX-F-27 — Order with the pit lane (R-ORD-04).
func TestEXF27OrderWithPitLane(t *testing.T) {
	c := ovalTrack(t)
	// P (car 1) in the pit lane at level 44, T (car 2) on the pit straight
	// at level 40: T plays first
	h := play(t, c, DefaultConfig(), []CarPosition{at("pit.5", 4).pits(1), at("main.2.1", 4)}, nil)
	assert.Equal(t, []int{2, 1}, h.g.Order)
	h.expect(2, DecideGear)
}

// EX-F-28 — Finish (R-FIN, AMB-22).
func TestEXF28Finish(t *testing.T) {
	c := ovalTrack(t)
	cars := []CarPosition{
		at("main.8.1", 3).laps(1),
		at("main.5.1", 3).laps(1),
		{Wear: DefaultWear(), Status: Eliminated},
	}
	h := play(t, c, DefaultConfig(), cars, nil)
	h.gear(3, 4)
	h.moveN("start.2.1", 4)
	evs := h.since()
	assert.Contains(t, evs, "lap car=1 laps=2")
	assert.Contains(t, evs, "finish car=1 place=1")
	assert.Equal(t, "-", h.space(1), "removed after its turn")
	h.gear(3, 6)
	h.moveN("start.1.1", 6)
	evs = h.since()
	assert.Contains(t, evs, "finish car=2 place=2")
	assert.True(t, h.g.Over)
	assert.Nil(t, h.g.Pending())
	assert.Contains(t, evs, "over rounds=2 plays=2")
	var order []int
	for _, r := range h.g.Results() {
		order = append(order, r.Car)
	}
	assert.Equal(t, []int{1, 2, 3}, order)
}

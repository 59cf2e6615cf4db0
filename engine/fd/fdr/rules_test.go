package fdr

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// One table test per rule of the competition rules (fd-competition-rules.md)
// the engine implements, with scripted dice.

// R0.1, R1.1, R5.2: the ruleset's configuration.
func TestFDRConfig(t *testing.T) {
	cfg := FDRConfig()
	require.NoError(t, cfg.Validate())
	assert.Equal(t, fd.FDR, cfg.Rules)
	assert.Equal(t, 3, cfg.Laps, "R0.1: three laps")
	assert.Equal(t, 1, cfg.Sessions)
	assert.Contains(t, cfg.Options(), "sessions=1")
	for _, tc := range []struct {
		name string
		edit func(*fd.Config)
		want string
	}{
		{"optional rules", func(c *fd.Config) { c.Optional.Weather = true }, "optional rules belong to fd2008"},
		{"sessions", func(c *fd.Config) { c.Sessions = 3 }, "sessions 3"},
		{"laps", func(c *fd.Config) { c.Laps = 0 }, "laps 0"},
		{"default configuration", func(c *fd.Config) { c.Start = fd.Wear{9, 3, 2, 2, 2, 5} }, "put 20, 21 or 22 on the car"},
		{"strict table", func(c *fd.Config) { c.StrictBlockTable = true }, "strict-block-table"},
	} {
		c := FDRConfig()
		tc.edit(&c)
		err := c.Validate()
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
	// a record header rebuilds it
	r := &fd.Record{Rules: fd.FDR, Options: FDRConfig().Options()}
	back, err := r.Config()
	require.NoError(t, err)
	assert.Equal(t, FDRConfig(), back)
	// --laps still overrides
	require.NoError(t, back.SetOption("laps", "2"))
	assert.Equal(t, 2, back.Laps)
}

// EX-C-35, T10, R5.2: configurations.
func TestFDRConfigurationValidation(t *testing.T) {
	for _, tc := range []struct {
		w    fd.Wear
		pit  int
		want string // "" valid
	}{
		{fd.Wear{9, 3, 2, 2, 2, 2}, 2, ""},
		{fd.Wear{10, 4, 2, 2, 2, 2}, 0, ""},
		{fd.Wear{9, 4, 2, 2, 2, 2}, 1, ""},
		{fd.Wear{11, 4, 0, 2, 2, 2}, 1, "gas 0"},
		{fd.Wear{10, 4, 2, 2, 2, 2}, 1, "make 23"},
		{fd.Wear{9, 3, 2, 2, 2, 1}, 2, "the car has 19 points"},
		{fd.Wear{17, 1, 1, 1, 1, 1}, 0, ""}, // AMB-44: no maximum per category
	} {
		err := ValidateFDRSpread(tc.w, tc.pit)
		if tc.want == "" {
			assert.NoError(t, err, "%v +%d", tc.w, tc.pit)
			continue
		}
		require.Error(t, err, "%v +%d", tc.w, tc.pit)
		assert.Contains(t, err.Error(), tc.want)
	}
	for _, w := range FDRPresets {
		assert.NoError(t, ValidateFDRBuild(w), "preset %v", w)
	}
}

// R10.9: the tyre-loss function.
func TestFDRTyreLoss(t *testing.T) {
	for _, tc := range []struct {
		t, c, left int
		spin, elim bool
	}{
		{5, 2, 3, false, false},
		{2, 2, 0, true, false},  // exactly 0: spin
		{0, 1, 0, true, false},  // spun on this set, 1 more: spin again
		{0, 2, 0, false, true},  // 2 more: out
		{1, 2, 1, false, true},  // more than left: out
		{3, 0, 3, false, false}, // nothing owed
	} {
		left, spin, elim := tyreLoss(tc.t, tc.c)
		assert.Equal(t, []any{tc.left, tc.spin, tc.elim}, []any{left, spin, elim}, "T=%d C=%d", tc.t, tc.c)
	}
}

// T5, R12.2, R12.3: the blocking table, whatever the tyres.
func TestFDRBlockingTable(t *testing.T) {
	want := [][3]int{{0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {3, 0, 1}, {3, 1, 1}, {3, 2, 1}, {3, 3, 1}, {0, 0, 0}, {0, 0, 0}}
	for k, w := range want {
		b, ty, ok := fdrT5(k)
		okInt := 0
		if ok {
			okInt = 1
		}
		assert.Equal(t, w, [3]int{b, ty, okInt}, "k=%d", k)
	}
}

// T3, T4, R8.3–R8.8, R8.12: overshoot factors and slides.
func TestFDRTyreTable(t *testing.T) {
	g := &fd.Game{Config: FDRConfig()}
	for _, tc := range []struct {
		tyre           fd.Tyre
		wet            bool
		age            int
		factor, slides int
	}{
		{fd.Hard, false, 0, 1, 0},
		{fd.Hard, true, 2, 1, 3},
		{fd.Soft, false, 0, 2, 0},
		{fd.Soft, false, 1, 2, 0},
		{fd.Soft, false, 2, 3, 0},
		{fd.Soft, true, 0, 2, 3},
		{fd.Soft, true, 2, 3, 3},
		{fd.RainTyre, false, 0, 2, 0},
		{fd.RainTyre, false, 2, 3, 0},
		{fd.RainTyre, true, 0, 1, 1},
		{fd.RainTyre, true, 2, 1, 1},
	} {
		g.SetWeather(fd.Fine)
		if tc.wet {
			g.SetWeather(fd.ChangeableWet)
		}
		c := &fd.Car{Tyre: tc.tyre, TyreAge: tc.age}
		name := fmt.Sprintf("%s wet=%v set lap %d", tc.tyre, tc.wet, tc.age+1)
		assert.Equal(t, tc.factor, fdrOvershootFactor(g, c), name)
		assert.Equal(t, tc.slides, fdrSlideAmount(g, c), name)
	}
}

// R6.2, R13.1–R13.3, R13.8, T2: the gears offered and their costs.
func TestFDROverRevOptions(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		name  string
		gear  int
		wear  fd.Wear
		gears []int
		costs map[int]fd.Wear
		elim  []int
	}{
		{"from 6th", 6, FDRDefaultBuild(), []int{6, 5, 4, 3, 2},
			map[int]fd.Wear{4: {fd.Gearbox: 1}, 3: {fd.Gearbox: 1, fd.Brakes: 1}, 2: {fd.Gearbox: 1, fd.Brakes: 1, fd.Engine: 1}}, nil},
		{"no gas: one at a time (R13.2)", 6, fd.Wear{9, 3, 0, 2, 2, 2}, []int{6, 5}, nil, nil},
		{"no brakes: one skip at most (R13.8)", 6, fd.Wear{9, 0, 2, 2, 2, 2}, []int{6, 5, 4}, nil, nil},
		{"last engine point (R13.5)", 6, fd.Wear{9, 3, 2, 2, 1, 2}, []int{6, 5, 4, 3, 2}, nil, []int{2}},
		{"from 5th: 5→1 skips 3", 5, FDRDefaultBuild(), []int{6, 5, 4, 3, 2, 1}, map[int]fd.Wear{1: {fd.Gearbox: 1, fd.Brakes: 1, fd.Engine: 1}}, nil},
		{"from 1st", 1, FDRDefaultBuild(), []int{2, 1}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car := fdtest.FDRAt("long.10.1", tc.gear)
			car.Wear = tc.wear
			h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car}, nil)
			h.Expect(1, fd.DecideGear)
			assert.Equal(t, tc.gears, h.Gears())
			for g, w := range tc.costs {
				assert.Equal(t, w, h.GearOption(g).Cost, "gear %d", g)
			}
			for _, g := range tc.elim {
				assert.True(t, h.GearOption(g).Eliminated, "gear %d", g)
			}
		})
	}
}

// R6.3, R13.4, R13.5: paid before the roll; an engine point makes the
// starting space dangerous; the last one blows the engine, no inertia.
func TestFDROverRevPaid(t *testing.T) {
	c := fdtest.FDRLab(t)
	t.Run("engine point: sticker on the starting space", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.10.1", 6)}, nil)
		h.Gear(2, 3)
		assert.Equal(t, []string{
			"gear car=1 from=6 to=2",
			"wear car=1 gas=-1",
			"wear car=1 brakes=-1",
			"wear car=1 engine=-1",
			"debris space=long.10.1",
			"roll play=1 car=1 for=gear n=0 die=d6 value=3",
		}, fdtest.WithoutCause(h.Since()[3:]))
		assert.Equal(t, "9/2/1/2/1/2", h.Wear(1))
	})
	t.Run("last engine point: removed at once", func(t *testing.T) {
		car := fdtest.FDRAt("long.10.1", 6)
		car.Wear[fd.Engine] = 1
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car, fdtest.FDRAt("long.2.1", 3)}, nil)
		h.Gear(2)
		evs := h.Since()
		assert.Contains(t, evs, "debris space=long.10.1")
		assert.Contains(t, strings.Join(evs, "\n"), "reason=engine")
		assert.Contains(t, evs, "removed car=1")
		assert.Empty(t, fdtest.Kinds(evs, "engine-blown"), "no inertia (R13.5)")
		assert.Equal(t, fd.Eliminated, h.Car(1).Status)
		assert.Equal(t, tracks.NoSpace, h.Car(1).Space)
		h.Expect(2, fd.DecideGear)
	})
}

// R10.2, R10.8–R10.10, R10.14, EX-C-31: overshooting, spins and restarts.
// Corner One (1 stop) spans levels 34–40, then straight b.
func TestFDRSpinAndRestart(t *testing.T) {
	c := fdtest.FDRLab(t)
	h := beforeCornerOne(t, c, 2, 0)
	h.Gear(3, 8)
	op := h.Find(overshootBy(2))[0]
	assert.Equal(t, fd.Wear{fd.Tyres: 2}, op.Cost)
	assert.True(t, op.Spin)
	assert.False(t, op.Eliminated)
	h.Pick(overshootBy(2))
	assert.Equal(t, []string{
		`overshoot car=1 corner=One spaces=2 stops=0 required=1`,
		"wear car=1 tyres=-2",
		"spin car=1 corner=One",
	}, fdtest.WithoutCause(fdtest.Kinds(h.Since(), "overshoot", "wear", "spin", "stop")))
	// R10.10: facing backwards, gear unchanged until the end of the round
	assert.True(t, h.Car(1).Spun)
	assert.Equal(t, 3, h.Car(1).Gear)
	assert.True(t, aggravating(h.Car(1)), "R10.11")
	h.Expect(2, fd.DecideGear)
	h.Gear(2, 2)
	// end of the round: 1st gear; next round the restart roll: 1 stalls
	h.MoveN("long.7.1", 2, 1)
	evs := h.Since()
	assert.Contains(t, evs, "turned car=1 gear=1")
	assert.Contains(t, evs, "roll play=3 car=1 for=restart n=0 die=black value=1")
	assert.Contains(t, evs, "restart car=1 result=stall")
	assert.False(t, aggravating(h.Car(1)), "AMB-14: a restart stall does not aggravate")
	h.Gear(2, 2)
	// R10.14: the next play is in 1st, no black die
	h.MoveN("long.9.1", 2, 2)
	evs = h.Since()
	assert.Contains(t, evs, "gear car=1 from=1 to=1")
	assert.Empty(t, fdtest.Kinds(evs, "restart"))
	d := h.Expect(1, fd.DecideMove)
	assert.Equal(t, 2, d.Rolled)

	t.Run("restart 20: four spaces, then 1st or 2nd", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("b.1.1", 1).WithFlags("restart")}, nil, 20)
		assert.Contains(t, h.Since(), "restart car=1 result=super")
		d := h.Expect(1, fd.DecideMove)
		assert.Equal(t, 4, d.Distance)
		h.MoveN("b.5.1", 4)
		h.Expect(1, fd.DecideGear)
		assert.Equal(t, []int{2, 1}, h.Gears())
	})
	t.Run("restart 2–19: the 1st-gear die", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("b.1.1", 1).WithFlags("restart")}, nil, 11, 1)
		assert.Contains(t, h.Since(), "restart car=1 result=normal")
		assert.Equal(t, 1, h.Expect(1, fd.DecideMove).Rolled)
	})
	t.Run("spin again at 0 tyres, 1 more (R10.9)", func(t *testing.T) {
		h := beforeCornerOne(t, c, 0, 0)
		h.Gear(3, 7)
		h.Pick(overshootBy(1))
		assert.Contains(t, h.Since(), "spin car=1 corner=One")
		assert.Equal(t, fd.Racing, h.Car(1).Status)
	})
	t.Run("0 tyres, 2 more: out, no sticker (R10.8, R20.1)", func(t *testing.T) {
		h := beforeCornerOne(t, c, 0, 0)
		h.Gear(3, 8)
		assert.True(t, h.Find(overshootBy(2))[0].Eliminated)
		h.Pick(overshootBy(2))
		evs := h.Since()
		assert.Contains(t, strings.Join(evs, "\n"), "reason=overshoot")
		assert.Contains(t, evs, "removed car=1")
		assert.Empty(t, fdtest.Kinds(evs, "debris"))
		assert.Equal(t, tracks.NoSpace, h.Car(1).Space)
	})
	t.Run("brakes and tyres combined (R10.7, R11.2)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.31.0", 3), fdtest.FDRAt("long.5.1", 2)}, nil)
		h.Gear(3, 8)
		ops := h.Find(func(op fd.Option) bool { return op.Overshoot == 1 && op.Braked == 1 })
		require.NotEmpty(t, ops)
		assert.Equal(t, fd.Wear{fd.Tyres: 1, fd.Brakes: 1}, ops[0].Cost)
		ops = h.Find(func(op fd.Option) bool { return op.Overshoot == 0 && op.Braked == 2 })
		require.NotEmpty(t, ops)
		assert.Equal(t, fd.Wear{fd.Brakes: 2}, ops[0].Cost)
	})
}

// R10.3, EX-C-34: required-stop accounting when leaving a corner. Two (2
// stops) spans levels 49–55, Three (3 stops) 100–106.
func TestFDRExcessiveOvershoot(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		start      string
		stops      int
		gear, roll int
		elim       bool
	}{
		{"two.4.0", 0, 2, 4, true},   // 2-stop corner, 0 stops
		{"two.4.0", 1, 2, 4, false},  // 2-stop corner, 1 stop: overshoot
		{"three.4.0", 0, 2, 4, true}, // 3-stop corner, 0 stops
		{"three.4.0", 1, 2, 4, true}, // 3-stop corner, 1 stop
		{"three.4.0", 2, 2, 4, false},
		{"three.4.0", 3, 2, 4, false}, // stops made: a normal exit
	} {
		name := fmt.Sprintf("%s stops=%d", tc.start, tc.stops)
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt(tc.start, tc.gear).WithStops(tc.stops)}, nil)
		h.Gear(tc.gear, tc.roll)
		ops := h.Find(func(op fd.Option) bool { return op.Braked == 0 && len(op.Path) == tc.roll })
		require.NotEmpty(t, ops, name)
		for _, op := range ops {
			assert.Equal(t, tc.elim, op.Eliminated, name)
			if tc.elim {
				assert.Contains(t, op.Cause, "excessive overshooting (R10.3)", name)
			}
			if tc.stops == 3 {
				assert.Zero(t, op.Overshoot, name)
			}
		}
	}
}

// R8.13, R8.4, R8.8, AMB-08: on a wet track a move that ends inside a
// corner where it owes a stop slides on, +3 (hard, soft) or +1 (rain). Two
// (2 stops) spans levels 49–55; b.4 is level 45.
func TestFDRSlide(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		name       string
		wx         fd.WeatherState
		car        fdtest.CarAt
		gear, roll int
		slide      int
	}{
		{"hard, wet, into a corner: +3", fd.ChangeableWet, fdtest.FDRAt("b.4.1", 2), 2, 4, 3},
		{"soft, wet: +3", fd.Wet, fdtest.FDRAt("b.4.1", 2).WithTyre(fd.Soft, 0), 2, 4, 3},
		{"rain tyres, wet: +1", fd.Wet, fdtest.FDRAt("b.4.1", 2).WithTyre(fd.RainTyre, 0), 2, 4, 1},
		{"dry: no slide", fd.Fine, fdtest.FDRAt("b.4.1", 2), 2, 4, 0},
		{"wet, on a straight: no slide", fd.Wet, fdtest.FDRAt("long.4.1", 2), 2, 4, 0},
		{"wet, stops already made: no slide (R7.2)", fd.Wet, fdtest.FDRAt("two.0.1", 1).WithStops(2), 1, 2, 0},
		{"wet, still owing a stop: slide", fd.Wet, fdtest.FDRAt("two.0.1", 1).WithStops(1), 1, 1, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrStart(t, c, tc.wx, []fdtest.CarAt{tc.car}, nil)
			h.Gear(tc.gear, tc.roll)
			for _, op := range h.Find(func(op fd.Option) bool { return op.Braked == 0 && op.Blocked == 0 }) {
				assert.Equal(t, tc.slide, op.Slide, "%s", h.Name(op.End))
				assert.Len(t, op.Path, tc.roll+tc.slide, "%s", h.Name(op.End))
			}
			op := h.Pick(func(op fd.Option) bool { return op.Braked == 0 })
			if tc.slide > 0 {
				assert.Contains(t, h.Since(), fmt.Sprintf("move car=1 path=%s braked=0 blocked=0 slide=%d", h.G.SpaceNames(op.Path), tc.slide))
			}
		})
	}
	t.Run("braking cancels slid spaces (AMB-08)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Wet, []fdtest.CarAt{fdtest.FDRAt("b.4.1", 2)}, nil)
		h.Gear(2, 4)
		ops := h.Find(func(op fd.Option) bool { return op.Braked == 2 && op.Slide == 3 })
		require.NotEmpty(t, ops)
		assert.Len(t, ops[0].Path, 5)
		assert.Equal(t, fd.Wear{fd.Brakes: 2}, ops[0].Cost)
	})
	t.Run("a slide may carry the car out: an overshoot (R8.13)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Wet, []fdtest.CarAt{fdtest.FDRAt("two.4.0", 1).WithStops(1)}, nil)
		h.Gear(1, 2)
		ops := h.Find(func(op fd.Option) bool { return op.Braked == 0 })
		require.NotEmpty(t, ops)
		for _, op := range ops {
			assert.Equal(t, 3, op.Slide)
			assert.Positive(t, op.Overshoot, h.Name(op.End))
			assert.Equal(t, op.Overshoot, op.Cost[fd.Tyres])
		}
	})
}

// R8.5, R8.10, AMB-10: the soft +1 — dry, the set's first lap, once per
// play, never in a play that crosses the line once started.
func TestFDRSoftBonus(t *testing.T) {
	c := fdtest.FDRLab(t)
	bonus := func(h *fdtest.Harness) bool {
		return len(h.Find(func(op fd.Option) bool { return op.Bonus })) > 0
	}
	for _, tc := range []struct {
		name string
		wx   fd.WeatherState
		car  fdtest.CarAt
		roll int
		want bool
	}{
		{"soft, dry, first lap", fd.Fine, fdtest.FDRAt("long.5.1", 2).WithTyre(fd.Soft, 0), 3, true},
		{"soft, dry, second lap of the set", fd.Fine, fdtest.FDRAt("long.5.1", 2).WithTyre(fd.Soft, 1), 3, false},
		{"soft, wet (R8.6)", fd.ChangeableWet, fdtest.FDRAt("long.5.1", 2).WithTyre(fd.Soft, 0), 3, false},
		{"hard", fd.Fine, fdtest.FDRAt("long.5.1", 2), 3, false},
		{"crossing the line (AMB-10)", fd.Fine, fdtest.FDRAt("home.8.1", 2).WithTyre(fd.Soft, 0), 3, false},
		{"the start's crossing (R8.10)", fd.Fine, fdtest.CarAt{Space: "home.8.1", Gear: 2, Wear: FDRDefaultBuild(), Tyre: fd.Soft, Flags: []string{"started"}}, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrStart(t, c, tc.wx, []fdtest.CarAt{tc.car}, nil)
			h.Gear(2, tc.roll)
			assert.Equal(t, tc.want, bonus(h))
			if tc.want {
				op := h.Pick(func(op fd.Option) bool { return op.Bonus })
				assert.Len(t, op.Path, tc.roll+1)
				assert.Contains(t, h.Since(), fmt.Sprintf("move car=1 path=%s braked=0 blocked=0 bonus=1", h.G.SpaceNames(op.Path)))
			}
		})
	}
}

// R12, T5: blocking. Three cars fill level 12 of the long straight; the
// blocked car ends on long.11.1, behind all three (3 collision tests each
// way, AMB-21).
func TestFDRBlocking(t *testing.T) {
	c := fdtest.FDRLab(t)
	wall := func(mover fdtest.CarAt) []fdtest.CarAt {
		return []fdtest.CarAt{mover.WithLaps(1), fdtest.FDRAt("long.12.0", 2), fdtest.FDRAt("long.12.1", 2), fdtest.FDRAt("long.12.2", 2)}
	}
	at11 := func(h *fdtest.Harness, blocked int) func(fd.Option) bool {
		return func(op fd.Option) bool { return op.Blocked == blocked && h.Name(op.End) == "long.11.1" }
	}
	noLoss := []int{20, 20, 20, 20, 20, 20}
	t.Run("k=3: 3 brakes (T5)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, wall(fdtest.FDRAt("long.10.1", 2)), nil)
		h.Gear(2, 4)
		ops := h.Find(at11(h, 3))
		require.Len(t, ops, 1)
		assert.Equal(t, fd.Wear{fd.Brakes: 3}, ops[0].Cost)
		assert.Len(t, h.Find(func(op fd.Option) bool { return op.Blocked == 3 }), 3, "R12.8: the three spaces of level 11, the player chooses")
		h.Pick(at11(h, 3), noLoss...)
		assert.Equal(t, "9/0/2/2/2/2", h.Wear(1))
	})
	t.Run("k=5: voluntary braking changes the split (R12.4)", func(t *testing.T) {
		car := fdtest.FDRAt("long.10.1", 3).WithBuild(fd.Wear{7, 5, 2, 2, 2, 2}, 2)
		h := fdrStart(t, c, fd.Fine, wall(car), nil)
		h.Gear(3, 6)
		costs := map[[2]int]fd.Wear{}
		for _, op := range h.Find(endsOn(h, "long.11.1")) {
			costs[[2]int{op.Braked, op.Blocked}] = op.Cost
		}
		assert.Equal(t, fd.Wear{fd.Tyres: 2, fd.Brakes: 3}, costs[[2]int{0, 5}])
		assert.Equal(t, fd.Wear{fd.Tyres: 1, fd.Brakes: 4}, costs[[2]int{1, 4}])
		assert.Equal(t, fd.Wear{fd.Brakes: 5}, costs[[2]int{2, 3}], "more than 3 brakes only by braking first")
	})
	t.Run("too few brakes: no substitution (R12.5)", func(t *testing.T) {
		car := fdtest.FDRAt("long.10.1", 2)
		car.Wear[fd.Brakes] = 1
		h := fdrStart(t, c, fd.Fine, wall(car), nil)
		h.Gear(2, 3) // 1 free, 2 short
		ops := h.Find(endsOn(h, "long.11.1"))
		require.NotEmpty(t, ops)
		for _, op := range ops {
			assert.True(t, op.Eliminated, "braked %d blocked %d", op.Braked, op.Blocked)
		}
	})
	t.Run("the last tyre point: a spin (R12.9)", func(t *testing.T) {
		car := fdtest.FDRAt("long.10.1", 3)
		car.Wear[fd.Tyres] = 1
		h := fdrStart(t, c, fd.Fine, wall(car), nil)
		h.Gear(3, 5) // 1 free, 4 short: 3 brakes + 1 tyre
		op := h.Pick(at11(h, 4), noLoss...)
		assert.True(t, op.Spin)
		evs := h.Since()
		assert.Contains(t, evs, "spin car=1 blocked=4")
		assert.True(t, h.Car(1).Spun)
		// the collision tests of a spun car are aggravated (R10.11)
		assert.Contains(t, evs, "contact car=1 with=2 aggravated=true")
	})
	t.Run("k ≥ 7: fatal blocking (R12.6, R12.7)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, wall(fdtest.FDRAt("long.10.1", 3)), nil)
		h.Gear(3, 8)                    // 1 free, 7 short
		op := h.Pick(at11(h, 7), 2, 20) // cars 2 and 4 roll, aggravated: 2 fails
		assert.True(t, op.Eliminated)
		evs := h.Since()
		text := strings.Join(evs, "\n")
		assert.Contains(t, text, "eliminated car=1")
		assert.Contains(t, text, "reason=blocking")
		// the car directly in front loses a body point, no roll
		assert.Equal(t, 1, h.Car(3).Wear[fd.Body], "car 3 was straight ahead")
		assert.Contains(t, h.Debris(), "long.11.1", "a sticker under the wreck")
		assert.Contains(t, h.Debris(), "long.12.1", "a sticker under the car in front")
		assert.True(t, isWreck(h.Car(1)), "it stays until its next turn")
		assert.Equal(t, "long.11.1", h.Space(1))
		assert.NotContains(t, text, "contact car=1 with=3")
		assert.Contains(t, evs, "contact car=1 with=2 aggravated=true")
		assert.Contains(t, evs, "contact car=1 with=4 aggravated=true")
		assert.Equal(t, 1, h.Car(2).Wear[fd.Body], "2 fails an aggravated test")
		assert.Equal(t, 2, h.Car(4).Wear[fd.Body])
		assert.Len(t, fdtest.Kinds(evs, "roll"), 3, "the gear die and the two others' tests: a wreck does not roll")
	})
}

// endsOn is a predicate: the option ends on the named space.
func endsOn(h *fdtest.Harness, name string) func(fd.Option) bool {
	return func(op fd.Option) bool { return h.Name(op.End) == name }
}

// R14, T6, AMB-21–AMB-23: car 1 ends on long.5.0 beside car 2 (long.5.1)
// and behind car 3 (long.6.0). The others roll in track order (3, then 2),
// then the mover once per contact, in the same order.
func TestFDRCollisions(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		name   string
		wx     fd.WeatherState
		spun2  bool
		body3  int
		rolls  []int // 3, 2, then the mover's
		wear   [3]int
		events []string
	}{
		{"dry: 1 fails", fd.Fine, false, 2, []int{1, 2, 2, 1}, [3]int{2, 1, 1}, nil},
		{"wet: 1–2 fail", fd.ChangeableWet, false, 2, []int{2, 3, 3, 2}, [3]int{2, 1, 1}, nil},
		{"aggravated with a spun car, per pair (AMB-22)", fd.Fine, true, 2, []int{2, 2, 2, 2}, [3]int{1, 2, 1},
			[]string{"contact car=1 with=3", "contact car=1 with=2 aggravated=true"}},
		{"wet and aggravated: 1–3", fd.Wet, true, 2, []int{3, 3, 3, 4}, [3]int{1, 2, 2}, nil},
		{"a car eliminated: the mover loses a point, no roll for it (R14.6)", fd.Fine, false, 1, []int{1, 20, 20}, [3]int{2, 0, 1}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := fdtest.FDRAt("long.5.1", 2)
			if tc.spun2 {
				b = b.WithFlags("spun")
			}
			c3 := fdtest.FDRAt("long.6.0", 2)
			c3.Wear[fd.Body] = tc.body3
			h := fdrStart(t, c, tc.wx, []fdtest.CarAt{fdtest.FDRAt("long.2.0", 2).WithLaps(1), b, c3}, nil)
			h.Gear(2, 3)
			h.Since()
			h.Submit(fd.Order{Car: 1, Letter: h.Option("long.5.0", 3).Letter}, tc.rolls...)
			evs := h.Since()
			var order []string
			for _, e := range fdtest.Kinds(evs, "roll") {
				f := strings.Fields(e)
				order = append(order, f[2])
			}
			want := []string{"car=3", "car=2", "car=1", "car=1"}
			if tc.body3 == 1 {
				want = []string{"car=3", "car=2", "car=1"}
			}
			assert.Equal(t, want, order)
			assert.Equal(t, tc.wear, [3]int{h.Car(2).Wear[fd.Body], h.Car(3).Wear[fd.Body], h.Car(1).Wear[fd.Body]}, "body of cars 2, 3, 1")
			for _, e := range tc.events {
				assert.Contains(t, evs, e)
			}
			if tc.body3 == 1 {
				// R14.5: a wreck until its next turn, which comes next
				// in this round
				assert.Contains(t, strings.Join(evs, "\n"), "R14.6")
				assert.Contains(t, evs, "debris space=long.6.0")
				assert.Contains(t, evs, "removed car=3")
				assert.Equal(t, fd.Eliminated, h.Car(3).Status)
				assert.Equal(t, fd.ReasonCollision, h.Car(3).EliminationReason())
			}
		})
	}
	t.Run("no tests with the pit lane (R14.8, R19.20)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("home.0.0", 2).WithLaps(2), fdtest.FDRAt("pit.2", 2).WithLaps(1).WithFlags("pitting")}, nil)
		h.Gear(2, 3)
		h.Move("home.3.0")
		assert.Empty(t, fdtest.Kinds(h.Since(), "contact"))
	})
}

// R15: the wall of an oval (embedded oval: lane 2 of the start straight).
func TestFDRWall(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	t.Run("entering the wall lane: a body test (R15.2)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("start.1.1", 1)}, nil)
		h.Gear(1, 1)
		assert.Equal(t, 1, h.Option("start.2.2", 1).Wall)
		assert.Zero(t, h.Option("start.2.1", 1).Wall)
		h.Move("start.2.2", 1)
		evs := h.Since()
		assert.Contains(t, evs, "wall car=1 space=start.2.2")
		assert.Contains(t, evs, "debris space=start.2.2")
		assert.Equal(t, 1, h.Car(1).Wear[fd.Body])
	})
	t.Run("along the wall lane: no test (R15.4)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("start.1.2", 1)}, nil)
		h.Gear(1, 1)
		assert.Zero(t, h.Option("start.2.2", 1).Wall)
		h.Move("start.2.2")
		assert.Empty(t, fdtest.Kinds(h.Since(), "wall"))
	})
	t.Run("wet: 1–2 fail", func(t *testing.T) {
		h := fdrStart(t, c, fd.Wet, []fdtest.CarAt{fdtest.FDRAt("start.1.1", 1)}, nil)
		h.Gear(1, 1)
		h.Move("start.2.2", 3)
		assert.Equal(t, 2, h.Car(1).Wear[fd.Body])
		h = fdrStart(t, c, fd.Wet, []fdtest.CarAt{fdtest.FDRAt("start.1.1", 1)}, nil)
		h.Gear(1, 1)
		h.Move("start.2.2", 2)
		assert.Equal(t, 1, h.Car(1).Wear[fd.Body])
	})
	t.Run("ending in the wall lane beside a car: after the collisions (R15.5)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("start.1.1", 1).WithLaps(1), fdtest.FDRAt("start.2.1", 1)}, nil)
		h.Gear(1, 1)
		h.Move("start.2.2", 20, 20, 20)
		var seq []string
		for _, e := range h.Since() {
			if strings.HasPrefix(e, "contact") || strings.HasPrefix(e, "wall") {
				seq = append(seq, e)
			}
		}
		assert.Equal(t, []string{"contact car=1 with=2", "wall car=1 space=start.2.2"}, seq)
	})
	t.Run("the last body point at the wall: a wreck there (AMB-31)", func(t *testing.T) {
		car := fdtest.FDRAt("start.1.1", 2).WithLaps(1)
		car.Wear[fd.Body] = 1
		// cars on start.3.0 and start.3.1: the way on is through the wall lane
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car, fdtest.FDRAt("start.3.0", 2), fdtest.FDRAt("start.3.1", 2)}, nil)
		h.Gear(2, 3)
		op := h.Pick(func(op fd.Option) bool { return op.Wall == 1 && len(op.Path) == 3 && op.Path[1] == h.ID("start.3.2") }, 1, 20)
		assert.Equal(t, "start.3.2", h.Space(1), "the move ends where it hit the wall")
		assert.NotEqual(t, op.End, h.Car(1).Space)
		assert.True(t, isWreck(h.Car(1)))
		assert.Equal(t, fd.ReasonWall, h.Car(1).EliminationReason())
	})
}

// R16.1–R16.6, R10.13, EX-C-33: the engine-test cascade. On the back
// straight c: Q in 5th leads, S in 4th, P in 6th rolls 30, T spun in 5th;
// R in 6th waits in the pit lane.
func TestFDREngineTests(t *testing.T) {
	c := fdtest.FDRLab(t)
	start := func(t *testing.T, wx fd.WeatherState, engineP, engineT int) *fdtest.Harness {
		p := fdtest.FDRAt("c.2.1", 6).WithLaps(1)
		p.Wear[fd.Engine] = engineP
		tt := fdtest.FDRAt("c.0.0", 5).WithLaps(1).WithFlags("spun")
		tt.Wear[fd.Engine] = engineT
		cars := []fdtest.CarAt{
			fdtest.FDRAt("c.20.2", 5).WithLaps(1), // 1 Q
			fdtest.FDRAt("c.10.0", 4).WithLaps(1), // 2 S
			p,                                     // 3 P
			tt,                                    // 4 T
			fdtest.FDRAt("pit.3", 6).WithFlags("pitting"), // 5 R, box.5 ahead; plays last (R19.19)
		}
		h := fdrStart(t, c, wx, cars, nil)
		h.Gear(5, 19)
		h.MoveN("c.39.2", 19)
		h.Gear(4, 7)
		h.MoveN("c.17.0", 7)
		h.Gear(6, 30)
		h.Since()
		return h
	}
	t.Run("order Q, P, T; R exempt; S in 4th does not roll", func(t *testing.T) {
		h := start(t, fd.Fine, 2, 2)
		h.MoveN("c.32.1", 30, 5, 5, 5, 1) // then T's restart roll: a stall
		var rollers []string
		for _, e := range fdtest.Kinds(h.Since(), "roll") {
			rollers = append(rollers, strings.Fields(e)[2])
		}
		assert.Equal(t, []string{"car=1", "car=3", "car=4", "car=4"}, rollers)
		h.Expect(5, fd.DecideGear)
	})
	t.Run("thresholds: 1–4 dry, 1–3 wet (T6, AMB-24)", func(t *testing.T) {
		h := start(t, fd.Fine, 2, 2)
		h.MoveN("c.32.1", 30, 4, 5, 20, 1)
		assert.Equal(t, 1, h.Car(1).Wear[fd.Engine])
		assert.Contains(t, h.Debris(), "c.39.2", "a sticker under the car (R16.3)")
		h = start(t, fd.Overcast, 2, 2)
		h.MoveN("c.32.1", 30, 4, 3, 20, 1)
		assert.Equal(t, 1, h.Car(3).Wear[fd.Engine], "changeable and dry: dry thresholds")
		h = start(t, fd.ChangeableWet, 2, 2)
		h.MoveN("c.32.1", 30, 4, 3, 20, 1)
		assert.Equal(t, 2, h.Car(1).Wear[fd.Engine])
		assert.Equal(t, 1, h.Car(3).Wear[fd.Engine])
	})
	t.Run("blows: inertia in 6th, none when spun (R16.4, R10.13)", func(t *testing.T) {
		h := start(t, fd.Fine, 1, 1)
		h.MoveN("c.32.1", 30, 20, 1, 1)
		evs := h.Since()
		assert.Contains(t, evs, "engine-blown car=3 inertia=single")
		assert.Equal(t, InertiaPending, inertiaState(h.Car(3)))
		assert.Equal(t, fd.Racing, h.Car(3).Status, "its inertia move is still to come")
		assert.Contains(t, strings.Join(evs, "\n"), "eliminated car=4")
		assert.Contains(t, evs, "removed car=4", "spun: no inertia, removed at once (R16.5)")
		assert.Contains(t, h.Debris(), "c.0.0")
		assert.Contains(t, h.Debris(), "c.32.1")
	})
	t.Run("the inertia move, then removal (R16.4, AMB-27)", func(t *testing.T) {
		p := fdtest.FDRAt("c.2.1", 6).WithLaps(1)
		p.Inertia = "pending"
		// a car whose engine blew no longer leads the race (R16.4): car 2
		// starts the round
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{p, fdtest.FDRAt("long.2.1", 2)}, nil)
		h.Gear(2, 2)
		h.MoveN("long.4.1", 2, 9)
		evs := h.Since()
		assert.Contains(t, evs, "inertia car=1")
		assert.Contains(t, evs, "gear car=1 from=6 to=4")
		assert.Contains(t, evs, "roll play=2 car=1 for=gear n=0 die=d12 value=9")
		d := h.Expect(1, fd.DecideMove)
		for _, op := range d.Options {
			assert.Len(t, op.Path, 9, "forced as far as possible")
			assert.Zero(t, op.Braked)
		}
		h.MoveN("c.11.1", 9)
		evs = h.Since()
		assert.Empty(t, fdtest.Kinds(evs, "slipstream"))
		assert.Contains(t, evs, "debris space=c.11.1", "a sticker where the inertia move ends")
		h.Gear(2, 2)
		h.MoveN("long.6.1", 2)
		evs = h.Since()
		assert.Contains(t, strings.Join(evs, "\n"), "eliminated car=1")
		assert.Contains(t, evs, "removed car=1")
		assert.Equal(t, fd.ReasonEngine, h.Car(1).EliminationReason())
	})
	t.Run("extended inertia after the penultimate corner (R16.7, AMB-26)", func(t *testing.T) {
		// lab corners in lap order: One, Two, Three, Four; Three is the
		// penultimate; home.0 is level 122, past Four
		// car 1 leads on its last lap and rolls 20 in 5th: it finishes,
		// and car 2, inside Four (the last corner) in 5th, tests
		x := fdtest.FDRAt("four.1.1", 5).WithLaps(2).WithStops(1)
		x.Wear[fd.Engine] = 1
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("home.0.1", 5).WithLaps(2), x}, nil)
		assert.True(t, h.G.AfterPenultimate(h.Car(2)))
		assert.False(t, h.G.AfterPenultimate(h.Car(1)) && h.Car(1).Laps < 2)
		h.Gear(5, 20)
		h.Pick(func(op fd.Option) bool { return op.Braked == 0 && len(op.Path) == 20 }, 1, 7)
		evs := h.Since()
		assert.Contains(t, evs, "finish car=1 place=1")
		assert.Contains(t, evs, "engine-blown car=2 inertia=extended")
		// its next play: the 4th-gear die, forced
		assert.Contains(t, evs, "gear car=2 from=5 to=4")
		assert.Contains(t, evs, "roll play=2 car=2 for=gear n=0 die=d12 value=7")
		h.Pick(func(op fd.Option) bool { return true })
		evs = h.Since()
		assert.NotEmpty(t, fdtest.Kinds(evs, "debris"), "a sticker at every stop")
		// then one gear down a play; gas may skip (AMB-26)
		h.Expect(2, fd.DecideGear)
		assert.Equal(t, []int{3, 2, 1}, h.Gears())
		assert.Equal(t, fd.Wear{fd.Gearbox: 1}, h.GearOption(2).Cost)
	})
}

// R17: dangerous spaces. Stickers across level 7 of the long straight.
func TestFDRDangerousSpaces(t *testing.T) {
	c := fdtest.FDRLab(t)
	stickers := []string{"long.7.0", "long.7.1", "long.7.2"}
	for _, tc := range []struct {
		name     string
		wx       fd.WeatherState
		handling int
		roll     int
		lost     bool
	}{
		{"dry: 4 fails", fd.Fine, 2, 4, true},
		{"dry: 5 holds", fd.Fine, 2, 5, false},
		{"wet: 5 fails", fd.Wet, 2, 5, true},
		{"the last point: removed, no new sticker (R17.3)", fd.Fine, 1, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car := fdtest.FDRAt("long.5.1", 2)
			car.Wear[fd.Handling] = tc.handling
			h := fdrStart(t, c, tc.wx, []fdtest.CarAt{car}, stickers)
			h.Gear(2, 3)
			assert.Equal(t, 1, h.Option("long.8.1", 3).Dangerous)
			h.Move("long.8.1", tc.roll)
			evs := h.Since()
			assert.Contains(t, evs, fmt.Sprintf("roll play=1 car=1 for=handling n=0 die=black value=%d", tc.roll))
			want := tc.handling
			if tc.lost {
				want--
			}
			assert.Equal(t, want, h.Car(1).Wear[fd.Handling])
			if want == 0 {
				assert.Contains(t, evs, "removed car=1")
				assert.Empty(t, fdtest.Kinds(evs, "debris"))
			}
		})
	}
	t.Run("a longer way round is legal (R17.4)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.5.1", 2)}, []string{"long.7.1"})
		h.Gear(2, 3)
		assert.Zero(t, h.Option("long.8.1", 3).Dangerous)
	})
	t.Run("staying in 1st or 2nd: no test (R11.4, R17.5)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.7.1", 1)}, stickers)
		h.Gear(1, 2)
		op := h.Option("long.7.1", 0)
		assert.Equal(t, 2, op.Braked)
		assert.Zero(t, op.Dangerous)
		h.Move("long.7.1")
		for _, e := range fdtest.Kinds(h.Since(), "roll") {
			assert.NotContains(t, e, "handling")
		}
	})
	t.Run("staying is for 1st and 2nd only (R11.4)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.7.1", 3)}, nil)
		h.Gear(3, 4)
		assert.False(t, h.HasEnd("long.7.1"))
	})
}

// R18, T7: slipstreams. The follower ends on long.21.1 directly behind the
// car on long.22.1.
func TestFDRSlipstream(t *testing.T) {
	c := fdtest.FDRLab(t)
	roll := map[int]int{4: 10, 5: 11, 6: 21}
	from := map[int]string{4: "long.11.1", 5: "long.10.1", 6: "long.0.1"}
	// without a slipstream the move ends behind the car: the collision
	// rolls (and any roll the next play starts with) follow
	slip := func(t *testing.T, gear int, lead fdtest.CarAt, after ...int) *fdtest.Harness {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt(from[gear], gear).WithLaps(1), lead}, nil)
		h.Gear(gear, roll[gear])
		h.MoveN("long.21.1", roll[gear], after...)
		return h
	}
	offered := func(h *fdtest.Harness) bool {
		d := h.G.Pending()
		return d != nil && d.Kind == fd.DecideSlipstream && d.Car == 1
	}
	t.Run("T7", func(t *testing.T) {
		for _, b := range []int{4, 5, 6} {
			for _, a := range []int{3, 4, 5, 6} {
				want := a >= 4 && b >= a
				var after []int
				if !want {
					after = []int{20, 20}
				}
				h := slip(t, b, fdtest.FDRAt("long.22.1", a), after...)
				assert.Equal(t, want, offered(h), "follower %d, leader %d", b, a)
			}
		}
	})
	for _, tc := range []struct {
		name  string
		lead  fdtest.CarAt
		want  bool
		after []int
	}{
		// collision tests, then the spun car's restart roll
		{"not behind a spun-out car (R18.11)", fdtest.FDRAt("long.22.1", 4).WithFlags("spun"), false, []int{20, 20, 1}},
		// collision tests; the car is then removed at its turn
		{"not behind a car in inertia (R18.11)", func() fdtest.CarAt { p := fdtest.FDRAt("long.22.1", 4); p.Inertia = "moved"; return p }(), false, []int{20, 20}},
		{"behind a car whose engine just blew (R16.6)", func() fdtest.CarAt { p := fdtest.FDRAt("long.22.1", 5); p.Inertia = "pending"; return p }(), true, nil},
		// a wreck does not roll for itself (AMB-22)
		{"not behind a wreck (AMB-35)", func() fdtest.CarAt {
			p := fdtest.FDRAt("long.22.1", 4).WithFlags("wreck")
			p.Status, p.Reason = fd.Eliminated, fd.ReasonCollision
			return p
		}(), false, []int{20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := slip(t, 5, tc.lead, tc.after...)
			assert.Equal(t, tc.want, offered(h))
		})
	}
	t.Run("+3 spaces, all of them (R18.3, R18.5)", func(t *testing.T) {
		h := slip(t, 5, fdtest.FDRAt("long.22.1", 4))
		for _, op := range h.Pending().Options {
			if op.Stop {
				continue
			}
			assert.Equal(t, 3, len(op.Path)+op.Braked, "%s", h.Name(op.End))
		}
		op := h.Pick(func(op fd.Option) bool { return !op.Stop && op.Braked == 0 && len(op.Path) == 3 })
		assert.Contains(t, h.Since(), fmt.Sprintf("slipstream car=1 path=%s braked=0 blocked=0", h.G.SpaceNames(op.Path)))
	})
	t.Run("into a corner: 1 brake point (R18.7)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.20.1", 5).WithLaps(1), fdtest.FDRAt("long.32.1", 5)}, nil)
		h.Gear(5, 11)
		h.MoveN("long.31.1", 11)
		ops := h.Find(func(op fd.Option) bool { return !op.Stop && op.Braked == 0 })
		require.NotEmpty(t, ops)
		for _, op := range ops {
			assert.Equal(t, 1, op.SlipBrake)
			assert.Equal(t, 1, op.Cost[fd.Brakes])
		}
		h.Pick(func(op fd.Option) bool { return !op.Stop && op.Braked == 0 })
		assert.Contains(t, fdtest.WithoutCause(h.Since()), "wear car=1 brakes=-1")
	})
	t.Run("into a corner without brakes: none (AMB-34)", func(t *testing.T) {
		car := fdtest.FDRAt("long.20.1", 5).WithLaps(1)
		car.Wear[fd.Brakes] = 0
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car, fdtest.FDRAt("long.32.1", 5)}, nil)
		h.Gear(5, 11)
		h.MoveN("long.31.1", 11, 20, 20)
		assert.False(t, offered(h))
	})
	t.Run("a slide after the slipstream (R18.15)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Wet, []fdtest.CarAt{fdtest.FDRAt("long.20.1", 5).WithLaps(1).WithTyre(fd.RainTyre, 0), fdtest.FDRAt("long.32.1", 5)}, nil)
		h.Gear(5, 11)
		h.MoveN("long.31.1", 11)
		ops := h.Find(func(op fd.Option) bool { return !op.Stop && op.Braked == 0 })
		require.NotEmpty(t, ops)
		for _, op := range ops {
			assert.Equal(t, 1, op.Slide)
			assert.Len(t, op.Path, 4)
		}
	})
	t.Run("no slipstream after braking (R11.5)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.10.1", 5).WithLaps(1), fdtest.FDRAt("long.21.1", 4)}, nil)
		h.Gear(5, 11)
		h.MoveN("long.20.1", 10, 20, 20)
		assert.False(t, offered(h))
	})
}

// R19: pit stops. Car 1's pit is box.1, entered from pit.1 (home.1.0 is
// the entry); box.1 leads to pit.3.
func TestFDRPits(t *testing.T) {
	c := fdtest.FDRLab(t)
	toBox := func(t *testing.T, car fdtest.CarAt, rolls ...int) *fdtest.Harness {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car, fdtest.FDRAt("long.20.1", 2)}, nil)
		h.Gear(2, 4)
		op := h.Option("box.1", 3)
		assert.True(t, op.Pit)
		h.Move("box.1", rolls...)
		return h
	}
	t.Run("closed at the start and on the last lap (R19.6)", func(t *testing.T) {
		for _, car := range []fdtest.CarAt{
			{Space: "home.0.0", Gear: 2, Wear: FDRDefaultBuild(), Flags: []string{"started"}},
			fdtest.FDRAt("home.0.0", 2).WithLaps(2),
		} {
			h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{car}, nil)
			h.Gear(2, 4)
			assert.Empty(t, h.Find(func(op fd.Option) bool { return op.Pit }))
		}
	})
	t.Run("EX-C-30 quick stop: 7 → 4 spaces in 4th, no +1", func(t *testing.T) {
		h := toBox(t, fdtest.FDRAt("home.0.0", 2).WithLaps(1).WithTyre(fd.Soft, 1))
		d := h.Expect(1, fd.DecidePit)
		// the tyre type first (R19.14), then the kind of stop
		var soft fd.Option
		for _, op := range d.Options {
			if op.Tyre == fd.Soft && !op.Technical {
				soft = op
			}
		}
		h.Submit(fd.Order{Car: 1, Letter: soft.Letter}, 7)
		evs := h.Since()
		assert.Contains(t, evs, "pit-stop car=1 tyres=0 type=soft")
		assert.Contains(t, evs, "pit-quick car=1 spaces=4 gear=4 from=2")
		d = h.Expect(1, fd.DecideMove)
		assert.Equal(t, 4, d.Distance)
		assert.Empty(t, h.Find(func(op fd.Option) bool { return op.Bonus }), "no +1 (R19.16)")
		assert.NotEmpty(t, h.Find(func(op fd.Option) bool { return op.Braked > 0 }), "brakes allowed (R19.16)")
		h.MoveN("pit.6", 4)
		assert.Equal(t, 4, h.Car(1).Gear)
		assert.Equal(t, 0, h.Car(1).TyreAge)
		// car 2 plays; then car 1: normal shifting from 4th, 4→2 costs 1
		// gas, no 1st before the pit-lane exit (R19.8)
		h.Gear(2, 3)
		h.MoveN("long.23.1", 3)
		h.Expect(1, fd.DecideGear)
		assert.Equal(t, []int{5, 4, 3, 2}, h.Gears())
		assert.Equal(t, fd.Wear{fd.Gearbox: 1}, h.GearOption(2).Cost)
	})
	t.Run("EX-C-30 quick stop: 10 → 5 spaces", func(t *testing.T) {
		h := toBox(t, fdtest.FDRAt("home.0.0", 2).WithLaps(1))
		h.Submit(fd.Order{Car: 1, Letter: "A"}, 10)
		assert.Equal(t, 5, h.Expect(1, fd.DecideMove).Distance)
	})
	t.Run("EX-C-30 quick stop missed: 11, then 2nd–4th (R19.15, AMB-36)", func(t *testing.T) {
		h := toBox(t, fdtest.FDRAt("home.0.0", 2).WithLaps(1))
		h.Submit(fd.Order{Car: 1, Letter: "A"}, 11)
		assert.Contains(t, h.Since(), "pit-slow car=1")
		assert.Equal(t, "box.1", h.Space(1))
		h.Gear(2, 2)
		h.MoveN("long.22.1", 2)
		h.Expect(1, fd.DecideGear)
		assert.Equal(t, []int{4, 3, 2}, h.Gears())
		for _, g := range []int{4, 3, 2} {
			assert.Zero(t, h.GearOption(g).Cost)
		}
	})
	t.Run("long stop: repairs from the pit points (R19.17, AMB-39)", func(t *testing.T) {
		car := fdtest.FDRAt("home.0.0", 2).WithLaps(1)
		car.Wear = fd.Wear{3, 1, 1, 1, 1, 2}
		car.Config, car.Pit = FDRDefaultBuild(), 2
		h := toBox(t, car)
		d := h.Expect(1, fd.DecidePit)
		var long fd.Option
		for _, op := range d.Options {
			if op.Tyre == fd.Hard && op.Technical && op.Repair == (fd.Wear{fd.Body: 1, fd.Engine: 1}) {
				long = op
			}
			total := 0
			for _, n := range op.Repair {
				total += n
			}
			assert.LessOrEqual(t, total, 2, "at most the pit points")
			assert.Zero(t, op.Repair[fd.Tyres])
			assert.LessOrEqual(t, op.Repair[fd.Handling], 0, "handling is intact")
		}
		require.True(t, long.Technical)
		h.Submit(fd.Order{Car: 1, Letter: long.Letter})
		assert.Equal(t, "9/1/1/2/2/2", h.Wear(1))
		assert.Zero(t, h.G.PitPool(1))
		assert.Contains(t, h.Since(), "pit-long car=1 pit=0")
		assert.True(t, h.Car(1).SlowStop)
	})
	t.Run("the gear that reaches the pit (R19.7, AMB-37)", func(t *testing.T) {
		cars := []fdtest.CarAt{fdtest.FDRAt("long.2.1", 2), fdtest.FDRAt("long.4.1", 2), fdtest.FDRAt("long.6.1", 2), fdtest.FDRAt("long.8.1", 2), fdtest.FDRAt("long.10.1", 2)}
		for _, tc := range []struct {
			gear int
			want []int
			roll int // a single gear is engaged at once
		}{{1, []int{2}, 2}, {2, []int{3}, 4}, {3, []int{4, 3}, 0}} {
			six := fdtest.FDRAt("pit.1", tc.gear).WithLaps(1).WithFlags("pitting") // box.6 is 6 spaces on
			var rolls []int
			if tc.roll > 0 {
				rolls = append(rolls, tc.roll)
			}
			h := fdrStart(t, c, fd.Fine, append(append([]fdtest.CarAt(nil), cars...), six), nil, rolls...)
			if tc.roll > 0 {
				assert.Contains(t, h.Since(), fmt.Sprintf("gear car=6 from=%d to=%d", tc.gear, tc.want[0]))
				continue
			}
			h.Expect(6, fd.DecideGear)
			assert.Equal(t, tc.want, h.Gears(), "from gear %d", tc.gear)
		}
	})
}

// R6.6–R6.10, R19.19, AMB-15, AMB-40, AMB-41: the order of play.
func TestFDROrderOfPlay(t *testing.T) {
	c := fdtest.FDRLab(t)
	round := func(h *fdtest.Harness) string { return fdtest.Kinds(h.Since(), "round")[0] }
	for _, tc := range []struct {
		name string
		cars []fdtest.CarAt
		want string
	}{
		{"position first (R6.6)", []fdtest.CarAt{fdtest.FDRAt("long.5.1", 2), fdtest.FDRAt("long.9.1", 2)}, "round n=2 order=2,1"},
		{"same level: the higher gear (R6.8)", []fdtest.CarAt{fdtest.FDRAt("long.5.1", 2), fdtest.FDRAt("long.5.0", 3)}, "round n=2 order=2,1"},
		{"same level and gear: who arrived first (R6.8)", []fdtest.CarAt{fdtest.FDRAt("long.5.1", 2).WithArrival(9), fdtest.FDRAt("long.5.0", 2).WithArrival(4)}, "round n=2 order=2,1"},
		{"a spun-out car after the other (AMB-15)", []fdtest.CarAt{fdtest.FDRAt("long.5.1", 5).WithFlags("spun"), fdtest.FDRAt("long.5.0", 1)}, "round n=2 order=2,1"},
		{"a car stalled at the start after the other (R9.4)", []fdtest.CarAt{{Space: "home.5.1", Gear: 0, Wear: FDRDefaultBuild(), Flags: []string{"started", "stalled"}}, {Space: "home.5.0", Gear: 1, Wear: FDRDefaultBuild(), Flags: []string{"started"}}}, "round n=2 order=2,1"},
		{"near the pits (R19.19): past the limit, the pit lane (lane before pit), then the rest",
			[]fdtest.CarAt{fdtest.FDRAt("home.0.1", 2), fdtest.FDRAt("home.1.1", 2), fdtest.FDRAt("box.1", 2).WithFlags("slow-stop"), fdtest.FDRAt("pit.2", 2).WithFlags("pitting"), fdtest.FDRAt("home.2.0", 2), fdtest.FDRAt("long.20.1", 2).WithLaps(1)},
			"round n=2 order=6,5,4,3,2,1"},
		{"a car in the pit lane counts as at the limit: it does not lead a track car past it (AMB-41)",
			[]fdtest.CarAt{fdtest.FDRAt("pit.2", 2).WithFlags("pitting"), fdtest.FDRAt("home.2.0", 2)},
			"round n=2 order=2,1"},
		{"a lapped car just in front of the leader plays last (R6.10)",
			[]fdtest.CarAt{fdtest.FDRAt("long.10.1", 2).WithLaps(2), fdtest.FDRAt("long.12.1", 2).WithLaps(1), fdtest.FDRAt("long.5.1", 2).WithLaps(1)},
			"round n=2 order=1,3,2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrStart(t, c, fd.Fine, tc.cars, nil)
			assert.Equal(t, tc.want, round(h))
		})
	}
	t.Run("lapped: one play fewer when the leader passes it (EX-C-06, AMB-40)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.10.1", 3).WithLaps(2), fdtest.FDRAt("long.12.1", 2).WithLaps(1), fdtest.FDRAt("long.5.1", 2).WithLaps(1)}, nil)
		h.Gear(3, 6)
		h.MoveN("long.16.1", 6) // the leader passes car 2
		h.Gear(2, 2)
		h.MoveN("long.7.1", 2) // car 3; then the round ends before car 2 plays
		evs := h.Since()
		assert.Equal(t, []string{"turn play=1 car=1", "turn play=2 car=3", "turn play=3 car=1"}, fdtest.Kinds(evs, "turn"))
		assert.Contains(t, evs, "round n=3 order=1,2,3")
	})
	t.Run("lapped: the play back when it passes the leader (R6.10)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.20.1", 1).WithLaps(2), fdtest.FDRAt("long.10.1", 4).WithLaps(1)}, nil)
		h.Gear(1, 1)
		h.MoveN("long.21.1", 1)
		h.Gear(4, 12)
		h.MoveN("long.22.1", 12) // car 2 passes the leader: it plays again
		h.Gear(4, 7)
		h.MoveN("long.29.1", 7)
		evs := h.Since()
		assert.Equal(t, []string{"turn play=1 car=1", "turn play=2 car=2", "turn play=3 car=2", "turn play=4 car=1"}, fdtest.Kinds(evs, "turn"))
	})
}

// R3.3–R3.6, T11, AMB-29, EX-C-32: race weather tests at the end of the
// round, two equal results in a row final. The lab table: sun 1–12,
// changeable 13–16, rain 17–20.
func TestFDRWeather(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		name       string
		wx         fd.WeatherState
		last       string
		test       int
		want       fd.WeatherState
		final      bool
		noTestRoll bool
	}{
		{"sun dries the track, temporary", fd.ChangeableWet, "", 5, fd.Overcast, false, false},
		{"rain wets it, temporary", fd.Overcast, "sun", 18, fd.ChangeableWet, false, false},
		{"changeable keeps the track (R3.6)", fd.ChangeableWet, "rain", 14, fd.ChangeableWet, false, false},
		{"sun after changeable: not final", fd.Overcast, "changeable", 3, fd.Overcast, false, false},
		{"sun after sun: final", fd.Overcast, "sun", 3, fd.Fine, true, false},
		{"rain after rain: final", fd.ChangeableWet, "rain", 20, fd.Wet, true, false},
		{"final: no more tests", fd.Fine, "sun", 0, fd.Fine, true, true},
		{"race rain: no tests (R3.3)", fd.Wet, "", 0, fd.Wet, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fd.Position{Round: 1, Weather: tc.wx, WeatherTest: tc.last, Cars: fdrCars(fdtest.FDRAt("c.0.1", 5), fdtest.FDRAt("long.2.1", 2))}
			h := fdtest.StartPosition(t, c, FDRConfig(), p)
			h.Gear(5, 20)
			h.MoveN("c.20.1", 20, 20) // the engine test
			h.Gear(2, 2)
			var rolls []int
			if !tc.noTestRoll {
				rolls = append(rolls, tc.test)
			}
			h.Submit(fd.Order{Car: 2, Letter: h.Option("long.4.1", 2).Letter}, rolls...)
			evs := h.Since()
			assert.Equal(t, tc.want, h.G.Weather())
			assert.Equal(t, tc.final, !h.G.Weather().Changeable())
			if tc.noTestRoll {
				assert.Empty(t, fdtest.Kinds(evs, "weather"))
			} else {
				assert.Len(t, fdtest.Kinds(evs, "weather"), 1)
				// rolled at the end of the round, after car 2's play
				i, j := -1, -1
				for k, e := range evs {
					if strings.HasPrefix(e, "move car=2") {
						i = k
					}
					if strings.HasPrefix(e, "weather ") {
						j = k
					}
				}
				assert.Less(t, i, j)
			}
		})
	}
	t.Run("EX-C-32: changeable, wet start; sun, changeable, sun, sun: final", func(t *testing.T) {
		results := []int{5, 14, 6, 7}
		wx := fd.ChangeableWet
		last := ""
		var states []fd.WeatherState
		for _, r := range results {
			p := fd.Position{Round: 1, Weather: wx, WeatherTest: last, Cars: fdrCars(fdtest.FDRAt("c.0.1", 5))}
			h := fdtest.StartPosition(t, c, FDRConfig(), p)
			h.Gear(5, 20)
			h.MoveN("c.20.1", 20, 20, r)
			wx, last = h.G.Weather(), h.G.Position().WeatherTest
			states = append(states, wx)
		}
		assert.Equal(t, []fd.WeatherState{fd.Overcast, fd.Overcast, fd.Overcast, fd.Fine}, states)
	})
}

// R12.11: a slipstream whose third space is blocked is still offered; the
// space not driven counts toward the blocking k, paid as R12 says.
func TestFDRR12_11BlockedSlipstream(t *testing.T) {
	c := fdtest.FDRLab(t)
	// car 1 ends behind car 2 on long.21.1; cars 3–5 fill level 24
	cars := []fdtest.CarAt{fdtest.FDRAt("long.10.1", 5).WithLaps(1), fdtest.FDRAt("long.22.1", 4), fdtest.FDRAt("long.24.0", 3), fdtest.FDRAt("long.24.1", 3), fdtest.FDRAt("long.24.2", 3)}
	h := fdrStart(t, c, fd.Fine, cars, nil)
	h.Gear(5, 11)
	h.MoveN("long.21.1", 11)
	d := h.Expect(1, fd.DecideSlipstream)
	blocked := h.Find(func(op fd.Option) bool { return !op.Stop && op.Blocked == 1 && op.Braked == 0 })
	require.Len(t, blocked, 3, h.Describe(d))
	for _, op := range blocked {
		assert.Len(t, op.Path, 2, "two spaces driven, the third blocked")
		assert.Equal(t, fd.Wear{fd.Brakes: 1}, op.Cost, "k=1 (R12)")
	}
	h.Submit(fd.Order{Car: 1, Letter: blocked[1].Letter}, 20, 20, 20, 20, 20, 20) // contact with cars 3–5 (AMB-21)
	evs := h.Since()
	assert.Contains(t, evs, "slipstream car=1 path=long.22.0,long.23.1 braked=0 blocked=1")
	assert.Equal(t, 2, h.Car(1).Wear[fd.Brakes])
}

// AMB-17, AMB-48: a missed deadline takes the digest's defaults, not the
// autopilot's choice.
func TestFDRAMB17TimeoutDefaults(t *testing.T) {
	c := fdtest.FDRLab(t)
	wall := []fdtest.CarAt{fdtest.FDRAt("long.10.1", 3).WithLaps(1).WithPoints(fd.Tyres, 1), fdtest.FDRAt("long.12.0", 2), fdtest.FDRAt("long.12.1", 2), fdtest.FDRAt("long.12.2", 2)}
	t.Run("a blocked move: a spin rather than an elimination (AMB-17)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, wall, nil)
		h.Gear(3, 5) // 1 free, 4 short: 3 brakes and the last tyre point spin the car; braking first cannot be paid
		d := h.Expect(1, fd.DecideMove)
		o, ok := fd.TimeoutFor(h.G, 1)
		require.True(t, ok)
		var chosen fd.Option
		for _, op := range d.Options {
			if op.Letter == o.Letter {
				chosen = op
			}
		}
		assert.True(t, chosen.Spin, h.Describe(d))
		assert.False(t, chosen.Eliminated, "braking first would be cheaper but eliminates")
	})
	// The ordering itself, on a list no race offers at once: fdr's
	// timeoutMove, which TimeoutFor answers a move with (the blocked move
	// above goes through TimeoutFor).
	t.Run("then no spin, the fewest points, the farthest (AMB-17)", func(t *testing.T) {
		path := func(n int) []tracks.SpaceID { return make([]tracks.SpaceID, n) }
		letter := timeoutMove([]fd.Option{
			{Letter: "A", Path: path(6), Eliminated: true},
			{Letter: "B", Path: path(5), Spin: true, Cost: fd.Wear{fd.Tyres: 1}},
			{Letter: "C", Path: path(2), Cost: fd.Wear{fd.Brakes: 3}},
			{Letter: "D", Path: path(4), Cost: fd.Wear{fd.Brakes: 1, fd.Tyres: 2}},
			{Letter: "E", Path: path(1), Cost: fd.Wear{fd.Brakes: 2}},
			{Letter: "F", Path: path(3), Cost: fd.Wear{fd.Tyres: 2}},
		})
		assert.Equal(t, "F", letter, "2 points, 3 spaces: fewer points than C and D, farther than E")
	})
	// A car played into the box: the stop offers both tyres quick and the
	// fitted one with a long stop too; the default is the fitted tyre's
	// quick stop.
	t.Run("tyres at a pit stop: unchanged (AMB-48)", func(t *testing.T) {
		for _, fitted := range []fd.Tyre{fd.Soft, fd.Hard} {
			h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("home.0.0", 2).WithLaps(1).WithTyre(fitted, 1), fdtest.FDRAt("long.20.1", 2)}, nil)
			h.Gear(2, 3)
			h.Move("box.1")
			d := h.Expect(1, fd.DecidePit)
			want, quick, longFitted := "", map[fd.Tyre]bool{}, false
			for _, op := range d.Options {
				if !op.Technical {
					quick[op.Tyre] = true
				}
				if op.Tyre == fitted {
					if op.Technical {
						longFitted = true
					} else {
						require.Empty(t, want, "one quick stop on the fitted tyre: %s", h.Describe(d))
						want = op.Letter
					}
				}
			}
			require.True(t, quick[fd.Soft] && quick[fd.Hard] && longFitted, "a choice to make: %s", h.Describe(d))
			o, ok := fd.TimeoutFor(h.G, 1)
			require.True(t, ok)
			assert.Equal(t, want, o.Letter, "fitted %s: %s", fitted, h.Describe(d))
		}
	})
}

// R1.14: an official adjusts the final classification; the change is a
// record line, and the record replays to the same classification.
func TestFDRR1_14AdjustClassification(t *testing.T) {
	c := fdtest.Track(t, "test-oval")
	cfg := FDRConfig()
	cfg.Laps = 1
	g, rec, err := fd.Simulate(cfg, c, "test-oval", 3, fd.SeedFrom("adjust"))
	require.NoError(t, err)
	require.True(t, g.Over)
	before := g.Results()
	last := before[2].Car
	require.ErrorIs(t, g.Adjust(last, 4, ""), fd.ErrIllegal, "3 cars: no 4th place")
	require.NoError(t, g.Adjust(last, 1, "teammates at different tables"))
	after := g.Results()
	assert.Equal(t, []int{last, before[0].Car, before[1].Car}, []int{after[0].Car, after[1].Car, after[2].Car})
	assert.Equal(t, []int{1, 2, 3}, []int{after[0].Place, after[1].Place, after[2].Place})
	assert.Equal(t, "teammates at different tables", after[0].Adjusted)
	assert.Empty(t, after[1].Adjusted)
	lastEv := g.Events[len(g.Events)-1].String()
	assert.Equal(t, `classification car=`+strconv.Itoa(last)+` place=1 reason="teammates at different tables"`, lastEv)
	rec.Events = g.Events
	back, err := fd.Replay(rec, c)
	require.NoError(t, err)
	assert.Equal(t, after, back.Results())
	// not before the end of the race
	g2, err := fd.NewGame("t", cfg, c, 2)
	require.NoError(t, err)
	require.NoError(t, g2.Start(dice.NewSeeded(fd.SeedFrom("x"))))
	assert.ErrorIs(t, g2.Adjust(1, 2, ""), fd.ErrIllegal)
}

package fdr

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The derived scenarios EX-C-30 to EX-C-36 of fd-competition-rules.md §5,
// one test each, on the lab circuit (harness_test.go).

// EX-C-30 — Quick stop (R19.15, R19.16, T9).
func TestEXC30QuickStop(t *testing.T) {
	c := fdrLabCircuit(t)
	arrive := func(t *testing.T) *fdrHarness {
		h := fdrStart(t, c, fd.Fine, []fdrCar{fdrCarAt("home.0.0", 2).laps(1), fdrCarAt("long.20.1", 2)}, nil)
		h.gear(2, 3)
		h.move("box.1")
		h.expect(1, fd.DecidePit)
		return h
	}
	quick := func(h *fdrHarness, tyre fd.Tyre, roll int) {
		for _, op := range h.pending().Options {
			if op.Tyre == tyre && !op.Technical {
				h.submit(fd.Order{Car: 1, Letter: op.Letter}, roll)
				return
			}
		}
		h.t.Fatal("no quick stop offered")
	}
	t.Run("7: 4 spaces in 4th, no +1, brakes allowed", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 7)
		d := h.expect(1, fd.DecideMove)
		assert.Equal(t, 4, d.Distance)
		assert.Equal(t, 4, h.car(1).Gear)
		assert.Empty(t, h.find(func(op fd.Option) bool { return op.Bonus }))
		assert.NotEmpty(t, h.find(func(op fd.Option) bool { return op.Braked > 0 }))
	})
	t.Run("10: 5 spaces", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 10)
		assert.Equal(t, 5, h.expect(1, fd.DecideMove).Distance)
	})
	t.Run("11: missed, stays; next play 2nd–4th", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 11)
		assert.Equal(t, "box.1", h.space(1))
		h.gear(2, 2)
		h.moveN("long.22.1", 2)
		assert.Equal(t, []int{4, 3, 2}, h.gears())
	})
	t.Run("after a success, 4→2 costs 1 gas", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 7)
		h.moveN("pit.6", 4)
		h.gear(2, 2)
		h.moveN("long.22.1", 2)
		assert.Equal(t, fd.Wear{fd.Gearbox: 1}, h.gearOption(2).Cost)
	})
}

// EX-C-31 — Spin-out sequence, hard tyres, dry track (R10.9, R10.10,
// R10.14).
func TestEXC31SpinSequence(t *testing.T) {
	c := fdrLabCircuit(t)
	over := func(n int) func(fd.Option) bool {
		return func(op fd.Option) bool { return op.Overshoot == n && op.Braked == 0 }
	}
	// 1. tyres 2, brakes 0, overshoot 2: tyres 0, a spin; 1st at the end
	// of the round; aggravated tests and no slipstream until then
	car := fdrCarAt("long.31.0", 3)
	car.Wear[fd.Tyres], car.Wear[fd.Brakes] = 2, 0
	h := fdrStart(t, c, fd.Fine, []fdrCar{car, fdrCarAt("long.5.1", 2)}, nil)
	h.gear(3, 8)
	h.pick(over(2))
	assert.Equal(t, 0, h.car(1).Wear[fd.Tyres])
	assert.True(t, h.car(1).Spun)
	assert.Equal(t, 3, h.car(1).Gear)
	h.gear(2, 2)
	// 2. its next play: black die 1, a stall; the next play 1st, no roll
	h.moveN("long.7.1", 2, 1)
	assert.Contains(t, h.since(), "restart car=1 result=stall")
	assert.Equal(t, 1, h.car(1).Gear)
	h.gear(2, 2)
	h.moveN("long.9.1", 2, 2)
	assert.Empty(t, fdrKinds(h.since(), "restart"))
	// 3. same set, overshoot 1: T = 0, C = 1: a second spin
	car = fdrCarAt("long.31.0", 3)
	car.Wear[fd.Tyres], car.Wear[fd.Brakes] = 0, 0
	h = fdrStart(t, c, fd.Fine, []fdrCar{car, fdrCarAt("long.5.1", 2)}, nil)
	h.gear(3, 7)
	h.pick(over(1))
	assert.True(t, h.car(1).Spun)
	// 4. overshoot 2 with no brakes: eliminated, removed, no sticker
	car.Space = "long.31.0"
	h = fdrStart(t, c, fd.Fine, []fdrCar{car, fdrCarAt("long.5.1", 2)}, nil)
	h.gear(3, 8)
	h.pick(over(2))
	assert.Equal(t, fd.Eliminated, h.car(1).Status)
	assert.Equal(t, fd.ReasonOvershoot, h.car(1).EliminationReason())
	assert.Empty(t, h.debris())
}

// EX-C-32 — Changeable weather evolution (R3.4–R3.6, T11).
func TestEXC32ChangeableWeather(t *testing.T) {
	c := fdrLabCircuit(t)
	// the race roll was changeable after a rain session: wet (R3.4);
	// tests give sun, changeable, sun, sun
	wx, last := fd.ChangeableWet, ""
	var got []string
	for _, r := range []int{5, 14, 6, 7} {
		h := fdrStartCfg(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, WeatherTest: last, Cars: fdrCars(fdrCarAt("c.0.1", 5))})
		h.gear(5, 20)
		h.moveN("c.20.1", 20, 20, r)
		wx, last = h.g.Weather(), h.g.Position().WeatherTest
		got = append(got, wx.String())
	}
	assert.Equal(t, []string{"changeable", "changeable", "changeable", "fine"}, got, "dry, dry, dry (not final), final")
	// later 20s and 30s call engine tests but no weather test
	h := fdrStartCfg(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, WeatherTest: last, Cars: fdrCars(fdrCarAt("c.0.1", 5))})
	h.gear(5, 20)
	h.moveN("c.20.1", 20, 20)
	evs := h.since()
	assert.Contains(t, evs, "engine-test car=1")
	assert.Empty(t, fdrKinds(evs, "weather"))
}

// EX-C-33 — Engine-test cascade (R16.1–R16.5, R10.13, R19.3).
func TestEXC33EngineCascade(t *testing.T) {
	c := fdrLabCircuit(t)
	p := fdrCarAt("c.2.1", 6).laps(1)
	p.Wear[fd.Engine] = 1
	tt := fdrCarAt("c.0.0", 5).laps(1).flag("spun")
	tt.Wear[fd.Engine] = 1
	cars := []fdrCar{
		fdrCarAt("c.20.2", 5).laps(1),        // 1 Q
		fdrCarAt("c.10.0", 4).laps(1),        // 2 S
		p,                                    // 3 P
		tt,                                   // 4 T
		fdrCarAt("pit.3", 6).flag("pitting"), // 5 R
	}
	h := fdrStart(t, c, fd.Overcast, cars, nil)
	h.gear(5, 19)
	h.moveN("c.39.2", 19)
	h.gear(4, 7)
	h.moveN("c.17.0", 7)
	h.gear(6, 30)
	h.since()
	h.moveN("c.32.1", 30, 4, 2, 3) // Q fails, P fails (its last), T fails (its last)
	evs := h.since()
	var rollers []string
	for _, e := range fdrKinds(evs, "roll") {
		rollers = append(rollers, strings.Fields(e)[2])
	}
	assert.Equal(t, []string{"car=1", "car=3", "car=4"}, rollers[:3], "Q, P, T; R exempt, S in 4th")
	assert.Equal(t, 1, h.car(1).Wear[fd.Engine])
	// P: sticker; next play, inertia in 4th
	assert.Contains(t, evs, "engine-blown car=3 inertia=single")
	assert.Contains(t, h.debris(), "c.32.1")
	// T: no inertia, removed at once (FR)
	assert.Contains(t, evs, "removed car=4")
	// changeable and not final: one weather test at the end of the round
	assert.Equal(t, 1, fdrRaceState(h.g).wxPending)
	h.expect(5, fd.DecideGear)
}

// EX-C-34 — Required-stop accounting (R10.1, R10.3, R7.2).
func TestEXC34RequiredStops(t *testing.T) {
	c := fdrLabCircuit(t)
	for _, tc := range []struct {
		corner   string // where the car stands, near the exit
		required int
		stops    int
		want     string // overshoot | eliminated | normal
	}{
		{"one.5.0", 1, 0, "overshoot"},
		{"two.5.0", 2, 1, "overshoot"},
		{"two.5.0", 2, 0, "eliminated"},
		{"three.5.0", 3, 2, "overshoot"},
		{"three.5.0", 3, 1, "eliminated"},
		{"three.5.0", 3, 0, "eliminated"},
		{"three.5.0", 3, 3, "normal"},
		{"one.5.0", 1, 1, "normal"},
	} {
		h := fdrStart(t, c, fd.Fine, []fdrCar{fdrCarAt(tc.corner, 2).stops(tc.stops)}, nil)
		h.gear(2, 4)
		ops := h.find(func(op fd.Option) bool { return op.Braked == 0 && len(op.Path) == 4 })
		require.NotEmpty(t, ops)
		for _, op := range ops {
			got := "normal"
			switch {
			case op.Eliminated:
				got = "eliminated"
			case op.Overshoot > 0:
				got = "overshoot"
			}
			assert.Equal(t, tc.want, got, "R=%d stops=%d", tc.required, tc.stops)
		}
	}
}

// EX-C-35 — Configuration validation (R5.2, T10).
func TestEXC35Configurations(t *testing.T) {
	for _, tc := range []struct {
		w   fd.Wear
		pit int
		ok  bool
	}{
		{fd.Wear{9, 3, 2, 2, 2, 2}, 2, true},
		{fd.Wear{10, 4, 2, 2, 2, 2}, 0, true},
		{fd.Wear{9, 4, 2, 2, 2, 2}, 1, true},
		{fd.Wear{11, 4, 0, 2, 2, 2}, 1, false},
		{fd.Wear{10, 4, 2, 2, 2, 2}, 1, false},
		{fd.Wear{9, 3, 2, 2, 2, 1}, 2, false},
	} {
		assert.Equal(t, tc.ok, ValidateFDRSpread(tc.w, tc.pit) == nil, "%v + %d", tc.w, tc.pit)
	}
}

// EX-C-36 — Fatal blocking with aggravated tests (R12.6, R12.7, R14.4).
// X is blocked 7 short behind Y (same lane), Z beside X; W1 and W2 fill
// the other lanes of Y's level; V will later stop behind the wreck.
func TestEXC36FatalBlocking(t *testing.T) {
	c := fdrLabCircuit(t)
	h := fdrStart(t, c, fd.Fine, []fdrCar{
		fdrCarAt("long.10.1", 3).laps(1), // 1 X
		fdrCarAt("long.12.1", 2),         // 2 Y
		fdrCarAt("long.11.0", 2),         // 3 Z
		fdrCarAt("long.12.0", 2),         // 4 W1
		fdrCarAt("long.12.2", 2),         // 5 W2
		fdrCarAt("long.6.1", 2),          // 6 V
	}, nil)
	h.gear(3, 8)
	ops := h.find(func(op fd.Option) bool { return h.name(op.End) == "long.11.1" })
	for _, op := range ops {
		assert.True(t, op.Eliminated, "it cannot pay T5 whatever it brakes")
	}
	// the others roll in track order: W1, W2 (level 12), then Z
	op := h.pick(func(op fd.Option) bool { return h.name(op.End) == "long.11.1" && op.Braked == 0 }, 20, 20, 2)
	assert.Equal(t, 7, op.Blocked)
	evs := h.since()
	// X: eliminated, a sticker under it, stays until its next turn
	assert.Equal(t, fd.ReasonBlocking, h.car(1).EliminationReason())
	assert.True(t, isWreck(h.car(1)))
	assert.Contains(t, h.debris(), "long.11.1")
	// Y: 1 body automatically, a sticker, no test against X
	assert.Equal(t, 1, h.car(2).Wear[fd.Body])
	assert.Contains(t, h.debris(), "long.12.1")
	assert.NotContains(t, strings.Join(evs, "\n"), "contact car=1 with=2")
	// Z: an aggravated test against X, 2 fails
	assert.Contains(t, evs, "contact car=1 with=3 aggravated=true")
	assert.Equal(t, 1, h.car(3).Wear[fd.Body])
	// V later ends behind the wreck before its removal: aggravated too
	h.gear(2, 4)
	h.since()
	h.submit(fd.Order{Car: 6, Letter: h.option("long.10.1", 4).Letter}, 20, 2, 20)
	evs = h.since()
	assert.Contains(t, evs, "contact car=6 with=1 aggravated=true")
	assert.Contains(t, evs, "contact car=6 with=3")
	assert.Equal(t, 1, h.car(6).Wear[fd.Body], "2 fails V's aggravated test against the wreck")
}

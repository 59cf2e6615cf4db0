package fdr

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The derived scenarios EX-C-30 to EX-C-36 of fd-competition-rules.md §5,
// one test each, on the lab circuit (harness_test.go).

// EX-C-30 — Quick stop (R19.15, R19.16, T9).
func TestEXC30QuickStop(t *testing.T) {
	c := fdtest.FDRLab(t)
	arrive := func(t *testing.T) *fdtest.Harness {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("home.0.0", 2).WithLaps(1), fdtest.FDRAt("long.20.1", 2)}, nil)
		h.Gear(2, 3)
		h.Move("box.1")
		h.Expect(1, fd.DecidePit)
		return h
	}
	quick := func(h *fdtest.Harness, tyre fd.Tyre, roll int) {
		for _, op := range h.Pending().Options {
			if op.Tyre == tyre && !op.Technical {
				h.Submit(fd.Order{Car: 1, Letter: op.Letter}, roll)
				return
			}
		}
		h.T.Fatal("no quick stop offered")
	}
	t.Run("7: 4 spaces in 4th, no +1, brakes allowed", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 7)
		d := h.Expect(1, fd.DecideMove)
		assert.Equal(t, 4, d.Distance)
		assert.Equal(t, 4, h.Car(1).Gear)
		assert.Empty(t, h.Find(func(op fd.Option) bool { return op.Bonus }))
		assert.NotEmpty(t, h.Find(func(op fd.Option) bool { return op.Braked > 0 }))
	})
	t.Run("10: 5 spaces", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 10)
		assert.Equal(t, 5, h.Expect(1, fd.DecideMove).Distance)
	})
	t.Run("11: missed, stays; next play 2nd–4th", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 11)
		assert.Equal(t, "box.1", h.Space(1))
		h.Gear(2, 2)
		h.MoveN("long.22.1", 2)
		assert.Equal(t, []int{4, 3, 2}, h.Gears())
	})
	t.Run("after a success, 4→2 costs 1 gas", func(t *testing.T) {
		h := arrive(t)
		quick(h, fd.Soft, 7)
		h.MoveN("pit.6", 4)
		h.Gear(2, 2)
		h.MoveN("long.22.1", 2)
		assert.Equal(t, fd.Wear{fd.Gearbox: 1}, h.GearOption(2).Cost)
	})
}

// EX-C-31 — Spin-out sequence, hard tyres, dry track (R10.9, R10.10,
// R10.14).
func TestEXC31SpinSequence(t *testing.T) {
	c := fdtest.FDRLab(t)
	// 1. tyres 2, brakes 0, overshoot 2: tyres 0, a spin; 1st at the end
	// of the round; aggravated tests and no slipstream until then
	h := beforeCornerOne(t, c, 2, 0)
	h.Gear(3, 8)
	h.Pick(overshootBy(2))
	assert.Equal(t, 0, h.Car(1).Wear[fd.Tyres])
	assert.True(t, h.Car(1).Spun)
	assert.Equal(t, 3, h.Car(1).Gear)
	h.Gear(2, 2)
	// 2. its next play: black die 1, a stall; the next play 1st, no roll
	h.MoveN("long.7.1", 2, 1)
	assert.Contains(t, h.Since(), "restart car=1 result=stall")
	assert.Equal(t, 1, h.Car(1).Gear)
	h.Gear(2, 2)
	h.MoveN("long.9.1", 2, 2)
	assert.Empty(t, fdtest.Kinds(h.Since(), "restart"))
	// 3. same set, overshoot 1: T = 0, C = 1: a second spin
	h = beforeCornerOne(t, c, 0, 0)
	h.Gear(3, 7)
	h.Pick(overshootBy(1))
	assert.True(t, h.Car(1).Spun)
	// 4. overshoot 2 with no brakes: eliminated, removed, no sticker
	h = beforeCornerOne(t, c, 0, 0)
	h.Gear(3, 8)
	h.Pick(overshootBy(2))
	assert.Equal(t, fd.Eliminated, h.Car(1).Status)
	assert.Equal(t, fd.ReasonOvershoot, h.Car(1).EliminationReason())
	assert.Empty(t, h.Debris())
}

// EX-C-32 — Changeable weather evolution (R3.4–R3.6, T11).
func TestEXC32ChangeableWeather(t *testing.T) {
	c := fdtest.FDRLab(t)
	// the race roll was changeable after a rain session: wet (R3.4);
	// tests give sun, changeable, sun, sun
	wx, last := fd.ChangeableWet, ""
	var got []string
	for _, r := range []int{5, 14, 6, 7} {
		h := fdtest.StartPosition(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, WeatherTest: last, Cars: fdrCars(fdtest.FDRAt("c.0.1", 5))})
		h.Gear(5, 20)
		h.MoveN("c.20.1", 20, 20, r)
		wx, last = h.G.Weather(), h.G.Position().WeatherTest
		got = append(got, wx.String())
	}
	assert.Equal(t, []string{"changeable", "changeable", "changeable", "fine"}, got, "dry, dry, dry (not final), final")
	// later 20s and 30s call engine tests but no weather test
	h := fdtest.StartPosition(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, WeatherTest: last, Cars: fdrCars(fdtest.FDRAt("c.0.1", 5))})
	h.Gear(5, 20)
	h.MoveN("c.20.1", 20, 20)
	evs := h.Since()
	assert.Contains(t, evs, "engine-test car=1")
	assert.Empty(t, fdtest.Kinds(evs, "weather"))
}

// EX-C-33 — Engine-test cascade (R16.1–R16.5, R10.13, R19.3).
func TestEXC33EngineCascade(t *testing.T) {
	c := fdtest.FDRLab(t)
	p := fdtest.FDRAt("c.2.1", 6).WithLaps(1)
	p.Wear[fd.Engine] = 1
	tt := fdtest.FDRAt("c.0.0", 5).WithLaps(1).WithFlags("spun")
	tt.Wear[fd.Engine] = 1
	cars := []fdtest.CarAt{
		fdtest.FDRAt("c.20.2", 5).WithLaps(1), // 1 Q
		fdtest.FDRAt("c.10.0", 4).WithLaps(1), // 2 S
		p,                                     // 3 P
		tt,                                    // 4 T
		fdtest.FDRAt("pit.3", 6).WithFlags("pitting"), // 5 R
	}
	h := fdrStart(t, c, fd.Overcast, cars, nil)
	h.Gear(5, 19)
	h.MoveN("c.39.2", 19)
	h.Gear(4, 7)
	h.MoveN("c.17.0", 7)
	h.Gear(6, 30)
	h.Since()
	h.MoveN("c.32.1", 30, 4, 2, 3) // Q fails, P fails (its last), T fails (its last)
	evs := h.Since()
	var rollers []string
	for _, e := range fdtest.Kinds(evs, "roll") {
		rollers = append(rollers, strings.Fields(e)[2])
	}
	assert.Equal(t, []string{"car=1", "car=3", "car=4"}, rollers[:3], "Q, P, T; R exempt, S in 4th")
	assert.Equal(t, 1, h.Car(1).Wear[fd.Engine])
	// P: sticker; next play, inertia in 4th
	assert.Contains(t, evs, "engine-blown car=3 inertia=single")
	assert.Contains(t, h.Debris(), "c.32.1")
	// T: no inertia, removed at once (FR)
	assert.Contains(t, evs, "removed car=4")
	// changeable and not final: one weather test at the end of the round
	assert.Equal(t, 1, fdrRaceState(h.G).wxPending)
	h.Expect(5, fd.DecideGear)
}

// EX-C-34 — Required-stop accounting (R10.1, R10.3, R7.2).
func TestEXC34RequiredStops(t *testing.T) {
	c := fdtest.FDRLab(t)
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
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt(tc.corner, 2).WithStops(tc.stops)}, nil)
		h.Gear(2, 4)
		ops := h.Find(func(op fd.Option) bool { return op.Braked == 0 && len(op.Path) == 4 })
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
	c := fdtest.FDRLab(t)
	h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{
		fdtest.FDRAt("long.10.1", 3).WithLaps(1), // 1 X
		fdtest.FDRAt("long.12.1", 2),             // 2 Y
		fdtest.FDRAt("long.11.0", 2),             // 3 Z
		fdtest.FDRAt("long.12.0", 2),             // 4 W1
		fdtest.FDRAt("long.12.2", 2),             // 5 W2
		fdtest.FDRAt("long.6.1", 2),              // 6 V
	}, nil)
	h.Gear(3, 8)
	ops := h.Find(func(op fd.Option) bool { return h.Name(op.End) == "long.11.1" })
	for _, op := range ops {
		assert.True(t, op.Eliminated, "it cannot pay T5 whatever it brakes")
	}
	// the others roll in track order: W1, W2 (level 12), then Z
	op := h.Pick(func(op fd.Option) bool { return h.Name(op.End) == "long.11.1" && op.Braked == 0 }, 20, 20, 2)
	assert.Equal(t, 7, op.Blocked)
	evs := h.Since()
	// X: eliminated, a sticker under it, stays until its next turn
	assert.Equal(t, fd.ReasonBlocking, h.Car(1).EliminationReason())
	assert.True(t, isWreck(h.Car(1)))
	assert.Contains(t, h.Debris(), "long.11.1")
	// Y: 1 body automatically, a sticker, no test against X
	assert.Equal(t, 1, h.Car(2).Wear[fd.Body])
	assert.Contains(t, h.Debris(), "long.12.1")
	assert.NotContains(t, strings.Join(evs, "\n"), "contact car=1 with=2")
	// Z: an aggravated test against X, 2 fails
	assert.Contains(t, evs, "contact car=1 with=3 aggravated=true")
	assert.Equal(t, 1, h.Car(3).Wear[fd.Body])
	// V later ends behind the wreck before its removal: aggravated too
	h.Gear(2, 4)
	h.Since()
	h.Submit(fd.Order{Car: 6, Letter: h.Option("long.10.1", 4).Letter}, 20, 2, 20)
	evs = h.Since()
	assert.Contains(t, evs, "contact car=6 with=1 aggravated=true")
	assert.Contains(t, evs, "contact car=6 with=3")
	assert.Equal(t, 1, h.Car(6).Wear[fd.Body], "2 fails V's aggravated test against the wreck")
}

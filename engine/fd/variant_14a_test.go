package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// 14-A (league AMB-29), hook KnockRule: car 1 ends on long.5.0 beside car 2
// (long.5.1) and behind car 3 (long.6.0, one body point left). Car 3's
// test eliminates it; the mover loses its automatic body point (R14.6)
// and, under 14-A, still rolls its own test against car 3, then against
// car 2 — without 14-A only against car 2.
func TestVariant14AAntiStockCar(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		variant  bool
		rolls    []int // car 3, car 2, then the mover's
		order    []string
		body1    int
		moverOut bool
	}{
		{"without 14-A: no roll against the wreck (R14.6)", false, []int{1, 20, 20}, []string{"car=3", "car=2", "car=1"}, 1, false},
		{"14-A: the mover still rolls against the wreck", true, []int{1, 20, 20, 20}, []string{"car=3", "car=2", "car=1", "car=1"}, 1, false},
		{"14-A: that roll may eliminate the mover", true, []int{1, 20, 1}, []string{"car=3", "car=2", "car=1"}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "14-A")
			}
			c3 := fdrAt("long.6.0", 2)
			c3.Wear[Body] = 1
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: Fine,
				Cars: []CarPosition{fdrAt("long.2.0", 2).laps(1), fdrAt("long.5.1", 2), c3}})
			h.gear(2, 3)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter}, tc.rolls...)
			evs := h.since()
			var order []string
			for _, e := range kinds(evs, "roll") {
				order = append(order, strings.Fields(e)[2])
			}
			assert.Equal(t, tc.order, order, "the mover rolls last")
			assert.Equal(t, Eliminated, h.car(3).Status)
			assert.Contains(t, strings.Join(evs, "\n"), "R14.6", "the automatic body point")
			assert.Equal(t, tc.body1, h.car(1).Wear[Body])
			assert.Equal(t, tc.moverOut, h.car(1).Status != Racing)
		})
	}
}

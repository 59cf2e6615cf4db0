package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 14-B: car 1 ends beside car 2; each rolls one collision test (R14.3)
// with a 3. In corner Three (3 stops) under 14-B a 3 fails; without it, or
// on a straight, T6's normal 1 holds (the hook: T6's threshold, the wet +1
// on top of it).
func TestVariant14BCollisionInBends(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		variant  bool
		from, to string
		beside   string
		wx       WeatherState
		roll     int
		lost     bool
	}{
		{"14-B in a 3-stop corner: 3 fails", true, "three.1.0", "three.3.0", "three.3.1", Fine, 3, true},
		{"14-B in a 3-stop corner: 4 holds", true, "three.1.0", "three.3.0", "three.3.1", Fine, 4, false},
		{"14-B in a 3-stop corner, wet: 4 fails", true, "three.1.0", "three.3.0", "three.3.1", Wet, 4, true},
		{"without 14-B in the corner: 3 holds (T6)", false, "three.1.0", "three.3.0", "three.3.1", Fine, 3, false},
		{"14-B on a straight: 3 holds (T6)", true, "long.3.0", "long.5.0", "long.5.1", Fine, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := FDRConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "14-B")
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: tc.wx, Cars: []CarPosition{fdrAt(tc.from, 1).stops(1).laps(1), fdrAt(tc.beside, 1)}})
			h.gear(1, 2)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option(tc.to, 2).Letter}, tc.roll, tc.roll)
			evs := h.since()
			assert.Contains(t, evs, "contact car=1 with=2")
			assert.Len(t, rolledFor(evs, "collision"), 2, "car 2, then the mover")
			body := FDRDefaultBuild()[Body]
			if tc.lost {
				body--
			}
			assert.Equal(t, body, h.car(2).Wear[Body], "car 2")
			assert.Equal(t, body, h.car(1).Wear[Body], "car 1")
		})
	}
}

// The autopilot prices 14-B: ending beside a car in a 3-stop corner costs
// it 3 losing faces of 20 of body risk instead of T6's 1.
func TestVariant14BAutopilotPricesTheCorner(t *testing.T) {
	c := fdrLab(t)
	adjust := func(cfg Config) (float64, float64) {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("three.1.0", 1).stops(1).laps(1), fdrAt("three.3.1", 1)}})
		h.gear(1, 2)
		return h.g.fdrScoreAdjust(h.car(1), h.option("three.3.0", 2)), h.g.bodyValue(h.car(1))
	}
	without, body := adjust(FDRConfig())
	with, _ := adjust(fdrVariantCfg(t, "14-B"))
	assert.Greater(t, body, 0.0)
	assert.InDelta(t, 2.0/20*body, without-with, 1e-9, "two more losing faces (14-B)")
}

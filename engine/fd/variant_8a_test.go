package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 8-A: the wet-track slide of non-rain tyres (R8.13, T3) counted by the
// gear through the SlideRule hook: (a) 1/2/3, (b) the gear's number; the
// base slides 3 in every gear, rain tyres 1. Corner Two (2 stops) spans
// levels 49–55; b.4 is level 45, two.0 level 49.
func TestVariant8ADryTyreSlide(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name       string
		variant    string // "" for the base rules
		car        CarPosition
		gear, roll int
		slide      int
	}{
		{"base, 1st: 3", "", fdrAt("two.0.1", 1).stops(1), 1, 1, 3},
		{"8-A(a), 1st: 1", "8-A", fdrAt("two.0.1", 1).stops(1), 1, 1, 1},
		{"8-A(b), 1st: 1", "8-A:slide=b", fdrAt("two.0.1", 1).stops(1), 1, 1, 1},
		{"base, 2nd: 3", "", fdrAt("b.4.1", 2), 2, 4, 3},
		{"8-A(a), 2nd: 2", "8-A", fdrAt("b.4.1", 2), 2, 4, 2},
		{"8-A(b), 2nd: 2", "8-A:slide=b", fdrAt("b.4.1", 2), 2, 4, 2},
		{"base, 4th: 3", "", fdrAt("b.4.1", 4), 4, 7, 3},
		{"8-A(a), 4th: 3", "8-A", fdrAt("b.4.1", 4), 4, 7, 3},
		{"8-A(b), 4th: 4", "8-A:slide=b", fdrAt("b.4.1", 4), 4, 7, 4},
		{"8-A(b), soft tyres too: 4", "8-A:slide=b", fdrAt("b.4.1", 4).tyre(Soft, 0), 4, 7, 4},
		{"8-A(b), rain tyres keep 1", "8-A:slide=b", fdrAt("b.4.1", 4).tyre(RainTyre, 0), 4, 7, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant != "" {
				cfg = fdrVariantCfg(t, tc.variant)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: Wet, Cars: []CarPosition{tc.car}})
			h.gear(tc.gear, tc.roll)
			ops := h.find(func(op Option) bool { return op.Braked == 0 && op.Blocked == 0 })
			require.NotEmpty(t, ops)
			for _, op := range ops {
				assert.Equal(t, tc.slide, op.Slide, "%s", h.name(op.End))
				assert.Len(t, op.Path, tc.roll+tc.slide, "%s", h.name(op.End))
			}
		})
	}
	t.Run("8-A changes the amount, not when: no slide on a dry track", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-A:slide=b"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("b.4.1", 4)}})
		h.gear(4, 7)
		for _, op := range h.find(func(Option) bool { return true }) {
			assert.Zero(t, op.Slide)
		}
	})
	t.Run("8-A refuses a slide form it does not know", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("8-A:slide=c"), "slide")
	})
}

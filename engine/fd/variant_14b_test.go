package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/phrase"
)

// 14-B: car 1 ends beside car 2; each rolls one collision test (R14.3)
// with a 3. In corner Three (3 stops) under 14-B a 3 fails; without it, or
// on a straight, T6's normal 1 holds (the hook: T6's threshold, the wet +1
// and 3-A's deluge +3 on top of it). Rain tyres throughout, as a deluge
// wants them.
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
		// league AMB-30: 3-A's deluge adds 3 to the corner's stops
		{"14-B in 3-A's deluge, a 3-stop corner: 6 fails", true, "three.1.0", "three.3.0", "three.3.1", Deluge, 6, true},
		{"14-B in 3-A's deluge, a 3-stop corner: 7 holds", true, "three.1.0", "three.3.0", "three.3.1", Deluge, 7, false},
		{"3-A's deluge without 14-B: 4 fails, 1+3", false, "three.1.0", "three.3.0", "three.3.1", Deluge, 4, true},
		{"3-A's deluge without 14-B: 5 holds", false, "three.1.0", "three.3.0", "three.3.1", Deluge, 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var variants []string
			if tc.variant {
				variants = append(variants, "14-B")
			}
			if tc.wx == Deluge {
				variants = append(variants, "3-A") // the deluge is 3-A's
			}
			cfg := fdrVariantCfg(t, variants...)
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: tc.wx, Cars: []CarPosition{
				fdrAt(tc.from, 1).stops(1).laps(1).tyre(RainTyre, 0), fdrAt(tc.beside, 1).tyre(RainTyre, 0)}})
			h.gear(1, 2)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option(tc.to, 2).Letter}, tc.roll, tc.roll)
			evs := h.since()
			assert.Contains(t, evs, "contact car=1 with=2")
			assert.Len(t, rolledFor(evs, "collision"), 2, "car 2, then the mover")
			body := fdrDefaultBuild()[Body]
			if tc.lost {
				body--
			}
			assert.Equal(t, body, h.car(2).Wear[Body], "car 2")
			assert.Equal(t, body, h.car(1).Wear[Body], "car 1")
		})
	}
}

// The autopilot prices 14-B: ending beside a car in a 3-stop corner costs
// it 3 losing faces of 20 of body risk instead of T6's 1. The price of
// one face is asked of the base's OptionScore hook: the same end alone
// (no test) less the end beside car 2 under T6 (one face).
func TestVariant14BAutopilotPricesTheCorner(t *testing.T) {
	c := fdrLab(t)
	mover, partner := fdrAt("three.1.0", 1).stops(1).laps(1), fdrAt("three.3.1", 1)
	adjust := func(cfg Config, cars ...CarPosition) float64 {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: cars})
		h.gear(1, 2)
		op := h.option("three.3.0", 2)
		return h.g.rules().OptionScore(h.g, h.car(1), &op)
	}
	alone := adjust(fdrConfig(), mover)
	assert.Equal(t, alone, adjust(fdrVariantCfg(t, "14-B"), mover), "alone, no test: 14-B prices nothing")
	without := adjust(fdrConfig(), mover, partner)
	with := adjust(fdrVariantCfg(t, "14-B"), mover, partner)
	face := alone - without // T6's one losing face of 20, a body point's risk
	assert.Greater(t, face, 0.0)
	assert.InDelta(t, 2*face, without-with, 1e-9, "two more losing faces (14-B)")
}

// The risk a player is shown (Game.EliminationRisk, the facts' fact.risk)
// reads the threshold the collision test rolls against
// (collisionLimitsAt): car 1, its last body point left, ends beside car 2
// in corner Three (3 stops). T6's 1 of 20 is 5 %; 14-B's corner makes it
// 3 of 20, 15 %; 3-A's deluge adds 3 (league AMB-30): 4 of 20 alone, 6 of
// 20 with 14-B; a spun partner aggravates the test, one more (R14.4).
func TestVariant14BShownRiskReadsTheCorner(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		variants string
		wx       WeatherState
		spun     bool
		risk     float64
	}{
		{"without 14-B: T6's 1", "", Fine, false, 1.0 / 20},
		{"14-B, a 3-stop corner", "14-B", Fine, false, 3.0 / 20},
		{"14-B, wet: +1", "14-B", Wet, false, 4.0 / 20},
		{"14-B, aggravated: +1", "14-B", Fine, true, 4.0 / 20},
		{"3-A's deluge without 14-B: 1+3", "3-A", Deluge, false, 4.0 / 20},
		{"14-B in 3-A's deluge: 3+3", "14-B 3-A", Deluge, false, 6.0 / 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variants != "" {
				cfg = fdrVariantCfg(t, strings.Fields(tc.variants)...)
			}
			partner := fdrAt("three.3.1", 1).tyre(RainTyre, 0)
			if tc.spun {
				partner = partner.flag("spun")
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: tc.wx, Cars: []CarPosition{
				fdrAt("three.1.0", 1).stops(1).laps(1).tyre(RainTyre, 0).set(Body, 1), partner}})
			h.gear(1, 2)
			op := h.option("three.3.0", 2)
			risk := h.g.EliminationRisk(h.pending(), op)
			assert.InDelta(t, tc.risk, risk, 1e-9)
			assert.Contains(t, h.g.OptionFacts(h.pending(), op), phrase.New("fact.risk", phrase.Percent(risk)), "the facts say the same figure")
		})
	}
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 3-C: two changeable weather tests in a row make the weather final (the
// WeatherRule hook on R3.6), the track kept dry or wet (R3.6(3)); without
// 3-C a changeable result never settles it. Car 1's 20 in 5th calls the
// engine tests and a weather test at the end of the round (R3.5); the lab
// table: sun 1–12, changeable 13–16, rain 17–20.
func TestVariant3CVariableLocked(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		variant bool
		wx      WeatherState
		last    string
		test    int
		want    WeatherState
	}{
		{"3-C, changeable twice on a dry track: final, dry", true, Overcast, "changeable", 14, Fine},
		{"3-C, changeable twice on a wet track: final, wet", true, ChangeableWet, "changeable", 15, Wet},
		{"3-C, changeable after sun: not final", true, Overcast, "sun", 14, Overcast},
		{"3-C, sun after changeable: not final", true, Overcast, "changeable", 3, Overcast},
		{"3-C keeps the base: sun after sun final", true, Overcast, "sun", 3, Fine},
		{"without 3-C, changeable twice: still changeable (R3.6)", false, Overcast, "changeable", 14, Overcast},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "3-C")
			}
			p := Position{Round: 1, Weather: tc.wx, WeatherTest: tc.last, Cars: []CarPosition{fdrAt("c.0.1", 5), fdrAt("long.2.1", 2)}}
			h := fdrPlayCfg(t, c, cfg, p)
			h.gear(5, 20)
			h.moveN("c.20.1", 20, 20) // the engine test
			h.gear(2, 2)
			h.submit(Order{Car: 2, Letter: h.option("long.4.1", 2).Letter}, tc.test)
			assert.Equal(t, tc.want, h.g.weather)
			assert.Len(t, kinds(h.since(), "weather"), 1, "one weather test at the end of the round")
		})
	}

	t.Run("3-C locked: no more weather tests", func(t *testing.T) {
		p := Position{Round: 1, Weather: Overcast, WeatherTest: "changeable", Cars: []CarPosition{fdrAt("c.0.1", 5), fdrAt("long.2.1", 2)}}
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-C"), p)
		h.gear(5, 20)
		h.moveN("c.20.1", 20, 20)
		h.gear(2, 2)
		h.submit(Order{Car: 2, Letter: h.option("long.4.1", 2).Letter}, 13)
		assert.Contains(t, h.since(), "weather session=race test=changeable state=fine was=changeable final=true")
		// the next round: another 20 in 5th calls no weather test
		h.gear(5, 20)
		h.moveN("c.40.1", 20, 20)
		h.gear(2, 2)
		h.submit(Order{Car: 2, Letter: h.option("long.6.1", 2).Letter})
		assert.Empty(t, kinds(h.since(), "weather"), "the weather is final: no test (R3.5)")
	})
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// 3-B at the start (the WeatherRoll hook on R3.1): the race weather roll
// at the sun end of the scale (1 on the lab circuit) is a heatwave; the
// same roll without 3-B is fine. Never from the faces inside the scale,
// never after rain in qualifying (league AMB-11), never from an in-race test.
func TestVariant3BHeatwaveAtTheStart(t *testing.T) {
	heat := raceWeatherFor(t, fdrVariantCfg(t, "3-B"), 1, 5, 2)
	fine := raceWeatherFor(t, fdrConfig(), 1, 5, 2)
	assert.Equal(t, Heatwave, heat.Weather())
	assert.Equal(t, Fine, fine.Weather())
	assert.Equal(t, []string{"weather session=race result=sun state=heatwave car=1"}, eventsOf(heat, "weather"))
	assert.Equal(t, []string{"weather session=race result=sun state=fine car=1"}, eventsOf(fine, "weather"))
	assert.Equal(t, Fine, raceWeatherFor(t, fdrVariantCfg(t, "3-B"), 2, 5, 2).Weather(), "a sun face inside the scale")

	for _, tc := range []struct {
		name string
		spec string
		d    WeatherDraw
		want bool
	}{
		{"the sun end before the race", "3-B", WeatherDraw{Face: 1, Result: tracks.Sun, Edge: tracks.Sun, Start: true}, true},
		{"after a rainy first session (league AMB-11)", "3-B", WeatherDraw{Face: 1, Result: tracks.Sun, Edge: tracks.Sun, Start: true, RainedInQualifying: true, LastSession: tracks.Sun}, false},
		{"after_rain=last-session: a dry last session", "3-B:after_rain=last-session", WeatherDraw{Face: 1, Result: tracks.Sun, Edge: tracks.Sun, Start: true, RainedInQualifying: true, LastSession: tracks.Sun}, true},
		{"after_rain=last-session: a rainy last session", "3-B:after_rain=last-session", WeatherDraw{Face: 1, Result: tracks.Sun, Edge: tracks.Sun, Start: true, RainedInQualifying: true, LastSession: tracks.Rain}, false},
		{"an in-race test on the sun end: sun", "3-B", WeatherDraw{Face: 1, Result: tracks.Sun, Edge: tracks.Sun, Last: tracks.Sun}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrVariantCfg(t, tc.spec)
			h, err := cfg.variantHooks()
			require.NoError(t, err)
			require.Len(t, h.wxRoll, 1)
			w, ok := h.wxRoll[0].RaceWeather(tc.d)
			assert.Equal(t, tc.want, ok)
			if ok {
				assert.Equal(t, Heatwave, w)
			}
		})
	}
	t.Run("3-B refuses an after_rain it does not know", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("3-B:after_rain=never"), "after_rain")
	})
}

// The Heatwave column of 8-C through the base's hooks: an engine test
// loses on 1–5 (T6: 1–4), handling on 1–5, soft tyres cost 3 a square
// for one set lap, hard 2 for two, then one more; the soft +1 stays (a
// dry track, set lap 1). Car 1's 20 in 5th calls the engine tests; the
// engine test rolls 5.
func TestVariant3BHeatwaveColumn(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		weather WeatherState
		lost    bool
	}{
		{"heatwave: an engine test of 5 loses a point", Heatwave, true},
		{"fine: an engine test of 5 holds (T6)", Fine, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Position{Round: 1, Weather: tc.weather, Cars: []CarPosition{fdrAt("c.0.1", 5), fdrAt("long.2.1", 2)}}
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-B"), p)
			before := h.car(1).Wear[Engine]
			h.gear(5, 20)
			h.moveN("c.20.1", 20, 5)
			lost := before - h.car(1).Wear[Engine]
			assert.Equal(t, tc.lost, lost == 1, "engine %d → %d", before, h.car(1).Wear[Engine])
		})
	}

	t.Run("thresholds and wear", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-B"), Position{Round: 1, Weather: Heatwave, Cars: []CarPosition{
			fdrAt("b.4.1", 4), fdrAt("long.2.1", 2).tyre(Soft, 0)}})
		g, hard, soft := h.g, h.car(1), h.car(2)
		assert.True(t, g.handlingLoses(hard, 5), "handling ≤5")
		assert.False(t, g.handlingLoses(hard, 6))
		assert.Equal(t, 1, g.CollisionLimit(hard.Space, false), "collisions as in the dry")
		assert.Zero(t, g.rules().StopSlide(g, soft), "a dry track: no slide")
		for age, want := range []int{3, 4, 4} {
			soft.TyreAge = age
			assert.Equal(t, want, g.overshootFactor(soft), "soft, set lap %d", age+1)
		}
		for age, want := range []int{2, 2, 3} {
			hard.TyreAge = age
			assert.Equal(t, want, g.overshootFactor(hard), "hard, set lap %d", age+1)
		}
		g.weather = Fine
		soft.TyreAge, hard.TyreAge = 0, 0
		assert.False(t, g.handlingLoses(hard, 5), "the base dry: handling ≤4")
		assert.Equal(t, 2, g.overshootFactor(soft), "the base dry: soft ×2")
		assert.Equal(t, 1, g.overshootFactor(hard), "the base dry: hard ×1")
	})

	t.Run("the soft +1 stays in a heatwave", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-B"), Position{Round: 1, Weather: Heatwave, Cars: []CarPosition{fdrAt("c.0.1", 4).tyre(Soft, 0)}})
		h.gear(4, 8)
		assert.NotEmpty(t, h.find(func(op Option) bool { return op.Bonus }), "R8.5: soft +1 on a dry track")
	})
}

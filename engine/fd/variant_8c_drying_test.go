package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dryingUnder is the lab on a changeable wet track (the last test rain)
// with 8-C: car 1's 20 in 5th calls the engine tests and a weather test
// at the end of the round (R3.5); car 2, on monsoon tyres of age set laps,
// moves 2 and the weather test rolls test (sun 1–12: the track dries).
func dryingUnder(t *testing.T, age, test int) *harness {
	t.Helper()
	p := Position{Round: 1, Weather: ChangeableWet, WeatherTest: "rain", Cars: []CarPosition{fdrAt("c.0.1", 5), fdrAt("long.2.1", 2).tyre(Monsoon, age)}}
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "8-C"), p)
	h.gear(5, 20)
	h.moveN("c.20.1", 20, 20) // the engine test
	h.gear(2, 2)
	h.submit(Order{Car: 2, Letter: h.option("long.4.1", 2).Letter}, test)
	return h
}

// 8-C (league-variants.md 8-C [INF], hooks TyreMatrix and the race weather
// test of R3.6): monsoon tyres fitted when the track dries "may run 1 more
// lap, then the worn rule applies". The dry cell's lifetime is one set lap
// counted from the fitting, so a set on its second lap would be worn at
// once; instead it runs at the dry cost (2 a square) until the car next
// crosses the line, then it is worn (3 a square, league AMB-26). A set
// already worn in the rain stays worn [DEC].
func TestVariant8CMonsoonOneMoreLapWhenTheTrackDries(t *testing.T) {
	t.Run("the track dries: one more lap at cost", func(t *testing.T) {
		h := dryingUnder(t, 1, 3)
		evs := h.since()
		assert.Contains(t, evs, "weather session=race test=sun state=changeable was=changeable-rain final=false")
		assert.Contains(t, evs, "monsoon-grace car=2")
		assert.True(t, h.car(2).inMonsoonGrace())
		assert.Equal(t, 2, h.g.overshootFactor(h.car(2)), "at cost on its one more lap")
		assert.Contains(t, h.g.Position().Cars[1].Flags, "monsoon-grace", "a position keeps it")

		// without the grace, the same set on the same dry track is worn
		worn := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "8-C"), Position{Round: 1, Weather: Overcast, Cars: []CarPosition{fdrAt("long.4.1", 2).tyre(Monsoon, 1)}})
		assert.Equal(t, 3, worn.g.overshootFactor(worn.car(1)))
	})
	t.Run("still raining: no grace", func(t *testing.T) {
		h := dryingUnder(t, 1, 18)
		assert.Empty(t, kinds(h.since(), "monsoon-grace"))
		assert.False(t, h.car(2).inMonsoonGrace())
	})
	t.Run("a set worn in the rain stays worn", func(t *testing.T) {
		h := dryingUnder(t, 2, 3)
		assert.Empty(t, kinds(h.since(), "monsoon-grace"))
		assert.Equal(t, 3, h.g.overshootFactor(h.car(2)))
	})
	t.Run("crossing the line ends the lap: worn", func(t *testing.T) {
		car := fdrAt("home.7.1", 2).tyre(Monsoon, 1)
		car.Flags = append(car.Flags, "monsoon-grace")
		h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "8-C"), Position{Round: 1, Weather: Overcast, Cars: []CarPosition{car}})
		require.True(t, h.car(1).inMonsoonGrace(), "read from the position")
		assert.Equal(t, 2, h.g.overshootFactor(h.car(1)))
		h.gear(2, 4)
		h.submit(Order{Car: 1, Letter: h.option("long.1.1", 4).Letter})
		assert.False(t, h.car(1).inMonsoonGrace())
		assert.Equal(t, 2, h.car(1).TyreAge)
		assert.Equal(t, 3, h.g.overshootFactor(h.car(1)), "then the worn rule applies")
	})
}

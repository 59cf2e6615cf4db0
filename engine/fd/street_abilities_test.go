package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

func TestStreetJackDrift(t *testing.T) {
	// EX-F-46: Jack in a corner rolls and may drift ±1 for a tyre
	h := streetPlay(t, driving("grand-hotel.0.1", 3, DriverJack))
	h.gear(3, 5)
	var minus, plus *Option
	for _, op := range h.pending().Options {
		switch {
		case op.Drift == -1 && minus == nil:
			minus = &op
		case op.Drift == 1 && plus == nil:
			plus = &op
		}
	}
	require.NotNil(t, minus, h.describe(h.pending()))
	require.NotNil(t, plus)
	assert.Len(t, minus.Path, 4)
	assert.Len(t, plus.Path, 6)
	assert.Zero(t, minus.Braked)
	assert.Equal(t, 1, minus.Cost[Tyres]-0, "a tyre for the drift")
	choose(h, *minus)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "drift car=1 spaces=-1")
	assert.Equal(t, 8, h.car(1).Wear[Tyres])
	// on a straight far from any corner: no drift
	h2 := streetPlay(t, driving("main.0.1", 2, DriverJack))
	h2.gear(2, 3)
	for _, op := range h2.pending().Options {
		assert.Zero(t, op.Drift)
	}
	// no tyres left: no drift (AMB-28)
	h3 := streetPlay(t, driving("grand-hotel.0.1", 3, DriverJack).set(Tyres, 0))
	h3.gear(3, 5)
	for _, op := range h3.pending().Options {
		assert.Zero(t, op.Drift)
	}
}

func TestStreetLiTsuOvertaken(t *testing.T) {
	// EX-F-41: an opponent passing her on a straight moves 1 less
	h := streetPlay(t, driving("avenue.5.1", 1, DriverLiTsu), driving("avenue.0.0", 4, DriverDerek))
	h.gear(1, 1)
	h.submit(Order{Car: 1, Letter: plainTo(h, "avenue.6.1", 1).Letter})
	h.expect(2, DecideGear)
	h.gear(4, 10)
	d := h.pending()
	for _, op := range d.Options {
		if op.Nitro != 0 || op.Drift != 0 {
			continue
		}
		past := h.c.Spaces[op.End].Level > h.c.Spaces[h.id("avenue.6.1")].Level
		if past {
			assert.True(t, op.Cute, "%s", h.name(op.End))
			assert.Equal(t, 9, len(op.Path)+op.Braked, "passing her costs a space, at no brake cost (EX-F-41)")
		}
	}
	op := plainTo(h, "speed-trap.0.0", 9)
	assert.True(t, op.Cute)
	choose(h, op)
	assert.Contains(t, strings.Join(h.since(), "\n"), "too-cute car=2 li-tsu=1")
	// in a corner she charms no one
	h2 := streetPlay(t, driving("neon.0.1", 1, DriverLiTsu), driving("speed-trap.2.0", 3, DriverDerek))
	h2.gear(1, 1)
	h2.submit(Order{Car: 1, Letter: plainTo(h2, "neon.1.1", 1).Letter})
	h2.gear(3, 6)
	for _, op := range h2.pending().Options {
		assert.False(t, op.Cute)
	}
}

func TestStreetStanleyRadio(t *testing.T) {
	// EX-F-45: once per race at an adjacent car; 12 → body, 3 → tyres
	for _, c := range []struct {
		roll int
		want string
		elim bool
	}{{12, "6/3/2/3/3/3", false}, {3, "5/3/2/4/3/3", false}} {
		h := streetPlay(t, driving("start.6.1", 1, DriverDerek), driving("start.2.1", 2, DriverStanley))
		h.gear(1, 1)
		h.submit(Order{Car: 1, Letter: plainTo(h, "start.7.1", 1).Letter})
		h.gear(2, 4)
		var radio *Option
		for _, op := range h.pending().Options {
			if op.Radio == 1 && h.name(op.End) == "start.6.0" && op.Nitro == 0 {
				radio = &op
			}
		}
		require.NotNil(t, radio, h.describe(h.pending()))
		choose(h, *radio, c.roll)
		assert.Equal(t, c.want, h.wear(1), "roll %d", c.roll)
		assert.True(t, h.car(2).RadioUsed)
		if c.roll == 12 {
			assert.Contains(t, h.debris(), "start.7.1", "body loss: debris on the target's space")
		}
		h.gear(1, 1)
		h.submit(Order{Car: 1, Letter: plainTo(h, "grand-hotel.0.1", 1).Letter})
		h.gear(2, 2)
		for _, op := range h.pending().Options {
			assert.Zero(t, op.Radio, "once per race")
		}
	}
	// a target with no tyres left is eliminated by a tyre loss
	h := streetPlay(t, driving("start.6.1", 1, DriverDerek).set(Tyres, 0), driving("start.2.1", 2, DriverStanley))
	h.gear(1, 1)
	h.submit(Order{Car: 1, Letter: plainTo(h, "start.7.1", 1).Letter})
	h.gear(2, 4)
	for _, op := range h.pending().Options {
		if op.Radio == 1 && h.name(op.End) == "start.6.0" && op.Nitro == 0 {
			choose(h, op, 3)
			break
		}
	}
	assert.Equal(t, Eliminated, h.car(1).Status)
	// T-14 row by row: engine/fd/street TestRadioLossT14
}

func TestStreetJulienWeatherReroll(t *testing.T) {
	// EX-F-47: the race weather lands in rain; Julien re-rolls into the
	// changeable range, which stands
	cfg := StreetConfig()
	cfg.Optional.Weather = true
	g, err := NewGame("w", cfg, raceCity(t), 2)
	require.NoError(t, err)
	src := dice.NewScripted()
	require.NoError(t, g.Start(src))
	require.NoError(t, g.Submit(Order{Car: 1, Letter: "julien"}, src))
	require.NoError(t, g.Submit(Order{Car: 2, Letter: "derek"}, dice.NewScripted(18)))
	assert.Equal(t, Wet, g.weather)
	d := g.Pending()
	require.NotNil(t, d)
	assert.Equal(t, DecideReroll, d.Kind)
	assert.Equal(t, 1, d.Car)
	require.NoError(t, g.Submit(Order{Car: 1, Letter: "B"}, dice.NewScripted(12, 5, 9, 10, 1)))
	assert.Equal(t, Overcast, g.weather, "the second result stands")
	assert.Zero(t, g.slide(&g.Cars[0]), "no slide in the dry")
	// without re-roll the first stands
	g2, _ := NewGame("w", cfg, raceCity(t), 2)
	require.NoError(t, g2.Start(dice.NewScripted()))
	require.NoError(t, g2.Submit(Order{Car: 2, Letter: "frogger"}, dice.NewScripted()))
	require.NoError(t, g2.Submit(Order{Car: 1, Letter: "diane"}, dice.NewScripted(18)))
	require.NoError(t, g2.Submit(Order{Car: 2, Letter: "A"}, dice.NewScripted(5, 9, 10, 1)))
	assert.Equal(t, Wet, g2.weather)
	assert.Equal(t, 1, g2.slide(&g2.Cars[1]))
	assert.Equal(t, 3, g2.slide(&g2.Cars[0]))
}

func TestStreetJulienRerollsAChange(t *testing.T) {
	// U-DRV-02, AMB-28: every weather-table roll, also a change in the race
	cfg := StreetConfig()
	cfg.Optional.Weather = true
	g, err := NewGame("w", cfg, raceCity(t), 2)
	require.NoError(t, err)
	cars := []CarPosition{driving("avenue.0.1", 5, DriverDerek), driving("start.0.1", 2, DriverJulien)}
	cars[0].Car, cars[1].Car = 1, 2
	require.NoError(t, g.StartFrom(Position{Round: 1, Weather: Overcast, Cars: cars}, dice.NewScripted()))
	h := &harness{t: t, g: g, c: raceCity(t), mark: 3}
	h.gear(5, 20)
	var op *Option
	for _, o := range h.pending().Options {
		if o.Dangerous == 0 && !o.Eliminated && o.Nitro == 0 && len(o.Path) > 0 {
			op = &o
			break
		}
	}
	require.NotNil(t, op)
	choose(h, *op, 10, 1) // engine test, then the weather: sun
	assert.Equal(t, Fine, g.weather)
	d := h.expect(2, DecideReroll)
	assert.Len(t, d.Options, 2)
	h.submit(Order{Car: 2, Letter: "B"}, 18) // from changeable again: rain
	assert.Equal(t, ChangeableWet, g.weather, "the second result stands")
	assert.Contains(t, strings.Join(h.since(), "\n"), "weather-reroll car=2")
	h.expect(2, DecideGear)
}

package street

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
)

func TestStreetJackDrift(t *testing.T) {
	// EX-F-46: Jack in a corner rolls and may drift ±1 for a tyre
	h := streetPlay(t, driving("grand-hotel.0.1", 3, DriverJack))
	h.Gear(3, 5)
	var minus, plus *fd.Option
	for _, op := range h.Pending().Options {
		switch {
		case op.Drift == -1 && minus == nil:
			minus = &op
		case op.Drift == 1 && plus == nil:
			plus = &op
		}
	}
	require.NotNil(t, minus, h.Describe(h.Pending()))
	require.NotNil(t, plus)
	assert.Len(t, minus.Path, 4)
	assert.Len(t, plus.Path, 6)
	assert.Zero(t, minus.Braked)
	assert.Equal(t, 1, minus.Cost[fd.Tyres]-0, "a tyre for the drift")
	h.Choose(*minus)
	evs := strings.Join(h.Since(), "\n")
	assert.Contains(t, evs, "drift car=1 spaces=-1")
	assert.Equal(t, 8, h.Car(1).Wear[fd.Tyres])
	// on a straight far from any corner: no drift
	h2 := streetPlay(t, driving("main.0.1", 2, DriverJack))
	h2.Gear(2, 3)
	for _, op := range h2.Pending().Options {
		assert.Zero(t, op.Drift)
	}
	// no tyres left: no drift (AMB-28)
	h3 := streetPlay(t, driving("grand-hotel.0.1", 3, DriverJack).WithPoints(fd.Tyres, 0))
	h3.Gear(3, 5)
	for _, op := range h3.Pending().Options {
		assert.Zero(t, op.Drift)
	}
}

func TestStreetLiTsuOvertaken(t *testing.T) {
	// EX-F-41: an opponent passing her on a straight moves 1 less
	h := streetPlay(t, driving("avenue.5.1", 1, DriverLiTsu), driving("avenue.0.0", 4, DriverDerek))
	h.Gear(1, 1)
	h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "avenue.6.1", 1).Letter})
	h.Expect(2, fd.DecideGear)
	h.Gear(4, 10)
	d := h.Pending()
	for _, op := range d.Options {
		if op.Nitro != 0 || op.Drift != 0 {
			continue
		}
		past := h.Track.Spaces[op.End].Level > h.Track.Spaces[h.ID("avenue.6.1")].Level
		if past {
			assert.True(t, op.Cute, "%s", h.Name(op.End))
			assert.Equal(t, 9, len(op.Path)+op.Braked, "passing her costs a space, at no brake cost (EX-F-41)")
		}
	}
	op := plainTo(h, "speed-trap.0.0", 9)
	assert.True(t, op.Cute)
	h.Choose(op)
	assert.Contains(t, strings.Join(h.Since(), "\n"), "too-cute car=2 li-tsu=1")
	// in a corner she charms no one
	h2 := streetPlay(t, driving("neon.0.1", 1, DriverLiTsu), driving("speed-trap.2.0", 3, DriverDerek))
	h2.Gear(1, 1)
	h2.Submit(fd.Order{Car: 1, Letter: plainTo(h2, "neon.1.1", 1).Letter})
	h2.Gear(3, 6)
	for _, op := range h2.Pending().Options {
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
		h.Gear(1, 1)
		h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "start.7.1", 1).Letter})
		h.Gear(2, 4)
		var radio *fd.Option
		for _, op := range h.Pending().Options {
			if op.Radio == 1 && h.Name(op.End) == "start.6.0" && op.Nitro == 0 {
				radio = &op
			}
		}
		require.NotNil(t, radio, h.Describe(h.Pending()))
		h.Choose(*radio, c.roll)
		assert.Equal(t, c.want, h.Wear(1), "roll %d", c.roll)
		assert.True(t, radioSpent.Of(h.Car(2)))
		if c.roll == 12 {
			assert.Contains(t, h.Debris(), "start.7.1", "body loss: debris on the target's space")
		}
		h.Gear(1, 1)
		h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "grand-hotel.0.1", 1).Letter})
		h.Gear(2, 2)
		for _, op := range h.Pending().Options {
			assert.Zero(t, op.Radio, "once per race")
		}
	}
	// a target with no tyres left is eliminated by a tyre loss
	h := streetPlay(t, driving("start.6.1", 1, DriverDerek).WithPoints(fd.Tyres, 0), driving("start.2.1", 2, DriverStanley))
	h.Gear(1, 1)
	h.Submit(fd.Order{Car: 1, Letter: plainTo(h, "start.7.1", 1).Letter})
	h.Gear(2, 4)
	for _, op := range h.Pending().Options {
		if op.Radio == 1 && h.Name(op.End) == "start.6.0" && op.Nitro == 0 {
			h.Choose(op, 3)
			break
		}
	}
	assert.Equal(t, fd.Eliminated, h.Car(1).Status)
	// T-14 row by row: TestRadioLossT14 (street_test.go)
}

func TestStreetJulienWeatherReroll(t *testing.T) {
	// EX-F-47: the race weather lands in rain; Julien re-rolls into the
	// changeable range, which stands
	cfg := Config()
	cfg.Optional.Weather = true
	g, err := fd.NewGame("w", cfg, raceCity(t), 2)
	require.NoError(t, err)
	src := dice.NewScripted()
	require.NoError(t, g.Start(src))
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "julien"}, src))
	require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: "derek"}, dice.NewScripted(18)))
	assert.Equal(t, fd.Wet, g.Weather())
	d := g.Pending()
	require.NotNil(t, d)
	assert.Equal(t, DecideReroll, d.Kind)
	assert.Equal(t, 1, d.Car)
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "B"}, dice.NewScripted(12, 5, 9, 10, 1)))
	assert.Equal(t, fd.Overcast, g.Weather(), "the second result stands")
	assert.Zero(t, g.RainSlide(&g.Cars[0]), "no slide in the dry")
	// without re-roll the first stands
	g2, _ := fd.NewGame("w", cfg, raceCity(t), 2)
	require.NoError(t, g2.Start(dice.NewScripted()))
	require.NoError(t, g2.Submit(fd.Order{Car: 2, Letter: "frogger"}, dice.NewScripted()))
	require.NoError(t, g2.Submit(fd.Order{Car: 1, Letter: "diane"}, dice.NewScripted(18)))
	require.NoError(t, g2.Submit(fd.Order{Car: 2, Letter: "A"}, dice.NewScripted(5, 9, 10, 1)))
	assert.Equal(t, fd.Wet, g2.Weather())
	assert.Equal(t, 1, g2.RainSlide(&g2.Cars[1]))
	assert.Equal(t, 3, g2.RainSlide(&g2.Cars[0]))
}

func TestStreetJulienRerollsAChange(t *testing.T) {
	// U-DRV-02, AMB-28: every weather-table roll, also a change in the race
	cfg := Config()
	cfg.Optional.Weather = true
	cars := fdtest.Positions(driving("avenue.0.1", 5, DriverDerek), driving("start.0.1", 2, DriverJulien))
	h := fdtest.StartPosition(t, raceCity(t), cfg, fd.Position{Round: 1, Weather: fd.Overcast, Cars: cars})
	g := h.G
	h.Gear(5, 20)
	var op *fd.Option
	for _, o := range h.Pending().Options {
		if o.Dangerous == 0 && !o.Eliminated && o.Nitro == 0 && len(o.Path) > 0 {
			op = &o
			break
		}
	}
	require.NotNil(t, op)
	h.Choose(*op, 10, 1) // engine test, then the weather: sun
	assert.Equal(t, fd.Fine, g.Weather())
	d := h.Expect(2, DecideReroll)
	assert.Len(t, d.Options, 2)
	h.Submit(fd.Order{Car: 2, Letter: "B"}, 18) // from changeable again: rain
	assert.Equal(t, fd.ChangeableWet, g.Weather(), "the second result stands")
	assert.Contains(t, strings.Join(h.Since(), "\n"), "weather-reroll car=2")
	h.Expect(2, fd.DecideGear)
}

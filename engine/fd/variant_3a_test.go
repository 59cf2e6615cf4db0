package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// raceWeatherFor sets up a two-car race without qualifying on the lab
// circuit (sun 1–12, changeable 13–16, rain 17–20): the grid rolls 10
// and 5, the race weather roll is face; the setup's decisions are the
// autopilot's (rain tyres on a wet track, hard on a dry one), then the
// race rolls from race until the first decision. It returns the game
// there.
func raceWeatherFor(t *testing.T, cfg Config, face int, race ...int) *Game {
	t.Helper()
	return raceSetUp(t, "weather", cfg, face, nil, race...)
}

// raceSetUp is raceWeatherFor's game with id, where choose may change the
// letter the autopilot picks at a setup decision.
func raceSetUp(t *testing.T, id string, cfg Config, face int, choose func(d *Decision, o *Order), race ...int) *Game {
	t.Helper()
	cfg.Sessions = 0
	g, err := NewGame(id, cfg, fdrLab(t), 2)
	require.NoError(t, err)
	src := dice.NewScripted(append([]int{10, 5, face}, race...)...)
	require.NoError(t, g.Start(src))
	for g.setupStage < setupDone {
		o, ok := Autopilot(g)
		require.True(t, ok)
		if d := g.setupPending[o.Car]; d != nil && choose != nil {
			choose(d, &o)
		}
		require.NoError(t, g.Submit(o, src))
	}
	return g
}

// eventsOf are the record lines of the game's events of one kind.
func eventsOf(g *Game, kind string) []string {
	var out []string
	for _, e := range g.Events {
		if e.Kind == kind {
			out = append(out, e.String())
		}
	}
	return out
}

// 3-A at the start (the WeatherRoll hook on R3.1): the race weather roll
// at the rain end of the scale (20 on the lab circuit) is a deluge, and
// the deluge's wheelspin (8-C: ≤2 on rain tyres) stalls a start roll of 2
// that the base's rain lets go (R9.2: 1 only). The same rolls without 3-A
// give rain and a normal start.
func TestVariant3ADelugeAtTheStart(t *testing.T) {
	deluge := raceWeatherFor(t, fdrVariantCfg(t, "3-A"), 20, 2, 2, 2, 2)
	rain := raceWeatherFor(t, fdrConfig(), 20, 2, 2, 2, 2)
	assert.Equal(t, Deluge, deluge.Weather())
	assert.Equal(t, Wet, rain.Weather())
	assert.Equal(t, []string{"weather session=race result=rain state=deluge car=1"}, eventsOf(deluge, "weather"))
	assert.Equal(t, []string{"weather session=race result=rain state=rain car=1"}, eventsOf(rain, "weather"))
	assert.Equal(t, []string{"tyres car=1 type=rain", "tyres car=2 type=rain"}, eventsOf(deluge, "tyres"), "the autopilot fits rain tyres for a deluge")
	assert.Equal(t, []string{"start car=1 result=stall"}, eventsOf(deluge, "start"), "8-C Deluge: rain tyres stall on 1–2")
	assert.Equal(t, []string{"start car=1 result=normal"}, eventsOf(rain, "start"), "R9.2: only a 1 stalls in the rain")

	for _, tc := range []struct {
		name string
		spec string
		face int
		want WeatherState
	}{
		{"3-A, a rain face inside the scale: rain", "3-A", 17, Wet},
		{"3-A, the sun end: fine", "3-A", 1, Fine},
		{"3-A, changeable: changeable", "3-A", 14, Overcast},
		{"3-A with 3-B, the rain end: deluge", "3-B", 20, Deluge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrVariantCfg(t, "3-A")
			if tc.spec != "3-A" {
				require.NoError(t, cfg.EnableVariant(tc.spec))
			}
			g := raceWeatherFor(t, cfg, tc.face, 5, 2) // a normal start, 2 in 1st
			assert.Equal(t, tc.want, g.Weather())
		})
	}
}

// 3-A in the race (WeatherRoll on R3.5, R3.6): in changeable weather a
// deluge needs a second rain test in a row, on the rain end of the scale
// (league AMB-10), or on any rain face with second_rain=any; a deluge is final.
// Car 1's 20 in 5th calls a weather test at the end of the round.
func TestVariant3ADelugeInTheRace(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name string
		spec string // "" for the base rules
		last string
		test int
		want WeatherState
	}{
		{"3-A, rain after rain on the rain end: deluge", "3-A", "rain", 20, Deluge},
		{"3-A, rain after rain inside the scale: rain", "3-A", "rain", 18, Wet},
		{"3-A(any), rain after rain inside the scale: deluge", "3-A:second_rain=any", "rain", 18, Deluge},
		{"3-A, a first rain on the rain end: changeable rain", "3-A", "changeable", 20, ChangeableWet},
		{"without 3-A, rain after rain on 20: rain (R3.6)", "", "rain", 20, Wet},
		// with 3-C: two changeable results lock the weather, two rains
		// on the rain end still make a deluge
		{"3-A and 3-C, rain after rain on the rain end: deluge", "3-A 3-C", "rain", 20, Deluge},
		{"3-A and 3-C, changeable after changeable: locked wet", "3-A 3-C", "changeable", 14, Wet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, strings.Fields(tc.spec)...)
			}
			p := Position{Round: 1, Weather: ChangeableWet, WeatherTest: tc.last, Cars: []CarPosition{fdrAt("c.0.1", 5), fdrAt("long.2.1", 2)}}
			h := fdrPlayCfg(t, c, cfg, p)
			h.gear(5, 20)
			h.moveN("c.20.1", 20, 20) // the engine test
			h.gear(2, 2)
			h.submit(Order{Car: 2, Letter: h.option("long.4.1", 2).Letter}, tc.test)
			assert.Equal(t, tc.want, h.g.weather)
			if tc.want == Deluge {
				assert.Contains(t, h.since(), "weather session=race test=rain state=deluge was=changeable-rain final=true")
				assert.Equal(t, []int{4, 3, 2, 1}, h.gears(), "car 1 on hard tyres in 5th: 4th at most (8-C Deluge)")
			}
		})
	}
}

// The Deluge column of 8-C through the base's hooks: gears (dry tyres
// 4th at most, rain tyres 5th), the slide at an owed stop (R8.13: 4 and
// 2; the base's rain 3 and 1), handling (≤6 on dry tyres), collisions
// (T6 +3, league AMB-30), engines (≤3 as in the rain), and tyre wear (3 a square
// on dry tyres for one set lap, 1 on rain tyres for three, then +1).
// With 8-A on, the deluge's 4 stands: 8-A counts the rain's slide.
func TestVariant3ADelugeColumn(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		car     CarPosition
		gears   []int
		slide   int
	}{
		{"deluge, hard tyres: 4th at most, slide 4", []string{"3-A"}, Deluge, fdrAt("b.4.1", 4), []int{4, 3, 2, 1}, 4},
		{"deluge, rain tyres: 5th at most, slide 2", []string{"3-A"}, Deluge, fdrAt("b.4.1", 4).tyre(RainTyre, 0), []int{5, 4, 3, 2, 1}, 2},
		{"rain, hard tyres: 5th, slide 3", []string{"3-A"}, Wet, fdrAt("b.4.1", 4), []int{5, 4, 3, 2, 1}, 3},
		{"deluge with 8-A(b), 4th: the deluge's 4", []string{"3-A", "8-A:slide=b"}, Deluge, fdrAt("b.4.1", 4), []int{4, 3, 2, 1}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.spec...), Position{Round: 1, Weather: tc.weather, Cars: []CarPosition{tc.car}})
			assert.Equal(t, tc.gears, h.gears())
			h.gear(4, 7)
			ops := h.find(func(op Option) bool { return op.Braked == 0 && op.Blocked == 0 })
			require.NotEmpty(t, ops)
			for _, op := range ops {
				assert.Equal(t, tc.slide, op.Slide, "%s", h.name(op.End))
			}
		})
	}

	t.Run("thresholds and wear", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-A"), Position{Round: 1, Weather: Deluge, Cars: []CarPosition{
			fdrAt("b.4.1", 4), fdrAt("long.2.1", 2).tyre(RainTyre, 0)}})
		g, hard, wet := h.g, h.car(1), h.car(2)
		assert.True(t, g.handlingLoses(hard, 6), "dry tyres: handling ≤6")
		assert.False(t, g.handlingLoses(wet, 6), "rain tyres: handling ≤5")
		assert.Equal(t, 4, g.CollisionLimit(hard.Space, false), "collisions ≤4")
		assert.True(t, g.engineLoses(3))
		assert.False(t, g.engineLoses(4), "engines ≤3")
		for age, want := range []int{3, 4, 4} {
			hard.TyreAge = age
			assert.Equal(t, want, g.overshootFactor(hard), "hard, set lap %d", age+1)
		}
		for age, want := range []int{1, 1, 1, 2} {
			wet.TyreAge = age
			assert.Equal(t, want, g.overshootFactor(wet), "rain tyres, set lap %d", age+1)
		}
		g.weather = Wet
		hard.TyreAge = 0
		assert.False(t, g.handlingLoses(hard, 6), "the base rain: handling ≤5")
		assert.Equal(t, 2, g.CollisionLimit(hard.Space, false), "the base rain: collisions ≤2")
		assert.Equal(t, 1, g.overshootFactor(hard), "the base rain: hard ×1")
	})

	t.Run("3-A refuses a second_rain it does not know", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("3-A:second_rain=third"), "second_rain")
	})
}

// 3-A's deluge aquaplanes without 8-C (spec 3-A: "the soft, hard and
// rain-tyre columns suffice if monsoon tyres are off"; the Deluge
// column's "Aquaplaning" row, read at PlayEnd on a 6-C box's raw d20,
// league AMB-01): soft tyres in 4th from 15, rain tyres in 5th from 15;
// the move keeps its spaces and the car drops a gear. With 8-C on too
// the car aquaplanes once, not twice; in the rain without 8-C, or on the
// classic gear dice, nothing happens.
func TestVariant3AAquaplaningWithout8C(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		from    int // the gear before the move
		gear    int // the gear chosen
		raw     int
		want    []string
	}{
		{"3-A, deluge, soft, 4th, 15: aquaplaning", []string{"3-A", "6-C"}, Deluge, Soft, 3, 4, 15, []string{"aquaplaning car=1 type=soft raw=15 gear=3"}},
		{"3-A, deluge, hard, 4th, 20: aquaplaning", []string{"3-A", "6-C"}, Deluge, Hard, 3, 4, 20, []string{"aquaplaning car=1 type=hard raw=20 gear=3"}},
		{"3-A, deluge, soft, 4th, 14: none", []string{"3-A", "6-C"}, Deluge, Soft, 3, 4, 14, nil},
		{"3-A, deluge, rain tyres, 5th, 15: aquaplaning", []string{"3-A", "6-C"}, Deluge, RainTyre, 4, 5, 15, []string{"aquaplaning car=1 type=rain raw=15 gear=4"}},
		{"3-A, deluge, rain tyres, 4th, 20: none (5th only)", []string{"3-A", "6-C"}, Deluge, RainTyre, 3, 4, 20, nil},
		{"3-A with 8-C, deluge, soft, 4th, 15: once", []string{"3-A", "6-C", "8-C"}, Deluge, Soft, 3, 4, 15, []string{"aquaplaning car=1 type=soft raw=15 gear=3"}},
		{"3-A, rain, soft, 4th, 20: none (the base's rain)", []string{"3-A", "6-C"}, Wet, Soft, 3, 4, 20, nil},
		{"3-A on the gear dice, deluge, soft, 4th, 12: none (no raw d20)", []string{"3-A"}, Deluge, Soft, 3, 4, 12, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", tc.from, tc.tyre)
			h.gear(tc.gear, tc.raw)
			h.pick(func(op Option) bool { return !op.Stop && op.Braked == 0 })
			assert.Equal(t, tc.want, eventsOf(h.g, "aquaplaning"))
			if tc.want == nil {
				assert.Equal(t, tc.gear, h.car(1).Gear)
				return
			}
			assert.Equal(t, tc.gear-1, h.car(1).Gear, "the car drops one gear as its play ends")
		})
	}
}

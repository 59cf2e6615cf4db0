package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// raceOnTyres is raceWeatherFor with every car fitting tyre for the race
// (the autopilot's other setup decisions).
func raceOnTyres(t *testing.T, cfg Config, face int, tyre Tyre, race ...int) *Game {
	t.Helper()
	return raceSetUp(t, "8-C", cfg, face, func(d *Decision, o *Order) {
		if d.Kind == DecideTyres {
			o.Letter = letterWhere(t, d, tyre)
		}
	}, race...)
}

// oneCarOn is the lab with the variants of spec, in weather, and one car
// at space in gear on a new set of tyre.
func oneCarOn(t *testing.T, c *tracks.Circuit, spec []string, weather WeatherState, space string, gear int, tyre Tyre) *harness {
	t.Helper()
	return fdrPlayCfg(t, c, fdrVariantCfg(t, spec...), Position{Round: 1, Weather: weather, Cars: []CarPosition{fdrAt(space, gear).tyre(tyre, 0)}})
}

// 8-C's "Allowed gears" row through the gear choice (TyreMatrix on the
// fdr gear options): in the rain dry tyres stop at 5th where the base
// lets them into 6th, monsoon and rain tyres keep 6th; in a deluge
// (3-A) monsoon tyres stop at 5th (league AMB-26). A car in 5th is
// offered 6th only where its cell allows it.
func TestVariant8CAllowedGears(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		top     int
	}{
		{"base rain, hard: 6th", nil, Wet, Hard, 6},
		{"8-C rain, hard: 5th", []string{"8-C"}, Wet, Hard, 5},
		{"8-C rain, soft: 5th", []string{"8-C"}, Wet, Soft, 5},
		{"8-C rain, monsoon: 6th", []string{"8-C"}, Wet, Monsoon, 6},
		{"8-C rain, rain tyres: 6th", []string{"8-C"}, Wet, RainTyre, 6},
		{"8-C with 3-A deluge, monsoon: 5th", []string{"3-A", "8-C"}, Deluge, Monsoon, 5},
		{"8-C with 3-A deluge, hard: 4th", []string{"3-A", "8-C"}, Deluge, Hard, 4},
		{"8-C fine, hard: 6th", []string{"8-C"}, Fine, Hard, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", 5, tc.tyre)
			assert.Equal(t, tc.top, h.gears()[0])
		})
	}
}

// 8-C's "Allowed gears" row with 6-D's seventh gear (ExtraGear and
// TyreMatrix on the gear options): a car in 6th is offered 7th by 6-D,
// but in the rain the row says "1–6 (B6)" for monsoon and rain tyres too
// — 6-D's seventh is bolted onto a six-speed box, not a B7 (§0.3) — so
// only a dry track, or the base's rain without 8-C, lets it into 7th.
func TestVariant8CAllowedGearsWithSeventh(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		top     int
	}{
		{"6-D rain without 8-C, rain tyres: 7th", []string{"6-D"}, Wet, RainTyre, 7},
		{"6-D and 8-C fine, hard: 7th", []string{"6-D", "8-C"}, Fine, Hard, 7},
		{"6-D and 8-C rain, monsoon: 6th", []string{"6-D", "8-C"}, Wet, Monsoon, 6},
		{"6-D and 8-C rain, rain tyres: 6th", []string{"6-D", "8-C"}, Wet, RainTyre, 6},
		{"6-D and 8-C rain, hard: 5th", []string{"6-D", "8-C"}, Wet, Hard, 5},
		{"6-D, 3-A and 8-C deluge, rain tyres: 5th", []string{"3-A", "6-D", "8-C"}, Deluge, RainTyre, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", 6, tc.tyre)
			assert.Equal(t, tc.top, h.gears()[0])
		})
	}
	h := oneCarOn(t, c, []string{"6-D", "8-C"}, Wet, "long.2.1", 6, Monsoon)
	require.Error(t, h.g.Submit(Order{Car: 1, Gear: 7}, nil), "7th refused on monsoons in the rain")
}

// 8-C's "Lifetime" and "Overshoot cost" rows (fdrOvershootFactor): the
// table's cost for the set's N laps, then one more a square (league
// AMB-26), against the base's T3 where they differ.
func TestVariant8CLifetimeAndOvershootCost(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		byLap   []int // the factor on set laps 1, 2, 3, 4
	}{
		{"base rain, soft: ×2, ×2, ×3", nil, Wet, Soft, []int{2, 2, 3, 3}},
		{"8-C rain, soft: 3 for one lap", []string{"8-C"}, Wet, Soft, []int{3, 4, 4, 4}},
		{"base rain, hard: ×1", nil, Wet, Hard, []int{1, 1, 1, 1}},
		{"8-C rain, hard: 2 for one lap", []string{"8-C"}, Wet, Hard, []int{2, 3, 3, 3}},
		{"8-C rain, monsoon: 2 for two laps", []string{"8-C"}, Wet, Monsoon, []int{2, 2, 3, 3}},
		{"8-C rain, rain tyres: 1 for three laps", []string{"8-C"}, Wet, RainTyre, []int{1, 1, 1, 2}},
		{"8-C deluge, monsoon: 2 for three laps", []string{"3-A", "8-C"}, Deluge, Monsoon, []int{2, 2, 2, 3}},
		{"base fine, hard: ×1", nil, Fine, Hard, []int{1, 1, 1, 1}},
		{"8-C fine, hard: 1 for three laps", []string{"8-C"}, Fine, Hard, []int{1, 1, 1, 2}},
		{"base fine, rain tyres: as soft", nil, Fine, RainTyre, []int{2, 2, 3, 3}},
		{"8-C fine, rain tyres: 2 for one lap", []string{"8-C"}, Fine, RainTyre, []int{2, 3, 3, 3}},
		{"8-C fine, monsoon (fitted, then dried): 2 for one lap", []string{"8-C"}, Fine, Monsoon, []int{2, 3, 3, 3}},
		{"3-B heatwave, rain tyres: the base's fine", []string{"3-B"}, Heatwave, RainTyre, []int{2, 2, 3, 3}},
		{"3-B and 8-C heatwave, rain tyres: 8-C's fine", []string{"3-B", "8-C"}, Heatwave, RainTyre, []int{2, 3, 3, 3}},
		{"8-B and 8-C rain, super-soft: the soft's 3 +1", []string{"8-B", "8-C"}, Wet, SuperSoft, []int{4, 3}},
		{"8-B rain, super-soft: the base soft's 2 +1", []string{"8-B"}, Wet, SuperSoft, []int{3, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", 3, tc.tyre)
			for lap, want := range tc.byLap {
				h.car(1).TyreAge = lap
				assert.Equal(t, want, h.g.overshootFactor(h.car(1)), "set lap %d", lap+1)
			}
		})
	}
}

// 8-C's "Bend movement" row (fdrSlideAmount, R8.13: a stop owed in the
// corner): monsoon tyres slide 1 in a deluge where rain tyres slide 2,
// and 3 in the rain (league AMB-26), or 1 with monsoon_rain_slide=1; dry
// tyres keep the rain's 3, which 8-A still counts by the gear.
func TestVariant8CSlides(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		slide   int
	}{
		{"deluge, monsoon: 1", []string{"3-A", "8-C"}, Deluge, Monsoon, 1},
		{"deluge, rain tyres: 2", []string{"3-A", "8-C"}, Deluge, RainTyre, 2},
		{"rain, monsoon: 3", []string{"8-C"}, Wet, Monsoon, 3},
		{"rain, monsoon with monsoon_rain_slide=1: 1", []string{"8-C:monsoon_rain_slide=1"}, Wet, Monsoon, 1},
		{"rain, rain tyres: 1", []string{"8-C"}, Wet, RainTyre, 1},
		{"rain, hard with 8-A(a) in 4th: 3", []string{"8-C", "8-A"}, Wet, Hard, 3},
		{"rain, hard with 8-A(b) in 4th: 4", []string{"8-C", "8-A:slide=b"}, Wet, Hard, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "b.4.1", 4, tc.tyre)
			h.gear(4, 7)
			ops := h.find(func(op Option) bool { return op.Braked == 0 && op.Blocked == 0 })
			require.NotEmpty(t, ops)
			for _, op := range ops {
				assert.Equal(t, tc.slide, op.Slide, "%s", h.name(op.End))
			}
		})
	}
}

// 8-C's "Wheelspin" row at the start (R9.2): on a wet track a start roll
// of 1–3 stalls a car on dry tyres, where the base stalls on a 1 only;
// rain tyres keep the 1.
func TestVariant8CWheelspin(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec []string
		tyre Tyre
		want string
	}{
		{"8-C, rain, soft: 3 stalls", []string{"8-C"}, Soft, "start car=1 result=stall"},
		{"base, rain, soft: 3 starts", nil, Soft, "start car=1 result=normal"},
		{"8-C, rain, rain tyres: 3 starts", []string{"8-C"}, RainTyre, "start car=1 result=normal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := raceOnTyres(t, fdrVariantCfg(t, tc.spec...), 18, tc.tyre, 3, 2, 2, 2)
			assert.Equal(t, Wet, g.Weather())
			assert.Equal(t, []string{tc.want}, eventsOf(g, "start"))
		})
	}
}

// 8-C's "Aquaplaning" row (PlayEnd), on a 6-C box whose raw d20 it reads
// (league AMB-01): soft tyres in the rain aquaplane in 4th from 15: the
// move keeps its spaces and the car drops to 3rd as its play ends, free
// (league AMB-26); a 14 does not; without 8-C, or on the classic gear
// dice, nothing happens. The next gear choice starts from 3rd.
func TestVariant8CAquaplaning(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name string
		spec []string
		tyre Tyre
		raw  int
		aqua bool
	}{
		{"8-C, soft, 4th, 15: aquaplaning", []string{"6-C", "8-C"}, Soft, 15, true},
		{"8-C, soft, 4th, 14: none", []string{"6-C", "8-C"}, Soft, 14, false},
		{"8-C, rain tyres, 4th, 20: none (5th or 6th only)", []string{"6-C", "8-C"}, RainTyre, 20, false},
		{"without 8-C, soft, 4th, 15: none", []string{"6-C"}, Soft, 15, false},
		{"8-C on the gear dice, 12: none (no raw d20)", []string{"8-C"}, Soft, 12, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, Wet, "long.2.1", 3, tc.tyre)
			h.gear(4, tc.raw)
			h.pick(func(op Option) bool { return !op.Stop && op.Braked == 0 })
			aqua := eventsOf(h.g, "aquaplaning")
			if !tc.aqua {
				assert.Empty(t, aqua)
				assert.Equal(t, 4, h.car(1).Gear)
				return
			}
			assert.Equal(t, []string{fmt.Sprintf("aquaplaning car=1 type=soft raw=%d gear=3", tc.raw)}, aqua)
			assert.Equal(t, 3, h.car(1).Gear)
			assert.Equal(t, 4, h.gears()[0], "the next choice starts from 3rd")
			p := EventPhrase(c, ev("aquaplaning", "car", 1, "type", Soft, "raw", 15, "gear", 3))
			assert.Equal(t, "ev.aquaplaning", p.Key)
		})
	}
}

// The monsoon tyre at the tyre choices (TyreMatrix on R8.1 and R19.14):
// offered for a wet race and at a pit stop in the wet, never on a dry
// track ("forbidden on a dry track"); each tyre's option says its cell
// (fact.tyre-cell). The autopilot fits monsoons in a deluge (3-A), rain
// tyres in the rain.
func TestVariant8CMonsoonOffered(t *testing.T) {
	tyresOf := func(d *Decision) []Tyre {
		var out []Tyre
		for _, op := range d.Options {
			if len(out) == 0 || out[len(out)-1] != op.Tyre {
				out = append(out, op.Tyre)
			}
		}
		return out
	}
	raceChoice := func(t *testing.T, cfg Config, face int) (*Game, *Decision) {
		cfg.Sessions = 0
		g, err := NewGame("8-C", cfg, fdrLab(t), 2)
		require.NoError(t, err)
		src := dice.NewScripted(10, 5, face)
		require.NoError(t, g.Start(src))
		for g.setupStage < setupDone {
			o, ok := Autopilot(g)
			require.True(t, ok)
			if d := g.setupPending[o.Car]; d != nil && d.Kind == DecideTyres {
				return g, d
			}
			require.NoError(t, g.Submit(o, src))
		}
		t.Fatal("no tyre choice")
		return nil, nil
	}
	g, d := raceChoice(t, fdrVariantCfg(t, "8-C"), 18)
	assert.Equal(t, []Tyre{Hard, Soft, RainTyre, Monsoon}, tyresOf(d), "a wet race: monsoon offered")
	facts := g.OptionFacts(d, d.Options[3])
	require.Len(t, facts, 2)
	assert.Equal(t, "fact.tyre-cell", facts[1].Key)
	assert.Equal(t, []any{6, 2, 2}, facts[1].Args, "rain, monsoon: 6th, 2 a square for two set laps")
	assert.Equal(t, []any{5, 3, 1}, g.OptionFacts(d, d.Options[1])[1].Args, "rain, soft: 5th, 3 a square for one set lap")

	_, d = raceChoice(t, fdrVariantCfg(t, "8-C"), 5)
	assert.Equal(t, []Tyre{Hard, Soft, RainTyre}, tyresOf(d), "a dry race: no monsoon")
	_, d = raceChoice(t, fdrVariantCfg(t, "8-B", "8-C"), 18)
	assert.Equal(t, []Tyre{Hard, Soft, RainTyre, SuperSoft, Monsoon}, tyresOf(d), "8-B and 8-C: both compounds")
	_, d = raceChoice(t, fdrConfig(), 18)
	assert.Equal(t, []Tyre{Hard, Soft, RainTyre}, tyresOf(d), "without 8-C: the base's three")

	g = raceWeatherFor(t, fdrVariantCfg(t, "3-A", "8-C"), 20, 5, 2, 5, 2)
	assert.Equal(t, Deluge, g.Weather())
	assert.Equal(t, []string{"tyres car=1 type=monsoon", "tyres car=2 type=monsoon"}, eventsOf(g, "tyres"), "the autopilot fits monsoons for a deluge")
	g = raceWeatherFor(t, fdrVariantCfg(t, "3-A"), 20, 5, 2, 5, 2)
	assert.Equal(t, []string{"tyres car=1 type=rain", "tyres car=2 type=rain"}, eventsOf(g, "tyres"), "without 8-C: rain tyres")
	g = raceWeatherFor(t, fdrVariantCfg(t, "3-A", "8-C"), 18, 5, 2, 5, 2)
	assert.Equal(t, []string{"tyres car=1 type=rain", "tyres car=2 type=rain"}, eventsOf(g, "tyres"), "8-C in the rain: rain tyres")
}

// At a pit stop (R19.14) in a deluge the monsoon is offered, its option
// says its cell, and the autopilot takes it; in the dry it is not.
func TestVariant8CMonsoonAtThePits(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		weather WeatherState
		offered bool
	}{
		{"deluge", Deluge, true},
		{"fine", Fine, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car := fdrAt("home.0.0", 2).laps(1).tyre(RainTyre, 1)
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "3-A", "8-C"), Position{Round: 1, Weather: tc.weather, Cars: []CarPosition{car, fdrAt("long.20.1", 2)}})
			h.gear(2, 4)
			h.move("box.1")
			d := h.expect(1, DecidePit)
			opts := d.Options
			var monsoon []Option
			for _, op := range opts {
				if op.Tyre == Monsoon {
					monsoon = append(monsoon, op)
				}
			}
			if !tc.offered {
				assert.Empty(t, monsoon)
				return
			}
			require.NotEmpty(t, monsoon)
			var keys []string
			for _, f := range h.g.OptionFacts(d, monsoon[0]) {
				keys = append(keys, f.Key)
			}
			assert.Contains(t, keys, "fact.tyre-cell")
			assert.Equal(t, Monsoon, opts[indexOfLetter(opts, h.g.autoPit(d))].Tyre, "the autopilot takes monsoons in a deluge")
		})
	}
}

// indexOfLetter is the index of the option with letter l.
func indexOfLetter(opts []Option, l string) int {
	for i, op := range opts {
		if op.Letter == l {
			return i
		}
	}
	return -1
}

// The parameter of the contested cell is refused with a sentence.
func TestVariant8CRefusesItsParameter(t *testing.T) {
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("8-C:monsoon_rain_slide=2"), "monsoon_rain_slide")
}

// 8-C's "Boosters" row (5-A's Declarable reads Turn.BoostAllowed): in the
// rain dry tyres never boost, rain and monsoon tyres only in 6th; in a
// deluge (3-A, with or without 8-C) nobody boosts; in the fine every
// gear 5-A allows.
func TestVariant8CBoosters(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		spec    []string
		weather WeatherState
		tyre    Tyre
		marks   []string
	}{
		{"fine, hard: 5B and 6B", []string{"5-A", "8-C"}, Fine, Hard, []string{"6B", "5B"}},
		{"base rain, hard: 5B and 6B", []string{"5-A"}, Wet, Hard, []string{"6B", "5B"}},
		{"8-C rain, hard: none", []string{"5-A", "8-C"}, Wet, Hard, nil},
		{"8-C rain, rain tyres: 6B only", []string{"5-A", "8-C"}, Wet, RainTyre, []string{"6B"}},
		{"8-C rain, monsoon: 6B only", []string{"5-A", "8-C"}, Wet, Monsoon, []string{"6B"}},
		{"3-A deluge, rain tyres: none", []string{"3-A", "5-A"}, Deluge, RainTyre, nil},
		{"3-A and 8-C deluge, monsoon: none", []string{"3-A", "5-A", "8-C"}, Deluge, Monsoon, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", 5, tc.tyre)
			var marks []string
			// "B", the boost's letter a player writes after the gear ("5B")
			for _, op := range h.find(func(op Option) bool { return op.Declared() == "B" }) {
				marks = append(marks, op.Letter)
			}
			assert.Equal(t, tc.marks, marks)
		})
	}
}

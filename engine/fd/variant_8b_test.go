package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 8-B: the super-soft is offered at every tyre choice (the TyreCompound
// hook on R8.1), at the race's start and at a pit stop; without 8-B the
// base's three.
func TestVariant8BSuperSoftOffered(t *testing.T) {
	tyres := func(d *Decision) []Tyre {
		var out []Tyre
		for _, op := range d.Options {
			if !slices.Contains(out, op.Tyre) {
				out = append(out, op.Tyre)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		cfg  Config
		want []Tyre
	}{
		{"8-B", fdrVariantCfg(t, "8-B"), []Tyre{Hard, Soft, RainTyre, SuperSoft}},
		{"without 8-B", fdrConfig(), []Tyre{Hard, Soft, RainTyre}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame("8-B", tc.cfg, fdrLab(t), 1)
			require.NoError(t, err)
			g.askSetup(1, DecideTyres)
			assert.Equal(t, tc.want, tyres(g.setupPending[1]), "the race's tyres")
			_, pit := intoThePit(t, tc.cfg, worn(fdrDefaultBuild(), 2))
			assert.Equal(t, tc.want, tyres(pit), "a pit stop's tyres")
		})
	}
	t.Run("8-B refuses an exact_bonus it does not know", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("8-B:exact_bonus=maybe"), "exact_bonus")
	})
}

// 8-B's bonus and wear: on a dry track and the set's first lap the moves
// may add one or two spaces (exactly two with exact_bonus=yes), where
// soft tyres add one (R8.5); not on the set's second lap, not in the wet
// (R8.6). An overshot square costs the soft's factor +1 on the first lap
// (3 dry, 4 in a heatwave where the soft's is 3), 3 on the second.
func TestVariant8BBonusAndWear(t *testing.T) {
	c := fdrLab(t)
	bonuses := func(h *harness) []int {
		var out []int
		for _, op := range h.find(func(op Option) bool { return op.Bonus }) {
			n := max(1, op.Compound)
			assert.Len(t, op.Path, 8+n, "the roll and its bonus")
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		name    string
		spec    string
		weather WeatherState
		car     CarPosition
		want    []int
	}{
		{"super-soft, set lap 1: +1 or +2", "8-B", Fine, fdrAt("c.0.1", 4).tyre(SuperSoft, 0), []int{1, 2}},
		{"super-soft, exact: +2", "8-B:exact_bonus=yes", Fine, fdrAt("c.0.1", 4).tyre(SuperSoft, 0), []int{2}},
		{"super-soft, set lap 2: none", "8-B", Fine, fdrAt("c.0.1", 4).tyre(SuperSoft, 1), nil},
		{"super-soft in the wet: none", "8-B", Wet, fdrAt("c.0.1", 4).tyre(SuperSoft, 0), nil},
		{"soft, set lap 1: +1 (R8.5)", "8-B", Fine, fdrAt("c.0.1", 4).tyre(Soft, 0), []int{1}},
		{"super-soft in a heatwave (3-B): +1 or +2", "8-B 3-B", Heatwave, fdrAt("c.0.1", 4).tyre(SuperSoft, 0), []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, strings.Fields(tc.spec)...), Position{Round: 1, Weather: tc.weather, Cars: []CarPosition{tc.car}})
			h.gear(4, 8)
			assert.Equal(t, tc.want, bonuses(h))
		})
	}

	t.Run("the move's record says the bonus", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 4).tyre(SuperSoft, 0)}})
		h.gear(4, 8)
		op := h.pick(func(op Option) bool { return op.Compound == 2 })
		assert.Contains(t, strings.Join(h.since(), "\n"), "bonus=2", "%s", h.name(op.End))
	})

	t.Run("overshoot factors", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-B", "3-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 4).tyre(SuperSoft, 0)}})
		g, car := h.g, h.car(1)
		for _, tc := range []struct {
			weather WeatherState
			age     int
			want    int
		}{
			{Fine, 0, 3}, {Fine, 1, 3}, // soft ×2 +1, then 3
			{Wet, 0, 3}, {Wet, 1, 3}, // soft wet ×2 +1 (R8.6)
			{Heatwave, 0, 4}, {Heatwave, 1, 3}, // the heatwave's soft 3 +1, then 3 (league AMB-25: literal)
		} {
			g.weather, car.TyreAge = tc.weather, tc.age
			assert.Equal(t, tc.want, g.overshootFactor(car), "%s, set lap %d", tc.weather, tc.age+1)
		}
	})
}

// 8-B's third lap: a car crossing the line into its set's third lap on
// super-softs has no tyre point left until it changes them (a
// tyres-spent event); into the second lap, or on soft tyres, nothing
// happens (the crossLine of R21, TyreCompound.SetLaps).
func TestVariant8BNoThirdLap(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name  string
		tyre  Tyre
		age   int
		spent bool
	}{
		{"super-soft into set lap 3: spent", SuperSoft, 1, true},
		{"super-soft into set lap 2: kept", SuperSoft, 0, false},
		{"soft into set lap 3: kept", Soft, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car := fdrAt("home.4.1", 4).tyre(tc.tyre, tc.age)
			car.Laps = 1
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{car}})
			h.gear(4, 10)
			h.pick(func(op Option) bool { return len(op.Path) == 10 && op.Braked == 0 && !op.Bonus })
			require.Equal(t, 2, h.car(1).Laps, "the car crossed the line")
			events := strings.Join(h.since(), "\n")
			if tc.spent {
				assert.Zero(t, h.car(1).Wear[Tyres])
				assert.Contains(t, events, "tyres-spent car=1 type=supersoft lap=3")
			} else {
				assert.Positive(t, h.car(1).Wear[Tyres])
				assert.NotContains(t, events, "tyres-spent")
			}
		})
	}
}

// The spent set is news a player reads (internal/phrasebook says it in
// English and French, TestEveryEventIsToldInBothLanguages), as are the
// super-soft's tyre name and the weathers of 3-A and 3-B.
func TestVariant8BSpentIsTold(t *testing.T) {
	p := EventPhrase(fdrLab(t), ev("tyres-spent", "car", 1, "type", SuperSoft, "lap", 3))
	require.False(t, p.IsZero())
	assert.Equal(t, "ev.tyres-spent", p.Key)
	assert.Contains(t, fmt.Sprint(p.Args), "tyre.supersoft")
	for _, w := range []WeatherState{Deluge, Heatwave} {
		p := EventPhrase(fdrLab(t), ev("weather", "session", "race", "result", "rain", "state", w))
		assert.Contains(t, fmt.Sprint(p.Args), "weather."+w.String())
	}
}

// The autopilot fits super-softs for a race it knows dry and short enough
// for one set (one or two laps); three laps, or a wet start, it does not.
func TestVariant8BAutopilotTyres(t *testing.T) {
	for _, tc := range []struct {
		name string
		laps int
		face int
		want string
	}{
		{"fine, 2 laps: super-soft", 2, 5, "supersoft"},
		{"fine, 3 laps: hard", 3, 5, "hard"},
		{"rain, 2 laps: rain", 2, 18, "rain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrVariantCfg(t, "8-B")
			cfg.Laps = tc.laps
			g := raceWeatherFor(t, cfg, tc.face, 5, 2, 5, 2)
			assert.Equal(t, []string{"tyres car=1 type=" + tc.want, "tyres car=2 type=" + tc.want}, eventsOf(g, "tyres"))
		})
	}
}

// 2-A with 8-B (the spec's 2-A: the super-soft is a dry compound of its
// own, locked the same way): a car that qualified on super-softs is
// offered them alone for a dry race.
func TestVariant8BLockedBy2A(t *testing.T) {
	c := inlineTrack(t, strings.Replace(fdrLabTrack, "weather sun 1-12 changeable 13-16 rain 17-20", "weather sun 1-20", 1))
	cfg := fdrVariantCfg(t, "2-A", "8-B")
	cfg.Sessions = 1
	g, err := NewGame("2-A 8-B", cfg, c, 2)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("2-A 8-B"))
	require.NoError(t, g.Start(src))
	var race *Decision
	for race == nil {
		o, ok := Autopilot(g)
		require.True(t, ok)
		if d := g.setupPending[o.Car]; d != nil && d.Kind == DecideTyres && o.Car == 1 {
			qs, held := g.qualifyingState()
			require.True(t, held, "an fdr game holds its qualifying state")
			if !qs.InQualifying {
				race = d
				break
			}
			o.Letter = letterWhere(t, d, SuperSoft)
		}
		require.NoError(t, g.Submit(o, src))
	}
	require.Len(t, race.Options, 1)
	assert.Equal(t, SuperSoft, race.Options[0].Tyre)
}

// letterWhere is the letter of the decision's option fitting tyre.
func letterWhere(t *testing.T, d *Decision, tyre Tyre) string {
	t.Helper()
	for _, op := range d.Options {
		if op.Tyre == tyre {
			return op.Letter
		}
	}
	t.Fatalf("no %s tyres offered", tyre)
	return ""
}

// 8-B's warning ([DEC] "the bot warns from the pit-entry point of lap
// 2", the option facts of a move): on the set's second lap, a move that
// ends on the track past the pit entry (home.1 on the lab) or across the
// line says the super-softs will be spent on their lap 3; on the set's
// first lap, on soft tyres, on the race's last lap, or short of the pit
// entry, no option says it.
func TestVariant8BWarnsFromThePitEntryOfLap2(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name  string
		space string
		tyre  Tyre
		age   int
		laps  int
		warn  bool
	}{
		{"super-soft, set lap 2, past the pit entry: warned", "home.4.1", SuperSoft, 1, 1, true},
		{"super-soft, set lap 1: none", "home.4.1", SuperSoft, 0, 1, false},
		{"soft, set lap 2: none", "home.4.1", Soft, 1, 1, false},
		{"super-soft, set lap 2, the race's last lap: none", "home.4.1", SuperSoft, 1, 2, false},
		{"super-soft, set lap 2, far from the pit entry: none", "c.0.1", SuperSoft, 1, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car := fdrAt(tc.space, 2).tyre(tc.tyre, tc.age)
			car.Laps = tc.laps
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{car}})
			h.gear(2, 3)
			d := h.pending()
			require.Equal(t, DecideMove, d.Kind)
			for _, op := range d.Options {
				var keys []string
				for _, p := range h.g.OptionFacts(d, op) {
					keys = append(keys, p.Key)
				}
				if tc.warn {
					assert.Contains(t, keys, "fact.compound-spent-ahead", "option %s", h.name(op.End))
				} else {
					assert.NotContains(t, keys, "fact.compound-spent-ahead", "option %s", h.name(op.End))
				}
			}
			if tc.warn {
				p := h.g.OptionFacts(d, d.Options[0])
				assert.Contains(t, fmt.Sprint(p), "tyre.supersoft")
			}
		})
	}
}

// 8-B in the car's state (CarStatus): the super-softs' lap of their set,
// told by the status text; another compound says nothing.
func TestVariant8BCarStateSaysTheSetLap(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		car  CarPosition
		want []phrase.Phrase
	}{
		{fdrAt("c.0.1", 4).tyre(SuperSoft, 0), []phrase.Phrase{phrase.New("status.supersoft-first")}},
		{fdrAt("c.0.1", 4).tyre(SuperSoft, 1), []phrase.Phrase{phrase.New("status.supersoft-second")}},
		{fdrAt("c.0.1", 4).tyre(SuperSoft, 2), []phrase.Phrase{phrase.New("status.supersoft-spent")}},
		{fdrAt("c.0.1", 4).tyre(Soft, 0), nil},
	} {
		g := fdrPlayCfg(t, c, fdrVariantCfg(t, "8-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{tc.car}}).g
		assert.Equal(t, tc.want, g.CarState(1), "%s, set lap %d", tc.car.Tyre, tc.car.TyreAge+1)
	}
	g := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 4).tyre(Soft, 0)}}).g
	assert.Empty(t, g.CarState(1), "without 8-B nothing is said")
}

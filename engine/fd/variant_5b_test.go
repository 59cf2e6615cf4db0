package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// winged places a car with its 5-B wing (a position's flag).
func winged(cp CarPosition, w string) CarPosition {
	if w != WingNeutral {
		cp.Flags = append(cp.Flags, "wing-"+w)
	}
	return cp
}

// wingWritten is the 5-B wing of g's i-th car as its position line
// writes it, what a stored game keeps: the "wing-…" flag, none when
// neutral.
func wingWritten(g *Game, i int) string {
	wing := WingNeutral
	for _, f := range g.Position().Cars[i].Flags {
		if w, ok := strings.CutPrefix(f, "wing-"); ok {
			wing = w
		}
	}
	return wing
}

// 5-B: each car sets its wing before the race, once its tyres are fitted
// (the WingRule hook's decision); without 5-B no car is asked.
func TestVariant5BWingDecision(t *testing.T) {
	g := raceWeatherFor(t, fdrVariantCfg(t, "5-B"), 5, 5, 2)
	assert.Len(t, eventsOf(g, "wing"), 2, "each car sets its wing")
	assert.Empty(t, eventsOf(raceWeatherFor(t, fdrConfig(), 5, 5, 2), "wing"), "without 5-B")

	g, err := NewGame("5-B", fdrVariantCfg(t, "5-B"), fdrLab(t), 1)
	require.NoError(t, err)
	g.askSetup(1, DecideWing)
	var wings []string
	for _, op := range g.setupPending[1].Options {
		wings = append(wings, op.Wing)
	}
	assert.Equal(t, []string{WingNeutral, WingLoaded, WingUnloaded}, wings)
	require.NoError(t, g.submitSetup(Order{Car: 1, Letter: "B"}, g.setupPending[1]))
	assert.Equal(t, WingLoaded, wingWritten(g, 0))

	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("5-B:loaded=c"), "loaded")
}

// The wing's move (WingRule.Length after the roll, §0.4 step 3): in 4th
// to 6th a high wing (a) moves one space less and a low wing one more;
// below 4th, or neutral, the roll. Form (b) caps a move that stays on the
// straight at 11, 18, 26 in 4th, 5th, 6th, but not one that reaches the
// next corner; the engine tests still read the roll. The lab's straight
// c runs 44 spaces from c.0 to corner Three.
func TestVariant5BWingMove(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name       string
		spec, wing string
		at         string
		gear, roll int
		want       int
	}{
		{"neutral, 5th: the roll", "5-B", WingNeutral, "c.0.1", 5, 15, 15},
		{"high (a), 5th: one less", "5-B", WingLoaded, "c.0.1", 5, 15, 14},
		{"low, 5th: one more", "5-B", WingUnloaded, "c.0.1", 5, 15, 16},
		{"high (a), 3rd: the roll", "5-B", WingLoaded, "c.0.1", 3, 6, 6},
		{"low, 3rd: the roll", "5-B", WingUnloaded, "c.0.1", 3, 6, 6},
		{"without 5-B, a low wing flag: the roll", "", WingUnloaded, "c.0.1", 5, 15, 15},
		{"high (b), 6th on the straight: capped at 26", "5-B:loaded=b", WingLoaded, "c.0.1", 6, 28, 26},
		{"high (b), 5th on the straight: capped at 18", "5-B:loaded=b", WingLoaded, "c.0.1", 5, 19, 18},
		{"high (b), 6th reaching the corner: the roll", "5-B:loaded=b", WingLoaded, "c.20.1", 6, 28, 28},
		{"high (b), under the cap: the roll", "5-B:loaded=b", WingLoaded, "c.0.1", 6, 25, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, tc.spec)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt(tc.at, tc.gear), tc.wing)}})
			h.gear(tc.gear, tc.roll)
			d := h.expect(1, DecideMove)
			assert.Equal(t, tc.roll, d.Rolled, "the die's face is kept")
			assert.Equal(t, tc.want, d.Distance)
		})
	}

	t.Run("high (b): a capped 30 in 6th still calls the engine tests (R16.1)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B:loaded=b"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("c.0.1", 6), WingLoaded)}})
		h.gear(6, 30)
		assert.Equal(t, 26, h.expect(1, DecideMove).Distance)
		h.moveN("c.26.1", 26, 20) // the engine test
		assert.Contains(t, h.since(), "engine-test car=1")
	})
}

// The high wing's free brake (WingRule.FreeBrake, R11): form (a) spares
// the brake point of one space braked on a move that enters, crosses or
// leaves a corner; on a straight a braked space costs its point (R11.1).
// The low wing pays one tyre point more a square overshot (R10).
func TestVariant5BWingBrakesAndTyres(t *testing.T) {
	c := fdrLab(t)
	brakeOf := func(h *harness) int {
		ops := h.find(func(op Option) bool { return op.Braked == 1 && op.Blocked == 0 && !op.Bonus })
		require.NotEmpty(t, ops)
		return ops[0].Cost[Brakes]
	}
	for _, tc := range []struct {
		name       string
		wing       string
		at         string
		gear, roll int
		brakes     int
	}{
		{"high (a) into corner Two: one space braked free", WingLoaded, "b.3.1", 3, 7, 0},
		{"neutral into corner Two: one brake point", WingNeutral, "b.3.1", 3, 7, 1},
		{"high (a) on the straight: one brake point", WingLoaded, "c.0.1", 3, 7, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt(tc.at, tc.gear), tc.wing)}})
			h.gear(tc.gear, tc.roll)
			assert.Equal(t, tc.brakes, brakeOf(h))
		})
	}

	t.Run("high (b): one space braked free on a move ending in a corner", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B:loaded=b"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("b.3.1", 3), WingLoaded)}})
		h.gear(3, 7)
		assert.Zero(t, brakeOf(h), "b.3 + 6 ends in corner Two")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B:loaded=b"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("c.0.1", 3), WingLoaded)}})
		h.gear(3, 7)
		assert.Equal(t, 1, brakeOf(h), "on the straight")
	})

	t.Run("the free space braked is spared at the end of the move too", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("b.3.1", 3), WingLoaded)}})
		before := h.car(1).Wear[Brakes]
		h.gear(3, 7)
		op := h.pick(func(op Option) bool { return op.Braked == 1 && op.Blocked == 0 && !op.Bonus })
		assert.Zero(t, op.Cost[Brakes])
		assert.Equal(t, before, h.car(1).Wear[Brakes])
	})

	t.Run("low wing: +1 tyre point a square overshot", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-B"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{
			winged(fdrAt("c.0.1", 4), WingUnloaded), winged(fdrAt("long.2.1", 2).tyre(Soft, 0), WingUnloaded), fdrAt("long.4.1", 2)}})
		assert.Equal(t, 2, h.g.overshootFactor(h.car(1)), "hard ×1, +1")
		assert.Equal(t, 3, h.g.overshootFactor(h.car(2)), "soft ×2, +1")
		assert.Equal(t, 1, h.g.overshootFactor(h.car(3)), "neutral: hard ×1")
	})
}

// 5-B at a pit stop (DownforceRule, league AMB-15 [DEC]): a step of the
// wing toward high is one repair of a long stop (a pit point), a step
// toward low is free at any stop, the quick stop's die rolled as ever.
// The default build leaves 2 pit points; this car lost a brake point.
func TestVariant5BWingAtThePit(t *testing.T) {
	lowCar := winged(worn(Wear{9, 2, 2, 2, 2, 2}, 2), WingUnloaded)
	_, base := intoThePit(t, fdrConfig(), lowCar)
	for _, op := range base.Options {
		assert.Empty(t, op.Downforce, "without 5-B no stop changes a wing")
	}

	h, d := intoThePit(t, fdrVariantCfg(t, "5-B"), lowCar)
	for _, op := range d.Options {
		if op.Downforce != "" && !op.Technical {
			t.Errorf("a quick stop cannot load a low wing: %+v", op)
		}
	}
	high := pitOption(t, d, func(op Option) bool {
		return op.Technical && op.Downforce == WingLoaded && repairs(op) == 0
	})
	assert.Equal(t, 2, high.DownforceUp, "low → neutral → high: two steps")
	assert.Contains(t, h.g.OptionFacts(d, high), phrase.New("fact.wing-change", phrase.Term("wing.loaded"), 2))
	for _, op := range d.Options {
		assert.LessOrEqual(t, repairs(op)+op.DownforceUp, 2, "the wing's steps and the repairs share the 2 pit points")
	}
	h.submit(Order{Car: 1, Letter: high.Letter})
	assert.Equal(t, WingLoaded, wingWritten(h.g, 0))
	assert.Zero(t, h.g.pitPool[1], "two steps, two pit points")
	assert.Contains(t, h.since(), "wing-change car=1 setting=loaded repairs=2")

	t.Run("toward low: free, at a quick stop", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "5-B"), winged(worn(Wear{9, 2, 2, 2, 2, 2}, 2), WingLoaded))
		low := pitOption(t, d, func(op Option) bool { return !op.Technical && op.Downforce == WingUnloaded })
		assert.Zero(t, low.DownforceUp)
		assert.Contains(t, h.g.OptionFacts(d, low), phrase.New("fact.wing-change", phrase.Term("wing.unloaded"), 0))
		h.submit(Order{Car: 1, Letter: low.Letter}, 5) // the quick stop's black die: made
		assert.Equal(t, WingUnloaded, wingWritten(h.g, 0))
		assert.Equal(t, 2, h.g.pitPool[1], "no pit point spent")
	})
	t.Run("19-E: a step toward high is one of the free repairs", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "5-B", "19-E"), winged(worn(Wear{9, 2, 2, 2, 2, 2}, 0), WingNeutral))
		op := pitOption(t, d, func(op Option) bool {
			return op.Technical && op.Downforce == WingLoaded && op.Repair == Wear{Brakes: 1}
		})
		for _, o := range d.Options {
			assert.LessOrEqual(t, repairs(o)+o.DownforceUp, 2, "19-E: two free repairs, the wing's step among them")
		}
		h.submit(Order{Car: 1, Letter: op.Letter})
		assert.Equal(t, WingLoaded, wingWritten(h.g, 0))
		assert.Equal(t, "9/3/2/2/2/2", h.wear(1))
		assert.Zero(t, h.g.pitPool[1])
	})
}

// 5-B form (b): the wing is set "before the race or qualifying" (l.371):
// under FDR qualifying a wing decision follows each session's tyres and
// the wing plays in the solo lap (WingRule.BeforeQualifying); the race's
// wing is asked again once the race tyres are fitted. Form (a) is set for
// the race only: no wing before the laps, none played in them.
func TestVariant5BWingBeforeQualifying(t *testing.T) {
	toQualifying := func(t *testing.T, spec string) *Game {
		cfg := fdrVariantCfg(t, spec)
		cfg.Sessions = 1
		g, err := NewGame("5-B quali", cfg, fdrLab(t), 2)
		require.NoError(t, err)
		src := dice.NewSeeded(SeedFrom("5-B before qualifying"))
		require.NoError(t, g.Start(src))
		for g.quali == nil {
			o, ok := Autopilot(g)
			require.True(t, ok)
			if d := g.setupPending[o.Car]; d != nil && d.Kind == DecideWing {
				o.Letter = "B" // the high wing
				assert.Equal(t, WingLoaded, d.Options[1].Wing)
			}
			require.NoError(t, g.Submit(o, src))
		}
		return g
	}
	g := toQualifying(t, "5-B:loaded=b")
	assert.Len(t, eventsOf(g, "wing"), 2, "each car sets its wing before its lap")
	assert.Equal(t, WingLoaded, wingWritten(g.quali[1], 0), "the lap drives with it")
	assert.Empty(t, eventsOf(toQualifying(t, "5-B"), "wing"), "form (a): the wing is set for the race only")

	// the lap's move: a high wing (b) caps 28 in 6th on the lab's straight at 26
	lap := g.quali[1]
	c := &lap.Cars[0]
	at, ok := lap.Track.Lookup("c.0.1")
	require.True(t, ok)
	c.Space, c.Gear = at, 6
	assert.Equal(t, 26, lap.moveLength(&turn{car: c}, 28), "form (b) in qualifying")
	g = toQualifying(t, "5-B")
	lap = g.quali[1]
	c = &lap.Cars[0]
	c.Space, c.Gear = at, 5
	restoreSlots(c, append(lap.Position().Cars[0].Flags, "wing-"+WingLoaded)) // as a position gives it
	require.Equal(t, WingLoaded, wingWritten(lap, 0))
	assert.Equal(t, 15, lap.moveLength(&turn{car: c}, 15), "form (a) plays no wing in qualifying")
}

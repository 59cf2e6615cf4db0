package fd

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 10-A (core), hook RestartRule: the restart roll of a spun car (R10.14)
// of 1 puts the car out of the race under 10-A; without it the car only
// loses that play. 20 and 2–19 are the base's either way.
func TestVariant10ASevereSpin(t *testing.T) {
	c := fdrLab(t)
	restart := func(t *testing.T, on bool, rolls ...int) *harness {
		cfg := fdrConfig()
		if on {
			cfg = fdrVariantCfg(t, "10-A")
		}
		return fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("b.1.1", 1).flag("restart"), fdrAt("long.5.1", 2)}}, rolls...)
	}
	t.Run("a 1 with 10-A: out of the race", func(t *testing.T) {
		h := restart(t, true, 1)
		evs := h.since()
		assert.Contains(t, evs, "restart car=1 result=stall")
		require.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, ReasonOvershoot, h.car(1).EliminationReason(), "T8's row of a bend exit")
		assert.Contains(t, h.car(1).Cause, "stalled after its spin")
		assert.Empty(t, h.debris(), "pushed off: no marker")
		h.expect(2, DecideGear)
	})
	t.Run("a 1 without 10-A: the play is lost (R10.14)", func(t *testing.T) {
		h := restart(t, false, 1)
		assert.Contains(t, h.since(), "restart car=1 result=stall")
		assert.Equal(t, Racing, h.car(1).Status)
		assert.True(t, h.car(1).Stalled)
	})
	for _, on := range []bool{false, true} {
		h := restart(t, on, 20)
		assert.Contains(t, h.since(), "restart car=1 result=super", "10-A=%v: 20 is the base's", on)
		assert.Equal(t, 4, h.expect(1, DecideMove).Distance)
		h = restart(t, on, 11, 1)
		assert.Contains(t, h.since(), "restart car=1 result=normal", "10-A=%v: 2–19 is the base's", on)
	}
}

// Under 10-A a move that spins carries the 1 in 20 of the restart roll:
// the option's elimination risk says it (its facts and the AI read it), and
// the autopilot scores the spin lower by that chance of an elimination.
func TestVariant10ASpinRiskIsTold(t *testing.T) {
	c := fdrLab(t)
	var scores []float64
	for _, on := range []bool{false, true} {
		cfg := fdrConfig()
		if on {
			cfg = fdrVariantCfg(t, "10-A")
		}
		car := fdrAt("long.31.0", 3)
		car.Wear[Tyres], car.Wear[Brakes] = 2, 0
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{car, fdrAt("long.5.1", 2)}})
		h.gear(3, 8)
		spins := h.find(func(op Option) bool { return op.Spin && !op.Eliminated })
		require.NotEmpty(t, spins)
		risk := h.g.EliminationRisk(h.pending(), spins[0])
		if on {
			assert.InDelta(t, 0.05, risk, 1e-9, "a 1 on the black die")
		} else {
			assert.Zero(t, risk)
		}
		told := false
		for _, f := range h.g.OptionFacts(h.pending(), spins[0]) {
			told = told || f.Key == "fact.risk"
		}
		assert.Equal(t, on, told, "the option's facts give the risk")
		scores = append(scores, h.g.scoreOption(h.pending(), &spins[0]))
	}
	assert.InDelta(t, 2000*0.05, scores[0]-scores[1], 1e-9, "an elimination weighs 2000 to the autopilot")
}

// fdrRailsLab is the lab with rails along corner One (1 stop, levels
// 34–40, then straight b).
var fdrRailsLab = strings.Replace(fdrLabTrack, `corner "One" right stops=1`, `corner "One" right rails stops=1`, 1)

// railsOvershoot is the move two spaces past One with no braking.
func railsOvershoot(op Option) bool { return op.Overshoot == 2 && op.Braked == 0 }

// railsDecision is car 1 in third gear, tyres and brakes at 0, its 8 to
// move taking it two spaces past One unpaid; car 2 stands where car 1
// leaves One when exitTaken.
func railsDecision(t *testing.T, track string, spec string, exitTaken bool) *harness {
	car := fdrAt("long.31.0", 3)
	car.Wear[Tyres], car.Wear[Brakes] = 0, 0
	cfg := fdrConfig()
	if spec != "" {
		cfg = fdrVariantCfg(t, spec)
	}
	h := fdrPlayCfg(t, inlineTrack(t, track), cfg, Position{Round: 1, Cars: []CarPosition{car, fdrAt("long.5.1", 2)}})
	h.gear(3, 8)
	if exitTaken {
		s, ok := h.c.Lookup("b.0.1")
		require.True(t, ok)
		h.car(2).Space = s
	}
	h.since()
	return h
}

// railsPlay picks the unpaid overshoot of railsDecision with rolls.
func railsPlay(t *testing.T, track string, spec string, exitTaken bool, rolls ...int) *harness {
	h := railsDecision(t, track, spec, exitTaken)
	h.pick(railsOvershoot, rolls...)
	return h
}

// 10-A with rails=yes, hook UnpaidOvershootRule (league AMB-28): an
// overshoot of 2 out of railed One that the tyres (0) cannot pay (R10.8)
// is decided on the black d20 rather than eliminating the car outright.
func TestVariant10ARails(t *testing.T) {
	play := railsPlay
	t.Run("1–5: straight off, a marker at the exit", func(t *testing.T) {
		h := play(t, fdrRailsLab, "10-A:rails=yes", false, 3)
		evs := h.since()
		assert.Contains(t, evs, "roll play=1 car=1 for=rails n=0 die=black value=3")
		assert.Contains(t, evs, "rails car=1 corner=One roll=3 result=straight space=b.0.1")
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, []string{"b.0.1"}, h.debris())
	})
	t.Run("6–10: even to the inside lane, odd to the outside", func(t *testing.T) {
		h := play(t, fdrRailsLab, "10-A:rails=yes", false, 6)
		assert.Contains(t, h.since(), "rails car=1 corner=One roll=6 result=inside space=b.0.2")
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Equal(t, []string{"b.0.2"}, h.debris(), "One turns right: the inside is lane 2")
		h = play(t, fdrRailsLab, "10-A:rails=yes", false, 9)
		assert.Contains(t, h.since(), "rails car=1 corner=One roll=9 result=outside space=b.0.0")
		assert.Equal(t, []string{"b.0.0"}, h.debris())
	})
	t.Run("11–15: back on the nearest free exit space, spun", func(t *testing.T) {
		h := play(t, fdrRailsLab, "10-A:rails=yes", false, 12)
		evs := h.since()
		assert.Contains(t, evs, "rails car=1 corner=One roll=12 result=rebound space=b.0.1")
		assert.Contains(t, evs, "spin car=1 corner=One")
		assert.Equal(t, Racing, h.car(1).Status)
		assert.True(t, h.car(1).Spun)
		assert.Zero(t, h.car(1).Wear[Tyres])
		assert.Equal(t, "b.0.1", h.c.Spaces[h.car(1).Space].Name, "where it left One")
		assert.Empty(t, h.debris())
		// the exit taken, the next lane
		h = play(t, fdrRailsLab, "10-A:rails=yes", true, 12, 20, 20) // 20, 20: both collision checks beside car 2 pass
		assert.Contains(t, h.since(), "rails car=1 corner=One roll=12 result=rebound space=b.0.0")
	})
	t.Run("16–20: the runaway car, the 3 × 3 markers past the exit", func(t *testing.T) {
		h := play(t, fdrRailsLab, "10-A:rails=yes", false, 20)
		assert.Contains(t, h.since(), "rails car=1 corner=One roll=20 result=runaway space=b.0.1")
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Len(t, h.debris(), 9)
	})
	t.Run("without the rails, or without 10-A: out as in the base (R10.8)", func(t *testing.T) {
		for _, c := range []struct{ track, spec string }{{fdrLabTrack, "10-A:rails=yes"}, {fdrRailsLab, "10-A"}, {fdrRailsLab, ""}} {
			h := play(t, c.track, c.spec, false) // no rail roll
			evs := h.since()
			assert.Empty(t, kinds(evs, "rails"), "%+v", c)
			assert.Equal(t, Eliminated, h.car(1).Status, "%+v", c)
			assert.Empty(t, h.debris(), "%+v", c)
		}
	})
}

// 10-A's rails=no is the core alone; a bad value is refused with a sentence.
func TestVariant10ARailsParameter(t *testing.T) {
	cfg := fdrConfig()
	require.NoError(t, cfg.EnableVariant("10-A:rails=yes"))
	cfg = fdrConfig()
	require.NoError(t, cfg.EnableVariant("10-A:rails=no"))
	cfg = fdrConfig()
	require.Error(t, cfg.EnableVariant("10-A:rails=maybe"))
}

// 10-A's rails, hook UnpaidOvershootRule's KeptChance: the unpaid overshoot
// out of railed One is no certain elimination any more. Its option spins,
// its tyres to 0, and its risk is the 75 % of 1–10 and 16–20 plus, kept in
// on 11–15, the 1 in 20 of 10-A's restart roll; the facts say it in English
// and French and the autopilot weighs that risk, not a certain loss.
// Without the rails the option is an elimination, as in the base (R10.8).
func TestVariant10ARailsOptionRisk(t *testing.T) {
	var scores []float64
	for _, track := range []string{fdrRailsLab, fdrLabTrack} {
		h := railsDecision(t, track, "10-A:rails=yes", false)
		ops := h.find(railsOvershoot)
		require.NotEmpty(t, ops)
		op := ops[0]
		risk := h.g.EliminationRisk(h.pending(), op)
		facts := h.g.OptionFacts(h.pending(), op)
		keys := map[string]bool{}
		for _, f := range facts {
			keys[f.Key] = true
		}
		scores = append(scores, h.g.scoreOption(h.pending(), &op))
		if track == fdrLabTrack {
			assert.True(t, op.Eliminated, "no rails: R10.8")
			assert.Equal(t, 1.0, risk)
			assert.True(t, keys["fact.eliminated"])
			continue
		}
		assert.False(t, op.Eliminated)
		assert.True(t, op.Spin, "kept in, it is spun")
		assert.InDelta(t, 0.25, op.RailsKept, 1e-9, "11–15 of the black d20")
		assert.InDelta(t, 1-0.25*0.95, risk, 1e-9)
		assert.True(t, keys["fact.risk"] && keys["fact.spin"])
		assert.False(t, keys["fact.eliminated"])
		// the facts' risk is said by internal/phrasebook: "risk 76%", "risque 76 %"
		assert.Contains(t, facts, phrase.New("fact.risk", phrase.Percent(risk)))
	}
	assert.Greater(t, scores[0], scores[1], "the autopilot prefers a 25 % chance to a certain loss")
}

// 10-A's rails with 20-A's accident reading (Game.Accidents): a car the
// rail table keeps in on 11–15 is spun, not eliminated, so no accident;
// the same overshoot out on 1–5 is an overshoot accident.
func TestVariant10ARailsAccidents(t *testing.T) {
	h := railsPlay(t, fdrRailsLab, "10-A:rails=yes", false, 12)
	require.Equal(t, Racing, h.car(1).Status)
	for _, a := range h.g.Accidents() {
		assert.NotEqual(t, 1, a.Car, "kept in on 11–15: no accident")
	}
	h = railsPlay(t, fdrRailsLab, "10-A:rails=yes", false, 3)
	require.Equal(t, Eliminated, h.car(1).Status)
	var cars []int
	for _, a := range h.g.Accidents() {
		cars = append(cars, a.Car)
	}
	assert.Contains(t, cars, 1, "out on 1–5: an accident")
}

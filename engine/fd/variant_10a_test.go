package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 10-A (core), hook RestartRule: the restart roll of a spun car (R10.14)
// of 1 puts the car out of the race under 10-A; without it the car only
// loses that play. 20 and 2–19 are the base's either way.
func TestVariant10ASevereSpin(t *testing.T) {
	c := fdrLab(t)
	restart := func(t *testing.T, on bool, rolls ...int) *harness {
		cfg := FDRConfig()
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
		assert.Equal(t, ReasonOvershoot, h.car(1).Reason, "T8's row of a bend exit")
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
		cfg := FDRConfig()
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
		scores = append(scores, h.g.scoreOption(h.pending(), spins[0]))
	}
	assert.InDelta(t, 2000*0.05, scores[0]-scores[1], 1e-9, "an elimination weighs 2000 to the autopilot")
}

// 10-A refuses the rail cases it cannot play, with a sentence.
func TestVariant10ARefusesRails(t *testing.T) {
	cfg := FDRConfig()
	err := cfg.EnableVariant("10-A:rails=yes")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "need each bend's rails")
	require.NoError(t, cfg.EnableVariant("10-A:rails=no"))
}

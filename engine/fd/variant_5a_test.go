package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 5-A, hooks Declaration/DeclaredRoll/LapHook (the gear decision, the
// roll, the end-of-play engine tests): a boost declared with 5th ("5B")
// moves 5 spaces more whatever the roll, then tests the engine 1–4 for
// the race's first boost, 1–6 for the second …; twice a lap.
func TestVariant5ABoosterPoints(t *testing.T) {
	c := fdrLab(t)
	cars := func(flags ...string) []CarPosition {
		p := fdrAt("long.2.1", 4)
		p.Flags = append(p.Flags, flags...)
		return []CarPosition{p, fdrAt("long.0.0", 1)}
	}
	h := fdrPlayCfg(t, c, FDRConfig(), Position{Round: 1, Cars: cars()})
	assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "without 5-A plain gears")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars()})
	var marks []string
	for _, op := range h.find(func(op Option) bool { return op.Declared() == boostMark }) {
		marks = append(marks, op.Letter)
	}
	assert.Equal(t, []string{"5B"}, marks, "from 4th: 5th only (gear ≥ 5)")
	facts := h.g.OptionFacts(h.pending(), h.find(func(op Option) bool { return op.Letter == "5B" })[0])
	assert.Equal(t, "fact.boost", facts[len(facts)-1].Key, "the option says the boost, its test and the points left")
	h.submit(Order{Car: 1, Letter: "5B"}, 12)
	assert.Equal(t, 17, farthestPath(h), "12 + 5, whatever the roll")
	assert.Empty(t, h.find(func(op Option) bool { return len(op.Path) == 12 && op.Braked == 0 }), "the 5 are compulsory")
	h.pick(func(op Option) bool { return len(op.Path) == 17 && op.Braked == 0 }, 4)
	evs := h.since()
	assert.Contains(t, evs, "boost car=1 n=1")
	assert.Contains(t, evs, "roll play=1 car=1 for=engine n=0 die=black value=4")
	assert.Equal(t, FDRDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "the first boost's test: 1–4")
	assert.Equal(t, 1, h.car(1).Boosts)
	assert.Contains(t, h.g.Position().Events()[1].String(), "boost,boost-lap", "a position carries the boosts")

	t.Run("the second boost tests 1–6; a 20 adds the base's test (the car tests twice)", func(t *testing.T) {
		p := cars("boost", "boost-lap")
		p[0].Gear = 5
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: p})
		h.submit(Order{Car: 1, Letter: "5B"}, 20)
		h.since()
		h.pick(func(op Option) bool { return len(op.Path) == 25 && op.Braked == 0 }, 5, 6) // the base's test, then the boost's
		evs := h.since()
		assert.Len(t, kinds(evs, "roll"), 2)
		assert.Equal(t, FDRDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "5 passes the base 1–4; 6 fails the second boost's 1–6")
	})
	t.Run("twice a lap, max points a race, the lap gives them back", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars("boost", "boost-lap", "boost", "boost-lap")})
		assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "two this lap")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A:points=2/6"), Position{Round: 1, Cars: cars("boost", "boost")})
		assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "car 1 built 2 booster points, both spent")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: []CarPosition{fdrAt("home.5.1", 4).flag("boost-lap").flag("boost-lap"), fdrAt("long.0.0", 1)}})
		h.gear(4, 10)
		h.pick(func(op Option) bool { return len(op.Path) == 10 && op.Braked == 0 })
		assert.Zero(t, h.car(1).BoostsLap, "a new lap")
	})
	t.Run("refused parameters", func(t *testing.T) {
		cfg := FDRConfig()
		err := cfg.EnableVariant("5-A:points=7")
		require.Error(t, err)
		assert.True(t, strings.Contains(err.Error(), "at most 6"), err.Error())
		assert.ErrorContains(t, cfg.EnableVariant("5-A:per_lap=0"), "per_lap is a number of boosts from 1 to 6")
	})
}

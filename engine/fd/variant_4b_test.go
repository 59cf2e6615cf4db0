package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 4-B (a), hook TeamBuildRule: cars 1 and 2 are team 1. Car 1 builds
// 4/3/2/5/4/4; car 2's 9/3/2/2/2/2 shares only 15 points with it (4+3+2+2+
// 2+2) and is refused under 4-B, taken without; 7/3/2/3/4/3 shares 19 and
// is taken. Once car 1 has built, car 2 is offered only what shares 18:
// preset C and car 1's own configuration.
func TestVariant4BTeamBuildsAlike(t *testing.T) {
	src := dice.NewScripted()
	first := Wear{4, 3, 2, 5, 4, 4}
	apart, alike := Wear{9, 3, 2, 2, 2, 2}, Wear{7, 3, 2, 3, 4, 3}

	base := buildStage(t, fdrConfig())
	require.NoError(t, base.Submit(Order{Car: 1, Build: first}, src))
	assert.NoError(t, base.Submit(Order{Car: 2, Build: apart}, src), "without 4-B a teammate builds as he likes (R5.2)")

	g := buildStage(t, fdrVariantCfg(t, "4-B"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: first}, src))
	before := len(g.Events)
	err := g.Submit(Order{Car: 2, Build: apart}, src)
	require.ErrorIs(t, err, ErrIllegal)
	assert.ErrorContains(t, err, "shares 15 points with car 1's 4/3/2/5/4/4, it must share 18")
	assert.Len(t, g.Events, before, "a refused configuration changes nothing")

	// 4-B(a): what two configurations share is the smaller of each
	// category's points, summed.
	shared := func(a, b Wear) int {
		n := 0
		for i := range a {
			n += min(a[i], b[i])
		}
		return n
	}
	d := g.PendingAll()
	require.Len(t, d, 1)
	var builds []Wear
	for _, op := range d[0].Options {
		assert.GreaterOrEqual(t, shared(op.Build, first), 18, "option %s", op.Letter)
		builds = append(builds, op.Build)
	}
	presets := buildStage(t, fdrConfig()).PendingAll()[0].Options // R5.2's presets as the base offers them
	require.Equal(t, "C", presets[2].Letter)
	assert.Equal(t, []Wear{presets[2].Build, first}, builds, "preset C shares 19, the others 15 to 17; the teammate's own configuration is offered")

	require.NoError(t, g.Submit(Order{Car: 2, Build: alike}, src))
	assert.Contains(t, eventsText(g), "configuration car=2 wear=7/3/2/3/4/3")
}

// Another team's configuration binds nothing: cars 1 and 2 are teams 1
// and 2 by the teams parameter.
func TestVariant4BOnlyTeammatesBind(t *testing.T) {
	src := dice.NewScripted()
	g := buildStage(t, fdrVariantCfg(t, "4-B:teams=1/2"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: Wear{9, 3, 2, 2, 2, 2}}, src))
	assert.NoError(t, g.Submit(Order{Car: 2, Build: Wear{4, 3, 2, 5, 4, 4}}, src))
}

func TestVariant4BRefusesBadParameters(t *testing.T) {
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("4-B:shared=30"), "from 1 to 22")
	assert.Error(t, cfg.EnableVariant("4-B:teams=1/1/1"), "a team has two cars at most")
	assert.ErrorContains(t, cfg.EnableVariant("4-B:mode=b,totals=19/19"), "car 1 is built on 19 points; in mode b a car has 20 to 23")
	assert.ErrorContains(t, cfg.EnableVariant("4-B:mode=b,pilots=4"), "car 1's pilot has 4 pilot points; at most 3")
	assert.ErrorContains(t, cfg.EnableVariant("4-B:mode=b,totals=2x"), "totals")
	assert.ErrorContains(t, cfg.EnableVariant("4-B:mode=c"), "mode")

	// the team's points, judged once every variant is on (Config.Validate)
	for spec, want := range map[string]string{
		"4-B:mode=b,totals=20/21":                               "cars 1 and 2 are teammates built on 20 and 21 points; in mode b a team's cars are identical",
		"4-B:mode=b,totals=23/23,pilots=1/0":                    "the team of car 1 spends 47 of its 46 points (46 − 2×23 for the cars − 1−0 for the pilots)",
		"4-B:mode=b,totals=21,pilots=1,teams=1/2|19-F:points=4": "the team of car 1 has at most 3 points left for its engineers (46 − 2×21 for the cars − 1 for the pilots), and 19-F gives its car 4",
	} {
		cfg := fdrVariantCfg(t, strings.Split(spec, "|")...) // variants apart by |
		assert.ErrorContains(t, cfg.Validate(), want, spec)
	}
	// a car without its teammate in the race may have its team's whole pool
	assert.NoError(t, fdrVariantCfg(t, "4-B:mode=b,totals=21,pilots=1,teams=1/2", "19-F:points=3").Validate())
	for _, spec := range []string{"4-B:mode=b", "4-B:mode=b,totals=23/23,pilots=0/0", "4-B:mode=b,totals=20/20/21/21,pilots=3/3/1/1"} {
		assert.NoError(t, fdrVariantCfg(t, spec).Validate(), spec)
	}
}

// 4-B (b), hooks BuildRule and TeamBuildRule: team 1 builds on 22 points
// a car (46 − 2×22 − its pilots' 1 and 1 leaves its engineers nothing).
// Car 1 builds 22 on the car; 22 is refused where the base spread says
// 20 to 22 too, but 23 is refused by the team's total. Car 2 must build
// car 1's configuration: 21 on the car and 1 in the pit is refused under
// 4-B(b), taken without; it is offered car 1's configuration alone.
func TestVariant4BTeamBudget(t *testing.T) {
	src := dice.NewScripted()
	first, other := Wear{10, 4, 2, 2, 2, 2}, Wear{9, 4, 2, 2, 2, 2}

	base := buildStage(t, fdrConfig())
	require.NoError(t, base.Submit(Order{Car: 1, Build: first}, src))
	assert.NoError(t, base.Submit(Order{Car: 2, Build: other}, src), "without 4-B a teammate builds as he likes (R5.2)")

	g := buildStage(t, fdrVariantCfg(t, "4-B:mode=b,totals=22/22,pilots=1/1"))
	assert.ErrorIs(t, g.Submit(Order{Car: 1, Build: Wear{11, 4, 2, 2, 2, 2}}, src), ErrIllegal, "23 points on a car built on 22")
	require.NoError(t, g.Submit(Order{Car: 1, Build: first}, src))
	before := len(g.Events)
	err := g.Submit(Order{Car: 2, Build: other}, src)
	require.ErrorIs(t, err, ErrIllegal)
	assert.ErrorContains(t, err, "car 2's team builds identical cars (4-B): this configuration is not car 1's 10/4/2/2/2/2")
	assert.Len(t, g.Events, before, "a refused configuration changes nothing")
	d := g.PendingAll()
	require.Len(t, d, 1)
	require.Len(t, d[0].Options, 1, "the teammate's configuration is the only one offered")
	assert.Equal(t, first, d[0].Options[0].Build)
	require.NoError(t, g.Submit(Order{Car: 2, Build: first}, src))
	assert.Contains(t, eventsText(g), "configuration car=2 wear=10/4/2/2/2/2 pit=0")

	t.Run("a car built on 20 keeps no pit point", func(t *testing.T) {
		g := buildStage(t, fdrVariantCfg(t, "4-B:mode=b"))
		assert.ErrorIs(t, g.Submit(Order{Car: 1, Build: other}, src), ErrIllegal, "21 on a car built on 20")
		assert.ErrorIs(t, g.Submit(Order{Car: 1, Build: Wear{7, 4, 2, 2, 2, 2}}, src), ErrIllegal, "19 on the car: at least 20 life points")
		require.NoError(t, g.Submit(Order{Car: 1, Build: Wear{8, 4, 2, 2, 2, 2}}, src))
		assert.Contains(t, eventsText(g), "configuration car=1 wear=8/4/2/2/2/2 pit=0")
	})
}

// 4-B (b)'s pilot points, hook DistanceModifier (§0.4 step 4): each is
// ±1 square on one move, this race; a "pilot-point" event point=team the
// league does not debit; with 23-C on, the home GP's point goes first.
func TestVariant4BPilotPoints(t *testing.T) {
	c := fdrLab(t)
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	assert.Equal(t, 1, h.g.PilotPointsLeft(1))
	h.gear(4, 10)
	plus := 0
	for _, op := range h.pending().Options {
		assert.Contains(t, []int{-1, 0, 1}, op.Top)
		if op.Top == 1 {
			plus = max(plus, len(op.Path))
		}
	}
	assert.Equal(t, 11, plus, "the roll of 10, one more")
	assert.True(t, h.g.TopSpendsPilotPoint(1))
	h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=team")
	assert.Equal(t, 0, h.g.PilotPointsLeft(1))
	h.gear(4, 10)
	for _, op := range h.pending().Options {
		assert.Zero(t, op.Top, "the pilot's one point is spent")
	}

	without := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	without.gear(4, 10)
	for _, op := range without.pending().Options {
		assert.Zero(t, op.Top, "without 4-B(b) no pilot point")
	}

	t.Run("a position carries the points spent; 23-C's goes first", func(t *testing.T) {
		cfg := fdrVariantCfg(t, "4-B:mode=b,pilots=2", "23-C:uses=1")
		spent := fdrAt("long.2.1", 3)
		spent.Flags = append(spent.Flags, "pilot-point", "pilot-point")
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{spent}})
		assert.Equal(t, 1, h.g.PilotPointsLeft(1), "the nationality point and one team point spent, one left")
		h.gear(4, 10)
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=team")
	})
}

// With 4-A on, 4-B takes 4-A's teams when it names none.
func TestVariant4BTakesTheTeamsOf4A(t *testing.T) {
	src := dice.NewScripted()
	g := buildStage(t, fdrVariantCfg(t, "4-A:teams=1/2", "4-B"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: Wear{9, 3, 2, 2, 2, 2}}, src))
	assert.NoError(t, g.Submit(Order{Car: 2, Build: Wear{4, 3, 2, 5, 4, 4}}, src), "4-A's teams: cars 1 and 2 are apart")
}

// 4-B (b)'s pilot point's other use, hooks Declaration and BlackReroll
// (the gear decision, then the car's own tests): held with 5th ("5P"), it
// rolls the black die of the first failed test again, the new result
// standing. The car is on its last engine point; a 20 in 5th calls the
// engine test (R16.3), a 3 fails it: without the point the engine blows,
// with it the 3 is rolled again and a 15 passes.
func TestVariant4BPilotPointRerollsTheBlackDie(t *testing.T) {
	c := fdrLab(t)
	lastEngine, longest := lastEngineAtLong()

	without := plainFifthBlowsTheEngine(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"))
	assert.NotContains(t, without.since(), "pilot-reroll")

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"), lastEngine())
	// "P", the letter a player writes after the gear ("5P") to hold a point
	held := h.find(func(op Option) bool { return op.Declared() == "P" })
	require.NotEmpty(t, held, "every gear again with a point held")
	facts := h.g.OptionFacts(h.pending(), held[0])
	var keys []string
	for _, f := range facts {
		keys = append(keys, f.Key)
	}
	assert.Contains(t, keys, "fact.pilot-reroll", "the option says what holding a point does and the points left")
	auto, ok := Autopilot(h.g)
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(auto.Letter, "P"), "the autopilot holds a point when a failed test would eliminate the car: %s", auto.Letter)
	h.submit(Order{Car: 1, Letter: "5P"}, 20)
	assert.Equal(t, 1, h.g.PilotPointsLeft(1), "held, not spent")
	h.pick(longest, 3, 15)
	evs := h.since()
	assert.Contains(t, evs, "pilot-reroll car=1 for=engine value=3")
	assert.Contains(t, evs, "roll play=1 car=1 for=engine n=1 die=black value=15", "the new roll stands")
	assert.Equal(t, 1, h.car(1).Wear[Engine], "the engine keeps its last point")
	assert.Equal(t, 0, h.g.PilotPointsLeft(1), "the point is spent")
	spent := lastEngine()
	spent.Cars[0].Flags = append(spent.Cars[0].Flags, "pilot-point")
	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"), spent)
	assert.Empty(t, h.find(func(op Option) bool { return op.Declared() == "P" }), "no point left to hold")

	t.Run("a held point no test needs is kept", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"), lastEngine())
		h.submit(Order{Car: 1, Letter: "5P"}, 20)
		h.pick(longest, 12)
		assert.NotContains(t, h.since(), "pilot-reroll")
		assert.Equal(t, 1, h.g.PilotPointsLeft(1))
	})
	t.Run("a car with its points intact does not hold one", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "4-B:mode=b,pilots=1"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 4)}})
		auto, ok := Autopilot(h.g)
		require.True(t, ok)
		assert.NotContains(t, auto.Letter, "P")
	})
}

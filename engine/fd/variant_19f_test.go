package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 19-F: the engineer points (PitStopRule): a sure quick stop, its exit the
// die divided by 4 rounded up (league AMB-41), and repairs in a long stop
// beyond the free and pit-point ones; the base misses a quick stop on
// 11–20 (R19.15) and repairs only from the pit points (R19.17).
func TestVariant19FEngineerPoints(t *testing.T) {
	t.Run("a sure quick stop", func(t *testing.T) {
		_, base := intoThePit(t, fdrConfig(), fdrAt("home.0.0", 2).laps(1))
		for _, op := range base.Options {
			assert.Zero(t, op.Engineer)
		}
		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=1/0", "19-G:points=0/0"), fdrAt("home.0.0", 2).laps(1))
		sure := pitOption(t, d, func(op Option) bool { return !op.Technical && op.Engineer == 1 })
		var keys []string
		for _, p := range h.g.OptionFacts(d, sure) {
			keys = append(keys, p.Key)
		}
		assert.Contains(t, keys, "fact.engineer-sure")
		h.submit(Order{Car: 1, Letter: sure.Letter}, 18)
		evs := h.since()
		assert.Contains(t, evs, "engineer-point car=1 points=1")
		assert.Contains(t, evs, "pit-quick car=1 spaces=5 gear=4 from=2", "18 / 4, rounded up")
		assert.Empty(t, kinds(evs, "mechanics-point"), "an engineers' stop earns the mechanics no point")
		assert.Equal(t, 5, h.expect(1, DecideMove).Distance)
		assert.Equal(t, 1, countFlag(h.g.Position().Cars[0].Flags, "engineer-point"), "the point spent, as a position keeps it")
	})
	t.Run("no point left, no sure stop", func(t *testing.T) {
		car := fdrAt("home.0.0", 2).laps(1)
		car.Flags = append(car.Flags, "engineer-point") // its one point spent
		_, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=1/0"), car)
		for _, op := range d.Options {
			assert.Zero(t, op.Engineer)
		}
	})
	t.Run("repairs beyond the pit points", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 2}, 1) // 4 points lost, 1 pit point
		_, base := intoThePit(t, fdrConfig(), car)
		most := 0
		for _, op := range base.Options {
			most = max(most, repairs(op))
		}
		assert.Equal(t, 1, most, "R19.17: the pit point")

		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=2/2"), car)
		three := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 3 })
		assert.Equal(t, 2, three.Engineer, "the pit point first, then two engineer points")
		h.submit(Order{Car: 1, Letter: three.Letter})
		evs := h.since()
		assert.Contains(t, evs, "engineer-point car=1 points=2")
		assert.Contains(t, evs, "pit-long car=1 pit=0")
		assert.Equal(t, 2, countFlag(h.g.Position().Cars[0].Flags, "engineer-point"), "the points spent, as a position keeps them")
	})
	t.Run("with 19-E: free points, then pit points, then engineers", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 1}, 1) // 5 points lost, 1 pit point
		_, d := intoThePit(t, fdrVariantCfg(t, "19-E:pit_repairs_too=yes", "19-F:points=2/0"), car)
		five := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 5 })
		assert.Equal(t, 2, five.Engineer)
	})
	t.Run("with 19-D: the engineers' repairs count", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 2}, 2)
		h, d := intoThePit(t, fdrVariantCfg(t, "19-D", "19-F:points=2/0"), car)
		four := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 4 })
		h.submit(Order{Car: 1, Letter: four.Letter})
		assert.Contains(t, h.since(), "pit-held car=1 repaired=4")
	})
	t.Run("a position keeps the points spent", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-F:points=3/0"), fdrAt("home.0.0", 2).laps(1))
		h.submit(Order{Car: 1, Letter: pitOption(t, d, func(op Option) bool { return op.Engineer == 1 && !op.Technical }).Letter}, 4)
		p := h.g.Position()
		g, err := NewGame("again", h.g.Config, h.c, 2)
		require.NoError(t, err)
		require.NoError(t, g.StartFrom(p, nil))
		assert.Equal(t, 1, countFlag(g.Position().Cars[0].Flags, "engineer-point"), "read back from the position")
		assert.Equal(t, []phrase.Phrase{phrase.New("status.engineers-left", 2)}, g.CarState(1), "3 points, 1 spent: the game read back tells 2 left")
	})
	t.Run("bad points are refused with a sentence", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-F:points=7/0"), "a team has at most 6")
	})
	// league-variants.md ch. 19, "Team pool engineer_points ∈ [0,6]": the
	// cap is the team's, cars paired as 4-A and 4-B pair them (ConfigRule).
	t.Run("a team's cars share 6 at most", func(t *testing.T) {
		for spec, want := range map[string]string{
			"19-F:points=6/6/6/6":                   "the team of car 1 and car 2 has 12 engineer points (6 + 6); a team has at most 6",
			"19-F:points=3/3/4/3":                   "the team of car 3 and car 4 has 7 engineer points (4 + 3)",
			"19-F:points=0/6/0/3|4-A:teams=1/2/1/2": "the team of car 2 and car 4 has 9 engineer points (6 + 3)",
			"19-F:points=4/0/3|4-B:teams=1/2/1":     "the team of car 1 and car 3 has 7 engineer points (4 + 3)",
		} {
			assert.ErrorContains(t, fdrVariantCfg(t, strings.Split(spec, "|")...).Validate(), want, spec)
		}
		for _, spec := range []string{"19-F:points=3/3/6/0/0/6", "19-F:points=6/0/6|4-A:teams=1/2/2", "19-F:points=6|4-B:teams=1/1"} {
			assert.NoError(t, fdrVariantCfg(t, strings.Split(spec, "|")...).Validate(), spec)
		}
	})
}

// 19-F's third use, hook BuildTune: once car 1 has given its
// configuration, its engineers add a point of engine (tune=engine), one of
// its two points; the event says so and the car starts on the tuned
// configuration, beyond the 22 of R5.2. The point spent leaves one for
// the pit: no long stop repairs two beyond the pit points.
func TestVariant19FTunesTheCarBeforeTheRace(t *testing.T) {
	src := dice.NewScripted()
	given := Wear{4, 3, 2, 5, 4, 4}

	base := buildStage(t, fdrVariantCfg(t, "19-F:points=2/0"))
	require.NoError(t, base.Submit(Order{Car: 1, Build: given}, src))
	assert.Equal(t, given, base.car(1).Wear, "without a tune the car is as given")
	assert.NotContains(t, eventsText(base), "engineer-tune")

	g := buildStage(t, fdrVariantCfg(t, "19-F:points=2/0,tune=engine/-"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: given}, src))
	text := eventsText(g)
	assert.Contains(t, text, "configuration car=1 wear=4/3/2/5/4/4 pit=0\nengineer-tune car=1 category=engine")
	assert.Equal(t, Wear{4, 3, 2, 5, 5, 4}, g.car(1).Wear, "one engine point more: 23 on the car")
	assert.Equal(t, Wear{4, 3, 2, 5, 5, 4}, g.startWear[1], "the repairs' cap is the tuned car")
	assert.Equal(t, []phrase.Phrase{phrase.New("status.engineers-left", 1)}, g.CarState(1), "one point left for the stops")

	t.Run("a position keeps the tuned car, its spread judged before the tune", func(t *testing.T) {
		tuned := fdrAt("long.2.1", 3).build(Wear{4, 3, 2, 5, 5, 4}, 0)
		h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "19-F:points=2,tune=engine"), Position{Round: 1, Cars: []CarPosition{tuned}})
		assert.Equal(t, Wear{4, 3, 2, 5, 5, 4}, h.g.startWear[1])
		g, err := NewGame("untuned", fdrVariantCfg(t, "19-F:points=2"), fdrLab(t), 1)
		require.NoError(t, err)
		tuned.Car = 1
		assert.ErrorContains(t, g.StartFrom(Position{Round: 1, Cars: []CarPosition{tuned}}, dice.NewScripted()), "R5.2", "untuned, 23 on the car is one too many")
	})
	t.Run("refused: more tunes than points, a characteristic twice, a name unknown", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-F:points=2/1,tune=engine/gas+body"), "car 2's engineers improve 2 characteristics with 1 engineer points")
		assert.ErrorContains(t, cfg.EnableVariant("19-F:points=2,tune=engine+engine"), "engine twice for one car")
		assert.ErrorContains(t, cfg.EnableVariant("19-F:points=2,tune=wings"), `"wings" is not a characteristic`)
		assert.NoError(t, cfg.EnableVariant("19-F:points=2,tune=gas+handling"))
	})
}

// 4-B(b) and 19-F together: team 1 builds 20-point cars, its pilots take
// 3 and 2 points, its one engineer point is car 1's, spent on its brakes.
// Car 2 builds against what car 1 gave, not its tuned car; the budget is
// refused when 19-F's points and the team's rest disagree.
func TestVariant4BTeamBudgetWith19FTune(t *testing.T) {
	src := dice.NewScripted()
	given := Wear{8, 4, 2, 2, 2, 2}
	cfg := fdrVariantCfg(t, "4-B:mode=b,pilots=3/2", "19-F:points=1/0,tune=brakes")
	require.NoError(t, cfg.Validate())
	g := buildStage(t, cfg)
	require.NoError(t, g.Submit(Order{Car: 1, Build: given}, src))
	assert.Equal(t, Wear{8, 5, 2, 2, 2, 2}, g.car(1).Wear)
	d := g.PendingAll()
	require.Len(t, d, 1)
	require.Len(t, d[0].Options, 1)
	assert.Equal(t, given, d[0].Options[0].Build, "the teammate is offered what car 1 gave")
	require.NoError(t, g.Submit(Order{Car: 2, Build: given}, src))
	assert.Equal(t, given, g.car(2).Wear, "car 2 has no engineer point")

	bad := fdrVariantCfg(t, "4-B:mode=b,pilots=3/2", "19-F:points=1/1")
	assert.ErrorContains(t, bad.Validate(), "the team of car 1 has 1 points left for its engineers (46 − 2×20 for the cars − 3−2 for the pilots), and 19-F gives its cars 2: the two must agree")
}

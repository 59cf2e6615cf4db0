package fd

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
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
	h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars()})
	assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "without 5-A plain gears")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars()})
	var marks []string
	for _, op := range h.find(func(op Option) bool { return op.Declared() == "B" }) {
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
	assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "the first boost's test: 1–4")
	assert.Equal(t, 1, countFlag(h.g.Position().Cars[0].Flags, "boost"), "the race's first boost")
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
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "5 passes the base 1–4; 6 fails the second boost's 1–6")
	})
	t.Run("twice a lap, max points a race, the lap gives them back", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars("boost", "boost-lap", "boost", "boost-lap")})
		assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "two this lap")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A:points=2/6"), Position{Round: 1, Cars: cars("boost", "boost")})
		assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "car 1 built 2 booster points, both spent")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: []CarPosition{fdrAt("home.5.1", 4).flag("boost-lap").flag("boost-lap"), fdrAt("long.0.0", 1)}})
		h.gear(4, 10)
		h.pick(func(op Option) bool { return len(op.Path) == 10 && op.Braked == 0 })
		assert.Equal(t, 1, h.car(1).Laps, "over the line")
		assert.NotContains(t, h.g.Position().Cars[0].Flags, "boost-lap", "a new lap")
	})
	t.Run("refused parameters", func(t *testing.T) {
		cfg := fdrConfig()
		err := cfg.EnableVariant("5-A:points=7")
		require.Error(t, err)
		assert.True(t, strings.Contains(err.Error(), "at most 6"), err.Error())
		assert.ErrorContains(t, cfg.EnableVariant("5-A:per_lap=0"), "per_lap is a number of boosts from 1 to 6")
	})
}

// 5-A's booster points are one build point each (AMB-14: the 22 include
// them), and so are 16-F's (AMB-37: 16-F implies 5-A's build
// characteristic), hook BuildShare: a car built with 6 has 16 for its
// categories and pit, its build decision offers only those and says the
// boosters; a car built with none spreads the 22; a 22-point car is
// refused with the reason, the game unchanged.
func TestVariant5ABoostersComeOutOfTheBuild(t *testing.T) {
	for _, id := range []string{"5-A", "16-F"} {
		t.Run(id, func(t *testing.T) {
			g, err := NewGame(id, fdrVariantCfg(t, id+":points=6/0"), fdrLab(t), 2)
			require.NoError(t, err)
			for _, tc := range []struct {
				car, boosters int
			}{{1, 6}, {2, 0}} {
				g.askSetup(tc.car, DecideBuild)
				d := g.setupPending[tc.car]
				require.NotEmpty(t, d.Options)
				for _, op := range d.Options {
					assert.Equal(t, BaseSpread.Total-tc.boosters, op.Build.CarPoints()+op.Pits, "car %d %v: the categories and the pit spread the rest", tc.car, op.Build)
					require.NoError(t, buildFits(op.Build, g.spread(tc.car)), "every option is a legal build")
					facts := g.OptionFacts(d, op)
					if tc.boosters > 0 {
						assert.Equal(t, phrase.New("fact.booster-points", 6), facts[len(facts)-1], "the option says its booster points")
					} else {
						assert.NotContains(t, facts, phrase.New("fact.booster-points", 0))
					}
				}
			}
			err = submitBuild(g, 1, fdrDefaultBuild())
			assert.ErrorContains(t, err, "car 1 builds 6 booster points of its 22 (league "+id+"): the car has 20 points; put 14, 15 or 16 on the car")
			assert.Empty(t, g.Events, "a refused build changes nothing")
			require.NoError(t, submitBuild(g, 1, Wear{5, 3, 2, 2, 2, 2}))
			assert.Equal(t, 0, g.pitPool[1], "6 boosters and 16 on the car: no pit point")
			require.NoError(t, submitBuild(g, 2, fdrDefaultBuild()))
			assert.Equal(t, 2, g.pitPool[2], "no booster: the base's 22")
		})
	}

	t.Run("with 5-E2 the telemetry point comes out of the rest", func(t *testing.T) {
		g, err := NewGame("5-A+5-E2", fdrVariantCfg(t, "5-A:points=6", "5-E2"), fdrLab(t), 1)
		require.NoError(t, err)
		g.askSetup(1, DecideBuild)
		for _, op := range g.setupPending[1].Options {
			assert.Equal(t, BaseSpread.Total-6-1, op.Build.CarPoints()+op.Pits, "%v", op.Build)
			assert.NoError(t, buildFits(op.Build, g.spread(1)))
		}
	})

	t.Run("with 4-B the booster points count among the points a team's cars share", func(t *testing.T) {
		g, err := NewGame("5-A+4-B", fdrVariantCfg(t, "5-A:points=6/6", "4-B"), fdrLab(t), 2)
		require.NoError(t, err)
		w := Wear{5, 3, 2, 2, 2, 2}
		require.NoError(t, submitBuild(g, 1, w))
		assert.NoError(t, submitBuild(g, 2, w), "16 on the car and 6 boosters alike: 22 in common, 18 asked")
	})

	t.Run("records with and without the booster build differ in the configurations", func(t *testing.T) {
		built := func(spec string) []string {
			g := checkedVariantRace(t, fdrVariantCfg(t, spec), fdrLab(t), "5-A-build", 2, "boosters")
			var out []string
			for _, e := range g.Events {
				if e.Kind == "configuration" {
					out = append(out, e.String())
				}
			}
			return out
		}
		for _, id := range []string{"5-A", "16-F"} {
			six, none := built(id+":points=6/6"), built(id+":points=0/0")
			require.Len(t, six, 2)
			assert.NotEqual(t, none, six, id)
			for _, e := range six {
				w, _ := ParseWearCompact(strings.Fields(strings.SplitAfter(e, "wear=")[1])[0])
				assert.Equal(t, 16, w.CarPoints(), "%s: the autopilot's build keeps the 6 boosters: %s", id, e)
			}
		}
	})
}

// 5-A with the weather (hook DeclaredRoll, league 3-B and 8-C): the
// boost's test moves as the weather moves the base's 1–4 — 1–4 in the
// fine, 1–5 in a heatwave (3-B), 1–3 in the rain (the base's and 8-C's
// rain-tyre cell); the option says the moved test.
func TestVariant5ABoostTestFollowsTheWeather(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name        string
		spec        []string
		weather     WeatherState
		tyre        Tyre
		gear, limit int
	}{
		{"fine: 1–4", []string{"5-A"}, Fine, Hard, 4, 4},
		{"3-B heatwave: 1–5", []string{"5-A", "3-B"}, Heatwave, Hard, 4, 5},
		{"base rain: 1–3", []string{"5-A"}, Wet, RainTyre, 4, 3},
		{"8-C rain, rain tyres in 6th: the cell's 1–3", []string{"5-A", "8-C"}, Wet, RainTyre, 5, 3}, // 8-C: rain tyres boost in 6th only
	} {
		for _, black := range []int{tc.limit, tc.limit + 1} {
			t.Run(fmt.Sprintf("%s, black %d", tc.name, black), func(t *testing.T) {
				h := oneCarOn(t, c, tc.spec, tc.weather, "long.2.1", tc.gear, tc.tyre)
				letter := strconv.Itoa(tc.gear+1) + "B"
				ops := h.find(func(op Option) bool { return op.Letter == letter })
				require.Len(t, ops, 1)
				facts := h.g.OptionFacts(h.pending(), ops[0])
				const boostSpaces = 5 // a boost's compulsory spaces
				assert.Equal(t, phrase.New("fact.boost", boostSpaces, tc.limit, 6), facts[len(facts)-1], "the option says the moved test")
				roll := map[int]int{4: 12, 5: 21}[tc.gear]
				h.submit(Order{Car: 1, Letter: letter}, roll)
				h.pick(func(op Option) bool { return len(op.Path) == roll+boostSpaces && op.Braked == 0 }, black)
				lost := 0
				if black <= tc.limit {
					lost = 1
				}
				assert.Equal(t, fdrDefaultBuild()[Engine]-lost, h.car(1).Wear[Engine], "fails at the moved limit, passes above it")
			})
		}
	}
}

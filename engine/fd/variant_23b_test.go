package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// A ledger's build point (23-A(h), 23-B(a)(b)) through the BuildBonus
// hook: the car it is given spreads 23 points, 21 to 23 on the car and at
// most 2 in the pit (23-A(h) "a 23-point configuration, with at most 2 pit
// points"); a car without one keeps R5.2's 22.
func TestVariant23BuildPointSpreads23(t *testing.T) {
	twentyThree := Wear{10, 4, 3, 2, 2, 2}
	for _, spec := range []string{"23-A:build=1/0", "23-B:scheme=a,build=1/0", "23-B:scheme=b,build=1/0"} {
		t.Run(spec, func(t *testing.T) {
			base := buildStage(t, fdrConfig())
			led := buildStage(t, fdrVariantCfg(t, spec))
			src := dice.NewScripted()

			before := len(base.Events)
			require.ErrorIs(t, base.Submit(Order{Car: 1, Build: twentyThree}, src), ErrIllegal, "R5.2: 22 at most")
			assert.Len(t, base.Events, before, "a refused configuration changes nothing")
			require.NoError(t, led.Submit(Order{Car: 1, Build: twentyThree}, src))
			assert.Contains(t, eventsText(led), "configuration car=1 wear=10/4/3/2/2/2 pit=0")

			// 20 on the car would leave 3 in the pit: at most 2 (23-A(h))
			err := led.Submit(Order{Car: 2, Build: Wear{8, 4, 2, 2, 2, 2}}, src)
			require.NoError(t, err, "car 2 has no point: R5.2's 22, 20 on the car")
			assert.Equal(t, 2, led.pitPool[2])
			assert.Equal(t, Spread{Total: 23, CarMin: 21, CarMax: 23}, led.spread(1))
		})
	}
	t.Run("the pit keeps at most 2", func(t *testing.T) {
		g := buildStage(t, fdrVariantCfg(t, "23-A:build=1/0"))
		err := g.Submit(Order{Car: 1, Build: Wear{8, 4, 2, 2, 2, 2}}, dice.NewScripted())
		require.ErrorIs(t, err, ErrIllegal)
		assert.ErrorContains(t, err, "put 21, 22 or 23 on the car, the rest of the 23 goes to the pit")
	})
	t.Run("23-A and 23-B each give one: 24", func(t *testing.T) {
		g := buildStage(t, fdrVariantCfg(t, "23-A:build=1/0", "23-B:scheme=a,build=1/1"))
		assert.Equal(t, Spread{Total: 24, CarMin: 22, CarMax: 24}, g.spread(1))
		assert.Equal(t, Spread{Total: 23, CarMin: 21, CarMax: 23}, g.spread(2))
	})
	t.Run("on top of a season pot's total (5-E)", func(t *testing.T) {
		g := buildStage(t, fdrVariantCfg(t, "5-E:totals=18/24", "23-A:build=1/1"))
		assert.Equal(t, Spread{Total: 19, CarMin: 19, CarMax: 19}, g.spread(1))
		assert.Equal(t, Spread{Total: 25, CarMin: 23, CarMax: 23}, g.spread(2))
	})
}

// The presets offered and the autopilot's pick spread the 23 points.
func TestVariant23BuildPointPresetsAndAutopilot(t *testing.T) {
	g := buildStage(t, fdrVariantCfg(t, "23-B:scheme=b,build=1/0"))
	d := g.PendingAll()
	require.Len(t, d, 2)
	for _, op := range d[0].Options {
		assert.Equal(t, 23, op.Build.CarPoints()+op.Pits, "every preset spreads 23")
		assert.LessOrEqual(t, op.Pits, 2)
		assert.NoError(t, buildFits(op.Build, g.spread(1)))
	}
	assert.Equal(t, buildStage(t, fdrConfig()).PendingAll()[1].Options, d[1].Options, "car 2: the base's presets")
	auto, ok := AutopilotFor(g, 1)
	require.True(t, ok)
	letter := auto.Letter
	for _, op := range d[0].Options {
		if op.Letter == letter {
			assert.Equal(t, 23, op.Build.CarPoints()+op.Pits, "the autopilot spends the point")
		}
	}
}

// 23-B(c) through the PitStopRule hook: the team's whole points raise the
// quick stop (R19.15: 1–10) one a point, and its exit, the roll halved
// rounded up, goes 5 spaces at most; with 19-G the two add up (§2 19-G:
// "plus 23-B(c) if on").
func TestVariant23BQuickStop(t *testing.T) {
	quick := func(t *testing.T, cfg Config, roll int) (*harness, []string) {
		t.Helper()
		h, d := intoThePit(t, cfg, fdrAt("home.0.0", 2).laps(1))
		op := pitOption(t, d, func(op Option) bool { return !op.Technical })
		h.submit(Order{Car: 1, Letter: op.Letter}, roll)
		return h, h.since()
	}
	for _, tc := range []struct {
		name  string
		specs []string
		roll  int
		exit  int // 0: missed
	}{
		{"the base: 12 is missed", nil, 12, 0},
		{"no team point: 11 is missed", []string{"23-B:quick=0/0"}, 11, 0},
		{"2 team points: 12 makes it, 5 spaces, not 6", []string{"23-B:quick=2/0"}, 12, 5},
		{"2 team points: 13 is missed", []string{"23-B:quick=2/0"}, 13, 0},
		{"2 team points: 9 makes it, 5 spaces", []string{"23-B:quick=2/0"}, 9, 5},
		{"2 team points: 7 makes it, 4 spaces", []string{"23-B:quick=2/0"}, 7, 4},
		{"19-G's 5 alone: 13 is missed", []string{"19-G:points=5/0"}, 13, 0},
		{"19-G's 5 and 2 team points: 13 makes it, 5 spaces", []string{"19-G:points=5/0", "23-B:quick=2/0"}, 13, 5},
		{"19-G's 5 alone: 11 makes it, 6 spaces", []string{"19-G:points=5/0"}, 11, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if len(tc.specs) > 0 {
				cfg = fdrVariantCfg(t, tc.specs...)
			}
			h, evs := quick(t, cfg, tc.roll)
			if tc.exit == 0 {
				assert.Contains(t, evs, "pit-slow car=1")
				return
			}
			assert.NotContains(t, evs, "pit-slow car=1")
			assert.Equal(t, tc.exit, h.expect(1, DecideMove).Distance)
		})
	}
	t.Run("a quick stop it makes earns 19-G's point", func(t *testing.T) {
		_, evs := quick(t, fdrVariantCfg(t, "19-G:points=0/0", "23-B:quick=1/0"), 11)
		assert.Contains(t, evs, "mechanics-point car=1 earned=1")
	})
	t.Run("the option says the raised range and the bound", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, "19-G:points=5/0", "23-B:quick=2/0"), fdrAt("home.0.0", 2).laps(1))
		op := pitOption(t, d, func(op Option) bool { return !op.Technical })
		facts := h.g.OptionFacts(d, op)
		var found bool
		for _, p := range facts {
			if p.Key == "fact.quick-stop-team" {
				found = true
				assert.Equal(t, []any{13, 5}, p.Args)
			}
		}
		assert.True(t, found, "fact.quick-stop-team among %v", facts)
	})
}

func TestVariant23RefusesBadBuildParameters(t *testing.T) {
	for spec, want := range map[string]string{
		"23-A:build=2/0":           "variant 23-A: build: 2 build points on one car, at most 1 a race",
		"23-B:scheme=a,build=x":    "variant 23-B: build",
		"23-B:scheme=c,build=1/0":  "scheme c raises the quick stops and gives no build point",
		"23-B:scheme=b,quick=2/0":  "scheme b gives build points; quick is for scheme c",
		"23-B:quick=-1":            "variant 23-B: quick",
		"23-B:scheme=a,build=1/1/": "variant 23-B: build",
	} {
		c := fdrConfig()
		assert.ErrorContains(t, c.EnableVariant(spec), want, spec)
	}
	c := fdrConfig()
	require.NoError(t, c.EnableVariant("23-B:scheme=a,build=1/0/1"))
	require.NoError(t, c.Validate())
}

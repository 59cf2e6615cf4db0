package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 17-B (league AMB-38), hook MarkerLossRule: a failed handling test (R17.2,
// T6: 1–4 dry) on debris costs a body point, on oil an engine point, on the
// base's marker a handling point; without 17-B every marker costs handling.
// loss=auto takes a typed marker's point with no test.
func TestVariant17BMarkerCosts(t *testing.T) {
	c := fdrLab(t)
	stickers := []string{"long.7.0", "long.7.1", "long.7.2"} // no way round
	for _, tc := range []struct {
		name    string
		spec    string // "" without 17-B
		kind    string // of the marker on long.7.1
		rolls   []int  // after the move's roll of 2
		lost    Category
		handled int // handling tests rolled
	}{
		{"without 17-B: handling", "", "", []int{4}, Handling, 1},
		{"17-B, a base marker: handling", "17-B", "", []int{4}, Handling, 1},
		{"17-B, debris: body", "17-B", "debris", []int{4}, Body, 1},
		{"17-B, oil: engine", "17-B", "oil", []int{4}, Engine, 1},
		{"17-B loss=auto, oil: engine with no test", "17-B:loss=auto", "oil", nil, Engine, 0},
		{"17-B loss=auto, a base marker: still a test", "17-B:loss=auto", "", []int{4}, Handling, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, tc.spec)
			}
			p := Position{Round: 1, Debris: stickers, Cars: []CarPosition{fdrAt("long.5.1", 2)}}
			if tc.kind != "" {
				p.MarkerKinds = []string{"long.7.1:" + tc.kind}
			}
			h := fdrPlayCfg(t, c, cfg, p)
			h.gear(2, 2)
			h.move("long.7.1", tc.rolls...)
			evs := h.since()
			assert.Len(t, rolledFor(evs, "handling"), tc.handled)
			for cat := range NumCategories {
				want := fdrDefaultBuild()[cat]
				if cat == tc.lost {
					want--
				}
				assert.Equal(t, want, h.car(1).Wear[cat], "%s", cat)
			}
		})
	}
}

// 17-B, at the drop: an engine test lost in 6th leaves oil under the car
// (R16.3), a collision's wreck and the mover's body point debris (R14.5,
// R14.6); without 17-B the same markers have no kind.
func TestVariant17BMarkerKinds(t *testing.T) {
	c := fdrLab(t)
	for _, on := range []bool{false, true} {
		cfg := fdrConfig()
		if on {
			cfg = fdrVariantCfg(t, "17-B")
		}
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("c.2.1", 6).laps(1)}})
		h.gear(6, 30)
		h.moveN("c.32.1", 30, 4) // the engine test of R16.1 fails
		evs := strings.Join(h.since(), "\n")
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine])
		kinds := h.g.Position().MarkerKinds
		if on {
			assert.Contains(t, evs, "debris space=c.32.1 kind=oil")
			assert.Equal(t, []string{"c.32.1:oil"}, kinds)
		} else {
			assert.Contains(t, evs, "debris space=c.32.1\n")
			assert.Empty(t, kinds)
		}

		c3 := fdrAt("long.6.0", 2)
		c3.Wear[Body] = 1
		h = fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.0", 2).laps(1), fdrAt("long.5.1", 2), c3}})
		h.gear(2, 3)
		h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter}, 1, 20, 20) // car 3 is eliminated
		require.Equal(t, Eliminated, h.car(3).Status)
		if on {
			assert.Equal(t, []string{"long.5.0:debris", "long.6.0:debris"}, h.g.Position().MarkerKinds, "the wreck's and the mover's")
		} else {
			assert.Empty(t, h.g.Position().MarkerKinds)
		}
	}
}

// A typed marker is part of the position: written as kinds=, read back,
// refused without 17-B or off a marker.
func TestVariant17BPositionKeepsKinds(t *testing.T) {
	c := fdrLab(t)
	p := Position{Round: 1, Debris: []string{"long.7.1", "long.9.0"}, MarkerKinds: []string{"long.7.1:oil"},
		Cars: []CarPosition{fdrAt("long.5.1", 2)}}
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "17-B"), p)
	back, err := ParsePosition(h.g.Position().Events())
	require.NoError(t, err)
	assert.Equal(t, []string{"long.7.1:oil"}, back.MarkerKinds)

	for _, bad := range []struct {
		cfg   Config
		kinds []string
		why   string
	}{
		{fdrConfig(), []string{"long.7.1:oil"}, "only under league variant 17-B"},
		{fdrVariantCfg(t, "17-B"), []string{"long.8.1:oil"}, "no marker on long.8.1"},
		{fdrVariantCfg(t, "17-B"), []string{"long.7.1:generic"}, "not a marker kind"},
	} {
		g, err := NewGame("t", bad.cfg, c, 1)
		require.NoError(t, err)
		q := p
		q.MarkerKinds = bad.kinds
		err = g.StartFrom(q, nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), bad.why)
	}
}

// 17-B in the move's facts: the elimination risk counts what the marker
// costs (a car on its last engine point over oil: a failed test in 20 is
// 4 in 20 dry, T6; with loss=auto it is sure), and a fact says the
// dangerous space costs engine points, not handling.
func TestVariant17BRiskAndFacts(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		spec string
		risk float64
		fact bool
	}{
		{"", 0, false}, // two handling points: one failed test is no elimination
		{"17-B", 0.2, true},
		{"17-B:loss=auto", 1, true},
	} {
		cfg := fdrConfig()
		p := Position{Round: 1, Debris: []string{"long.7.0", "long.7.1", "long.7.2"}, Cars: []CarPosition{fdrAt("long.5.1", 2).set(Engine, 1)}}
		if tc.spec != "" {
			cfg = fdrVariantCfg(t, tc.spec)
			p.MarkerKinds = []string{"long.7.0:oil", "long.7.1:oil", "long.7.2:oil"}
		}
		h := fdrPlayCfg(t, c, cfg, p)
		h.gear(2, 2)
		op := h.option("long.7.1", 2)
		assert.InDelta(t, tc.risk, h.g.EliminationRisk(h.pending(), op), 1e-9, "%q", tc.spec)
		told := false
		for _, f := range h.g.OptionFacts(h.pending(), op) {
			told = told || f.Key == "fact.marker-cost"
		}
		assert.Equal(t, tc.fact, told, "%q", tc.spec)
	}
}

// The autopilot weighs 17-B's markers by what they cost: over oil a car
// on its last engine point fears the move more than a car whose handling
// would pay, and a car with its engine intact fears it less.
func TestVariant17BAutopilotWeighsTheCost(t *testing.T) {
	c := fdrLab(t)
	penalty := func(spec string, car CarPosition) float64 {
		cfg := fdrConfig()
		p := Position{Round: 1, Debris: []string{"long.7.0", "long.7.1", "long.7.2"}, Cars: []CarPosition{car}}
		if spec != "" {
			cfg = fdrVariantCfg(t, spec)
			p.MarkerKinds = []string{"long.7.0:oil", "long.7.1:oil", "long.7.2:oil"}
		}
		h := fdrPlayCfg(t, c, cfg, p)
		h.gear(2, 2)
		op := h.option("long.7.1", 2)
		clean := op
		clean.Dangerous = 0
		return h.g.scoreOption(h.pending(), &clean) - h.g.scoreOption(h.pending(), &op)
	}
	lastEngine := fdrAt("long.5.1", 2).set(Engine, 1)
	assert.Greater(t, penalty("17-B", lastEngine), penalty("", lastEngine), "oil on the last engine point")
	lastHandling := fdrAt("long.5.1", 2).set(Handling, 1)
	assert.Less(t, penalty("17-B", lastHandling), penalty("", lastHandling), "oil spares the last handling point")
	assert.Greater(t, penalty("17-B:loss=auto", lastEngine), penalty("17-B", lastEngine), "a sure loss weighs more")
}

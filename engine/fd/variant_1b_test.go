package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// qualifyingLap is a one-car qualifying session before its first roll, on
// the circuit's qualifying start (R1.4).
func qualifyingLap(t *testing.T, cfg Config, rolls ...int) *harness {
	t.Helper()
	c := fdrLab(t)
	cfg.Laps = 1
	variants, err := cfg.variantHooks()
	require.NoError(t, err)
	sub := &Game{ID: "t/q1", Config: cfg, hooks: variants, Track: c, Debris: map[tracks.SpaceID]bool{}, qualifying: true,
		setupStage: setupDone, startWear: map[int]Wear{}, pitPool: map[int]int{}, turnRules: fdrSessionRules()}
	sp := c.QualifyingStart
	sub.Cars = []Car{{Number: 1, Space: sp, Wear: fdrDefaultBuild(), Corner: c.Spaces[sp].Corner, CrossedStart: true}}
	h := &harness{t: t, g: sub, c: c}
	require.NoError(t, sub.advance(dice.NewScripted(rolls...)))
	return h
}

// fdrSessionRules is a car's solo lap's own module value, as the base asks
// the fdr row's registered module for one (QualifyingModule.SessionRules,
// R1): a session writes nothing of the race's.
func fdrSessionRules() RulesModule {
	return registeredModules[FDR.entry().rulesModule]().(QualifyingModule).SessionRules()
}

// 1-B: the qualifying lap starts in a gear the driver chooses, at no
// cost; without it the lap starts in 1st, rolled at once (R1.3).
func TestVariant1BFlyingStart(t *testing.T) {
	h := qualifyingLap(t, fdrVariantCfg(t, "1-B"))
	d := h.pending()
	require.Equal(t, DecideGear, d.Kind, "1-B: the driver chooses the gear")
	assert.Equal(t, []int{6, 5, 4, 3, 2, 1}, h.gears())
	for _, op := range d.Options {
		assert.Equal(t, Wear{}, op.Cost, "no over-rev in qualifying (R1.1)")
	}
	h.gear(5, 15)
	evs := h.since()
	assert.Contains(t, evs, "gear car=1 from=0 to=5")
	assert.Contains(t, evs, "roll play=1 car=1 for=gear n=0 die=d20 value=15")
	assert.Equal(t, 1, h.g.qRolls, "the lap counts from the first roll")
	assert.Equal(t, DecideMove, h.pending().Kind)

	h = qualifyingLap(t, fdrConfig(), 2)
	assert.Equal(t, DecideMove, h.pending().Kind, "R1.3: a standing start, 1st gear rolled at once")
	assert.Contains(t, h.since(), "gear car=1 from=0 to=1")
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// buildStage opens a game at its configuration stage (R5.2), two cars.
func buildStage(t *testing.T, cfg Config) *Game {
	t.Helper()
	g, err := NewGame("pot", cfg, fdrLab(t), 2)
	require.NoError(t, err)
	g.fdr.stage, g.fdr.grid = fdrStageBuild, []int{1, 2}
	g.started = true
	require.NoError(t, g.advance(dice.NewScripted()))
	return g
}

// 5-E through the BuildRule hook: a car's declared total (18 to 24) is
// spread by R5.2 within 5-E's bounds, 18 to 22 on the car and 0 to 2 in
// the pit; the same order the base rules take is refused where the total
// says otherwise, and the presets are fitted to the total.
func TestVariant5ESpreadsTheDeclaredTotal(t *testing.T) {
	base := buildStage(t, FDRConfig())
	pot := buildStage(t, fdrVariantCfg(t, "5-E:totals=24/18"))
	src := dice.NewScripted()

	// 22 on the car: the base leaves 0 in the pit, a total of 24 leaves 2
	require.NoError(t, base.Submit(Order{Car: 1, Build: Wear{10, 4, 2, 2, 2, 2}}, src))
	require.NoError(t, pot.Submit(Order{Car: 1, Build: Wear{10, 4, 2, 2, 2, 2}}, src))
	assert.Equal(t, 0, base.pitPool[1])
	assert.Equal(t, 2, pot.pitPool[1], "24 declared: 22 on the car, 2 in the pit")
	// 20 on the car with 24 declared would leave 4 in the pit: refused,
	// nothing changed
	before := len(pot.Events)
	err := pot.Submit(Order{Car: 2, Build: Wear{8, 4, 2, 2, 2, 2}}, src)
	require.ErrorIs(t, err, ErrIllegal)
	assert.ErrorContains(t, err, "put 18 on the car, the rest of the 18 goes to the pit")
	assert.Len(t, pot.Events, before, "a refused configuration changes nothing")
	// the base refuses 18 on the car; 5-E's 18 takes it, with no pit point
	assert.ErrorIs(t, base.Submit(Order{Car: 2, Build: Wear{8, 3, 2, 2, 2, 1}}, src), ErrIllegal)
	require.NoError(t, pot.Submit(Order{Car: 2, Build: Wear{8, 3, 2, 2, 2, 1}}, src))
	assert.Equal(t, 0, pot.pitPool[2])
	assert.Contains(t, eventsText(pot), "configuration car=2 wear=8/3/2/2/2/1 pit=0")
}

func TestVariant5EOffersPresetsFittedToTheTotal(t *testing.T) {
	g := buildStage(t, fdrVariantCfg(t, "5-E:totals=18/0"))
	d := g.PendingAll()
	require.Len(t, d, 2)
	for _, op := range d[0].Options {
		assert.Equal(t, 18, op.Build.carPoints(), "total 18: every preset fitted to 18 on the car")
		assert.Zero(t, op.Pits)
		assert.NoError(t, validateSpread(op.Build, g.spread(1)))
	}
	// no total declared (a substitute's car): the standard 22, the presets
	// as the base offers them
	assert.Equal(t, fdrBuildOptions(fdrSpread), d[1].Options)
}

func TestVariant5ERefusesBadParameters(t *testing.T) {
	for spec, want := range map[string]string{
		"5-E:totals=25/22":    "not a build total from 18 to 24",
		"5-E:totals=17":       "not a build total",
		"5-E:totals=x":        "not a build total",
		"5-E:pot=0":           "pot",
		"5-E:overspend=maybe": "must be one of allow, block",
	} {
		c := FDRConfig()
		assert.ErrorContains(t, c.EnableVariant(spec), want, spec)
	}
	c := FDRConfig()
	require.NoError(t, c.EnableVariant("5-E:totals=24/0/18,overspend=block"))
	require.NoError(t, c.Validate())
}

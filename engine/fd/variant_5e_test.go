package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// buildStage opens a game at its configuration stage (R5.2), two cars:
// the autopilot plays its setup (qualifying, grid, weather, pit boxes)
// until both cars are asked their builds.
func buildStage(t *testing.T, cfg Config) *Game {
	t.Helper()
	g, err := NewGame("pot", cfg, fdrLab(t), 2)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("build stage"))
	require.NoError(t, g.Start(src))
	autopilotUntil(t, g, src, func() bool {
		d := g.PendingAll()
		return len(d) > 0 && d[0].Kind == DecideBuild
	})
	require.Len(t, g.PendingAll(), 2, "both cars asked their builds")
	return g
}

// 5-E through the BuildRule hook: a car's declared total (18 to 24) is
// spread by R5.2 within 5-E's bounds, 18 to 22 on the car and 0 to 2 in
// the pit; the same order the base rules take is refused where the total
// says otherwise, and the presets are fitted to the total.
func TestVariant5ESpreadsTheDeclaredTotal(t *testing.T) {
	base := buildStage(t, fdrConfig())
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
		assert.Equal(t, 18, op.Build.CarPoints(), "total 18: every preset fitted to 18 on the car")
		assert.Zero(t, op.Pits)
		assert.NoError(t, buildFits(op.Build, g.spread(1)))
	}
	// no total declared (a substitute's car): the standard 22, the presets
	// as the base offers them
	assert.Equal(t, buildStage(t, fdrConfig()).PendingAll()[1].Options, d[1].Options)
}

func TestVariant5ERefusesBadParameters(t *testing.T) {
	for spec, want := range map[string]string{
		"5-E:totals=25/22":    "not a build total from 18 to 24",
		"5-E:totals=17":       "not a build total",
		"5-E:totals=x":        "not a build total",
		"5-E:pot=0":           "pot",
		"5-E:overspend=maybe": "must be one of allow, block",
		// the four bounds of the spec (league-variants.md ch. 5) and its name
		// of overspend
		"5-E:car_min=x":                              "car_min \"x\": a number of build points",
		"5-E:car_min=21,car_max=20":                  "car_min 21 is above car_max 20",
		"5-E:car_min=23,car_max=25":                  "leaves out the standard 22",
		"5-E:car_max=19,pit_max=1":                   "a race's build from 18 to 20 points leaves out the standard 22",
		"5-E:pit_max=-1":                             "pit_max",
		"5-E:absence_cost=lots":                      "absence_cost",
		"5-E:overspend_mode=maybe":                   "overspend_mode=\"maybe\" must be allow or block",
		"5-E:overspend=block,overspend_mode=allow":   "say two things",
		"5-E:car_min=20,car_max=22,totals=19":        "not a build total from 20 to 24",
		"5-E:car_min=18,pit_max=4,totals=27/22/18/0": "not a build total from 18 to 26",
	} {
		c := fdrConfig()
		assert.ErrorContains(t, c.EnableVariant(spec), want, spec)
	}
	c := fdrConfig()
	require.NoError(t, c.EnableVariant("5-E:totals=24/0/18,overspend=block"))
	require.NoError(t, c.Validate())
}

// 5-E's four bounds are parameters (league-variants.md ch. 5: car_min 18,
// car_max 22, pit_max 2, absence_cost 22, overspend_mode): BuildRule
// spreads a total within them, and the defaults leave a game's header as
// it was before they existed.
func TestVariant5EBoundsAreParameters(t *testing.T) {
	wide := buildStage(t, fdrVariantCfg(t, "5-E:car_max=23,pit_max=3,totals=26/20"))
	assert.Equal(t, Spread{Total: 26, CarMin: 23, CarMax: 23}, wide.spread(1), "26: 23 on the car, 3 in the pit")
	assert.Equal(t, Spread{Total: 20, CarMin: 18, CarMax: 20}, wide.spread(2))
	src := dice.NewScripted()
	require.NoError(t, wide.Submit(Order{Car: 1, Build: Wear{11, 4, 2, 2, 2, 2}}, src))
	assert.Equal(t, 3, wide.pitPool[1], "pit_max=3: three points in the pit")
	// with the defaults, the same 26 is refused
	c := fdrConfig()
	assert.ErrorContains(t, c.EnableVariant("5-E:totals=26"), "not a build total from 18 to 24")

	// the defaults are not written in the header; the spec's name of
	// overspend is read as overspend
	plain := fdrVariantCfg(t, "5-E:totals=24/18")
	assert.Equal(t, []string{"5-E:overspend=allow,totals=24/18"}, plain.VariantSpecs())
}

package fdr

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/engine/phrase"
)

// factKeys lists the catalog keys of phrases.
func factKeys(ps []phrase.Phrase) []string {
	var keys []string
	for _, p := range ps {
		keys = append(keys, p.Key)
	}
	return keys
}

// fdr's own causes of a move's wear are said by the module, each at the
// place players have always read it among the base's: the slipstream brake
// after the braking (R18.7), the penalty after the spin (R1.9), the wall
// after the dangerous spaces (R15.2); a complete rules game (fd2008) says
// none of them, since engine/fd's facts name no fdr fact.
func TestFDRSaysItsMoveCausesInPlace(t *testing.T) {
	op := fd.Option{Letter: "A", Braked: 1, SlipBrake: 2, Blocked: 1, Spin: true, Penalty: 1, Dangerous: 2, Wall: 3, Slide: 1}
	d := fd.Decision{Car: 1, Kind: fd.DecideSlipstream}

	g, err := fd.NewGame("m", FDRConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	facts := g.OptionFacts(&d, op)
	keys := factKeys(facts)
	i := slices.Index(keys, "fact.braking") // what the option is and where it ends come first
	require.GreaterOrEqual(t, i, 1, "the base says the braking: %v", keys)
	assert.Equal(t, []string{"fact.braking", "fact.slip-brake", "fact.blocked", "fact.spin", "fact.penalty",
		"fact.dangerous", "fact.wall", "fact.slide"}, keys[i:i+8], "R18.7, R1.9, R15.2: in place among the base's")
	assert.Equal(t, []any{2}, facts[i+1].Args, "R18.7")
	assert.Equal(t, []any{1}, facts[i+4].Args, "R1.9")
	assert.Equal(t, []any{3}, facts[i+6].Args, "R15.2")

	base, err := fd.NewGame("m", fd.DefaultConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	baseKeys := factKeys(base.OptionFacts(&d, op))
	for _, k := range []string{"fact.slip-brake", "fact.penalty", "fact.wall"} {
		assert.NotContains(t, baseKeys, k, "only fdr's module says %s", k)
	}
	assert.Contains(t, baseKeys, "fact.braking", "the base still says its own causes")
}

// A build's pit points (R5.2) follow its points by category, said by the
// module.
func TestFDRSaysItsPitPointsAfterTheBuild(t *testing.T) {
	g, err := fd.NewGame("m", FDRConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	d := fd.Decision{Car: 1, Kind: fd.DecideBuild}
	facts := g.OptionFacts(&d, fd.Option{Letter: "A", Build: FDRDefaultBuild(), Pits: 4})
	keys := factKeys(facts)
	require.Len(t, keys, 2+int(fd.NumCategories), "opt.build, the points by category, the pit points")
	assert.Equal(t, "opt.build", keys[0])
	for _, k := range keys[1 : 1+fd.NumCategories] {
		assert.Equal(t, "fact.points", k)
	}
	assert.Equal(t, "fact.pit-points", keys[1+fd.NumCategories])
	assert.Equal(t, []any{4}, facts[1+fd.NumCategories].Args, "R5.2")
	noPits := factKeys(g.OptionFacts(&d, fd.Option{Letter: "B", Build: FDRDefaultBuild()}))
	assert.NotContains(t, noPits, "fact.pit-points", "no pit points left, none said")
}

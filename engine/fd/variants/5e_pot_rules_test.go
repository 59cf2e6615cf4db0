package variants

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// 5-E's pot rules (ParsePotRules, PotRules: the league's season pot, which
// bot reads, and a race's bounds) are the variant's own code, read by the
// league and not by a game: these unit tests move with 5e.go to
// engine/fd/variants (issue 13) and name nothing of engine/fd but its
// exported API.

// 5-E's four bounds and the season's pot, as the league reads them from
// the variant's parameters: the spec's name of overspend is read as
// overspend, the defaults fill what is not given, and the pot is 22 × the
// season's races unless one is given (league-variants.md ch. 5).
func TestVariant5EPotRules(t *testing.T) {
	v, p, err := fd.ParseVariantSpec("5-E:overspend_mode=block")
	require.NoError(t, err)
	require.Equal(t, "5-E", v.ID)
	rules, err := ParsePotRules(p)
	require.NoError(t, err)
	assert.Equal(t, PotRules{CarMin: 18, CarMax: 22, PitMax: 2, AbsenceCost: 22, Block: true}, rules)
	assert.Equal(t, 220, rules.SeasonPot(10), "no pot given: 22 × the season's races")
	assert.Equal(t, 352, rules.SeasonPot(16))
	_, p, err = fd.ParseVariantSpec("5-E:pot=300,absence_cost=11")
	require.NoError(t, err)
	rules, err = ParsePotRules(p)
	require.NoError(t, err)
	assert.Equal(t, 300, rules.SeasonPot(10), "a pot given stands")
	assert.Equal(t, 11, rules.AbsenceCost)
}

// FuzzParsePotRules: 5-E's parameters never panic, and what they accept
// keeps the standard 22 within a race's bounds.
func FuzzParsePotRules(f *testing.F) {
	f.Add("", "18", "22", "2", "22", "allow", "")
	f.Add("352", "20", "23", "3", "0", "allow", "block")
	f.Add("x", "-1", "99999999999", "", "22", "block", "maybe")
	f.Fuzz(func(t *testing.T, pot, carMin, carMax, pitMax, absence, overspend, mode string) {
		r, err := ParsePotRules(map[string]string{"pot": pot, "car_min": carMin, "car_max": carMax, "pit_max": pitMax, "absence_cost": absence, "overspend": overspend, "overspend_mode": mode})
		if err != nil {
			return
		}
		assert.LessOrEqual(t, r.TotalMin(), 22)
		assert.GreaterOrEqual(t, r.TotalMax(), 22)
		assert.LessOrEqual(t, r.CarMin, r.CarMax)
		assert.Positive(t, r.SeasonPot(1))
	})
}

// 5-E's standard car (a substitute's, a race's share of the default pot)
// builds what the competition rules' configuration does (R5.2): the
// variant keeps its own figure, from its spec, so that it names nothing of
// fdr's (issue 13), and this holds the two together.
func TestVariant5EStandardBuildIsTheCompetitionRulesTotal(t *testing.T) {
	require.Equal(t, fd.BaseSpread.Total, potStandardBuild)
	require.Equal(t, fd.BaseSpread.Total, buildPot{rules: PotRules{CarMin: potCarMin, CarMax: potCarMax, PitMax: potPitMax}}.Spread(1).Total, "a car without a declared total")
}

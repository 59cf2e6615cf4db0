package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRulesetTable(t *testing.T) {
	for _, info := range Rulesets() {
		cfg := ConfigFor(info.ID)
		assert.Equal(t, info.ID, cfg.Rules, "the base configuration is of its own ruleset")
		assert.NoError(t, cfg.Validate())
		assert.Equal(t, info.Name, info.ID.Info().Name)
		assert.NotEmpty(t, info.Name[0])
		assert.NotEmpty(t, info.Name[1])
	}
	assert.Equal(t, FD2008, ConfigFor("").Rules, "no ruleset is the complete rules")
	assert.Equal(t, 1, FDRConfig().Sessions, "fdr qualifies (R1.1)")
	assert.True(t, Street.Info().Drivers)
	assert.False(t, FDR.Info().Drivers)
	bad := ConfigFor("calvinball")
	assert.ErrorContains(t, bad.Validate(), "unknown ruleset \"calvinball\"")
}

package street

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
)

// Every refusal of a bad street option keeps its words (issue 13: the
// check moved from engine/fd's rulesets table into this module).
func TestConfigRefusalsKeepTheirWords(t *testing.T) {
	const optionals = "street races allow only the weather optional rule: the drivers' cards give the cars (U-DRV-01), all cars run on hard tyres (U-CAR-01), there are no pit stops (U-CIR-01)"
	for _, c := range []struct {
		change func(*fd.Config)
		want   string
	}{
		{func(c *fd.Config) { c.Laps = 0 }, "laps 0: from 1 to 9"},
		{func(c *fd.Config) { c.Laps = 10 }, "laps 10: from 1 to 9"},
		{func(c *fd.Config) { c.Optional.Building = true }, optionals},
		{func(c *fd.Config) { c.Optional.Qualifying = true }, optionals},
		{func(c *fd.Config) { c.Optional.Tyres = true }, optionals},
		{func(c *fd.Config) { c.Optional.PitOptions = true }, optionals},
		{func(c *fd.Config) { c.Optional.Team = true }, optionals},
		{func(c *fd.Config) { c.StrictBlockTable = true }, "strict-block-table is an fd2008 option"},
		{func(c *fd.Config) { c.Start[fd.Brakes] = 0 }, "starting brakes 0: every category starts with at least 1"},
	} {
		cfg := Config()
		c.change(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err, c.want) {
			assert.Equal(t, c.want, err.Error())
		}
	}
	cfg := Config()
	cfg.Optional.Weather = true
	assert.NoError(t, cfg.Validate(), "the weather is the one optional rule (§2.18)")
}

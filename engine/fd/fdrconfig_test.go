package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every refusal of a bad fdr configuration keeps its words, whoever
// answers the check (issue 13: the rulesets table's fdr row asks the
// module, ConfigModule, as street's row does).
func TestFDRConfigRefusalsKeepTheirWords(t *testing.T) {
	const optionals = "the optional rules belong to fd2008; the competition rules (fdr) include their own weather, tyres, configurations, qualifying and pit stops"
	for _, c := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Laps = 0 }, "laps 0: from 1 to 9 (the competition rules race 3, AMB-57)"},
		{func(c *Config) { c.Laps = 10 }, "laps 10: from 1 to 9 (the competition rules race 3, AMB-57)"},
		{func(c *Config) { c.Sessions = -1 }, "sessions -1: 0 (grid by the black die), 1 or 2 qualifying sessions (R1.1)"},
		{func(c *Config) { c.Sessions = 3 }, "sessions 3: 0 (grid by the black die), 1 or 2 qualifying sessions (R1.1)"},
		{func(c *Config) { c.Optional.Weather = true }, optionals},
		{func(c *Config) { c.Optional.Qualifying = true }, optionals},
		{func(c *Config) { c.StrictBlockTable = true }, "strict-block-table is an fd2008 option; fdr blocking is always paid in full (R12.5)"},
		{func(c *Config) { c.Start[Brakes] = 0 }, "default configuration: brakes 0: every category starts with at least 1 (R5.2)"},
		{func(c *Config) { c.Start[Gearbox] = 0 }, "default configuration: gas 0: every category starts with at least 1 (R5.2)"},
		{func(c *Config) { c.Start = Wear{14, 3, 2, 2, 2, 2} }, "default configuration: the car has 25 points; put 20, 21 or 22 on the car, the rest of the 22 goes to the pit (R5.2)"},
		{func(c *Config) { c.Start = Wear{5, 3, 2, 2, 2, 2} }, "default configuration: the car has 16 points; put 20, 21 or 22 on the car, the rest of the 22 goes to the pit (R5.2)"},
		{func(c *Config) { c.Rules = "fdx" }, `unknown ruleset "fdx" (known: fd2008, fdr, street)`},
	} {
		cfg := FDRConfig()
		c.change(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err, c.want) {
			assert.Equal(t, c.want, err.Error())
		}
	}
	for _, cfg := range []Config{FDRConfig(), ConfigFor(FDR), FDR.Info().Config()} {
		assert.NoError(t, cfg.Validate(), "the base configuration is valid")
		assert.Equal(t, FDRConfig(), cfg, "the table hands out fdr's base configuration")
	}
	cfg := FDRConfig()
	cfg.Sessions = 0
	assert.NoError(t, cfg.Validate(), "no session: the grid by the black die (R1.1)")
}

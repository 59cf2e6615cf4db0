package fdr

import (
	"reflect"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every refusal of a bad fdr configuration keeps its words, whoever
// answers the check (issue 13: the rulesets table's fdr row asks the
// module, ConfigModule, as street's row does).
func TestFDRConfigRefusalsKeepTheirWords(t *testing.T) {
	const optionals = "the optional rules belong to fd2008; the competition rules (fdr) include their own weather, tyres, configurations, qualifying and pit stops"
	for _, c := range []struct {
		change func(*fd.Config)
		want   string
	}{
		{func(c *fd.Config) { c.Laps = 0 }, "laps 0: from 1 to 9 (the competition rules race 3, AMB-57)"},
		{func(c *fd.Config) { c.Laps = 10 }, "laps 10: from 1 to 9 (the competition rules race 3, AMB-57)"},
		{func(c *fd.Config) { c.Sessions = -1 }, "sessions -1: 0 (grid by the black die), 1 or 2 qualifying sessions (R1.1)"},
		{func(c *fd.Config) { c.Sessions = 3 }, "sessions 3: 0 (grid by the black die), 1 or 2 qualifying sessions (R1.1)"},
		{func(c *fd.Config) { c.Optional.Weather = true }, optionals},
		{func(c *fd.Config) { c.Optional.Qualifying = true }, optionals},
		{func(c *fd.Config) { c.StrictBlockTable = true }, "strict-block-table is an fd2008 option; fdr blocking is always paid in full (R12.5)"},
		{func(c *fd.Config) { c.Start[fd.Brakes] = 0 }, "default configuration: brakes 0: every category starts with at least 1 (R5.2)"},
		{func(c *fd.Config) { c.Start[fd.Gearbox] = 0 }, "default configuration: gas 0: every category starts with at least 1 (R5.2)"},
		{func(c *fd.Config) { c.Start = fd.Wear{14, 3, 2, 2, 2, 2} }, "default configuration: the car has 25 points; put 20, 21 or 22 on the car, the rest of the 22 goes to the pit (R5.2)"},
		{func(c *fd.Config) { c.Start = fd.Wear{5, 3, 2, 2, 2, 2} }, "default configuration: the car has 16 points; put 20, 21 or 22 on the car, the rest of the 22 goes to the pit (R5.2)"},
		{func(c *fd.Config) { c.Rules = "fdx" }, `unknown ruleset "fdx" (known: fd2008, fdr, street)`},
	} {
		cfg := FDRConfig()
		c.change(&cfg)
		err := cfg.Validate()
		if assert.Error(t, err, c.want) {
			assert.Equal(t, c.want, err.Error())
		}
	}
	for _, cfg := range []fd.Config{FDRConfig(), fd.ConfigFor(fd.FDR), fd.FDR.Info().Config()} {
		assert.NoError(t, cfg.Validate(), "the base configuration is valid")
		assert.Equal(t, FDRConfig(), cfg, "the table hands out fdr's base configuration")
	}
	cfg := FDRConfig()
	cfg.Sessions = 0
	assert.NoError(t, cfg.Validate(), "no session: the grid by the black die (R1.1)")
}

// The rulesets table's fdr row hands out this package's configuration
// (fd.ConfigFor through ConfigModule), so engine/fd's tests, which ask the
// table (their fdrConfig and fdrDefaultBuild), play the same game as
// FDRConfig and FDRDefaultBuild; moved from engine/fd's
// base_tests_fdr_test.go with fdr (issue 13).
func TestFDRConfigIsTheTables(t *testing.T) {
	require.True(t, reflect.DeepEqual(FDRConfig(), fd.ConfigFor(fd.FDR)), "ConfigFor(FDR) %+v, FDRConfig %+v", fd.ConfigFor(fd.FDR), FDRConfig())
	require.Equal(t, FDRDefaultBuild(), fd.ConfigFor(fd.FDR).Start)
}

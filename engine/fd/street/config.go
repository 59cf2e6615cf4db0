package street

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// Config is the street-race configuration: 2 laps, GT cars whose starting
// PS come from the driver cards (U-DRV-01; Start is only the value of a
// car with no driver, in positions), hard tyres (U-CAR-01), no pit stops
// (U-CIR-01). Race it on race-city. engine/fd's rulesets table hands it
// out as the street row's base (fd.ConfigFor(fd.Street)) through
// BaseConfig.
func Config() fd.Config {
	return fd.Config{Rules: fd.Street, Laps: 2, Start: Drivers[0].Wear, Dice: dice.DefaultSet()} // Li-Tsu's card, T-13's first
}

// BaseConfig is the street row's base configuration (fd.ConfigModule).
func (m *streetRules) BaseConfig() fd.Config { return Config() }

// ValidateConfig is the street races' check of a configuration, in place
// of the complete rules' (fd.ConfigModule, Config.Validate): only the
// weather optional rule (§2.18).
func (m *streetRules) ValidateConfig(c fd.Config) error {
	if c.Laps < 1 || c.Laps > 9 {
		return fmt.Errorf("laps %d: from 1 to 9", c.Laps)
	}
	o := c.Optional
	if o.Building || o.Qualifying || o.Tyres || o.PitOptions || o.Team {
		return errors.New("street races allow only the weather optional rule: the drivers' cards give the cars (U-DRV-01), all cars run on hard tyres (U-CAR-01), there are no pit stops (U-CIR-01)")
	}
	if c.StrictBlockTable {
		return errors.New("strict-block-table is an fd2008 option")
	}
	for i, v := range c.Start {
		if v < 1 {
			return fmt.Errorf("starting %s %d: every category starts with at least 1", fd.Category(i), v)
		}
	}
	return c.Dice.Validate()
}

package fd

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
)

// The street races of formula-d-2008.md §2.18 (ruleset "street"): GT cars
// on the city circuit, drivers with their own cards (T-13), nitro, and the
// city's special areas. Their rules module, its event and decision kinds,
// its option facts and the driver table are engine/fd/street's; what
// engine/fd keeps here is what its rulesets table names (the ruleset, its
// configuration and check) and the seam it reads the driver cards through
// (Driver, DriverByKey; DriverModule in modules_describe.go).

// Street is the street-race module (§2.18).
const Street Ruleset = "street"

// Driver is one driver card (street's T-13: the table is the street
// module's, engine/fd/street, DriverModule).
type Driver struct {
	Key     string // a short name: "li-tsu", "jack", …
	Name    string // the card's name
	Wear    Wear   // the starting PS printed on the card (U-DRV-01, AMB-29)
	Ability string
}

// DriverByKey finds a driver card by key, among the cards of the rules
// modules this program links (street's T-13: DriverModule); false for a
// key no module knows.
func DriverByKey(key string) (Driver, bool) {
	d, ok := driverCards()[key]
	return d, ok
}

// StreetConfig is the street-race configuration: 2 laps, GT cars whose
// starting PS come from the driver cards (U-DRV-01; Start is only the
// value of a car with no driver, in positions), hard tyres (U-CAR-01), no
// pit stops (U-CIR-01). Race it on race-city.
func StreetConfig() Config {
	return Config{Rules: Street, Laps: 2, Start: Wear{7, 3, 2, 2, 3, 3}, Dice: dice.DefaultSet()} // Li-Tsu's card, T-13's first
}

func (c Config) validateStreet() error {
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
			return fmt.Errorf("starting %s %d: every category starts with at least 1", Category(i), v)
		}
	}
	return c.Dice.Validate()
}

// DriverName is the card name of a car's driver, "" without one.
func (g *Game) DriverName(car int) string {
	if d, ok := DriverByKey(g.car(car).Driver); ok {
		return d.Name
	}
	return ""
}

package fd

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
)

// The street races of formula-d-2008.md §2.18 (ruleset "street"): GT cars
// on the city circuit, drivers with their own cards (T-13), nitro, and the
// city's special areas. The fd2008 machinery is shared; the street_*.go
// files hold what street races do differently as one rules module,
// streetRules, which the base turn calls at its named phases
// (RulesModule, phases.go) and which the rulesets table names for the
// street row.

// Street is the street-race module (§2.18).
const Street Ruleset = "street"

// Driver is one card of T-13.
type Driver struct {
	Key     string // a short name: "li-tsu", "jack", …
	Name    string // the card's name
	Wear    Wear   // the starting PS printed on the card (U-DRV-01, AMB-29)
	Ability string
}

// Driver keys.
const (
	DriverLiTsu   = "li-tsu"
	DriverJack    = "jack"
	DriverStanley = "stanley"
	DriverDimitri = "dimitri"
	DriverJulien  = "julien"
	DriverJenny   = "jenny"
	DriverMontoya = "montoya"
	DriverDerek   = "derek"
	DriverDiane   = "diane"
	DriverTemana  = "temana"
)

// StreetDrivers is T-13, in the order of the table; a driver's option
// letter is its place here (A Li-Tsu … J Temana).
var StreetDrivers = []Driver{
	{DriverLiTsu, "Li-Tsu Sin", Wear{7, 3, 2, 2, 3, 3}, "Too cute: an opponent overtaking her on a straight moves 1 less"},
	{DriverJack, "Jack Owens", Wear{9, 2, 2, 2, 3, 2}, "Drift pro: ±1 space in a corner for 1 tyre PS"},
	{DriverStanley, "Stanley Washington", Wear{7, 2, 3, 2, 3, 3}, "Car radio: once per race, an adjacent car loses 1 PS (T-14)"},
	{DriverDimitri, "Dimitri Tzarof", Wear{5, 4, 3, 3, 3, 4}, "Little genius: engine test lost on 1-3 only (1-2 in rain)"},
	{DriverJulien, "Julien « Frogger » Marcellin", Wear{8, 4, 2, 2, 3, 2}, "Weather frog: re-rolls the weather; slides 1 in rain"},
	{DriverJenny, "Jenny Slivers", Wear{4, 6, 2, 3, 3, 2}, "Expert mechanic: 4 PS at each checkpoint instead of 2"},
	{DriverMontoya, "Montoya Cadena", Wear{5, 5, 3, 2, 3, 2}, "Improved nitro: may add 3 spaces to the nitro"},
	{DriverDerek, "Derek Manson", Wear{6, 3, 2, 4, 3, 3}, "Aggressive: his collision partners roll twice"},
	{DriverDiane, "Diane Montfort", Wear{6, 4, 2, 3, 3, 3}, "Gallantry: wins every play-order and grid tie"},
	{DriverTemana, "Temana Matahi", Wear{6, 3, 3, 3, 3, 3}, "Trash car: drops debris once per lap; loses handling on debris on 1-2 only"},
}

// DriverByKey finds a driver of T-13 by key.
func DriverByKey(key string) (Driver, bool) {
	for _, d := range StreetDrivers {
		if d.Key == key {
			return d, true
		}
	}
	return Driver{}, false
}

// StreetConfig is the street-race configuration: 2 laps, GT cars whose
// starting PS come from the driver cards (U-DRV-01; Start is only the
// value of a car with no driver, in positions), hard tyres (U-CAR-01), no
// pit stops (U-CIR-01). Race it on race-city.
func StreetConfig() Config {
	return Config{Rules: Street, Laps: 2, Start: StreetDrivers[0].Wear, Dice: dice.DefaultSet()}
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

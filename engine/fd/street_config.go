package fd

// The street races of formula-d-2008.md §2.18 (ruleset "street"): GT cars
// on the city circuit, drivers with their own cards (T-13), nitro, and the
// city's special areas. Their rules module, its event and decision kinds,
// its option facts and the driver table are engine/fd/street's; what
// engine/fd keeps here is what its rulesets table names (the ruleset's id;
// its configuration and check are the module's, ConfigModule) and the seam
// it reads the driver cards through (Driver, DriverByKey; DriverModule in
// modules_describe.go).

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

// DriverName is the card name of a car's driver, "" without one.
func (g *Game) DriverName(car int) string {
	if d, ok := g.driverOf(g.car(car)); ok {
		return d.Name
	}
	return ""
}

// driverKey is the key of a car's driver card as a position writes it
// (driver=, U-DRV-01), "" without one.
func (g *Game) driverKey(c *Car) string {
	if d, ok := g.driverOf(c); ok {
		return d.Key
	}
	return ""
}

// driverOf is a car's driver card, asked of the game's rules module
// (DriverModule: street keeps it in its own slot); false without one.
func (g *Game) driverOf(c *Car) (Driver, bool) {
	if m, ok := g.rules().(DriverModule); ok {
		return m.DriverOf(c)
	}
	return Driver{}, false
}

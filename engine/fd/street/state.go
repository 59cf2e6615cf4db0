package street

import "github.com/pitwall/pitwall/engine/fd"

// A street car's own state, per car (issue 13: slots, engine/fd's
// Slot[T], instead of fields of fd.Car every ruleset carried). Declared
// here, after engine/fd's own slots (this package initialises after
// engine/fd); a position writes them by flag in the order engine/fd's
// position.go names (nitro, drop, radio after wreck) and the driver as
// its driver= key (fd.DriverModule's DriverOf), so their places among the
// slots change no text. StartCar reads them back from a position.
var (
	// seatedDriver is the car's driver (U-DRV-01): 1 + the card's place
	// in T-13 (Drivers), 0 for none — a slot holds a number, not a key.
	seatedDriver = fd.NewSlot[int]("")
	nitroSpent   = fd.NewSlot[bool]("nitro") // U-NIT-01: nitro used this lap (AMB-28: back at the line)
	dropSpent    = fd.NewSlot[bool]("drop")  // U-DRV-02 Temana: debris dropped this lap
	radioSpent   = fd.NewSlot[bool]("radio") // U-DRV-02 Stanley: the radio is thrown (once a race)
)

// DriverOf is the card of the car's driver (U-DRV-01); false for a car
// with none (every car of another ruleset). The accessor for readers
// outside the module (bot and render read a position's driver= today);
// it also answers engine/fd's position writer and sim's summary
// (fd.DriverModule).
func DriverOf(c *fd.Car) (fd.Driver, bool) {
	if i := seatedDriver.Of(c); i > 0 && i <= len(Drivers) {
		return Drivers[i-1], true
	}
	return fd.Driver{}, false
}

// DriverOf is the car's driver card, for engine/fd (fd.DriverModule).
func (m *streetRules) DriverOf(c *fd.Car) (fd.Driver, bool) { return DriverOf(c) }

// driverKey is the key of the car's driver, "" for none: what the
// abilities compare (c.Driver before).
func driverKey(c *fd.Car) string {
	if i := seatedDriver.Of(c); i > 0 && i <= len(Drivers) {
		return Drivers[i-1].Key // not DriverOf: the abilities ask it on the move's hot path
	}
	return ""
}

// setDriver seats the driver of key in the car; a key T-13 lacks seats
// none.
func setDriver(c *fd.Car, key string) {
	seatedDriver.Set(c, 0)
	for i, d := range Drivers {
		if d.Key == key {
			seatedDriver.Set(c, i+1)
			return
		}
	}
}

package street

import (
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The street races' event kinds (issue 13: a kind's struct, its text
// codec and its phrase live with the module that emits it). Each struct is
// tagged as engine/fd's events_typed.go's are: fd.Encode writes it and
// fd.Decode reads it back, byte for byte the lines of docs/record.md. The
// codec learns them from the module (Events), which the rulesets table
// names for the street row, so a replay reads them from the record's
// header on, before any street game exists.

// DriverEvent is a street race's driver and its wear (U-DRV-01).
type DriverEvent struct {
	Car    int    `ev:"car"`
	Driver string `ev:"driver"`
	Wear   string `ev:"wear"`
}

// DriversEvent lists the street drivers offered (U-DRV-01).
type DriversEvent struct {
	Offered string `ev:"offered"` // driver keys, comma-separated
}

// DropEvent is Temana's drop (U-DRV-02).
type DropEvent struct {
	Car   int    `ev:"car"`
	Space string `ev:"space"`
}

// NitroEvent is a street car's nitro (U-NIT-01).
type NitroEvent struct {
	Car   int `ev:"car"`
	Bonus int `ev:"bonus"`
}

// PoliceEvent is a street race's speed check (U-POL-01).
type PoliceEvent struct {
	Car   int `ev:"car"`
	Lap   int `ev:"lap"`
	Speed int `ev:"speed"`
}

// PoliceAwardEvent is the lap's speed record (U-POL-01).
type PoliceAwardEvent struct {
	Car   int `ev:"car"`
	Lap   int `ev:"lap"`
	Speed int `ev:"speed"`
}

// WeatherRerollEvent is Julien's weather frog (U-DRV-02).
type WeatherRerollEvent struct {
	Car int `ev:"car"`
}

// The abilities of the drivers (U-DRV-02).

// DriftEvent is a drift's spaces.
type DriftEvent struct {
	Car    int `ev:"car"`
	Spaces int `ev:"spaces"`
}

// TooCuteEvent is Li-Tsu too cute to pass.
type TooCuteEvent struct {
	Car   int `ev:"car"`
	LiTsu int `ev:"li-tsu"`
}

// RadioEvent is the car radio turned on a target.
type RadioEvent struct {
	Car    int `ev:"car"`
	Target int `ev:"target"`
}

func (DriverEvent) EventKind() string        { return "driver" }
func (DriversEvent) EventKind() string       { return "drivers" }
func (DropEvent) EventKind() string          { return "drop" }
func (NitroEvent) EventKind() string         { return "nitro" }
func (PoliceEvent) EventKind() string        { return "police" }
func (PoliceAwardEvent) EventKind() string   { return "police-award" }
func (WeatherRerollEvent) EventKind() string { return "weather-reroll" }
func (DriftEvent) EventKind() string         { return "drift" }
func (TooCuteEvent) EventKind() string       { return "too-cute" }
func (RadioEvent) EventKind() string         { return "radio" }

// Events lists the module's kinds for engine/fd's codec and phrases
// (fd.EventModule). The driver list is state, not news; a drift, a radio
// and Julien's frog say only that the car did it ("ev.did.KIND"); the
// others say themselves (Phrase, below).
func (*streetRules) Events() []fd.ModuleEvent {
	return []fd.ModuleEvent{
		{Event: DriverEvent{}}, {Event: DriversEvent{}, Silent: true}, {Event: DropEvent{}},
		{Event: NitroEvent{}}, {Event: PoliceEvent{}}, {Event: PoliceAwardEvent{}},
		{Event: WeatherRerollEvent{}, CarOnly: true}, {Event: DriftEvent{}, CarOnly: true},
		{Event: TooCuteEvent{}}, {Event: RadioEvent{}, CarOnly: true},
	}
}

// Phrase says the car's driver by name (T-13), its key when the table
// has none of it.
func (x DriverEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	name := x.Driver
	if d, ok := fd.DriverByKey(name); ok {
		name = d.Name
	}
	return phrase.New("ev.driver", fd.CarPhrase(x.Car), name)
}

// Phrase says where Temana dropped its marker.
func (x DropEvent) Phrase(c *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.drop", fd.CarPhrase(x.Car), fd.SpacePlacePhrase(c, x.Space))
}

// Phrase says the nitro's bonus.
func (x NitroEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.nitro", fd.CarPhrase(x.Car), strconv.Itoa(x.Bonus))
}

// Phrase says the speed the police took.
func (x PoliceEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.police", fd.CarPhrase(x.Car), strconv.Itoa(x.Speed))
}

// Phrase says the lap's record.
func (x PoliceAwardEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.police-award", fd.CarPhrase(x.Car), strconv.Itoa(x.Lap), strconv.Itoa(x.Speed))
}

// Phrase says Li-Tsu's car did not pass.
func (x TooCuteEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.too-cute", fd.CarPhrase(x.Car))
}

package fdtest

import "github.com/pitwall/pitwall/engine/fd"

// CarAt is a car placed by hand, as a position line gives it; its methods
// return a changed copy, so that a placement reads as one expression:
//
//	fdtest.At("main.11.1", 4).WithLaps(0).WithFlags("nitro")
type CarAt fd.CarPosition

// At places a started car that has crossed the start line, with the
// default full wear (fd.DefaultWear).
func At(space string, gear int) CarAt {
	return CarAt{Space: space, Gear: gear, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}}
}

// FDRAt places a started car that has crossed the start line under the
// competition rules (fdr), with their default build (9/3/2/2/2/2, the
// Start of the rulesets table's fd.ConfigFor(fd.FDR)) intact.
func FDRAt(space string, gear int) CarAt {
	return CarAt{Space: space, Gear: gear, Wear: fd.ConfigFor(fd.FDR).Start, Flags: []string{"started", "crossed"}}
}

// WithTyre fits a compound of that age in laps (O-TYR).
func (c CarAt) WithTyre(t fd.Tyre, age int) CarAt { c.Tyre, c.TyreAge = t, age; return c }

// WithBuild gives an fdr car a configuration (R5.2), as its wear too, and
// the pit points left.
func (c CarAt) WithBuild(w fd.Wear, pit int) CarAt {
	c.Config, c.Pit, c.Wear = w, pit, w
	return c
}

// WithArrival sets when the car arrived at its level, under fdr (R6.8:
// the lower arrived first).
func (c CarAt) WithArrival(n int) CarAt { c.Arrival = n; return c }

// WithLaps sets the laps done.
func (c CarAt) WithLaps(n int) CarAt { c.Laps = n; return c }

// WithStops sets the stops made in the corner the car stands in.
func (c CarAt) WithStops(n int) CarAt { c.Stops = n; return c }

// WithPitStops sets the pit stops made.
func (c CarAt) WithPitStops(n int) CarAt { c.PitStops = n; return c }

// WithWear sets the wear from its compact form ("6/3/2/4/3/3"); a malformed
// one panics (a typo in a test).
func (c CarAt) WithWear(compact string) CarAt {
	w, err := fd.ParseWearCompact(compact)
	if err != nil {
		panic(err)
	}
	c.Wear = w
	return c
}

// WithPoints sets one category of the wear.
func (c CarAt) WithPoints(cat fd.Category, n int) CarAt { c.Wear[cat] = n; return c }

// WithDriver sets the street driver and gives the car the driver's card as
// its wear (U-DRV-01); an unknown key panics.
func (c CarAt) WithDriver(key string) CarAt {
	dr, ok := fd.DriverByKey(key)
	if !ok {
		panic("fdtest: no driver " + key)
	}
	c.Wear, c.Driver = dr.Wear, key
	return c
}

// WithFlags adds position flags ("nitro", "drop", …).
func (c CarAt) WithFlags(f ...string) CarAt {
	c.Flags = append(append([]string(nil), c.Flags...), f...)
	return c
}

// Position is the placement as engine/fd reads it.
func (c CarAt) Position() fd.CarPosition { return fd.CarPosition(c) }

// Positions numbers the cars in order (1, 2, …) and returns them as
// engine/fd reads them.
func Positions(cars ...CarAt) []fd.CarPosition {
	out := make([]fd.CarPosition, len(cars))
	for i, c := range cars {
		out[i] = fd.CarPosition(c)
		out[i].Car = i + 1
	}
	return out
}

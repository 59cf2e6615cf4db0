package fd

// The lap of grace of a wet compound on a track that dried (8-C): the
// base reads it where the move prices an overshoot (fdrOvershootFactor),
// and ends it at the line (crossLine) and at a new set (the pit stop),
// so it must find the slot, which the variant declares in its own file
// and names here from its init, as fdr names its reason table
// (KeepEliminationReasons). kept is false in a program that links no
// variant keeping it: no car is then in grace, and nothing writes a slot
// that is not the grace's.
var driedTrackGrace struct {
	slot Slot[bool]
	kept bool
}

// KeepDriedTrackGrace names the slot of the lap of grace a wet compound
// runs at cost once the track dries (8-C's "monsoon-grace"). Call it
// once, from the variant's init; a second call panics.
func KeepDriedTrackGrace(s Slot[bool]) {
	if driedTrackGrace.kept {
		panic("fd: KeepDriedTrackGrace called twice")
	}
	driedTrackGrace.slot, driedTrackGrace.kept = s, true
}

// inMonsoonGrace: the car's monsoon set runs at the dry cell's cost until
// it next crosses the line (8-C).
func (c *Car) inMonsoonGrace() bool {
	return driedTrackGrace.kept && flagIn(c, driedTrackGrace.slot)
}

// setMonsoonGrace gives the car its one more lap, or ends it (the line
// crossed, a new set, rain again).
func (c *Car) setMonsoonGrace(on bool) {
	if driedTrackGrace.kept {
		driedTrackGrace.slot.Set(c, on)
	}
}

// monsoonDried tells the game's TyreMatrix that the weather changed from
// before (fdr's weather test), when it hears it (MatrixWeatherChange):
// 8-C gives its monsoon sets their lap of grace on a track that dried.
func (g *Game) monsoonDried(before WeatherState) {
	if m, ok := g.hooks.matrix.(MatrixWeatherChange); ok {
		m.WeatherChanged(g, before)
	}
}

package fd

// The start roll a formation lap rolled ahead (9-A, R9): the base reads
// it at the car's first play (fdr's start), writes it from the setup
// (Setup.SetStartRoll), a position keeps it (start-roll=) and a red-flag
// restart clears it (21-B), so it must find the slot, which the variant
// declares in its own file and names here from its init, as
// KeepDriedTrackGrace does for 8-C. kept is false in a program that links
// no variant keeping it: no car then has a start roll kept, and nothing
// writes a slot that is not the start roll's.
var formationStart struct {
	slot Slot[int]
	kept bool
}

// KeepFormationStartRoll names the slot of the start roll a formation
// lap rolls for each car's first play (9-A's "start-roll"). Call it once,
// from the variant's init; a second call panics.
func KeepFormationStartRoll(s Slot[int]) {
	if formationStart.kept {
		panic("fd: KeepFormationStartRoll called twice")
	}
	formationStart.slot, formationStart.kept = s, true
}

// formationRoll is the start roll kept for the car's first play, 0 for none.
func (c *Car) formationRoll() int {
	if !formationStart.kept {
		return 0
	}
	return countIn(c, formationStart.slot)
}

// setFormationRoll keeps a start roll for the car's first play (0: none).
func (c *Car) setFormationRoll(v int) {
	if formationStart.kept {
		formationStart.slot.Set(c, v)
	}
}

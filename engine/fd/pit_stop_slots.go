package fd

// The pit stop's per-car state that league variants keep in their own
// slots and the base writes: 19-D's hold in the pit, 19-F's engineer
// points spent and 19-G's mechanics points earned. fdr's pit stop holds,
// spends and earns them (HoldInPit, SpendEngineerPoints,
// EarnMechanicsPoint, with no game at hand), fdr's play and the base's
// spare car and red-flag restart end a hold (HeldInPit, releasePit), so
// the base must find each slot, which its variant declares in its own
// file and names here from its init, as KeepDriedTrackGrace does for 8-C.
// A slot not kept (a program that links no variant keeping it) holds
// nothing: no car is held, and nothing writes a slot that is not its own.
var pitStopSlots struct {
	hold                 Slot[bool]
	engineers, mechanics Slot[int]
	holdKept             bool
	engineersKept        bool
	mechanicsKept        bool
}

// KeepPitHold names the slot of a car held in its pit for its next play
// (19-D's "pit-held"). Call it once, from the variant's init; a second
// call panics.
func KeepPitHold(s Slot[bool]) {
	if pitStopSlots.holdKept {
		panic("fd: KeepPitHold called twice")
	}
	pitStopSlots.hold, pitStopSlots.holdKept = s, true
}

// KeepEngineerPointsSpent names the slot of the engineer points a car
// spent this race (19-F's "engineer-point"). Call it once, from the
// variant's init; a second call panics.
func KeepEngineerPointsSpent(s Slot[int]) {
	if pitStopSlots.engineersKept {
		panic("fd: KeepEngineerPointsSpent called twice")
	}
	pitStopSlots.engineers, pitStopSlots.engineersKept = s, true
}

// KeepMechanicsPointsEarned names the slot of the mechanics points a
// car's quick stops earned this race (19-G's "mechanics-point"). Call it
// once, from the variant's init; a second call panics.
func KeepMechanicsPointsEarned(s Slot[int]) {
	if pitStopSlots.mechanicsKept {
		panic("fd: KeepMechanicsPointsEarned called twice")
	}
	pitStopSlots.mechanics, pitStopSlots.mechanicsKept = s, true
}

// holdInPit keeps the car in its pit at its next play (fdr's long stop,
// league 19-D).
func holdInPit(c *Car) {
	if pitStopSlots.holdKept {
		pitStopSlots.hold.Set(c, true)
	}
}

// heldInPit: the car's next play passes in its pit (league 19-D).
func heldInPit(c *Car) bool {
	return pitStopSlots.holdKept && flagIn(c, pitStopSlots.hold)
}

// releasePit ends the hold: the play passed in the pit, or the car left
// its box another way (a spare car, a new grid).
func releasePit(c *Car) {
	if pitStopSlots.holdKept {
		pitStopSlots.hold.Set(c, false)
	}
}

// spendEngineerPoints counts n more engineer points spent by the car
// (league 19-F).
func spendEngineerPoints(c *Car, n int) {
	if pitStopSlots.engineersKept {
		pitStopSlots.engineers.Set(c, countIn(c, pitStopSlots.engineers)+n)
	}
}

// earnMechanicsPoint counts a quick stop car c made (fdr/pit.go, when
// PitStopRules.Mechanics, league 19-G) and returns its points earned this
// race, for the "mechanics-point" event.
func earnMechanicsPoint(c *Car) int {
	if !pitStopSlots.mechanicsKept {
		return 0
	}
	n := countIn(c, pitStopSlots.mechanics) + 1
	pitStopSlots.mechanics.Set(c, n)
	return n
}

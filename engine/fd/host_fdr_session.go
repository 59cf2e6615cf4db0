package fd

// What the base asks a rules module (issue 13, step (4)(b): the
// fdr-session round), as it reaches a wreck through WreckModule, so that
// its files name none of the module's own names.

// wreckSlot is the flag slot in which a rules module marks a car that is
// eliminated but still on the board until removed (fdr's wreck, R12.6,
// R14.5, R16.4); set is false until a module names it
// (KeepWrecksOnBoard). OnBoard asks it at every call, with no game to
// ask a module of and inlined at every site, so it is a slot named once
// at init, not a method of the module.
var wreckSlot struct {
	slot Slot[bool]
	set  bool
}

// KeepWrecksOnBoard names the flag slot in which the rules module marks an
// eliminated car still on the board (fdr R12.6): OnBoard counts such a car.
// Call it once, from the module's init; a second call panics.
func KeepWrecksOnBoard(s Slot[bool]) {
	if wreckSlot.set {
		panic("fd: KeepWrecksOnBoard called twice")
	}
	wreckSlot.slot, wreckSlot.set = s, true
}

// eliminatedOnBoard reports a car eliminated but still on the board (a
// wreck awaiting removal, KeepWrecksOnBoard).
func (c *Car) eliminatedOnBoard() bool {
	return wreckSlot.set && c.slots[wreckSlot.slot.index] != 0
}

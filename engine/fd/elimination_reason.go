package fd

import "slices"

// A car's reason of elimination (FDR T8, R20): the row of the competition
// rules' elimination recap a car is counted in. The texts are the base's
// vocabulary, not fdr's alone: the league variants sort cars by them
// (20-A, 20-B's destroyed cars, 21-B's repairs, 10-A's runaway car, 2-B),
// sim and bot read them, and variants add rows (ReasonInjury, 20-A, here;
// ReasonBlackFlag beside 7-A's Exclude, exclude.go), so they are declared
// in the base, which the module's package will import and never the
// reverse. Which texts a car can hold, and where the
// car holds one, is the rules module's: fdr keeps an index into its T8
// table in a slot of its own and names both here once
// (KeepEliminationReasons), as it names its wreck slot (KeepWrecksOnBoard).
// Car.EliminationReason has no game to ask a module of, so it reads the
// slot named at init; a ruleset without reasons leaves the slot at zero,
// and a program linking no such module reads "" for every car.

// Elimination reasons of T8 (R20).
const (
	ReasonOvershoot = "overshoot"
	ReasonBlocking  = "blocking"
	ReasonCollision = "collision"
	ReasonWall      = "wall" // a body test at the wall: a collision row of T8
	ReasonEngine    = "engine"
	ReasonHandling  = "handling"
	ReasonFuel      = "fuel" // league variant 16-F: out of fuel
	ReasonTime      = "time" // side event AX-5: its time bank spent, frozen where it stood
)

// ReasonInjury is why a car whose pilot was hurt in qualifying (league
// variant 20-A, rule A's QUALI) is out before the start: it does not
// start the race. It is here, not in variants/20a.go, because fdr's T8
// table names it (fdrReasons) and the league variants are to leave
// engine/fd for a package fdr does not import.
const ReasonInjury = "injury"

// reasonTable is the slot in which the rules module keeps each car's
// reason, as an index into texts (texts[0] is "", none); texts is nil
// until a module names them (KeepEliminationReasons). Written once at
// init, read-only after: a read is a load, safe from any goroutine.
var reasonTable struct {
	slot  Slot[int]
	texts []string
}

// KeepEliminationReasons names the count slot in which the rules module
// keeps each car's reason of elimination and the table its count indexes
// (fdr: T8's rows, "" first for none). Call it once, from the module's
// init; a second call panics, and so does a table reasonTableFault
// refuses, since Car.EliminationReason could not answer it.
func KeepEliminationReasons(s Slot[int], texts []string) {
	if reasonTable.texts != nil {
		panic("fd: KeepEliminationReasons called twice")
	}
	if fault := reasonTableFault(texts); fault != "" {
		panic("fd: KeepEliminationReasons: " + fault)
	}
	reasonTable.slot, reasonTable.texts = s, slices.Clone(texts)
}

// reasonTableFault says what is wrong with a table of reasons, "" for
// nothing: index 0 must be "" (a car's slot starts at zero, no reason),
// and a text named twice would hold one reason under two indexes.
func reasonTableFault(texts []string) string {
	if len(texts) == 0 || texts[0] != "" {
		return `the table starts with "", no reason`
	}
	for i, r := range texts {
		if slices.Index(texts, r) != i {
			return r + " twice in the table"
		}
	}
	return ""
}

// EliminationReason is why the car was eliminated under the competition
// rules (T8, a Reason* text), "" for none.
func (c *Car) EliminationReason() string {
	if reasonTable.texts == nil {
		return ""
	}
	return reasonTable.texts[c.slots[reasonTable.slot.index]]
}

// SetEliminationReason gives a car built by hand (a league's test of a
// race's results) its reason of elimination, a Reason* text or "" for
// none; it reports false, setting nothing, for a text not in the rules
// module's table (T8's), and for any text but "" when no module keeps
// reasons.
func (c *Car) SetEliminationReason(reason string) bool {
	i := slices.Index(reasonTable.texts, reason)
	if i < 0 {
		return reason == "" && reasonTable.texts == nil
	}
	c.slots[reasonTable.slot.index] = int32(i) // a plain store, as EliminationReason's load: both inline
	return true
}

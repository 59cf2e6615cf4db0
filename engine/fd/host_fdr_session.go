package fd

import (
	"fmt"
	"sync"
)

// What the base asks a rules module about positions (issue 13, step
// (4)(b): the fdr-session round). fdr's part of a position (a car's keys
// config=, pit=, box=, arrival=, inertia=, reason=; the round in
// progress, R6.10; the last weather test, R3.6) is fdr's state, which
// the base reaches through the optional interfaces below, as it reaches
// a wreck through WreckModule. A module implements an interface only
// when it owns what the interface asks; the base's code does what it did
// without one.

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

// PositionModule is a rules module that writes and resumes its own part
// of a race's position (fdr: each car's competition state, R4.1, R5.2,
// R6.8, R16.4, T8; where the round stands, R6.10, AMB-40; the last
// weather test, R3.6). Reading a car's part back is RulesModule's
// StartCar.
type PositionModule interface {
	// RaceHeld reports whether the value holds a race's state (a play's
	// value, or one before the race's state exists, does not).
	RaceHeld() bool
	// PositionRound writes where the round stands and the module's part
	// of the header.
	PositionRound(g *Game, p *Position)
	// PositionCar writes the module's part of car c's line.
	PositionCar(g *Game, c *Car, cp *CarPosition)
	// ResumeRace resumes the race's state from a position's header (the
	// round in progress, the last weather test).
	ResumeRace(g *Game, p Position)
	// AtDecision reports false when a round is under way and no car's
	// play is: no position holds the game then.
	AtDecision(g *Game) bool
}

// positionRules is the game's PositionModule when its value holds a race
// state, else nil.
func (g *Game) positionRules() PositionModule {
	if m, ok := g.Rules().(PositionModule); ok && m.RaceHeld() {
		return m
	}
	return nil
}

// CarPositionModule is a rules module with keys of its own on a
// position-car line (fdr's config=, pit=, arrival=, inertia=, reason=,
// box=, and league 9-A's start-roll=). A position is read and written
// without a game (ParsePosition, Position.Events), so the modules of the
// rulesets table are asked, as the driver cards are (driverCards).
type CarPositionModule interface {
	// ReadCarPosition checks and reads the module's keys of s into c.
	ReadCarPosition(c *CarPosition, s PositionCarState) error
	// WriteCarPosition writes c's module part into s, each key only
	// when set.
	WriteCarPosition(c CarPosition, s *PositionCarState)
}

// carPositionModules are the rulesets table's modules with keys of their
// own on a position line, in the table's order: built at the first use,
// read-only after, sealing the registry as driverCards does.
var carPositionModules = sync.OnceValue(func() []CarPositionModule {
	modulesSealed.Store(true)
	var out []CarPositionModule
	for _, info := range rulesets {
		newModule := info.module
		if info.rulesModule != "" {
			newModule = registeredModules[info.rulesModule]
		}
		if newModule == nil {
			continue
		}
		if m, ok := newModule().(CarPositionModule); ok {
			out = append(out, m)
		}
	}
	return out
})

// checkPitBoxes refuses a position in which two cars own one pit box: a
// car without box= owns box Number (R4.1). The box is the base's (Car.box,
// the pit lane's capability), so is the check.
func (g *Game) checkPitBoxes() error {
	owner := map[int]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		b := c.PitBox()
		if b == 0 {
			b = c.Number
		}
		if o, dup := owner[b]; dup {
			return fmt.Errorf("cars %d and %d both own pit box %d (R4.1)", o, c.Number, b)
		}
		owner[b] = c.Number
	}
	return nil
}

package fd

import (
	"fmt"
	"sync"

	"github.com/pitwall/pitwall/tracks"
)

// What the base asks a rules module about qualifying sessions and
// positions (issue 13, step (4)(b): the fdr-session round). The solo lap
// of a qualifying session (a one-car Game, qualifying.go) is the base's:
// the 2008 rules' optional qualifying (O-QUA) drives it too. What the
// competition rules add (several sessions under their own ids and
// weather, R1.1–R1.4; a lap's spaces past the line, the order of
// completion and each driver's best, fdr AMB-42; the flying lap, R1.3) is
// fdr's state, which the base reaches through the optional interfaces
// below (QualifyingModule for the sessions), as it reaches a wreck
// through WreckModule. So is fdr's part of a position: a car's keys
// (config=, pit=, box=, arrival=, inertia=, reason=), the round in
// progress (R6.10) and the last weather test (R3.6). A module implements an interface only when it owns what the
// interface asks; the base's code does what it did without one.

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
// R6.8, R16.4, T8; where the round stands, R6.10, fdr AMB-40; the last
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
		newModule := registeredModules[info.rulesModule]
		if info.rulesModule == "" || newModule == nil {
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

// QualifyingState is where a module's qualifying sessions stand (fdr R1).
// Its maps and slice are the module's: read them, do not keep or change
// them.
type QualifyingState struct {
	// InQualifying: the sessions, or the builds before them, are under
	// way and the race's setup is not (the session's weather, free tyres:
	// fdr R1.5).
	InQualifying bool
	// Driving: the laps of a session are under way (a position inside
	// qualifying is written then; between sessions no lap is driven).
	Driving    bool
	Session    int                      // the session under way, from 1 (R1.1)
	Done       int                      // sessions completed (the completion order, fdr AMB-42)
	Best       map[int]QualifyingResult // each car's best result so far
	OrderDraws map[int]int              // session 1's running-order d20s by car (1-A)
	Results    []QualifyingResult       // every session's results, in the order driven
	// Rained: some session was driven in the rain; LastWeather is the
	// last session's weather (the race's weather roll: WeatherDraw,
	// league 3-B).
	Rained      bool
	LastWeather tracks.Weather
}

// QualifyingModule is a rules module that runs qualifying in sessions
// (fdr R1.1) with a state of its own, the one interface through which the
// base asks it about qualifying without naming the module: where the
// sessions stand (Setup.Qualified, 1-A's running order and the
// completion order, the tyres' weather, the race's weather roll), and
// the base's solo laps (qualifying.go) and the qualifying position
// (qualifying_position.go). QualifyingState's ok false means the value
// holds no race state (before it exists); SessionRules and the lap's
// past (LapPast, SetLapPast) are asked of a session's value, the rest of
// the race's. A play's question stays with the play's value
// (FlyingLapModule, as PlayStateModule's).
type QualifyingModule interface {
	// QualifyingState is where the sessions stand; ok false before the
	// module's state exists.
	QualifyingState() (QualifyingState, bool)
	// SessionRules is the module value a car's solo lap plays under: a
	// state of its own, never the race's (R1).
	SessionRules() RulesModule
	// LapPast is the spaces a session's lap went past the line (fdr AMB-42),
	// asked of the session's value; SetLapPast gives it back from a
	// position.
	LapPast() int
	SetLapPast(past int)
	// EndLap counts a lap ended in the race's completion order and says
	// its session and spaces past the line (R1.9, fdr AMB-42).
	EndLap(session *Game, r *QualifyingResult)
	// WriteSession writes the session in progress into a position: its
	// number, its roll, the rain before it (league 3-B), session 1's
	// order draws (league 1-A) and the earlier sessions' results.
	WriteSession(g *Game, p *Position)
	// ResumeSession sets the module's state inside session p.Session
	// from a position: the session, its weather, the earlier results.
	ResumeSession(g *Game, p Position) error
}

// FlyingLapModule is a play's module value that knows whether its play is
// a flying lap's (R1.3 as QualifyingStart changes it): a qualifying
// position starts such a lap again at its gear choice.
type FlyingLapModule interface {
	FlyingLap() bool
}

// sessionRules is the game's QualifyingModule when its value holds a race
// state, else nil.
func (g *Game) sessionRules() QualifyingModule {
	if m, ok := g.Rules().(QualifyingModule); ok {
		if _, held := m.QualifyingState(); held {
			return m
		}
	}
	return nil
}

// qualifyingState is the game's module's QualifyingState, ok false
// without one (or before its state exists).
func (g *Game) qualifyingState() (QualifyingState, bool) {
	if m, ok := g.Rules().(QualifyingModule); ok {
		return m.QualifyingState()
	}
	return QualifyingState{}, false
}

// flyingLap reports whether the play under way is a flying lap (R1.3).
func flyingLap(play Turn) bool {
	m, ok := play.Rules().(FlyingLapModule)
	return ok && m.FlyingLap()
}

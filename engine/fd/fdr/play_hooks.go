package fdr

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The competition rules' answers to the base turn's questions about the
// play and the race (issue 13, step (4)(b), the fdr-play round): the base
// declares the questions (host_fdr_play.go) and asks them of the rules
// module value without naming fdr's state; fdrRules answers from it here.
// This file uses only the host API.

// HoldsPlay reports a play's own value, holding its state (R6.11): the
// game's value, or a play the module did not open, holds none
// (PlayStateModule).
func (m *fdrRules) HoldsPlay() bool { return m.play != nil }

// PlayInertia reports an inertia move (R16.4, R16.7): forced, no roll
// bonus, no pit stop.
func (m *fdrRules) PlayInertia() bool { return m.play != nil && m.play.inertia }

// PlayPitLaneStart reports a play begun in the pit lane or the box.
func (m *fdrRules) PlayPitLaneStart() bool { return m.play != nil && m.play.pitLaneStart }

// PlayGearImposed reports a play begun in 1st or neutral: a gear imposed,
// not chosen (PitLaneRule's entry).
func (m *fdrRules) PlayGearImposed() bool { return m.play != nil && m.play.fromGear <= 1 }

// PlayPitClosed is R19.6 and R16.10 for the play (pitClosed); nothing is
// closed outside a play.
func (m *fdrRules) PlayPitClosed() bool { return m.play.pitClosed() }

// PlaySlipstreams counts the slipstreams the play took (R18).
func (m *fdrRules) PlaySlipstreams() int {
	if m.play == nil {
		return 0
	}
	return m.play.slips
}

// PlayLastRunning reports the car last of the running cars as its play
// began (league AMB-39).
func (m *fdrRules) PlayLastRunning() bool { return m.play != nil && m.play.lastRunning }

// PlayCharge owes n points of cat for the move, paid with the brakes at
// its end (R6.11 step 8; Turn.Charge).
func (m *fdrRules) PlayCharge(cat fd.Category, n int, cause string) {
	if m.play != nil {
		m.play.owed[cat] += n
		m.play.owedCause = cause
	}
}

// PlayKeepDeclaredTests keeps the engine tests a DeclaredRoll's face
// calls (§0.4 step 3): on a new roll the tests of the first face stand
// (5-E2), unless the new face replaces the car's own test.
func (m *fdrRules) PlayKeepDeclaredTests(tests []int, replaced bool) {
	if f := m.play; f != nil && (replaced || !f.ownReplaced) {
		f.declaredTests, f.ownReplaced = tests, replaced
	}
}

// PlayAddEngineTests adds n engine tests at limit, which replace the
// car's own (an ExtraGear's roll, 6-D).
func (m *fdrRules) PlayAddEngineTests(limit, n int) {
	f := m.play
	if f == nil {
		return
	}
	for range n {
		f.declaredTests = append(f.declaredTests, limit)
	}
	f.ownReplaced = true
}

// TrackBefore is the competition rules' track order, the front first,
// ties by the leader's order (AMB-23, R16.1; TrackOrderModule).
func (*fdrRules) TrackBefore(g *fd.Game, a, b *fd.Car) bool { return trackBefore(g, a, b) }

// CollisionLimits are the collision tests' losing rolls a car ending on
// at would take (T6, R14.4; CollisionLimitsModule).
func (*fdrRules) CollisionLimits(g *fd.Game, c *fd.Car, at tracks.SpaceID) []int {
	return collisionLimitsAt(g, c, at)
}

// SpareCarBack clears the competition rules' own state of a car a spare
// car brings back (20-B): no reason of elimination, no spin restart, no
// engine inertia (SpareCarModule).
func (*fdrRules) SpareCarBack(c *fd.Car) {
	setEliminationReason(c, "")
	spinRestart.Set(c, false)
	engineInertia.Set(c, InertiaNone)
}

// SpreadBuilds are the builds a spread offers, R5.2's presets fitted to
// it and built fitted to it, those it allows (4-B's narrowed decisions;
// BuildModule).
func (*fdrRules) SpreadBuilds(sp fd.Spread, built fd.Wear) []fd.Option {
	same := fitSpread(built, sp)
	var out []fd.Option
	for _, op := range append(fdrBuildOptions(sp), fd.Option{Build: same, Pits: sp.Total - same.CarPoints()}) {
		if validateSpread(op.Build, sp) == nil {
			out = append(out, op)
		}
	}
	return out
}

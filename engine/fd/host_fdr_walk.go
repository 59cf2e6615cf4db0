package fd

import "github.com/pitwall/pitwall/tracks"

// The host API's part for the walk's option building (walk_options.go),
// which is the base's (issue 13, the fdr-walk round): the base walks the
// play's segment, builds its options and sorts them; the rules module
// prices them and says what its rules add to the walk (R8.13's slide,
// R8.10's +1). The base declares here what it asks and what it lends the
// module: the module answers through WalkModule, the play's value
// (fdrRules under the competition rules), and reads the walk through a
// Walk.

// WalkModule is what the base's walk of a play asks the rules module. It
// is asked of the play's module value once per list of options, so a
// call of its methods on the path costs an interface call, no lookup.
type WalkModule interface {
	// WalkPlay is the play's state the walk reads, asked once per list
	// of options.
	WalkPlay(play Turn) WalkPlay
	// SegmentSlide is the slide a segment ending at path (after prior,
	// the unresolved part of the play so far) owes, 0 for none (FDR
	// R8.13, R18.15): the walk then adds it to the segment.
	SegmentSlide(play Turn, w Walk, prior, path []tracks.SpaceID) int
	// BonusOpen reports whether the play may take the +1 (FDR R8.5,
	// R8.10, R18.14) along seg, the segment with it.
	BonusOpen(play Turn, seg []tracks.SpaceID) bool
	// JudgeOption prices an option the walk keeps: its cost and risks
	// (FDR R10, R12.5, R15.2, R17.2), whether it ends in the pit lane.
	// full is the unresolved part of the play then op's path, in the
	// walk's memory.
	JudgeOption(play Turn, w Walk, op *Option, full []tracks.SpaceID)
	// HazardSignature names the hazards a path from from enters (FDR
	// R17.2, R15.2): two ways with the same signature cost and risk the
	// same, so a slipstream keeps one of them.
	HazardSignature(g *Game, from tracks.SpaceID, path []tracks.SpaceID) string
	// SlipstreamBehind reports whether a car may slipstream behind
	// leader as far as the module's state of it goes (FDR R18.11: not a
	// car in inertia).
	SlipstreamBehind(g *Game, leader *Car) bool
}

// WalkPlay is the play's state the walk reads (fdrTurn's, under the
// competition rules): where the unresolved part of the play starts and
// what the play has already done.
type WalkPlay struct {
	// From is where the unresolved part of the play starts, Corner and
	// Stops the corner and stops that count there; Resolved the index
	// in the play's path up to which it is settled.
	From          tracks.SpaceID
	Corner, Stops int
	Resolved      int
	// BrakesSpent are the brake points the play has spent so far (R11,
	// R18.7), less those a module spared.
	BrakesSpent int
	// Coast: the move is a CoastRule's inertia move (16-A); Exit: the
	// quick-stop exit move (R19.16); Inertia: an inertia move (R16.4);
	// NoSlip: no slipstream (R11.5, R16.7, past the line).
	Coast, Exit, Inertia, NoSlip bool
}

// Overshoot is an overshoot the walk found (the corner left, its stops,
// the spaces past), read through its accessors.
type Overshoot = overshoot

// Walk is the base's walk of a play lent to the rules module while it
// answers: what the module reads of the walk.
type Walk struct{ m *mover }

// OvershootsAlong reports whether the path from start along prior then
// path leaves a corner it owes stops in, the play's corner accounting
// (R10).
func (w Walk) OvershootsAlong(start tracks.SpaceID, prior, path []tracks.SpaceID) bool {
	return overshootsAlong(w.m, start, prior, path)
}

// SegmentOvershoots appends to buf the overshoots of full, from from with
// the corner and stops that count there (R10). The walk's mover counts
// from them while it answers, rather than a copy of it (a few hundred
// bytes for every option judged).
func (w Walk) SegmentOvershoots(buf []Overshoot, from tracks.SpaceID, corner, stops int, full []tracks.SpaceID) []Overshoot {
	m := w.m
	keepCorner, keepStops := m.startCorner, m.startStops
	m.startCorner, m.startStops = corner, stops
	buf = m.g.appendOvershoots(buf, m, from, full)
	m.startCorner, m.startStops = keepCorner, keepStops
	return buf
}

// Dangerous reports a space with debris or a dangerous space of the
// circuit (R17.1), as fdr's judging asks of each space of each option:
// most are neither, which the walk's hazards say by a bit (they hold both,
// as they lie while the walk answers, with an oval's wall lane); the
// others are asked of the debris map (issue 14: a map lookup per space).
func (w Walk) Dangerous(s tracks.SpaceID) bool {
	m := w.m
	if m.hazards == nil {
		m.hazard(s) // built on the walk's first question
	}
	return m.hazards.has(s) && m.g.dangerousSpace(s)
}

// DangerousIn counts the spaces of path Dangerous reports, in one call
// for a path (issue 14: fdr's judging asked Dangerous of every space of
// every option, a call each, about 31,000 a race).
func (w Walk) DangerousIn(path []tracks.SpaceID) int {
	if len(path) == 0 {
		return 0
	}
	m := w.m
	if m.hazards == nil {
		m.hazard(path[0]) // built on the walk's first question
	}
	n := 0
	for _, s := range path {
		if m.hazards.has(s) && m.g.dangerousSpace(s) {
			n++
		}
	}
	return n
}

// MoveOptions lists the options of the play's main move (R6.11 steps
// 4–8), walked by the base and priced by the play's WalkModule.
func (t Turn) MoveOptions() []Option { return t.g.walkMoveOptions(t) }

// SlipOptions lists the slipstreams open to the play's car (R18).
func (t Turn) SlipOptions() []Option { return t.g.walkSlipOptions(t) }

// SegmentOverruns are the overshoots of path, the unresolved part of the
// play, from where it starts (R10).
func (t Turn) SegmentOverruns(path []tracks.SpaceID) []Overshoot { return t.g.segmentOverruns(t, path) }

// The tyre rules the competition rules' walk rules read (T3, R8; the
// league's weather matrix, 3-A and 8-C, and compounds, 8-B).

// TyreCell is a cell of the league's weather matrix (TyreMatrix).
type TyreCell = tyreCell

// Slide is the cell's slide at a stop owed in a corner (R8.13).
func (c tyreCell) Slide() int { return c.slide }

// Bonus is the cell's optional spaces on the set's first lap (R8.5).
func (c tyreCell) Bonus() int { return c.bonus }

// OvershootFactor is the cell's T3 factor on the set's lap setLap.
func (c tyreCell) OvershootFactor(setLap int) int { return c.overshootFactor(setLap) }

// ExtremeCell is the matrix cell of c's tyre; ok is false where the base
// tables hold.
func (g *Game) ExtremeCell(c *Car) (TyreCell, bool) { return g.extremeCell(c) }

// ExtremeCellOf is ExtremeCell for a tyre (extremeCellOf's body: a
// wrapper of it would not inline, and it is asked for every option).
func (g *Game) ExtremeCellOf(tyre Tyre) (TyreCell, bool) { return g.cellIn(g.weather, tyre) }

// DryTyre reports a dry tyre: hard, soft or a soft-like compound.
func (g *Game) DryTyre(t Tyre) bool { return g.dryTyre(t) }

// SoftLike reports soft tyres or a TyreCompound, which plays as soft.
func (g *Game) SoftLike(t Tyre) bool { return g.softLike(t) }

// DryTyreSlide is the rain slide of dry tyres, 3 as the league variants
// amend it (8-A, 8-C).
func (g *Game) DryTyreSlide(c *Car) int { return g.dryTyreSlide(c) }

// CompoundOf is a TyreCompound module's compound when the tyre is it
// (compoundOf's body, to inline).
func (g *Game) CompoundOf(t Tyre) (TyreCompound, bool) {
	x := g.hooks.compound
	return x, x != nil && t == x.Compound()
}

// InMonsoonGrace reports league 8-C's lap of grace on monsoon tyres.
func (c *Car) InMonsoonGrace() bool { return c.inMonsoonGrace() }

package fdr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Movement under the competition rules (R6.11 steps 4–8): the die, the
// mandatory slide (R8.13), the optional soft +1 (R8.10), slipstreams (R18)
// and brakes (R11) applied to the total; blocking (R12) when cars leave no
// way through. Every option carries its consequences: wear per category,
// elimination, spin, slide, bonus, handling and wall tests.
//
// The walk and its option building are the base's (walk_options.go,
// walk_subsets.go; issue 13, the fdr-walk round): this file keeps the
// rules, which the walk asks through WalkModule (host_fdr_walk.go),
// answered below by fdrRules, the play's value.

// fdrMoveOptions lists the options of the main move of a play, walked by
// the base and priced below.
func fdrMoveOptions(g *fd.Game, play fd.Turn) []fd.Option { return play.MoveOptions() }

// fdrSlipOptions lists the slipstreams open to the car (R18, T7).
func fdrSlipOptions(g *fd.Game, play fd.Turn) []fd.Option { return play.SlipOptions() }

// WalkPlay is the play's state the walk reads (fdrTurn's), once per list
// of options.
func (r *fdrRules) WalkPlay(fd.Turn) fd.WalkPlay {
	f := r.play
	return fd.WalkPlay{From: f.segFrom, Corner: f.segCorner, Stops: f.segStops, Resolved: f.resolved,
		BrakesSpent: f.braked + f.slipCost - f.freeBraked, Coast: f.coast, Exit: f.exit, Inertia: f.inertia,
		NoSlip: f.noSlip || f.inertia || f.finishAt >= 0} // R11.5, R16.7
}

// SegmentSlide is R8.13 and R18.15: a segment ending inside a corner
// where the car still owes a stop slides on a wet track, once a play.
func (r *fdrRules) SegmentSlide(play fd.Turn, w fd.Walk, prior, path []tracks.SpaceID) int {
	g := play.Game()
	if s := fdrSlideAmount(g, play.Car()); s > 0 && !r.play.slid && r.owesStop(g, w, prior, path) {
		return s
	}
	return 0
}

// HazardSignature is hazardSig: a way along the wall and a way through a
// dangerous space are two slipstreams (§7-3-7).
func (*fdrRules) HazardSignature(g *fd.Game, from tracks.SpaceID, path []tracks.SpaceID) string {
	return hazardSig(g, from, path)
}

// SlipstreamBehind is R18.11 and AMB-35: not behind a car in inertia.
func (*fdrRules) SlipstreamBehind(_ *fd.Game, leader *fd.Car) bool {
	in := inertiaState(leader)
	return in != InertiaMoved && in != InertiaExtendedMove
}

// fdrWet reports whether the track is wet (R3, T11).
func fdrWet(g *fd.Game) bool { return g.Weather().Rain() }

// fdrSlideAmount is T3: on a wet track hard and soft tyres slide 3, rain
// tyres 1 (R8.4, R8.6, R8.8).
func fdrSlideAmount(g *fd.Game, c *fd.Car) int {
	if !fdrWet(g) {
		return 0
	}
	cell, ok := g.ExtremeCell(c)
	switch {
	case ok && (g.Weather() == fd.Deluge || !g.DryTyre(c.Tyre)):
		return cell.Slide() // league 3-A, 8-C: the Deluge column, a wet compound's cell
	case c.Tyre == fd.RainTyre:
		return 1
	}
	return g.DryTyreSlide(c) // 8-C's rain slide of dry tyres is the base's 3, which 8-A counts
}

// fdrOvershootFactor is T3 (and T4): hard ×1; soft ×2 on the set's laps 1–2
// and ×3 from its lap 3; rain tyres ×1 on a wet track, like soft on a dry
// one. The set's lap is 1 + the laps it has completed (R8.2); qualifying
// uses lap 1 (R8.12).
func fdrOvershootFactor(g *fd.Game, c *fd.Car) int {
	setLap := c.TyreAge + 1
	if c.InMonsoonGrace() && c.Tyre == fd.Monsoon {
		setLap = 1 // league 8-C: one more lap at cost on the dried track
	}
	factor := fdrTyreFactor(g, c.Tyre, setLap)
	if x, ok := g.CompoundOf(c.Tyre); ok {
		factor = x.OvershootFactor(fdrTyreFactor(g, fd.Soft, setLap), setLap) // TyreCompound
	}
	if wing := g.WingRule(); wing != nil {
		factor = wing.Overshoot(c, factor) // WingRule
	}
	return factor
}

// fdrTyreFactor is T3's factor of a tyre on the set's lap setLap.
func fdrTyreFactor(g *fd.Game, tyre fd.Tyre, setLap int) int {
	if cell, ok := g.ExtremeCellOf(tyre); ok {
		return cell.OvershootFactor(setLap) // league 3-A, 3-B (8-C)
	}
	switch {
	case tyre == fd.Soft, tyre == fd.RainTyre && !fdrWet(g):
		if setLap >= 3 {
			return 3
		}
		return 2
	}
	return 1
}

// tyreLoss is R10.9: a cost C against T tyre points left.
func tyreLoss(t, c int) (left int, spin, elim bool) {
	switch {
	case c <= 0:
		return t, false, false
	case t > c:
		return t - c, false, false
	case t == c:
		return 0, true, false
	case t == 0 && c == 1:
		return 0, true, false // R10.9, [10-4-2]: a second spin on the same set
	}
	return t, false, true
}

// fdrT5 is the blocking table T5 (R12.2): brakes and tyres for k spaces not
// moved; ok is false from 7.
func fdrT5(k int) (brakes, tyres int, ok bool) {
	if k <= 0 {
		return 0, 0, true
	}
	if k >= 7 {
		return 0, 0, false
	}
	table := [7][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}, {3, 3}}
	return table[k][0], table[k][1], true
}

// fdrDangerous reports a dangerous space (R17.1): a sticker, or a space
// dangerous by the circuit.
func fdrDangerous(g *fd.Game, s tracks.SpaceID) bool {
	return g.Debris[s] || g.Track.Spaces[s].Has(tracks.FlagDangerous)
}

// fdrWallEntry is R15.2 and R15.4: the step enters the wall lane of an oval
// from outside it.
func fdrWallEntry(g *fd.Game, from, to tracks.SpaceID) bool {
	if !g.Track.Oval || to == tracks.NoSpace {
		return false
	}
	return g.Track.Spaces[to].Has(tracks.FlagWall) && (from == tracks.NoSpace || !g.Track.Spaces[from].Has(tracks.FlagWall))
}

// fdrFinishIndex is the index in path of the first space past the line that
// ends the car's race (R21.5), or -1.
func fdrFinishIndex(g *fd.Game, c *fd.Car, path []tracks.SpaceID) int {
	crossed, laps, prev := c.CrossedStart, c.Laps, c.Space
	for i, s := range path {
		if prev != tracks.NoSpace && g.Track.CrossesLine(prev, s) {
			if !crossed {
				crossed = true
			} else {
				laps++
				if laps >= g.Config.Laps {
					return i
				}
			}
		}
		prev = s
	}
	return -1
}

// owesStop (fdrOwesStop before the fdr-walk round) is R8.13: standing at
// the end of prior then path (the unresolved part of the play), the car is
// inside a corner where it still owes a stop, and the play has not
// overshot a corner (AMB-09: a stop after an overshoot does not count).
func (r *fdrRules) owesStop(g *fd.Game, w fd.Walk, prior, path []tracks.SpaceID) bool {
	f := r.play
	end := f.segFrom
	if len(path) > 0 {
		end = path[len(path)-1]
	} else if len(prior) > 0 {
		end = prior[len(prior)-1]
	}
	sp := &g.Track.Spaces[end]
	if sp.Kind != tracks.KindTrack || sp.Corner < 0 {
		return false
	}
	if w.OvershootsAlong(f.segFrom, prior, path) {
		return false
	}
	stops := 0
	if sp.Corner == f.segCorner {
		stops = f.segStops
	}
	return stops < g.Track.Corners[sp.Corner].Stops
}

// BonusOpen (fdrBonusOpen before the fdr-walk round) is R8.5, R8.10 and
// R18.14's +1: soft tyres on a dry track, on the set's first lap, once per
// play, never on a quick-stop exit; not in a play that crosses the
// start/finish line on the track once the race has started (AMB-10,
// strict), but up to its pit in the pit lane (R19.18).
func (r *fdrRules) BonusOpen(play fd.Turn, seg []tracks.SpaceID) bool {
	g, c, f := play.Game(), play.Car(), r.play
	if !g.SoftLike(c.Tyre) || fdrWet(g) || f.tyreAge != 0 || f.bonus || f.exit {
		return false
	}
	if cell, ok := g.ExtremeCell(c); ok && cell.Bonus() == 0 {
		return false // 8-C's "Move bonus" row
	}
	if !f.crossedBefore {
		return true
	}
	prev := play.Start()
	for _, part := range [2][]tracks.SpaceID{play.Path(), seg} {
		for _, s := range part {
			a, b := &g.Track.Spaces[prev], &g.Track.Spaces[s]
			if g.Track.CrossesLine(prev, s) && a.Kind == tracks.KindTrack && b.Kind == tracks.KindTrack {
				return false
			}
			prev = s
		}
	}
	return true
}

// JudgeOption (fdrJudge before the fdr-walk round) fills in the
// consequences of an option the walk keeps: overshoots (R10) with the
// tyre-loss function (R10.9), blocking (T5, R12.5), the handling tests
// (R17.2) and wall tests (R15.2) it will take, whether it ends in the pit
// lane.
func (r *fdrRules) JudgeOption(play fd.Turn, w fd.Walk, op *fd.Option, full []tracks.SpaceID) {
	g, c, f := play.Game(), play.Car(), r.play
	fin := fdrFinishIndex(g, c, op.Path)
	if fin >= 0 {
		full = full[:len(full)-len(op.Path)+fin+1] // the unresolved part so far, then op's path to the line
	}
	free := play.FreeBrake(op.Braked, op.Path) // WingRule
	brakes := f.braked + f.slipCost + op.Braked + op.SlipBrake - f.freeBraked - free
	op.Cost = fd.Wear{}
	op.Cost[fd.Brakes] = op.Braked + op.SlipBrake - free
	tyres := c.Wear[fd.Tyres]
	// T3's factor is worked out at the first overshoot that costs tyres:
	// most options have none (issue 14: the tyre table asked for each)
	factor, factorKnown := 0, false
	var buf [4]fd.Overshoot
	if f.coast {
		full = nil // CoastRule: no stop owed, no overshoot
	}
	for _, o := range w.SegmentOvershoots(buf[:0], f.segFrom, f.segCorner, f.segStops, full) {
		op.Overshoot += o.Spaces()
		if op.Eliminated {
			continue
		}
		corner := g.Track.Corners[o.Corner()]
		if stops := o.Stops(); stops <= corner.Stops-2 {
			// R10.3, R1.10: excessive overshooting
			op.Eliminated = true
			if g.Qualifying() {
				op.Cause = "aborts the session: left " + corner.Name + " with " + strconv.Itoa(stops) + " of " + strconv.Itoa(corner.Stops) + " stops (R1.10)"
				op.Why = fd.Because("why.session-aborted", corner.Name, stops, corner.Stops)
			} else {
				op.Cause = "left " + corner.Name + " with " + strconv.Itoa(stops) + " of " + strconv.Itoa(corner.Stops) + " stops: excessive overshooting (R10.3)"
				op.Why = fd.Because("why.left-stops-excessive", corner.Name, stops, corner.Stops)
			}
			continue
		}
		if !factorKnown {
			factor, factorKnown = fdrOvershootFactor(g, c), true
		}
		loss := o.Spaces() * factor // R10.2, T3
		if g.Qualifying() {
			op.Penalty += loss // R1.9
			continue
		}
		left, spin, elim := tyreLoss(tyres, loss)
		if unpaid := g.UnpaidOvershootRule(); elim && unpaid != nil { // league 10-A's rails
			if kept := unpaid.KeptChance(g, corner, o.Spaces(), full); kept > 0 {
				// kept in, it is a spin with its tyres at 0; the rest of
				// the chance is an elimination, counted by EliminationRisk
				op.RailsKept = kept
				op.Cost[fd.Tyres] += tyres
				tyres = 0
				op.Spin = true
				continue
			}
		}
		if elim {
			op.Eliminated = true
			op.Cause = "overshot " + corner.Name + " by " + strconv.Itoa(o.Spaces()) + ": " + strconv.Itoa(loss) + " tyre points with " + strconv.Itoa(tyres) + " left (R10.8)"
			op.Why = fd.Because("why.overshoot-tyres", corner.Name, o.Spaces(), loss, tyres)
			continue
		}
		op.Cost[fd.Tyres] += tyres - left
		tyres = left
		op.Spin = op.Spin || spin
	}
	if op.Blocked > 0 && !op.Eliminated && !g.Qualifying() {
		b, ty, ok := fdrT5(op.Blocked)
		switch {
		case !ok:
			op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short (T5, R12.5)", op.Blocked)
			op.Why = fd.Because("why.blocked-too-far", "", op.Blocked)
		case brakes+b > c.Wear[fd.Brakes]:
			op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short without the %d brake points it needs (R12.5)", op.Blocked, b)
			op.Why = fd.Because("why.blocked-no-brakes", "", op.Blocked, b)
		default:
			op.Cost[fd.Brakes] += b
			left, spin, elim := tyreLoss(tyres, ty)
			if elim {
				op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short without the %d tyre points it needs (R12.5, R10.9)", op.Blocked, ty)
				op.Why = fd.Because("why.blocked-no-tyres", "", op.Blocked, ty)
			} else {
				op.Cost[fd.Tyres] += tyres - left
				op.Spin = op.Spin || spin
			}
		}
	}
	if !g.Qualifying() {
		driven := op.Path
		if fin >= 0 && fin < len(driven) {
			driven = driven[:fin] // R17.6, AMB-46: past the line the race is over
		}
		if g.Track.Oval { // fdrWallEntry: the wall lane is an oval's
			prev := c.Space
			for _, s := range driven {
				if fdrWallEntry(g, prev, s) {
					op.Wall++
				}
				prev = s
			}
		}
		// fdrDangerous; HandlingRule (a query of the car, asked once: the
		// count of the path's dangerous spaces in one call, issue 14)
		if n := w.DangerousIn(driven); n > 0 && g.HandlingTested(c) {
			op.Dangerous += n
		}
	}
	op.Pit = g.Track.Spaces[op.End].Kind != tracks.KindTrack
}

// hazardSig names the dangerous spaces a path from from enters and where
// it enters the wall lane (R17.2, R15.2): two ways with the same signature
// cost and risk the same.
func hazardSig(g *fd.Game, from tracks.SpaceID, path []tracks.SpaceID) string {
	var b strings.Builder
	prev := from
	for _, s := range path {
		if fdrDangerous(g, s) {
			fmt.Fprintf(&b, "d%d,", s)
		}
		if fdrWallEntry(g, prev, s) {
			fmt.Fprintf(&b, "w%d,", s)
		}
		prev = s
	}
	return b.String()
}

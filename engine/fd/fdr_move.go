package fd

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/tracks"
)

// Movement under the competition rules (R6.11 steps 4–8): the die, the
// mandatory slide (R8.13), the optional soft +1 (R8.10), slipstreams (R18)
// and brakes (R11) applied to the total; blocking (R12) when cars leave no
// way through. Every option carries its consequences: wear per category,
// elimination, spin, slide, bonus, handling and wall tests.

// fdrPlan is one way to drive a segment before braking.
type fdrPlan struct {
	path    []tracks.SpaceID // the spaces entered
	total   int              // the mandatory spaces: die (or slipstream) + slide
	blocked int              // mandatory spaces not moved (R12.1)
	slide   int              // the slide triggered (R8.13)
	bonus   int              // the soft +1 (R8.5), or a TyreCompound's spaces
	pit     bool             // reached its pit or waits in the pit lane

	compound bool // the bonus is a TyreCompound's (league 8-B)
}

// fdrWet reports whether the track is wet (R3, T11).
func (g *Game) fdrWet() bool { return g.weather.Rain() }

// fdrSlideAmount is T3: on a wet track hard and soft tyres slide 3, rain
// tyres 1 (R8.4, R8.6, R8.8).
func (g *Game) fdrSlideAmount(c *Car) int {
	if !g.fdrWet() {
		return 0
	}
	cell, ok := g.extremeCell(c)
	switch {
	case ok && (g.weather == Deluge || !g.dryTyre(c.Tyre)):
		return cell.slide // league 3-A, 8-C: the Deluge column, a wet compound's cell
	case c.Tyre == RainTyre:
		return 1
	}
	return g.dryTyreSlide(c) // 8-C's rain slide of dry tyres is the base's 3, which 8-A counts
}

// fdrOvershootFactor is T3 (and T4): hard ×1; soft ×2 on the set's laps 1–2
// and ×3 from its lap 3; rain tyres ×1 on a wet track, like soft on a dry
// one. The set's lap is 1 + the laps it has completed (R8.2); qualifying
// uses lap 1 (R8.12).
func (g *Game) fdrOvershootFactor(c *Car) int {
	setLap := c.TyreAge + 1
	if c.inMonsoonGrace() && c.Tyre == Monsoon {
		setLap = 1 // league 8-C: one more lap at cost on the dried track
	}
	factor := g.fdrTyreFactor(c.Tyre, setLap)
	if x, ok := g.compoundOf(c.Tyre); ok {
		factor = x.OvershootFactor(g.fdrTyreFactor(Soft, setLap), setLap) // TyreCompound
	}
	if g.hooks.wing != nil {
		factor = g.hooks.wing.Overshoot(c, factor) // WingRule
	}
	return factor
}

// fdrTyreFactor is T3's factor of a tyre on the set's lap setLap.
func (g *Game) fdrTyreFactor(tyre Tyre, setLap int) int {
	if cell, ok := g.extremeCellOf(tyre); ok {
		return cell.overshootFactor(setLap) // league 3-A, 3-B (8-C)
	}
	switch {
	case tyre == Soft, tyre == RainTyre && !g.fdrWet():
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
func (g *Game) fdrDangerous(s tracks.SpaceID) bool {
	return g.Debris[s] || g.Track.Spaces[s].Has(tracks.FlagDangerous)
}

// fdrWallEntry is R15.2 and R15.4: the step enters the wall lane of an oval
// from outside it.
func (g *Game) fdrWallEntry(from, to tracks.SpaceID) bool {
	if !g.Track.Oval || to == tracks.NoSpace {
		return false
	}
	return g.Track.Spaces[to].Has(tracks.FlagWall) && (from == tracks.NoSpace || !g.Track.Spaces[from].Has(tracks.FlagWall))
}

// fdrFinishIndex is the index in path of the first space past the line that
// ends the car's race (R21.5), or -1.
func (g *Game) fdrFinishIndex(c *Car, path []tracks.SpaceID) int {
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

// segMover is a mover whose corner accounting starts where the unresolved
// part of the play starts.
func (g *Game) segMover(play Turn) *mover {
	m := g.newMover(play.t)
	f := playStateOf(play)
	m.startCorner, m.startStops = f.segCorner, f.segStops
	return m
}

// segmentOverruns are the corners path, the unresolved part of the play
// from where it starts, leaves without their stops (R10): the walk's
// overshoots over segMover, read through their accessors (host_fdr.go).
func (g *Game) segmentOverruns(play Turn, path []tracks.SpaceID) []overshoot {
	return g.overshoots(g.segMover(play), playStateOf(play).segFrom, path)
}

// fdrOwesStop is R8.13: standing at the end of prior then path (the
// unresolved part of the play), the car is inside a corner where it still owes a stop, and the
// play has not overshot a corner (AMB-09: a stop after an overshoot does
// not count).
func (g *Game) fdrOwesStop(t *turn, m *mover, prior, path []tracks.SpaceID) bool {
	f := playStateOf(Turn{g, t})
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
	if overshootsAlong(m, f.segFrom, prior, path) {
		return false
	}
	stops := 0
	if sp.Corner == f.segCorner {
		stops = f.segStops
	}
	return stops < g.Track.Corners[sp.Corner].Stops
}

// fdrBonusOpen is R8.5 and R8.10: soft tyres on a dry track, on the set's
// first lap, once per play, never on a quick-stop exit; not in a play that
// crosses the start/finish line on the track once the race has started
// (AMB-10, strict), but up to its pit in the pit lane (R19.18).
func (g *Game) fdrBonusOpen(t *turn, seg []tracks.SpaceID) bool {
	c, f := t.car, playStateOf(Turn{g, t})
	if !g.softLike(c.Tyre) || g.fdrWet() || f.tyreAge != 0 || f.bonus || f.exit {
		return false
	}
	if cell, ok := g.extremeCell(c); ok && cell.bonus == 0 {
		return false // 8-C's "Move bonus" row
	}
	if !f.crossedBefore {
		return true
	}
	prev := t.start
	for _, part := range [2][]tracks.SpaceID{t.path, seg} {
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

// overshootsAlong reports whether the path from start along prior then
// path leaves a corner it owes stops in (len(g.overshoots(m, start,
// prior+path)) > 0, without joining the paths).
func overshootsAlong(m *mover, start tracks.SpaceID, prior, path []tracks.SpaceID) bool {
	prev := start
	for _, part := range [2][]tracks.SpaceID{prior, path} {
		for _, s := range part {
			if m.exitOvershoots(prev, s) {
				return true
			}
			prev = s
		}
	}
	return false
}

// segOvershoots is overshootsAlong for segMover(t), whose corner
// accounting starts where the unresolved part of the play starts, without
// making the mover: exitOvershoots reads only the circuit and the corner
// the accounting starts in.
func (g *Game) segOvershoots(t *turn, prior, path []tracks.SpaceID) bool {
	f := playStateOf(Turn{g, t})
	seg := mover{track: g.Track, startCorner: f.segCorner, startStops: f.segStops}
	return overshootsAlong(&seg, f.segFrom, prior, path)
}

// joinPath is a followed by b, written into the scratch's memory (valid
// while the scratch is lent, as writePath's) and capped at its length:
// finishOptions copies the paths the decision keeps out of it.
func (s *scratch) joinPath(a, b []tracks.SpaceID) []tracks.SpaceID {
	n := len(a) + len(b)
	if cap(s.spaces)-len(s.spaces) < n {
		s.spaces = make([]tracks.SpaceID, 0, max(2*cap(s.spaces), 16*n, 256))
	}
	from := len(s.spaces)
	s.spaces = append(append(s.spaces, a...), b...)
	return s.spaces[from:len(s.spaces):len(s.spaces)]
}

// fdrExtend adds the mandatory slide (R8.13, R18.15) or the optional soft
// +1 (R8.5, R18.14) to a segment's path.
func (g *Game) fdrExtend(t *turn, m *mover, path []tracks.SpaceID, total, blocked int) []fdrPlan {
	c, f := t.car, playStateOf(Turn{g, t})
	end := c.Space
	if len(path) > 0 {
		end = path[len(path)-1]
	}
	prior := t.path[f.resolved:]
	ws := m.scratch() // the plans' paths live in it until finishOptions copies them out
	if s := g.fdrSlideAmount(c); s > 0 && !f.slid && g.fdrOwesStop(t, m, prior, path) {
		ext := m.legalEnds(end, s, false)
		emax := 0
		for _, e := range ext {
			if !e.p.done {
				emax = max(emax, e.steps)
			}
		}
		var out []fdrPlan
		for _, e := range ext {
			if e.steps == emax && !e.p.done {
				out = append(out, fdrPlan{path: ws.joinPath(path, e.path[1:]), total: total + s, blocked: blocked + s - emax, slide: s})
			}
		}
		return g.fdrFarthest(out)
	}
	out := []fdrPlan{{path: path, total: total, blocked: blocked}}
	if blocked == 0 {
		// R10.4: after an overshoot the +1 too goes straight on
		straight := g.segOvershoots(t, prior, path)
		spaces := []int{1}
		x, compound := g.compoundOf(c.Tyre)
		if compound {
			spaces = x.BonusSpaces() // TyreCompound
		}
		for _, n := range spaces {
			for _, e := range m.legalEnds(end, n, false) {
				if e.steps != n || e.p.done || (straight && !g.straightAhead(end, e.path[1:])) {
					continue
				}
				p := ws.joinPath(path, e.path[1:])
				if g.fdrBonusOpen(t, p) {
					out = append(out, fdrPlan{path: p, total: total, bonus: n, compound: compound})
				}
			}
		}
	}
	return out
}

// straightAhead reports a path that goes straight on in from's lane.
func (g *Game) straightAhead(from tracks.SpaceID, path []tracks.SpaceID) bool {
	for _, s := range path {
		ahead, ok := g.Track.AheadSameLane(from)
		if !ok || s != ahead {
			return false
		}
		from = s
	}
	return true
}

// fdrFarthest is R12.8 for blocked plans: of the ends reached with the most
// spaces, those that would play first in the next round (the highest
// level; the player chooses among the rest).
func (g *Game) fdrFarthest(plans []fdrPlan) []fdrPlan {
	if len(plans) == 0 || plans[0].blocked == 0 {
		return plans
	}
	best := math.MinInt
	for _, p := range plans {
		best = max(best, g.planLevel(p))
	}
	var out []fdrPlan
	for _, p := range plans {
		if g.planLevel(p) == best {
			out = append(out, p)
		}
	}
	return out
}

func (g *Game) planLevel(p fdrPlan) int {
	if len(p.path) == 0 {
		return math.MinInt + 1
	}
	return len(p.path)*g.Track.Levels*4 + g.Track.Spaces[p.path[len(p.path)-1]].Level
}

// fdrMoveOptions lists the options of the main move of a play (R6.11 steps
// 4–8): every legal end of the die, with the slide or the +1, the brakes
// (R11) and the blocking (R12). Qualifying allows no brakes (R1.1); an
// inertia move is forced as far as possible (R16.4, AMB-27).
func (g *Game) fdrMoveOptions(play Turn) []Option {
	t := play.t
	m := g.newMover(t)
	ws := m.scratch()
	if playStateOf(play).coast {
		opts := append(ws.unjudged[:0], Option{Path: g.coastPath(t.car, t.distance)}) // CoastRule
		ws.unjudged = opts
		opts = g.finishOptions(t, m, opts, false)
		m.release()
		return opts
	}
	opts := g.appendMoveOptionsAt(ws.unjudged[:0], t, m, t.distance)
	for more := 1; more <= t.span; more++ { // ChosenMove: every face of the gear
		opts = g.appendMoveOptionsAt(opts, t, m, t.distance+more)
	}
	for _, delta := range g.distanceDeltas(t) { // DistanceModifier
		n := len(opts)
		opts = g.appendMoveOptionsAt(opts, t, m, t.distance+delta)
		for i := n; i < len(opts); i++ {
			opts[i].Top = delta
		}
	}
	ws.unjudged = opts
	opts = g.finishOptions(t, m, opts, false)
	m.release() // the options hold copies of their paths
	return opts
}

// appendMoveOptionsAt appends the main-move options of d spaces, not yet
// judged, to opts.
func (g *Game) appendMoveOptionsAt(opts []Option, t *turn, m *mover, d int) []Option {
	c, f := t.car, playStateOf(Turn{g, t})
	ends := m.legalEnds(c.Space, d, c.Pitting && !f.exit)
	lmax := 0
	for _, e := range ends {
		lmax = max(lmax, e.steps)
	}
	var main []fdrPlan
	for _, e := range ends {
		if e.steps != lmax {
			continue
		}
		if e.p.done {
			// its pit reached (any surplus is lost, R19.10) or waiting behind
			// a car in the pit lane at no cost (R12.10, R19.4)
			main = append(main, fdrPlan{path: e.path[1:], total: d, pit: true})
			continue
		}
		main = append(main, fdrPlan{path: e.path[1:], total: d, blocked: d - lmax})
	}
	main = g.fdrFarthest(main)
	var plans []fdrPlan
	tmin := math.MaxInt
	for _, p := range main {
		if p.pit {
			plans = append(plans, p)
			tmin = min(tmin, p.total)
			continue
		}
		ext := g.fdrExtend(t, m, p.path, p.total, p.blocked)
		plans = append(plans, ext...)
		for _, x := range ext {
			if x.bonus == 0 {
				tmin = min(tmin, x.total)
			}
		}
	}
	if lmax < d || tmin == math.MaxInt {
		tmin = d
	}
	for _, p := range plans {
		opts = g.appendPlanOptions(opts, p)
	}
	if !g.qualifying {
		// R11.1: brakes on the total; a shorter end along any legal path
		// is charged against the least total the die could have made
		// (the die alone when some end of it owes no slide)
		for _, e := range ends {
			j := e.steps
			if j >= lmax || e.p.done || (j == 0 && c.Gear > 2) {
				continue // R11.4: only 1st and 2nd may stay
			}
			op := Option{Path: e.path[1:], Braked: tmin - j}
			opts = append(opts, op)
		}
		for _, p := range plans {
			if p.slide == 0 {
				continue
			}
			for j := d; j < len(p.path); j++ {
				opts = append(opts, Option{Path: p.path[:j:j], Braked: len(p.path) - j + p.blocked, Slide: p.slide})
			}
		}
	}
	return opts
}

// appendPlanOptions appends a plan's option and, when it is blocked, the
// options that brake before the blocking is assessed (R12.4).
func (g *Game) appendPlanOptions(out []Option, p fdrPlan) []Option {
	op := Option{Path: p.path, Blocked: p.blocked, Slide: p.slide, Bonus: p.bonus > 0}
	if p.compound {
		op.Compound = p.bonus
	}
	out = append(out, op)
	if p.blocked > 0 && !g.qualifying {
		for b := 1; b <= p.blocked; b++ {
			v := op
			v.Braked, v.Blocked = b, p.blocked-b
			out = append(out, v)
		}
	}
	return out
}

// copyOutPaths moves the options' paths into the decision's generation of
// option memory (optionLists), one array for the list, each path capped at
// its length; an empty path stays as it was.
func (g *Game) copyOutPaths(opts []Option) {
	spaces := 0
	for i := range opts {
		spaces += len(opts[i].Path)
	}
	paths := g.optionLists.pathSpace(spaces)
	for i := range opts {
		if len(opts[i].Path) == 0 {
			continue
		}
		from := len(paths)
		paths = append(paths, opts[i].Path...)
		opts[i].Path = paths[from:len(paths):len(paths)]
	}
}

// finishOptions judges, filters, sorts and letters the options of a
// segment.
func (g *Game) finishOptions(t *turn, m *mover, opts []Option, slip bool) []Option {
	c, f := t.car, playStateOf(Turn{g, t})
	ws := m.scratch()
	// the first judged option with each choice hash: found in the list
	// of the judged options' hashes, searched from the start, as a play
	// has a dozen options or so; in a map past that many (issue 14: the
	// map's clearing, hashing and growth cost more than the search)
	hashes := ws.choiceHashes[:0]
	seen := ws.choices
	byMap := len(opts) > maxSearchedChoices
	if byMap {
		clear(seen)
	}
	out := ws.judged[:0]
	// each option is read where it lies and copied once, into out, when
	// it is kept: the brake check, the hash and the comparisons do not
	// read its End (issue 14: copying every option, a few hundred bytes,
	// to look at it took a tenth of this function)
	for i := range opts {
		op := &opts[i]
		if op.Braked+op.SlipBrake+f.braked+f.slipCost-f.freeBraked-g.freeBrake(t, op.Braked, op.Path) > c.Wear[Brakes] && op.Braked+op.SlipBrake > 0 {
			continue // R11.3, AMB-34: no more brake points
		}
		// R7.7, §7-3-7: two ways to the same end are two options when
		// they differ in cost or risk (undominated); the same way
		// with the same brakes, blocking, bonus, slipstream brakes and
		// Top is one
		key := choiceHash(op)
		var j int
		var hashed bool
		if byMap {
			j, hashed = seen[key]
		} else {
			j = slices.Index(hashes, key)
			hashed = j >= 0
		}
		if hashed && (sameChoice(&out[j], op) || slices.ContainsFunc(out, func(o Option) bool { return sameChoice(&o, op) })) {
			continue
		}
		if byMap && !hashed {
			seen[key] = len(out)
		}
		hashes = append(hashes, key)
		out = append(out, *op)
		kept := &out[len(out)-1]
		if len(kept.Path) > 0 {
			kept.End = kept.Path[len(kept.Path)-1]
		} else {
			kept.End = c.Space
		}
		g.fdrJudge(t, m, kept)
	}
	ws.judged, ws.choiceHashes = out, hashes
	kept := appendUndominated(ws.undominated[:0], out)
	ws.undominated = kept
	out = g.filterOptions(kept) // OptionFilter
	// CarMoveLimit (league 20-B b1)
	if len(g.hooks.carLimits) > 0 {
		if left := slices.DeleteFunc(slices.Clone(out), func(op Option) bool { return !g.carMoveAllowed(t, op) }); len(left) > 0 {
			out = left
		}
	}
	if lim, ok := t.declared.(MoveLimit); ok {
		if left := slices.DeleteFunc(slices.Clone(out), func(op Option) bool { return !lim.Allows(op) }); len(left) > 0 {
			out = left
		}
	}
	// PitLaneRule: a pit entry too fast is refused or costs brakes
	out = g.limitPitEntry(t, out)
	if f.inertia {
		out = inertiaOptions(out)
	}
	// the lists so far, and the paths of the main move's options, live in
	// the scratch: the decision gets its own
	if len(out) == 0 {
		out = nil
	} else {
		// longest first, then fewest spaces braked or blocked, stable: the
		// order is sorted as indices and the options copied out in it, as
		// an Option is a few hundred bytes and a sort moves each several
		// times (issue 14)
		order := ws.order[:0]
		for i := range out {
			order = append(order, int32(i))
		}
		slices.SortStableFunc(order, func(i, j int32) int {
			a, b := &out[i], &out[j]
			if len(a.Path) != len(b.Path) {
				return len(b.Path) - len(a.Path)
			}
			return a.Braked + a.Blocked - (b.Braked + b.Blocked)
		})
		ws.order = order
		sorted := g.optionLists.space(len(out))
		for _, i := range order {
			sorted = append(sorted, out[i])
		}
		out = sorted
		g.copyOutPaths(out)
	}
	for i := range out {
		out[i].Letter = letter(i)
	}
	return out
}

// maxSearchedChoices is the most options finishOptions finds its choice
// hashes among by searching the list of them rather than a map (a
// variable: the tests judge every list through the map too).
var maxSearchedChoices = 64

// coastPath is a CoastRule's inertia move (16-A, league AMB-32): up to n
// spaces straight ahead in the car's lane, following the track, stopping
// behind a car or where the lane ends.
func (g *Game) coastPath(c *Car, n int) []tracks.SpaceID {
	var path []tracks.SpaceID
	at := c.Space
	for range n {
		next, ok := g.laneAhead(at)
		if !ok || (g.Occupied(next) != 0 && !g.spaceShared(next)) {
			break
		}
		path = append(path, next)
		at = next
	}
	return path
}

// laneAhead is the space after s in s's lane: the next space of its kind
// in the same lane, or else straight ahead by offset.
func (g *Game) laneAhead(s tracks.SpaceID) (tracks.SpaceID, bool) {
	sp := &g.Track.Spaces[s]
	for _, n := range sp.Next {
		if x := &g.Track.Spaces[n]; x.Kind == sp.Kind && x.Lane == sp.Lane {
			return n, true
		}
	}
	return g.Track.AheadSameLane(s)
}

// inertiaOptions is R16.4 and AMB-27: an inertia move goes as far as it can
// without being eliminated (the +1 included, R16.9); brakes only avoid an
// elimination or lessen a blocking.
func inertiaOptions(opts []Option) []Option {
	var alive []Option
	for _, op := range opts {
		if !op.Eliminated {
			alive = append(alive, op)
		}
	}
	if len(alive) == 0 {
		alive = opts
	}
	far := 0
	for _, op := range alive {
		far = max(far, len(op.Path))
	}
	var out []Option
	for _, op := range alive {
		if len(op.Path) == far {
			out = append(out, op)
		}
	}
	return out
}

// fdrJudge fills in the consequences of an option: overshoots (R10) with
// the tyre-loss function (R10.9), blocking (T5, R12.5), the handling tests
// (R17.2) and wall tests (R15.2) it will take, whether it ends in the pit
// lane.
func (g *Game) fdrJudge(t *turn, m *mover, op *Option) {
	c, f := t.car, playStateOf(Turn{g, t})
	prior := t.path[f.resolved:]
	fin := g.fdrFinishIndex(c, op.Path)
	ws := m.scratch()
	full := append(append(ws.full[:0], prior...), op.Path...)
	ws.full = full
	if fin >= 0 {
		full = full[:len(prior)+fin+1]
	}
	mm := *m
	mm.startCorner, mm.startStops = f.segCorner, f.segStops
	free := g.freeBrake(t, op.Braked, op.Path) // WingRule
	brakes := f.braked + f.slipCost + op.Braked + op.SlipBrake - f.freeBraked - free
	op.Cost = Wear{}
	op.Cost[Brakes] = op.Braked + op.SlipBrake - free
	tyres := c.Wear[Tyres]
	factor := g.fdrOvershootFactor(c)
	var buf [4]overshoot
	if f.coast {
		full = nil // CoastRule: no stop owed, no overshoot
	}
	for _, o := range g.appendOvershoots(buf[:0], &mm, f.segFrom, full) {
		op.Overshoot += o.spaces
		if op.Eliminated {
			continue
		}
		corner := g.Track.Corners[o.corner]
		if o.stops <= corner.Stops-2 {
			// R10.3, R1.10: excessive overshooting
			op.Eliminated = true
			if g.qualifying {
				op.Cause = "aborts the session: left " + corner.Name + " with " + strconv.Itoa(o.stops) + " of " + strconv.Itoa(corner.Stops) + " stops (R1.10)"
				op.Why = because("why.session-aborted", corner.Name, o.stops, corner.Stops)
			} else {
				op.Cause = "left " + corner.Name + " with " + strconv.Itoa(o.stops) + " of " + strconv.Itoa(corner.Stops) + " stops: excessive overshooting (R10.3)"
				op.Why = because("why.left-stops-excessive", corner.Name, o.stops, corner.Stops)
			}
			continue
		}
		loss := o.spaces * factor // R10.2, T3
		if g.qualifying {
			op.Penalty += loss // R1.9
			continue
		}
		left, spin, elim := tyreLoss(tyres, loss)
		if elim && g.hooks.unpaid != nil { // UnpaidOvershootRule (league 10-A's rails)
			if kept := g.hooks.unpaid.KeptChance(g, corner, o.spaces, full); kept > 0 {
				// kept in, it is a spin with its tyres at 0; the rest of
				// the chance is an elimination, counted by EliminationRisk
				op.RailsKept = kept
				op.Cost[Tyres] += tyres
				tyres = 0
				op.Spin = true
				continue
			}
		}
		if elim {
			op.Eliminated = true
			op.Cause = "overshot " + corner.Name + " by " + strconv.Itoa(o.spaces) + ": " + strconv.Itoa(loss) + " tyre points with " + strconv.Itoa(tyres) + " left (R10.8)"
			op.Why = because("why.overshoot-tyres", corner.Name, o.spaces, loss, tyres)
			continue
		}
		op.Cost[Tyres] += tyres - left
		tyres = left
		op.Spin = op.Spin || spin
	}
	if op.Blocked > 0 && !op.Eliminated && !g.qualifying {
		b, ty, ok := fdrT5(op.Blocked)
		switch {
		case !ok:
			op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short (T5, R12.5)", op.Blocked)
			op.Why = because("why.blocked-too-far", "", op.Blocked)
		case brakes+b > c.Wear[Brakes]:
			op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short without the %d brake points it needs (R12.5)", op.Blocked, b)
			op.Why = because("why.blocked-no-brakes", "", op.Blocked, b)
		default:
			op.Cost[Brakes] += b
			left, spin, elim := tyreLoss(tyres, ty)
			if elim {
				op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short without the %d tyre points it needs (R12.5, R10.9)", op.Blocked, ty)
				op.Why = because("why.blocked-no-tyres", "", op.Blocked, ty)
			} else {
				op.Cost[Tyres] += tyres - left
				op.Spin = op.Spin || spin
			}
		}
	}
	if !g.qualifying {
		prev := c.Space
		for i, s := range op.Path {
			if fin >= 0 && i >= fin {
				break // R17.6, AMB-46: past the line the race is over
			}
			if g.fdrWallEntry(prev, s) {
				op.Wall++
			}
			if g.fdrDangerous(s) && g.handlingTested(c) { // HandlingRule
				op.Dangerous++
			}
			prev = s
		}
	}
	op.Pit = g.Track.Spaces[op.End].Kind != tracks.KindTrack
}

// fdrSlipOptions lists the slipstreams open to the car (R18, T7): both cars
// in 4th–6th, the follower's gear at least the leader's, not behind a
// spun-out car, a car in inertia or a wreck (R18.11, AMB-35); three spaces
// in one of the patterns of R18.4, then the slide or the +1, then brakes
// (R18.5); 1 brake point for each corner the slipstream enters (R18.7).
func (g *Game) fdrSlipOptions(play Turn) []Option {
	t := play.t
	c, f := t.car, playStateOf(play)
	if f.noSlip || f.inertia || f.finishAt >= 0 || g.qualifying || c.Gear < 4 || c.Status != Racing || c.Space == tracks.NoSpace {
		return nil
	}
	if !g.slipstreamAllowed(t) {
		return nil // a variant's limit (SlipstreamRule)
	}
	if g.Track.Spaces[c.Space].Kind != tracks.KindTrack {
		return nil // R18.16: the single-lane pit lane leaves no room to pull out
	}
	m := g.newMover(t)
	m.canPit = false
	if g.segOvershoots(t, t.path[f.resolved:], nil) {
		return nil // R10.4, R18.13: straight on in its lane
	}
	ahead, ok := g.Track.AheadSameLane(c.Space)
	if !ok {
		return nil
	}
	x := g.Occupied(ahead)
	if x == 0 {
		return nil
	}
	xc := g.car(x)
	if xc.Status != Racing || xc.Gear < 4 || c.Gear < xc.Gear || xc.Spun ||
		xc.inertia() == InertiaMoved || xc.inertia() == InertiaExtendedMove || g.Track.Spaces[ahead].Kind != tracks.KindTrack {
		return nil
	}
	// byLen[k] keeps the best path of k spaces to each end: a slipstream
	// whose 3 spaces cannot all be driven is blocked, the spaces not driven
	// counting toward k (R12.11)
	// (per hazard signature: a way along the wall and a way through a
	// dangerous space are two options, §7-3-7)
	type slipKey struct {
		end tracks.SpaceID
		sig string
	}
	var byLen [4]map[slipKey][]tracks.SpaceID
	var walk func(at tracks.SpaceID, path []tracks.SpaceID, diags int, locked bool)
	walk = func(at tracks.SpaceID, path []tracks.SpaceID, diags int, locked bool) {
		if k := len(path); k > 0 {
			if byLen[k] == nil {
				byLen[k] = map[slipKey][]tracks.SpaceID{}
			}
			key := slipKey{path[k-1], g.hazardSig(c.Space, path)}
			if old, ok := byLen[k][key]; !ok || slices.Compare(path, old) < 0 {
				byLen[k][key] = slices.Clone(path)
			}
		}
		if len(path) == 3 {
			return
		}
		for _, n := range m.successors(at, locked, false) {
			if m.occ.has(n) {
				continue
			}
			a, b := &g.Track.Spaces[at], &g.Track.Spaces[n]
			diag := math.Abs(a.Offset-b.Offset) > 1e-6
			if len(path) == 0 && !diag {
				continue // R18.4: the first step pulls out
			}
			d := diags
			if diag {
				d++
			}
			if d > 2 {
				continue // R18.4 (a)–(c′): at most two lane changes
			}
			walk(n, append(path, n), d, locked || m.exitOvershoots(at, n))
		}
	}
	walk(c.Space, nil, 0, false)
	lmax := 3
	for lmax > 0 && byLen[lmax] == nil {
		lmax--
	}
	if lmax == 0 {
		return nil // no room to pull out
	}
	best := byLen[lmax]
	var ends []slipKey
	for e := range best {
		ends = append(ends, e)
	}
	sort.Slice(ends, func(i, j int) bool {
		if ends[i].end != ends[j].end {
			return ends[i].end < ends[j].end
		}
		return ends[i].sig < ends[j].sig
	})
	var plans []fdrPlan
	for _, e := range ends {
		plans = append(plans, g.fdrExtend(t, m, best[e], 3, 3-lmax)...)
	}
	if lmax < 3 {
		plans = g.fdrFarthest(plans) // R12.8: the farthest spaces at the highest level
	}
	var opts []Option
	for _, p := range plans {
		n := len(opts)
		opts = g.appendPlanOptions(opts, p)
		for i := n; i < len(opts); i++ {
			opts[i].SlipBrake = g.cornerEntries(c.Space, opts[i].Path)
		}
		if p.bonus > 0 {
			continue
		}
		// R18.5: brakes shorten the slipstream (and its slide)
		for j := 1; j < len(p.path); j++ {
			op := Option{Path: slices.Clone(p.path[:j]), Braked: len(p.path) - j + p.blocked, Slide: p.slide}
			op.SlipBrake = g.cornerEntries(c.Space, op.Path)
			opts = append(opts, op)
		}
	}
	opts = g.finishOptions(t, m, opts, true)
	m.release() // the options hold copies of their paths
	return opts
}

// choiceHash hashes what makes two options one choice in finishOptions
// (FNV-1a): the path, the brakes, blocking, bonus, slipstream brakes and
// Top.
func choiceHash(op *Option) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= 1099511628211
	}
	for _, s := range op.Path {
		mix(int(s))
	}
	mix(-1 - len(op.Path))
	mix(op.Braked)
	mix(op.Blocked)
	if op.Bonus {
		mix(1)
	}
	mix(op.SlipBrake)
	mix(op.Top)
	return h
}

// sameChoice: a and b are one choice (see choiceHash).
func sameChoice(a, b *Option) bool {
	return a.Braked == b.Braked && a.Blocked == b.Blocked && a.Bonus == b.Bonus && a.SlipBrake == b.SlipBrake &&
		a.Top == b.Top && slices.Equal(a.Path, b.Path)
}

// hazardSig names the dangerous spaces a path from from enters and where
// it enters the wall lane (R17.2, R15.2): two ways with the same signature
// cost and risk the same.
func (g *Game) hazardSig(from tracks.SpaceID, path []tracks.SpaceID) string {
	var b strings.Builder
	prev := from
	for _, s := range path {
		if g.fdrDangerous(s) {
			fmt.Fprintf(&b, "d%d,", s)
		}
		if g.fdrWallEntry(prev, s) {
			fmt.Fprintf(&b, "w%d,", s)
		}
		prev = s
	}
	return b.String()
}

// cornerEntries counts the corners a path enters from outside (R18.7: one
// brake point per corner entry).
func (g *Game) cornerEntries(from tracks.SpaceID, path []tracks.SpaceID) int {
	n := 0
	prev := from
	for _, s := range path {
		a, b := g.Track.Spaces[prev].Corner, g.Track.Spaces[s].Corner
		if b >= 0 && b != a {
			n++
		}
		prev = s
	}
	return n
}

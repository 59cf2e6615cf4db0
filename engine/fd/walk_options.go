package fd

import (
	"math"
	"slices"
	"sort"

	"github.com/pitwall/pitwall/tracks"
)

// The walk's option building, the base's (issue 13, the fdr-walk round:
// it was fdr/move.go's): the play's segment walked (legalEnds, the hazard
// subsets of walk_subsets.go), its plans extended, farthest first when
// blocked (R12.8), turned into options with brakes (R11) and blocking
// (R12), and the options judged, deduplicated, filtered, sorted and
// lettered. What a rule of the competition rules decides (the slide owed,
// the +1, an option's price, a hazard's signature) the walk asks the
// play's WalkModule (host_fdr_walk.go), answered by fdrRules.

// optionWalk is one list of options being built: the play, the module
// that prices them, the play's state it gave once, and the mover.
type optionWalk struct {
	play  Turn
	rules WalkModule
	state WalkPlay
	m     *mover
}

// start sets w up for the walk of play's options with m; false when the
// play's module does not price a walk (no WalkModule). It fills w in
// place: the walk is started for every list of options.
func (w *optionWalk) start(play Turn, m *mover) bool {
	rules, ok := play.t.rules.(WalkModule)
	if !ok {
		return false
	}
	w.play, w.rules, w.m = play, rules, m
	w.state = rules.WalkPlay(play)
	return true
}

// walkPlan is one way to drive a segment before braking.
type walkPlan struct {
	path    []tracks.SpaceID // the spaces entered
	total   int              // the mandatory spaces: die (or slipstream) + slide
	blocked int              // mandatory spaces not moved (R12.1)
	slide   int              // the slide triggered (R8.13)
	bonus   int              // the soft +1 (R8.5), or a TyreCompound's spaces
	pit     bool             // reached its pit or waits in the pit lane

	compound bool // the bonus is a TyreCompound's (league 8-B)
}

// segmentOverruns are the corners path, the unresolved part of the play
// from where it starts, leaves without their stops (R10): the walk's
// overshoots over a mover whose corner accounting starts there, read
// through their accessors (host_fdr.go).
func (g *Game) segmentOverruns(play Turn, path []tracks.SpaceID) []overshoot {
	rules, ok := play.t.rules.(WalkModule)
	if !ok {
		return nil
	}
	seg := rules.WalkPlay(play)
	// the overshoots read only the circuit and where the corner
	// accounting starts (leavesUnmade): no mover of the cars on the heap
	// (issue 14: one a plan)
	m := mover{track: g.Track, startCorner: seg.Corner, startStops: seg.Stops}
	return g.overshoots(&m, seg.From, path)
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

// segOvershoots is overshootsAlong with the corner accounting starting
// where the unresolved part of the play starts, without making the mover:
// exitOvershoots reads only the circuit and the corner the accounting
// starts in.
func (w *optionWalk) segOvershoots(prior, path []tracks.SpaceID) bool {
	seg := mover{track: w.m.track, startCorner: w.state.Corner, startStops: w.state.Stops}
	return overshootsAlong(&seg, w.state.From, prior, path)
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

// extendSegment adds the mandatory slide (FDR R8.13, R18.15) or the
// optional soft +1 (R8.5, R18.14) to a segment's path: the module says
// which (WalkModule's SegmentSlide and BonusOpen), the walk finds the
// ways.
func (w *optionWalk) extendSegment(path []tracks.SpaceID, total, blocked int) []walkPlan {
	return w.appendSegmentPlans(nil, path, total, blocked)
}

// appendSegmentPlans appends extendSegment's plans to dst: the main move
// asks it for every plan of every face into the scratch's list (issue
// 14: a list on the heap per plan).
func (w *optionWalk) appendSegmentPlans(dst []walkPlan, path []tracks.SpaceID, total, blocked int) []walkPlan {
	g, t, m := w.play.g, w.play.t, w.m
	c := t.car
	end := c.Space
	if len(path) > 0 {
		end = path[len(path)-1]
	}
	prior := t.path[w.state.Resolved:]
	ws := m.scratch() // the plans' paths live in it until finishOptions copies them out
	if s := w.rules.SegmentSlide(w.play, Walk{m}, prior, path); s > 0 {
		first := len(dst)
		if s == 1 && !slideByWalk {
			// most slides are of one space: its ends without the walk
			// (oneStepEnds, as the +1 below), when there is one: then the
			// longest of the walk's ends not done are these, of one step,
			// in the walk's order, none blocked (issue 14: a walk for
			// each, about 200 a fdr race)
			var buf [maxOneStepEnds]tracks.SpaceID
			if ahead, ok := m.oneStepEnds(end, buf[:0]); ok && len(ahead) > 0 {
				for i := range ahead {
					dst = append(dst, walkPlan{path: ws.joinPath(path, ahead[i:i+1]), total: total + 1, blocked: blocked, slide: 1})
				}
				return dst[:first+len(g.farthestPlans(dst[first:]))]
			}
		}
		ext := m.legalEnds(end, s, false)
		emax := 0
		for _, e := range ext {
			if !e.p.done {
				emax = max(emax, e.steps)
			}
		}
		for _, e := range ext {
			if e.steps == emax && !e.p.done {
				dst = append(dst, walkPlan{path: ws.joinPath(path, e.path[1:]), total: total + s, blocked: blocked + s - emax, slide: s})
			}
		}
		return dst[:first+len(g.farthestPlans(dst[first:]))]
	}
	dst = append(dst, walkPlan{path: path, total: total, blocked: blocked})
	if blocked == 0 {
		// R10.4: after an overshoot the +1 too goes straight on
		straight := w.segOvershoots(prior, path)
		spaces := []int{1}
		x, compound := g.compoundOf(c.Tyre)
		if compound {
			spaces = x.BonusSpaces() // TyreCompound
		}
		for _, n := range spaces {
			if n == 1 {
				// most plans' +1: the one-step ends without the walk
				var buf [maxOneStepEnds]tracks.SpaceID
				if ahead, ok := m.oneStepEnds(end, buf[:0]); ok {
					for i := range ahead {
						if straight && !g.straightAhead(end, ahead[i:i+1]) {
							continue
						}
						p := ws.joinPath(path, ahead[i:i+1])
						if w.rules.BonusOpen(w.play, p) {
							dst = append(dst, walkPlan{path: p, total: total, bonus: n, compound: compound})
						}
					}
					continue
				}
			}
			for _, e := range m.legalEnds(end, n, false) {
				if e.steps != n || e.p.done || (straight && !g.straightAhead(end, e.path[1:])) {
					continue
				}
				p := ws.joinPath(path, e.path[1:])
				if w.rules.BonusOpen(w.play, p) {
					dst = append(dst, walkPlan{path: p, total: total, bonus: n, compound: compound})
				}
			}
		}
	}
	return dst
}

// brakesByDrop makes appendMoveOptionsAt list every end and make every
// braked end an option, for finishOptions to drop those the brakes do
// not allow, as it did before (a variable: the tests list the options
// both ways and compare them).
var brakesByDrop = false

// slideByWalk makes appendSegmentPlans walk every slide, as it did before
// a slide of one space read oneStepEnds (a variable: the tests play races
// both ways and compare them).
var slideByWalk = false

// maxOneStepEnds bounds oneStepEnds' list: a space has a handful of
// spaces ahead; more sends the question to the walk.
const maxOneStepEnds = 8

// oneStepEnds is the legal ends one step from start, not pitting, in
// legalEnds' order (the ends of length 1 that are not done, the spaces
// only), appended to buf, without the walk, when start is on the racing
// surface. Every allowed step from it (stepAllowed, unlocked, not
// pitting) onto a free space is then a shortest legal path of one step,
// and no other path is (R-MOV-05, R-DEB-04): with the hazards entered or
// avoided, under the hazard subsets too (FDR R7.7: the subset a step
// chooses is its own space's hazard, the fewest steps to it with the
// others removed still one); a step onto a box is not allowed, a lane
// change is the path's first (R-STA-03's cap is never below one), and no
// end is waited at (R-PIT-07 is the pit lane's). Each space is one end,
// whichever walks found it, and legalEnds orders one length's ends from
// the lowest offset, then by space (sortByOffset, and the subsets' order
// before their tie-breaks). ok is false, and the caller walks, otherwise
// (issue 14: the +1 after each plan walked its one step with the whole
// layered walk).
func (m *mover) oneStepEnds(start tracks.SpaceID, buf []tracks.SpaceID) (ends []tracks.SpaceID, ok bool) {
	if m.track.Spaces[start].Kind != tracks.KindTrack {
		return nil, false
	}
	box := m.ownBox()
	spaces := m.track.Spaces
	ends = buf
	for _, st := range m.g.stepTable().from(start) {
		if !m.stepAllowed(st, true, false, false, box) || m.occ.has(st.to) {
			continue
		}
		if len(ends) == cap(ends) || slices.Contains(ends, st.to) {
			return nil, false
		}
		// insertion by offset, then space, as sortByOffset
		i := len(ends)
		ends = append(ends, st.to)
		for ; i > 0; i-- {
			a, b := ends[i], ends[i-1]
			if oa, ob := spaces[a].Offset, spaces[b].Offset; oa > ob || (oa == ob && a > b) {
				break
			}
			ends[i], ends[i-1] = b, a
		}
	}
	return ends, true
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

// farthestPlans is R12.8 for blocked plans: of the ends reached with the most
// spaces, those that would play first in the next round (the highest
// level; the player chooses among the rest). They are kept in order at
// the front of plans, which is overwritten: each caller's list is its
// own (issue 14: a new list on the heap for each).
func (g *Game) farthestPlans(plans []walkPlan) []walkPlan {
	if len(plans) == 0 || plans[0].blocked == 0 {
		return plans
	}
	best := math.MinInt
	for _, p := range plans {
		best = max(best, g.planLevel(p))
	}
	out := plans[:0]
	for _, p := range plans {
		if g.planLevel(p) == best {
			out = append(out, p)
		}
	}
	return out
}

// planLevel orders blocked plans for R12.8: the most spaces, then the
// highest level.
func (g *Game) planLevel(p walkPlan) int {
	if len(p.path) == 0 {
		return math.MinInt + 1
	}
	return len(p.path)*g.Track.Levels*4 + g.Track.Spaces[p.path[len(p.path)-1]].Level
}

// walkMoveOptions lists the options of the main move of a play (FDR R6.11
// steps 4–8): every legal end of the die, with the slide or the +1, the
// brakes (R11) and the blocking (R12). Qualifying allows no brakes (R1.1);
// an inertia move is forced as far as possible (R16.4, AMB-27). Nil when
// the play's module prices no walk.
func (g *Game) walkMoveOptions(play Turn) []Option {
	t := play.t
	m := g.borrowMover(t) // issue 14: a mover on the heap per decision
	defer g.returnMover()
	var w optionWalk
	if !w.start(play, m) {
		m.release()
		return nil
	}
	ws := m.scratch()
	if w.state.Coast {
		opts := append(ws.unjudged[:0], Option{Path: g.coastPath(t.car, t.distance)}) // CoastRule
		ws.unjudged = opts
		opts = w.finishOptions(opts)
		m.release()
		return opts
	}
	opts := w.appendMoveOptionsAt(ws.unjudged[:0], t.distance)
	for more := 1; more <= t.span; more++ { // ChosenMove: every face of the gear
		opts = w.appendMoveOptionsAt(opts, t.distance+more)
	}
	for _, delta := range g.distanceDeltas(t) { // DistanceModifier
		n := len(opts)
		opts = w.appendMoveOptionsAt(opts, t.distance+delta)
		for i := n; i < len(opts); i++ {
			opts[i].Top = delta
		}
	}
	ws.unjudged = opts
	opts = w.finishOptions(opts)
	m.release() // the options hold copies of their paths
	return opts
}

// brakeRoom is the spaces the main move's brakes may still take off
// (R11.3, AMB-34): an end braked more is an option finishOptions drops,
// so the walk lists no end shorter than the longest by more (the least
// total the brakes count from is at least the longest end) and
// appendMoveOptionsAt makes none an option; qualifying brakes none
// (R1.1). A module that spares brakes (WingRule's FreeBrake) has every
// end listed, as before (math.MaxInt). Issue 14: a third of the options
// listed were dropped by finishOptions, their ends' paths written out
// first.
func (w *optionWalk) brakeRoom() int {
	g := w.play.g
	switch {
	case brakesByDrop:
		return math.MaxInt
	case g.qualifying:
		return 0
	case g.hooks.wing != nil:
		return math.MaxInt
	}
	return max(0, w.play.t.car.Wear[Brakes]-w.state.BrakesSpent)
}

// appendMoveOptionsAt appends the main-move options of d spaces, not yet
// judged, to opts.
func (w *optionWalk) appendMoveOptionsAt(opts []Option, d int) []Option {
	g, m := w.play.g, w.m
	c := w.play.t.car
	room := w.brakeRoom()
	ends := m.legalEndsWithin(c.Space, d, c.Pitting && !w.state.Exit, room)
	lmax := 0
	for _, e := range ends {
		lmax = max(lmax, e.steps)
	}
	// the plans are listed in the scratch's lists, which this call alone
	// uses (issue 14: two lists on the heap for each face)
	ws := m.scratch()
	main := ws.mainPlans[:0]
	for _, e := range ends {
		if e.steps != lmax {
			continue
		}
		if e.p.done {
			// its pit reached (any surplus is lost, R19.10) or waiting behind
			// a car in the pit lane at no cost (R12.10, R19.4)
			main = append(main, walkPlan{path: e.path[1:], total: d, pit: true})
			continue
		}
		main = append(main, walkPlan{path: e.path[1:], total: d, blocked: d - lmax})
	}
	ws.mainPlans = main
	main = g.farthestPlans(main)
	plans := ws.plans[:0]
	tmin := math.MaxInt
	for _, p := range main {
		if p.pit {
			plans = append(plans, p)
			tmin = min(tmin, p.total)
			continue
		}
		n := len(plans)
		plans = w.appendSegmentPlans(plans, p.path, p.total, p.blocked)
		for _, x := range plans[n:] {
			if x.bonus == 0 {
				tmin = min(tmin, x.total)
			}
		}
	}
	ws.plans = plans
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
			if tmin-j > room {
				continue // R11.3: braked past the brake points left, dropped by finishOptions
			}
			opts = appendZeroOption(opts)
			op := &opts[len(opts)-1]
			op.Path, op.Braked = e.path[1:], tmin-j
		}
		for _, p := range plans {
			if p.slide == 0 {
				continue
			}
			for j := d; j < len(p.path); j++ {
				opts = appendZeroOption(opts)
				op := &opts[len(opts)-1]
				op.Path, op.Braked, op.Slide = p.path[:j:j], len(p.path)-j+p.blocked, p.slide
			}
		}
	}
	return opts
}

// appendPlanOptions appends a plan's option and, when it is blocked, the
// options that brake before the blocking is assessed (R12.4).
func (g *Game) appendPlanOptions(out []Option, p walkPlan) []Option {
	out = appendZeroOption(out)
	op := &out[len(out)-1]
	op.Path, op.Blocked, op.Slide, op.Bonus = p.path, p.blocked, p.slide, p.bonus > 0
	compound := 0
	if p.compound {
		compound = p.bonus
		op.Compound = compound
	}
	if p.blocked > 0 && !g.qualifying {
		// the plan's option with b of its blocked spaces braked
		for b := 1; b <= p.blocked; b++ {
			out = appendZeroOption(out)
			v := &out[len(out)-1]
			v.Path, v.Slide, v.Bonus, v.Compound = p.path, p.slide, p.bonus > 0, compound
			v.Braked, v.Blocked = b, p.blocked-b
		}
	}
	return out
}

// appendZeroOption is opts one option longer, the new one zero and
// cleared where it lies, for the caller to fill there: an option built
// aside and appended is a few hundred bytes copied (issue 14).
func appendZeroOption(opts []Option) []Option {
	if len(opts) < cap(opts) {
		opts = opts[:len(opts)+1]
		opts[len(opts)-1] = Option{}
		return opts
	}
	return append(opts, Option{})
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

// finishOptions judges (the module prices each option kept: WalkModule's
// JudgeOption), filters, sorts and letters the options of a segment.
func (w *optionWalk) finishOptions(opts []Option) []Option {
	g, t, m := w.play.g, w.play.t, w.m
	c := t.car
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
	// the judged options are kept in opts itself, which is the caller's
	// list of options not yet judged: each option is read where it lies
	// and, when kept, judged where it lies, moved down only past an option
	// dropped before it (issue 14: copying every option, a few hundred
	// bytes, to look at it took a tenth of this function, and a copy of
	// every kept option into a list of the judged ones another)
	out := opts[:0]
	prior := t.path[w.state.Resolved:]
	for i := range opts {
		op := &opts[i]
		if op.Braked+op.SlipBrake+w.state.BrakesSpent-g.freeBrake(t, op.Braked, op.Path) > c.Wear[Brakes] && op.Braked+op.SlipBrake > 0 {
			continue // R11.3, AMB-34: no more brake points
		}
		// R7.7, §7-3-7: two ways to the same end are two options when
		// they differ in cost or risk (undominated); the same way
		// with the same brakes, blocking, bonus, slipstream brakes and
		// Top is one
		end := c.Space
		if len(op.Path) > 0 {
			end = op.Path[len(op.Path)-1]
		}
		// the key is dominated's choice's (sameChoiceKey: the end and the
		// path's length rather than every space, issue 14), which two
		// options of one choice share: undominatedIn reads the kept
		// options' keys
		key := choiceKey(end, op)
		if judgingAsBefore {
			key = choiceHash(op)
		}
		var j int
		var hashed bool
		if byMap {
			j, hashed = seen[key]
		} else {
			j = slices.Index(hashes, key)
			hashed = j >= 0
		}
		if hashed && (sameChoice(&out[j], op) || containsChoice(out, op)) {
			continue
		}
		if byMap && !hashed {
			seen[key] = len(out)
		}
		hashes = append(hashes, key)
		if len(out) < i {
			out = append(out, *op) // into the place of an option dropped
		} else {
			out = out[:i+1] // where it lies
		}
		kept := &out[len(out)-1]
		kept.End = end
		// the unresolved part of the play, then the option's path: the
		// path itself, capped, when the play has none before it (the main
		// move's first segment: issue 14, a copy of every path judged)
		full := kept.Path[:len(kept.Path):len(kept.Path)]
		if len(prior) > 0 || fullByCopy {
			full = append(append(ws.full[:0], prior...), kept.Path...)
			ws.full = full
		}
		w.rules.JudgeOption(w.play, Walk{m}, kept, full)
	}
	ws.choiceHashes = hashes
	keys := hashes
	if judgingAsBefore {
		keys = nil
	}
	kept, copied := undominatedIn(ws.undominated[:0], out, keys)
	if copied {
		ws.undominated = kept // never the judged list: the next play appends to it
	}
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
	if w.state.Inertia {
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

// walkSlipOptions lists the slipstreams open to the car (FDR R18, T7): both cars
// in 4th–6th, the follower's gear at least the leader's, not behind a
// spun-out car, a car in inertia or a wreck (R18.11, AMB-35); three spaces
// in one of the patterns of R18.4, then the slide or the +1, then brakes
// (R18.5); 1 brake point for each corner the slipstream enters (R18.7).
func (g *Game) walkSlipOptions(play Turn) []Option {
	t := play.t
	rules, ok := t.rules.(WalkModule)
	if !ok {
		return nil
	}
	c := t.car
	if g.qualifying || c.Gear < 4 || c.Status != Racing || c.Space == tracks.NoSpace {
		return nil
	}
	state := rules.WalkPlay(play) // asked past the checks that need none
	if state.NoSlip {
		return nil
	}
	if !g.slipstreamAllowed(t) {
		return nil // a variant's limit (SlipstreamRule)
	}
	if g.Track.Spaces[c.Space].Kind != tracks.KindTrack {
		return nil // R18.16: the single-lane pit lane leaves no room to pull out
	}
	m := g.borrowMover(t)
	defer g.returnMover()
	m.canPit = false
	w := optionWalk{play: play, rules: rules, state: state, m: m}
	if w.segOvershoots(t.path[state.Resolved:], nil) {
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
		!rules.SlipstreamBehind(g, xc) || g.Track.Spaces[ahead].Kind != tracks.KindTrack {
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
			key := slipKey{path[k-1], rules.HazardSignature(g, c.Space, path)}
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
	var plans []walkPlan
	for _, e := range ends {
		plans = append(plans, w.extendSegment(best[e], 3, 3-lmax)...)
	}
	if lmax < 3 {
		plans = g.farthestPlans(plans) // R12.8: the farthest spaces at the highest level
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
	opts = w.finishOptions(opts)
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

// judgingAsBefore makes finishOptions hash each option's whole path to
// find the options of one choice and undominatedIn ask dominated of every
// option, as they did before they read choiceKey (a variable: the tests
// list the options both ways and compare them).
var judgingAsBefore = false

// fullByCopy makes finishOptions copy every judged option's path after
// the unresolved part of the play, as it did before it handed the path
// itself when that part is empty (a variable: the tests judge both ways).
var fullByCopy = false

// containsChoice reports whether an option of out is op's choice
// (sameChoice), read where each lies.
func containsChoice(out []Option, op *Option) bool {
	for i := range out {
		if sameChoice(&out[i], op) {
			return true
		}
	}
	return false
}

// sameChoice: a and b are one choice (see choiceHash).
func sameChoice(a, b *Option) bool {
	return a.Braked == b.Braked && a.Blocked == b.Blocked && a.Bonus == b.Bonus && a.SlipBrake == b.SlipBrake &&
		a.Top == b.Top && slices.Equal(a.Path, b.Path)
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

package fd

import (
	"math/bits"
	"slices"

	"github.com/pitwall/pitwall/tracks"
)

// MovesIf lists the move options the car whose gear decision is pending
// would be offered had it engaged gear and rolled v, every other car
// standing where it stands: the same list Pending would give after that
// roll (R-MOV, R-BLK, R-OVS; FDR R6.11), without rolling any die. It is
// the look-ahead of the AI drivers (engine/ai); the game is left
// unchanged. It returns nil when no gear decision of the race is pending.
func (g *Game) MovesIf(gear, v int) []Option {
	t := g.turn
	if t == nil || t.stage != stageGear || g.pending == nil || g.pending.Kind != DecideGear {
		return nil
	}
	cp := *t
	car := *t.car
	car.Gear = gear
	cp.car = &car
	cp.path = slices.Clone(t.path)
	if l, ok := cp.rules.(LookaheadModule); ok {
		cp.rules = l.Lookahead() // its own play state (FDR R6.11)
	}
	g.optionLists.lend() // the list below is the caller's
	cp.face, cp.stage = v, stageMove
	cp.distance = max(0, g.moveLength(&cp, v)+g.compulsoryDelta(&car, gear)) // WingRule, CompulsoryModifier
	if opts, handled := g.rules().PlayOptions(Turn{g, &cp}); handled {
		return opts // fdr R6.11: the consolidated play's plans
	}
	return g.moveOptions(&cp)
}

// legalLengths is legalLengthsKeeping for the autopilot's look-ahead
// (reachable): where it can, it finds the lengths without walking paths
// (quickLengths), and keeps no walk then; elsewhere it walks and keeps the
// walk for the move that follows.
func (m *mover) legalLengths(start tracks.SpaceID, n int, pitting bool, has []bool) {
	if m.quickLengths(start, n, pitting, has) {
		return
	}
	clear(has)
	m.legalLengthsKeeping(start, n, pitting, has)
}

// quickLengths marks in has[k] whether some legal end lies k steps away,
// as legalLengthsKeeping does, but from the set of places a walk of k
// steps can be in instead of the best path to each: the look-ahead asks
// only whether an end of each length exists, and choosing among the paths
// to a place was nearly all of its walk's cost (issue 14: a quarter of a
// race). It answers (ok) only when the sets are exact: when the best path
// to a place cannot change where a walk may go next, that is when no
// walk can come near the pit lane (a path's pit flag and R-PIT-02/07's
// waits and box are not part of a place), no lane-change cap applies
// (R-STA-03: a path's changes so far), and the competition rules' hazard
// subsets (FDR R7.7) add no length to those of the walks with and without
// the hazards (subsetsAddNoLength). A place is a space and whether the
// car is locked in its lane (R-OVS-04); an end of k steps is a place of
// the k-th set whose fewest steps are k (R-MOV-05, R-DEB-04: with the
// cars removed, then with the dangerous spaces removed too when the walk
// meets one).
func (m *mover) quickLengths(start tracks.SpaceID, n int, pitting bool, has []bool) (ok bool) {
	if pitting || m.changeCap > 0 || m.track.Spaces[start].Kind != tracks.KindTrack {
		return false
	}
	m.hazard(start) // the hazards as they lie now, read inline below
	if row := m.fewestRowOnTrack(start, n, pitting); row != nil {
		if !m.subsets || !m.hazardWithin(row, n) { // fewestRowFor's row
			m.fewestLengths(start, row, n, has)
			return true
		}
		// the hazard subsets with a hazard in reach (FDR R7.7): the
		// circuit's fewest steps mark what placesLengths' two walks mark
		// (fewestLengths), and when that is every length up to n the
		// subset walk adds none (subsetsAddNoLength), which is the answer
		// below: given then without placesLengths' searches (issue 14:
		// fdr's look-aheads near a hazard searched level by level)
		if m.fewestLengths(start, row, n, has); subsetsAddNoLength(has, n) {
			return true
		}
		clear(has) // the walks below mark has from nothing, as before
	}
	sawHazard, ok := m.placesLengths(start, n, false, has)
	if !ok {
		return false
	}
	if sawHazard {
		_, ok = m.placesLengths(start, n, true, has)
		if ok && m.subsets && !subsetsAddNoLength(has, n) { // legalEndsSubsets lists the ends
			return false
		}
	}
	return ok
}

// placesLengths walks the sets of places k steps from start, k up to n,
// marking has[k] when one of them is k steps away at the fewest. The
// fewest steps to each space come from a breadth-first search run level
// by level beside the sets (as mover.distances': no lane lock, the pit
// lane only when the car may pit); sawHazard is whether it met a
// dangerous space (mover.distances), ok false when it reached the pit
// lane, where the sets would not be exact.
func (m *mover) placesLengths(start tracks.SpaceID, n int, avoidHazards bool, has []bool) (sawHazard, ok bool) {
	ws := m.scratch()
	table := m.g.stepTable()
	box := m.ownBox()
	seen := ws.placesSeen // by node index: placesStamp marks the set being built
	level := ws.counts    // fewest steps by space; all -1 between calls
	// the search's spaces, level by level: queue[from:to] is the last level
	queue := append(ws.queue[:0], start)
	level[start] = 0
	cur := append(ws.places[:0], node{s: start})
	next := ws.nextPlaces[:0]
	if len(has) > 0 {
		has[0] = true
	}
	ok = true
	// the search goes on after the sets run out: a dangerous space it
	// meets later still calls for the walk avoiding them
	for k, from := 1, 0; k <= n && (len(cur) > 0 || from < len(queue)) && ok; k++ {
		to := len(queue)
		for _, s := range queue[from:to] {
			for _, st := range table.from(s) {
				if st.flags&stepToBox != 0 || (st.flags&stepToPit != 0 && !m.canPit) || m.occ.has(st.to) { // appendNext
					continue
				}
				if m.hazards.has(st.to) {
					if avoidHazards {
						continue
					}
					sawHazard = true
				}
				if st.flags&stepToTrack == 0 {
					ok = false // the pit lane in reach
				}
				if level[st.to] < 0 {
					level[st.to] = int32(k)
					queue = append(queue, st.to)
				}
			}
		}
		from = to
		next = next[:0]
		stamp := ws.nextPlacesStamp()
		for _, nd := range cur {
			for _, st := range table.from(nd.s) {
				t := st.to
				if !m.stepAllowed(st, true, nd.locked, false, box) || m.occ.has(t) || (avoidHazards && m.hazards.has(t)) {
					continue
				}
				to := node{s: t, locked: nd.locked || (st.flags&stepLeaveCorner != 0 && m.leavesUnmade(nd.s))} // exitOvershoots
				if i := to.index(); seen[i] != stamp {
					seen[i] = stamp
					next = append(next, to)
					if k < len(has) && level[t] == int32(k) {
						has[k] = true
					}
				}
			}
		}
		cur, next = next, cur
	}
	for _, s := range queue {
		level[s] = -1
	}
	ws.queue, ws.places, ws.nextPlaces = queue, cur, next
	return sawHazard, ok
}

// fewestLengths is quickLengths from the circuit's fewest steps (row, from
// start) instead of placesLengths' search beside the sets, where
// fewestRowFor allows. The cars,
// the hazards and the lane lock only ever add steps, so a place of the
// k-th set whose space row puts k steps away is k steps away at the
// fewest: its length is legal. Only when no place of a set is in that
// case does the search have to say whether traffic made one of them k
// steps away; it runs then, once, for the sets left. The walk avoiding
// the hazards runs when a hazard lies within row's reach, a superset of
// the hazards placesLengths' search meets: without one in its way it
// marks the same.
// searched says whether it had to search (the tests ask).
func (m *mover) fewestLengths(start tracks.SpaceID, row *fewestRow, n int, has []bool) (searched bool) {
	searched = m.placesFewest(start, row, n, false, has)
	if m.hazardWithin(row, n) {
		searched = m.placesFewest(start, row, n, true, has) || searched
	}
	return searched
}

// lastUnmarked is the longest length up to n that has does not mark yet,
// 0 when every one is: a walk marking has need go no farther (issue 14:
// the walk avoiding the hazards mostly finds every length marked by the
// walk through them).
func lastUnmarked(has []bool, n int) int {
	for k := min(n, len(has)-1); k > 0; k-- {
		if !has[k] {
			return k
		}
	}
	return 0
}

// hazardWithin: some hazard lies within n of row's fewest steps.
func (m *mover) hazardWithin(row *fewestRow, n int) bool {
	for w, word := range m.hazards {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			if int(row.steps[w*64+b]) <= n {
				return true
			}
		}
	}
	return false
}

// placesFewest walks placesLengths' sets of places, marking has[k] from
// row, and from placesLengths' search (searchLevels) once a set that is
// not empty has no place row puts k steps away (searched). has is only
// ever marked, so a length it marks already is not looked for again, and
// the walk stops past the last one it does not (lastUnmarked).
func (m *mover) placesFewest(start tracks.SpaceID, row *fewestRow, n int, avoidHazards bool, has []bool) (searched bool) {
	n = lastUnmarked(has, n)
	ws := m.scratch()
	table := m.g.stepTable()
	box := m.ownBox()
	seen := ws.placesSeen         // by node index: placesStamp marks the set being built
	level := ws.counts            // once searched: fewest steps by space; all -1 between calls
	var levelled []tracks.SpaceID // the spaces searchLevels set
	cur := append(ws.places[:0], node{s: start})
	next := ws.nextPlaces[:0]
	if len(has) > 0 {
		has[0] = true
	}
	for k := 1; k <= n && len(cur) > 0; k++ {
		next = next[:0]
		stamp := ws.nextPlacesStamp()
		found := has[k] // k ≤ lastUnmarked < len(has)
		for _, nd := range cur {
			for _, st := range table.from(nd.s) {
				t := st.to
				if !m.stepAllowed(st, true, nd.locked, false, box) || m.occ.has(t) || (avoidHazards && m.hazards.has(t)) {
					continue
				}
				to := node{s: t, locked: nd.locked || (st.flags&stepLeaveCorner != 0 && m.leavesUnmade(nd.s))} // exitOvershoots
				if i := to.index(); seen[i] != stamp {
					seen[i] = stamp
					next = append(next, to)
					found = found || int(row.steps[t]) == k
				}
			}
		}
		if !found && len(next) > 0 {
			// traffic may have made one of them k steps away at the fewest
			if !searched {
				levelled, searched = m.searchLevels(start, n, avoidHazards), true
			}
			for _, nd := range next {
				found = found || level[nd.s] == int32(k)
			}
		}
		has[k] = found
		cur, next = next, cur
	}
	for _, s := range levelled {
		level[s] = -1
	}
	ws.places, ws.nextPlaces = cur, next
	return searched
}

// searchLevels is placesLengths' search on its own, for a walk that
// cannot reach the pit lane: the fewest steps to each space, up to n, with
// the cars and, when asked, the hazards removed, into the scratch's
// counts (the caller sets them back to -1 for the spaces it returns).
func (m *mover) searchLevels(start tracks.SpaceID, n int, avoidHazards bool) []tracks.SpaceID {
	ws := m.scratch()
	table := m.g.stepTable()
	level := ws.counts
	queue := append(ws.queue[:0], start)
	level[start] = 0
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		k := level[s] + 1
		if int(k) > n {
			break // breadth first: the rest are as far
		}
		for _, st := range table.from(s) {
			if st.flags&stepToBox != 0 || (st.flags&stepToPit != 0 && !m.canPit) || m.occ.has(st.to) || (avoidHazards && m.hazards.has(st.to)) { // appendNext
				continue
			}
			if level[st.to] < 0 {
				level[st.to] = k
				queue = append(queue, st.to)
			}
		}
	}
	ws.queue = queue
	return queue
}

// nextPlacesStamp is a stamp no mark of placesSeen holds: the marks of
// every set before it stand for not seen. After 2³² sets the marks are
// cleared once.
func (s *scratch) nextPlacesStamp() uint32 {
	s.placesStamp++
	if s.placesStamp == 0 {
		clear(s.placesSeen)
		s.placesStamp = 1
	}
	return s.placesStamp
}

package fd

import (
	"math"
	"slices"
	"sort"

	"github.com/pitwall/pitwall/tracks"
)

// Path choice under the competition rules. R7.7 [7-2-3], [7-3-5], [17-1]:
// a move must take the fewest spaces, except to pass a car, to go round a
// dangerous space or to keep off the wall (R15.6); the player chooses
// which dangerous spaces to treat as obstacles. The engine test: a path is
// legal iff it is a shortest path with the cars and every hazard it does
// not enter removed. Its prefixes are then shortest paths too (with the
// hazards they do not enter removed), which prunes the walk.
//
// The hazards: each dangerous space (a sticker or a space dangerous by the
// circuit) is its own obstacle; the wall lane of an oval is one obstacle
// (a path keeps off the wall or it does not: R15.6, one body test per
// entry, R15.2). Each choice of hazards entered is its own candidate
// (§7-3-7); the options that come of them are judged and the ones that
// are worse in every respect than another way to the same end are dropped
// (fdrUndominated).

// wallBit stands for the wall lane of an oval in a hazard mask.
const wallBit = uint64(1) << 63

// maxSubsetStates bounds the (space, hazards entered) states of one step of
// the walk; past it (a straight strewn with stickers) the choice falls back
// to all the hazards or none (R-MOV-05's test).
const maxSubsetStates = 4096

// subsetState is a node of the walk with the hazards its path entered.
type subsetState struct {
	nd   node
	mask uint64
	p    *partial
}

// pathBetter orders two paths with the same hazards entered: fewer wall
// entries, fewer hazard spaces, fewer lane changes, then by spaces.
func pathBetter(a, b *partial) bool {
	if a.walls != b.walls {
		return a.walls < b.walls
	}
	return better(a, b)
}

// legalEndsSubsets is legalEnds under R7.7: every end at every length
// reached by a legal path, one candidate per set of hazards entered, the
// best path of each. ok is false when the hazards in reach are too many
// to enumerate; the caller then treats them all or none as obstacles.
func (m *mover) legalEndsSubsets(start tracks.SpaceID, n int, pitting bool, dAll []int) ([]candidate, bool) {
	ws := m.scratch()
	sub := &ws.subsets
	sub.init()
	bits := sub.bits
	for s, d := range dAll {
		id := tracks.SpaceID(s)
		if d > 0 && m.g.fdrDangerous(id) {
			if len(bits) == 63 {
				return nil, false
			}
			bits[id] = uint64(1) << len(bits)
		}
	}
	wall := func(s tracks.SpaceID) bool { return m.track.Oval && m.track.Spaces[s].Has(tracks.FlagWall) }
	bitOf := func(s tracks.SpaceID) uint64 {
		b := bits[s]
		if wall(s) {
			b |= wallBit
		}
		return b
	}
	dists := sub.dists
	distFor := func(mask uint64) []int {
		if d, ok := dists[mask]; ok {
			return d
		}
		d := m.distancesAvoiding(start, n, pitting, func(s tracks.SpaceID) bool {
			b := bitOf(s)
			return b != 0 && b&^mask != 0
		})
		dists[mask] = d
		return d
	}
	best := sub.best
	keys := sub.keys[:0]
	consider := func(k int, st subsetState) {
		steps := k
		if st.p.done {
			steps = n // reaching the box or waiting in the pit lane uses the whole move
		}
		key := subsetKey{steps, st.nd.s, st.mask}
		if old, ok := best[key]; !ok || pathBetter(st.p, old) {
			if !ok {
				keys = append(keys, key)
			}
			best[key] = st.p
		}
	}
	layer := append(sub.layer[:0], subsetState{node{s: start}, 0, ws.newPartial(&partial{s: start, length: 1, pit: pitting})})
	next := sub.next[:0]
	consider(0, layer[0])
	box := m.ownBox()
	var succ []tracks.SpaceID
	slot := sub.slot
	for k := 1; k <= n && len(layer) > 0; k++ {
		next = next[:0]
		clear(slot)
		// put keeps st for its node and hazards if it is better; st.p
		// may point to a value on the stack, it is copied when kept
		put := func(st subsetState) {
			i := [2]uint64{uint64(st.nd.index()), st.mask}
			if j, ok := slot[i]; ok {
				if pathBetter(st.p, next[j].p) {
					st.p = ws.newPartial(st.p)
					next[j] = st
				}
				return
			}
			slot[i] = len(next)
			st.p = ws.newPartial(st.p)
			next = append(next, st)
		}
		for _, st := range layer {
			nd, p := st.nd, st.p
			if p.done {
				put(st)
				continue
			}
			sp := &m.track.Spaces[nd.s]
			inPit := sp.Kind != tracks.KindTrack
			succ = m.appendSuccessors(succ[:0], nd.s, nd.locked, p.pit)
			for _, t := range succ {
				ts := &m.track.Spaces[t]
				if m.occ.has(t) {
					if inPit && ts.Kind != tracks.KindTrack {
						// R12.10, R19.4: wait behind, at no cost
						w := *p
						w.done = true
						put(subsetState{node{s: nd.s, locked: nd.locked, done: true}, st.mask, &w})
					}
					continue
				}
				q := &partial{s: t, prev: p, length: p.length + 1, hazards: p.hazards, changes: p.changes, walls: p.walls, locked: nd.locked, pit: p.pit} // does not escape: put copies it
				mask := st.mask | bitOf(t)
				if m.hazard(t) {
					q.hazards++
				}
				if wall(t) && !wall(nd.s) {
					q.walls++ // R15.2: a body test on entering the wall lane
				}
				if ts.Kind == sp.Kind && math.Abs(ts.Offset-sp.Offset) > 1e-6 {
					q.changes++
					if m.changeCap > 0 && q.changes > m.changeCap {
						continue
					}
				}
				if sp.Kind == tracks.KindTrack && ts.Kind == tracks.KindPit {
					q.pit = true
				}
				if m.exitOvershoots(nd.s, t) {
					q.locked = true
				}
				if t == box && q.pit {
					q.done = true // R19.10: the surplus is lost
				}
				if !q.done && distFor(mask)[t] != k {
					continue // R7.7: not a shortest way with the hazards it avoids
				}
				put(subsetState{node{s: t, locked: q.locked, done: q.done}, mask, q})
			}
		}
		if len(next) > maxSubsetStates {
			sub.layer, sub.next, sub.keys = layer, next, keys
			return nil, false
		}
		for _, st := range next {
			consider(k, st)
		}
		layer, next = next, layer
	}
	sub.layer, sub.next, sub.keys = layer, next, keys
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.steps != b.steps {
			return a.steps > b.steps
		}
		sa, sb := &m.track.Spaces[a.end], &m.track.Spaces[b.end]
		if sa.Offset != sb.Offset {
			return sa.Offset < sb.Offset
		}
		if a.end != b.end {
			return a.end < b.end
		}
		pa, pb := best[a], best[b]
		if pa.walls != pb.walls {
			return pa.walls < pb.walls
		}
		if pa.hazards != pb.hazards {
			return pa.hazards < pb.hazards
		}
		return a.mask < b.mask
	})
	first := len(ws.cands)
	for _, k := range keys {
		p := best[k]
		if p.path == nil {
			p.path = ws.writePath(p)
		}
		ws.cands = append(ws.cands, candidate{steps: k.steps, p: p})
	}
	return ws.cands[first:len(ws.cands):len(ws.cands)], true
}

// subsetWalk is legalEndsSubsets' memory, kept in the scratch.
type subsetWalk struct {
	bits        map[tracks.SpaceID]uint64
	dists       map[uint64][]int
	best        map[subsetKey]*partial
	keys        []subsetKey
	slot        map[[2]uint64]int
	layer, next []subsetState
}

// subsetKey is a candidate of legalEndsSubsets: an end after steps, with
// the hazards its path entered.
type subsetKey struct {
	steps int
	end   tracks.SpaceID
	mask  uint64
}

// init empties the maps, making them the first time.
func (w *subsetWalk) init() {
	if w.bits == nil {
		w.bits, w.dists, w.best, w.slot = map[tracks.SpaceID]uint64{}, map[uint64][]int{}, map[subsetKey]*partial{}, map[[2]uint64]int{}
	}
	clear(w.bits)
	clear(w.dists)
	clear(w.best)
}

// distancesAvoiding is a breadth-first search of the fewest steps to each
// space with the cars and the spaces blocked reports removed (R-MOV-05,
// R7.7), indexed by space; -1 marks a space not reached within limit.
func (m *mover) distancesAvoiding(start tracks.SpaceID, limit int, pitting bool, blocked func(tracks.SpaceID) bool) []int {
	ws := m.scratch()
	dist := ws.distanceTable(len(m.track.Spaces))
	dist[start] = 0
	queue := append(ws.queue[:0], start)
	succ := ws.succ
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		if dist[s] >= limit {
			continue
		}
		pit := pitting || m.track.Spaces[s].Kind != tracks.KindTrack
		succ = m.appendSuccessors(succ[:0], s, false, pit)
		for _, t := range succ {
			if m.occ.has(t) || blocked(t) {
				continue
			}
			if dist[t] < 0 {
				dist[t] = dist[s] + 1
				queue = append(queue, t)
			}
		}
	}
	ws.queue, ws.succ = queue, succ
	return dist
}

// fdrUndominated drops the options that another option of the same
// choice (the same end after the same number of spaces, the same brakes,
// blocking, bonus and slipstream brakes) beats or equals in every cost and
// risk: wear, handling and wall tests, overshoot, spin, elimination
// (§7-3-7: options differ by what they cost and risk). Of equal ones the
// first is kept.
func fdrUndominated(opts []Option) []Option {
	return slices.Clip(appendUndominated(nil, opts))
}

// appendUndominated appends fdrUndominated's options to out.
func appendUndominated(out []Option, opts []Option) []Option {
	same := func(a, b *Option) bool {
		return a.End == b.End && len(a.Path) == len(b.Path) && a.Braked == b.Braked && a.Blocked == b.Blocked &&
			a.Bonus == b.Bonus && a.SlipBrake == b.SlipBrake && a.Top == b.Top
	}
	// noWorse: a costs and risks no more than b in every respect
	noWorse := func(a, b *Option) bool {
		for cat := range a.Cost {
			if a.Cost[cat] > b.Cost[cat] {
				return false
			}
		}
		return a.Dangerous <= b.Dangerous && a.Wall <= b.Wall && a.Overshoot <= b.Overshoot &&
			a.Penalty <= b.Penalty && (!a.Spin || b.Spin) && (!a.Eliminated || b.Eliminated)
	}
	for i := range opts {
		drop := false
		for j := range opts {
			if i == j || !same(&opts[i], &opts[j]) || !noWorse(&opts[j], &opts[i]) {
				continue
			}
			// j is no worse than i: i goes when j is strictly better, or
			// equal and earlier
			if !noWorse(&opts[i], &opts[j]) || j < i {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, opts[i])
		}
	}
	return out
}

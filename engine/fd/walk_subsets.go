package fd

import (
	"cmp"
	"math"
	mbits "math/bits"
	"slices"

	"github.com/pitwall/pitwall/tracks"
)

// The walk's hazard subsets, the base's walk machinery on mover, scratch
// and partial, run for a ruleset whose capabilities say CornerStopSubsets
// (the competition rules, FDR R7.7 [7-2-3], [7-3-5], [17-1]): a move must
// take the fewest spaces, except to pass a car, to go round a dangerous
// space or to keep off the wall (R15.6); the player chooses which
// dangerous spaces to treat as obstacles. The engine test: a path is
// legal iff it is a shortest path with the cars and every hazard it does
// not enter removed. Its prefixes are then shortest paths too (with the
// hazards they do not enter removed), which prunes the walk. It names
// nothing of a rules module's: the hazards are the base's dangerousSpace
// (a marker or a space dangerous by the circuit) and an oval's wall lane
// (issue 13, the fdr-walk round: fdr_paths.go was this file).
//
// The hazards: each dangerous space (a sticker or a space dangerous by the
// circuit) is its own obstacle; the wall lane of an oval is one obstacle
// (a path keeps off the wall or it does not: R15.6, one body test per
// entry, R15.2). Each choice of hazards entered is its own candidate
// (§7-3-7); the options that come of them are judged and the ones that
// are worse in every respect than another way to the same end are dropped
// (undominated).

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
func (s *scratch) pathBetter(a, b *partial) bool {
	if a.walls != b.walls {
		return a.walls < b.walls
	}
	return s.better(a, b)
}

// legalEndsSubsets is legalEnds under R7.7: every end at every length
// reached by a legal path, one candidate per set of hazards entered, the
// best path of each. ok is false when the hazards in reach are too many
// to enumerate; the caller then treats them all or none as obstacles.
//
// It runs once per walk of a play in traffic, so it keeps off the heap:
// the hazard bits are a table by space, the states' paths are copied
// into the scratch's arena (never allocated one by one) and the
// distances avoiding each set of hazards are computed once per set.
func (m *mover) legalEndsSubsets(start tracks.SpaceID, n int, pitting bool, dAll []int) ([]candidate, bool) {
	ws := m.scratch()
	sub := &ws.subsets
	sub.init(len(m.track.Spaces))
	bits := sub.bits
	hazardsInReach := 0
	// the dangerous spaces are among the mover's hazards (with an oval's
	// wall lane): read from its bits, in the order of the spaces, instead
	// of the debris map asked for every space of the circuit (issue 14)
	m.hazard(start) // the hazards as they lie now
	for w, word := range m.hazards {
		for ; word != 0; word &= word - 1 {
			id := tracks.SpaceID(w*64 + mbits.TrailingZeros64(word))
			if int(id) < len(dAll) && dAll[id] > 0 && m.g.dangerousSpace(id) { // FDR R17.1
				if hazardsInReach == 63 {
					return nil, false
				}
				bits[id] = uint64(1) << hazardsInReach
				hazardsInReach++
			}
		}
	}
	wallLane := m.track.Oval
	if wallLane {
		for s := range m.track.Spaces {
			if m.track.Spaces[s].Has(tracks.FlagWall) {
				bits[s] |= wallBit
			}
		}
	}
	sub.ends, sub.sameEnd = sub.ends[:0], sub.sameEnd[:0]
	ws.stamp++ // consider's foundAt, as collectEnds' own
	sub.consider(ws, 0, subsetState{node{s: start}, 0, ws.newPartial(&partial{s: start, length: 1, pit: pitting})}, n)
	layer := append(sub.layer[:0], subsetState{node{s: start}, 0, sub.ends[0].p})
	next := sub.next[:0]
	box := m.ownBox()
	succ := sub.succ
	for k := 1; k <= n && len(layer) > 0; k++ {
		sub.next, sub.same = next[:0], sub.same[:0]
		for _, st := range layer {
			nd, p := st.nd, st.p
			if p.done {
				sub.put(ws, nd, st.mask, p)
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
						sub.put(ws, node{s: nd.s, locked: nd.locked, done: true}, st.mask, &w)
					}
					continue
				}
				q := partial{s: t, prev: p.self, length: p.length + 1, hazards: p.hazards, changes: p.changes, walls: p.walls, locked: nd.locked, pit: p.pit}
				mask := st.mask | bits[t]
				if m.hazard(t) {
					q.hazards++
				}
				if wallLane && bits[t]&wallBit != 0 && bits[nd.s]&wallBit == 0 {
					q.walls++ // R15.2: a body test on entering the wall lane
				}
				if ts.Kind == sp.Kind && math.Abs(ts.Offset-sp.Offset) > 1e-6 {
					q.changes++
					if m.changeCap > 0 && int(q.changes) > m.changeCap {
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
				if !q.done && m.distancesFor(sub, start, n, pitting, mask)[t] != k {
					continue // R7.7: not a shortest way with the hazards it avoids
				}
				sub.put(ws, node{s: t, locked: q.locked, done: q.done}, mask, &q)
			}
		}
		next = sub.next
		for _, st := range next {
			ws.slot[st.nd.index()] = 0 // all zeros again, as the other walks leave it
		}
		if len(next) > maxSubsetStates {
			sub.layer, sub.succ = layer, succ
			return nil, false
		}
		for _, st := range next {
			sub.consider(ws, k, st, n)
		}
		layer, next = next, layer
	}
	sub.layer, sub.next, sub.succ = layer, next, succ
	ends := sub.ends
	if m.lengthsOnly {
		first := len(ws.cands)
		for _, e := range ends {
			ws.cands = append(ws.cands, candidate{steps: e.steps, p: e.p})
		}
		return ws.cands[first:len(ws.cands):len(ws.cands)], true
	}
	if m.endsWithin && len(ends) > 0 {
		// legalEndsWithin's: the ends shorter than the longest by more
		// than within are left out before they are sorted and written
		// (the order below puts them last)
		lmax := 0
		for _, e := range ends {
			lmax = max(lmax, e.steps)
		}
		ends = slices.DeleteFunc(ends, func(e subsetEnd) bool { return lmax-e.steps > m.within })
	}
	// the ends are distinct (steps, space, hazards) and the order below is
	// total, so any sort gives the same list
	slices.SortFunc(ends, func(a, b subsetEnd) int {
		if a.steps != b.steps {
			return cmp.Compare(b.steps, a.steps)
		}
		sa, sb := &m.track.Spaces[a.end], &m.track.Spaces[b.end]
		if sa.Offset != sb.Offset {
			return cmp.Compare(sa.Offset, sb.Offset)
		}
		if a.end != b.end {
			return cmp.Compare(a.end, b.end)
		}
		pa, pb := a.p, b.p
		if pa.walls != pb.walls {
			return cmp.Compare(pa.walls, pb.walls)
		}
		if pa.hazards != pb.hazards {
			return cmp.Compare(pa.hazards, pb.hazards)
		}
		return cmp.Compare(a.mask, b.mask)
	})
	first := len(ws.cands)
	for _, e := range ends {
		ws.cands = append(ws.cands, candidate{steps: e.steps, p: e.p, path: ws.writePath(e.p)})
	}
	return ws.cands[first:len(ws.cands):len(ws.cands)], true
}

// subsetWalk is legalEndsSubsets' memory, kept in the scratch.
type subsetWalk struct {
	bits  []uint64 // by space: its hazard's bit, and wallBit on an oval's wall lane
	dists map[uint64][]int
	// ends are the candidates in the order first found, the best path of
	// each; sameEnd[j] is 1 + the index of the one found before ends[j] at
	// its space (0: none), the scratch's foundAt[space] 1 + the index of
	// the last (valid when foundStamp is the walk's stamp). They were a
	// map by candidate, hashed for every state (issue 14).
	ends    []subsetEnd
	sameEnd []int32
	// a layer's states at one node: the scratch's slot[node] is 1 + the
	// index in next of the last one put, same[j] 1 + the index of the one
	// put before state j (0: none). Node and hazards were a map's key,
	// hashed on every put (issue 14: a twentieth of an fdr race).
	same        []int32
	layer, next []subsetState
	succ        []tracks.SpaceID
}

// subsetEnd is a candidate of legalEndsSubsets: an end after steps, with
// the hazards its path entered, and the best path to it (p).
type subsetEnd struct {
	steps int
	end   tracks.SpaceID
	mask  uint64
	p     *partial
}

// init empties the walk's memory for a circuit of spaces spaces, making
// the maps the first time.
func (w *subsetWalk) init(spaces int) {
	if w.dists == nil {
		w.dists = map[uint64][]int{}
	}
	if cap(w.bits) < spaces {
		w.bits = make([]uint64, spaces)
	}
	w.bits = w.bits[:spaces]
	clear(w.bits)
	clear(w.dists)
}

// put keeps a state of the next layer when it is the best path to its
// node with its hazards. p is copied into the scratch's arena when kept,
// so it may point to a value on the caller's stack.
func (w *subsetWalk) put(ws *scratch, nd node, mask uint64, p *partial) {
	i := nd.index()
	for j := ws.slot[i]; j > 0; j = w.same[j-1] {
		if st := &w.next[j-1]; st.mask == mask {
			if ws.pathBetter(p, st.p) {
				*st = subsetState{nd, mask, ws.newPartial(p)}
			}
			return
		}
	}
	w.same = append(w.same, ws.slot[i])
	w.next = append(w.next, subsetState{nd, mask, ws.newPartial(p)})
	ws.slot[i] = int32(len(w.next))
}

// consider keeps st as the candidate of its end, steps and hazards when it
// is the best path to them; a state that reached the box or waits in the
// pit lane uses the whole move of n steps.
func (w *subsetWalk) consider(ws *scratch, k int, st subsetState, n int) {
	steps := k
	if st.p.done {
		steps = n // reaching the box or waiting in the pit lane uses the whole move
	}
	s, head := st.nd.s, int32(0)
	if ws.foundStamp[s] == ws.stamp {
		head = ws.foundAt[s]
	}
	for j := head; j > 0; j = w.sameEnd[j-1] {
		if e := &w.ends[j-1]; e.steps == steps && e.mask == st.mask {
			if ws.pathBetter(st.p, e.p) {
				e.p = st.p
			}
			return
		}
	}
	w.ends = append(w.ends, subsetEnd{steps, s, st.mask, st.p})
	w.sameEnd = append(w.sameEnd, head)
	ws.foundStamp[s], ws.foundAt[s] = ws.stamp, int32(len(w.ends))
}

// distancesFor is the fewest steps to each space with the cars and the
// hazards outside mask removed, computed once per mask a walk meets.
func (m *mover) distancesFor(sub *subsetWalk, start tracks.SpaceID, n int, pitting bool, mask uint64) []int {
	if d, ok := sub.dists[mask]; ok {
		return d
	}
	d := m.distancesAvoidingBits(start, n, pitting, sub.bits, mask)
	sub.dists[mask] = d
	return d
}

// distancesAvoidingBits is a breadth-first search of the fewest steps to
// each space with the cars and the spaces whose bits hold a hazard outside
// mask removed (R-MOV-05, R7.7), indexed by space; -1 marks a space not
// reached within limit.
func (m *mover) distancesAvoidingBits(start tracks.SpaceID, limit int, pitting bool, bits []uint64, mask uint64) []int {
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
		succ = m.appendNext(succ[:0], s, pitting)
		for _, t := range succ {
			if m.occ.has(t) || bits[t]&^mask != 0 {
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

// undominated drops the options that another option of the same
// choice (the same end after the same number of spaces, the same brakes,
// blocking, bonus and slipstream brakes) beats or equals in every cost and
// risk: wear, handling and wall tests, overshoot, spin, elimination
// (§7-3-7: options differ by what they cost and risk). Of equal ones the
// first is kept.
func undominated(opts []Option) []Option {
	return slices.Clip(appendUndominated(nil, opts))
}

// appendUndominated appends undominated's options to out.
func appendUndominated(out []Option, opts []Option) []Option {
	for i := range opts {
		if !dominated(opts, i) {
			out = append(out, opts[i])
		}
	}
	return out
}

// undominatedIn is undominated's options of opts: opts itself when none
// is dominated, which is most plays, else appended to out from the first
// dominated one on (issue 14: each option is a few hundred bytes, and
// the list was copied whole every play). keys are the options'
// sameChoiceKey, or nil to ask dominated of every option.
func undominatedIn(out []Option, opts []Option, keys []uint64) (kept []Option, copied bool) {
	// only an option that shares its choice with another (dominated's
	// same, whose fields sameChoiceKey hashes) may be dominated: found by
	// comparing the keys, most lists have none, and dominated is asked of
	// the others only (issue 14: dominated compared every pair of options,
	// a few hundred bytes apart, field by field)
	var shared [maxKeyedChoices]bool
	keyed := len(opts) <= maxKeyedChoices && keys != nil
	if keyed {
		// the keys in a small open-addressed table of 1 + their option's
		// index, by their low bits: an option whose key is there already
		// shares it with that one, and every earlier one sharing it is
		// marked at its first
		var table [2 * maxKeyedChoices]uint8
		any := false
		for i := range opts {
			k := keys[i]
			for slot := k; ; slot++ {
				at := &table[slot&(2*maxKeyedChoices-1)]
				if *at == 0 {
					*at = uint8(i + 1)
					break
				}
				if j := int(*at - 1); keys[j] == k {
					shared[i], shared[j], any = true, true, true
					break
				}
			}
		}
		if !any {
			return opts, false
		}
	}
	for i := range opts {
		if (!keyed || shared[i]) && dominated(opts, i) {
			out = append(out, opts[:i]...)
			for j := i + 1; j < len(opts); j++ {
				if !(keyed && !shared[j]) && dominated(opts, j) {
					continue
				}
				out = append(out, opts[j])
			}
			return out, true
		}
	}
	return opts, false
}

// maxKeyedChoices is the most options undominatedIn compares by their
// keys; a longer list asks dominated of every option.
const maxKeyedChoices = 64

// sameChoiceKey hashes the fields dominated's same compares (FNV-1a): two
// options of the same choice have the same key.
func sameChoiceKey(op *Option) uint64 { return choiceKey(op.End, op) }

// choiceKey is sameChoiceKey with end for op.End (finishOptions hashes
// an option before it sets its end): two options of one choice in
// finishOptions' sense (sameChoice: the same path) or dominated's share
// it.
func choiceKey(end tracks.SpaceID, op *Option) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v int) {
		h ^= uint64(v)
		h *= 1099511628211
	}
	mix(int(end))
	mix(len(op.Path))
	mix(op.Braked)
	mix(op.Blocked)
	if op.Bonus {
		mix(1)
	} else {
		mix(0)
	}
	mix(op.SlipBrake)
	mix(op.Top)
	return h
}

// dominated reports whether another option of opts of the same choice
// beats opts[i] in some cost or risk and is no worse in any, or is equal
// in all of them and comes first.
func dominated(opts []Option, i int) bool {
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
	for j := range opts {
		if i == j || !same(&opts[i], &opts[j]) || !noWorse(&opts[j], &opts[i]) {
			continue
		}
		// j is no worse than i: i goes when j is strictly better, or
		// equal and earlier
		if !noWorse(&opts[i], &opts[j]) || j < i {
			return true
		}
	}
	return false
}

// subsetsAddNoLength reports whether the lengths the walks with and
// without the hazards mark (has, up to n: quickLengths' places) are every
// length up to n, so that the hazard subsets' walk marks the same
// (issue 14: nine in ten of fdr's look-aheads near a hazard). Its lengths
// are never more than n, and never fewer than those: a path of the walk
// with the hazards (every hazard an obstacle avoided only when it must
// be) or of the walk avoiding them is a shortest path with the hazards it
// enters, and so is each of its prefixes, so the subset walk has a state
// at its every step with the hazards entered so far; a better path to the
// same state has the same steps after it where quickLengths answers (no
// pit lane in reach, no lane-change cap: the state's space and lane lock
// are all its next steps depend on). When a walk has too many subset
// states, legalEndsSubsets falls back to those two walks, whose lengths
// these are.
func subsetsAddNoLength(has []bool, n int) bool {
	for k := 0; k <= n && k < len(has); k++ {
		if !has[k] {
			return false
		}
	}
	return true
}

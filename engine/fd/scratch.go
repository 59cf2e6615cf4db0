package fd

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pitwall/pitwall/tracks"
)

// scratch is the memory the path searches reuse from one decision to the
// next, so that building a move's options or choosing a gear allocates
// next to nothing (issue 14). A Game keeps one; a mover borrows it when it
// first walks and gives it back when its caller has copied out what it
// needs (mover.release). Nothing it holds is ever part of a decision: the
// options copy their paths out of it.
type scratch struct {
	// partials are the steps of the walks, in chunks that never move, so
	// that the chains of steps stay valid while more are added; the
	// walk kept for the next search has its steps in the other arena
	arenas [2]partialArena
	cur    int // the arena being filled

	// kept is the walk of the autopilot's look-ahead, which the move
	// that follows reads again (mover.walkEnds)
	kept keptWalk

	// ints backs the distance tables: each call takes a fresh stretch
	// (the tables of one search are alive together), from the block
	// intBlocks[intsAt-1]; a full block is followed by the next one kept,
	// or a new one, and the blocks are taken again from the first at each
	// takeScratch (issue 14: a block twice as large at each growth made
	// about 95 KB a fdr race, nearly twice the tables alive at once)
	ints      []int
	intBlocks [][]int
	intsAt    int
	// spaces backs the candidates' written-out paths
	spaces []tracks.SpaceID
	// cands backs the candidates legalEnds returns (a caller may hold
	// one list while asking for another)
	cands []candidate

	// collectEnds: foundAt[s] is the index in its group of the candidate
	// ending at s, valid when foundStamp[s] is stamp
	foundAt, foundStamp []int32
	stamp               int32
	// placesFewest, placesLengths: placesSeen[node index] is placesStamp
	// when the node is in the set being built; a new set takes a new
	// stamp instead of clearing the marks of the one before (issue 14)
	placesSeen  []uint32
	placesStamp uint32

	// used inside one call only
	slot  []int32 // layers: 1 + the node's index in the layer being built
	all   layered
	safe  layered
	queue []tracks.SpaceID
	succ  []tracks.SpaceID
	steps []step           // layers: the steps from the space being expanded
	full  []tracks.SpaceID // fdr: the unresolved part of a play being judged
	// fdr: the options of a play, judged where they lie, and those left
	// by undominated (finishOptions)
	unjudged, undominated []Option
	// fdr: appendMoveOptionsAt's plans of the die's farthest ends, and
	// each with its slide or +1
	mainPlans, plans []walkPlan
	choices          map[uint64]int   // choiceHash → the first judged option with it, past maxSearchedChoices options
	choiceHashes     []uint64         // finishOptions: the judged options' choice hashes
	order            []int32          // fdr: finishOptions' order of the options
	subsets          subsetWalk       // legalEndsSubsets (walk_subsets.go)
	marks            []bool           // roomAhead: the spaces of the target corner
	counts           []int32          // roomAhead: steps to each space, -1 unseen
	seen             []tracks.SpaceID // roomAhead: the spaces whose count is set
	// placesLengths: the places of the set walked from, and of the next
	places, nextPlaces []node
}

// partialChunk is the number of steps a chunk holds (a power of two, so
// that a reference splits into chunk and place by shifts).
const (
	partialChunkBits = 9
	partialChunk     = 1 << partialChunkBits
)

// partialRef names a step in the scratch's arenas: 0 is no step, else 1 +
// the arena in bit 30 and the step's place in the arena below it. Steps
// refer to the step before them by reference rather than by pointer, so
// that the arenas hold no pointers: the garbage collector neither scans
// them nor puts a write barrier on every step copied in (issue 14: a
// fifth of a race's time went to both).
type partialRef int32

const partialArenaBit = 30

// at is the step r names (r is not 0).
func (s *scratch) at(r partialRef) *partial {
	u := uint32(r - 1)
	a := &s.arenas[u>>partialArenaBit&1] // masked: no bounds check on the walks' every step back
	i := u & (1<<partialArenaBit - 1)
	return &a.chunks[i>>partialChunkBits][i&(partialChunk-1)]
}

// takeScratch lends the game's scratch, emptied, or a new one when it is
// lent already (a search nested in another).
func (g *Game) takeScratch() *scratch {
	s := g.scratch
	g.scratch = nil
	if s == nil {
		s = newScratch()
	}
	if s.kept.valid {
		s.cur = 1 - s.kept.arena // the kept walk's steps stay as they are
	}
	s.arenas[s.cur].chunk, s.arenas[s.cur].used = 0, 0
	s.ints, s.intsAt, s.spaces, s.cands = nil, 0, s.spaces[:0], s.cands[:0]
	if n := len(g.Track.Spaces); len(s.marks) != n {
		// the tables by space as a new scratch has them (a scratch from
		// the pool has its marks emptied to come here)
		s.slot = zeroed(s.slot, 4*n)
		s.marks = zeroed(s.marks, n)
		s.counts = zeroed(s.counts, n)
		s.foundAt, s.foundStamp, s.stamp = zeroed(s.foundAt, n), zeroed(s.foundStamp, n), 0
		s.placesSeen, s.placesStamp = zeroed(s.placesSeen, 4*n), 0
		for i := range s.counts {
			s.counts[i] = -1
		}
	}
	return s
}

// zeroed is b's memory, n zeros, when it has room for them, or n new ones.
func zeroed[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// scratchPool holds the scratches of the games Simulate has played to
// their end, for the next game's searches: a race's scratch grows its
// lists and tables to a race's largest (the options not yet judged, the
// distance tables, the steps' arenas), and a new one for each race was
// about a tenth of the bytes a fdr race allocated (issue 14). Only memory
// passes from one game to the next: every list is written before it is
// read at each search, as from one decision to the next within a game,
// the kept walk is dropped, and the tables by space are set as new
// (takeScratch). sync.Pool is safe for games played at once, each
// scratch is one game's at a time, and the collector may drop it.
var scratchPool sync.Pool

// poolScratches: Simulate gives its game's scratch to scratchPool, and a
// new scratch is taken from it; off, every game makes its own, as before
// (TestRacesAsWithScratchesPooled).
var poolScratches = true

// newScratch is a scratch from the pool, or a new one.
func newScratch() *scratch {
	if poolScratches {
		if s, ok := scratchPool.Get().(*scratch); ok {
			s.kept.valid = false
			s.marks = s.marks[:0] // takeScratch sets the tables by space afresh
			return s
		}
	}
	return &scratch{choices: map[uint64]int{}}
}

// releaseScratch gives the game's scratch to the pool: its searches are
// over (Simulate, at the race's end).
func (g *Game) releaseScratch() {
	if s := g.scratch; s != nil && poolScratches {
		g.scratch = nil
		s.kept.valid = false
		// the options left in its lists would keep the game's strings
		// and paths from the collector
		clear(s.unjudged[:cap(s.unjudged)])
		clear(s.undominated[:cap(s.undominated)])
		scratchPool.Put(s)
	}
}

// putScratch takes the scratch back for the next search.
func (g *Game) putScratch(s *scratch) { g.scratch = s }

// partialArena holds steps in chunks that never move.
type partialArena struct {
	chunks []*[partialChunk]partial
	chunk  int // chunks[chunk] is being filled
	used   int // steps used in chunks[chunk]
}

// newPartial is a copy of p that lives as long as the scratch's lending
// (or as the kept walk that holds it).
func (s *scratch) newPartial(p *partial) *partial {
	q := s.nextPartial()
	*q = *p
	return s.takePartial(q)
}

// nextPartial is the arena's next free step, for a walk to build a step
// in place: takePartial keeps it, and one not taken is written over by
// the next. The layered walk built each step aside and copied the ones
// it kept, two thirds of them, into the arena (issue 14). The step holds
// whatever was there before: the caller writes every field.
func (s *scratch) nextPartial() *partial { return s.arenas[s.cur].next() }

// takePartial keeps q, the step nextPartial gave last, in the arena.
func (s *scratch) takePartial(q *partial) *partial { return s.arenas[s.cur].take(q, s.cur) }

// next is nextPartial in arena a: the layered walk, which fills one
// arena, finds it once rather than on every step (issue 14).
func (a *partialArena) next() *partial {
	if a.chunk < len(a.chunks) && a.used == len(a.chunks[a.chunk]) {
		a.chunk, a.used = a.chunk+1, 0
	}
	if a.chunk == len(a.chunks) {
		a.chunks = append(a.chunks, new([partialChunk]partial))
	}
	return &a.chunks[a.chunk][a.used]
}

// take is takePartial in arena a, the scratch's arena number arena.
func (a *partialArena) take(q *partial, arena int) *partial {
	q.self = partialRef(arena<<partialArenaBit|a.chunk<<partialChunkBits|a.used) + 1
	a.used++
	return q
}

// appendPath appends p's spaces, from the start, to buf.
func (s *scratch) appendPath(buf []tracks.SpaceID, p *partial) []tracks.SpaceID {
	n, length := len(buf), int(p.length)
	buf = slices.Grow(buf, length)[:n+length]
	i := n + length - 1
	buf[i] = p.s
	for r := p.prev; r != 0; {
		q := s.at(r)
		i--
		buf[i] = q.s
		r = q.prev
	}
	return buf
}

// appendPathAfterStart is appendPath without the path's first space, for
// the options' paths, which leave their start out: writing it and then
// moving the rest over it cost about 1 % of a race (issue 14).
func (s *scratch) appendPathAfterStart(buf []tracks.SpaceID, p *partial) []tracks.SpaceID {
	if p.length <= 1 {
		return buf
	}
	n, length := len(buf), int(p.length)
	buf = slices.Grow(buf, length-1)[:n+length-1]
	i := n + length - 2
	buf[i] = p.s
	for r := p.prev; i > n; {
		q := s.at(r)
		i--
		buf[i] = q.s
		r = q.prev
	}
	return buf
}

// keptWalk is a walk of n steps (layers and distances, with and without
// the hazards) kept for a later search by a mover with the same key. A
// walk of n steps holds every walk of fewer steps: layer k and the
// distances up to k do not depend on how far the walk goes.
type keptWalk struct {
	valid      bool
	key        walkKey
	n          int
	sawHazard  bool
	all, safe  layered
	dAll       []int
	dSafe      []int
	arena      int // the arena its steps are in
	occ, hazes [8]uint64
}

// walkKey is everything a walk and its legal ends depend on besides the
// occupied spaces and the hazards (kept apart as bit sets).
type walkKey struct {
	start, box              tracks.SpaceID
	pitting, canPit         bool
	startCorner, startStops int
	changeCap               int
}

// distanceTable is a table of n distances, all -1, that stays valid while
// other tables are taken.
func (s *scratch) distanceTable(n int) []int {
	if cap(s.ints)-len(s.ints) < n {
		// the next block: the tables handed out keep theirs
		s.ints = s.nextIntBlock(n)
	}
	d := s.ints[len(s.ints) : len(s.ints)+n : len(s.ints)+n]
	s.ints = s.ints[:len(s.ints)+n]
	if n <= len(unreached) {
		copy(d, unreached[:n]) // a block copy: far cheaper than a loop
	} else {
		for i := range d {
			d[i] = -1
		}
	}
	return d
}

// nextIntBlock is the next block of the distance tables with room for n,
// empty: a block kept from an earlier take of the scratch, or a new one
// of four tables of n (a kept block too small is passed over).
func (s *scratch) nextIntBlock(n int) []int {
	for s.intsAt < len(s.intBlocks) {
		b := s.intBlocks[s.intsAt]
		s.intsAt++
		if cap(b) >= n {
			return b[:0]
		}
	}
	b := make([]int, 0, 4*n)
	s.intBlocks = append(s.intBlocks, b)
	s.intsAt = len(s.intBlocks)
	return b
}

// unreached is a distance table of -1s that distanceTable copies from,
// never written: shared read-only by every game.
var unreached = func() *[2048]int {
	var t [2048]int
	for i := range t {
		t[i] = -1
	}
	return &t
}()

// writePath writes p's spaces out, from the start, into memory that stays
// valid while the scratch is lent.
func (s *scratch) writePath(p *partial) []tracks.SpaceID {
	if length := int(p.length); cap(s.spaces)-len(s.spaces) < length {
		s.spaces = make([]tracks.SpaceID, 0, max(2*cap(s.spaces), 16*length, 256))
	}
	n := len(s.spaces)
	s.spaces = s.appendPath(s.spaces, p)
	return s.spaces[n:len(s.spaces):len(s.spaces)]
}

// layered is the walk of layers: layer k is entries[ends[k-1]:ends[k]]
// (from 0 for k = 0).
type layered struct {
	entries []entry
	ends    []int
	// mayBeDone: the walk made a path that is done (the box reached, or
	// waiting in the pit lane); without one, endsAt does not look
	// through every layer for them (issue 14)
	mayBeDone bool
}

func (l *layered) count() int { return len(l.ends) }

func (l *layered) layer(k int) []entry {
	from := 0
	if k > 0 {
		from = l.ends[k-1]
	}
	return l.entries[from:l.ends[k]]
}

// optionLists is the memory the decisions' option lists are copied into
// (issue 14: a fresh list per decision was half of a race's allocation).
// It has two generations: each decision the game builds starts the other
// one (nextDecision), so the list of the decision before stays as it was
// while the next is built. A generation whose lists were handed out of
// the game (Pending, PendingAll, MovesIf: lend) is never written again: its
// holder keeps it, and the game takes new memory instead. The autopilot
// reads the pending decision without lending it, so a race played by
// Simulate reuses two buffers from start to flag.
type optionLists struct {
	gens [2][]Option
	// paths holds the options' paths, generation by generation as gens
	paths [2][]tracks.SpaceID
	// lent is set by readers (Pending, PendingAll), which may run at once
	// on one game (boards drawn side by side, the kept views of bot): an
	// atomic store, so marking the lists is not a data race; 1 is lent
	lent [2]uint32
	cur  int
	// decisions holds the decision decisionFor builds, generation by
	// generation as gens: the game's pending decision points into it, and
	// every reader outside the game copies it (Pending, PendingAll,
	// Autopilot). A Decision on the heap per decision was about 1 % of a
	// race's instructions (issue 14).
	decisions [2]Decision
}

// decision is the current generation's decision, to be filled in whole.
func (l *optionLists) decision() *Decision { return &l.decisions[l.cur] }

// nextDecision starts the generation the next decision's lists go into.
func (l *optionLists) nextDecision() {
	l.cur = 1 - l.cur
	if atomic.LoadUint32(&l.lent[l.cur]) == 1 {
		l.gens[l.cur], l.paths[l.cur] = nil, nil
		atomic.StoreUint32(&l.lent[l.cur], 0)
	}
	// the options left in it are overwritten by the next copies; until
	// then they only keep their strings from the collector
	l.gens[l.cur] = l.gens[l.cur][:0]
	l.paths[l.cur] = l.paths[l.cur][:0]
}

// pathSpace is an empty slice of capacity n in the current generation, for
// the paths of one option list; appending past n moves them elsewhere
// rather than over the next list's.
func (l *optionLists) pathSpace(n int) []tracks.SpaceID {
	buf := l.paths[l.cur]
	if cap(buf)-len(buf) < n {
		buf = make([]tracks.SpaceID, 0, max(2*cap(buf), n)) // as in space
	}
	l.paths[l.cur] = buf[:len(buf)+n]
	return buf[len(buf) : len(buf) : len(buf)+n]
}

// space is an empty list of capacity n in the current generation, for a
// list built by appending; appending past n moves it elsewhere rather than
// over the next list.
func (l *optionLists) space(n int) []Option {
	buf := l.gens[l.cur]
	if cap(buf)-len(buf) < n {
		// a new buffer: the lists copied into the old one keep it. A
		// generation just lent starts at the list's own size, so that a
		// game whose every list is handed out allocates no more than one
		// copy each
		buf = make([]Option, 0, max(2*cap(buf), n))
	}
	l.gens[l.cur] = buf[:len(buf)+n]
	return buf[len(buf) : len(buf) : len(buf)+n]
}

// lend marks the lists of the current generation as held outside the game.
func (l *optionLists) lend() { atomic.StoreUint32(&l.lent[l.cur], 1) }

// lendScratchTo hands the game's scratch to sub, one of its qualifying
// sessions, when sub has none: the sessions are driven one order at a
// time and never inside a search of the game's, so one scratch serves
// them all rather than one made per session (issue 14). The walk kept in
// it is another game's, so it is dropped.
func (g *Game) lendScratchTo(sub *Game) {
	if sub.scratch == nil && g.scratch != nil {
		s := g.scratch
		g.scratch = nil
		s.kept.valid = false
		sub.scratch = s
	}
}

// reclaimScratchFrom takes back from sub the scratch lendScratchTo gave
// it (or the one it made), dropping the walk sub kept in it.
func (g *Game) reclaimScratchFrom(sub *Game) {
	if g.scratch == nil && sub.scratch != nil {
		s := sub.scratch
		sub.scratch = nil
		s.kept.valid = false
		g.scratch = s
	}
}

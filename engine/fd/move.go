package fd

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// mover answers "where may this car go" for one move.
type mover struct {
	g   *Game
	car *Car
	occ spaceBits // another car stands there
	// occWords hold occ on a circuit of up to 512 spaces
	occWords [8]uint64
	// hazards is what hazard answers from, built on its first question
	hazards     spaceBits
	hazardWords [8]uint64
	track       *tracks.Circuit
	// the corner the car stood in at the start of the move, and its stops
	startCorner, startStops int
	canPit                  bool
	// sawHazard: a walk without avoidance met a dangerous space; when it
	// did not, the walk avoiding them is the same and is skipped
	sawHazard bool
	// lengthsOnly: the walk's caller reads only its ends' lengths
	// (legalLengthsKeeping), so the hazard subsets neither order their
	// ends nor write out their paths
	lengthsOnly bool
	// endsWithin: legalEndsWithin's walk lists, below the longest ends'
	// length, the ends of at least that length less within only
	endsWithin bool
	within     int
	// changeCap is the most lane changes a path may make, 0 for no cap
	// (R-STA-03, AMB-30: 2 in a super start)
	changeCap int
	// subsets: the player chooses which dangerous spaces to treat as
	// obstacles, any subset of them (FDR R7.7, §17-1); otherwise all of
	// them or none (fd2008 R-MOV-05, R-DEB-04)
	subsets bool
	// ws is the game's scratch while this mover walks (scratch.go)
	ws *scratch
}

// spaceBits is a set of spaces, one bit each.
type spaceBits []uint64

func (b spaceBits) has(s tracks.SpaceID) bool { return b[s>>6]&(1<<(s&63)) != 0 }

func (b spaceBits) add(s tracks.SpaceID) { b[s>>6] |= 1 << (s & 63) }

// scratch borrows the game's scratch for this mover's walks.
func (m *mover) scratch() *scratch {
	if m.ws == nil {
		m.ws = m.g.takeScratch()
	}
	return m.ws
}

// release gives the scratch back: the caller has copied out of the
// candidates what it keeps.
func (m *mover) release() {
	if m.ws != nil {
		m.g.putScratch(m.ws)
		m.ws = nil
	}
}

func (g *Game) newMover(t *turn) *mover {
	m := new(mover)
	g.initMover(m, t)
	return m
}

// borrowMover is newMover in a mover the game reuses, for the hot paths
// (a move's options, the autopilot's look-ahead, the end of a move): a
// fresh mover per search was a sixth of a race's allocated bytes (issue
// 14). The caller gives it back with returnMover (defer) and keeps no
// pointer to it; borrowing nests, last borrowed first returned.
func (g *Game) borrowMover(t *turn) *mover {
	if g.moversLent == len(g.movers) {
		g.movers = append(g.movers, new(mover))
	}
	m := g.movers[g.moversLent]
	g.moversLent++
	g.initMover(m, t)
	return m
}

// returnMover takes back the mover borrowed last.
func (g *Game) returnMover() {
	g.moversLent--
	*g.movers[g.moversLent] = mover{} // it holds no game or car until lent again
}

// initMover sets m up for t's move.
func (g *Game) initMover(m *mover, t *turn) {
	// m comes zeroed (new, or cleared by returnMover): only the fields
	// that are not zero are set, instead of clearing the whole mover
	// again through a literal (issue 14)
	m.g, m.car, m.track = g, t.car, g.Track
	m.startCorner, m.startStops = t.startCorner, t.startStops
	if words := (len(g.Track.Spaces) + 63) / 64; words <= len(m.occWords) {
		m.occ = m.occWords[:words]
	} else {
		m.occ = make(spaceBits, words)
	}
	// spaceShared is asked only when a module shares spaces: otherwise a
	// call per car on every walk (issue 14)
	shares := len(g.hooks.spaces) > 0
	for i := range g.Cars {
		if c := &g.Cars[i]; c.OnBoard() && c.Number != t.car.Number && !(shares && g.spaceShared(c.Space)) {
			m.occ.add(c.Space)
		}
	}
	if t.superStart {
		m.changeCap = 2 // R-STA-03, AMB-30
	}
	m.subsets = g.can().CornerStopSubsets // FDR R7.7, §7-2-3, §7-3-5, §17-1
	c := t.car
	// R-PIT-01: at the end of a lap that is not the last, within the
	// allowed number of stops, never during the start.
	m.canPit = g.Track.Pit.Usable && c.CrossedStart && c.PitStops < g.Config.MaxPitStops() && c.Laps+1 < g.Config.Laps
	if g.can().PitLane {
		if p := playModule(t); p != nil && p.PlayPitClosed() {
			m.canPit = false // FDR R16.10, R19.6: the play's state says (PlayStateModule)
		}
	}
}

func (m *mover) hazard(s tracks.SpaceID) bool {
	if m.hazards == nil {
		if len(m.occ) <= len(m.hazardWords) {
			m.hazards = m.hazardWords[:len(m.occ)]
			m.g.fillHazards(m.hazards)
		} else {
			m.hazards = m.g.hazardSet(nil)
		}
	}
	return m.hazards.has(s)
}

// hazardSet is every space a mover treats as a hazard now, written into
// buf: the debris (R-DEB-04), the circuit's dangerous spaces and, under
// FDR, an oval's wall lane (R15.6: a longer path that avoids the wall is
// legal).
func (g *Game) hazardSet(buf []uint64) spaceBits {
	n := len(buf)
	set := spaceBits(slices.Grow(buf, len(g.fixedHazardSet()))[:n+len(g.fixedHazards)])
	g.fillHazards(set[n:])
	return set[n:]
}

// fixedHazardSet is the circuit's spaces that are always hazards, worked
// out once per game.
func (g *Game) fixedHazardSet() spaceBits {
	if g.fixedHazards == nil {
		fixed := make(spaceBits, (len(g.Track.Spaces)+63)/64)
		for i := range g.Track.Spaces {
			sp := &g.Track.Spaces[i]
			if sp.Has(tracks.FlagDangerous) || (g.can().OvalWalls && g.Track.Oval && sp.Has(tracks.FlagWall)) {
				fixed.add(tracks.SpaceID(i))
			}
		}
		g.fixedHazards = fixed
	}
	return g.fixedHazards
}

// fillHazards writes hazardSet's spaces into set, of the circuit's size.
func (g *Game) fillHazards(set spaceBits) {
	copy(set, g.fixedHazardSet())
	for s, on := range g.Debris {
		if on && s >= 0 && int(s) < len(g.Track.Spaces) {
			set.add(s)
		}
	}
}

func (m *mover) ownBox() tracks.SpaceID {
	return boxOf(m.track, m.car)
}

// successors lists where one step may go from s, given the lane lock of an
// overshoot (R-OVS-04) and the pit lane's rules (R-PIT-02, R-PIT-07).
func (m *mover) successors(s tracks.SpaceID, locked, pitting bool) []tracks.SpaceID {
	return m.appendSuccessors(nil, s, locked, pitting)
}

// appendSuccessors is successors appending to buf, for the walks that
// reuse one buffer.
func (m *mover) appendSuccessors(buf []tracks.SpaceID, s tracks.SpaceID, locked, pitting bool) []tracks.SpaceID {
	box := m.ownBox()
	fromTrack := m.track.Spaces[s].Kind == tracks.KindTrack
	out := buf
	hasBox := false
	for _, st := range m.g.stepTable().from(s) {
		if m.stepAllowed(st, fromTrack, locked, pitting, box) {
			out = append(out, st.to)
			hasBox = hasBox || st.to == box
		}
	}
	// R-PIT-02: a car on its way to its box must turn into it
	if pitting && hasBox {
		return append(out[:len(buf)], box)
	}
	return out
}

// appendSteps is appendSuccessors listing the steps, with what the walk
// asks of each, instead of the spaces.
func (m *mover) appendSteps(buf []step, s tracks.SpaceID, locked, pitting bool) []step {
	box := m.ownBox()
	fromTrack := m.track.Spaces[s].Kind == tracks.KindTrack
	out := buf
	boxAt := -1
	for _, st := range m.g.stepTable().from(s) {
		if m.stepAllowed(st, fromTrack, locked, pitting, box) {
			if st.to == box {
				boxAt = len(out)
			}
			out = append(out, st)
		}
	}
	// R-PIT-02: a car on its way to its box must turn into it
	if pitting && boxAt >= 0 {
		st := out[boxAt]
		return append(out[:len(buf)], st)
	}
	return out
}

// stepAllowed: the step st, from a track space or not, may be taken with
// the lane lock of an overshoot (R-OVS-04) and the pit lane's rules: the
// pit lane only when the car may pit and is not locked in its lane
// (R-PIT-01), the car's own box only on its way to it (R-PIT-02).
func (m *mover) stepAllowed(st step, fromTrack, locked, pitting bool, box tracks.SpaceID) bool {
	switch {
	case st.flags&stepToPit != 0:
		if fromTrack && !(m.canPit && !locked) {
			return false
		}
	case st.flags&stepToBox != 0:
		if st.to != box || !pitting {
			return false
		}
	}
	return !locked || st.flags&stepSameLane != 0
}

// step is an edge of the circuit with what the walks ask of it, so that
// they need not read the spaces at both ends again (issue 14).
type step struct {
	to    tracks.SpaceID
	flags stepFlags
}

type stepFlags uint8

const (
	stepToPit       stepFlags = 1 << iota // into a pit-lane space
	stepToBox                             // into a pit box
	stepToTrack                           // onto the racing surface
	stepSameLane                          // the same kind of space at the same offset: allowed in a lane lock (R-OVS-04)
	stepChange                            // the same kind of space at another offset: a lane change
	stepIntoPit                           // from the track into the pit lane
	stepLeaveCorner                       // out of a corner zone (R-COR-04: exitOvershoots asks)
)

// steps is every playable edge of a circuit, space by space: the steps
// from s are list[first[s]:first[s+1]], in the order of Space.Next.
type steps struct {
	first []int32
	list  []step
	// bySpace[s] is list[first[s]:first[s+1]], cut once: from is read
	// on every place of every walk, and one slice read costs less than
	// two offsets and a cut with their three bounds checks (issue 14)
	bySpace [][]step
	// rooms: roomAhead's answers on the circuit (circuitShare)
	rooms circuitRooms
	// fewest[s]: the fewest steps from track space s (fewestFrom), nil
	// until asked
	fewest []atomic.Pointer[fewestRow]
	// inside[s]: how far s lies from the inside of the coming corner
	// (insideOf), worked out under insideOnce, which sets insideDone
	insideOnce sync.Once
	insideDone atomic.Bool
	inside     []float64
	// contacts[s]: where a car is a collision roll for a car ending at s
	// (contactSpaces), worked out under contactsOnce, which sets
	// contactsDone
	contactsOnce sync.Once
	contactsDone atomic.Bool
	contacts     [][]tracks.SpaceID
}

func (t *steps) from(s tracks.SpaceID) []step { return t.bySpace[s] }

// stepTable is the game's circuit's steps, worked out on the first walk
// of the first game on the circuit and shared by every game on it
// (circuitShare): a circuit does not change once built.
func (g *Game) stepTable() *steps {
	if g.steps != nil {
		return g.steps
	}
	return g.shareStepTable()
}

// shareStepTable is stepTable's first call in a game, out of line so that
// the calls after it, a few on every walk and option scored, are inlined
// (issue 14).
func (g *Game) shareStepTable() *steps {
	sh := shareOf(g.Track)
	sh.stepsOnce.Do(func() { sh.steps = buildSteps(g.Track) })
	g.steps = sh.steps
	return g.steps
}

// buildSteps lists circuit c's steps.
func buildSteps(c *tracks.Circuit) *steps {
	t := &steps{first: make([]int32, len(c.Spaces)+1), rooms: newCircuitRooms(c), fewest: make([]atomic.Pointer[fewestRow], len(c.Spaces))}
	for i := range c.Spaces {
		sp := &c.Spaces[i]
		t.first[i] = int32(len(t.list))
		for _, n := range sp.Next {
			ts := &c.Spaces[n]
			if !ts.Playable() {
				continue
			}
			var f stepFlags
			switch ts.Kind {
			case tracks.KindPit:
				f |= stepToPit
			case tracks.KindBox:
				f |= stepToBox
			case tracks.KindTrack:
				f |= stepToTrack
			}
			if ts.Kind == sp.Kind && math.Abs(ts.Offset-sp.Offset) < 1e-6 {
				f |= stepSameLane
			}
			if ts.Kind == sp.Kind && math.Abs(ts.Offset-sp.Offset) > 1e-6 {
				f |= stepChange
			}
			if sp.Kind == tracks.KindTrack && ts.Kind == tracks.KindPit {
				f |= stepIntoPit
			}
			if sp.Corner >= 0 && ts.Corner != sp.Corner {
				f |= stepLeaveCorner
			}
			t.list = append(t.list, step{to: n, flags: f})
		}
	}
	t.first[len(c.Spaces)] = int32(len(t.list))
	t.bySpace = make([][]step, len(c.Spaces))
	for i := range t.bySpace {
		t.bySpace[i] = t.list[t.first[i]:t.first[i+1]:t.first[i+1]]
	}
	return t
}

// leavesUnmade is exitOvershoots for a step known to leave the corner of
// its first space a.
func (m *mover) leavesUnmade(a tracks.SpaceID) bool {
	ca := m.track.Spaces[a].Corner
	return !(ca == m.startCorner && m.startStops >= m.track.Corners[ca].Stops)
}

// exitOvershoots reports whether stepping from a to b leaves a corner
// whose stops are not made (R-COR-04).
func (m *mover) exitOvershoots(a, b tracks.SpaceID) bool {
	ca := m.track.Spaces[a].Corner
	if ca < 0 || m.track.Spaces[b].Corner == ca {
		return false
	}
	if ca == m.startCorner && m.startStops >= m.track.Corners[ca].Stops {
		return false
	}
	return true
}

type node struct {
	s      tracks.SpaceID
	locked bool
	done   bool // reached the box, or waiting in the pit lane
}

// index numbers the nodes densely: four per space.
func (nd node) index() int {
	i := int(nd.s) * 4
	if nd.locked {
		i += 2
	}
	if nd.done {
		i++
	}
	return i
}

// entry is a node of a layer with the best path found to it.
type entry struct {
	nd node
	p  *partial
}

// partial is a path from the start, kept as a chain of steps: the paths
// of one walk share their beginnings. It holds no pointer (the steps
// before it are named by reference into the scratch's arenas), so the
// arenas of steps are memory the garbage collector never scans.
type partial struct {
	s                 tracks.SpaceID // the last space of the path
	prev              partialRef     // the path one step shorter; 0 at the start
	self              partialRef     // this step, once copied into an arena (newPartial)
	length            int32          // spaces in the path, the start included
	hazards, changes  int16          // a path is a few dozen spaces at most
	walls             int16          // wall-lane entries (FDR R15.2), in legalEndsSubsets
	locked, done, pit bool
	// 32 bytes (56 with int counts): the walks write a step for every
	// edge they follow (issue 14)
}

// better: path a is preferred to path b (fewest dangerous spaces, then
// fewest lane changes, then by spaces).
func (s *scratch) better(a, b *partial) bool {
	if a.hazards != b.hazards {
		return a.hazards < b.hazards
	}
	if a.changes != b.changes {
		return a.changes < b.changes
	}
	return s.comparePaths(a, b) < 0
}

// comparePaths is slices.Compare of the two paths written out. Paths of
// one length are compared by walking both chains back to where they
// share their beginning, the first difference from the start deciding.
func (s *scratch) comparePaths(a, b *partial) int {
	if a.length != b.length {
		var ba, bb [64]tracks.SpaceID
		return slices.Compare(s.appendPath(ba[:0], a), s.appendPath(bb[:0], b))
	}
	c := 0
	if a.s != b.s {
		c = cmpSpace(a.s, b.s)
	}
	// of one length, the two chains reach the start together
	for ra, rb := a.prev, b.prev; ra != rb; {
		pa, pb := s.at(ra), s.at(rb)
		if pa.s != pb.s {
			c = cmpSpace(pa.s, pb.s)
		}
		ra, rb = pa.prev, pb.prev
	}
	return c
}

func cmpSpace(a, b tracks.SpaceID) int {
	if a < b {
		return -1
	}
	return 1
}

// layers walks every path of up to n steps from start, keeping the best
// path (fewest dangerous spaces, then fewest lane changes) to each space at
// each length, into out. avoidHazards removes dangerous spaces from the
// graph.
func (m *mover) layers(out *layered, start tracks.SpaceID, n int, pitting, avoidHazards bool) {
	ws := m.scratch()
	out.entries = append(out.entries[:0], entry{node{s: start}, ws.newPartial(&partial{s: start, length: 1, pit: pitting})})
	out.ends = append(out.ends[:0], 1)
	out.mayBeDone = false
	box := m.ownBox()
	table := m.g.stepTable()
	m.hazard(start) // the hazards as they lie now, read inline below
	hazards := m.hazards
	// slot[node] is 1 + the node's index in the layer being built, 0 when
	// absent: a layer keeps one path per node, the better one. It is all
	// zeros again after each layer.
	slot := ws.slot
	// the arena the walk fills, found once (ws.nextPartial and
	// ws.takePartial find it on every call)
	cur := ws.cur
	arena := &ws.arenas[cur]
	for k := 1; k <= n; k++ {
		from, to := 0, out.ends[k-1] // layer k-1
		if k >= 2 {
			from = out.ends[k-2]
		}
		first := len(out.entries)
		// keep keeps q, built in the arena's next free step
		// (nextPartial), for nd when it is better than the path kept for
		// nd so far; a step not kept is written over by the next
		keep := func(nd node, q *partial) {
			i := nd.index()
			if j := slot[i]; j > 0 {
				if e := &out.entries[first+int(j)-1]; ws.better(q, e.p) {
					e.p = arena.take(q, cur)
				}
				return
			}
			out.entries = append(out.entries, entry{nd, arena.take(q, cur)})
			slot[i] = int32(len(out.entries) - first)
		}
		for i := from; i < to; i++ {
			nd, p := out.entries[i].nd, out.entries[i].p
			if p.done {
				q := arena.next()
				*q = *p
				keep(nd, q)
				continue
			}
			inPit := m.track.Spaces[nd.s].Kind != tracks.KindTrack
			// the steps from nd.s: filtered in place, except on the way to
			// the box, where R-PIT-02 may leave only the box (appendSteps)
			from := table.from(nd.s)
			if p.pit {
				ws.steps = m.appendSteps(ws.steps[:0], nd.s, nd.locked, p.pit)
				from = ws.steps
			}
			for _, st := range from {
				if !p.pit && !m.stepAllowed(st, !inPit, nd.locked, false, box) {
					continue
				}
				t := st.to
				if m.occ.has(t) {
					if inPit && st.flags&stepToTrack == 0 {
						// R-PIT-07: wait behind, at no cost
						w := arena.next()
						*w = *p
						w.done = true
						out.mayBeDone = true
						keep(node{s: nd.s, locked: nd.locked, done: true}, w)
					}
					continue
				}
				hazard := hazards.has(t)
				if avoidHazards && hazard {
					continue
				}
				// every field written one by one: a literal assigned
				// through the pointer is built aside and copied
				q := arena.next()
				q.s, q.prev, q.self, q.length = t, p.self, 0, p.length+1
				q.hazards, q.changes, q.walls = p.hazards, p.changes, 0
				q.locked, q.done, q.pit = nd.locked, false, p.pit
				if hazard {
					q.hazards++
					m.sawHazard = true
				}
				if st.flags&stepChange != 0 {
					q.changes++
					if m.changeCap > 0 && int(q.changes) > m.changeCap {
						continue // R-STA-03: too many lane changes
					}
				}
				if st.flags&stepIntoPit != 0 {
					q.pit = true
				}
				if st.flags&stepLeaveCorner != 0 && m.leavesUnmade(nd.s) { // exitOvershoots
					q.locked = true
				}
				if t == box && q.pit {
					q.done = true // R-PIT-02: the surplus is lost
					out.mayBeDone = true
				}
				// keep, written out: the walk's most frequent call
				qn := node{s: t, locked: q.locked, done: q.done}
				at := qn.index()
				if j := slot[at]; j > 0 {
					if e := &out.entries[first+int(j)-1]; ws.better(q, e.p) {
						e.p = arena.take(q, cur)
					}
					continue
				}
				out.entries = append(out.entries, entry{qn, arena.take(q, cur)})
				slot[at] = int32(len(out.entries) - first)
			}
		}
		for _, e := range out.entries[first:] {
			slot[e.nd.index()] = 0
		}
		out.ends = append(out.ends, len(out.entries))
		if len(out.entries) == first {
			break
		}
	}
}

// distances is a breadth-first search of the fewest steps to each space
// (-1: not reached within limit) with the cars and, when asked, the
// dangerous spaces removed (R-MOV-05); a dangerous space it passes by is
// noted in sawHazard. It reads the hazards inline rather than through a
// question per step (issue 14: the move's walk runs it once or twice per
// move).
func (m *mover) distances(start tracks.SpaceID, limit int, pitting, avoidHazards bool) []int {
	ws := m.scratch()
	m.hazard(start) // the hazards as they lie now, read inline below
	hazards := m.hazards
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
			if m.occ.has(t) {
				continue
			}
			if hazards.has(t) {
				if avoidHazards {
					continue
				}
				m.sawHazard = true
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

// appendNext is appendSuccessors for the distance searches, which know no
// lane lock and count a car in the pit lane as on its way to its box:
// from a track space off that way it reads the circuit's step table
// without the rest of appendSuccessors' questions.
func (m *mover) appendNext(buf []tracks.SpaceID, s tracks.SpaceID, pitting bool) []tracks.SpaceID {
	if pitting || m.track.Spaces[s].Kind != tracks.KindTrack {
		return m.appendSuccessors(buf, s, false, true)
	}
	for _, st := range m.g.stepTable().from(s) {
		if st.flags&stepToBox == 0 && (st.flags&stepToPit == 0 || m.canPit) { // stepAllowed from the track, unlocked, not pitting
			buf = append(buf, st.to)
		}
	}
	return buf
}

// fewestRowFor is the circuit's fewest steps from start (fewestFrom) when
// they may stand in for the searches of a walk of n from it (distances',
// placesLengths'): the walk cannot reach the pit lane or leave the track
// and, under the competition rules' hazard subsets, meets no hazard
// (legalEndsSubsets reads the whole search); else nil.
func (m *mover) fewestRowFor(start tracks.SpaceID, n int, pitting bool) *fewestRow {
	row := m.fewestRowOnTrack(start, n, pitting)
	if row != nil && m.subsets {
		m.hazard(start) // the hazards as they lie now
		if m.hazardWithin(row, n) {
			return nil
		}
	}
	return row
}

// fewestRowOnTrack is fewestRowFor without the hazard subsets' question:
// the circuit's fewest steps from start when a walk of n from it cannot
// reach the pit lane or leave the track; else nil.
func (m *mover) fewestRowOnTrack(start tracks.SpaceID, n int, pitting bool) *fewestRow {
	if pitting || n >= fewestReach || m.track.Spaces[start].Kind != tracks.KindTrack {
		return nil
	}
	row := m.g.stepTable().fewestFrom(m.track, start)
	if row.otherAt <= n || (m.canPit && row.pitAt <= n) {
		return nil
	}
	return row
}

// layerDistances is distances' table for the spaces of the walk l, read
// from the layers and the circuit's fewest steps (row): a space first met
// in layer k that row puts k steps away is k steps away at the fewest,
// since the cars, the hazards and the lane lock only add steps. endsAt
// asks the table about the layers' spaces only. It is nil when row is, or
// when a space of the layers lies nearer on the empty circuit than where
// the layers first meet it: only distances' search can then say whether
// traffic or the lane lock made it that far.
func (m *mover) layerDistances(l *layered, row *fewestRow, n int) []int {
	if row == nil {
		return nil
	}
	dist := m.scratch().distanceTable(len(m.track.Spaces))
	for k := range min(l.count(), n+1) {
		for _, e := range l.layer(k) {
			if s := e.nd.s; dist[s] < 0 {
				if int(row.steps[s]) != k {
					return nil
				}
				dist[s] = k
			}
		}
	}
	return dist
}

// candidate is a legal end of a segment of a given length.
type candidate struct {
	steps int
	p     *partial
	// path is the whole path, from the start inclusive, when written out
	// (legalEnds); nil when only p's chain holds it
	path []tracks.SpaceID
}

// legalEnds lists, for each length up to n, the ends reachable by a legal
// path: a shortest path with cars removed, or a shortest path with cars and
// every dangerous space removed (R-MOV-05, R-DEB-04). Each candidate's
// path is written out.
func (m *mover) legalEnds(start tracks.SpaceID, n int, pitting bool) []candidate {
	// never from a kept walk: its steps must not hold paths written in
	// this lending's memory
	ends, written := m.walkEnds(start, n, pitting, false, false)
	if !written {
		ws := m.scratch()
		for i := range ends {
			if ends[i].path == nil {
				ends[i].path = ws.writePath(ends[i].p)
			}
		}
	}
	return ends
}

// legalEndsUnwritten is legalEnds leaving the paths unwritten (written is
// false) for a caller that needs few of them: a candidate's path ends at
// e.p.s and has e.p.length spaces, the start included.
func (m *mover) legalEndsUnwritten(start tracks.SpaceID, n int, pitting bool) (ends []candidate, written bool) {
	return m.walkEnds(start, n, pitting, true, false)
}

// legalEndsKeeping is legalEndsUnwritten keeping its walk for the next
// search: the move that follows the autopilot's look-ahead walks from the
// same space with the same cars and hazards, never farther.
func (m *mover) legalEndsKeeping(start tracks.SpaceID, n int, pitting bool) (ends []candidate, written bool) {
	return m.walkEnds(start, n, pitting, true, true)
}

// walkEnds walks and gathers the legal ends, reading the kept walk when
// asked and it fits, keeping its own walk when asked.
func (m *mover) walkEnds(start tracks.SpaceID, n int, pitting, readKept, keep bool) (ends []candidate, written bool) {
	w, subsetEnds, bySubsets := m.walk(start, n, pitting, readKept, keep)
	if bySubsets {
		return subsetEnds, true
	}
	return m.collectEnds(n, &w, math.MaxInt), false
}

// subsetEndsAll makes the hazard subsets list every end for
// legalEndsWithin, as they did before they left out those shorter than
// its room (a variable: the tests list the options both ways).
var subsetEndsAll = false

// legalEndsWithin is legalEnds listing, below the longest ends' length
// lmax, only the ends of at least lmax − within steps (within ≥ 0): the
// main move's options read no shorter end when its brakes allow no more
// (appendMoveOptionsAt). The hazard subsets' own listing leaves them out
// too, before it sorts and writes its ends (endsWithin).
func (m *mover) legalEndsWithin(start tracks.SpaceID, n int, pitting bool, within int) []candidate {
	m.endsWithin, m.within = within != math.MaxInt && !subsetEndsAll, within
	w, subsetEnds, bySubsets := m.walk(start, n, pitting, false, false)
	m.endsWithin = false
	if bySubsets {
		return subsetEnds
	}
	ends := m.collectEnds(n, &w, within)
	ws := m.scratch()
	for i := range ends {
		if ends[i].path == nil {
			ends[i].path = ws.writePath(ends[i].p)
		}
	}
	return ends
}

// walked is a walk's layers and distances, with and without the hazards
// (safe is nil when the walk met none).
type walked struct {
	all, safe   *layered
	dAll, dSafe []int
}

// walk walks from start, or reads the kept walk when asked and it fits,
// keeping its own walk when asked. Under the competition rules' choice of
// hazards it may instead list the ends itself (bySubsets).
func (m *mover) walk(start tracks.SpaceID, n int, pitting, readKept, keep bool) (w walked, subsetEnds []candidate, bySubsets bool) {
	ws := m.scratch()
	key, keyable := m.walkKey(start, pitting)
	if k := &ws.kept; readKept && keyable && k.valid && k.key == key && n <= k.n && m.sameBits(k) {
		w = walked{all: &k.all, dAll: k.dAll}
		if k.sawHazard {
			w.safe, w.dSafe = &k.safe, k.dSafe
		}
		return w, nil, false
	}
	m.sawHazard = false
	all := &ws.all
	row := m.fewestRowFor(start, n, pitting)
	var dAll []int
	triedSubsets := false
	if m.subsets && row == nil {
		// the search below runs whatever the layers find (layerDistances
		// is nil without a row), and the layers meet no hazard it does not
		// (its steps are theirs without the lane lock): run it first, and
		// when it meets a hazard the subsets list the ends without the
		// layers, which they never read (issue 14: a walk in reach of a
		// hazard is FDR's longest)
		dAll = m.distances(start, n, pitting, false)
		if m.sawHazard {
			triedSubsets = true
			if out, ok := m.legalEndsSubsets(start, n, pitting, dAll); ok {
				return walked{}, out, true
			}
		}
	}
	m.layers(all, start, n, pitting, false)
	if dAll == nil {
		dAll = m.layerDistances(all, row, n)
		if dAll == nil || (!m.sawHazard && m.hazardWithin(row, n)) {
			// the search says what the layers and the circuit cannot: the
			// fewest steps past traffic, or whether a hazard lies in reach
			// of a lane change the lane lock kept the layers from
			dAll = m.distances(start, n, pitting, false)
		}
	}
	if m.subsets && m.sawHazard && !triedSubsets {
		if out, ok := m.legalEndsSubsets(start, n, pitting, dAll); ok {
			return walked{}, out, true
		}
	}
	// without a dangerous space in reach, avoiding them changes nothing
	var safe *layered
	var dSafe []int
	if m.sawHazard {
		safe = &ws.safe
		m.layers(safe, start, n, pitting, true)
		if dSafe = m.layerDistances(safe, row, n); dSafe == nil {
			dSafe = m.distances(start, n, pitting, true)
		}
	}
	if keep && keyable {
		k := &ws.kept
		k.valid, k.key, k.n, k.sawHazard, k.arena = true, key, n, m.sawHazard, ws.cur
		copy(k.occ[:], m.occ)
		copy(k.hazes[:], m.hazards)
		k.dAll = append(k.dAll[:0], dAll...)
		k.dSafe = append(k.dSafe[:0], dSafe...)
		// the walk's buffers become the kept walk's, and its old ones
		// the next walk's
		ws.all, k.all = k.all, ws.all
		ws.safe, k.safe = k.safe, ws.safe
		all, dAll = &k.all, k.dAll
		if safe != nil {
			safe, dSafe = &k.safe, k.dSafe
		}
	}
	return walked{all: all, dAll: dAll, safe: safe, dSafe: dSafe}, nil, false
}

// legalLengthsKeeping marks in has[k] whether some legal end lies k steps
// away, for every k up to n below len(has): the lengths of the candidates
// legalEndsKeeping would list, without listing, ordering or writing them.
// It keeps its walk for the move that follows, as legalEndsKeeping does.
func (m *mover) legalLengthsKeeping(start tracks.SpaceID, n int, pitting bool, has []bool) {
	m.lengthsOnly = true
	w, subsetEnds, bySubsets := m.walk(start, n, pitting, true, true)
	m.lengthsOnly = false
	if bySubsets {
		for _, e := range subsetEnds {
			if e.steps < len(has) {
				has[e.steps] = true
			}
		}
		return
	}
	for k := range min(n+1, len(has)) {
		for range w.endsAt(k, n) {
			has[k] = true
			break // one end says the length is legal
		}
	}
}

// endsAt yields the walk's legal ends of k steps, for a move of n: in layer
// k, an entry that is a shortest path in its graph (dist), and at k = n
// every entry that reached the box or waits in the pit lane, from
// whichever layer (it uses the whole move). It yields the walk without
// the hazards, then the one avoiding them; an end may come from both.
// This is the one statement of which entries are legal ends, for
// collectEnds and legalLengthsKeeping (R-MOV-05, R-DEB-04, R-PIT-02,
// R-PIT-07).
func (w *walked) endsAt(k, n int) iter.Seq[entry] {
	return func(yield func(entry) bool) {
		// the two walks picked by index: a range over an array of the two
		// built and copied the array on every call (issue 14)
		for half := range 2 {
			l, dist := w.all, w.dAll
			if half == 1 {
				l, dist = w.safe, w.dSafe
			}
			// a kept walk may go farther than n: its layers past n are
			// not this walk's
			if l == nil || k >= min(l.count(), n+1) {
				continue
			}
			for _, e := range l.layer(k) {
				if !e.p.done && dist[e.nd.s] == k && !yield(e) {
					return
				}
			}
			if k == n && l.mayBeDone {
				for j := range min(l.count(), n+1) {
					for _, e := range l.layer(j) {
						if e.p.done && !yield(e) {
							return
						}
					}
				}
			}
		}
	}
}

// walkKey is the key of this mover's walk from start; keyable is false
// when the walk cannot be kept (the competition rules' choice of hazards,
// a circuit too large for the bit sets).
func (m *mover) walkKey(start tracks.SpaceID, pitting bool) (walkKey, bool) {
	if m.subsets || len(m.occ) > len(m.occWords) {
		return walkKey{}, false
	}
	m.hazard(start) // the hazards as they lie now
	return walkKey{start: start, box: m.ownBox(), pitting: pitting, canPit: m.canPit,
		startCorner: m.startCorner, startStops: m.startStops, changeCap: m.changeCap}, true
}

// sameBits: the kept walk saw the same occupied spaces and hazards.
func (m *mover) sameBits(k *keptWalk) bool {
	for i := range m.occ {
		if m.occ[i] != k.occ[i] || m.hazards[i] != k.hazes[i] {
			return false
		}
	}
	return true
}

// collectEnds keeps, for each (steps, end), the best path of the walk's
// legal ends (endsAt). The candidates
// come longest first, then from the lowest offset, then by space. Two
// paths are never equal under better unless they are the same path, so
// the order the walks are read in does not matter. Below the longest
// ends' length lmax it lists the lengths down to lmax − within only
// (math.MaxInt: every length).
func (m *mover) collectEnds(n int, w *walked, within int) []candidate {
	ws := m.scratch()
	at, stamp := ws.foundAt, ws.foundStamp
	first := len(ws.cands)
	lmax := -1
	for k := n; k >= 0; k-- {
		if lmax >= 0 && lmax-k > within {
			break
		}
		ws.stamp++
		group := len(ws.cands)
		// keep, for each end space, the best path to it
		for e := range w.endsAt(k, n) {
			s, p := e.nd.s, e.p
			if stamp[s] == ws.stamp {
				if c := &ws.cands[group+int(at[s])]; ws.better(p, c.p) {
					c.p = p
				}
				continue
			}
			stamp[s], at[s] = ws.stamp, int32(len(ws.cands)-group)
			ws.cands = append(ws.cands, candidate{steps: k, p: p})
		}
		sortByOffset(ws.cands[group:], m.track.Spaces)
		if lmax < 0 && len(ws.cands) > group {
			lmax = k
		}
	}
	return ws.cands[first:len(ws.cands):len(ws.cands)]
}

// sortByOffset sorts the candidates of one length, each at its own space,
// from the lowest offset, then by space: a total order, so any sort gives
// the same list. A length has a handful of ends: an insertion sort reading
// the offsets in place does it for a fraction of a generic sort's
// comparisons through a function value (issue 14).
func sortByOffset(c []candidate, spaces []tracks.Space) {
	before := func(a, b *candidate) bool {
		if oa, ob := spaces[a.p.s].Offset, spaces[b.p.s].Offset; oa != ob {
			return oa < ob
		}
		return a.p.s < b.p.s
	}
	if len(c) > 16 {
		slices.SortFunc(c, func(a, b candidate) int {
			switch {
			case before(&a, &b):
				return -1
			case before(&b, &a):
				return 1
			}
			return 0
		})
		return
	}
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && before(&c[j], &c[j-1]); j-- {
			c[j].swap(&c[j-1])
		}
	}
}

// swap exchanges the candidates a and b field by field: a candidate (40
// bytes, pointers in it) copied whole goes through typedmemmove, a bulk
// write barrier each time while the collector marks, where the fields
// take the compiler's inline barriers (issue 14).
func (a *candidate) swap(b *candidate) {
	a.steps, b.steps = b.steps, a.steps
	a.p, b.p = b.p, a.p
	a.path, b.path = b.path, a.path
}

// blockCost is T-04 with AMB-15's payment: brakes first (at most 3), the
// shortfall in tyres (at most 3). ok is false when the car is eliminated.
func blockCost(r int, w Wear, strict bool) (cost Wear, ok bool) {
	if r <= 0 {
		return cost, true
	}
	if r >= 7 {
		return cost, false
	}
	table := [7][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}, {3, 3}}
	wantB, wantT := table[r][0], table[r][1]
	if strict {
		if w[Brakes] < wantB || w[Tyres] < wantT {
			return cost, false
		}
		cost[Brakes], cost[Tyres] = wantB, wantT
		return cost, true
	}
	b := min(wantB, w[Brakes])
	t := wantT + (wantB - b)
	if t > 3 || t > w[Tyres] {
		return cost, false
	}
	cost[Brakes], cost[Tyres] = b, t
	return cost, true
}

// moveOptions lists the legal ends of the base move with their costs. With
// the tyre rules, a move that touches a corner must also slide (O-TYR-08),
// and soft tyres may add one space (O-TYR-04); in qualifying no brake point
// can be spent (AMB-23).
func (g *Game) moveOptions(t *turn) []Option {
	var opts []Option
	if s := g.slide(t.car); s > 0 {
		for _, op := range g.moveOptionsFor(t, t.distance) {
			if !g.touchesCorner(op.Path) {
				opts = append(opts, op)
			}
		}
		for _, op := range g.moveOptionsFor(t, t.distance+s) {
			if g.touchesCorner(op.Path) {
				op.Slide = s
				opts = append(opts, op)
			}
		}
	} else {
		opts = g.moveOptionsFor(t, t.distance)
	}
	if g.softBonus(t.car) {
		seen := map[tracks.SpaceID]bool{}
		for _, op := range opts {
			seen[op.End] = true
		}
		for _, op := range g.moveOptionsFor(t, t.distance+1) {
			if op.Braked == 0 && op.Blocked == 0 && !seen[op.End] {
				op.Bonus = true
				opts = append(opts, op)
			}
		}
	}
	if m := g.module; m != nil {
		opts = m.MoveOptions(Turn{g, t}, opts) // street U-NIT-01, U-DRV-02
	}
	if g.qualifying {
		kept := opts[:0]
		for _, op := range opts {
			if op.Braked == 0 {
				kept = append(kept, op)
			}
		}
		if len(kept) > 0 {
			opts = kept
		}
	}
	// stable: the order among equal lengths is moveOptionsFor's
	// (usually sorted already: the ends come longest first, and a stable
	// sort of a sorted list moves nothing)
	// the check reads the lengths in place: IsSortedFunc's comparison
	// takes two whole options by value, copied for every pair (issue 14)
	for i := 1; i < len(opts); i++ {
		if len(opts[i].Path) > len(opts[i-1].Path) {
			slices.SortStableFunc(opts, func(a, b Option) int { return len(b.Path) - len(a.Path) })
			break
		}
	}
	for i := range opts {
		opts[i].Letter = letter(i)
	}
	return opts
}

// touchesCorner is O-TYR-08: a space of the path (not the start) lies in a
// corner zone.
func (g *Game) touchesCorner(path []tracks.SpaceID) bool {
	for _, s := range path {
		if g.Track.Spaces[s].Corner >= 0 {
			return true
		}
	}
	return false
}

func (g *Game) moveOptionsFor(t *turn, distance int) []Option {
	m := g.borrowMover(t)
	defer g.returnMover()
	c := t.car
	start := c.Space
	ends, _ := m.legalEndsUnwritten(start, distance, c.Pitting)
	// the ends are read where they lie (a candidate is 40 bytes, and the
	// passes below copied each one three times: issue 14)
	lmax := 0
	// staying put is always an end (AMB-14: braking to 0); the ends of
	// legalEnds are distinct already
	stayListed := false
	for i := range ends {
		e := &ends[i]
		lmax = max(lmax, e.steps)
		if e.steps == 0 && e.p.s == start {
			stayListed = true
		}
	}
	blocked := distance - lmax
	blockWear, payable := blockCost(blocked, c.Wear, g.Config.StrictBlockTable)
	stay := candidate{steps: 0, p: &partial{s: start, length: 1}, path: []tracks.SpaceID{start}}
	endAt := func(i int) *candidate {
		if i < len(ends) {
			return &ends[i]
		}
		if stayListed {
			return nil
		}
		return &stay
	}
	// most ends cost more brakes than the car has (R-BRK-01): count the
	// options and their spaces first, so that they are built where they
	// are kept, in the decision's option memory, instead of in the
	// scratch's list cleared and copied out after each list (issue 14)
	kept, spaces := 0, 0
	for i := 0; i <= len(ends); i++ {
		e := endAt(i)
		if e == nil {
			break
		}
		if g.overBrakes(e, lmax, blockWear[Brakes], c.Wear[Brakes]) {
			continue
		}
		kept++
		spaces += int(e.p.length) - 1
	}
	if kept == 0 {
		m.release()
		return nil // as before: nil when no end is left
	}
	opts := g.optionLists.space(kept)
	// the options' paths share one array, each capped at its length
	paths := g.optionLists.pathSpace(spaces)
	ws := m.scratch()
	for i := 0; i <= len(ends); i++ {
		e := endAt(i)
		if e == nil {
			break
		}
		if g.overBrakes(e, lmax, blockWear[Brakes], c.Wear[Brakes]) {
			continue
		}
		braked := endBraked(e, lmax)
		// R-PIT-08: braking and blocking are free for a move that stops in
		// the pit lane; one that leaves it and stops on the track pays
		inPit := g.pitSpace(e.p.s)
		var cost Wear
		if !inPit {
			cost = blockWear
			cost[Brakes] += braked
		}
		// the memory holds an older decision's option: cleared, then filled
		// in where it lies (an option is 528 bytes)
		opts = opts[:len(opts)+1]
		op := &opts[len(opts)-1]
		*op = Option{}
		op.Letter = letter(len(opts) - 1)
		op.End, op.Dangerous, op.Pit = e.p.s, int(e.p.hazards), e.p.pit
		op.Braked, op.Blocked, op.Cost = braked, blocked, cost
		// the path without its start
		from := len(paths)
		if e.path != nil {
			paths = append(paths, e.path[1:]...)
		} else {
			paths = ws.appendPathAfterStart(paths, e.p)
		}
		op.Path = paths[from:len(paths):len(paths)]
		if !payable && !inPit {
			op.Eliminated, op.Cause = true, fmt.Sprintf("blocked %d spaces short with too few brake and tyre points (R-BLK-03)", blocked)
			op.Why = because("why.blocked-no-points", "", blocked)
		}
		// a path is locked in its lane from the step that leaves a corner
		// unmade (the walk's exitOvershoots): an unlocked one overshoots
		// nowhere, and from the move's start nothing is left to judge
		if len(t.path) > 0 || e.p.locked {
			g.judgeOvershoot(m, t, t.path, op.Path, op)
		}
	}
	m.release()
	return opts
}

// endBraked is the spaces an end of a move of lmax legal spaces gives up
// by choice: none for a path that is done (R-BRK-01).
func endBraked(e *candidate, lmax int) int {
	if e.p.done {
		return 0
	}
	return lmax - e.steps
}

// overBrakes is R-BRK-01: the end costs more brake points, with the
// block's, than the car has left; asked before the pit question, which
// only spares an end that stops in the pit lane (R-PIT-08).
func (g *Game) overBrakes(e *candidate, lmax, blockBrakes, brakesLeft int) bool {
	braked := endBraked(e, lmax)
	return braked > 0 && blockBrakes+braked > brakesLeft && !g.pitSpace(e.p.s)
}

// judgeOvershoot fills in the overshoot consequences of a whole move, the
// turn's path so far (prior) then the option's (R-OVS-01..07, R-OVS-09).
// It reads the two paths where they lie rather than joined, and asks the
// tyres' factor only of a move that overshoots (issue 14: it runs for
// every option of every move).
func (g *Game) judgeOvershoot(m *mover, t *turn, prior, path []tracks.SpaceID, op *Option) {
	tyres := t.car.Wear[Tyres] - op.Cost[Tyres]
	factor, known := 0, false // asked at the first overshoot
	var buf [4]overshoot
	for _, o := range g.appendOvershootsAlong(buf[:0], m, t.start, prior, path) {
		op.Overshoot += o.spaces
		if op.Eliminated {
			continue
		}
		if !known {
			factor, known = g.overshootFactor(t.car), true
		}
		corner := g.Track.Corners[o.corner]
		loss := o.spaces * factor // T-10b
		switch {
		case g.qualifying:
			if corner.Stops >= 2 && o.stops == 0 {
				op.Eliminated, op.Cause = true, "ends the qualifying attempt: no stop in "+corner.Name+" (O-QUA-05)"
				op.Why = because("why.quali-no-stop", corner.Name)
			}
		case (corner.Stops == 2 && o.stops == 0) || (corner.Stops == 3 && o.stops <= 1):
			op.Eliminated, op.Cause = true, "left "+corner.Name+" with "+strconv.Itoa(o.stops)+" of "+strconv.Itoa(corner.Stops)+" stops (R-OVS-02)"
			op.Why = because("why.left-stops", corner.Name, o.stops, corner.Stops)
		case t.car.SpinTurn && o.spaces > 1:
			op.Eliminated, op.Cause = true, "overshot "+corner.Name+" by "+strconv.Itoa(o.spaces)+" in the turn after a spin (R-OVS-07)"
			op.Why = because("why.overshoot-after-spin", corner.Name, o.spaces)
		case t.car.SpinTurn:
			op.Spin = true
		case loss > tyres:
			op.Eliminated, op.Cause = true, "overshot "+corner.Name+" by "+strconv.Itoa(o.spaces)+" ("+strconv.Itoa(loss)+" tyre points) with "+strconv.Itoa(tyres)+" tyre points (R-OVS-03)"
			op.Why = because("why.overshoot-tyres", corner.Name, o.spaces, loss, tyres)
		case loss == tyres:
			op.Cost[Tyres] += loss
			tyres = 0
			op.Spin = true
		default:
			op.Cost[Tyres] += loss
			tyres -= loss
		}
	}
}

type overshoot struct {
	corner, stops, spaces int
}

// overshoots finds every corner the path leaves without its stops, with the
// spaces travelled beyond its exit (R-OVS-01, R-OVS-09).
func (g *Game) overshoots(m *mover, start tracks.SpaceID, path []tracks.SpaceID) []overshoot {
	return g.appendOvershoots(nil, m, start, path)
}

// appendOvershoots is overshoots appending to out.
func (g *Game) appendOvershoots(out []overshoot, m *mover, start tracks.SpaceID, path []tracks.SpaceID) []overshoot {
	return g.appendOvershootsFrom(out, m, start, path, len(path))
}

// appendOvershootsAlong is appendOvershoots of prior then path, without
// joining them.
func (g *Game) appendOvershootsAlong(out []overshoot, m *mover, start tracks.SpaceID, prior, path []tracks.SpaceID) []overshoot {
	out = g.appendOvershootsFrom(out, m, start, prior, len(prior)+len(path))
	if len(prior) > 0 {
		start = prior[len(prior)-1]
	}
	return g.appendOvershootsFrom(out, m, start, path, len(path))
}

// appendOvershootsFrom is appendOvershoots of path from prev, the move
// going on for left spaces from path's first. It reads each space's
// corner once (exitOvershoots read both ends of every step).
func (g *Game) appendOvershootsFrom(out []overshoot, m *mover, prev tracks.SpaceID, path []tracks.SpaceID, left int) []overshoot {
	spaces := g.Track.Spaces
	corner := spaces[prev].Corner
	for i, s := range path {
		next := spaces[s].Corner
		if corner >= 0 && next != corner && m.leavesUnmade(prev) { // exitOvershoots
			stops := 0
			if corner == m.startCorner {
				stops = m.startStops
			}
			out = append(out, overshoot{corner: corner, stops: stops, spaces: left - i})
		}
		prev, corner = s, next
	}
	return out
}

// moveSegment moves the car along a chosen base or slipstream segment and
// rolls for the dangerous spaces it entered (R-DEB-03, R-DEB-06).
func (g *Game) moveSegment(op Option, src dice.Source, slip bool) error {
	t := g.turn
	c := t.car
	if !slip {
		t.braked = op.Braked > 0 || op.Blocked > 0
		if !g.pitSpace(op.End) { // R-PIT-08: judged where the move stops
			// blocking (T-04, AMB-15) and braking (R-BRK-01) are paid now;
			// overshoot tyres at the end of the whole move
			cost, ok := blockCost(op.Blocked, c.Wear, g.Config.StrictBlockTable)
			if !ok {
				g.emit(MoveEvent{Car: c.Number, Path: g.names(op.Path), Braked: op.Braked, Blocked: op.Blocked}.lineIn(g.lines()))
				if len(op.Path) > 0 {
					// R-BLK-02: the blocked car moves as far as it can, and
					// R-DEB-01 puts its debris where that move ends
					c.Space = op.Path[len(op.Path)-1]
				}
				g.eliminate(c, op.Cause)
				if err := g.owedRolls(src); err != nil { // §2.19
					return err
				}
				g.endTurn()
				return nil
			}
			cost[Brakes] += op.Braked
			for cat := Category(0); cat < NumCategories; cat++ {
				if cost[cat] > 0 && !g.lose(c, cat, cost[cat], g.brakeCause(op)) {
					g.endTurn()
					return nil
				}
			}
		}
	}
	if slip {
		g.emit(SlipstreamEvent{Car: c.Number, Path: g.names(op.Path), Braked: op.Braked, Blocked: op.Blocked}.lineIn(g.lines()))
	} else {
		g.emit(MoveEvent{Car: c.Number, Path: g.names(op.Path), Braked: op.Braked, Blocked: op.Blocked}.lineIn(g.lines()))
	}
	prev := c.Space
	segStart := len(t.path)
	m := g.module
	if m != nil && !slip {
		m.Declare(Turn{g, t}, op) // street U-NIT-01, U-DRV-02 Temana
	}
	for _, s := range op.Path {
		g.crossLine(c, prev, s)
		if m != nil {
			m.Cross(Turn{g, t}, prev, s) // street U-POL-01
		}
		if g.Track.Spaces[prev].Kind == tracks.KindTrack && g.Track.Spaces[s].Kind == tracks.KindPit {
			c.Pitting = true
			g.emit(Encode(PitLaneEvent{Car: c.Number}))
		}
		prev = s
	}
	t.path = append(t.path, op.Path...)
	if len(op.Path) > 0 {
		c.Space = op.Path[len(op.Path)-1]
	}
	// handling rolls, in path order, for the dangerous spaces entered
	for _, s := range t.path[segStart:] {
		if !g.dangerousSpace(s) {
			continue
		}
		v, err := g.black(src, c.Number, "handling")
		if err != nil {
			return err
		}
		if g.handlingLoses(c, v) && !(m != nil && m.HandlingSpared(g, c, v)) { // R-DEB-03, T-10; street U-DRV-02 Temana
			if !g.lose(c, Handling, 1, "dangerous space "+g.Track.Spaces[s].Name+" (R-DEB-03)") {
				if err := g.owedRolls(src); err != nil { // §2.19
					return err
				}
				g.endTurn()
				return nil
			}
		}
	}
	if op.Pit && c.Space == g.ownBox(c) && c.Pitting {
		return g.endMove(src)
	}
	t.stage = stageSlip
	return nil
}

func (g *Game) brakeCause(op Option) string {
	switch {
	case op.Blocked > 0 && op.Braked > 0:
		return fmt.Sprintf("blocked %d short (T-04) and braked %d (R-BRK-01)", op.Blocked, op.Braked)
	case op.Blocked > 0:
		return fmt.Sprintf("blocked %d short (T-04)", op.Blocked)
	}
	return fmt.Sprintf("braked %d (R-BRK-01)", op.Braked)
}

func (g *Game) ownBox(c *Car) tracks.SpaceID {
	return boxOf(g.Track, c)
}

// boxOf is the car's pit box: the one it chose (fdr R4.1), else box Number.
func boxOf(t *tracks.Circuit, c *Car) tracks.SpaceID {
	i := c.Number - 1
	if c.box > 0 {
		i = c.box - 1
	}
	if b := t.Pit.Boxes; i < len(b) {
		return b[i]
	}
	return tracks.NoSpace
}

// crossLine counts laps (AMB-34: the first crossing starts the race).
func (g *Game) crossLine(c *Car, from, to tracks.SpaceID) {
	if !g.Track.CrossesLine(from, to) {
		return
	}
	if !c.CrossedStart {
		c.CrossedStart = true
		return
	}
	c.Laps++
	c.TyreAge++              // O-TYR-01: age is laps completed on the set
	c.setMonsoonGrace(false) // league 8-C: its one more lap on a dried track is run
	g.emit(LapEvent{Car: c.Number, Laps: c.Laps}.line())
	g.newLap(c) // LapHook
	g.spendCompound(c)
	if m := g.module; m != nil {
		m.Lap(g, c) // street AMB-28: nitro and drop reset, U-CHK-01 owed
	}
}

func (g *Game) names(path []tracks.SpaceID) string {
	if len(path) == 0 {
		return "-"
	}
	// the builder grown once to the names' exact size: growing as it went
	// copied the line over and over (issue 14)
	size := len(path) - 1
	for _, id := range path {
		size += len(g.Track.Spaces[id].Name)
	}
	var b strings.Builder
	b.Grow(size)
	for i, id := range path {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(g.Track.Spaces[id].Name)
	}
	return b.String()
}

// slipOptions lists the slipstream segments open to the car (R-SLP-01..06).
func (g *Game) slipOptions(t *turn) []Option {
	c := t.car
	if t.braked || c.Gear < 4 || g.inPitLane(c) || c.Pitting {
		return nil
	}
	m := g.borrowMover(t)
	defer g.returnMover()
	m.canPit = false // AMB-20: not into the pit lane
	ahead, ok := g.Track.AheadSameLane(c.Space)
	if !ok {
		return nil
	}
	x := g.Occupied(ahead)
	if x == 0 {
		return nil
	}
	xc := g.car(x)
	if xc.Gear < 4 || c.Gear < xc.Gear || g.Track.Spaces[ahead].Kind != tracks.KindTrack {
		return nil
	}
	// the lane lock of an overshoot so far forbids the pull-out (R-OVS-04)
	if len(g.overshoots(m, t.start, t.path)) > 0 {
		return nil
	}
	type slip struct {
		path          []tracks.SpaceID
		hazards, cost int
	}
	// every shape's prefixes too: R-SLP-03 lets brakes shorten the 3
	// spaces, and a block cuts them short (R-BLK)
	var found []slip
	var walk func(at tracks.SpaceID, path []tracks.SpaceID, diags int, locked bool, enters int)
	walk = func(at tracks.SpaceID, path []tracks.SpaceID, diags int, locked bool, enters int) {
		if len(path) > 0 {
			h := 0
			for _, s := range path {
				if m.hazard(s) {
					h++
				}
			}
			found = append(found, slip{path: slices.Clone(path), hazards: h, cost: min(enters, 1)})
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
				continue // the first step pulls out
			}
			d := diags
			if diag {
				d++
			}
			if d > 2 {
				continue
			}
			e := enters
			if b.Corner >= 0 && b.Corner != a.Corner {
				e++ // R-SLP-05
			}
			walk(n, append(path, n), d, locked || m.exitOvershoots(at, n), e)
		}
	}
	walk(c.Space, nil, 0, false, 0)
	lmax := 0
	for _, s := range found {
		lmax = max(lmax, len(s.path))
	}
	if lmax == 0 {
		return nil // no room to pull out
	}
	type key struct {
		steps int
		end   tracks.SpaceID
	}
	best := map[key]slip{}
	for _, s := range found {
		k := key{len(s.path), s.path[len(s.path)-1]}
		if old, ok := best[k]; !ok || s.hazards < old.hazards || (s.hazards == old.hazards && (s.cost < old.cost || (s.cost == old.cost && slices.Compare(s.path, old.path) < 0))) {
			best[k] = s
		}
	}
	var keys []key
	for k := range best {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].steps != keys[j].steps {
			return keys[i].steps > keys[j].steps
		}
		a, b := &g.Track.Spaces[keys[i].end], &g.Track.Spaces[keys[j].end]
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return keys[i].end < keys[j].end
	})
	// R-SLP-03: a slipstream cut short by a block pays T-04 like any move;
	// an unpayable one is simply not offered (R-SLP-07: never mandatory)
	blocked := 3 - lmax
	blockWear, payable := blockCost(blocked, c.Wear, g.Config.StrictBlockTable)
	if !payable {
		return nil
	}
	var opts []Option
	for _, k := range keys {
		s := best[k]
		braked := lmax - k.steps
		cost := blockWear
		cost[Brakes] += s.cost + braked
		if cost[Brakes] > c.Wear[Brakes] {
			continue // AMB-20: no slipstream into a corner without a brake point; R-BRK-01
		}
		op := Option{Path: s.path, End: k.end, Dangerous: s.hazards, Braked: braked, Blocked: blocked}
		op.Cost = cost
		g.judgeOvershoot(m, t, t.path, s.path, &op)
		op.Cost[Brakes] = cost[Brakes]
		op.Letter = letter(len(opts))
		opts = append(opts, op)
	}
	return opts
}

package fd

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/pitwall/pitwall/tracks"
)

// circuitShare is what the walks work out from a circuit alone, kept once
// per circuit for every game on it instead of once per game (issue 14):
// the circuit's steps (stepTable) and the autopilot's room to the corner
// ahead from each space (roomAhead). A service builds each circuit once
// and every game on it shares it (bot's Service.circuit), so a new game
// starts with these known. Nothing here refers to the circuit, so the
// share goes when the circuit does (shareOf's cleanup). A game asks for it
// once, on its first walk, and keeps the steps (Game.steps), which hold
// the rooms.
//
// Games read it from many goroutines at once: the steps are built once
// under stepsOnce and never written again, the rooms are atomic.
type circuitShare struct {
	stepsOnce sync.Once
	steps     *steps
}

// circuitRooms is roomAhead's answers on one circuit, kept with its steps
// (the game holds those): rooms[pitLane][2s+inCorner] is the (far, near)
// from space s (packRoom; 0 until worked out), towards the corner s is in
// when inCorner is 1 and the next one ahead when 0, for rules without and
// with FDR's pit lane (walkRoom looks past a pit-lane exit there).
type circuitRooms [2][]atomic.Int32

func newCircuitRooms(c *tracks.Circuit) circuitRooms {
	var r circuitRooms
	for i := range r {
		r[i] = make([]atomic.Int32, 2*len(c.Spaces))
	}
	return r
}

// circuitShares maps a circuit, weakly held, to its share.
var circuitShares sync.Map // weak.Pointer[tracks.Circuit] → *circuitShare

// shareOf is the share of circuit c, made on the first question about c.
func shareOf(c *tracks.Circuit) *circuitShare {
	key := weak.Make(c)
	if v, ok := circuitShares.Load(key); ok {
		return v.(*circuitShare)
	}
	v, loaded := circuitShares.LoadOrStore(key, &circuitShare{})
	if !loaded {
		// the key is weak: once c is unreachable, its share goes too
		runtime.AddCleanup(c, func(k weak.Pointer[tracks.Circuit]) { circuitShares.Delete(k) }, key)
	}
	return v.(*circuitShare)
}

// packRoom packs a room answer (far, near, each at least -1) into a
// non-zero value, 0 meaning not worked out.
func packRoom(far, near int) int32 { return int32(far+2)<<16 | int32(near+2) }

func unpackRoom(v int32) (far, near int) { return int(v>>16) - 2, int(v&0xffff) - 2 }

// fewestReach is how far fewestRow's search goes: the look-ahead asks for
// a top die face plus a slide and one (33 with the standard dice); a
// longer question is searched as before.
const fewestReach = 40

// fewestUnknown marks a space fewestRow's search did not reach.
const fewestUnknown = math.MaxUint8

// fewestRow is the fewest steps from one track space to every space by
// the racing surface alone, with no car and no hazard on it and no lane
// lock: a lower bound, whatever the traffic, of the fewest steps the
// look-ahead's search finds (placesLengths' level) as long as that search
// stays on the track. steps[t] is fewestUnknown past fewestReach.
type fewestRow struct {
	steps []uint8
	// pitAt is the fewest steps of a step off the racing surface that
	// is not into a pit box (placesLengths' search stops there): into
	// the pit lane, or otherAt for any other space; fewestUnknown when
	// none lies within fewestReach
	pitAt, otherAt int
}

// fewestFrom is the fewest-steps row from track space s, worked out on
// its first question and shared by every game on the circuit (issue 14).
func (t *steps) fewestFrom(c *tracks.Circuit, s tracks.SpaceID) *fewestRow {
	if r := t.fewest[s].Load(); r != nil {
		return r
	}
	r := buildFewest(t, len(c.Spaces), s)
	t.fewest[s].Store(r) // another game may store an equal row
	return r
}

// buildFewest searches breadth first from s over the steps onto the
// racing surface, as placesLengths' search does with nothing in the way.
func buildFewest(t *steps, spaces int, s tracks.SpaceID) *fewestRow {
	r := &fewestRow{steps: make([]uint8, spaces), pitAt: fewestUnknown, otherAt: fewestUnknown}
	for i := range r.steps {
		r.steps[i] = fewestUnknown
	}
	r.steps[s] = 0
	queue := []tracks.SpaceID{s}
	for head := 0; head < len(queue); head++ {
		at := queue[head]
		d := int(r.steps[at])
		if d >= fewestReach {
			break // breadth first: every space left is as far
		}
		for _, st := range t.from(at) {
			switch {
			case st.flags&stepToBox != 0:
				continue
			case st.flags&stepToPit != 0:
				r.pitAt = min(r.pitAt, d+1)
				continue
			case st.flags&stepToTrack == 0:
				r.otherAt = min(r.otherAt, d+1)
				continue
			}
			if r.steps[st.to] == fewestUnknown {
				r.steps[st.to] = uint8(d + 1)
				queue = append(queue, st.to)
			}
		}
	}
	return r
}

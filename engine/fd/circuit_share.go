package fd

import (
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

package fdr

import (
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/stretchr/testify/assert"
)

// fdrStaggeredTrack is the lab with its pit-entry limit staggered across
// the lanes: lane 0 at the entry (home.1), lane 1 one level later, lane 2
// two levels later, so that at one level a car can be past the limit in
// one lane and not yet there in the next (19-5-5).
const fdrStaggeredTrack = fdtest.FDRLabSource + `space home.1.0 +pit-entry-limit
space home.2.1 +pit-entry-limit
space home.3.2 +pit-entry-limit
`

// R19.19, §19-5-1, §19-5-2, §19-5-5, AMB-41: near the pits the circuit's
// limit decides space by space: the cars past it, then the pit lane, then
// the cars not yet there, whatever their level, gear or arrival.
func TestFDRPitLimitOrderStaggered(t *testing.T) {
	c := fdtest.InlineTrack(t, fdrStaggeredTrack)
	round := func(h *fdtest.Harness) string { return fdtest.Kinds(h.Since(), "round")[0] }

	t.Run("C past the limit plays before I at the same level, I in a higher gear and first there (R19.19, 19-5-5)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{
			fdtest.FDRAt("home.2.1", 4).WithArrival(1), // I: on lane 1's limit, not past it
			fdtest.FDRAt("home.2.0", 2).WithArrival(5), // C: past lane 0's limit
			fdtest.FDRAt("pit.2", 2).WithFlags("pitting"),
			fdtest.FDRAt("home.3.2", 3),              // on lane 2's limit, level with the pit car
			fdtest.FDRAt("home.3.1", 1),              // past lane 1's limit
			fdtest.FDRAt("long.20.1", 2).WithLaps(1), // the leader
		}, nil)
		assert.Equal(t, "round n=2 order=6,5,2,3,4,1", round(h))
	})

	t.Run("the same cars with the limit one level across the road (the default)", func(t *testing.T) {
		h := fdrStart(t, fdtest.FDRLab(t), fd.Fine, []fdtest.CarAt{
			fdtest.FDRAt("home.2.1", 4).WithArrival(1),
			fdtest.FDRAt("home.2.0", 2).WithArrival(5),
			fdtest.FDRAt("pit.2", 2).WithFlags("pitting"),
			fdtest.FDRAt("home.3.2", 3),
			fdtest.FDRAt("home.3.1", 1),
			fdtest.FDRAt("long.20.1", 2).WithLaps(1),
		}, nil)
		// every track car is past home.1: level, then gear (R6.6, R6.8), then the pit lane
		assert.Equal(t, "round n=2 order=6,4,5,1,2,3", round(h))
	})

	t.Run("the round follows the projected order, play by play (AMB-40, AMB-41)", func(t *testing.T) {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{
			fdtest.FDRAt("home.2.1", 4).WithArrival(1),
			fdtest.FDRAt("home.2.0", 2).WithArrival(5),
			fdtest.FDRAt("long.20.1", 2).WithLaps(1),
		}, nil)
		assert.Equal(t, "round n=2 order=3,2,1", round(h))
		h.Gear(2, 3)
		h.MoveN("long.23.1", 3)
		// car 2, past the limit, plays before car 1
		assert.Equal(t, []string{"turn play=2 car=2"}, fdtest.Kinds(h.Since(), "turn"))
	})
}

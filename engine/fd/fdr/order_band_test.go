package fdr

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// leaderByStanding is leaderAmong as it was before the pit-limit band was
// worked out once a scan: each car's standing from fdrStanding, which
// works the key and the band out afresh. Kept as the reference.
func leaderByStanding(g *fd.Game) *fd.Car {
	var best *fd.Car
	var bestProg int
	var bestKey scanKey
	for _, engineOK := range [2]bool{true, false} {
		for _, c := range onScan(g) {
			if c.Status != fd.Racing || (engineOK && inertiaState(c) != InertiaNone) {
				continue
			}
			k := fdrKey(g, c)
			p := fdrStanding(g, c)
			if best == nil || p > bestProg || (p == bestProg && earlier(k, bestKey)) {
				best, bestProg, bestKey = c, p, k
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// TestLeaderInBandAsByStanding plays whole 10-car fdr races by autopilot
// on circuits with and without a staggered pit limit and, before every
// order, compares fdrLeader (leaderAmong, the band worked out once for
// the scan, standingInBand) with the reference above, and every car's
// standingInBand with fdrStanding.
func TestLeaderInBandAsByStanding(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	for _, r := range []struct{ track, seed string }{
		{"kestrel-downs", "leader-band-1"},
		{"hollowmere", "leader-band-2"},
		{"oval", "leader-band-3"},
	} {
		t.Run(r.track, func(t *testing.T) {
			orders, banded := 0, 0
			autopilotRace(t, r.track, r.seed, 2, func(g *fd.Game) {
				orders++
				band := pitBandOf(g)
				if band.ok {
					banded++
				}
				want, got := leaderByStanding(g), fdrLeader(g)
				require.Equal(t, want == nil, got == nil, "order %d: a leader", orders)
				if want != nil {
					require.Equal(t, want.Number, got.Number, "order %d: the leader", orders)
				}
				for _, c := range onScan(g) {
					require.Equal(t, fdrStanding(g, c), standingInBand(g, c, keyInBand(g, c, band), band),
						"order %d: car %d's standing", orders, c.Number)
				}
			})
			t.Logf("%s: %d orders, %d with a pit-limit band", r.track, orders, banded)
			require.Positive(t, orders)
		})
	}
}

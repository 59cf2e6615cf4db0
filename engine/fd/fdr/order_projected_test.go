package fdr

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// fdrProjectedOrderBySort is fdrProjectedOrder as it was before issue 14
// sorted the cars on the stack: onScan's cars on the heap, fdrKey for
// each, sorted by sort.SliceStable. Kept as the reference the rewrite is
// checked against.
func fdrProjectedOrderBySort(g *fd.Game, leader *fd.Car) []int {
	lk := fdrKey(g, leader)
	type item struct {
		n    int
		k    scanKey
		wrap bool
	}
	var items []item
	for _, c := range onScan(g) {
		k := fdrKey(g, c)
		items = append(items, item{c.Number, k, c != leader && !earlier(lk, k)})
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if a.n == leader.Number || b.n == leader.Number {
			return a.n == leader.Number
		}
		if a.wrap != b.wrap {
			return !a.wrap
		}
		return earlier(a.k, b.k)
	})
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = it.n
	}
	return out
}

// R6.6–R6.10, AMB-40 (issue 14): the round's projected order, sorted on
// the stack by insertion, is the order the sort by reflection gave, before
// every order of whole 10-car races by autopilot and with every car on the
// scan taken as the leader (not only the race's leader, so that the
// wrapped cars and the pit lane's keys are met from every side).
func TestProjectedOrderAsBySort(t *testing.T) {
	races := []struct{ track, seed string }{
		{"kestrel-downs", "projected-1"},
		{"hollowmere", "projected-2"},
		{"oval", "projected-3"},
	}
	if testing.Short() {
		races = races[:1]
	}
	for _, r := range races {
		t.Run(r.track, func(t *testing.T) {
			checked, pit := 0, 0
			autopilotRace(t, r.track, r.seed, 2, func(g *fd.Game) {
				if fdrRaceState(g) != nil && !g.Qualifying() {
					for _, leader := range onScan(g) {
						require.Equal(t, fdrProjectedOrderBySort(g, leader), fdrProjectedOrder(g, leader),
							"the projected order led by car %d, play %d", leader.Number, g.Play)
						checked++
						if g.Track.Spaces[leader.Space].Kind != tracks.KindTrack {
							pit++
						}
					}
				}
			})
			t.Logf("%s: %d orders compared, %d led by a car in the pit lane", r.track, checked, pit)
			require.Positive(t, checked)
		})
	}
}

package fd

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// The collision partners are put in play order (fd2008 AMB-17) by an insertion
// sort over g.Order instead of a rank map and sort.SliceStable: on random
// orders and partner lists, with repeats and cars not in the order, both
// give the same list.
func TestCollisionPartnersSortAsByRankMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	for range 2000 {
		g := &Game{Order: rng.Perm(10)}
		for i := range g.Order {
			g.Order[i]++ // car numbers from 1
		}
		g.Order = g.Order[:rng.IntN(11)]
		partners := make([]int, rng.IntN(5))
		for i := range partners {
			partners[i] = 1 + rng.IntN(12) // 11 and 12 are in no order
		}
		rank := map[int]int{}
		for i, n := range g.Order {
			rank[n] = i
		}
		want := append([]int(nil), partners...)
		sort.SliceStable(want, func(i, j int) bool { return rank[want[i]] < rank[want[j]] })
		got := append([]int(nil), partners...)
		g.sortByPlayOrder(got)
		require.Equal(t, want, got, "order %v, partners %v", g.Order, partners)
	}
}

// mayCollide skips the partner lists when no other car is on a space of
// the mover's level or straight ahead: on every embedded circuit, every
// space Beside a track space is at its level, so no partner is missed.
func TestBesideSpacesShareTheLevel(t *testing.T) {
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		beside := 0
		for i := range c.Spaces {
			s := tracks.SpaceID(i)
			if c.Spaces[s].Kind != tracks.KindTrack {
				continue
			}
			for _, o := range c.Beside(s) {
				require.Equal(t, c.Spaces[s].Level, c.Spaces[o].Level, "%s: %d beside %d", id, o, s)
				beside++
			}
		}
		require.Positive(t, beside, id)
	}
}

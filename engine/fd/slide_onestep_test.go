package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Issue 14: a slide of one space (FDR R8.13, R18.15) reads its ends from
// oneStepEnds instead of walking (appendSegmentPlans), when oneStepEnds
// answers with at least one end. The tests below hold it to the walk.

// slideEndsByWalk is the slide's plans' ends as the walk gave them for a
// slide of one space from end: the longest legal ends not done, in
// legalEnds' order, and their length.
func slideEndsByWalk(m *mover, end tracks.SpaceID) (ends []tracks.SpaceID, steps int) {
	ext := m.legalEnds(end, 1, false)
	for _, e := range ext {
		if !e.p.done {
			steps = max(steps, e.steps)
		}
	}
	for _, e := range ext {
		if e.steps == steps && !e.p.done {
			ends = append(ends, e.path[1:]...)
		}
	}
	return ends, steps
}

// TestOneStepEndsAsBySlideWalk plays whole 10-car fdr races by autopilot
// and, before every order of the race (a session's one-car game aside),
// for the car whose play it is and every space of the circuit, compares
// oneStepEnds with the walk of a one-space slide: where oneStepEnds
// answers with ends, the walk's longest ends not done are of one step
// and are those spaces, in that order. It counts the spaces so answered,
// which must not be none.
func TestOneStepEndsAsBySlideWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("three whole races")
	}
	asked, answered := 0, 0
	for _, id := range []string{"kestrel-downs", "port-azur", "hollowmere"} {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		cfg := ConfigFor(FDR)
		cfg.Laps = 2
		seed := SeedFrom("slide-onestep-" + id)
		g, err := NewGame(GameIDFor(seed), cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			if tn := g.turn; tn != nil && !g.qualifying && tn.car.OnBoard() {
				for s := range c.Spaces {
					end := tracks.SpaceID(s)
					m := g.borrowMover(tn)
					var buf [maxOneStepEnds]tracks.SpaceID
					ahead, ok := m.oneStepEnds(end, buf[:0])
					got := append([]tracks.SpaceID(nil), ahead...)
					m.release()
					g.returnMover()
					asked++
					if !ok || len(got) == 0 {
						continue
					}
					answered++
					m = g.borrowMover(tn)
					want, steps := slideEndsByWalk(m, end)
					m.release()
					g.returnMover()
					require.Equal(t, 1, steps, "%s: car %d, a slide from space %d", id, tn.car.Number, s)
					require.Equal(t, want, got, "%s: car %d, a slide from space %d", id, tn.car.Number, s)
				}
			}
			o, ok := Autopilot(g)
			require.True(t, ok, "nothing pending")
			require.NoError(t, g.Submit(o, src))
		}
	}
	t.Logf("%d (play, space) pairs asked, %d answered by oneStepEnds", asked, answered)
	require.Positive(t, answered, "oneStepEnds answered some")
}

// TestSlidesOfOneSpaceAsByWalk plays the same fdr races with every slide
// walked (slideByWalk, as before) and with a slide of one space read from
// oneStepEnds: the records are the same, line for line.
func TestSlidesOfOneSpaceAsByWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	requireSameRecordsBothWays(t, []raceCase{
		{"kestrel-downs", "bench", 3},
		{"port-azur", "slides-1", 2},
		{"hollowmere", "slides-2", 2},
		{"race-city", "slides-3", 2},
	}, func(before bool) { slideByWalk = before })
}

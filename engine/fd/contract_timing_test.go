package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// A decision's name tells it from the next: over whole races (fdr with
// its qualifying session and setup, fd2008), a car that orders and must
// decide again is asked under another name, and a car that did not order
// keeps its name. A decision before the grid of a qualified race takes
// the qualifying session's time limit, none after it; a race without
// qualifying has none. A car with nothing to decide, or a race over, has
// no timing.
func TestContractTimingNamesEachDecisionOnce(t *testing.T) {
	for _, race := range []struct {
		name      string
		cfg       Config
		qualifies bool
	}{{"fdr", fdrConfig(), true}, {"fd2008", DefaultConfig(), false}} {
		t.Run(race.name, func(t *testing.T) {
			c, err := tracks.Get("port-azur")
			require.NoError(t, err)
			seed := SeedFrom("contract timing " + race.name)
			g, err := NewGame(GameIDFor(seed), race.cfg, c, 3)
			require.NoError(t, err)
			src := dice.NewSeeded(seed)
			require.NoError(t, g.Start(src))
			con := NewContract(g, nil)
			names := func() map[int]engine.Timing {
				out := map[int]engine.Timing{}
				for seat := range 3 {
					if tm, ok := con.Timing(seat); ok {
						out[seat] = tm
					}
				}
				return out
			}
			qualifying, gridSeen := 0, false
			for n := 0; !g.Over; n++ {
				require.Less(t, n, 20000)
				before := names()
				require.Len(t, before, len(g.PendingAll()), "a timing for each pending car")
				for _, tm := range before {
					if tm.Session == "qualifying" {
						qualifying++
						assert.False(t, gridSeen, "a qualifying time limit after the grid")
					}
				}
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
				for _, e := range g.Events {
					gridSeen = gridSeen || e.Kind == "grid"
				}
				after := names()
				for seat, tm := range after {
					if seat == o.Car-1 {
						assert.NotEqual(t, before[seat].Name, tm.Name, "car %d's next decision at play %d", o.Car, g.Play)
					} else if was, ok := before[seat]; ok {
						assert.Equal(t, was.Name, tm.Name, "car %d did not order", seat+1)
					}
				}
			}
			assert.Equal(t, race.qualifies, qualifying > 0)
			assert.Empty(t, names(), "the race over, nothing is timed")
		})
	}
}

// Pending says each decision's session as PendingAll does: "qualifying"
// for a qualifying lap's, "" for the race's and the setup's.
func TestContractPendingSaysTheSession(t *testing.T) {
	laps := 0
	reportRace(t, fdrConfig(), 3, func(g *Game) bool {
		all := g.PendingAll()
		pending := NewContract(g, nil).Pending()
		require.Len(t, pending, len(all))
		for i, d := range all {
			assert.Equal(t, d.Session, pending[i].Session, "car %d's %s", d.Car, d.Kind)
			if d.Session == "qualifying" {
				laps++
			}
		}
		return g.Play > 3
	})
	assert.Positive(t, laps, "no qualifying lap met")
}

package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// moveOptionsFor judges the overshoots only of a path the walk locked in
// its lane (issue 14): the walk locks a path at the step that leaves a
// corner whose stops are not made (R-OVS-04), which is where an overshoot
// begins (R-OVS-01). At every gear decision of seeded races, under both
// rulesets, every legal end's path is locked exactly when it overshoots.
func TestLockedPathsAreTheOvershootingOnes(t *testing.T) {
	locked, free := 0, 0
	for i, tc := range []struct {
		track string
		cfg   Config
	}{{"port-azur", DefaultConfig()}, {"kestrel-downs", DefaultConfig()}, {"hollowmere", fdrConfig()}} {
		c, err := tracks.Get(tc.track)
		require.NoError(t, err)
		seed := SeedFrom(fmt.Sprintf("locked-overshoots-%d", i))
		g, err := NewGame(GameIDFor(seed), tc.cfg, c, 8)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			if d := g.pending; d != nil && d.Kind == DecideGear {
				car := g.car(d.Car)
				die, err := g.Config.Dice.Gear(d.Options[len(d.Options)-1].Gear)
				require.NoError(t, err)
				reach := die.Max() + g.slide(car) + 1
				m := g.newMover(&turn{car: car, start: car.Space, startCorner: car.Corner, startStops: car.Stops})
				g.scratch.kept.valid = false // a walk of its own
				for _, e := range m.legalEnds(car.Space, reach, car.Pitting) {
					overshoots := g.overshoots(m, car.Space, e.path[1:])
					require.Equal(t, len(overshoots) > 0, e.p.locked, "%s %s: car %d from %s to %s in %d", tc.cfg.Rules, tc.track, car.Number, c.Spaces[car.Space].Name, c.Spaces[e.p.s].Name, e.steps)
					if e.p.locked {
						locked++
					} else {
						free++
					}
				}
				m.release()
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
	}
	t.Logf("%d locked ends, %d free", locked, free)
	require.Positive(t, locked, "some ends overshoot")
	require.Positive(t, free, "some do not")
}

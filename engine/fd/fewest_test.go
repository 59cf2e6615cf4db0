package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The circuit's fewest steps from a space (fewestFrom) are a breadth-first
// search over the racing surface with nothing on it: every space one step
// past a space at k is at most k+1 away, the start at 0, and every space
// but the start has a neighbour behind it one step nearer.
func TestFewestRowsAreSearches(t *testing.T) {
	for _, id := range []string{"kestrel-downs", "hollowmere", "test-oval"} {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		table := buildSteps(c)
		for i := range c.Spaces {
			s := tracks.SpaceID(i)
			if c.Spaces[s].Kind != tracks.KindTrack {
				continue
			}
			row := table.fewestFrom(c, s)
			require.Same(t, row, table.fewestFrom(c, s), "worked out once")
			require.Zero(t, row.steps[s])
			reachedBy := make([]bool, len(c.Spaces))
			for a := range c.Spaces {
				d := int(row.steps[a])
				if d >= fewestReach {
					continue
				}
				for _, st := range table.from(tracks.SpaceID(a)) {
					if st.flags&stepToTrack == 0 {
						continue
					}
					require.LessOrEqual(t, int(row.steps[st.to]), d+1, "%s: %s → %s", id, c.Spaces[a].Name, c.Spaces[st.to].Name)
					if int(row.steps[st.to]) == d+1 {
						reachedBy[st.to] = true
					}
				}
			}
			for a := range c.Spaces {
				if d := row.steps[a]; d != fewestUnknown && d != 0 {
					require.True(t, reachedBy[a], "%s: %s at %d has no neighbour at %d", id, c.Spaces[a].Name, d, d-1)
				}
			}
		}
	}
}

// The look-ahead's lengths read from the circuit's fewest steps
// (fewestLengths) are those of placesLengths' search beside the sets, at
// every gear decision of seeded races where it applies (fewestRowFor): in
// traffic, past dangerous spaces and debris, where traffic made a place k
// steps away that the empty circuit puts nearer, and under FDR's hazard
// subsets with no hazard in reach (R-MOV-05, R-DEB-04, R-OVS-04, R7.7).
func TestFewestLengthsAreTheSearchsLengths(t *testing.T) {
	compared, searched, hazards := 0, 0, 0
	byRules := map[Ruleset]int{}
	playSeededRaces(t, "fewest-lengths", func(g *Game, c *tracks.Circuit, cfg Config) {
		if d := g.pending; d != nil && d.Kind == DecideGear {
			car := g.car(d.Car)
			die, err := g.Config.Dice.Gear(d.Options[0].Gear)
			require.NoError(t, err)
			reach := die.Max() + g.slide(car) + 1
			turn := &turn{car: car, start: car.Space, startCorner: car.Corner, startStops: car.Stops}
			m := g.newMover(turn)
			if row := m.fewestRowFor(car.Space, reach, car.Pitting); row != nil {
				m.hazard(car.Space)
				want := make([]bool, reach+1)
				sawHazard, ok := m.placesLengths(car.Space, reach, false, want)
				require.True(t, ok, "no pit lane in reach")
				if sawHazard {
					m.placesLengths(car.Space, reach, true, want)
					hazards++
				}
				got := make([]bool, reach+1)
				if m.fewestLengths(car.Space, row, reach, got) {
					searched++
				}
				require.Equal(t, want, got, "%s %s, car %d at %s", cfg.Rules, c.ID, car.Number, c.Spaces[car.Space].Name)
				compared++
				byRules[cfg.Rules]++
			}
			m.release()
		}
	})
	t.Logf("compared %d (%d searched, %d past a dangerous space, %d under fdr)", compared, searched, hazards, byRules[FDR])
	require.Greater(t, compared, 300)
	require.Positive(t, byRules[FDR], "under FDR's hazard subsets, none in reach")
	require.Positive(t, searched, "traffic made a place farther than the empty circuit does")
	require.Positive(t, hazards, "past a dangerous space")
}

// The move's walk reads the fewest steps to its layers' spaces from the
// layers and the circuit (layerDistances) instead of distances' search:
// at every move of seeded races (fd2008, and FDR with no hazard in reach),
// in traffic and past dangerous
// spaces, with and without avoiding them, the table it gives agrees with
// the search on every space of the layers, and it declines (nil) where
// traffic or the lane lock leaves the answer to the search (R-MOV-05,
// R-DEB-04, R-OVS-04).
func TestLayerDistancesAreTheSearchs(t *testing.T) {
	compared, declined := 0, 0
	playSeededRaces(t, "layer-distances", func(g *Game, c *tracks.Circuit, cfg Config) {
		if d := g.pending; d != nil && d.Kind == DecideMove && g.turn != nil {
			tn := g.turn
			car := tn.car
			m := g.newMover(tn)
			n := tn.distance
			for _, avoid := range []bool{false, true} {
				row := m.fewestRowFor(car.Space, n, car.Pitting)
				if row == nil {
					continue
				}
				var l layered
				m.layers(&l, car.Space, n, car.Pitting, avoid)
				got := m.layerDistances(&l, row, n)
				if got == nil {
					declined++
					continue
				}
				want := m.distances(car.Space, n, car.Pitting, avoid)
				for k := range min(l.count(), n+1) {
					for _, e := range l.layer(k) {
						require.Equal(t, want[e.nd.s], got[e.nd.s], "%s, car %d from %s to %s", c.ID, car.Number, c.Spaces[car.Space].Name, c.Spaces[e.nd.s].Name)
					}
				}
				compared++
			}
			m.release()
		}
	})
	t.Logf("compared %d, declined %d", compared, declined)
	require.Greater(t, compared, 300)
	require.Positive(t, declined, "traffic or the lane lock left it to the search")
}

// playSeededRaces plays a 2-lap autopilot race, seeded by name, on each
// circuit and ruleset the fewest-steps tests compare on (three circuits
// under fd2008, Kestrel Downs under FDR), calling see before each
// decision is played.
func playSeededRaces(t *testing.T, name string, see func(g *Game, c *tracks.Circuit, cfg Config)) {
	t.Helper()
	for i, tc := range []struct {
		id  string
		cfg Config
	}{{"kestrel-downs", DefaultConfig()}, {"hollowmere", DefaultConfig()}, {"port-azur", DefaultConfig()}, {"kestrel-downs", fdrConfig()}} {
		c, err := tracks.Get(tc.id)
		require.NoError(t, err)
		cfg := tc.cfg
		cfg.Laps = 2
		seed := SeedFrom(fmt.Sprintf("%s-%d", name, i))
		g, err := NewGame(GameIDFor(seed), cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			see(g, c, cfg)
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
	}
}

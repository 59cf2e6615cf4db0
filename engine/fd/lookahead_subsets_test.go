package fd

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// quickLengthsBySearch is quickLengths as it was before the hazard subsets
// (FDR R7.7) read the circuit's fewest steps with a hazard in reach: kept
// here as the reference the test below compares the new one with.
func (m *mover) quickLengthsBySearch(start tracks.SpaceID, n int, pitting bool, has []bool) (ok bool) {
	if pitting || m.changeCap > 0 || m.track.Spaces[start].Kind != tracks.KindTrack {
		return false
	}
	m.hazard(start)
	if row := m.fewestRowFor(start, n, pitting); row != nil {
		m.fewestLengths(start, row, n, has)
		return true
	}
	sawHazard, ok := m.placesLengths(start, n, false, has)
	if !ok {
		return false
	}
	if sawHazard {
		_, ok = m.placesLengths(start, n, true, has)
		if ok && m.subsets && !subsetsAddNoLength(has, n) {
			return false
		}
	}
	return ok
}

// TestQuickLengthsSubsetsAsBySearch plays whole 10-car fdr races by
// autopilot and, before every order, asks the look-ahead of every car on
// the board, for every gear's die (the autopilot's reachable: its longest
// face, the slide and one), both quickLengths and the reference above:
// whether they answer and the lengths they mark must be the same. It
// counts the look-aheads the new branch answers (a hazard within reach
// under the subsets, every length marked), which must not be none, and
// checks that the races' records are Simulate's: asking changed no game.
func TestQuickLengthsSubsetsAsBySearch(t *testing.T) {
	if testing.Short() {
		t.Skip("three whole races")
	}
	asked, answered, byRow := 0, 0, 0
	for _, id := range []string{"kestrel-downs", "port-azur", "hollowmere"} {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		cfg := ConfigFor(FDR)
		cfg.Laps = 2
		seed := SeedFrom("lookahead-subsets-" + id)
		g, err := NewGame(GameIDFor(seed), cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			for i := range g.Cars {
				car := &g.Cars[i]
				if !car.OnBoard() {
					continue
				}
				for gear := 1; gear <= 6; gear++ {
					die, err := g.gearDie(gear)
					if err != nil {
						continue
					}
					far := die.Max() + g.slide(car) + 1
					tn := &turn{car: car, start: car.Space, startCorner: car.Corner, startStops: car.Stops}
					m := g.borrowMover(tn)
					got := make([]bool, far+1)
					want := make([]bool, far+1)
					okGot := m.quickLengths(car.Space, far, car.Pitting, got)
					m.release()
					g.returnMover()
					m = g.borrowMover(tn)
					okWant := m.quickLengthsBySearch(car.Space, far, car.Pitting, want)
					if m.subsets && !car.Pitting && m.changeCap == 0 {
						if row := m.fewestRowOnTrack(car.Space, far, false); row != nil && m.hazardWithin(row, far) && okGot {
							byRow++
						}
					}
					m.release()
					g.returnMover()
					asked++
					require.Equal(t, okWant, okGot, "%s play %d car %d gear %d: answered", id, g.Play, car.Number, gear)
					if okWant {
						answered++
						require.True(t, slices.Equal(want, got), "%s play %d car %d gear %d: lengths %v, want %v", id, g.Play, car.Number, gear, got, want)
					}
				}
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		_, rec, err := Simulate(cfg, c, id, 10, seed)
		require.NoError(t, err)
		require.Equal(t, len(rec.Events), len(g.Events), id)
		for i := range rec.Events {
			require.Equal(t, rec.Events[i], g.Events[i], "%s event %d", id, i)
		}
	}
	t.Logf("%d look-aheads asked, %d answered, %d from the fewest steps with a hazard in reach", asked, answered, byRow)
	require.Positive(t, byRow)
}

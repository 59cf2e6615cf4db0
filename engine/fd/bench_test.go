package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// moveOptionsAfter builds the move decision of the car whose turn it is as
// if its gear die had shown roll: the option generation alone, timed by
// BenchmarkMoveOptions6thGear10Cars.
func (g *Game) moveOptionsAfter(roll int) []Option {
	t := g.turn
	saved := *t
	t.face, t.distance, t.stage = roll, roll, stageMove
	opts := g.moveOptions(t)
	*t = saved
	return opts
}

// BenchmarkMoveOptions6thGear10Cars: option generation after a 6th-gear
// roll of 30 with ten cars on test-oval's long straights.
func BenchmarkMoveOptions6thGear10Cars(b *testing.B) {
	p := perftPositions[3] // "ten cars"
	h := play(b, ovalTrack(b), DefaultConfig(), p.cars(6), p.debris)
	h.gear(6, 30)
	require.Equal(b, DecideMove, h.pending().Kind)
	n := len(h.g.moveOptionsAfter(30))
	require.Equal(b, len(h.pending().Options), n)
	b.ReportAllocs()
	for b.Loop() {
		h.g.moveOptionsAfter(30)
	}
}

// largestCircuit is the embedded circuit with the most spaces.
func largestCircuit(tb testing.TB) (string, *tracks.Circuit) {
	var best *tracks.Circuit
	id := ""
	for _, name := range tracks.IDs() {
		c, err := tracks.Get(name)
		require.NoError(tb, err)
		if best == nil || len(c.Spaces) > len(best.Spaces) {
			best, id = c, name
		}
	}
	return id, best
}

// BenchmarkRace10Cars3Laps: a whole 10-car 3-lap autopilot race on the
// largest embedded circuit.
func BenchmarkRace10Cars3Laps(b *testing.B) {
	id, c := largestCircuit(b)
	cfg := DefaultConfig()
	cfg.Laps = 3
	b.Logf("circuit %s (%d spaces)", id, len(c.Spaces))
	seed := SeedFrom("bench")
	b.ReportAllocs()
	plays := 0
	for b.Loop() {
		g, _, err := Simulate(cfg, c, id, 10, seed)
		if err != nil {
			b.Fatal(err)
		}
		plays = g.Play
	}
	b.ReportMetric(float64(plays), "plays/race")
}

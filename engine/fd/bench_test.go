package fd

import (
	"fmt"
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
// largest embedded circuit, under the complete rules and under the
// competition rules (issue 14: at most 5 ms on one core).
func BenchmarkRace10Cars3Laps(b *testing.B) {
	id, c := largestCircuit(b)
	b.Logf("circuit %s (%d spaces)", id, len(c.Spaces))
	for _, rules := range []Ruleset{FD2008, FDR} {
		b.Run(string(rules), func(b *testing.B) {
			cfg := ConfigFor(rules)
			cfg.Laps = 3
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
		})
	}
}

// qualityCircuits are the embedded circuits the complete rules race on in
// BenchmarkAutopilotQuality200Races.
var qualityCircuits = []string{"test-oval", "oval", "port-azur", "kestrel-downs", "hollowmere"}

// BenchmarkAutopilotQuality200Races is issue 14's evidence that a faster
// engine plays as well: 200 seeded 10-car 3-lap fd2008 autopilot races,
// 40 on each circuit, reporting the share of starters that finish and the
// plays (one car's turn) per lap completed. A faster engine must report
// the very same figures.
func BenchmarkAutopilotQuality200Races(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Laps = 3
	circuits := make([]*tracks.Circuit, len(qualityCircuits))
	for i, id := range qualityCircuits {
		c, err := tracks.Get(id)
		require.NoError(b, err)
		circuits[i] = c
	}
	var starters, finished, plays, laps int
	for b.Loop() {
		starters, finished, plays, laps = 0, 0, 0, 0
		for i := range 200 {
			k := i % len(circuits)
			g, _, err := Simulate(cfg, circuits[k], qualityCircuits[k], 10, SeedFrom(fmt.Sprintf("quality-%d", i)))
			if err != nil {
				b.Fatal(err)
			}
			plays += g.Play
			for _, c := range g.Cars {
				starters++
				laps += c.Laps
				if c.Status == Finished {
					finished++
				}
			}
		}
	}
	b.ReportMetric(100*float64(finished)/float64(starters), "%finished")
	b.ReportMetric(float64(plays)/float64(laps), "plays/lap")
}

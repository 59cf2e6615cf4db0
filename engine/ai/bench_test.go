package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// startedOnPortAzur is a race of cars on Port Azur under rules, started
// with dice seeded from seedName, and those dice.
func startedOnPortAzur(tb testing.TB, rules fd.Config, seedName string, cars int) (*fd.Game, dice.Source) {
	tb.Helper()
	c, err := tracks.Get("port-azur")
	require.NoError(tb, err)
	seed := fd.SeedFrom(seedName)
	g, err := fd.NewGame(fd.GameIDFor(seed), rules, c, cars)
	require.NoError(tb, err)
	src := dice.NewSeeded(seed)
	require.NoError(tb, g.Start(src))
	return g, src
}

// midRace is a 10-car race on Port Azur played by the autopilot until a
// gear decision after play n: the pack is spread, traffic everywhere.
func midRace(b *testing.B, rules fd.Config, n int) *fd.Game {
	b.Helper()
	g, src := startedOnPortAzur(b, rules, "ai-bench", 10)
	for !g.Over {
		d := g.Pending()
		if g.Play >= n && d.Kind == fd.DecideGear && d.Session == "" {
			return g
		}
		o, ok := fd.Autopilot(g)
		require.True(b, ok)
		require.NoError(b, g.Submit(o, src))
	}
	b.Fatal("the race ended first")
	return nil
}

// The time budgets of issue 20: a gear decision (the costliest: every face
// of every gear against the engine's move options) within 50 ms on one
// core for pro and 500 ms for legend. Run with -cpu 1.
func benchmarkGear(b *testing.B, rules fd.Config, lvl Level) {
	g := midRace(b, rules, 60)
	car := g.Pending().Car
	d := Driver{Level: lvl}
	for b.Loop() {
		if _, ok := d.Order(g, car); !ok {
			b.Fatal("no order")
		}
	}
}

func BenchmarkGearPro10Cars(b *testing.B)       { benchmarkGear(b, fd.DefaultConfig(), Pro) }
func BenchmarkGearLegend10Cars(b *testing.B)    { benchmarkGear(b, fd.DefaultConfig(), Legend) }
func BenchmarkGearLegendFDR10Cars(b *testing.B) { benchmarkGear(b, fd.ConfigFor(fd.FDR), Legend) }

// The bench's wear left by category adds up to its mean wear left, and
// no category is left with more than a car starts with (R-PS-01) or
// less than nothing: it says which points a driver leaves unspent.
func TestBenchWearLeftByCategory(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	rules := fd.DefaultConfig()
	res, err := Bench(BenchConfig{Rules: rules, Circuits: []*tracks.Circuit{c}, Entrants: []Level{Pro, Autopilot}, Races: 2, Seed: "wear-left"})
	require.NoError(t, err)
	g, err := fd.NewGame("start", rules, c, 1)
	require.NoError(t, err)
	start := g.StartWear(1)
	for _, st := range res.Stats {
		require.Len(t, st.WearLeft, int(fd.NumCategories), st.Entrant)
		sum := 0.0
		for i := range fd.NumCategories {
			left, ok := st.WearLeft[i.String()]
			require.True(t, ok, "%s: no %s", st.Entrant, i)
			assert.GreaterOrEqual(t, left, 0.0, "%s %s", st.Entrant, i)
			assert.LessOrEqual(t, left, float64(start[i]), "%s %s", st.Entrant, i)
			sum += left
		}
		assert.InDelta(t, st.MeanWearLeft, sum, 1e-9, st.Entrant)
	}
}

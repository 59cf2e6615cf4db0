package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// fdrSetupGame is a two-car race under the competition rules on the oval,
// the grid rolled by the black die (no qualifying, R1.1), then the race
// weather rolled weatherRoll for the pole (R2.1: 1 sun, 20 rain on the
// oval); every pending setup decision before the race's tyres is the
// autopilot's. It returns the game at the first car's tyre decision.
func fdrSetupGame(t *testing.T, sessions, weatherRoll int) *fd.Game {
	t.Helper()
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	cfg := fd.FDRConfig()
	cfg.Sessions = sessions
	g, err := fd.NewGame("setup-fdr", cfg, c, 2)
	require.NoError(t, err)
	src := dice.NewScripted(4, 9, weatherRoll)
	if sessions > 0 {
		src = dice.NewScripted(weatherRoll) // R1.2: the session's weather
	}
	require.NoError(t, g.Start(src))
	for {
		d := g.Pending()
		require.NotNil(t, d)
		if d.Kind == fd.DecideTyres {
			return g
		}
		o, ok := fd.AutopilotFor(g, d.Car)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
}

// tyreOrdered is the tyre an order fits at a pending tyre or pit decision.
func tyreOrdered(t *testing.T, g *fd.Game, o fd.Order) fd.Tyre {
	t.Helper()
	for _, d := range g.PendingAll() {
		if d.Car != o.Car {
			continue
		}
		for _, op := range d.Options {
			if op.Letter == o.Letter {
				return op.Tyre
			}
		}
	}
	t.Fatalf("order %+v fits no tyre offered", o)
	return 0
}

// A legend fits soft tyres for a dry race (R8.5: a space more on every
// move of the set's first lap) and rain tyres for a wet one (R8.8); its
// qualifying tyres are the autopilot's (R1.5), and a pro's race tyres too.
func TestLegendRaceTyresForTheWeather(t *testing.T) {
	legend := Driver{Level: Legend}
	cases := []struct {
		name               string
		sessions, weather  int
		legendTyre, proTyr fd.Tyre
	}{
		{"dry race", 0, 1, fd.Soft, fd.Hard},
		{"wet race", 0, 20, fd.RainTyre, fd.RainTyre},
		{"dry qualifying", 1, 1, fd.Hard, fd.Hard},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := fdrSetupGame(t, tc.sessions, tc.weather)
			assert.Equal(t, tc.sessions > 0, g.TyresForQualifying())
			car := g.Pending().Car
			o, ok := legend.Order(g, car)
			require.True(t, ok)
			assert.Equal(t, tc.legendTyre, tyreOrdered(t, g, o))
			p, ok := Driver{Level: Pro}.Order(g, car)
			require.True(t, ok)
			assert.Equal(t, tc.proTyr, tyreOrdered(t, g, p))
		})
	}
}

// At a stop on a dry track a legend takes the autopilot's stop (quick or
// long, the same repairs) on a new set of softs (R19.11, R19.14): one more
// lap with the bonus; a pro's stop is the autopilot's. The cars are driven
// to their stops by pros (fixed dice).
func TestLegendStopsForSofts(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	seed := fd.SeedFrom("x")
	g, err := fd.NewGame(fd.GameIDFor(seed), fd.FDRConfig(), c, 4)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	pro := Driver{Level: Pro}
	stops := 0
	for !g.Over {
		d := g.Pending()
		require.NotNil(t, d)
		if d.Kind == fd.DecidePit && dryTrack(g.Weather()) {
			stops++
			auto, ok := fd.AutopilotFor(g, d.Car)
			require.True(t, ok)
			o, ok := Driver{Level: Legend}.Order(g, d.Car)
			require.True(t, ok)
			assert.Equal(t, fd.Soft, tyreOrdered(t, g, o))
			assert.NotEqual(t, fd.Soft, tyreOrdered(t, g, auto))
			var a, l fd.Option
			for _, op := range d.Options {
				if op.Letter == auto.Letter {
					a = op
				}
				if op.Letter == o.Letter {
					l = op
				}
			}
			assert.Equal(t, a.Technical, l.Technical)
			assert.Equal(t, a.Repair, l.Repair)
			p, ok := pro.Order(g, d.Car)
			require.True(t, ok)
			assert.Equal(t, auto, p)
		}
		o, ok := pro.Order(g, d.Car)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	assert.Equal(t, 2, stops, "the race's stops on a dry track")
}

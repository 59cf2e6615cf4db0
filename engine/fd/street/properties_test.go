package street

import (
	"encoding/hex"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// Properties over many autopilot street races on race-city: the race ends,
// the board stays legal, wear stays within 0 and the driver's card, every
// car has its own driver, the record replays event for event and verifies.

func streetRaces() int {
	if raceDetector {
		return 60
	}
	if testing.Short() {
		return 100
	}
	return 1000
}

func TestStreetAutopilotRaces(t *testing.T) {
	c, err := tracks.Get("race-city")
	require.NoError(t, err)
	n := streetRaces()
	const chunks = 4 // in parallel: a thousand races take a while on one core
	var mu sync.Mutex
	finished, cars := 0, 0
	t.Run("chunks", func(t *testing.T) {
		for k := range chunks {
			t.Run(fmt.Sprint(k), func(t *testing.T) {
				t.Parallel()
				f, n2 := streetRaceRange(t, c, k, chunks, n)
				mu.Lock()
				finished, cars = finished+f, cars+n2
				mu.Unlock()
			})
		}
	})
	t.Logf("%d street races, %d of %d cars finished (%.1f%%)", n, finished, cars, 100*float64(finished)/float64(cars))
}

// streetRaceRange plays races k, k+step, … below n and counts the cars
// finished and raced.
func streetRaceRange(t *testing.T, c *tracks.Circuit, k, step, n int) (finished, cars int) {
	for i := k; i < n; i += step {
		cfg := Config()
		if i%3 == 1 {
			cfg.Optional.Weather = true
		}
		if i%5 == 2 {
			cfg.Laps = 1
		}
		if i%7 == 3 {
			cfg.Laps = 3
		}
		ncars := 2 + i%8
		if cfg.Optional.Weather {
			ncars = 2 + i%9
		}
		seed := fd.SeedFrom(fmt.Sprintf("street-%d", i))
		g, rec := streetCheckedRace(t, cfg, c, ncars, seed, i)
		drivers := map[string]bool{}
		for k := range g.Cars {
			car := &g.Cars[k]
			require.NotEmpty(t, driverKey(car), "race %d: car %d has no driver", i, car.Number)
			require.False(t, drivers[driverKey(car)], "race %d: driver %s twice", i, driverKey(car))
			drivers[driverKey(car)] = true
			if !cfg.Optional.Weather {
				require.NotEqual(t, DriverJulien, driverKey(car), "U-GEN-01")
			}
			cars++
			if car.Status == fd.Finished {
				finished++
			}
		}
		streetCheckLimits(t, g, i)
		if i%10 == 0 {
			back, err := fd.ParseRecord(rec.Text())
			require.NoError(t, err)
			g2, err := fd.Replay(back, c)
			require.NoError(t, err, "race %d", i)
			require.Equal(t, g.Results(), g2.Results())
			require.NoError(t, fd.Verify(back))
		}
	}
	return finished, cars
}

// streetCheckedRace is fdrCheckedRace with the drivers picked in turn from
// the table (rotated by k), so that every ability plays.
func streetCheckedRace(t *testing.T, cfg fd.Config, c *tracks.Circuit, cars int, seed [dice.SeedSize]byte, k int) (*fd.Game, *fd.Record) {
	t.Helper()
	gid := fd.GameIDFor(seed)
	g, err := fd.NewGame(gid, cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	for !g.Over {
		o, ok := fd.Autopilot(g)
		require.True(t, ok, "nothing pending in a game that is not over")
		if d := g.Pending(); d.Kind == DecideDriver {
			o.Letter = d.Options[(k+d.Car)%len(d.Options)].Letter
		}
		require.NoError(t, g.Submit(o, src))
		fdtest.CheckBoard(t, g)
		for i := range g.Cars {
			if car := &g.Cars[i]; car.OnBoard() && !c.Spaces[car.Space].Playable() {
				t.Errorf("play %d: car %d inside the tunnel on %s (U-TUN-01)", g.Play, car.Number, c.Spaces[car.Space].Name)
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	rec := &fd.Record{Game: gid, Rules: cfg.Rules, Options: cfg.Options(), Track: "race-city", Cars: cars,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: g.Events}
	return g, rec
}

// streetCheckLimits checks the once-per-lap and once-per-race limits in the
// record: nitro and Temana's drop once per lap (AMB-28: between line
// crossings), the radio once per race, one police award per lap.
func streetCheckLimits(t *testing.T, g *fd.Game, race int) {
	t.Helper()
	nitro, drop, radio := map[string]int{}, map[string]int{}, map[string]int{}
	awards := map[string]int{}
	for _, e := range g.Events {
		car := e.Get("car")
		switch e.Kind {
		case "lap":
			nitro[car], drop[car] = 0, 0
		case "nitro":
			nitro[car]++
			require.LessOrEqual(t, nitro[car], 1, "race %d: car %s nitro twice in a lap", race, car)
		case "drop":
			drop[car]++
			require.LessOrEqual(t, drop[car], 1, "race %d: car %s drops twice in a lap", race, car)
		case "radio":
			radio[car]++
			require.LessOrEqual(t, radio[car], 1, "race %d: car %s radio twice", race, car)
		case "police-award":
			awards[e.Get("lap")]++
			require.LessOrEqual(t, awards[e.Get("lap")], 1, "race %d: two police awards in lap %s", race, e.Get("lap"))
		}
	}
	require.True(t, g.Over)
	places := map[int]bool{}
	for i := range g.Cars {
		c := &g.Cars[i]
		require.NotEqual(t, fd.Racing, c.Status)
		if c.Status == fd.Finished {
			require.Equal(t, g.Config.Laps, c.Laps)
			places[c.Place] = true
		}
	}
	for p := 1; p <= len(places); p++ {
		require.True(t, places[p], "race %d: place %d missing", race, p)
	}
}

package fd

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Properties over many autopilot races. checkedRace mirrors Simulate and
// checks the board after every order.
func checkedRace(t *testing.T, cfg Config, c *tracks.Circuit, id string, cars int, seed [dice.SeedSize]byte) (*Game, *Record) {
	t.Helper()
	return playChecked(t, cfg, c, id, cars, seed, checkBoard)
}

// playChecked plays a race with the autopilot, running check after the
// start and after every order, and returns the game and its record.
func playChecked(t *testing.T, cfg Config, c *tracks.Circuit, id string, cars int, seed [dice.SeedSize]byte, check func(*testing.T, *Game)) (*Game, *Record) {
	t.Helper()
	gid := GameIDFor(seed)
	g, err := NewGame(gid, cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	check(t, g)
	for !g.Over {
		o, ok := Autopilot(g)
		require.True(t, ok, "nothing pending in a game that is not over")
		require.NoError(t, g.Submit(o, src))
		check(t, g)
		if t.Failed() {
			t.FailNow()
		}
	}
	rec := &Record{Game: gid, Rules: cfg.Rules, Options: cfg.Options(), Track: id, Cars: cars,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: g.Events}
	return g, rec
}

// checkBoard: no two cars on one space (R-MOV-02), wear within 0 and the
// starting values (R-PS-02, R-PS-04), laps within the race.
func checkBoard(t *testing.T, g *Game) {
	t.Helper()
	seen := map[tracks.SpaceID]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.OnBoard() {
			if other, dup := seen[c.Space]; dup {
				t.Errorf("play %d: cars %d and %d both on %s", g.Play, other, c.Number, g.Track.Spaces[c.Space].Name)
			}
			seen[c.Space] = c.Number
		}
		for cat, v := range c.Wear {
			if v < 0 || v > g.Config.Start[cat] {
				t.Errorf("play %d: car %d %s = %d, outside 0..%d", g.Play, c.Number, Category(cat), v, g.Config.Start[cat])
			}
		}
		if c.Laps > g.Config.Laps {
			t.Errorf("play %d: car %d has %d laps of %d", g.Play, c.Number, c.Laps, g.Config.Laps)
		}
		if c.Status == Racing && c.Space == tracks.NoSpace {
			t.Errorf("play %d: racing car %d is off the board", g.Play, c.Number)
		}
	}
}

// checkRecord: each car plays at most once per round (R-ORD-01, R-ORD-06),
// finishers have run every lap and are placed 1, 2, 3 … in crossing order.
func checkRecord(t *testing.T, g *Game) {
	t.Helper()
	var played map[string]bool
	for _, e := range g.Events {
		switch e.Kind {
		case "round":
			played = map[string]bool{}
		case "turn":
			car := e.Get("car")
			assert.False(t, played[car], "car %s plays twice in one round", car)
			played[car] = true
		}
	}
	require.True(t, g.Over)
	places := map[int]bool{}
	for i := range g.Cars {
		c := &g.Cars[i]
		assert.NotEqual(t, Racing, c.Status, "car %d still racing when the race is over", c.Number)
		if c.Status == Finished {
			assert.Equal(t, g.Config.Laps, c.Laps, "car %d finished", c.Number)
			places[c.Place] = true
		}
	}
	for p := 1; p <= len(places); p++ {
		assert.True(t, places[p], "place %d missing", p)
	}
}

func TestPropertiesAutopilotRaces(t *testing.T) {
	c := ovalTrack(t)
	step := 1
	if testing.Short() || raceDetector {
		step = 5 // p1, p6, p11 … under the race detector
	}
	for i := 1; i <= 300; i += step {
		seedWord := "p" + strconv.Itoa(i)
		cars := 2 + i%9
		t.Run(seedWord, func(t *testing.T) {
			seed := SeedFrom(seedWord)
			g, rec := checkedRace(t, DefaultConfig(), c, "test-oval", cars, seed)
			checkRecord(t, g)
			text := rec.Text()
			if i%10 == 1 {
				// the mirror loop is Simulate, and a seed is a game
				_, simRec, err := Simulate(DefaultConfig(), c, "test-oval", cars, seed)
				require.NoError(t, err)
				require.Equal(t, text, simRec.Text())
			}
			back, err := ParseRecord(text)
			require.NoError(t, err)
			g2, err := Replay(back, c)
			require.NoError(t, err)
			assert.Equal(t, g.Results(), g2.Results())
			assert.NoError(t, Verify(back))
		})
	}
}

func TestPropertiesOtherCircuits(t *testing.T) {
	races := 3
	if testing.Short() || raceDetector {
		races = 1
	}
	for _, id := range tracks.IDs() {
		if id == "test-oval" {
			continue
		}
		c, err := tracks.Get(id)
		require.NoError(t, err)
		for i := range races {
			cfg := DefaultConfig()
			cfg.Laps = 2 + i%2
			cars := []int{10, 6, 3}[i%3]
			t.Run(fmt.Sprintf("%s-%d", id, i), func(t *testing.T) {
				seed := SeedFrom(fmt.Sprintf("%s/%d", id, i))
				g, rec := checkedRace(t, cfg, c, id, cars, seed)
				checkRecord(t, g)
				back, err := ParseRecord(rec.Text())
				require.NoError(t, err)
				g2, err := Replay(back, c)
				require.NoError(t, err)
				assert.Equal(t, g.Results(), g2.Results())
				assert.NoError(t, Verify(back))
			})
		}
	}
}

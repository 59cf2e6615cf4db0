package fdr

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// Properties over a few hundred autopilot races under the competition
// rules, on every embedded circuit: the race ends, the board stays legal,
// wear stays within 0 and the car's configuration, a lapped car plays at
// most twice a round, the record replays event for event and verifies.

// fdrRecordCheck checks a finished race's record under fdr's own rules
// (a car plays at most twice a round, R6.10; the classification; a
// wreck's reason): fdr's, so it stays here rather than in fdtest.
func fdrRecordCheck(t *testing.T, g *fd.Game) {
	t.Helper()
	played := map[string]int{}
	for _, e := range g.Events {
		switch e.Kind {
		case "round":
			played = map[string]int{}
		case "turn":
			car := e.Get("car")
			played[car]++
			assert.LessOrEqual(t, played[car], 2, "car %s plays more than twice in a round (R6.10)", car)
		}
	}
	require.True(t, g.Over)
	places := map[int]bool{}
	for i := range g.Cars {
		c := &g.Cars[i]
		assert.NotEqual(t, fd.Racing, c.Status, "car %d still racing when the race is over", c.Number)
		if c.Status == fd.Finished {
			// a contest's cars drove its sessions, not the race (AX-2); a red
			// flag classifies on the lap before, a second part when its
			// winner crosses the line (21-B)
			if !g.ContestOnly() && g.RedFlagLap() == 0 && !redFlagInTwoParts(g) && !stoppedByAnAccident(g) {
				assert.Equal(t, g.Config.Laps, c.Laps, "car %d finished", c.Number)
			}
			places[c.Place] = true
		}
		if c.Status == fd.Eliminated {
			assert.NotEmpty(t, c.EliminationReason(), "car %d: T8 reason", c.Number)
			// a wreck stays until its next turn (R12.6): one made by the
			// race's last play is still there when the race is over
			if isWreck(c) {
				assert.Contains(t, []string{fd.ReasonBlocking, fd.ReasonCollision, fd.ReasonWall}, c.EliminationReason(), "car %d: only a blocking, a collision or the wall leaves a wreck", c.Number)
			} else {
				assert.False(t, c.OnBoard(), "car %d is still on the board", c.Number)
			}
		}
	}
	for p := 1; p <= len(places); p++ {
		assert.True(t, places[p], "place %d missing", p)
	}
	for _, r := range g.Results() {
		assert.Len(t, r.Wear, 6)
		assert.Contains(t, r.Wear, "gas", "R0.3: gas, not gearbox")
		assert.NotContains(t, r.Wear, "gearbox")
	}
}

// redFlagInTwoParts says a red flag split the race in two (21-B, league
// AMB-46): Part 1's standing is in the record (red-flag-part), and a car
// finishing Part 2 is short of the race's laps. The base keeps that
// standing as it emits each red-flag-part line (redFlagPartOne); a live
// game's record has them all.
func redFlagInTwoParts(g *fd.Game) bool {
	kind := fd.RedFlagPartEvent{}.EventKind()
	return slices.ContainsFunc(g.Events, func(e fd.Event) bool { return e.Kind == kind })
}

// stoppedByAnAccident says a serious accident ended the race after its
// first lap (20-A, league AMB-43): it is classified in the order of the
// moment, its cars short of the laps.
func stoppedByAnAccident(g *fd.Game) bool {
	for _, e := range g.Events {
		if e.Kind == "accident-stop" && e.Get("outcome") == "ended" {
			return true
		}
	}
	return false
}

func TestFDRPropertiesAutopilotRaces(t *testing.T) {
	perCircuit := 40
	if testing.Short() || fdrRaceDetector {
		perCircuit = 4
	}
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		for i := range perCircuit {
			seedWord := fmt.Sprintf("fdr-%s-%d", id, i)
			cars := 2 + i%7
			cfg := FDRConfig()
			cfg.Laps = 1 + i%3
			cfg.Sessions = i % 3
			t.Run(seedWord, func(t *testing.T) {
				seed := fd.SeedFrom(seedWord)
				g, rec := fdtest.AutopilotRace(t, cfg, c, id, cars, seed)
				fdrRecordCheck(t, g)
				text := rec.Text()
				if i%10 == 0 {
					_, simRec, err := fd.Simulate(cfg, c, id, cars, seed)
					require.NoError(t, err)
					require.Equal(t, text, simRec.Text(), "Simulate is the same loop")
				}
				back, err := fd.ParseRecord(text)
				require.NoError(t, err)
				g2, err := fd.Replay(back, c)
				require.NoError(t, err, "replay equals live")
				assert.Equal(t, g.Results(), g2.Results())
				assert.NoError(t, fd.Verify(back))
				// a position taken at the end replays as a position
				assert.Equal(t, g.Position(), g2.Position())
			})
		}
	}
}

// Most cars finish: at least 70% over 20 six-car races of three laps on
// every embedded circuit.
func TestFDRFinishRate(t *testing.T) {
	if testing.Short() || fdrRaceDetector {
		t.Skip("120 full races")
	}
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		finished, total := 0, 0
		reasons := map[string]int{}
		for i := range 20 {
			g, _, err := fd.Simulate(FDRConfig(), c, id, 6, fd.SeedFrom(fmt.Sprintf("rate-%s-%d", id, i)))
			require.NoError(t, err)
			for _, r := range g.Results() {
				total++
				if r.Status == "finished" {
					finished++
				} else {
					reasons[r.Reason]++
				}
			}
		}
		rate := float64(finished) / float64(total)
		t.Logf("%s: %d of %d finished (%.0f%%), out: %v", id, finished, total, 100*rate, reasons)
		assert.GreaterOrEqual(t, rate, 0.70, id)
	}
}

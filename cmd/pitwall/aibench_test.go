package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pitwall ai-bench prints a row per driver and the head-to-head rates;
// the same arguments give the same bytes; --json carries the same numbers.
func TestAIBenchCLI(t *testing.T) {
	args := []string{"ai-bench", "--races", "2", "--track", "test-oval", "--level", "pro", "--level", "legend"}
	out1 := aiBenchTwice(t, args)
	for _, want := range []string{"mean place", "win rate", "DNF rate", "plays per lap", "mean wear left", "pit stops", "pro beats legend", "pro beats autopilot", "legend beats autopilot"} {
		assert.Contains(t, out1, want)
	}
	lines := strings.Split(out1, "\n")
	rows := 0
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && (f[0] == "pro" || f[0] == "legend" || f[0] == "autopilot") {
			rows++
		}
	}
	assert.Equal(t, 3, rows, "one row per driver:\n%s", out1)

	wins := aiBenchWins(t, args, 2, 3, 4) // 2 cars × 2 races
	assert.InDelta(t, 1, wins, 1e-9, "one winner a race")

	_, _, err := runTrackCLI(t, "ai-bench", "--level", "ace")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "rookie, pro, legend")
}

// pitwall ai-bench --rules street races the levels on race-city by default
// (§2.18); a street race on a circuit that is not a street circuit is
// refused with the rule.
func TestAIBenchStreet(t *testing.T) {
	out, _, err := runTrackCLI(t, "ai-bench", "--races", "1", "--rules", "street", "--level", "pro", "--json")
	require.NoError(t, err)
	var res struct {
		Races int `json:"races"`
		Stats []struct {
			Entrant string `json:"entrant"`
			Cars    int    `json:"cars"`
		} `json:"stats"`
		H2H []struct {
			Circuit string `json:"circuit"`
		} `json:"head_to_head"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, 1, res.Races)
	require.Len(t, res.Stats, 2)
	assert.Equal(t, "pro", res.Stats[0].Entrant)
	assert.Equal(t, 2, res.Stats[0].Cars)
	require.Len(t, res.H2H, 1)
	assert.Equal(t, "race-city", res.H2H[0].Circuit)

	_, _, err = runTrackCLI(t, "ai-bench", "--races", "1", "--rules", "street", "--track", "oval")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a street circuit")
}

// pitwall ai-bench --game rs races the levels in Racing Simulator on both
// circuits by default, the same table; the same arguments give the same
// bytes.
func TestAIBenchRS(t *testing.T) {
	args := []string{"ai-bench", "--game", "rs", "--mode", "family", "--races", "1", "--per-level", "1"}
	out1 := aiBenchTwice(t, args)
	for _, want := range []string{"Racing Simulator, family game", "mean place", "tyre cards left", "cragsby", "windmere", "rookie beats pro", "legend beats autopilot"} {
		assert.Contains(t, out1, want)
	}
	wins := aiBenchWins(t, args, 2, 4, 2) // 1 car × 2 races
	assert.LessOrEqual(t, wins, 1.0, "a system car may win")

	_, _, err := runTrackCLI(t, "ai-bench", "--game", "rs", "--optional", "warp-drive")
	require.Error(t, err)
}

// aiBenchTwice runs ai-bench twice with the same arguments: the same
// bytes both times (the bench is deterministic given its arguments).
func aiBenchTwice(t *testing.T, args []string) string {
	t.Helper()
	out1, _, err := runTrackCLI(t, args...)
	require.NoError(t, err)
	out2, _, err := runTrackCLI(t, args...)
	require.NoError(t, err)
	assert.Equal(t, out1, out2, "same arguments, same bytes")
	return out1
}

// aiBenchWins runs ai-bench --json, checks its races, its number of
// entrants and each entrant's cars, and returns the win rates summed.
func aiBenchWins(t *testing.T, args []string, races, entrants, carsEach int) float64 {
	t.Helper()
	js, _, err := runTrackCLI(t, append(args, "--json")...)
	require.NoError(t, err)
	var res struct {
		Races int `json:"races"`
		Stats []struct {
			Entrant string  `json:"entrant"`
			Cars    int     `json:"cars"`
			WinRate float64 `json:"win_rate"`
		} `json:"stats"`
	}
	require.NoError(t, json.Unmarshal([]byte(js), &res))
	assert.Equal(t, races, res.Races)
	require.Len(t, res.Stats, entrants)
	wins := 0.0
	for _, s := range res.Stats {
		assert.Equal(t, carsEach, s.Cars, s.Entrant)
		wins += s.WinRate
	}
	return wins
}

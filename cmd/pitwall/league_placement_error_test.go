package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

// league placement-error LEAGUE PILOT --round N [--count K] (24-C, FDR
// R1.12): refused with a sentence before the round is recorded, for an
// unknown pilot and a count under 1; then entered (1 when --count is
// unsaid), listed by league show (text and placement_errors in --json)
// and ranked by the standings, 10 rolls an error per session.
func TestLeagueCLIPlacementError(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Misplaced", "--variant", "24-C")
	run("league", "add-event", "misplaced", "--track", "test-oval", "--date", "2020-01-01", "--laps", "1")
	run("league", "enter", "misplaced", "Anna")
	run("league", "enter", "misplaced", "Bob")
	assert.Contains(t, cli.refused("league", "placement-error", "misplaced", "Anna", "--round", "1"), "round 1 has no recorded result yet")

	v := serveLeagueUntil(t, cli.db, "misplaced", func(v bot.LeagueView) bool { return v.Events[0].Game != "" })
	run("game", "autoplay", v.Events[0].Game)
	serveLeagueUntil(t, cli.db, "misplaced", func(v bot.LeagueView) bool { return v.Events[0].State == "finished" })

	assert.Contains(t, cli.refused("league", "placement-error", "misplaced", "Zoe", "--round", "1"), `no pilot "Zoe" in this league`)
	assert.Contains(t, cli.refused("league", "placement-error", "misplaced", "Anna", "--round", "1", "--count", "0"), "a pilot makes 1 to 50 placement errors in a lap, not 0")
	assert.Contains(t, cli.refused("league", "placement-error", "misplaced", "Anna", "--round", "2"), "Misplaced has no round 2: its rounds are 1 to 1")
	assert.Equal(t, "Anna: 3 placement errors at round 1's qualifying, 30 rolls more (R1.12); 3 placement errors this season.\n",
		run("league", "placement-error", "misplaced", "Anna", "--round", "1", "--count", "3"))
	assert.Equal(t, "Bob: 1 placement error at round 1's qualifying, 10 rolls more (R1.12); 1 placement error this season.\n",
		run("league", "placement-error", "misplaced", "Bob", "--round", "1"))

	assert.Contains(t, run("league", "show", "misplaced"), "Placement errors (24-C):\n  Anna, 3 placement errors at round 1.\n  Bob, 1 placement error at round 1.\n")
	var show struct {
		PlacementErrors []struct {
			Pilot string `json:"pilot"`
			Round int    `json:"round"`
			Count int    `json:"count"`
		} `json:"placement_errors"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "misplaced", "--json")), &show))
	require.Len(t, show.PlacementErrors, 2)
	assert.Equal(t, 3, show.PlacementErrors[0].Count)
	assert.Contains(t, run("league", "standings", "misplaced"), "  1. Bob, 10 error roll(s) in 1 session(s)\n  2. Anna, 30 error roll(s) in 1 session(s)\n")
	var st struct {
		Trophies struct {
			PlacementErrors []struct {
				Name  string `json:"name"`
				Rolls int    `json:"rolls"`
			} `json:"placement_errors"`
		} `json:"trophies"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "misplaced", "--json")), &st))
	require.Len(t, st.Trophies.PlacementErrors, 2)
	assert.Equal(t, "Bob", st.Trophies.PlacementErrors[0].Name)
	assert.Equal(t, 30, st.Trophies.PlacementErrors[1].Rolls)
}

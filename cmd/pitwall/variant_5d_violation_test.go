package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// serveLeagueUntil runs the server's loop on db until the league reads
// as done wants (an event opened, a result recorded), then stops it.
func serveLeagueUntil(t *testing.T, db, name string, done func(bot.LeagueView) bool) bot.LeagueView {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer store.Close()
	svc := bot.New(bot.Options{Store: store})
	defer svc.Close()
	runCtx, cancel := context.WithCancel(ctx)
	stopped := make(chan error, 1)
	var out strings.Builder
	go func() { stopped <- svc.Run(runCtx, &out) }()
	var v bot.LeagueView
	require.Eventually(t, func() bool {
		var err error
		v, err = svc.League(ctx, name)
		return err == nil && done(v)
	}, 10e9, 10e6)
	cancel()
	require.NoError(t, <-stopped)
	return v
}

// league violation LEAGUE PILOT ROUND (5-D): refused with a sentence
// before the round is recorded and in a league without 5-D; then Anna's
// round 1 is disqualified, league show says it (text and
// config_violations in --json) and the standings give her no points.
func TestLeagueCLIConfigViolation(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Sealed", "--variant", "5-D")
	run("league", "add-event", "sealed", "--track", "test-oval", "--date", "2020-01-01", "--laps", "1")
	run("league", "enter", "sealed", "Anna")
	run("league", "enter", "sealed", "Bob")
	assert.Contains(t, cli.refused("league", "violation", "sealed", "Anna", "1"), "round 1 has no recorded result yet")

	v := serveLeagueUntil(t, cli.db, "sealed", func(v bot.LeagueView) bool { return v.Events[0].Game != "" })
	run("game", "autoplay", v.Events[0].Game)
	serveLeagueUntil(t, cli.db, "sealed", func(v bot.LeagueView) bool { return v.Events[0].State == "finished" })

	assert.Contains(t, cli.refused("league", "violation", "sealed", "Zoe", "1"), `no pilot "Zoe" raced round 1`)
	assert.Equal(t, "Anna is disqualified from round 1: a non-conforming car, configuration violation no. 1 (5-D).\n", run("league", "violation", "sealed", "Anna", "1"))
	assert.Contains(t, cli.refused("league", "violation", "sealed", "Anna", "1"), "is entered already")
	assert.Contains(t, run("league", "show", "sealed"), "Configuration violations (5-D):\n  Round 1: Anna disqualified, a non-conforming car (violation no. 1).\n")
	var show struct {
		Violations []struct {
			Pilot string `json:"pilot"`
			Round int    `json:"round"`
			Count int    `json:"count"`
		} `json:"config_violations"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "sealed", "--json")), &show))
	require.Len(t, show.Violations, 1)
	assert.Equal(t, [3]any{"Anna", 1, 1}, [3]any{show.Violations[0].Pilot, show.Violations[0].Round, show.Violations[0].Count})
	var st struct {
		Drivers []struct {
			Name    string `json:"name"`
			Points  int    `json:"points"`
			Results []struct {
				Status string `json:"status"`
			} `json:"results"`
		} `json:"drivers"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "sealed", "--json")), &st))
	for _, d := range st.Drivers {
		if d.Name == "Anna" {
			assert.Zero(t, d.Points)
			assert.Equal(t, "excluded", d.Results[0].Status)
		} else {
			assert.Equal(t, 10, d.Points, "Bob wins the race")
		}
	}

	run("league", "create", "Open", "--variant", "21-A")
	assert.Contains(t, cli.refused("league", "violation", "open", "Anna", "1"), "does not play 5-D")
}

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// Issue 16 ("Each variant … turned on by option in the record header and
// --variant ID on sim, game create and league create"): walk what
// `pitwall variants --json` lists and turn every entry on through each
// command that must take it, with its default parameters, as the README's
// League variants section and the command rows say:
//   - a game switch (engine: true): sim plays a race whose record's header
//     names it and verifies; game create makes a game whose stored record's
//     header names it; league create keeps it for every event's game;
//   - a league rule or a side event the league runs (engine: false): league
//     create keeps it; sim and game create refuse it with a sentence saying
//     a league plays it.
//
// A variant refused by a command that must take it, or taken and left out
// of the record (ignored), fails here by its id.
func TestEveryListedVariantIsTakenByItsCommands(t *testing.T) {
	out, _, err := runTrackCLI(t, "variants", "--json")
	require.NoError(t, err)
	var list []fd.Variant
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	require.Len(t, list, 62+5, "league-variants.md's 62 variants and 5 side events")

	cli := newCLIOnDB(t, "switches.db")
	dir := t.TempDir()
	games := map[string]string{} // variant id → game made by game create
	for _, v := range list {
		require.True(t, v.Implemented, "%s is listed as built (issue 16)", v.ID)
		league := "Switch " + v.ID
		cli.run("league", "create", league, "--rules", "fdr", "--variant", v.ID)
		var show bot.LeagueView
		require.NoError(t, json.Unmarshal([]byte(cli.run("league", "show", league, "--json")), &show))
		assert.True(t, hasVariant(show.Variants, v.ID), "league create --variant %s: the league keeps it, has %v", v.ID, show.Variants)

		game := []string{"game", "create", "--track", "test-oval", "--rules", "fdr", "--laps", "1", "--seat", "Anna", "--seat", "Bob", "--seed", "switch-" + v.ID, "--variant", v.ID}
		sim := []string{"sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--laps", "1", "--seed", "switch-" + v.ID, "--variant", v.ID}
		if !v.Engine {
			kind := "a league rule"
			if v.Scope == fd.ScopeSideEvent {
				kind = "a league side event"
			}
			for _, refused := range []string{cli.refused(game...), simRefused(t, sim...)} {
				assert.Contains(t, refused, "variant "+v.ID+" ("+v.Name+") is "+kind+": a league plays it (league create --variant "+v.ID+")", "%s is %s scope, not one game's", v.ID, v.Scope)
			}
			continue
		}
		games[v.ID] = strings.TrimSpace(cli.run(game...))

		rec := filepath.Join(dir, v.ID+".rec")
		_, stderr, err := runTrackCLI(t, append(sim, "--record", rec)...)
		require.NoError(t, err, "sim --variant %s: %s", v.ID, stderr)
		b, err := os.ReadFile(rec)
		require.NoError(t, err)
		assert.True(t, headerNames(strings.Split(string(b), "\n"), v.ID), "sim --variant %s: the record's header names it", v.ID)
		_, stderr, err = runTrackCLI(t, "verify", rec)
		assert.NoError(t, err, "sim --variant %s: the record verifies: %s", v.ID, stderr)
	}

	// the stored game's record, as its web page's record.txt gives it
	ctx := context.Background()
	store, err := sqlite.Open(ctx, cli.db)
	require.NoError(t, err)
	defer store.Close()
	svc := bot.New(bot.Options{Store: store})
	defer svc.Close()
	for id, game := range games {
		text, err := svc.GameRecord(ctx, game)
		require.NoError(t, err, id)
		assert.True(t, headerNames(strings.Split(text, "\n"), id), "game create --variant %s: game %s's record header names it", id, game)
	}
}

// simRefused runs sim expecting a refusal and returns the sentence.
func simRefused(t *testing.T, args ...string) string {
	t.Helper()
	_, stderr, err := runTrackCLI(t, args...)
	require.Error(t, err, "%v", args)
	return err.Error() + stderr
}

// headerNames reports whether the record's header (the option lines before
// its first play) turns the variant on: option variant.ID=….
func headerNames(lines []string, id string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, "option variant."+id+"=") {
			return true
		}
	}
	return false
}

func hasVariant(specs []string, id string) bool {
	for _, s := range specs {
		if s == id || strings.HasPrefix(s, id+":") {
			return true
		}
	}
	return false
}

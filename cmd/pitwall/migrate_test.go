package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// A community moves from SQLite to PostgreSQL: every game (a finished
// race, a running one with deadlines), player, seat, inbound key and
// pending message comes along; every game shows the same afterwards and
// the running race plays on to a verified end.
func TestMigrateToPostgres(t *testing.T) {
	db := filepath.Join(t.TempDir(), "league.db")
	run := func(args ...string) string {
		t.Helper()
		out, stderr, err := runTrackCLI(t, args...)
		require.NoError(t, err, stderr)
		return out
	}
	done := strings.TrimSpace(run("--db", db, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seat", "Bob", "--seed", "mig-1"))
	run("--db", db, "game", "autoplay", done)
	running := strings.TrimSpace(run("--db", db, "game", "create", "--track", "test-oval", "--rules", "fdr", "--seat", "Anna", "--seat", "Cleo", "--seed", "mig-2", "--deadline", "24h"))
	run("--db", db, "game", "autoplay", running, "--max", "5")
	token := strings.TrimSpace(run("--db", db, "player", "set", "Anna", "--email", "anna@example.org"))

	ctx := context.Background()
	src, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	var pending []persistence.Message
	var deadlines []persistence.Deadline
	require.NoError(t, src.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		if pending, err = tx.Pending(time.Now().Add(time.Hour), 0); err != nil {
			return err
		}
		deadlines, err = tx.Deadlines(running)
		return err
	}))
	require.NoError(t, src.Close())
	require.NotEmpty(t, pending)
	require.NotEmpty(t, deadlines)
	showBefore := map[string]string{}
	for _, id := range []string{done, running} {
		showBefore[id] = run("--db", db, "game", "show", id, "--json")
	}

	url := pgtest.URL(t)
	out := run("migrate", "--from", db, "--to", url)
	assert.Contains(t, out, "2 games")
	assert.Contains(t, out, "every game verified")
	assert.Equal(t, 1, strings.Count(out, "\n"))

	for id, before := range showBefore {
		assert.Equal(t, before, run("--db", url, "game", "show", id, "--json"), "game %s shows the same after the move", id)
	}
	dst, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	require.NoError(t, dst.View(ctx, func(tx persistence.ReadTx) error {
		got, err := tx.Pending(time.Now().Add(time.Hour), 0)
		require.NoError(t, err)
		assert.Equal(t, pending, got, "the outbox moved, ids and all")
		ds, err := tx.Deadlines(running)
		require.NoError(t, err)
		assert.Equal(t, deadlines, ds)
		p, err := tx.PlayerByIdentity(persistence.IdentityEmail, "anna@example.org")
		require.NoError(t, err)
		assert.Equal(t, "Anna", p.Name)
		return nil
	}))
	// new messages get ids after the moved ones
	require.NoError(t, dst.Update(ctx, func(tx persistence.Tx) error {
		id, err := tx.Enqueue(persistence.Message{Transport: "cli", Target: "x", Text: "after", Created: time.Now()})
		assert.Greater(t, id, pending[len(pending)-1].ID)
		return err
	}))
	require.NoError(t, dst.Close())
	assert.Equal(t, token, strings.TrimSpace(run("--db", url, "player", "set", "Anna", "--email", "anna@example.org")), "the mail token survives (its secret moved)")

	// the running race plays on over PostgreSQL to a verified end
	run("--db", url, "game", "autoplay", running)
	assert.Contains(t, run("--db", url, "game", "verify", running), "every roll matches the seed")

	// a second move into a database that is no longer empty moves nothing
	_, stderr, err := runTrackCLI(t, "migrate", "--from", db, "--to", url)
	assertExit1(t, err)
	assert.Contains(t, stderr, "nothing was moved")
	assert.Contains(t, stderr, "not empty")
	_, stderr, err = runTrackCLI(t, "migrate", "--from", filepath.Join(t.TempDir(), "missing.db"), "--to", url)
	assertExit1(t, err)
	assert.Contains(t, stderr, "no such database file")
}

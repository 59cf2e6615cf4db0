package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// backupSource makes a Pitwall database with two games and returns its
// path and the still-open store (a running service, as far as the copy
// can tell).
func backupSource(t *testing.T) (string, *sqlite.Store) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pitwall.db")
	s, err := sqlite.Open(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	created := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		for _, id := range []string{"league-7/race-1", "league-7/race-2"} {
			if _, err := tx.CreateGame(persistence.Game{ID: id, Created: created, State: persistence.GameRunning}); err != nil {
				return err
			}
			if _, err := tx.Append(id, 0, "start fd2008 port-azur", "grid A B C"); err != nil {
				return err
			}
		}
		return nil
	}))
	return path, s
}

func assertExit1(t *testing.T, err error) {
	t.Helper()
	var ee exitError
	require.True(t, errors.As(err, &ee), "want an exitError, got %v", err)
	assert.Equal(t, 1, ee.code)
}

func TestBackupWritesAVerifiedCopy(t *testing.T) {
	src, _ := backupSource(t)
	dest := filepath.Join(t.TempDir(), "copy.db")
	stdout, stderr, err := runTrackCLI(t, "backup", "--db", src, "-o", dest)
	require.NoError(t, err, stderr)
	assert.Empty(t, stderr)
	assert.Regexp(t, fmt.Sprintf(`^backup: wrote %s \(\d+ KB; schema 3; 2 games, 4 record lines; every hash chain verified\)\n$`, regexp.QuoteMeta(dest)), stdout)

	c, err := sqlite.Open(context.Background(), dest)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.View(context.Background(), func(tx persistence.ReadTx) error {
		es, err := tx.Events("league-7/race-2", 0, 0)
		require.NoError(t, err)
		assert.Len(t, es, 2)
		return tx.VerifyChain("league-7/race-1")
	}))
}

func TestBackupRefusesToOverwrite(t *testing.T) {
	src, _ := backupSource(t)
	dest := filepath.Join(t.TempDir(), "copy.db")
	require.NoError(t, os.WriteFile(dest, []byte("yesterday's copy"), 0o644))
	stdout, stderr, err := runTrackCLI(t, "backup", "--db", src, "-o", dest)
	assertExit1(t, err)
	assert.Empty(t, stdout)
	assert.Equal(t, fmt.Sprintf("backup: %s already exists; not overwritten: file already exists\n", dest), stderr)
	b, _ := os.ReadFile(dest)
	assert.Equal(t, "yesterday's copy", string(b), "left as it was")
}

func TestBackupRefusesBadSources(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte("not a database\n"), 0o644))
	for _, c := range []struct{ db, want string }{
		{filepath.Join(dir, "missing.db"), "no such database file"},
		{text, "not an SQLite database"},
		{"", "needs --db"},
		{dir, "not a regular file"},
	} {
		dest := filepath.Join(dir, "copy.db")
		stdout, stderr, err := runTrackCLI(t, "backup", "--db", c.db, "-o", dest)
		assertExit1(t, err)
		assert.Empty(t, stdout)
		assert.Contains(t, stderr, c.want, "--db %q", c.db)
		_, statErr := os.Stat(dest)
		assert.True(t, errors.Is(statErr, os.ErrNotExist), "no copy written for --db %q", c.db)
	}
	_, err := os.Stat(filepath.Join(dir, "missing.db"))
	assert.True(t, errors.Is(err, os.ErrNotExist), "a missing database is not created")
}

func TestBackupNeedsBothFlags(t *testing.T) {
	_, stderr, err := runTrackCLI(t, "backup", "-o", filepath.Join(t.TempDir(), "c.db"))
	assertExit1(t, err)
	assert.Contains(t, stderr, "--db", "the global --db is required for a backup")
	_, _, err = runTrackCLI(t, "backup", "--db", "x.db")
	assert.ErrorContains(t, err, "-o")
}

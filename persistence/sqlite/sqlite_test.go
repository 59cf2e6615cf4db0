package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
	"github.com/pitwall/pitwall/persistence/storetest"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "pitwall.db"))
	require.NoError(t, err)
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Open:   func(t *testing.T) persistence.Store { return openTest(t) },
		Tamper: tamper,
	})
}

// tamper changes the file with raw SQL, as someone with the file could:
// the append-only triggers are dropped first.
func tamper(t *testing.T, ps persistence.Store, game string, seq int64, how storetest.Tampering) {
	s := ps.(*Store)
	ctx := context.Background()
	_, err := s.writer.ExecContext(ctx, `DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete`)
	require.NoError(t, err)
	var q string
	switch how {
	case storetest.EditLine:
		q = `UPDATE events SET line = line || ' (edited)' WHERE game_id = $1 AND seq = $2`
	case storetest.EditHash:
		q = `UPDATE events SET hash = zeroblob(32) WHERE game_id = $1 AND seq = $2`
	case storetest.DeleteLine:
		q = `DELETE FROM events WHERE game_id = $1 AND seq = $2`
	}
	res, err := s.writer.ExecContext(ctx, q, game, seq)
	require.NoError(t, err)
	n, err := res.RowsAffected()
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
}

// The dependency pin this package relies on: modernc.org/sqlite must run
// with the exact modernc.org/libc its own go.mod names (its doc, "Fragile
// modernc.org/libc dependency"). A go get that moves one without the
// other (pressly/goose v3.29.0 would move libc to v1.78.0) fails here.
func TestLibcMatchesSQLite(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to ask")
	}
	list := func(format, mod string) string {
		out, err := exec.Command(goTool, "list", "-m", "-f", format, mod).Output()
		require.NoError(t, err, "go list -m %s", mod)
		return strings.TrimSpace(string(out))
	}
	gomod, err := os.ReadFile(list("{{.GoMod}}", "modernc.org/sqlite"))
	require.NoError(t, err)
	var want string
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "modernc.org/libc" {
			want = f[1]
		}
	}
	require.NotEmpty(t, want, "modernc.org/sqlite's go.mod names a libc")
	assert.Equal(t, want, list("{{.Version}}", "modernc.org/libc"),
		"modernc.org/sqlite %s is built for modernc.org/libc %s", list("{{.Version}}", "modernc.org/sqlite"), want)
}

func TestPragmasInForce(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	var mode string
	require.NoError(t, s.writer.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode))
	assert.Equal(t, "wal", mode)
	var sync, fk, busy int
	require.NoError(t, s.writer.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync))
	assert.Equal(t, 2, sync, "synchronous=FULL")
	require.NoError(t, s.writer.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk))
	assert.Equal(t, 1, fk)
	require.NoError(t, s.writer.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy))
	assert.Equal(t, 5000, busy)
	// and inside an Update, on the writer connection
	require.NoError(t, s.Update(ctx, func(ptx persistence.Tx) error {
		var sync int
		if err := sqlstore.Raw(ptx).QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil {
			return err
		}
		assert.Equal(t, 2, sync)
		return nil
	}))
	// readers are query-only
	var qo int
	require.NoError(t, s.reader.QueryRowContext(ctx, `PRAGMA query_only`).Scan(&qo))
	assert.Equal(t, 1, qo)
	assert.Equal(t, 1, s.writer.Stats().MaxOpenConnections, "one writer connection")
}

func TestSurvivesCloseAndOpen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pitwall.db")
	s, err := Open(ctx, path)
	require.NoError(t, err)
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning, Meta: []byte("m")}); err != nil {
			return err
		}
		if _, err := tx.Append("g", 0, "a", "b", "c"); err != nil {
			return err
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: "discord", Key: "1", Game: "g", FirstSeq: 1, LastSeq: 3, Reply: "ok", Received: t0}); err != nil {
			return err
		}
		if _, err := tx.Enqueue(persistence.Message{Game: "g", Transport: "discord", Target: "c", Text: "ok", PNG: []byte{1, 2}, Created: t0}); err != nil {
			return err
		}
		return tx.PutDeadline(persistence.Deadline{Game: "g", Seat: 1, Kind: persistence.DeadlineDecision, Due: t0})
	}))
	require.NoError(t, s.Close())

	s, err = Open(ctx, path)
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.View(ctx, func(tx persistence.ReadTx) error {
		g, err := tx.Game("g")
		require.NoError(t, err)
		assert.Equal(t, int64(3), g.LastSeq)
		assert.NoError(t, tx.VerifyChain("g"))
		in, seen, err := tx.SeenInbound("discord", "1")
		require.NoError(t, err)
		assert.True(t, seen)
		assert.Equal(t, "ok", in.Reply)
		ms, err := tx.Pending(t0, 0)
		require.NoError(t, err)
		require.Len(t, ms, 1)
		assert.Equal(t, []byte{1, 2}, ms[0].PNG)
		d, found, err := tx.NextDeadline()
		require.NoError(t, err)
		assert.True(t, found)
		assert.Equal(t, t0, d.Due)
		return nil
	}))
	// appending goes on from where it was
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		last, err := tx.Append("g", 3, "d")
		assert.Equal(t, int64(4), last)
		return err
	}))
	var version int64
	require.NoError(t, s.writer.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&version))
	assert.Equal(t, SchemaVersion(), version, "migrations applied once")
}

func TestRecordIsAppendOnlyInSQL(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning}); err != nil {
			return err
		}
		_, err := tx.Append("g", 0, "a")
		return err
	}))
	_, err := s.writer.ExecContext(ctx, `UPDATE events SET line = 'b'`)
	assert.ErrorContains(t, err, "never updated")
	_, err = s.writer.ExecContext(ctx, `DELETE FROM events`)
	assert.ErrorContains(t, err, "never deleted")
}

func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte("these are not the tables you are looking for\n"), 0o644))
	_, err := Open(ctx, text)
	assert.ErrorContains(t, err, "not an SQLite database")
	b, _ := os.ReadFile(text)
	assert.Equal(t, "these are not the tables you are looking for\n", string(b), "left untouched")

	_, err = Open(ctx, dir)
	assert.ErrorContains(t, err, "not a regular file")

	// a database from a newer pitwall
	path := filepath.Join(dir, "new.db")
	s, err := Open(ctx, path)
	require.NoError(t, err)
	_, err = s.writer.ExecContext(ctx, `INSERT INTO schema_migrations (version, name) VALUES (9999, 'future.sql')`)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	_, err = Open(ctx, path)
	assert.ErrorContains(t, err, "newer than this program")
}

func TestOddPath(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a dir?x=1#y%20", "p.db")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	s, err := Open(ctx, path)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	_, err = os.Stat(path)
	assert.NoError(t, err, "the file is where it was asked to be")
}

func fillGame(t *testing.T, s persistence.Store, id string, appends int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		_, err := tx.CreateGame(persistence.Game{ID: id, Created: t0, State: persistence.GameRunning})
		return err
	}))
	for i := 0; i < appends; i++ {
		require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
			_, err := tx.Append(id, int64(i*2), fmt.Sprintf("play %d", i), fmt.Sprintf("roll %d", i))
			return err
		}))
	}
}

// Backup: an online copy while another goroutine keeps writing; the copy
// opens, verifies, and holds whole appends only.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	defer s.Close()
	fillGame(t, s, "g", 50)

	var stop atomic.Bool
	var wg sync.WaitGroup
	var written atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 50; !stop.Load(); i++ {
			err := s.Update(ctx, func(tx persistence.Tx) error {
				_, err := tx.Append("g", int64(i*2), fmt.Sprintf("play %d", i), fmt.Sprintf("roll %d", i))
				return err
			})
			if err != nil {
				t.Error(err)
				return
			}
			written.Add(1)
		}
	}()
	dir := t.TempDir()
	var copies []string
	for i := 0; i < 3; i++ {
		dest := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		require.NoError(t, s.Backup(ctx, dest))
		copies = append(copies, dest)
		time.Sleep(10 * time.Millisecond) // let the writer move on between copies
	}
	stop.Store(true)
	wg.Wait()
	t.Logf("%d appends committed during the backups", written.Load())

	for _, c := range copies {
		cs, err := Open(ctx, c)
		require.NoError(t, err, c)
		require.NoError(t, cs.View(ctx, func(tx persistence.ReadTx) error {
			g, err := tx.Game("g")
			require.NoError(t, err)
			assert.GreaterOrEqual(t, g.LastSeq, int64(100))
			assert.Zero(t, g.LastSeq%2, "whole appends only")
			return tx.VerifyChain("g")
		}), c)
		require.NoError(t, cs.Close())
		info, err := Check(ctx, c)
		require.NoError(t, err)
		assert.Equal(t, 1, info.Games)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), "partial", "no temporary file left")
	}

	// never over an existing file
	err = s.Backup(ctx, copies[0])
	assert.ErrorIs(t, err, fs.ErrExist)
}

func TestBackupFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "live.db")
	s, err := Open(ctx, src)
	require.NoError(t, err)
	fillGame(t, s, "g1", 5)
	fillGame(t, s, "g2", 3)
	// the store stays open (WAL not checkpointed): the copy still sees every commit

	dest := filepath.Join(dir, "copy.db")
	info, err := BackupFile(ctx, src, dest)
	require.NoError(t, err)
	assert.Equal(t, 2, info.Games)
	assert.Equal(t, int64(16), info.Events)
	assert.Equal(t, SchemaVersion(), info.Schema)
	assert.Positive(t, info.Bytes)
	require.NoError(t, s.Close())

	_, err = BackupFile(ctx, src, dest)
	assert.ErrorIs(t, err, fs.ErrExist)

	// with the service stopped (no -wal, no -shm left) too
	_, err = os.Stat(src + "-wal")
	require.True(t, errors.Is(err, fs.ErrNotExist), "closing checkpointed the WAL away")
	info, err = BackupFile(ctx, src, filepath.Join(dir, "copy2.db"))
	require.NoError(t, err)
	assert.Equal(t, 2, info.Games)
	// a read-only reader may leave an empty -wal (and its -shm): harmless,
	// SQLite's own behaviour; the next writer reuses them
	if fi, err := os.Stat(src + "-wal"); err == nil {
		assert.Zero(t, fi.Size(), "nothing written to the source")
	}

	_, err = BackupFile(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "c2.db"))
	assert.ErrorContains(t, err, "no such database file")
	_, err = os.Stat(filepath.Join(dir, "missing.db"))
	assert.True(t, errors.Is(err, fs.ErrNotExist), "a missing source is not created")

	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte("hello\n"), 0o644))
	_, err = BackupFile(ctx, text, filepath.Join(dir, "c3.db"))
	assert.ErrorContains(t, err, "not an SQLite database")

	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", "file:"+other)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE TABLE t (x)`)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = BackupFile(ctx, other, filepath.Join(dir, "c3.db"))
	assert.ErrorContains(t, err, "not a Pitwall one")
	_, err = os.Stat(filepath.Join(dir, "c3.db"))
	assert.True(t, errors.Is(err, fs.ErrNotExist), "nothing written on failure")
}

// Package sqlite is the embedded default persistence.Store: one SQLite
// file through modernc.org/sqlite (pure Go, no cgo).
//
// The file is opened with the DSN of shared/design.md §2:
//
//	file:PATH?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate
//
// WAL lets readers go on while one transaction writes; synchronous=FULL
// syncs the WAL at every commit, so a committed Update survives a crash or
// a power cut. Every Update goes through ONE writer connection (BEGIN
// IMMEDIATE), so Updates are serialised in the process and another
// process waits up to five seconds for the lock. Views run on a separate
// pool of read-only connections (query_only) and see a snapshot.
//
// The schema is in migrations/*.sql, embedded and applied in one
// transaction by Open (a numbered-file migrator: pressly/goose would pull
// a modernc.org/libc other than the one modernc.org/sqlite v1.60.1 is
// built for). The SQL uses $N placeholders so that it also runs on
// PostgreSQL.
//
// Times are stored as INTEGER unix milliseconds in UTC; NULL is the zero
// time.
//
// It imports only persistence/...
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

// Store is a persistence.Store in one SQLite file.
type Store struct {
	path   string
	writer *sql.DB // exactly one connection
	reader *sql.DB // read-only connections for View
	// stmts keeps the writer's hot statements prepared on its connection
	// (nil: every statement is sent as text; the benchmark compares both)
	stmts *sqlstore.Stmts
	// group lets the Updates waiting for the writer share one commit
	// (group.go)
	group groupQueue
}

var (
	_ persistence.Store    = (*Store)(nil)
	_ persistence.Backuper = (*Store)(nil)
)

// DSN parameters of the writer connection (shared/design.md §2).
const writerParams = "_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate"

// readerParams: readers never write (query_only) and wait for locks as
// the writer does.
const readerParams = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=query_only(1)"

// readers is the size of the read pool.
const readers = 4

// DSN is the writer DSN for the database file at path.
func DSN(path string) string { return "file:" + escapePath(path) + "?" + writerParams }

// escapePath makes a file name safe inside a file: URI (SQLite decodes
// %HH escapes; '?' and '#' would end the path).
func escapePath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// Open opens (creating it if needed) the database file at path, applies
// the migrations it lacks and returns the store.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: no database file given")
	}
	if err := checkFile(path, true); err != nil {
		return nil, err
	}
	w, err := sql.Open("sqlite", DSN(path))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, describe(err))
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, describe(err))
	}
	r, err := sql.Open("sqlite", "file:"+escapePath(path)+"?"+readerParams)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open %s: %w", path, describe(err))
	}
	stmts, err := sqlstore.PrepareHot(ctx, w, dialect)
	if err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open %s: %w", path, describe(err))
	}
	return &Store{path: path, writer: w, reader: r, stmts: stmts}, nil
}

// checkFile refuses a path that exists but is not an SQLite database, so
// that Open never writes into someone else's file; missing files are
// created only when create is set.
func checkFile(path string, create bool) error {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		if create {
			return nil
		}
		return fmt.Errorf("%s: no such database file", path)
	}
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Size() == 0 {
		if create {
			return nil
		}
		return fmt.Errorf("%s: empty file, not a Pitwall database", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var magic [16]byte
	if _, err := f.Read(magic[:]); err != nil || string(magic[:]) != "SQLite format 3\x00" {
		return fmt.Errorf("%s: not an SQLite database", path)
	}
	return nil
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close closes both pools (the last connection checkpoints the WAL).
func (s *Store) Close() error {
	var errStmts error
	if s.stmts != nil {
		errStmts = s.stmts.Close()
	}
	return errors.Join(errStmts, s.reader.Close(), s.writer.Close())
}

// View implements persistence.Store on the read pool.
func (s *Store) View(ctx context.Context, fn func(persistence.ReadTx) error) error {
	stx, err := s.reader.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return sqlstore.ClosedOr(ctx, err)
	}
	defer stx.Rollback()
	// only the read methods are reachable, even by a type assertion
	return fn(struct{ persistence.ReadTx }{sqlstore.Tx(ctx, stx, dialect)})
}

// dialect: SQLite keeps a transaction usable after a failed statement, so
// writes need no savepoint of their own.
var dialect = &sqlstore.Dialect{Fix: fix}

// fix maps SQLite's constraint errors onto persistence's.
func fix(err error) error {
	switch code(err) {
	case sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_UNIQUE:
		return fmt.Errorf("%w (%v)", persistence.ErrDuplicate, err)
	case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
		return fmt.Errorf("%w (%v)", persistence.ErrNotFound, err)
	}
	return err
}

// code is the extended SQLite result code of err, or 0.
func code(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code()
	}
	return 0
}

// describe gives the few SQLite errors a user meets a clear message.
func describe(err error) error {
	switch code(err) & 0xff {
	case sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("not an SQLite database (%w)", err)
	case sqlite3.SQLITE_CORRUPT:
		return fmt.Errorf("database file is corrupt (%w)", err)
	case sqlite3.SQLITE_BUSY:
		return fmt.Errorf("database is locked by another process (%w)", err)
	case sqlite3.SQLITE_CANTOPEN:
		return fmt.Errorf("cannot open the database file (%w)", err)
	}
	return err
}

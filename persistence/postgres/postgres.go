package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

// Store is a persistence.Store in a PostgreSQL database.
type Store struct {
	db  *sql.DB
	url string
}

var _ persistence.Store = (*Store)(nil)

// retries is how many times an Update that lost a deadlock or a
// serialisation check is run again.
const retries = 5

var dialect = &sqlstore.Dialect{Fix: fix, GuardWrites: true, LockGame: ` FOR NO KEY UPDATE`}

// IsURL reports whether s names a PostgreSQL database (postgres:// or
// postgresql://) rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Redact is the URL with its password hidden, for messages.
func Redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// Open connects to the database at the URL (postgres://USER:PASS@HOST/DB?…,
// as libpq and pgx read it; host=/dir for a unix socket), applies the
// migrations it lacks and returns the store.
func Open(ctx context.Context, dsn string) (*Store, error) {
	if !IsURL(dsn) {
		return nil, fmt.Errorf("postgres: %q is not a postgres:// URL", Redact(dsn))
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", Redact(dsn), err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", Redact(dsn), err)
	}
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", Redact(dsn), err)
	}
	return &Store{db: db, url: dsn}, nil
}

// DB is the connection pool (for tests and tools).
func (s *Store) DB() *sql.DB { return s.db }

// Close closes the pool.
func (s *Store) Close() error { return s.db.Close() }

// Update implements persistence.Store. fn runs in a READ COMMITTED
// transaction; when fn or the commit loses a deadlock or a serialisation
// check (which SQLite's single writer never meets), fn is run again in a
// new transaction, at most retries times.
func (s *Store) Update(ctx context.Context, fn func(persistence.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := s.update(ctx, fn)
		if err == nil || attempt == retries || !retryable(err) || ctx.Err() != nil {
			return err
		}
	}
}

func (s *Store) update(ctx context.Context, fn func(persistence.Tx) error) error {
	stx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return sqlstore.ClosedOr(ctx, err)
	}
	committed := false
	defer func() {
		if !committed {
			_ = stx.Rollback()
		}
	}()
	if err := fn(sqlstore.Tx(ctx, stx, dialect)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", sqlstore.ClosedOr(ctx, err))
	}
	committed = true
	return nil
}

// View implements persistence.Store: REPEATABLE READ, READ ONLY, so that
// every read of fn sees the same snapshot.
func (s *Store) View(ctx context.Context, fn func(persistence.ReadTx) error) error {
	stx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return sqlstore.ClosedOr(ctx, err)
	}
	defer stx.Rollback()
	return fn(struct{ persistence.ReadTx }{sqlstore.Tx(ctx, stx, dialect)})
}

// SQLSTATEs met here.
const (
	uniqueViolation      = "23505"
	foreignKeyViolation  = "23503"
	serializationFailure = "40001"
	deadlockDetected     = "40P01"
)

func pgCode(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func retryable(err error) bool {
	c := pgCode(err)
	return c == serializationFailure || c == deadlockDetected
}

// fix maps PostgreSQL's constraint errors onto persistence's.
func fix(err error) error {
	switch pgCode(err) {
	case uniqueViolation:
		return fmt.Errorf("%w (%v)", persistence.ErrDuplicate, err)
	case foreignKeyViolation:
		return fmt.Errorf("%w (%v)", persistence.ErrNotFound, err)
	}
	return err
}

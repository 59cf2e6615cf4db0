package migrations

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one schema file.
type Migration struct {
	Version int64  // NNNN of the file name
	Name    string // the file name, e.g. 0002_leases.sql
	SQL     string
}

// Load reads fsys's migrations/*.sql in version order.
func Load(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_what.sql", base)
		}
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: base, SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i := 1; i < len(ms); i++ {
		if ms[i].Version == ms[i-1].Version {
			return nil, fmt.Errorf("migrations %s and %s have the same number", ms[i-1].Name, ms[i].Name)
		}
	}
	return ms, nil
}

// Latest is the schema version fsys's migrations write (0 if none load).
func Latest(fsys fs.FS) int64 {
	ms, err := Load(fsys)
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// Apply applies, in one transaction, the migrations of fsys the database
// lacks. lock, when not nil, runs first in that transaction (PostgreSQL
// takes an advisory lock there, so processes starting at once apply each
// migration once; SQLite's single writer needs none).
func Apply(ctx context.Context, db *sql.DB, fsys fs.FS, lock func(*sql.Tx) error) error {
	ms, err := Load(fsys)
	if err != nil {
		return err
	}
	if len(ms) == 0 {
		return fmt.Errorf("no migrations")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if lock != nil {
		if err := lock(tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version BIGINT PRIMARY KEY,
	name    TEXT NOT NULL
)`); err != nil {
		return err
	}
	var have int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return err
	}
	if latest := ms[len(ms)-1].Version; have > latest {
		return fmt.Errorf("schema version %d is newer than this program's %d: use a newer pitwall", have, latest)
	}
	for _, m := range ms {
		if m.Version <= have {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return tx.Commit()
}

package postgres

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migrations holds the schema: migrations/NNNN_name.sql, applied in number
// order. A released file is never edited: a change is a new file.
//
// Not pressly/goose: goose v3.29.0's module requires drivers for a dozen
// databases and would move modernc.org/libc away from the version
// modernc.org/sqlite v1.60.1 is built for (persistence/sqlite's
// TestLibcMatchesSQLite); the numbered files are applied as
// persistence/sqlite applies its own.
//
//go:embed migrations/*.sql
var migrations embed.FS

type migration struct {
	version int64
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_what.sql", base)
		}
		b, err := migrations.ReadFile(n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i := 1; i < len(ms); i++ {
		if ms[i].version == ms[i-1].version {
			return nil, fmt.Errorf("migrations %s and %s have the same number", ms[i-1].name, ms[i].name)
		}
	}
	return ms, nil
}

// SchemaVersion is the schema version this package writes.
func SchemaVersion() int64 {
	ms, err := loadMigrations()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// migrateLock is the advisory lock key under which migrations run, so that
// processes starting at once apply each migration once.
const migrateLock = 0x5049_5457_414c_4c00 // "PITWALL\0"

// migrate applies, in one transaction under the advisory lock, the
// migrations the database lacks. A database newer than this program is
// refused.
func migrate(ctx context.Context, db *sql.DB) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock)); err != nil {
		return err
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
	if latest := ms[len(ms)-1].version; have > latest {
		return fmt.Errorf("schema version %d is newer than this program's %d: use a newer pitwall", have, latest)
	}
	for _, m := range ms {
		if m.version <= have {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return tx.Commit()
}

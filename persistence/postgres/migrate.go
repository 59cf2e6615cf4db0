package postgres

import (
	"context"
	"database/sql"
	"embed"

	"github.com/pitwall/pitwall/persistence/internal/migrations"
)

// schemaFiles holds the schema: migrations/NNNN_name.sql, applied in
// number order by persistence/internal/migrations, as persistence/sqlite
// applies its own. A released file is never edited: a change is a new file.
//
// Not pressly/goose: goose v3.29.0's module requires drivers for a dozen
// databases and would move modernc.org/libc away from the version
// modernc.org/sqlite v1.60.1 is built for (persistence/sqlite's
// TestLibcMatchesSQLite).
//
//go:embed migrations/*.sql
var schemaFiles embed.FS

// loadMigrations reads the embedded files in version order.
func loadMigrations() ([]migrations.Migration, error) { return migrations.Load(schemaFiles) }

// SchemaVersion is the schema version this package writes.
func SchemaVersion() int64 { return migrations.Latest(schemaFiles) }

// migrateLock is the advisory lock key under which migrations run, so that
// processes starting at once apply each migration once.
const migrateLock = 0x5049_5457_414c_4c00 // "PITWALL\0"

// migrate applies, in one transaction under the advisory lock, the
// migrations the database lacks. A database newer than this program is
// refused.
func migrate(ctx context.Context, db *sql.DB) error {
	return migrations.Apply(ctx, db, schemaFiles, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock))
		return err
	})
}

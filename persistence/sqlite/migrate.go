package sqlite

import (
	"context"
	"database/sql"
	"embed"

	"github.com/pitwall/pitwall/persistence/internal/migrations"
)

// schemaFiles holds the schema: migrations/NNNN_name.sql, applied in
// number order by persistence/internal/migrations. A file, once released,
// is never edited: a change is a new file.
//
//go:embed migrations/*.sql
var schemaFiles embed.FS

// loadMigrations reads the embedded files in version order.
func loadMigrations() ([]migrations.Migration, error) { return migrations.Load(schemaFiles) }

// SchemaVersion is the schema version this package writes.
func SchemaVersion() int64 { return migrations.Latest(schemaFiles) }

// migrate applies, in one IMMEDIATE transaction (the writer's DSN), the
// migrations the database lacks. A database newer than this program is
// refused.
func migrate(ctx context.Context, db *sql.DB) error {
	return migrations.Apply(ctx, db, schemaFiles, nil)
}

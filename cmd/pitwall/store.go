package main

import (
	"context"
	"fmt"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// openStore opens the database --db (or PITWALL_DB) names: a postgres://
// or postgresql:// URL is PostgreSQL, anything else an SQLite file
// (created on first use).
func openStore(ctx context.Context, e *env) (persistence.Store, error) {
	if postgres.IsURL(e.dbPath()) {
		return postgres.Open(ctx, e.dbPath())
	}
	return sqlite.Open(ctx, e.dbPath())
}

// dbName is the database for messages: the file, or the URL without its
// password.
func (e *env) dbName() string {
	if postgres.IsURL(e.dbPath()) {
		return postgres.Redact(e.dbPath())
	}
	return e.dbPath()
}

// needSQLite refuses a command that works on an SQLite file only.
func needSQLite(e *env, cmd, instead string) error {
	if postgres.IsURL(e.dbPath()) {
		fmt.Fprintf(e.stderr, "%s: works on an SQLite file; for PostgreSQL %s\n", cmd, instead)
		return exitError{1}
	}
	return nil
}

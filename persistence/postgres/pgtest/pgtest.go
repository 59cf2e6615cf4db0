package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Env is the variable holding the URL of the test server.
const Env = "PITWALL_TEST_POSTGRES"

// Server returns the URL in PITWALL_TEST_POSTGRES, or skips the test (fails
// it under CI) when it is unset.
func Server(t testing.TB) string {
	t.Helper()
	u := os.Getenv(Env)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI the PostgreSQL tests must run (.ci/run starts a cluster with .ci/postgres.sh)", Env)
		}
		t.Skipf("PostgreSQL tests skipped: set %s (eval \"$(bash .ci/postgres.sh start /tmp/pitwall-pg)\")", Env)
	}
	return u
}

// URL returns the URL of a new, empty schema of the test server (its
// search_path), dropped at the end of the test.
func URL(t testing.TB) string {
	t.Helper()
	base := Server(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		db.Close()
		t.Fatalf("pgtest: create schema: %v", err)
	}
	t.Cleanup(func() {
		defer db.Close()
		if _, err := db.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("pgtest: drop schema %s: %v", schema, err)
		}
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}

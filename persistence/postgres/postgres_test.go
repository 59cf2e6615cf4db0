package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
	"github.com/pitwall/pitwall/persistence/storetest"
)

func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), pgtest.URL(t))
	require.NoError(t, err)
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Open:   func(t *testing.T) persistence.Store { return openTest(t) },
		Tamper: tamper,
	})
}

// tamper changes a line with raw SQL, as someone with the database's
// owner role could: the append-only triggers are dropped first.
func tamper(t *testing.T, ps persistence.Store, game string, seq int64, how storetest.Tampering) {
	s := ps.(*Store)
	ctx := context.Background()
	_, err := s.db.ExecContext(ctx, `DROP TRIGGER IF EXISTS events_no_update ON events; DROP TRIGGER IF EXISTS events_no_delete ON events`)
	require.NoError(t, err)
	var q string
	switch how {
	case storetest.EditLine:
		q = `UPDATE events SET line = line || ' (edited)' WHERE game_id = $1 AND seq = $2`
	case storetest.EditHash:
		q = `UPDATE events SET hash = '\x00'::bytea WHERE game_id = $1 AND seq = $2`
	case storetest.DeleteLine:
		q = `DELETE FROM events WHERE game_id = $1 AND seq = $2`
	}
	res, err := s.db.ExecContext(ctx, q, game, seq)
	require.NoError(t, err)
	n, err := res.RowsAffected()
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
}

// released holds the SHA-256 of every migration file already released:
// databases in the field have applied them, so they are never edited.
var released = map[string]string{
	"0001_init.sql":              "540887297e49075c02e028bdf8c0aab03ed266e8c7d01bcae824113e3ccc928d",
	"0002_leases.sql":            "0e72dbb3a4357c46ccf6672b763a798876b289b4b895d48e701c6887a9b76638",
	"0003_player_mail_prefs.sql": "48939dafdd56f0fae28e0d08fc47631732884392d419be84c9cbdc12b35738b0",
	"0004_leagues.sql":           "b911e0467f0a9b723665a0570ef7ae142110f3db9c31eeb619a0d096a315db76",
	"0005_snapshots.sql":         "4894533172870cf7f8f19a43cb494f1547b50a231d821c8d40d58a2e2a5d8a18",
}

func TestMigrationsFrozen(t *testing.T) {
	ms, err := loadMigrations()
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	for i, m := range ms {
		assert.Equal(t, int64(i+1), m.Version, "%s: versions run 1, 2, 3…", m.Name)
		sum := sha256.Sum256([]byte(strings.ReplaceAll(m.SQL, "\r\n", "\n")))
		want, ok := released[m.Name]
		if assert.True(t, ok, "%s: new migration: add its SHA-256 %x to released", m.Name, sum) {
			assert.Equal(t, want, hex.EncodeToString(sum[:]), "%s was edited after release: write a new migration instead", m.Name)
		}
	}
	assert.Equal(t, ms[len(ms)-1].Version, SchemaVersion())
}

// Processes started together on an empty database migrate it once: the
// advisory lock serialises them and the later ones find it done.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	u := pgtest.URL(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	stores := make([]*Store, 4)
	errs := make([]error, len(stores))
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = Open(ctx, u)
		}()
	}
	wg.Wait()
	for i, s := range stores {
		require.NoError(t, errs[i])
		defer s.Close()
	}
	var n, v int64
	require.NoError(t, stores[0].db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &v))
	assert.Equal(t, SchemaVersion(), n, "each migration recorded once")
	assert.Equal(t, SchemaVersion(), v)
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	u := pgtest.URL(t)
	ctx := context.Background()
	s, err := Open(ctx, u)
	require.NoError(t, err)
	_, err = s.db.ExecContext(ctx, `INSERT INTO schema_migrations (version, name) VALUES (999, 'future.sql')`)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	_, err = Open(ctx, u)
	assert.ErrorContains(t, err, "newer than this program")
}

func TestOpenRefusesNonURL(t *testing.T) {
	_, err := Open(context.Background(), "pitwall.db")
	assert.ErrorContains(t, err, "not a postgres:// URL")
	assert.Equal(t, "postgres://ann:xxxxx@db.example.org/pitwall", Redact("postgres://ann:secret@db.example.org/pitwall"))
}

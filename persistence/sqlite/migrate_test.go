package sqlite

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// released holds the SHA-256 of every migration file already released:
// databases in the field have applied them, so they are never edited. A
// schema change is a new file (and a new line here).
var released = map[string]string{
	"0001_init.sql":              "e33f4f07316a272e0b6cb32985a6e1825388789528e5204cd75334da3a0e330c",
	"0002_player_mail_prefs.sql": "46ecaeadde4d23b412eee334709a799518a0d81eee2982ac2ff2166e1c413627",
	"0003_leagues.sql":           "dcea9580c1820eaae24aa6eccf8e3ebdc7a8589822511b38f59d65418db379e0",
	"0004_snapshots.sql":         "3936a09444f21b311ece4a3ec21c92da12e7098a5daf89ecd646719a89c6c070",
}

func TestMigrationsFrozen(t *testing.T) {
	ms, err := loadMigrations()
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	for i, m := range ms {
		assert.Equal(t, int64(i+1), m.Version, "%s: versions run 1, 2, 3…", m.Name)
		sum := sha256.Sum256([]byte(strings.ReplaceAll(m.SQL, "\r\n", "\n"))) // as checked out anywhere
		want, ok := released[m.Name]
		if assert.True(t, ok, "%s: new migration: add its SHA-256 %x to released", m.Name, sum) {
			assert.Equal(t, want, hex.EncodeToString(sum[:]), "%s was edited after release: write a new migration instead", m.Name)
		}
	}
	assert.Equal(t, ms[len(ms)-1].Version, SchemaVersion())
}

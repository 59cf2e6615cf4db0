package migrations

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadOrdersByNumber(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0010_later.sql": {Data: []byte("B")},
		"migrations/0002_first.sql": {Data: []byte("A")},
	}
	ms, err := Load(fsys)
	require.NoError(t, err)
	require.Len(t, ms, 2)
	assert.Equal(t, Migration{Version: 2, Name: "0002_first.sql", SQL: "A"}, ms[0])
	assert.Equal(t, int64(10), ms[1].Version)
	assert.Equal(t, int64(10), Latest(fsys))
}

func TestLoadRefusesBadNames(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"no number":   {"migrations/init.sql": {}},
		"zero":        {"migrations/0000_init.sql": {}},
		"same number": {"migrations/0001_a.sql": {}, "migrations/0001_b.sql": {}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load(fsys)
			assert.Error(t, err)
			assert.Zero(t, Latest(fsys))
		})
	}
}

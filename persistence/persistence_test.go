package persistence_test

import (
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/persistence"
)

// The chain is a storage format: these values are frozen (computed
// independently with Python's hashlib) so that every record ever written
// keeps verifying.
func TestChainFrozen(t *testing.T) {
	h0 := persistence.ChainStart("league-7/race-1")
	assert.Equal(t, "a87a7191b721b0c4c1c11e906321c895b87b8cb594283ccf242cea1e36881738", hex.EncodeToString(h0))
	h1 := persistence.ChainNext(h0, "start fd2008 port-azur")
	assert.Equal(t, "1d95066f0e25502ac1a51cf526d6c0fbf286e4dbbacdd264578c4a735a694f8d", hex.EncodeToString(h1))
	h2 := persistence.ChainNext(h1, "roll d6 4 é")
	assert.Equal(t, "6d0194c8660ccc87437531876bceee56b9fc405be2208cb94626ff6fd19d6c29", hex.EncodeToString(h2))
}

func TestChainError(t *testing.T) {
	var err error = &persistence.ChainError{Game: "g", Seq: 7, Reason: "line missing"}
	assert.True(t, errors.Is(err, persistence.ErrTampered))
	assert.False(t, errors.Is(err, persistence.ErrNotFound))
	assert.Equal(t, "game g: record broken at seq 7: line missing", err.Error())
}

func TestMillis(t *testing.T) {
	in := time.Date(2026, 3, 1, 13, 0, 0, 999_999_999, time.FixedZone("CET", 3600))
	got := persistence.Millis(in)
	assert.Equal(t, time.Date(2026, 3, 1, 12, 0, 0, 999_000_000, time.UTC), got)
	assert.Equal(t, time.UTC, got.Location())
	assert.True(t, persistence.Millis(time.Time{}).IsZero(), "zero stays zero: none")
}

func TestCheckLine(t *testing.T) {
	assert.NoError(t, persistence.CheckLine("p12 car3 gear 4 — roll d8=7"))
	for _, bad := range []string{"", "a\nb", "a\rb", "a\x00b", "\xff"} {
		assert.ErrorIs(t, persistence.CheckLine(bad), persistence.ErrInvalid, "%q", bad)
	}
}

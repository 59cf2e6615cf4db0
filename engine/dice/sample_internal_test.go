package dice

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestChunkIndexBoundaries(t *testing.T) {
	const top = math.MaxUint64
	tests := []struct {
		n      int
		v      uint64
		want   int
		accept bool
	}{
		// 2^64 mod 3 = 1: only the top value is rejected.
		{3, top, 0, false},
		{3, top - 1, int((top - 1) % 3), true},
		{3, 0, 0, true},
		// 2^64 mod 20 = 16: the top 16 values are rejected.
		{20, top, 0, false},
		{20, top - 15, 0, false},
		{20, top - 16, int((top - 16) % 20), true},
		// 2^64 mod 30 = 16 as well.
		{30, top - 15, 0, false},
		{30, top - 16, int((top - 16) % 30), true},
		// Powers of two divide 2^64: nothing is rejected.
		{4, top, 3, true},
		{8, top, 7, true},
		{1, top, 0, true},
	}
	for _, tt := range tests {
		i, ok := chunkIndex(tt.v, tt.n)
		assert.Equal(t, tt.accept, ok, "n=%d v=%d", tt.n, tt.v)
		if tt.accept {
			assert.Equal(t, tt.want, i, "n=%d v=%d", tt.n, tt.v)
		}
	}
}

// Rejected chunks fall through to the next chunk, then to the next retry.
func TestPickIndexRejectsAndRetries(t *testing.T) {
	const top = math.MaxUint64
	mac := func(chunks ...uint64) [sha256.Size]byte {
		var m [sha256.Size]byte
		for c, v := range chunks {
			binary.BigEndian.PutUint64(m[8*c:], v)
		}
		return m
	}
	var asked []uint32

	// Third chunk is the first acceptable one.
	i, ok := pickIndex(3, func(r uint32) [sha256.Size]byte {
		asked = append(asked, r)
		return mac(top, top, 5, 7)
	})
	assert.True(t, ok)
	assert.Equal(t, 2, i)
	assert.Equal(t, []uint32{0}, asked)

	// All four rejected at retry 0 and 1: retry 2 decides.
	asked = nil
	i, ok = pickIndex(3, func(r uint32) [sha256.Size]byte {
		asked = append(asked, r)
		if r < 2 {
			return mac(top, top, top, top)
		}
		return mac(top, 4, 0, 0)
	})
	assert.True(t, ok)
	assert.Equal(t, 1, i)
	assert.Equal(t, []uint32{0, 1, 2}, asked)

	// Never acceptable: give up after maxRetries instead of looping.
	asked = nil
	_, ok = pickIndex(3, func(r uint32) [sha256.Size]byte {
		asked = append(asked, r)
		return mac(top, top, top, top)
	})
	assert.False(t, ok)
	assert.Len(t, asked, maxRetries)
}

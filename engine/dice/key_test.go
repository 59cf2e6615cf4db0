package dice_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

func encode(t testing.TB, k dice.Key) []byte {
	t.Helper()
	b, err := k.MarshalBinary()
	require.NoError(t, err)
	return b
}

// The documented layout, byte by byte; seeded rolls depend on it.
func TestKeyEncodingLayout(t *testing.T) {
	k := dice.Key{Game: "g1", Play: 3, Car: -1, Purpose: "gear", Counter: 258}
	want := "0000000000000002" + hex.EncodeToString([]byte("g1")) +
		"0000000000000003" +
		"ffffffffffffffff" +
		"0000000000000004" + hex.EncodeToString([]byte("gear")) +
		"0000000000000102"
	assert.Equal(t, want, hex.EncodeToString(encode(t, k)))

	b, err := k.AppendBinary([]byte("prefix"))
	require.NoError(t, err)
	assert.Equal(t, append([]byte("prefix"), encode(t, k)...), b)
}

// Keys a naive concatenation would confuse.
func TestKeyEncodingDistinct(t *testing.T) {
	keys := []dice.Key{
		{Game: "ab", Purpose: "c"},
		{Game: "a", Purpose: "bc"},
		{Game: "a", Purpose: "b", Counter: 'c'},
		{Game: "", Purpose: "abc"},
		{Game: "abc", Purpose: ""},
		{Game: "a", Play: 1, Car: 0, Purpose: "x"},
		{Game: "a", Play: 0, Car: 1, Purpose: "x"},
		{Game: "a", Play: 0, Car: 0, Purpose: "x", Counter: 1},
		{Game: "a", Play: -1, Purpose: "x"},
		{Game: "a\x00", Purpose: "x"},
		{Game: "a", Purpose: "\x00x"},
	}
	seen := map[string]dice.Key{}
	for _, k := range keys {
		e := string(encode(t, k))
		if prev, dup := seen[e]; dup {
			t.Fatalf("%+v and %+v encode to the same bytes", prev, k)
		}
		seen[e] = k
	}
}

func TestKeyValidate(t *testing.T) {
	require.NoError(t, dice.Key{Purpose: "gear"}.Validate())
	err := dice.Key{Game: "g", Play: 2}.Validate()
	assert.ErrorIs(t, err, dice.ErrInvalidKey)
	assert.Contains(t, err.Error(), "no purpose")
}

func TestKeyString(t *testing.T) {
	k := dice.Key{Game: "monaco-7", Play: 12, Car: 3, Purpose: "collision", Counter: 1}
	assert.Equal(t, `game "monaco-7" play 12 car 3 collision #1`, k.String())
}

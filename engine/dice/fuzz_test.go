package dice_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// A set that parses is valid, and its formatted text parses back to it.
func FuzzParseSet(f *testing.F) {
	f.Add(defaultHeader)
	f.Add("a=1 b=1,2 c=3,3,3 d=3,4 e=5,10,7 f=10 noir=1,2,3,4,5,6")
	f.Add("\ta=01  b=1,2 c=3\nd=3 e=5 f=10 g=1 ")
	f.Add("d4=1,1,2,2 d6=2,3")
	f.Add("d4=1,,2 d6=2 d8=4 d12=7 d20=11 d30=21 black=1")
	f.Add("d4=0 d6=2 d8=4 d12=7 d20=11 d30=21 black=1")
	f.Add("x=1000 y=1000 z=1000 w=1000 v=1000 u=1000 t=1001")
	f.Add("a=1 a=1 a=1 a=1 a=1 a=1 a=1")
	f.Add("=1 b=1 c=1 d=1 e=1 f=1 g=1")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := dice.ParseSet(text)
		if err != nil {
			require.ErrorIs(t, err, dice.ErrInvalidSet)
			return
		}
		require.NoError(t, s.Validate())
		out := s.String()
		back, err := dice.ParseSet(out)
		require.NoError(t, err, "formatted %q", out)
		require.Equal(t, s, back)
		require.Equal(t, out, back.String())
	})
}

// A seed that parses formats back to the same hex, in lower case.
func FuzzParseSeed(f *testing.F) {
	f.Add(zeroSeedCommitment)
	f.Add(strings.ToUpper(zeroSeedCommitment))
	f.Add(strings.Repeat("0", 64))
	f.Add(strings.Repeat("0", 63))
	f.Add(strings.Repeat("g", 64))
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		seed, err := dice.ParseSeed(text)
		if err != nil {
			require.Equal(t, [32]byte{}, seed)
			return
		}
		require.Equal(t, strings.ToLower(text), dice.FormatSeed(seed))
	})
}

// Two different keys never encode to the same bytes.
func FuzzKeyEncoding(f *testing.F) {
	f.Add("ab", 1, 2, "c", 3, "a", 1, 2, "bc", 3)
	f.Add("g", 0, 0, "gear", 0, "g", 0, 0, "gear", 1)
	f.Add("g", 1, 0, "gear", 0, "g", 0, 1, "gear", 0)
	f.Add("", -1, -1, "", -1, "", -1, -1, "", -1)
	f.Add("a\x00\x00\x00\x00\x00\x00\x00\x01b", 0, 0, "", 0, "a", 0, 0, "b", 0)
	f.Add("x", 1<<40, 0, "y", 0, "x", 0, 1<<40, "y", 0)
	f.Fuzz(func(t *testing.T,
		g1 string, p1, c1 int, u1 string, n1 int,
		g2 string, p2, c2 int, u2 string, n2 int,
	) {
		k1 := dice.Key{Game: g1, Play: p1, Car: c1, Purpose: u1, Counter: n1}
		k2 := dice.Key{Game: g2, Play: p2, Car: c2, Purpose: u2, Counter: n2}
		e1, err := k1.MarshalBinary()
		require.NoError(t, err)
		e2, err := k2.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, k1 == k2, bytes.Equal(e1, e2), "%+v vs %+v", k1, k2)
		// The encoding of k1 with a prefix is the prefix then the encoding.
		a, err := k1.AppendBinary(e2)
		require.NoError(t, err)
		assert.Equal(t, e1, a[len(e2):])
	})
}

package render

import (
	"bytes"
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// adlerSum is hash/adler32's checksum: random bytes, all 0xFF (the
// largest lanes and sums), all zero, one byte, nothing, and lengths
// about a block of adlerWords words and the modulus.
func TestAdlerSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 8*adlerWords - 1, 8 * adlerWords, 8*adlerWords + 1, 5552, 65521, 65529, 1_000_003} {
		random := make([]byte, n)
		for i := range random {
			random[i] = uint8(rng.IntN(256))
		}
		for name, data := range map[string][]byte{
			"random": random,
			"0xFF":   bytes.Repeat([]byte{0xFF}, n),
			"zero":   make([]byte, n),
		} {
			if got, want := adlerSum(data), adler32.Checksum(data); got != want {
				t.Errorf("%s, %d bytes: %08x, want %08x", name, n, got, want)
			}
		}
	}
}

func FuzzAdlerSum(f *testing.F) {
	f.Add([]byte("Pitwall"), uint16(0))
	f.Add([]byte{0xFF}, uint16(3000))
	f.Fuzz(func(t *testing.T, p []byte, repeat uint16) {
		data := bytes.Repeat(p, 1+int(repeat%4096))
		if got, want := adlerSum(data), adler32.Checksum(data); got != want {
			t.Errorf("%d bytes: %08x, want %08x", len(data), got, want)
		}
	})
}

func BenchmarkAdlerSum(b *testing.B) {
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = uint8(i * 7 / 300)
	}
	b.Run("adlerSum", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adlerSum(data)
		}
	})
	b.Run("hash/adler32", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32.Checksum(data)
		}
	})
}

package render

import "encoding/binary"

// adlerSum is hash/adler32.Checksum of p, 8 bytes at a time (issue 14:
// a board checksums the 1.8 MB of rows it compresses afresh, and the
// standard library's loop takes a byte at a time).
//
// Over a word of 8 bytes b0..b7 entered with sums s1, s2, Adler-32 adds
// Σb to s1 and 8·s1 + 8·b0 + 7·b1 + … + 1·b7 to s2. Over a block of K
// words, s2 gains 8·K·s1 (s1 at the block's start), 8× the sum over the
// words of the bytes before each in the block, and Σ (8−i)·Lᵢ, where Lᵢ
// is the sum of the words' i-th bytes. The bytes of a word are split
// into two words of four 16-bit lanes (b0, b2, b4, b6 and b1, b3, b5,
// b7), added up lane by lane; a block of adlerWords words keeps every
// lane under 65536.
func adlerSum(p []byte) uint32 {
	const (
		mod = 65521
	)
	s1, s2 := uint64(1), uint64(0)
	for len(p) >= 8 {
		k := min(len(p)/8, adlerWords)
		even, odd, before, sum := adlerBlock(p[:8*k])
		weighted := 8*(even&0xFFFF) + 6*(even>>16&0xFFFF) + 4*(even>>32&0xFFFF) + 2*(even>>48) +
			7*(odd&0xFFFF) + 5*(odd>>16&0xFFFF) + 3*(odd>>32&0xFFFF) + odd>>48
		s2 = (s2 + 8*uint64(k)*s1 + 8*before + weighted) % mod
		s1 = (s1 + sum) % mod
		p = p[8*k:]
	}
	for _, b := range p {
		s1 += uint64(b)
		s2 += s1
	}
	return uint32(s2%mod)<<16 | uint32(s1%mod)
}

// adlerWords is the most words of a block of adlerSum: 257 words of
// 0xFF bytes would carry a 16-bit lane over.
const adlerWords = 256

// adlerBlock adds up the words of block (at most adlerWords of them):
// even and odd are the 16-bit lanes of its even and odd bytes, sum all
// its bytes, before the sum over its words of the bytes before each.
func adlerBlock(block []byte) (even, odd, before, sum uint64) {
	const (
		lanes = 0x00FF00FF00FF00FF
		ones  = 0x0001000100010001
	)
	for i := 0; i+8 <= len(block); i += 8 {
		w := binary.LittleEndian.Uint64(block[i : i+8])
		e, o := w&lanes, w>>8&lanes
		even += e
		odd += o
		before += sum
		sum += (e + o) * ones >> 48 // the word's 8 bytes added up
	}
	return even, odd, before, sum
}

package render

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"slices"
	"testing"
)

// inflateText decodes what textDeflater wrote (blocks ending on a byte
// boundary, none final), with a final empty block added.
func inflateText(t testing.TB, z []byte) []byte {
	t.Helper()
	r := flate.NewReader(bytes.NewReader(append(bytes.Clone(z), 0x03, 0x00)))
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return got
}

// panelLike is rows of stride bytes like the panels' text rows: runs of
// the paper's index, short stretches of "glyph" indexes, rows repeating
// the row above.
func panelLike(rng *rand.Rand, rows, stride int) []byte {
	out := make([]byte, 0, rows*stride)
	for y := range rows {
		if y > 0 && rng.IntN(4) == 0 {
			out = append(out, out[len(out)-stride:]...)
			continue
		}
		row := make([]byte, stride)
		for x := range row {
			row[x] = 7
		}
		row[0] = 0
		for x := 1 + rng.IntN(40); x < stride; x += 1 + rng.IntN(60) {
			for k := 0; k < rng.IntN(12) && x < stride; k++ {
				row[x] = uint8(rng.IntN(20))
				x++
			}
		}
		out = append(out, row...)
	}
	return out
}

func TestTextDeflate(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	random := make([]byte, 70000)
	for i := range random {
		random[i] = uint8(rng.IntN(256))
	}
	few := make([]byte, 50000)
	for i := range few {
		few[i] = uint8(rng.IntN(3))
	}
	one := bytes.Repeat([]byte{9}, 100000)
	cases := map[string]struct {
		data   []byte
		stride int
	}{
		"panel rows":        {panelLike(rng, 300, 1601), 1601},
		"narrow panel rows": {panelLike(rng, 200, 801), 801},
		"random bytes":      {random, 1601},
		"three values":      {few, 97},
		"one value":         {one, 1601},
		"one byte":          {[]byte{5}, 1601},
		"four bytes":        {[]byte{1, 2, 3, 4}, 1601},
		"five equal":        {[]byte{1, 1, 1, 1, 1}, 1601},
	}
	var d textDeflater
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			z := d.compress(nil, c.data, c.stride)
			if got := inflateText(t, z); !bytes.Equal(got, c.data) {
				t.Fatalf("decoded %d bytes differ from the %d given", len(got), len(c.data))
			}
			if len(c.data) > 1000 && len(z) > len(c.data)+len(c.data)/50+64 {
				t.Errorf("%d bytes compressed to %d", len(c.data), len(z))
			}
		})
	}
}

// TestTextDeflateAsLevel4 holds the writer to level 4's size on rows
// like the panels' (within 2 %).
func TestTextDeflateAsLevel4(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	data := panelLike(rng, 400, 1601)
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, 4)
	fw.Write(data)
	fw.Flush()
	var d textDeflater
	z := d.compress(nil, data, 1601)
	if len(z) > buf.Len()*102/100 {
		t.Errorf("%d bytes, level 4 %d", len(z), buf.Len())
	}
	t.Logf("%d bytes of rows: %d compressed, level 4 %d", len(data), len(z), buf.Len())
}

func TestHuffLengthsLimit(t *testing.T) {
	// Fibonacci frequencies make a Huffman code as deep as it gets
	freq := make([]int32, 30)
	a, b := int32(1), int32(1)
	for i := range freq {
		freq[i] = a
		a, b = b, a+b
	}
	for _, limit := range []int{7, 15} {
		lens := make([]uint8, len(freq))
		huffLengths(freq, lens, limit)
		kraft := 0
		for _, l := range lens {
			if l == 0 || int(l) > limit {
				t.Fatalf("limit %d: a length of %d", limit, l)
			}
			kraft += 1 << (limit - int(l))
		}
		if kraft != 1<<limit {
			t.Errorf("limit %d: Kraft sum %d/%d, not a complete code", limit, kraft, 1<<limit)
		}
	}
}

func FuzzTextDeflate(f *testing.F) {
	f.Add([]byte("abcabcabcabcabc"), uint16(3))
	f.Add(bytes.Repeat([]byte{1, 1, 1, 2}, 300), uint16(16))
	f.Add(panelLike(rand.New(rand.NewPCG(1, 1)), 20, 101), uint16(101))
	f.Fuzz(func(t *testing.T, data []byte, stride uint16) {
		if len(data) == 0 {
			return
		}
		var d textDeflater
		z := d.compress(nil, data, int(stride))
		if got := inflateText(t, z); !bytes.Equal(got, data) {
			t.Fatalf("decoded %d bytes differ from the %d given", len(got), len(data))
		}
	})
}

// hintedCase parses old from its start, then compresses data (old with
// some bytes changed) from offset from on with old's tokens as the hint,
// and decodes it with compress/flate.
func hintedCase(t *testing.T, old []byte, from int, changes []byte, stride int) {
	t.Helper()
	if from < 0 || from >= len(old) {
		return
	}
	var d textDeflater
	d.chain = tdChain
	oldTokens := slices.Clone(d.parse(old, stride, nil))
	data := bytes.Clone(old[from:])
	// changes: pairs of (place, value)
	for i := 0; i+1 < len(changes); i += 2 {
		data[int(changes[i])*len(data)/256] = changes[i+1]
	}
	// the token covering from, and how far before from it starts
	tk, at := 0, 0
	for at+tokenLen(oldTokens[tk]) <= from {
		at += tokenLen(oldTokens[tk])
		tk++
	}
	d.chain = fastChain
	h := &tokenHint{tokens: oldTokens[tk:], skip: from - at, old: old[from:]}
	z := d.compressHinted(nil, data, stride, h)
	if got := inflateText(t, z); !bytes.Equal(got, data) {
		t.Fatalf("decoded %d bytes differ from the %d given", len(got), len(data))
	}
	plain := d.compress(nil, data, stride)
	if len(data) > 4000 && len(z) > len(plain)+len(plain)/10+64 {
		t.Errorf("hinted %d bytes, unhinted %d", len(z), len(plain))
	}
}

// TestTextDeflateHinted: a band of the layer with cars drawn over it,
// compressed with the layer's tokens (issue 14), decodes to the band as
// drawn, from a band's start and from inside a match.
func TestTextDeflateHinted(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	old := panelLike(rng, 64, 1601)
	for _, from := range []int{0, 1601 * 16, 1601*16 + 7, 1601 * 48, len(old) - 3} {
		for _, n := range []int{0, 1, 10, 200} {
			changes := make([]byte, 2*n)
			for i := range changes {
				changes[i] = uint8(rng.IntN(256))
			}
			hintedCase(t, old, from, changes, 1601)
		}
	}
	// every byte changed
	hintedCase(t, old[:5000], 0, func() []byte {
		c := make([]byte, 512)
		for i := range c {
			c[i] = uint8(i / 2)
		}
		return c
	}(), 101)
}

func FuzzTextDeflateHinted(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1, 1, 1, 2}, 300), uint16(5), []byte{3, 9, 200, 1}, uint16(16))
	f.Add(panelLike(rand.New(rand.NewPCG(1, 2)), 20, 101), uint16(101), []byte{0, 0, 128, 5}, uint16(101))
	f.Fuzz(func(t *testing.T, old []byte, from uint16, changes []byte, stride uint16) {
		if len(old) == 0 {
			return
		}
		hintedCase(t, old, int(from)%len(old), changes, int(stride))
	})
}

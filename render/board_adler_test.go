package render

import (
	"bytes"
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdlerTerms builds data as a board does (issue 14): runs laid
// afresh, a layer's bytes placed whole by their terms with spans of it
// drawn over (their layer bytes taken out, their runs added), and bytes
// at the end; the terms' checksum is hash/adler32's of the data.
func TestAdlerTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 17))
	for k := range 300 {
		layer := make([]byte, rng.IntN(5000))
		for i := range layer {
			layer[i] = uint8(rng.IntN(256))
		}
		if k%3 == 0 {
			clear(layer)
		}
		var layerTerms adlerTerms
		layerTerms.addBytes(layer, 0, false)
		var data []byte
		var a adlerTerms
		runs := func(count int) {
			for range count {
				v, n := uint8(rng.IntN(256)), 1+rng.IntN(2000)
				if k%5 == 0 {
					v = 0xFF
				}
				a.addRun(v, n, len(data))
				data = append(data, bytes.Repeat([]byte{v}, n)...)
			}
		}
		runs(rng.IntN(20))
		at := len(data)
		a.addAt(layerTerms, at)
		data = append(data, layer...)
		for range rng.IntN(10) {
			if len(layer) == 0 {
				break
			}
			x0 := rng.IntN(len(layer))
			x1 := x0 + rng.IntN(len(layer)-x0+1)
			a.addBytes(data[at+x0:at+x1], at+x0, true)
			for x := x0; x < x1; {
				v, n := uint8(rng.IntN(256)), min(1+rng.IntN(50), x1-x)
				a.addRun(v, n, at+x)
				copy(data[at+x:], bytes.Repeat([]byte{v}, n))
				x += n
			}
		}
		runs(rng.IntN(20))
		tail := make([]byte, rng.IntN(3000))
		for i := range tail {
			tail[i] = uint8(rng.IntN(256))
		}
		var tailTerms adlerTerms
		tailTerms.addBytes(tail, 0, false)
		a.addAt(tailTerms, len(data))
		data = append(data, tail...)
		if got, want := a.sum(len(data)), adler32.Checksum(data); got != want {
			t.Fatalf("case %d, %d bytes: %08x, want %08x", k, len(data), got, want)
		}
	}
}

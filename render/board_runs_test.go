package render

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveRuns is appendRuns pixel by pixel.
func naiveRuns(row []byte) []run {
	var out []run
	for x := 0; x+4 <= len(row); x += 4 {
		v := binary.LittleEndian.Uint32(row[x:])
		if n := len(out); n > 0 && out[n-1].rgba == v {
			out[n-1].n++
			continue
		}
		out = append(out, run{v, 1})
	}
	return out
}

func checkRuns(t *testing.T, row []byte) {
	t.Helper()
	prefix := []run{{7, 3}} // appendRuns appends
	got := appendRuns(slices.Clone(prefix), row)
	want := append(slices.Clone(prefix), naiveRuns(row)...)
	if !slices.Equal(got, want) {
		t.Fatalf("row of %d pixels: runs %v, want %v", len(row)/4, got, want)
	}
}

// Rows of long runs (longer than appendRuns' longBlock and its 8-pixel
// blocks) cut anywhere by a pixel or a stretch of another colour, and
// rows of short runs: the runs are those counted pixel by pixel (issue 14,
// the long runs compared longBlock bytes at a time).
func TestAppendRunsLong(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	for range 3000 {
		n := rng.IntN(1700)
		row := make([]byte, 4*n)
		paper := uint32(0xFFEEF4F6)
		for x := range n {
			binary.LittleEndian.PutUint32(row[4*x:], paper)
		}
		for range rng.IntN(8) {
			if n == 0 {
				break
			}
			x0 := rng.IntN(n)
			x1 := min(n, x0+1+rng.IntN(1+rng.IntN(300)))
			c := uint32(0xFF000000) | uint32(rng.IntN(4))
			if rng.IntN(4) == 0 {
				c = paper ^ 1<<24 // the paper's colour with another alpha
			}
			for x := x0; x < x1; x++ {
				binary.LittleEndian.PutUint32(row[4*x:], c)
			}
		}
		checkRuns(t, row)
	}
}

func FuzzAppendRuns(f *testing.F) {
	f.Add(uint16(600), uint16(77), uint16(5), uint8(1))
	f.Add(uint16(1600), uint16(8), uint16(300), uint8(9))
	f.Add(uint16(72), uint16(71), uint16(1), uint8(0))
	f.Fuzz(func(t *testing.T, n, at, length uint16, c uint8) {
		w := int(n % 2048)
		row := make([]byte, 4*w)
		for x := range w {
			binary.LittleEndian.PutUint32(row[4*x:], 0xFF336699)
		}
		for x := int(at); x < min(w, int(at)+int(length)); x++ {
			row[4*x] = c
		}
		checkRuns(t, row)
	})
}

package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"sync"
)

// Encoding boards fast. A board is drawn every turn of every game, so its
// encoding reuses its buffers: the RGBA drawing, the palette image and the
// PNG encoder's compressor come from pools. quantizeInto gives exactly the
// pixels and palette of Quantize (a test holds it to that), in two passes
// over the image without storing its runs.

var (
	rgbaPool    sync.Pool // *image.RGBA
	palPool     sync.Pool // *image.Paletted
	encoderPool = &pngPool{}
)

type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	if b, ok := p.p.Get().(*png.EncoderBuffer); ok {
		return b
	}
	return nil
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// getRGBA returns a w×h RGBA image from the pool, its pixels undefined.
func getRGBA(w, h int) *image.RGBA {
	if img, ok := rgbaPool.Get().(*image.RGBA); ok && cap(img.Pix) >= 4*w*h {
		img.Pix = img.Pix[:4*w*h]
		img.Stride = 4 * w
		img.Rect = image.Rect(0, 0, w, h)
		return img
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// encodeBoard writes a board's drawing as EncodePNG does, from pooled
// buffers, and gives the drawing back to the pool.
func encodeBoard(w io.Writer, img *image.RGBA) error {
	defer rgbaPool.Put(img)
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	p, _ := palPool.Get().(*image.Paletted)
	if p == nil || cap(p.Pix) < wd*ht {
		p = &image.Paletted{Pix: make([]uint8, wd*ht)}
	}
	p.Pix, p.Stride, p.Rect = p.Pix[:wd*ht], wd, image.Rect(0, 0, wd, ht)
	defer palPool.Put(p)
	quantizeInto(p, img)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderPool}
	return enc.Encode(w, p)
}

type tally struct{ n, r, g, b uint64 }

// quantizeInto is Quantize writing into dst, whose Pix must hold the
// image's pixels; it sets dst's palette.
func quantizeInto(dst *image.Paletted, src *image.RGBA) {
	bounds := src.Bounds()
	wd, ht := bounds.Dx(), bounds.Dy()
	sc, _ := scratchPool.Get().(*quantScratch)
	if sc == nil {
		sc = &quantScratch{counts: make([]tally, buckets)}
	}
	defer scratchPool.Put(sc)
	counts := sc.counts
	clear(counts)
	// pass 1: split the rows into runs of one colour
	runs := sc.runs[:0]
	for y := range ht {
		o := src.PixOffset(bounds.Min.X, bounds.Min.Y+y)
		runs = appendRuns(runs, src.Pix[o:o+4*wd:o+4*wd])
	}
	sc.runs = runs
	for _, rn := range runs {
		counts[rn.bucket()].add(rn)
	}
	used := byCount(counts, sc.used[:0], nil)
	sc.used = used
	mean := func(i int) color.RGBA { return counts[i].mean() }
	keep := len(used)
	if keep > 256 {
		keep = 256 - cubeLevels*cubeLevels*cubeLevels
	}
	pal := make(color.Palette, keep, 256)
	lut := &sc.lut
	for i, bk := range used[:keep] {
		pal[i] = mean(bk)
		lut[bk] = uint8(i)
	}
	if keep < len(used) {
		for r := range cubeLevels {
			for g := range cubeLevels {
				for b := range cubeLevels {
					const step = 255 / (cubeLevels - 1)
					pal = append(pal, color.RGBA{uint8(r * step), uint8(g * step), uint8(b * step), 0xFF})
				}
			}
		}
		near := nearestTo(pal)
		for _, bk := range used[keep:] {
			lut[bk] = near(mean(bk))
		}
	}
	if len(pal) == 0 {
		pal = color.Palette{color.RGBA{A: 0xFF}}
	}
	dst.Palette = pal
	// pass 2: lay each run's palette index
	fillRuns(dst.Pix[:wd*ht], runs, lut)
}

// fillRuns lays each run's palette index (lut by bucket) into out, in
// order.
func fillRuns(out []uint8, runs []run, lut *[buckets]uint8) {
	for _, rn := range runs {
		fillIndex(out[:rn.n], lut[rn.bucket()])
		out = out[rn.n:]
	}
}

// fillIndex sets every byte of fill to i.
func fillIndex(fill []uint8, i uint8) {
	if len(fill) < 16 {
		for x := range fill {
			fill[x] = i
		}
		return
	}
	// long runs: double the filled part with copy (memmove)
	fill[0] = i
	for j := 1; j < len(fill); j *= 2 {
		copy(fill[j:], fill[:j])
	}
}

type run struct{ rgba, n uint32 }

// longBlock is the bytes (64 pixels) appendRuns compares at once in a
// long run.
const longBlock = 256

func (rn run) bucket() int {
	v := rn.rgba
	return bucketOf(uint8(v), uint8(v>>8), uint8(v>>16))
}

// add counts a run's pixels in the tally of its bucket.
func (t *tally) add(rn run) {
	r, g, b := uint64(uint8(rn.rgba)), uint64(uint8(rn.rgba>>8)), uint64(uint8(rn.rgba>>16))
	n := uint64(rn.n)
	t.n += n
	t.r += n * r
	t.g += n * g
	t.b += n * b
}

// mean is the mean colour of the tally's pixels, rounded.
func (t tally) mean() color.RGBA {
	h := t.n / 2
	return color.RGBA{uint8((t.r + h) / t.n), uint8((t.g + h) / t.n), uint8((t.b + h) / t.n), 0xFF}
}

// byCount appends to used the buckets counted in counts for which keep
// (when given) is true, the most common first, ties in bucket order: the
// order in which buckets become palette entries.
func byCount(counts []tally, used []int, keep func(int) bool) []int {
	for i := range counts {
		if counts[i].n > 0 && (keep == nil || keep(i)) {
			used = append(used, i)
		}
	}
	slices.SortStableFunc(used, func(a, b int) int { return cmp.Compare(counts[b].n, counts[a].n) })
	return used
}

// appendRuns splits a row of RGBA pixels into runs of one colour, four
// pixels at a time where they are all the colour of the run (runs also
// split where alpha differs, which the palette ignores).
func appendRuns(runs []run, row []byte) []run {
	if len(row) < 4 {
		return runs
	}
	cur, n := binary.LittleEndian.Uint32(row), uint32(0)
	x := 0
	// long runs (the panels' paper, the title band's background) are
	// compared longBlock bytes at a time with bytes.Equal, which is
	// vectorized, against a block of the run's colour made when a run
	// first covers a whole block of 8 pixels (issue 14)
	var long [longBlock]byte
	longOf, haveLong := uint32(0), false
	// blocks of 8 pixels, then 4, then one: a block all of the run's
	// colour is counted whole, any other is split pixel by pixel
	for _, width := range [...]int{32, 16, 4} {
		for ; x+width <= len(row); x += width {
			block := row[x : x+width : x+width]
			if width > 4 && allOf(block, cur) {
				n += uint32(width / 4)
				if width == 32 && x+32+longBlock <= len(row) {
					if !haveLong || longOf != cur {
						copy(long[:], block) // 8 pixels of cur
						for j := 32; j < longBlock; j *= 2 {
							copy(long[j:], long[:j])
						}
						longOf, haveLong = cur, true
					}
					for x+32+longBlock <= len(row) && bytes.Equal(row[x+32:x+32+longBlock], long[:]) {
						x += longBlock
						n += longBlock / 4
					}
				}
				continue
			}
			for j := 0; j < width; j += 4 {
				if v := binary.LittleEndian.Uint32(block[j:]); v == cur {
					n++
				} else {
					if n > 0 {
						runs = append(runs, run{cur, n})
					}
					cur, n = v, 1
				}
			}
		}
	}
	return append(runs, run{cur, n})
}

// allOf reports whether every pixel of block (a multiple of two pixels)
// is c.
func allOf(block []byte, c uint32) bool {
	pair := uint64(c) | uint64(c)<<32
	for i := 0; i+8 <= len(block); i += 8 {
		if binary.LittleEndian.Uint64(block[i:]) != pair {
			return false
		}
	}
	return true
}

type quantScratch struct {
	counts []tally
	runs   []run
	used   []int
	lut    [buckets]uint8
}

var scratchPool sync.Pool // *quantScratch

// fillRect fills an axis-aligned rectangle with an opaque colour, pixel by
// pixel (the rasterizer is slow for large areas). Edges are rounded to
// whole pixels.
func fillRect(img *image.RGBA, r rect, col hexColor) {
	ir := image.Rect(int(r.x0+0.5), int(r.y0+0.5), int(r.x1+0.5), int(r.y1+0.5)).Intersect(img.Rect)
	if ir.Empty() {
		return
	}
	c := col.rgba()
	px := [4]uint8{c.R, c.G, c.B, 0xFF}
	first := img.Pix[img.PixOffset(ir.Min.X, ir.Min.Y):][:4*ir.Dx()]
	for i := 0; i < len(first); i += 4 {
		copy(first[i:i+4], px[:])
	}
	for y := ir.Min.Y + 1; y < ir.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(ir.Min.X, y):][:4*ir.Dx()], first)
	}
}

// nearestTo is nearest for one palette, without the interface conversions
// of color.Palette: the same entry, found quicker.
func nearestTo(pal color.Palette) func(color.RGBA) uint8 {
	type rgb struct{ r, g, b int32 }
	ps := make([]rgb, len(pal))
	for i, p := range pal {
		q := p.(color.RGBA)
		ps[i] = rgb{int32(q.R), int32(q.G), int32(q.B)}
	}
	return func(c color.RGBA) uint8 {
		best, bd := 0, int32(math.MaxInt32)
		cr, cg, cb := int32(c.R), int32(c.G), int32(c.B)
		for i, q := range ps {
			dr, dg, db := q.r-cr, q.g-cg, q.b-cb
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
				best, bd = i, d
			}
		}
		return uint8(best)
	}
}

package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"slices"
)

// EncodePNG writes img as an 8-bit palette PNG compressed with
// png.BestSpeed: zlib dominates the cost of PNG, and a palette image is
// both several times smaller and several times faster to compress than
// RGBA (shared/design.md §3). Images are treated as opaque.
//
// The palette is chosen by popularity: colours are counted in buckets of
// 5 bits per channel and, when there are at most 256 buckets, each becomes
// a palette entry, the mean colour of its bucket. Otherwise the 192 most
// common buckets (ties broken by bucket number) become entries, a coarse
// 4×4×4 colour cube completes the palette, and every other bucket maps to
// its nearest entry. A board is a few dozen flat
// colours plus anti-aliasing between them, so flat areas keep their exact
// colour and edges lose almost nothing. The rule depends only on the
// pixels, never on map order or a random seed: the same image always gives
// the same bytes. A *image.Paletted is written as it is.
func EncodePNG(w io.Writer, img image.Image) error {
	p, ok := img.(*image.Paletted)
	if !ok {
		p = Quantize(img)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, p)
}

const (
	bucketBits = 5
	buckets    = 1 << (3 * bucketBits)
	cubeLevels = 4 // 64 entries: 0, 85, 170, 255 per channel
)

func bucketOf(r, g, b uint8) int {
	const shift = 8 - bucketBits
	return int(r>>shift)<<(2*bucketBits) | int(g>>shift)<<bucketBits | int(b>>shift)
}

// Quantize maps img to at most 256 colours, deterministically (see
// EncodePNG).
func Quantize(img image.Image) *image.Paletted {
	src, ok := img.(*image.RGBA)
	if !ok {
		src = image.NewRGBA(img.Bounds())
		draw.Draw(src, src.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	bounds := src.Bounds()
	wd, ht := bounds.Dx(), bounds.Dy()

	// Split the rows into runs of one colour (boards are mostly flat
	// areas), then count the colours of each bucket and sum them for the
	// mean, run by run.
	type run struct{ rgb, n uint32 }
	var runs []run
	for y := range ht {
		o := src.PixOffset(bounds.Min.X, bounds.Min.Y+y)
		row := src.Pix[o : o+4*wd]
		if wd == 0 {
			continue
		}
		cur := run{binary.LittleEndian.Uint32(row) & 0xFFFFFF, 0} // R, G, B
		for x := 0; x+4 <= len(row); x += 4 {
			if v := binary.LittleEndian.Uint32(row[x:]) & 0xFFFFFF; v == cur.rgb {
				cur.n++
			} else {
				runs = append(runs, cur)
				cur = run{v, 1}
			}
		}
		runs = append(runs, cur)
	}
	type tally struct{ n, r, g, b uint64 }
	counts := make([]tally, buckets)
	for _, rn := range runs {
		r, g, b := uint8(rn.rgb), uint8(rn.rgb>>8), uint8(rn.rgb>>16)
		t := &counts[bucketOf(r, g, b)]
		n := uint64(rn.n)
		t.n += n
		t.r += n * uint64(r)
		t.g += n * uint64(g)
		t.b += n * uint64(b)
	}
	var used []int
	for i := range counts {
		if counts[i].n > 0 {
			used = append(used, i)
		}
	}
	// most common first; equal counts by bucket number
	slices.SortStableFunc(used, func(a, b int) int { return cmp.Compare(counts[b].n, counts[a].n) })
	mean := func(i int) color.RGBA {
		t := counts[i]
		h := t.n / 2
		return color.RGBA{uint8((t.r + h) / t.n), uint8((t.g + h) / t.n), uint8((t.b + h) / t.n), 0xFF}
	}
	// with more than 256 buckets, keep room for a coarse colour cube so
	// that no colour is far from the palette, whatever the image
	keep := len(used)
	if keep > 256 {
		keep = 256 - cubeLevels*cubeLevels*cubeLevels
	}
	pal := make(color.Palette, keep, 256)
	lut := make([]uint8, buckets)
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
		for _, bk := range used[keep:] {
			lut[bk] = nearest(pal, mean(bk))
		}
	}
	if len(pal) == 0 {
		pal = color.Palette{color.RGBA{A: 0xFF}}
	}

	dst := image.NewPaletted(image.Rect(0, 0, wd, ht), pal)
	out := dst.Pix
	for _, rn := range runs {
		i := lut[bucketOf(uint8(rn.rgb), uint8(rn.rgb>>8), uint8(rn.rgb>>16))]
		fill := out[:rn.n]
		for x := range fill {
			fill[x] = i
		}
		out = out[rn.n:]
	}
	return dst
}

// nearest finds the palette entry closest to c, weighting green over red
// over blue as the eye does; the first of equals wins.
func nearest(pal color.Palette, c color.RGBA) uint8 {
	best, bd := 0, int(^uint(0)>>1)
	for i, p := range pal {
		q := p.(color.RGBA)
		dr, dg, db := int(q.R)-int(c.R), int(q.G)-int(c.G), int(q.B)-int(c.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
			best, bd = i, d
		}
	}
	return uint8(best)
}

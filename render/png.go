package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
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
// EncodePNG): colours are counted in 5-bit buckets; with at most 256
// buckets each is a palette entry (its mean colour), otherwise the most
// common are kept and a coarse colour cube fills the palette.
func Quantize(img image.Image) *image.Paletted {
	src, ok := img.(*image.RGBA)
	if !ok {
		src = image.NewRGBA(img.Bounds())
		draw.Draw(src, src.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	dst := image.NewPaletted(src.Bounds(), nil)
	quantizeInto(dst, src)
	return dst
}

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

package render

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Glyphs drawn on boards are kept: a board writes the same few dozen
// glyphs hundreds of times, and every board of a game the same ones again.
// A glyph is drawn at a quarter-pixel position (the text moves by at most
// an eighth of a pixel), so that its mask depends only on the face, the
// rune and that position: the drawing is the same whether the glyph was
// kept or not. Kept masks are read-only and shared by all drawings.

type glyphKey struct {
	bold   bool
	size   int // 64ths of a pixel
	r      rune
	fx, fy uint8 // position in the pixel, in quarters
}

type keptGlyph struct {
	dr   image.Rectangle // relative to the whole pixel of the dot
	mask *image.Alpha
	adv  fixed.Int26_6
	ok   bool
}

const maxKeptGlyphs = 40000

var kept struct {
	sync.RWMutex
	m map[glyphKey]*keptGlyph
}

// keptFace is a drawing's own face with the kept glyphs.
type keptFace struct {
	font.Face
	bold bool
	size int
}

func (f *keptFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	// the whole pixel and the quarter within it, rounded
	q := func(v fixed.Int26_6) (int, uint8) {
		n := (int(v) + 8) >> 4 // in quarters
		return n >> 2, uint8(n & 3)
	}
	bx, fx := q(dot.X)
	by, fy := q(dot.Y)
	key := glyphKey{f.bold, f.size, r, fx, fy}
	kept.RLock()
	g := kept.m[key]
	kept.RUnlock()
	if g == nil {
		at := fixed.Point26_6{X: fixed.Int26_6(fx) << 4, Y: fixed.Int26_6(fy) << 4}
		dr, mask, maskp, adv, ok := f.Face.Glyph(at, r)
		g = &keptGlyph{dr: dr, adv: adv, ok: ok}
		if ok && !dr.Empty() {
			a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			for y := range dr.Dy() {
				for x := range dr.Dx() {
					_, _, _, al := mask.At(maskp.X+x, maskp.Y+y).RGBA()
					a.Pix[y*a.Stride+x] = uint8(al >> 8)
				}
			}
			g.mask = a
		}
		kept.Lock()
		if kept.m == nil || len(kept.m) >= maxKeptGlyphs {
			kept.m = map[glyphKey]*keptGlyph{}
		}
		kept.m[key] = g
		kept.Unlock()
	}
	if g.mask == nil {
		return image.Rectangle{}, nil, image.Point{}, g.adv, g.ok
	}
	return g.dr.Add(image.Point{bx, by}), g.mask, image.Point{}, g.adv, g.ok
}

// keep wraps a drawing's face of the given size.
func keep(f font.Face, bold bool, size float64) font.Face {
	return &keptFace{Face: f, bold: bold, size: int(math.Round(size * 64))}
}

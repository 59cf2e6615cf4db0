package render

import (
	"image"
	"math"
	"sync"
	"sync/atomic"

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

// keptFace is a drawing's own face with the kept glyphs, advances and
// kerning.
type keptFace struct {
	font.Face
	bold bool
	size int
	mt   *faceMetrics
}

// A face's advances and kerning between ASCII runes are kept too: text is
// measured two or three times for each time it is drawn (fitText, label,
// centered), and every board measures the same words again. They are the
// face's own answers, kept as given, so every width and every glyph's
// place are the same. Entries are written once, atomically (0: not known
// yet); faces of one size and weight, in any drawing, share them.
type faceMetrics struct {
	adv  [128]atomic.Int64       // 1<<40 | ok<<32 | uint32(advance)
	kern [128 * 128]atomic.Int32 // kern<<1 | 1
}

var metrics struct {
	sync.Mutex
	m map[faceKey]*faceMetrics
}

func metricsOf(bold bool, size int) *faceMetrics {
	key := faceKey{bold, size}
	metrics.Lock()
	defer metrics.Unlock()
	mt := metrics.m[key]
	if mt == nil {
		if metrics.m == nil || len(metrics.m) >= 64 {
			metrics.m = map[faceKey]*faceMetrics{}
		}
		mt = new(faceMetrics)
		metrics.m[key] = mt
	}
	return mt
}

// keepMetrics turns the kept advances and kerning off when false (the
// tests' drawing without them).
var keepMetrics = true

func (f *keptFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if r < 0 || r >= 128 || !keepMetrics {
		return f.Face.GlyphAdvance(r)
	}
	if v := f.mt.adv[r].Load(); v != 0 {
		return fixed.Int26_6(int32(v)), v&(1<<32) != 0
	}
	a, ok := f.Face.GlyphAdvance(r)
	v := int64(1)<<40 | int64(uint32(a))
	if ok {
		v |= 1 << 32
	}
	f.mt.adv[r].Store(v)
	return a, ok
}

func (f *keptFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if r0 < 0 || r0 >= 128 || r1 < 0 || r1 >= 128 || !keepMetrics {
		return f.Face.Kern(r0, r1)
	}
	e := &f.mt.kern[r0<<7|r1]
	if v := e.Load(); v != 0 {
		return fixed.Int26_6(v >> 1)
	}
	k := f.Face.Kern(r0, r1)
	e.Store(int32(k)<<1 | 1)
	return k
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
	n := int(math.Round(size * 64))
	return &keptFace{Face: f, bold: bold, size: n, mt: metricsOf(bold, n)}
}

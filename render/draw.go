package render

import (
	"bytes"
	"image"
	"image/draw"
	"math"
	"sync"
	"sync/atomic"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Drawing helpers over gg and the image.

// polygon adds a closed polygon to the current path.
func (b *board) polygon(ps []vec) {
	b.dc.MoveTo(ps[0].X, ps[0].Y)
	for _, p := range ps[1:] {
		b.dc.LineTo(p.X, p.Y)
	}
	b.dc.ClosePath()
}

// polyline adds an open polyline to the current path.
func (b *board) polyline(ps []vec) {
	b.dc.MoveTo(ps[0].X, ps[0].Y)
	for _, p := range ps[1:] {
		b.dc.LineTo(p.X, p.Y)
	}
}

// fitFace returns the face of the largest size, from size down to 14
// design pixels (the smallest text on the board), in which sample is at
// most w pixels wide.
func (b *board) fitFace(bold bool, size float64, sample string, w float64) font.Face {
	for ; size > 14; size-- {
		f := b.r.face(bold, size*b.k)
		if measure(f, sample) <= w {
			return f
		}
	}
	return b.r.face(bold, 14*b.k)
}

// fillUnion fills the union of overlapping polygons. Filling them as one
// path would add up the coverage of edges they share (the grown outlines
// of neighbouring spaces have collinear sides), making visible bumps along
// the edge; here each polygon is rasterized alone and the coverages are
// merged by maximum, then the colour is laid through the merged mask.
func fillUnion(dst *image.RGBA, polys [][]vec, col hexColor) {
	var all []vec
	for _, p := range polys {
		all = append(all, p...)
	}
	if len(all) == 0 {
		return
	}
	bb := boundsOf(all)
	area := image.Rect(int(math.Floor(bb.x0)), int(math.Floor(bb.y0)), int(math.Ceil(bb.x1)), int(math.Ceil(bb.y1))).Intersect(dst.Bounds())
	if area.Empty() {
		return
	}
	mask := image.NewAlpha(area)
	z := vector.NewRasterizer(1, 1)
	var scratch []uint8
	for _, p := range polys {
		pb := boundsOf(p)
		r := image.Rect(int(math.Floor(pb.x0)), int(math.Floor(pb.y0)), int(math.Ceil(pb.x1)), int(math.Ceil(pb.y1)))
		r = r.Intersect(area)
		if r.Empty() {
			continue
		}
		z.Reset(r.Dx(), r.Dy())
		z.DrawOp = draw.Src
		ox, oy := float64(r.Min.X), float64(r.Min.Y)
		z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		z.ClosePath()
		n := r.Dx() * r.Dy()
		if cap(scratch) < n {
			scratch = make([]uint8, n)
		}
		tmp := &image.Alpha{Pix: scratch[:n], Stride: r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
		z.Draw(tmp, tmp.Bounds(), image.Opaque, image.Point{})
		for y := range r.Dy() {
			row := mask.Pix[mask.PixOffset(r.Min.X, r.Min.Y+y):]
			src := tmp.Pix[y*tmp.Stride : (y+1)*tmp.Stride]
			for x, a := range src {
				row[x] = max(row[x], a)
			}
		}
	}
	// lay the colour through the mask: most pixels are fully in or out
	c := col.rgba()
	for y := area.Min.Y; y < area.Max.Y; y++ {
		m := mask.Pix[mask.PixOffset(area.Min.X, y):][:area.Dx()]
		d := dst.Pix[dst.PixOffset(area.Min.X, y):][:4*area.Dx()]
		for x, a := range m {
			switch a {
			case 0:
			case 0xFF:
				d[4*x], d[4*x+1], d[4*x+2], d[4*x+3] = c.R, c.G, c.B, 0xFF
			default:
				blend := func(dv, sv uint8) uint8 {
					return uint8((uint32(dv)*(255-uint32(a)) + uint32(sv)*uint32(a) + 127) / 255)
				}
				d[4*x], d[4*x+1], d[4*x+2] = blend(d[4*x], c.R), blend(d[4*x+1], c.G), blend(d[4*x+2], c.B)
				d[4*x+3] = blend(d[4*x+3], 0xFF)
			}
		}
	}
}

// Text helpers. Text is drawn with font.Drawer straight onto the image: it
// is always upright, so there is no transform to apply.

func measure(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

func capHeight(f font.Face) float64 {
	m := f.Metrics()
	if m.CapHeight > 0 {
		return float64(m.CapHeight) / 64
	}
	return float64(m.Ascent) / 64 * 0.7
}

// text draws s with its baseline starting at (x, y).
func (b *board) text(f font.Face, s string, x, y float64, col hexColor) {
	d := font.Drawer{Dst: b.img, Src: image.NewUniform(col), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}

// textCentered draws s centred on (x, y), capitals and digits centred
// vertically.
func (b *board) textCentered(f font.Face, s string, x, y float64, col hexColor) {
	b.text(f, s, x-measure(f, s)/2, y+capHeight(f)/2, col)
}

// fitText shortens s with an ellipsis until it fits in w pixels.
func fitText(f font.Face, s string, w float64) string {
	if measure(f, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && measure(f, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	if len(r) == 0 {
		return ""
	}
	return string(r) + "…"
}

// Kept rules. The dashboard strokes eleven horizontal rules on every
// board, at the same places, on plain paper. Each is stroked once on a
// strip of paper, the rows it touches, as gg strokes it on the whole page
// (the same fixed-point path, round caps and joins, a rasterizer of the
// page's size, freetype's RGBA painter: the same spans and the same
// blending), and its pixels are copied after, where every pixel under
// the strip is still paper. Anywhere else the rule is stroked with gg.
// (The rasterizer is not exact under a shift of whole rows: a rule
// stroked higher on a strip differed by one level in two pixels of its
// round cap, so the strip keeps the page's coordinates.)

type ruleKey struct {
	x0, x1, y, lw float64
	w, h          int // the page's size
	col, paper    hexColor
}

type keptRule struct {
	x0, x1 int    // the columns the strip covers
	top, h int    // its rows
	pix    []byte // the strip's pixels, x0..x1 of each row
}

// keepDrawn turns the kept rules off when false (the tests' board drawn
// without them, to compare).
var keepDrawn = true

var rules struct {
	sync.Mutex
	m map[ruleKey]*keptRule
}

// ruleH strokes a horizontal rule from (x0, y) to (x1, y), lw wide, in
// col, over the paper colour: copied from a kept strip when every pixel
// it may touch is paper, stroked with b.dc (whose caps and joins must be
// round, gg's and newContext's) otherwise. It leaves b.dc's colour, line
// width and path as the stroke would.
func (b *board) ruleH(x0, x1, y, lw float64, col, paper hexColor) {
	b.dc.SetColor(col)
	b.dc.SetLineWidth(lw)
	img := b.img
	if !keepDrawn || img.Rect.Min != (image.Point{}) || x1 < x0 || lw <= 0 {
		b.strokeH(x0, x1, y)
		return
	}
	key := ruleKey{x0: x0, x1: x1, y: y, lw: lw, w: img.Rect.Dx(), h: img.Rect.Dy(), col: col, paper: paper}
	rules.Lock()
	k := rules.m[key]
	rules.Unlock()
	if k == nil {
		k = keepRule(key)
	}
	if k == nil {
		b.strokeH(x0, x1, y)
		return
	}
	// every pixel the strip covers must be paper
	n := 4 * (k.x1 - k.x0)
	p := paperRow(paper, n)
	for r := range k.h {
		off := (k.top+r)*img.Stride + 4*k.x0
		if !bytes.Equal(img.Pix[off:off+n], p) {
			b.strokeH(x0, x1, y)
			return
		}
	}
	for r := range k.h {
		off := (k.top+r)*img.Stride + 4*k.x0
		copy(img.Pix[off:off+n], k.pix[r*n:(r+1)*n])
	}
	ruleCopies.Add(1)
}

// ruleCopies counts the rules copied (for the tests).
var ruleCopies atomic.Int64

func (b *board) strokeH(x0, x1, y float64) {
	b.dc.MoveTo(x0, y)
	b.dc.LineTo(x1, y)
	b.dc.Stroke()
}

// keepRule strokes a rule on a strip of paper, as gg's Stroke would on
// the page (gg v0.8.0, context.go's stroke: the path flattened and
// rebuilt, dropping a point within 4/64 of a pixel of the one before; a
// non-zero winding rule), and keeps the pixels of the spans painted (a
// span of alpha 0 leaves any pixel as it is); nil if the strip would
// leave the page.
func keepRule(key ruleKey) *keptRule {
	top := int(math.Floor(key.y-key.lw/2)) - 2
	h := int(math.Ceil(key.lw)) + 5
	if top < 0 || top+h > key.h {
		return nil
	}
	strip := &image.RGBA{Pix: make([]byte, 4*key.w*h), Stride: 4 * key.w, Rect: image.Rect(0, top, key.w, top+h)}
	fillRect(strip, rect{0, float64(top), float64(key.w), float64(top + h)}, key.paper)
	fix := func(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }
	a := fixed.Point26_6{X: fix(key.x0), Y: fix(key.y)}
	z := fixed.Point26_6{X: fix(key.x1), Y: fix(key.y)}
	var path raster.Path
	path.Start(a)
	if z.X-a.X > 4 {
		path.Add1(z)
	}
	r := raster.NewRasterizer(key.w, key.h)
	r.UseNonZeroWinding = true
	r.AddStroke(path, fix(key.lw), raster.RoundCapper, raster.RoundJoiner)
	p := raster.NewRGBAPainter(strip)
	p.SetColor(key.col)
	box := &spanBox{p: p, clip: strip.Rect}
	r.Rasterize(box)
	if box.b.Empty() || box.b.Min.Y == top || box.b.Max.Y == top+h {
		return nil // nothing painted, or the strip was too short
	}
	k := &keptRule{x0: box.b.Min.X, x1: box.b.Max.X, top: box.b.Min.Y, h: box.b.Dy()}
	n := 4 * (k.x1 - k.x0)
	for y := k.top; y < k.top+k.h; y++ {
		k.pix = append(k.pix, strip.Pix[strip.PixOffset(k.x0, y):][:n]...)
	}
	rules.Lock()
	if rules.m == nil || len(rules.m) >= 256 {
		rules.m = map[ruleKey]*keptRule{}
	}
	rules.m[key] = k
	rules.Unlock()
	return k
}

// spanBox paints through p and records the box of the spans of some
// alpha, clipped as RGBAPainter clips them.
type spanBox struct {
	p    raster.Painter
	clip image.Rectangle
	b    image.Rectangle
}

func (s *spanBox) Paint(ss []raster.Span, done bool) {
	for _, sp := range ss {
		r := image.Rect(sp.X0, sp.Y, sp.X1, sp.Y+1).Intersect(s.clip)
		if sp.Alpha != 0 && !r.Empty() {
			s.b = s.b.Union(r)
		}
	}
	s.p.Paint(ss, done)
}

// paperRows holds a row of each paper colour, as long as asked yet.
var paperRows sync.Map // hexColor → []byte

func paperRow(c hexColor, n int) []byte {
	if v, ok := paperRows.Load(c); ok {
		if p := v.([]byte); len(p) >= n {
			return p[:n]
		}
	}
	rgba := c.rgba()
	p := make([]byte, n)
	for i := 0; i+3 < n; i += 4 {
		p[i], p[i+1], p[i+2], p[i+3] = rgba.R, rgba.G, rgba.B, 0xFF
	}
	paperRows.Store(c, p)
	return p
}

package render

import (
	"image"
	"image/draw"
	"math"

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

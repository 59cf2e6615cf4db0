package render

import (
	"image"
	"image/color"
	"math"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// pen strokes and fills paths as gg v0.8.0's Context does with an
// identity matrix, no mask, no dash and a solid colour (context.go: the
// same fixed-point points, the stroke path flattened and rebuilt as
// path.go's rasterPath rebuilds it, the same rasterizer calls), and
// paints the spans as freetype's RGBAPainter does (paint.go: the same
// arithmetic, pixel for pixel), without gg's allocations per stroke and
// with a quicker loop for fully covered spans of an opaque colour. Its
// drawing is the same as gg's; TestPenAsGG and TestKeptDrawingSamePixels
// hold it to that.
type pen struct {
	img                  *image.RGBA
	r                    *raster.Rasterizer
	strokePath, fillPath raster.Path
	flat                 raster.Path
	start                fixed.Point26_6
	hasCurrent           bool
	paint                overPainter
	lineWidth            float64
}

// penLike is what a pen and a gg context both do: a drawing switches
// between them (keepDrawn).
type penLike interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	DrawCircle(x, y, r float64)
	DrawRoundedRectangle(x, y, w, h, r float64)
	SetColor(c color.Color)
	SetLineWidth(w float64)
	ClosePath()
	Stroke()
	StrokePreserve()
	Fill()
	FillPreserve()
}

func newPen(img *image.RGBA) *pen {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	return &pen{img: img, r: raster.NewRasterizer(w, h), paint: overPainter{img: img}, lineWidth: 1}
}

func penFix(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
}

func (p *pen) MoveTo(x, y float64) {
	if p.hasCurrent {
		p.fillPath.Add1(p.start)
	}
	f := penFix(x, y)
	p.strokePath.Start(f)
	p.fillPath.Start(f)
	p.start = f
	p.hasCurrent = true
}

func (p *pen) LineTo(x, y float64) {
	if !p.hasCurrent {
		p.MoveTo(x, y)
		return
	}
	f := penFix(x, y)
	p.strokePath.Add1(f)
	p.fillPath.Add1(f)
}

func (p *pen) quadTo(x1, y1, x2, y2 float64) {
	if !p.hasCurrent {
		p.MoveTo(x1, y1)
	}
	a, b := penFix(x1, y1), penFix(x2, y2)
	p.strokePath.Add2(a, b)
	p.fillPath.Add2(a, b)
}

func (p *pen) ClosePath() {
	if p.hasCurrent {
		p.strokePath.Add1(p.start)
		p.fillPath.Add1(p.start)
	}
}

func (p *pen) ClearPath() {
	p.strokePath.Clear()
	p.fillPath.Clear()
	p.hasCurrent = false
}

func (p *pen) NewSubPath() {
	if p.hasCurrent {
		p.fillPath.Add1(p.start)
	}
	p.hasCurrent = false
}

// DrawCircle adds a circle as gg's DrawCircle (16 quadratic arcs).
func (p *pen) DrawCircle(x, y, r float64) {
	p.NewSubPath()
	p.arc(x, y, r, 0, 2*math.Pi)
	p.ClosePath()
}

// DrawRoundedRectangle adds a rounded rectangle as gg's does.
func (p *pen) DrawRoundedRectangle(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	rad := func(d float64) float64 { return d * math.Pi / 180 } // gg's Radians
	p.NewSubPath()
	p.MoveTo(x1, y0)
	p.LineTo(x2, y0)
	p.arc(x2, y1, r, rad(270), rad(360))
	p.LineTo(x3, y2)
	p.arc(x2, y2, r, rad(0), rad(90))
	p.LineTo(x1, y3)
	p.arc(x1, y2, r, rad(90), rad(180))
	p.LineTo(x0, y1)
	p.arc(x1, y1, r, rad(180), rad(270))
	p.ClosePath()
}

// arc is gg's DrawEllipticalArc with rx = ry = r.
func (p *pen) arc(x, y, r, angle1, angle2 float64) {
	const n = 16
	for i := range n {
		p1 := float64(i+0) / n
		p2 := float64(i+1) / n
		a1 := angle1 + (angle2-angle1)*p1
		a2 := angle1 + (angle2-angle1)*p2
		x0 := x + r*math.Cos(a1)
		y0 := y + r*math.Sin(a1)
		x1 := x + r*math.Cos((a1+a2)/2)
		y1 := y + r*math.Sin((a1+a2)/2)
		x2 := x + r*math.Cos(a2)
		y2 := y + r*math.Sin(a2)
		cx := 2*x1 - x0/2 - x2/2
		cy := 2*y1 - y0/2 - y2/2
		if i == 0 {
			if p.hasCurrent {
				p.LineTo(x0, y0)
			} else {
				p.MoveTo(x0, y0)
			}
		}
		p.quadTo(cx, cy, x2, y2)
	}
}

func (p *pen) SetColor(c color.Color) { p.paint.setColor(c) }

func (p *pen) SetLineWidth(w float64) { p.lineWidth = w }

// Stroke strokes the path with round caps and joins (what the callers'
// gg contexts had set) and clears it.
func (p *pen) Stroke() {
	p.StrokePreserve()
	p.ClearPath()
}

func (p *pen) StrokePreserve() {
	p.flat = flatStroke(p.flat[:0], p.strokePath)
	p.r.UseNonZeroWinding = true
	p.r.Clear()
	p.r.AddStroke(p.flat, fixed.Int26_6(math.Round(p.lineWidth*64)), raster.RoundCapper, raster.RoundJoiner)
	p.r.Rasterize(&p.paint)
}

// Fill fills the path (non-zero winding, gg's default) and clears it.
func (p *pen) Fill() {
	p.FillPreserve()
	p.ClearPath()
}

func (p *pen) FillPreserve() {
	path := p.fillPath
	if p.hasCurrent {
		p.flat = append(p.flat[:0], p.fillPath...)
		p.flat.Add1(p.start)
		path = p.flat
	}
	p.r.UseNonZeroWinding = true
	p.r.Clear()
	p.r.AddPath(path)
	p.r.Rasterize(&p.paint)
}

// flatStroke is gg's rasterPath(flattenPath(path)) (path.go, bezier.go):
// quadratic curves cut into points by QuadraticBezier, every point whose
// distance from the last point kept, |dx|+|dy|, is at most 4/64 of a
// pixel dropped. The points go through the same float values as there.
func flatStroke(dst, path raster.Path) raster.Path {
	var prev fixed.Point26_6
	var cx, cy float64
	add := func(f fixed.Point26_6) {
		dx, dy := f.X-prev.X, f.Y-prev.Y
		if dx < 0 {
			dx = -dx
		}
		if dy < 0 {
			dy = -dy
		}
		if dx+dy > 4 {
			dst.Add1(f)
			prev = f
		}
	}
	for i := 0; i < len(path); {
		switch path[i] {
		case 0:
			cx, cy = penUnfix(path[i+1]), penUnfix(path[i+2])
			prev = penFix(cx, cy)
			dst.Start(prev)
			i += 4
		case 1:
			cx, cy = penUnfix(path[i+1]), penUnfix(path[i+2])
			add(penFix(cx, cy))
			i += 4
		case 2:
			x1, y1 := penUnfix(path[i+1]), penUnfix(path[i+2])
			x2, y2 := penUnfix(path[i+3]), penUnfix(path[i+4])
			l := (math.Hypot(x1-cx, y1-cy) +
				math.Hypot(x2-x1, y2-y1))
			n := max(int(l+0.5), 4)
			d := float64(n) - 1
			for j := 0; j < n; j++ {
				t := float64(j) / d
				x, y := quadratic(cx, cy, x1, y1, x2, y2, t)
				add(penFix(x, y))
			}
			cx, cy = x2, y2
			i += 6
		default:
			panic("render: pen strokes lines and quadratic curves only")
		}
	}
	return dst
}

// quadratic is gg's (bezier.go).
func quadratic(x0, y0, x1, y1, x2, y2, t float64) (x, y float64) {
	u := 1 - t
	a := u * u
	b := 2 * u * t
	c := t * t
	x = a*x0 + b*x1 + c*x2
	y = a*y0 + b*y1 + c*y2
	return
}

// penUnfix is gg's unfix (util.go).
func penUnfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}

// overPainter is freetype's RGBAPainter with Op Over: the same sums in
// the same uint32 arithmetic, so the same bytes.
type overPainter struct {
	img            *image.RGBA
	cr, cg, cb, ca uint32
	solid          [4]uint8 // the colour when opaque, written as is where fully covered
}

func (p *overPainter) setColor(c color.Color) {
	p.cr, p.cg, p.cb, p.ca = c.RGBA()
	// RGBAPainter writes (d*0 + c*m)/m >> 8 = c>>8 where the span's
	// alpha and the colour's are both full
	p.solid = [4]uint8{uint8(p.cr >> 8), uint8(p.cg >> 8), uint8(p.cb >> 8), uint8(p.ca >> 8)}
}

func (p *overPainter) Paint(ss []raster.Span, done bool) {
	img := p.img
	b := img.Rect
	const m = 1<<16 - 1
	cr, cg, cb, ca := p.cr, p.cg, p.cb, p.ca
	for _, s := range ss {
		if s.Y < b.Min.Y {
			continue
		}
		if s.Y >= b.Max.Y {
			return
		}
		if s.X0 < b.Min.X {
			s.X0 = b.Min.X
		}
		if s.X1 > b.Max.X {
			s.X1 = b.Max.X
		}
		if s.X0 >= s.X1 {
			continue
		}
		ma := s.Alpha
		i0 := (s.Y-b.Min.Y)*img.Stride + (s.X0-b.Min.X)*4
		pix := img.Pix[i0 : i0+(s.X1-s.X0)*4]
		if ma == m && ca == m {
			c := p.solid
			for i := 0; i+3 < len(pix); i += 4 {
				q := pix[i : i+4 : i+4]
				q[0], q[1], q[2], q[3] = c[0], c[1], c[2], c[3]
			}
			continue
		}
		a := (m - (ca * ma / m)) * 0x101
		r0, g0, b0, a0 := cr*ma, cg*ma, cb*ma, ca*ma
		for i := 0; i+3 < len(pix); i += 4 {
			q := pix[i : i+4 : i+4]
			q[0] = uint8((uint32(q[0])*a + r0) / m >> 8)
			q[1] = uint8((uint32(q[1])*a + g0) / m >> 8)
			q[2] = uint8((uint32(q[2])*a + b0) / m >> 8)
			q[3] = uint8((uint32(q[3])*a + a0) / m >> 8)
		}
	}
}

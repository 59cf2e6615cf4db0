package render

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/golang/freetype/raster"
)

// TestPenAsGG strokes random polylines (points a few 64ths of a pixel
// apart among them), fills random circles and strokes some, fills and
// strokes closed polygons and rounded rectangles, with the pen and with gg, round caps and
// joins, on a background of random pixels, and compares every byte.
func TestPenAsGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	for n := range 400 {
		w, h := 60+rng.IntN(300), 60+rng.IntN(200)
		a := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range a.Pix {
			a.Pix[i] = uint8(rng.IntN(256))
		}
		b := &image.RGBA{Pix: bytes.Clone(a.Pix), Stride: a.Stride, Rect: a.Rect}
		dc := newContext(a)
		dc.SetLineCapRound()
		p := newPen(b)
		pt := func() (float64, float64) {
			return rng.Float64()*float64(w+20) - 10, rng.Float64()*float64(h+20) - 10
		}
		// fillThenStroke fills the path drawn so far with the current
		// colour, then strokes it in a fresh random one, on both sides.
		fillThenStroke := func() {
			dc.FillPreserve()
			p.FillPreserve()
			col := hexColor(rng.Uint32() & 0xFFFFFF)
			dc.SetColor(col)
			p.SetColor(col)
			dc.Stroke()
			p.Stroke()
		}
		for range 1 + rng.IntN(4) {
			col := hexColor(rng.Uint32() & 0xFFFFFF)
			dc.SetColor(col)
			p.SetColor(col)
			lw := 0.5 + rng.Float64()*8
			dc.SetLineWidth(lw)
			p.SetLineWidth(lw)
			switch rng.IntN(5) {
			case 4: // rounded rectangles, filled and stroked
				for range 1 + rng.IntN(3) {
					x, y := pt()
					rw, rh := 1+rng.Float64()*60, 1+rng.Float64()*40
					r := rng.Float64() * min(rw, rh) / 2
					dc.DrawRoundedRectangle(x, y, rw, rh, r)
					p.DrawRoundedRectangle(x, y, rw, rh, r)
				}
				fillThenStroke()
			case 0:
				for range 1 + rng.IntN(2) { // one or two polylines
					x, y := pt()
					dc.MoveTo(x, y)
					p.MoveTo(x, y)
					for range 1 + rng.IntN(10) {
						if rng.IntN(4) == 0 { // close to the point before
							x += float64(rng.IntN(7)-3) / 64
							y += float64(rng.IntN(7)-3) / 64
						} else {
							x, y = pt()
						}
						dc.LineTo(x, y)
						p.LineTo(x, y)
					}
				}
				dc.Stroke()
				p.Stroke()
			case 1, 2: // circles filled, or filled and stroked
				for range 1 + rng.IntN(8) {
					x, y := pt()
					r := rng.Float64() * 12
					dc.DrawCircle(x, y, r)
					p.DrawCircle(x, y, r)
				}
				if rng.IntN(2) == 0 {
					dc.Fill()
					p.Fill()
					break
				}
				fillThenStroke()
			default: // closed polygons, filled and stroked
				for range 1 + rng.IntN(3) {
					x, y := pt()
					dc.MoveTo(x, y)
					p.MoveTo(x, y)
					for range 2 + rng.IntN(12) {
						x, y = pt()
						dc.LineTo(x, y)
						p.LineTo(x, y)
					}
					dc.ClosePath()
					p.ClosePath()
				}
				fillThenStroke()
			}
		}
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Fatalf("case %d: the pen's pixels differ from gg's", n)
		}
	}
}

// TestOverPainter paints random spans, of every kind of alpha, with
// random colours (opaque and not) through freetype's RGBAPainter and
// through overPainter, and compares the bytes.
func TestOverPainter(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for n := range 300 {
		a := image.NewRGBA(image.Rect(0, 0, 64, 16))
		for i := range a.Pix {
			a.Pix[i] = uint8(rng.IntN(256))
		}
		b := &image.RGBA{Pix: bytes.Clone(a.Pix), Stride: a.Stride, Rect: a.Rect}
		var c color.Color = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 0xFF}
		if n%3 == 0 {
			al := uint8(rng.IntN(256))
			c = color.RGBA{uint8(rng.IntN(int(al) + 1)), uint8(rng.IntN(int(al) + 1)), uint8(rng.IntN(int(al) + 1)), al}
		}
		ref := raster.NewRGBAPainter(a)
		ref.SetColor(c)
		var op overPainter
		op.img = b
		op.setColor(c)
		var ss []raster.Span
		for y := -1; y < 18; y++ {
			x0 := rng.IntN(80) - 8
			al := uint32(rng.IntN(1 << 16))
			switch rng.IntN(3) {
			case 0:
				al = 0xFFFF
			case 1:
				al = 0
			}
			ss = append(ss, raster.Span{Y: y, X0: x0, X1: x0 + rng.IntN(40), Alpha: al})
		}
		ref.Paint(ss, true)
		op.Paint(ss, true)
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Fatalf("case %d: overPainter's pixels differ from RGBAPainter's", n)
		}
	}
}

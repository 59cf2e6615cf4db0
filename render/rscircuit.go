package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"git.sr.ht/~sbinet/gg"

	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Zone colours of a Racing Simulator circuit: the harder to pass, the
// warmer (Okabe–Ito), braking zones in blue; each also differs in
// lightness, so the loop still reads in greyscale.
var rsZoneColour = map[rscircuit.Zone]hexColor{
	rscircuit.Z1:    0xD9D9D9,
	rscircuit.Z3:    okYellow,
	rscircuit.Z5:    okOrange,
	rscircuit.Z7:    0xD55E00, // vermillion
	rscircuit.Brake: 0x0072B2, // blue
}

// RSCircuitPNG draws a Racing Simulator circuit (tracks/rscircuit) as a
// palette PNG: its squares in racing order around a stadium-shaped loop,
// each in its zone's colour with the zone written on it (B for braking),
// square numbers every five, the start line and the pit entry and exit,
// and a legend. width is 1600 to 6400 pixels.
func (r *Renderer) RSCircuitPNG(w io.Writer, c *rscircuit.Circuit, width int) error {
	if width < 1600 || width > 6400 {
		return fmt.Errorf("render: width %d: 1600 to 6400 pixels", width)
	}
	if c == nil || c.Len() == 0 {
		return fmt.Errorf("render: no circuit")
	}
	k := float64(width) / 1600
	h := int(1000 * k)
	img := image.NewRGBA(image.Rect(0, 0, width, h))
	dc := newContext(img)
	dc.SetColor(hexColor(0x3B6E3B))
	dc.Clear()

	// the loop: two straights of length s joined by half circles of radius
	// rad, centred in the image
	loop := rsLoop{rad: 300 * k, s: 700 * k, cx: float64(width) / 2, cy: 80*k + float64(h-80*int(k))/2, c: c}
	r.drawRSLoop(dc, loop, k, rsMarks{"START", "PIT IN", "PIT OUT"})
	label := r.face(false, 16*k)
	title := r.face(true, 30*k)
	cx, cy, s := loop.cx, loop.cy, loop.s
	dc.SetFontFace(title)
	dc.SetColor(color.White)
	dc.DrawStringAnchored(fmt.Sprintf("%s — Racing Simulator, %s circuit, %d squares", c.Name, c.Kind, c.Len()), float64(width)/2, 40*k, 0.5, 0.5)
	dc.SetFontFace(label)
	dc.DrawStringAnchored(fmt.Sprintf("stop %d · drive-through %d · grid %s · weather %+d", c.PitStop, c.DriveThrough, c.Grid, c.WeatherModifier), cx, cy, 0.5, 0.5)
	// legend
	lx, ly := cx-s/2, cy+40*k
	for i, z := range []rscircuit.Zone{rscircuit.Z1, rscircuit.Z3, rscircuit.Z5, rscircuit.Z7, rscircuit.Brake} {
		x := lx + float64(i)*140*k
		dc.SetColor(rsZoneColour[z])
		dc.DrawRectangle(x, ly, 24*k, 24*k)
		dc.Fill()
		name := "zone " + z.String()
		if z == rscircuit.Brake {
			name = "braking"
		}
		dc.SetColor(color.White)
		dc.DrawStringAnchored(name, x+32*k, ly+12*k, 0, 0.35)
	}
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// rsLoop is the stadium-shaped loop a Racing Simulator circuit is drawn
// on: two straights of length s joined by half circles of radius rad,
// centred on (cx, cy); square 0 starts at the left end of the bottom
// straight and the cars run anticlockwise on screen.
type rsLoop struct {
	cx, cy, rad, s float64
	c              *rscircuit.Circuit
}

func (l rsLoop) perimeter() float64 { return 2*l.s + 2*math.Pi*l.rad }

// step is the length of one square along the loop.
func (l rsLoop) step() float64 { return l.perimeter() / float64(l.c.Len()) }

// square is the side of a drawn square: a little less than a step, at
// most 60 design pixels.
func (l rsLoop) square(k float64) float64 { return math.Min(l.step()*0.86, 60*k) }

// at is the point d along the loop and the direction of travel there.
func (l rsLoop) at(d float64) (x, y, angle float64) {
	cx, cy, rad, s := l.cx, l.cy, l.rad, l.s
	d = math.Mod(d, l.perimeter())
	switch {
	case d < s: // bottom straight, left to right
		return cx - s/2 + d, cy + rad, 0
	case d < s+math.Pi*rad: // right half circle, upwards
		a := (d - s) / rad
		return cx + s/2 + rad*math.Sin(a), cy + rad*math.Cos(a), -a
	case d < 2*s+math.Pi*rad: // top straight, right to left
		return cx + s/2 - (d - s - math.Pi*rad), cy - rad, math.Pi
	default:
		a := (d - 2*s - math.Pi*rad) / rad
		return cx - s/2 - rad*math.Sin(a), cy - rad*math.Cos(a), math.Pi - a
	}
}

// centre is the middle of square i and the direction of travel there.
func (l rsLoop) centre(i int) (x, y, angle float64) {
	return l.at((float64(i) + 0.5) * l.step())
}

// rsMarks are the words of the start line and the pit entry and exit.
type rsMarks struct{ start, pitIn, pitOut string }

// drawRSLoop draws the circuit's squares around the loop in their zones'
// colours with the zone on each, square numbers every five outside, and
// the start line and pit marks inside.
func (r *Renderer) drawRSLoop(dc *gg.Context, l rsLoop, k float64, m rsMarks) {
	c, cx, cy := l.c, l.cx, l.cy
	sq := l.square(k)
	dc.SetColor(hexColor(0x555555))
	dc.SetLineWidth(sq * 1.5)
	dc.DrawRoundedRectangle(cx-l.s/2-l.rad, cy-l.rad, l.s+2*l.rad, 2*l.rad, l.rad)
	dc.Stroke()
	small := r.face(true, math.Max(14, sq*0.45))
	label := r.face(false, 16*k)
	for i, z := range c.Squares {
		x, y, a := l.centre(i)
		dc.Push()
		dc.RotateAbout(a, x, y)
		dc.DrawRectangle(x-sq/2, y-sq*0.6, sq, sq*1.2)
		dc.SetColor(rsZoneColour[z])
		dc.FillPreserve()
		dc.SetColor(hexColor(0x222222))
		dc.SetLineWidth(1.5 * k)
		dc.Stroke()
		dc.Pop()
		txt := z.String()
		col := hexColor(0x111111)
		if z == rscircuit.Brake || z == rscircuit.Z7 {
			col = 0xFFFFFF
		}
		dc.SetFontFace(small)
		dc.SetColor(col)
		dc.DrawStringAnchored(txt, x, y, 0.5, 0.35)
		if i%5 == 0 {
			// the number outside the loop
			ox, oy := x-cx, y-cy
			n := math.Hypot(ox, oy)
			dc.SetFontFace(label)
			dc.SetColor(color.White)
			dc.DrawStringAnchored(fmt.Sprint(i), x+ox/n*sq*1.3, y+oy/n*sq*1.3, 0.5, 0.35)
		}
	}
	mark := func(sqr int, text string, col hexColor, before bool) {
		d := float64(sqr) * l.step()
		if !before {
			d += l.step()
		}
		x, y, a := l.at(d)
		dc.Push()
		dc.RotateAbout(a, x, y)
		dc.SetColor(col)
		dc.SetLineWidth(5 * k)
		dc.DrawLine(x, y-sq, x, y+sq)
		dc.Stroke()
		dc.Pop()
		ix, iy := cx-x, cy-y
		n := math.Hypot(ix, iy)
		dc.SetFontFace(label)
		dc.SetColor(col) // Pop restored the colour before the line
		dc.DrawStringAnchored(text, x+ix/n*sq*1.6, y+iy/n*sq*1.6, 0.5, 0.35)
	}
	mark(c.Start, m.start, 0xFFFFFF, false)
	mark(c.PitEntry, m.pitIn, okSkyBlue, false)
	mark(c.PitExit, m.pitOut, okSkyBlue, true)
}

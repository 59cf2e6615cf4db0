package render

import (
	"fmt"
	"math"
	"strings"

	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Cars, paths, debris, stops and options on the circuit.

// teamColours are the five teams' colours, from the Okabe–Ito palette:
// they stay apart under the common colour-vision deficiencies and differ
// in lightness too. Cars 1–2 are team 1, 3–4 team 2 and so on (R-GEN-02).
var teamColours = [5]hexColor{
	okVermilion,
	okSkyBlue,
	okYellow,
	okGreen,
	0xCC79A7, // Okabe–Ito reddish purple
}

const (
	colPaper     hexColor = 0xF4F3EE // the panels under the board
	colPaperLine hexColor = 0xD4D2C8
	colPaperSub  hexColor = 0x5A5E63 // secondary text on paper
	colMoverRow  hexColor = 0xFBF3C4 // the row of the car to move
	colOutRow    hexColor = 0xE6E4DD // the row of a car off the board
	colRisky     hexColor = okOrange
	// colDeadly is okVermilion darkened until white letters on it, and
	// it as text on the panels, reach 4.5:1 (WCAG AA)
	colDeadly hexColor = 0xA84200
	// colRiskText is okOrange darkened for text on the panels (4.5:1)
	colRiskText hexColor = 0x8F5E00
	// colDoneText is okBlue darkened for "finished" on any row (4.5:1)
	colDoneText hexColor = 0x005A8C
	colPipEmpty hexColor = 0xFFFFFF
)

func teamColour(car int) hexColor {
	t := teamOf(car)
	if t < 1 {
		t = 1
	}
	return teamColours[(t-1)%len(teamColours)]
}

// second reports whether the car is the second of its team: its number is
// white on a black disc, the first car's black on white.
func second(car int) bool { return car%2 == 0 }

// mix blends two colours, t from a (0) to b (1).
func mix(a, b hexColor, t float64) hexColor {
	ca, cb := a.rgba(), b.rgba()
	f := func(x, y uint8) uint32 { return uint32(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return hexColor(f(ca.R, cb.R)<<16 | f(ca.G, cb.G)<<8 | f(ca.B, cb.B))
}

// light reports whether a colour wants dark text.
func light(c hexColor) bool {
	rgb := c.rgba()
	return 0.299*float64(rgb.R)+0.587*float64(rgb.G)+0.114*float64(rgb.B) > 140
}

// painter draws on a board with its own font faces: a face caches
// nothing across drawings and is not safe for concurrent use, so each
// drawing keeps the faces it made.
type painter struct {
	*board
	faces map[faceKey]font.Face
	// labels, when set, records every text drawn and its box; a painter
	// of the circuit area records them clipped to its view (a car at the
	// edge of a crop is cut with its number)
	labels  *[]placedLabel
	clipped bool
	pn      *pen
}

type faceKey struct {
	bold bool
	size int // 64ths of a pixel
}

func newPainter(b *board) *painter { return &painter{board: b, faces: map[faceKey]font.Face{}} }

// pen is the painter's pen on its image (draw_pen.go), made when first
// asked.
func (b *painter) pen() *pen {
	if b.pn == nil || b.pn.img != b.img {
		b.pn = newPen(b.img)
	}
	return b.pn
}

// centered draws s centred in box and records it.
func (b *painter) centered(f font.Face, s string, box rect, col hexColor) {
	c := box.center()
	b.textCentered(f, s, c.X, c.Y, col)
	if b.labels != nil {
		m := f.Metrics()
		*b.labels = append(*b.labels, placedLabel{text: s, box: box, width: measure(f, s), height: float64(m.Ascent) / 64, clipped: b.clipped})
	}
}

// face returns the face of a size, made once per drawing.
func (b *painter) face(bold bool, size float64) font.Face {
	key := faceKey{bold, int(math.Round(size * 64))}
	if f, ok := b.faces[key]; ok {
		return f
	}
	f := keep(b.r.face(bold, size), bold, size)
	b.faces[key] = f
	return f
}

// fitFace is the face of size, or a smaller one down to least (in steps
// of one design pixel), in which s fits w pixels: a long word (French,
// on a phone) is set smaller before it is cut.
func (b *painter) fitFace(bold bool, size, least float64, s string, w float64) font.Face {
	f := b.face(bold, size)
	for step := math.Max(b.k, 0.5); measure(f, s) > w && size-step >= least-1e-9; {
		size -= step
		f = b.face(bold, size)
	}
	return f
}

// spaceFrame is a space's centre, its forward and rightward unit vectors
// and its length and width on the image.
type spaceFrame struct {
	c, fwd, right vec
	l, w          float64
}

func (b *painter) frame(id tracks.SpaceID) spaceFrame {
	q := b.quads[id]
	rear, front := mid(q[0], q[1]), mid(q[3], q[2])
	f := spaceFrame{c: at(q, 0.5, 0.5), fwd: unit(sub(front, rear)), l: length(sub(front, rear)),
		w: (length(sub(q[1], q[0])) + length(sub(q[2], q[3]))) / 2}
	if f.fwd == (vec{}) {
		f.fwd = vec{X: 1}
	}
	f.right = vec{X: -f.fwd.Y, Y: f.fwd.X}
	return f
}

// carSize is the length and width of a car on a space.
func (b *painter) carSize(f spaceFrame) (l, w float64) {
	return 0.86 * f.l, 0.7 * f.w
}

// discRadius is the radius of a car's number disc on a space: never less
// than fits a two-digit number in 13-pixel bold.
func (b *painter) discRadius(f spaceFrame) float64 {
	return math.Max(10.5*b.k, 0.3*math.Min(f.l, f.w))
}

// drawCar draws a car on its space, pointing along the track, in its team
// colour, with its number on a disc.
func (b *painter) drawCar(n int, id tracks.SpaceID, mover bool) {
	f := b.frame(id)
	l, w := b.carSize(f)
	var dc penLike = b.dc
	if keepDrawn {
		dc = b.pen()
	}
	col := teamColour(n)
	pt := func(x, y float64) vec { return add(f.c, add(mul(f.fwd, x), mul(f.right, y))) }
	poly := func(ps ...vec) {
		dc.MoveTo(ps[0].X, ps[0].Y)
		for _, p := range ps[1:] {
			dc.LineTo(p.X, p.Y)
		}
		dc.ClosePath()
	}
	lw := math.Max(1.2*b.k, 0.03*f.w)
	if mover {
		// a white halo around the car to move
		dc.DrawCircle(f.c.X, f.c.Y, 0.5*math.Hypot(l, w)+3*b.k)
		dc.SetColor(colWhite)
		dc.SetLineWidth(3.5 * b.k)
		dc.Stroke()
	}
	// wheels
	ww, wl := 0.2*w, 0.2*l
	for _, x := range []float64{-0.3 * l, 0.24 * l} {
		for _, y := range []float64{-0.5*w + ww/2, 0.5*w - ww/2} {
			poly(pt(x-wl/2, y-ww/2), pt(x+wl/2, y-ww/2), pt(x+wl/2, y+ww/2), pt(x-wl/2, y+ww/2))
		}
	}
	dc.SetColor(colInk)
	dc.Fill()
	// body: a tapered hull with front and rear wings
	hull := []vec{
		pt(-0.5*l, -0.42*w), pt(-0.38*l, -0.42*w), pt(-0.36*l, -0.28*w), pt(0.3*l, -0.22*w), pt(0.38*l, -0.12*w),
		pt(0.38*l, -0.44*w), pt(0.5*l, -0.44*w), pt(0.5*l, 0.44*w), pt(0.38*l, 0.44*w), pt(0.38*l, 0.12*w),
		pt(0.3*l, 0.22*w), pt(-0.36*l, 0.28*w), pt(-0.38*l, 0.42*w), pt(-0.5*l, 0.42*w),
	}
	poly(hull...)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
	b.drawNumberDisc(n, f.c, b.discRadius(f)) // leaves b.dc's colour and width as gg's strokes would
}

// drawNumberDisc draws a car's number: black on white for the first car of
// a team, white on black for the second.
func (b *painter) drawNumberDisc(n int, c vec, r float64) {
	var dc penLike = b.dc
	if keepDrawn {
		dc = b.pen()
	}
	fill, ink := colWhite, colInk
	if second(n) {
		fill, ink = colInk, colWhite
	}
	dc.DrawCircle(c.X, c.Y, r)
	dc.SetColor(fill)
	dc.FillPreserve()
	stroke := ink
	if second(n) {
		stroke = colWhite
	}
	dc.SetColor(stroke)
	lw := math.Max(1.2*b.k, 0.1*r)
	dc.SetLineWidth(lw)
	dc.Stroke()
	if dc != penLike(b.dc) {
		// gg's state as its own strokes would have left it
		b.dc.SetColor(stroke)
		b.dc.SetLineWidth(lw)
	}
	f := b.numberFace(r)
	b.centered(f, fmt.Sprint(n), rectAt(c.X, c.Y, 2*r, 2*r), ink)
}

// numberFace is the largest bold face whose "10" fits a disc of radius r.
func (b *painter) numberFace(r float64) font.Face {
	size := math.Floor(1.25 * r)
	for ; size > 9; size-- {
		f := b.face(true, size)
		if measure(f, "10") <= 1.62*r {
			return f
		}
	}
	return b.face(true, 9)
}

// pathPoints lists the centres of a path's spaces, from where it starts.
func (b *painter) pathPoints(from tracks.SpaceID, path []tracks.SpaceID) []vec {
	var ps []vec
	if from != tracks.NoSpace && int(from) < len(b.quads) {
		ps = append(ps, b.frame(from).c)
	}
	for _, s := range path {
		if s >= 0 && int(s) < len(b.quads) {
			ps = append(ps, b.frame(s).c)
		}
	}
	return ps
}

// drawFaintPath draws a car's earlier play: a thin line in a light tint of
// its colour with a dot on every space entered.
func (b *painter) drawFaintPath(p *fd.PlayLog) {
	ps := b.pathPoints(p.From, p.Path())
	if len(ps) < 2 {
		return
	}
	dc := b.dc
	col := mix(teamColour(p.Car), colWhite, 0.35)
	w := math.Max(2.5*b.k, 0.08*b.s)
	dc.SetLineCapRound()
	var d penLike = dc
	if keepDrawn {
		d = b.pen()
	}
	line := func() {
		d.MoveTo(ps[0].X, ps[0].Y)
		for _, p := range ps[1:] {
			d.LineTo(p.X, p.Y)
		}
	}
	line()
	d.SetColor(colInk)
	d.SetLineWidth(w + 1.6*b.k)
	d.Stroke()
	line()
	d.SetColor(col)
	d.SetLineWidth(w)
	d.Stroke()
	for _, p := range ps[1:] {
		d.DrawCircle(p.X, p.Y, 0.9*w+1*b.k)
	}
	d.SetColor(colInk)
	d.Fill()
	for _, p := range ps[1:] {
		d.DrawCircle(p.X, p.Y, 0.9*w)
	}
	d.SetColor(col)
	d.Fill()
	if d != penLike(dc) {
		// gg's state as its own strokes would have left it
		dc.SetColor(col)
		dc.SetLineWidth(w)
	}
}

// drawBoldPath draws the last play: a thick line in the car's colour with
// a dark outline, dashed where the car rode a slipstream, a white dot on
// every space entered and a ring where it started.
func (b *painter) drawBoldPath(p *fd.PlayLog) {
	col := teamColour(p.Car)
	w := math.Max(6*b.k, 0.2*b.s)
	from := p.From
	all := b.pathPoints(from, p.Path())
	if len(all) < 2 {
		return
	}
	b.dc.SetLineCapRound()
	var dc penLike = b.dc
	if keepDrawn {
		dc = b.pen()
	}
	line := func(d penLike, ps []vec) {
		d.MoveTo(ps[0].X, ps[0].Y)
		for _, p := range ps[1:] {
			d.LineTo(p.X, p.Y)
		}
	}
	line(dc, all)
	dc.SetColor(colInk)
	dc.SetLineWidth(w + 4*b.k)
	dc.Stroke()
	for _, seg := range p.Segments {
		ps := b.pathPoints(from, seg.Path)
		if len(seg.Path) > 0 {
			from = seg.Path[len(seg.Path)-1]
		}
		if len(ps) < 2 {
			continue
		}
		if seg.Kind == "slipstream" { // dashed: gg's own
			line(b.dc, ps)
			b.dc.SetColor(colWhite)
			b.dc.SetLineWidth(w)
			b.dc.StrokePreserve()
			b.dc.SetColor(col)
			b.dc.SetDash(1.6*w, 1.1*w)
			b.dc.Stroke()
			b.dc.SetDash()
			continue
		}
		line(dc, ps)
		dc.SetColor(col)
		dc.SetLineWidth(w)
		dc.Stroke()
	}
	r := math.Max(3.2*b.k, 0.1*b.s)
	for _, q := range all[1:] {
		dc.DrawCircle(q.X, q.Y, r)
	}
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1.3 * b.k)
	dc.Stroke()
	s := all[0]
	dc.DrawCircle(s.X, s.Y, 1.6*r)
	dc.SetColor(colWhite)
	dc.SetLineWidth(3 * b.k)
	dc.StrokePreserve()
	dc.SetColor(col)
	dc.SetLineWidth(1.6 * b.k)
	dc.Stroke()
	if dc != penLike(b.dc) {
		// gg's state as its own strokes would have left it
		b.dc.SetColor(col)
		b.dc.SetLineWidth(1.6 * b.k)
	}
}

// drawDebris draws a debris marker (R-DEB-01): a yellow warning triangle,
// in the middle of the space, or small in its rear corner under a car;
// league 17-B's oil, which costs engine points, a black slick instead.
func (b *painter) drawDebris(id tracks.SpaceID, occupied bool, kind fd.MarkerKind) {
	f := b.frame(id)
	side := 0.62 * math.Min(f.l, f.w)
	c := f.c
	if occupied {
		side *= 0.6
		c = add(add(c, mul(f.fwd, -0.36*f.l)), mul(f.right, 0.32*f.w))
	}
	side = math.Max(side, 14*b.k)
	if kind == fd.MarkerOil {
		b.oilSlick(c, side, f.fwd)
		return
	}
	b.warning(c, side)
}

// oilSlick draws a patch of oil about side across centred on c, spread
// along fwd: a black pool and two drops, ringed in white so that it
// stands out on the dark asphalt as on the light, a grey gleam on it.
func (b *painter) oilSlick(c vec, side float64, fwd vec) {
	dc := b.dc
	right := vec{X: -fwd.Y, Y: fwd.X}
	blobs := []struct{ at, r float64 }{{0, 0.34}, {0.36, 0.2}, {-0.34, 0.16}}
	path := func() {
		for i, bl := range blobs {
			p := add(c, add(mul(fwd, bl.at*side), mul(right, float64(i%2)*0.08*side)))
			dc.DrawCircle(p.X, p.Y, bl.r*side)
		}
	}
	path()
	dc.SetColor(colWhite)
	dc.SetLineWidth(math.Max(2*b.k, side*0.12))
	dc.Stroke()
	path()
	dc.SetColor(colInk)
	dc.Fill()
	gleam := add(c, add(mul(fwd, 0.1*side), mul(right, -0.1*side)))
	dc.DrawCircle(gleam.X, gleam.Y, math.Max(1*b.k, 0.08*side))
	dc.SetColor(mix(colInk, colWhite, 0.6))
	dc.Fill()
}

// drawSpinning draws a runaway car spinning on a space (league 10-A): its
// number disc in a dashed vermilion ring, the area around it dangerous.
func (b *painter) drawSpinning(n int, id tracks.SpaceID) {
	f := b.frame(id)
	r := b.discRadius(f)
	dc := b.dc
	dc.DrawCircle(f.c.X, f.c.Y, 1.7*r)
	dc.SetColor(colWhite)
	dc.SetLineWidth(5 * b.k)
	dc.StrokePreserve()
	dc.SetColor(colDeadly)
	dc.SetLineWidth(3 * b.k)
	dc.SetDash(5*b.k, 3*b.k)
	dc.Stroke()
	dc.SetDash()
	b.drawNumberDisc(n, f.c, r)
}

// warning draws a warning triangle of the given side centred on c.
func (b *painter) warning(c vec, side float64) {
	dc := b.dc
	h := side * math.Sqrt(3) / 2
	top, l, r := vec{X: c.X, Y: c.Y - h*0.6}, vec{X: c.X - side/2, Y: c.Y + h*0.4}, vec{X: c.X + side/2, Y: c.Y + h*0.4}
	dc.MoveTo(top.X, top.Y)
	dc.LineTo(r.X, r.Y)
	dc.LineTo(l.X, l.Y)
	dc.ClosePath()
	dc.SetColor(okYellow)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1.4*b.k, side*0.08))
	dc.Stroke()
	// the exclamation mark, drawn
	dc.MoveTo(c.X, c.Y-h*0.3)
	dc.LineTo(c.X, c.Y+h*0.08)
	dc.SetLineWidth(math.Max(1.6*b.k, side*0.12))
	dc.SetLineCapButt()
	dc.Stroke()
	dc.DrawCircle(c.X, c.Y+h*0.24, math.Max(1*b.k, side*0.07))
	dc.Fill()
	dc.SetLineCapRound()
}

// stopsBadge is the yellow box beside a car in a corner: the stops it has
// made there against those required.
func (b *painter) drawStopsBadge(id tracks.SpaceID, made, required int) rect {
	f := b.frame(id)
	r := b.discRadius(f)
	text := fmt.Sprintf("%d/%d", made, required)
	face := b.face(true, math.Max(13*math.Max(b.k, 1), math.Min(15*b.k, 0.75*r))) // at least 13 pixels, and 13 CSS pixels on a phone
	w, h := measure(face, text)+8*b.k, capHeight(face)+9*b.k
	// behind the car, where its own lane has room: the cars beside are
	// not covered
	l, _ := b.carSize(f)
	c := sub(f.c, mul(f.fwd, l/2+(math.Abs(f.fwd.X)*w+math.Abs(f.fwd.Y)*h)/2-2*b.k))
	box := rectAt(c.X, c.Y, w, h)
	var dc penLike = b.dc
	if keepDrawn {
		dc = b.pen()
	}
	dc.DrawRoundedRectangle(box.x0, box.y0, box.w(), box.h(), 3*b.k)
	dc.SetColor(colStopsBox)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1.3 * b.k)
	dc.Stroke()
	if dc != penLike(b.dc) {
		b.dc.SetColor(colInk)
		b.dc.SetLineWidth(1.3 * b.k)
	}
	b.centered(face, text, box, colInk)
	return box
}

// optionMarker draws the letters of the options ending on a space: white
// for a safe choice, orange for a risky one, vermilion (white letters) for
// one that eliminates the car.
func (b *painter) drawOptionMarker(grp optionGroup, occupiedBy int) rect {
	f := b.frame(grp.end)
	c := f.c
	if occupiedBy != 0 {
		// the car stands there (staying put): put the letters behind it
		c = sub(c, mul(f.fwd, 0.62*f.l+6*b.k))
	}
	text := strings.Join(grp.letters, "·")
	face := b.face(true, math.Max(15*b.k, math.Min(22*b.k, 0.5*math.Min(f.l, f.w))))
	h := math.Max(capHeight(face)+12*b.k, 0.62*math.Min(f.l, f.w))
	w := math.Max(h, measure(face, text)+12*b.k)
	box := rectAt(c.X, c.Y, w, h)
	fill, ink := colWhite, colInk
	switch {
	case grp.worst >= 1:
		fill, ink = colDeadly, colWhite
	case grp.worst > 0:
		fill = colRisky
	}
	dc := b.dc
	if occupiedBy == 0 {
		// outline the destination
		b.polygon(b.shapes[grp.end].outline)
		dc.SetColor(colWhite)
		dc.SetLineWidth(3 * b.k)
		dc.Stroke()
	}
	dc.DrawRoundedRectangle(box.x0, box.y0, box.w(), box.h(), 5*b.k)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(2 * b.k)
	dc.Stroke()
	b.centered(face, text, box, ink)
	return box
}

// drawGame draws the game on the circuit: faint paths of the last round,
// the bold path of the last play, debris, option destinations, cars,
// stops, option letters.
func (b *painter) drawGame(v *gameView) {
	g := v.g
	for car := 1; car <= len(g.Cars); car++ {
		if p := v.recent[car]; p != nil && p != v.last {
			b.drawFaintPath(p)
		}
	}
	if v.last != nil {
		b.drawBoldPath(v.last)
	}
	occupied := map[tracks.SpaceID]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.OnBoard() && int(c.Space) < len(b.quads) {
			occupied[c.Space] = c.Number
		}
	}
	debris := sortedDebris(g)
	for _, s := range debris {
		if occupied[s] == 0 {
			b.drawDebris(s, false, g.MarkerKindOn(s))
		}
	}
	for _, sc := range g.SpinningCars() { // league 10-A: a runaway car spinning until the turn's end
		if int(sc.At) < len(b.quads) {
			b.drawSpinning(sc.Car, sc.At)
		}
	}
	groups := v.optionGroups()
	for i := range g.Cars {
		c := &g.Cars[i]
		if occupied[c.Space] == c.Number && c.OnBoard() {
			b.drawCar(c.Number, c.Space, c.Number == v.focus && v.pending != nil)
		}
	}
	for _, s := range debris {
		if occupied[s] != 0 {
			b.drawDebris(s, true, g.MarkerKindOn(s))
		}
	}
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.OnBoard() && c.Corner >= 0 && c.Corner < len(v.c.Corners) && v.c.Spaces[c.Space].Corner == c.Corner {
			b.drawStopsBadge(c.Space, c.Stops, v.c.Corners[c.Corner].Stops)
		}
	}
	for _, grp := range groups {
		b.drawOptionMarker(grp, occupied[grp.end])
	}
}

func sortedDebris(g *fd.Game) []tracks.SpaceID {
	var out []tracks.SpaceID
	for i := range g.Track.Spaces {
		if g.Debris[tracks.SpaceID(i)] {
			out = append(out, tracks.SpaceID(i))
		}
	}
	return out
}

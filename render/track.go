package render

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"sort"
	"strings"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/tracks"
)

// Image widths, in pixels. Text sizes and line widths scale with the width,
// from at least 14-pixel text at MinWidth.
const (
	DefaultWidth = 1600
	MinWidth     = 1600
	MaxWidth     = 6400
)

// TrackOptions tunes Track. The zero value draws the default board.
type TrackOptions struct {
	// Width of the image in pixels: 0 means DefaultWidth, otherwise
	// MinWidth to MaxWidth. The height follows from the circuit's shape.
	Width int
	// MaxHeight caps the height in pixels: 0 means 5/4 of the width, and
	// it may not exceed twice the width. A circuit taller than that is
	// scaled down to fit, and centred.
	MaxHeight int
}

// ErrNoCircuit is returned for a nil circuit or one without spaces.
var ErrNoCircuit = errors.New("render: no circuit to draw")

// Track draws the bare circuit: the track surface and every space, corners
// with their stops in the yellow box, the start/finish line and the grid,
// the pit lane and its boxes, the markings of the optional rules (wall,
// dangerous zone, noise area, police line, tunnels), a title and a legend.
// The circuit should be valid (tracks.Validate); an invalid one is drawn as
// far as its geometry allows.
func (r *Renderer) Track(c *tracks.Circuit, opt TrackOptions) (image.Image, error) {
	b, err := r.newBoard(c, opt)
	if err != nil {
		return nil, err
	}
	b.drawTrack()
	return b.img, nil
}

// TrackPNG draws the bare circuit and writes it to w as a palette PNG
// (EncodePNG).
func (r *Renderer) TrackPNG(w io.Writer, c *tracks.Circuit, opt TrackOptions) error {
	img, err := r.Track(c, opt)
	if err != nil {
		return err
	}
	return EncodePNG(w, img)
}

// board is one drawing in progress.
type board struct {
	r   *Renderer
	c   *tracks.Circuit
	dc  *gg.Context
	img *image.RGBA

	w, h   float64 // image size
	k      float64 // pixels per "design pixel": 1 at 1600 wide
	s      float64 // pixels per lane width
	x0, y0 float64 // image position of the model's origin
	header float64 // height of the title band
	footer float64 // height of the legend band
	legend []legendItem

	// quads are the spaces' outlines on the image, with their bounding
	// boxes, for keeping labels off the track.
	quads  [][]vec
	qboxes []rect
	shapes []spaceShape
	// labels already placed; cornerBoxes holds each corner's, by index.
	placed      []rect
	cornerBoxes []rect

	fTitle, fSub, fLabel, fStops, fGrid, fBox, fSmall font.Face
}

func (r *Renderer) newBoard(c *tracks.Circuit, opt TrackOptions) (*board, error) {
	if c == nil || len(c.Spaces) == 0 {
		return nil, ErrNoCircuit
	}
	w := opt.Width
	if w == 0 {
		w = DefaultWidth
	}
	if w < MinWidth || w > MaxWidth {
		return nil, fmt.Errorf("render: width %d is outside %d–%d pixels", w, MinWidth, MaxWidth)
	}
	maxH := opt.MaxHeight
	if maxH == 0 {
		maxH = w * 5 / 4
	}
	if maxH > 2*w {
		return nil, fmt.Errorf("render: a maximum height of %d pixels is more than twice the width", maxH)
	}
	// the drawing's bounds, from the spaces themselves
	lo := tracks.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi := tracks.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for i := range c.Spaces {
		for _, p := range c.Spaces[i].Quad {
			if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
				return nil, fmt.Errorf("render: space %s has no geometry", c.Spaces[i].Name)
			}
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
	}
	k := float64(w) / DefaultWidth
	b := &board{r: r, c: c, w: float64(w), k: k}
	b.fTitle = r.face(true, 30*k)
	b.fSub = r.face(false, 16*k)
	b.fLabel = r.face(true, 17*k)
	b.fStops = r.face(true, 24*k)
	b.fGrid = r.face(true, 17*k)
	b.fBox = r.face(true, 15*k)
	b.fSmall = r.face(false, 14*k)

	b.header = math.Round(78 * k)
	b.legend = legendFor(c)
	b.footer = b.layoutLegend()
	// room around the board for the corner labels: at least the widest
	// one beside a corner whose outside faces left or right
	mx, my := math.Round(120*k), math.Round(96*k)
	for i := range c.Corners {
		if needsSideRoom(c, &c.Corners[i], lo, hi) {
			mx = max(mx, math.Min(math.Round(b.cornerLabelWidth(&c.Corners[i])+24*k), 240*k))
		}
	}
	if minH := int(b.header + b.footer + 2*my + 100*k); maxH < minH {
		return nil, fmt.Errorf("render: a maximum height of %d pixels leaves no room for the board (at least %d)", maxH, minH)
	}

	bw, bh := math.Max(hi.X-lo.X, 1), math.Max(hi.Y-lo.Y, 1)
	b.s = (b.w - 2*mx) / bw
	b.h = math.Ceil(b.header + b.footer + 2*my + bh*b.s)
	if b.h > float64(maxH) {
		b.h = float64(maxH)
		b.s = (b.h - b.header - b.footer - 2*my) / bh
	}
	b.x0 = b.w/2 - (lo.X+hi.X)/2*b.s
	b.y0 = b.header + (b.h-b.header-b.footer)/2 - (lo.Y+hi.Y)/2*b.s

	b.img = image.NewRGBA(image.Rect(0, 0, w, int(b.h)))
	b.dc = gg.NewContextForRGBA(b.img)
	b.dc.SetLineJoin(gg.LineJoinRound)
	for i := range c.Spaces {
		q := b.quad(&c.Spaces[i])
		b.quads = append(b.quads, q)
		b.qboxes = append(b.qboxes, boundsOf(q))
		b.shapes = append(b.shapes, shapeOf(q))
	}
	return b, nil
}

// px maps a model point (lane widths) to the image.
func (b *board) px(p tracks.Point) vec { return vec{X: b.x0 + p.X*b.s, Y: b.y0 + p.Y*b.s} }

// quad is a space's outline on the image: rear-left, rear-right,
// front-right, front-left.
func (b *board) quad(s *tracks.Space) []vec {
	return []vec{b.px(s.Quad[0]), b.px(s.Quad[1]), b.px(s.Quad[2]), b.px(s.Quad[3])}
}

// at is the point of a space's outline at fraction u across (0 left, 1
// right) and v along (0 rear, 1 front).
func at(q []vec, u, v float64) vec {
	return lerp(lerp(q[0], q[1], u), lerp(q[3], q[2], u), v)
}

func (b *board) drawTrack() {
	c := b.c
	dc := b.dc
	dc.SetColor(colGrass)
	dc.Clear()

	b.drawSurface()
	b.drawSpaces()
	b.drawWall()
	b.drawStartLine()
	b.drawGrid()
	b.drawPit()
	b.drawTunnels()
	b.drawPolice()
	// labels last, the corners' first: each keeps clear of the ones
	// placed before it
	b.cornerBoxes = make([]rect, len(c.Corners))
	for i := range c.Corners {
		b.drawCornerLabel(i, &c.Corners[i])
	}
	b.drawStartLabel()
	b.drawPoliceLabel()
	b.drawTitle()
	b.drawLegend()
}

// pathQuads adds the outlines of the chosen spaces to the current path.
func (b *board) pathQuads(keep func(*tracks.Space) bool) int {
	n := 0
	for i := range b.c.Spaces {
		if !keep(&b.c.Spaces[i]) {
			continue
		}
		b.polygon(b.shapes[i].outline)
		n++
	}
	return n
}

func always(*tracks.Space) bool { return true }

// drawSurface lays the asphalt under the spaces, with a white edge: the
// union of the spaces' outlines grown a little, twice.
func (b *board) drawSurface() {
	pad := 0.12 * b.s
	kerb := math.Max(2*b.k, 0.05*b.s)
	for _, layer := range []struct {
		col hexColor
		d   float64
	}{{colKerb, pad + kerb}, {colAsphalt, pad}} {
		polys := make([][]vec, len(b.shapes))
		for i := range b.shapes {
			polys[i] = grow(b.shapes[i].outline, layer.d)
		}
		fillUnion(b.img, polys, layer.col)
	}
}

// fillClass is the colour a space is filled with, by precedence.
func (b *board) fillClass(s *tracks.Space) hexColor {
	switch {
	case s.Kind == tracks.KindTunnel:
		return colTunnel
	case s.Has(tracks.FlagDangerous):
		return colDangerous
	case s.Has(tracks.FlagNoise):
		return colNoise
	case (s.Kind == tracks.KindBox || s.Kind == tracks.KindPit) && !b.c.Pit.Usable:
		return colUnusedPit
	case s.Kind == tracks.KindBox:
		return colBox
	case s.Kind == tracks.KindPit:
		return colPit
	case s.Corner >= 0:
		return colCorner
	}
	return colStraight
}

func (b *board) drawSpaces() {
	dc := b.dc
	for _, col := range []hexColor{colStraight, colCorner, colPit, colBox, colUnusedPit, colNoise, colDangerous, colTunnel} {
		if b.pathQuads(func(s *tracks.Space) bool { return b.fillClass(s) == col }) > 0 {
			dc.SetColor(col)
			dc.Fill()
		}
	}
	// hatching: the dangerous zone in yellow, the tunnel roof in grey
	for _, h := range []struct {
		col       hexColor
		gap, wid  float64
		dangerous bool
	}{{colRoof, 0.2 * b.s, 1.6 * b.k, false}, {okYellow, 0.28 * b.s, 2.4 * b.k, true}} {
		n := 0
		for i := range b.c.Spaces {
			s := &b.c.Spaces[i]
			if (h.dangerous && b.fillClass(s) == colDangerous) || (!h.dangerous && s.Kind == tracks.KindTunnel) {
				for _, seg := range hatch(b.quads[i], h.gap) {
					dc.MoveTo(seg[0].X, seg[0].Y)
					dc.LineTo(seg[1].X, seg[1].Y)
					n++
				}
			}
		}
		if n > 0 {
			dc.SetColor(h.col)
			dc.SetLineWidth(h.wid)
			dc.SetLineCapButt()
			dc.Stroke()
		}
	}
	dc.SetLineCapRound()
	dc.SetLineWidth(math.Max(1.3*b.k, 0.03*b.s))
	if b.pathQuads(func(s *tracks.Space) bool { return s.Kind != tracks.KindTunnel }) > 0 {
		dc.SetColor(colSpaceLine)
		dc.Stroke()
	}
	if b.pathQuads(func(s *tracks.Space) bool { return s.Kind == tracks.KindTunnel }) > 0 {
		dc.SetColor(colRoof)
		dc.SetDash(6*b.k, 4*b.k)
		dc.Stroke()
		dc.SetDash()
	}
}

// drawWall draws the wall of an oval (FDR R15) as a thick red line along
// the outer edge of the wall lane.
func (b *board) drawWall() {
	left, right := 0, 0
	for i := range b.c.Spaces {
		if s := &b.c.Spaces[i]; s.Has(tracks.FlagWall) {
			if s.Lane == 0 {
				left++
			} else {
				right++
			}
		}
	}
	if left+right == 0 {
		return
	}
	dc := b.dc
	for i := range b.c.Spaces {
		s := &b.c.Spaces[i]
		if !s.Has(tracks.FlagWall) {
			continue
		}
		// a one-lane section is lane 0 on both sides: follow the majority
		if s.Lane == 0 && left >= right {
			b.polyline(b.shapes[i].left)
		} else {
			b.polyline(b.shapes[i].right)
		}
	}
	dc.SetColor(colWall)
	dc.SetLineWidth(math.Max(5*b.k, 0.16*b.s))
	dc.SetLineCapRound()
	dc.Stroke()
}

// crossedInto lists the spaces entered across the start/finish line: their
// rear edges are the line.
func (b *board) crossedInto() []int {
	into := map[tracks.SpaceID]bool{}
	for i := range b.c.Spaces {
		for _, n := range b.c.Spaces[i].Next {
			if b.c.CrossesLine(tracks.SpaceID(i), n) {
				into[n] = true
			}
		}
	}
	var out []int
	for i := range b.c.Spaces {
		if into[tracks.SpaceID(i)] && b.c.Spaces[i].Kind != tracks.KindBox {
			out = append(out, i)
		}
	}
	return out
}

// drawStartLine draws the start/finish line, between level Levels-1 and
// level 0, as a chequered band two squares deep.
func (b *board) drawStartLine() {
	dc := b.dc
	band := 0.36 * b.s
	for pass, col := range []hexColor{colCheckLight, colCheckDark} {
		for _, i := range b.crossedInto() {
			q := b.quads[i]
			across := sub(q[1], q[0])
			fwd := unit(sub(q[3], q[0]))
			cols := max(2, int(math.Round(length(across)/(band/2))))
			for x := range cols {
				for y := range 2 {
					if (x+y)%2 != pass {
						continue
					}
					p := add(add(q[0], mul(across, float64(x)/float64(cols))), mul(fwd, -band/2+float64(y)*band/2))
					a, d := mul(across, 1/float64(cols)), mul(fwd, band/2)
					dc.MoveTo(p.X, p.Y)
					dc.LineTo(p.X+a.X, p.Y+a.Y)
					dc.LineTo(p.X+a.X+d.X, p.Y+a.Y+d.Y)
					dc.LineTo(p.X+d.X, p.Y+d.Y)
					dc.ClosePath()
				}
			}
		}
		dc.SetColor(col)
		dc.Fill()
	}
}

// drawGrid marks the grid slots with a bracket at the front and their
// number, 1 being the pole; the qualifying start space gets a Q (R1.4).
func (b *board) drawGrid() {
	dc := b.dc
	// numbers as large as the spaces allow; a bracket at the front of the
	// slot when there is room for it beside the number
	f := b.fitFace(true, 17, fmt.Sprint(len(b.c.Grid)), 0.85*b.s)
	bracket := tracks.SpaceLength*b.s >= 2.4*measure(f, "10")
	if bracket {
		for _, id := range b.c.Grid {
			q := b.quads[id]
			p0, p1 := at(q, 0.14, 0.58), at(q, 0.14, 0.8)
			p2, p3 := at(q, 0.86, 0.8), at(q, 0.86, 0.58)
			dc.MoveTo(p0.X, p0.Y)
			dc.LineTo(p1.X, p1.Y)
			dc.LineTo(p2.X, p2.Y)
			dc.LineTo(p3.X, p3.Y)
		}
		dc.SetColor(colWhite)
		dc.SetLineWidth(2.2 * b.k)
		dc.Stroke()
	}
	for n, id := range b.c.Grid {
		v := 0.5
		if bracket {
			v = 0.32
		}
		c := at(b.quads[id], 0.5, v)
		b.textCentered(f, fmt.Sprint(n+1), c.X, c.Y, colWhite)
	}
	if q := b.c.QualifyingStart; q != tracks.NoSpace && !b.c.Space(q).Has(tracks.FlagGrid) {
		c := at(b.quads[q], 0.5, 0.5)
		b.textCentered(b.fSmall, "Q", c.X, c.Y, colSpaceLine)
	}
}

// drawPit numbers the boxes, draws the links between track and pit lane
// and marks the pit-entry limit (FDR R19.19).
func (b *board) drawPit() {
	c := b.c
	if len(c.Pit.Lane) == 0 && len(c.Pit.Boxes) == 0 {
		return
	}
	dc := b.dc
	ink := colInk
	if !c.Pit.Usable {
		ink = colLegendLine
	}
	f := b.fitFace(true, 15, fmt.Sprint(len(c.Pit.Boxes)), 0.85*b.s)
	for _, id := range c.Pit.Boxes {
		s := c.Space(id)
		p := b.px(s.Center)
		b.textCentered(f, fmt.Sprint(s.Box), p.X, p.Y, ink)
	}
	if !c.Pit.Usable {
		return
	}
	// the links into and out of the pit lane, as arrows
	var links [][2]vec
	for _, e := range c.Pit.Entry {
		for _, n := range c.Space(e).Next {
			if c.Space(n).Kind == tracks.KindPit {
				links = append(links, [2]vec{b.px(c.Space(e).Center), b.px(c.Space(n).Center)})
			}
		}
	}
	for _, x := range c.Pit.Exit {
		for _, n := range c.Space(x).Next {
			if c.Space(n).Kind == tracks.KindTrack {
				links = append(links, [2]vec{b.px(c.Space(x).Center), b.px(c.Space(n).Center)})
			}
		}
	}
	for _, l := range links {
		b.arrow(l[0], l[1], colWhite)
	}
	// the limit: a thick orange line across the front of each entry space
	for i := range c.Spaces {
		if c.Spaces[i].Has(tracks.FlagPitEntryLimit) {
			q := b.quads[i]
			dc.MoveTo(q[3].X, q[3].Y)
			dc.LineTo(q[2].X, q[2].Y)
		}
	}
	dc.SetColor(colPitLimit)
	dc.SetLineWidth(math.Max(5*b.k, 0.13*b.s))
	dc.SetLineCapButt()
	dc.Stroke()
	dc.SetLineCapRound()
}

// arrow draws an arrow from a to b, its head in the middle, with a dark
// outline so that it reads on any background.
func (b *board) arrow(from, to vec, col hexColor) {
	dc := b.dc
	d := unit(sub(to, from))
	n := vec{X: -d.Y, Y: d.X}
	head := lerp(from, to, 0.6)
	hl := 9 * b.k
	p1 := add(sub(head, mul(d, hl)), mul(n, hl*0.6))
	p2 := sub(sub(head, mul(d, hl)), mul(n, hl*0.6))
	for pass, c := range []hexColor{colInk, col} {
		w := 2.4 * b.k
		if pass == 0 {
			w += 2.4 * b.k
		}
		dc.MoveTo(from.X, from.Y)
		dc.LineTo(to.X, to.Y)
		dc.MoveTo(p1.X, p1.Y)
		dc.LineTo(head.X, head.Y)
		dc.LineTo(p2.X, p2.Y)
		dc.SetColor(c)
		dc.SetLineWidth(w)
		dc.Stroke()
	}
}

// drawTunnels numbers the entry and exit spaces of each tunnel (U-TUN-01).
func (b *board) drawTunnels() {
	for _, t := range b.c.Tunnels {
		for i, id := range []tracks.SpaceID{t.Entry, t.Exit} {
			if id == tracks.NoSpace {
				continue
			}
			v := 0.7 // near the tunnel: the front of the entry, the rear of the exit
			if i == 1 {
				v = 0.3
			}
			p := at(b.quads[id], 0.5, v)
			r := math.Max(11*b.k, 0.3*b.s)
			b.dc.DrawCircle(p.X, p.Y, r)
			b.dc.SetColor(colTunnelMark)
			b.dc.FillPreserve()
			b.dc.SetColor(colWhite)
			b.dc.SetLineWidth(1.5 * b.k)
			b.dc.Stroke()
			b.textCentered(b.fBox, fmt.Sprint(t.Number), p.X, p.Y, colWhite)
		}
	}
}

// policeLine is the police-station line (U-POL-01) across the track at the
// rear of level PoliceLevel, from left to right, a little longer than the
// track is wide.
func (b *board) policeLine() (a, z vec, ok bool) {
	c := b.c
	if c.PoliceLevel < 0 {
		return a, z, false
	}
	var row []int
	for i := range c.Spaces {
		if s := &c.Spaces[i]; s.Level == c.PoliceLevel && s.Kind == tracks.KindTrack {
			row = append(row, i)
		}
	}
	if len(row) == 0 {
		return a, z, false
	}
	sort.Slice(row, func(i, j int) bool { return c.Spaces[row[i]].Offset < c.Spaces[row[j]].Offset })
	a, z = b.quads[row[0]][0], b.quads[row[len(row)-1]][1]
	ext := mul(unit(sub(z, a)), 0.3*b.s)
	return sub(a, ext), add(z, ext), true
}

func (b *board) drawPolice() {
	a, z, ok := b.policeLine()
	if !ok {
		return
	}
	dc := b.dc
	for pass, col := range []hexColor{colWhite, colPolice} {
		w := math.Max(5*b.k, 0.12*b.s)
		if pass == 0 {
			w += 3 * b.k
		}
		dc.MoveTo(a.X, a.Y)
		dc.LineTo(z.X, z.Y)
		dc.SetColor(col)
		dc.SetLineWidth(w)
		dc.Stroke()
	}
}

// drawTitle writes the circuit's name and race data in the top band.
func (b *board) drawTitle() {
	c := b.c
	dc := b.dc
	dc.DrawRectangle(0, 0, b.w, b.header)
	dc.SetColor(colBand)
	dc.Fill()
	name := c.Name
	if name == "" {
		name = c.ID
	}
	x := 24 * b.k
	b.text(b.fTitle, name, x, 38*b.k, colBandText)
	if c.Description != "" {
		nx := x + measure(b.fTitle, name) + 18*b.k
		b.text(b.fSub, fitText(b.fSub, c.Description, b.w-nx-24*b.k), nx, 38*b.k, colBandSub)
	}
	b.text(b.fSub, fitText(b.fSub, subtitle(c), b.w-2*x), x, 64*b.k, colBandSub)
}

func subtitle(c *tracks.Circuit) string {
	parts := []string{
		c.ID,
		fmt.Sprintf("lap %d spaces", c.LapLength),
		plural(len(c.Corners), "corner", "corners"),
		plural(c.Laps, "lap", "laps"),
		plural(c.Lanes, "lane", "lanes"),
		fmt.Sprintf("grid %d", len(c.Grid)),
	}
	switch {
	case c.Pit.Usable:
		parts = append(parts, fmt.Sprintf("pit lane, %s", plural(len(c.Pit.Boxes), "box", "boxes")))
	case len(c.Pit.Lane) > 0:
		parts = append(parts, "pits drawn, not used")
	}
	if c.Oval {
		parts = append(parts, "oval")
	}
	if c.Street {
		parts = append(parts, "street circuit")
	}
	if len(c.Weather) > 0 {
		var w []string
		for _, r := range c.Weather {
			w = append(w, fmt.Sprintf("%s %d–%d", r.Weather, r.From, r.To))
		}
		parts = append(parts, "weather "+strings.Join(w, ", "))
	}
	return strings.Join(parts, "  ·  ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

package render

import (
	"fmt"
	"image"
	"io"
	"math"
	"strconv"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/duel"
)

// DuelBoardOptions says how a duel's board (AX-1 Dragster, AX-4 Fureur de
// vivre) is drawn.
type DuelBoardOptions struct {
	// Lang is the language of every word: "en" (default) or "fr".
	Lang string
	// Width in pixels: for DuelBoard 800 to 6400 (default 1600); for
	// DuelCrop, the phone view, PhoneWidth to MaxCropWidth (default
	// CropWidth), as for the Formula Dé crop.
	Width int
	// Screen, for DuelCrop, is the width in CSS pixels of the screen the
	// view is drawn for (a phone's 390), as BoardOptions.Screen; 0 keeps
	// the crop's own sizes.
	Screen int

	// missing, in tests, collects the French words that lack a
	// translation.
	missing map[string]bool
}

// Duel board colours: the left car blue, the right car orange (Okabe–Ito,
// told apart by every colour vision), the marsh a muddy green.
const (
	duelLeft   hexColor = okBlue
	duelRight  hexColor = okOrange
	duelMarsh  hexColor = 0x5E6B3A
	duelReeds  hexColor = 0x3D4A22
	duelChute  hexColor = okYellow
	duelMarked hexColor = 0x6E7379 // every tenth square, to count by
)

// duel board layout, in design pixels (times k)
const (
	duelHeader = 84
	duelPad    = 24
	duelRuler  = 30
	duelLaneH  = 56
	duelLabelW = 64
	duelRow    = 32
	duelLine   = 24
	duelMarshN = 6 // marsh squares drawn past its first
)

// duelPage is one duel drawing under way.
type duelPage struct {
	r    *Renderer
	g    *duel.Game
	lang string
	miss map[string]bool
	k    float64
	img  *image.RGBA
	dc   *gg.Context
}

// DuelBoard draws a duel as it stands (issue 16): the straight of 5 lanes
// with its squares, the line at 50 (AX-1) or the marsh (AX-4), the wall
// past 70 (AX-1), both cars on their lane and square with their gear, the
// parachute, a crash or the marsh, the tick, and the last tick's revealed
// orders and what followed in sentences. A sealed order is never drawn:
// only the public events after the last reveal are told, and a car's gear
// is the one it moved in, so a board drawn between two orders is the board
// drawn before them.
func (r *Renderer) DuelBoard(g *duel.Game, opt DuelBoardOptions) (*image.RGBA, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	if _, err := lexiconFor(opt.Lang); err != nil {
		return nil, err
	}
	width := opt.Width
	if width == 0 {
		width = DefaultWidth
	}
	if width < BoardMinWidth || width > 6400 {
		return nil, fmt.Errorf("render: board width %d is outside %d–6400 pixels", width, BoardMinWidth)
	}
	lang := opt.Lang
	if lang == "" {
		lang = "en"
	}
	p := &duelPage{r: r, g: g, lang: lang, miss: opt.missing, k: float64(width) / DefaultWidth}
	p.draw(float64(width))
	return p.img, nil
}

// DuelBoardPNG draws DuelBoard and encodes it as a palette PNG.
func (r *Renderer) DuelBoardPNG(w io.Writer, g *duel.Game, opt DuelBoardOptions) error {
	img, err := r.DuelBoard(g, opt)
	if err != nil {
		return err
	}
	return rsWritePNG(w, img)
}

// t is a board word in the page's language (the English is the key).
func (p *duelPage) t(key string, args ...any) string {
	s := key
	if p.lang == "fr" {
		if w, ok := duelFrench[key]; ok {
			s = w
		} else if p.miss != nil {
			p.miss[key] = true
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// squares is how many squares the strip draws: to the wall (AX-1) or a
// few into the marsh (AX-4), and always the car furthest on.
func (p *duelPage) squares() int {
	n := duel.StripEnd + 1
	if p.g.Cfg.Mode == duel.Chicken {
		n = p.g.Cfg.MarshAt + duelMarshN
	}
	for _, c := range p.g.Cars {
		n = max(n, c.Pos+1)
	}
	return n
}

func (p *duelPage) draw(w float64) {
	k := p.k
	lines := p.story(w)
	stripH := (duelRuler + duel.Lanes*duelLaneH + duelRuler) * k
	carsH := (duelPad + 2*duelRow) * k
	storyH := (duelPad + float64(len(lines))*duelLine + duelPad) * k
	h := math.Ceil(duelHeader*k + stripH + carsH + storyH)
	p.img = image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
	p.dc = newContext(p.img)
	fillRect(p.img, rect{0, 0, w, h}, colPaper)
	p.drawHeader(rect{0, 0, w, duelHeader * k})
	top := duelHeader * k
	p.drawStrip(rect{0, top, w, top + stripH})
	top += stripH
	p.drawCars(rect{duelPad * k, top + duelPad*k, w - duelPad*k, top + carsH})
	top += carsH
	f := p.r.face(false, 17*k)
	for i, l := range lines {
		y := top + duelPad*k/2 + float64(i)*duelLine*k
		textIn(p.img, f, l, rect{duelPad * k, y, w - duelPad*k, y + duelLine*k}, 0, colInk)
	}
}

// textIn writes s in box, shortened to fit, vertically centred.
func textIn(img *image.RGBA, f font.Face, s string, box rect, align float64, col hexColor) {
	s = fitText(f, s, box.w())
	if s == "" {
		return
	}
	rsText(img, f, s, box.x0+box.w()*align-measure(f, s)*align, box.center().Y+capHeight(f)/2, col)
}

func (p *duelPage) title() (string, string) {
	g := p.g
	name := p.t("Dragster (AX-1), duel %s", g.ID)
	if g.Cfg.Mode == duel.Chicken {
		name = p.t("Rebel Without a Cause (AX-4), duel %s", g.ID)
	}
	if g.Over {
		return name, p.t("Over after %d tick(s)", g.Tick-1)
	}
	return name, p.t("Tick %d", g.Tick)
}

func (p *duelPage) drawHeader(box rect) {
	k := p.k
	fillRect(p.img, box, colBand)
	title, phase := p.title()
	fBig := p.r.face(true, 26*k)
	fSub := p.r.face(false, 18*k)
	pad := duelPad * k
	textIn(p.img, fBig, phase, rect{box.x1 - pad - measure(fBig, phase), box.y0 + 8*k, box.x1 - pad, box.y0 + 44*k}, 0, colBandText)
	textIn(p.img, fBig, title, rect{box.x0 + pad, box.y0 + 8*k, box.x1 - 2*pad - measure(fBig, phase), box.y0 + 44*k}, 0, colBandText)
	textIn(p.img, fSub, p.subtitle(), rect{box.x0 + pad, box.y0 + 48*k, box.x1 - pad, box.y0 + 76*k}, 0, colBandSub)
}

// drawStrip draws the lanes and their squares, the line or the marsh, the
// wall, the square numbers every ten, and the cars.
func (p *duelPage) drawStrip(box rect) {
	k, g := p.k, p.g
	fillRect(p.img, box, colGrass)
	n := p.squares()
	x0 := box.x0 + (duelPad+duelLabelW)*k
	sq := (box.x1 - duelPad*k - x0) / float64(n+1) // one more: the wall
	y0 := box.y0 + duelRuler*k
	laneH := duelLaneH * k
	fillRect(p.img, rect{x0 - 2*k, y0 - 2*k, x0 + float64(n)*sq + 2*k, y0 + duel.Lanes*laneH + 2*k}, colKerb)
	fRuler := p.r.face(false, 15*k)
	fLane := p.r.face(true, 16*k)
	for lane := 1; lane <= duel.Lanes; lane++ {
		ly := y0 + float64(lane-1)*laneH
		textIn(p.img, fLane, p.t("lane %d", lane), rect{box.x0 + 4*k, ly, x0 - 8*k, ly + laneH}, 1, colBandText)
		for s := range n {
			p.square(s, rect{x0 + float64(s)*sq, ly, x0 + float64(s+1)*sq, ly + laneH})
		}
	}
	stripY1 := y0 + duel.Lanes*laneH
	if g.Cfg.Mode == duel.Dragster {
		p.finishLine(x0+float64(duel.FinishLine)*sq, y0, stripY1)
		wall := rect{x0 + float64(n)*sq, y0 - 6*k, x0 + float64(n+1)*sq, stripY1 + 6*k}
		fillRect(p.img, wall, colWall)
		textIn(p.img, fRuler, p.t("wall"), rect{wall.x0 - 80*k, box.y0, wall.x1, y0 - 6*k}, 1, colInk)
		textIn(p.img, fRuler, p.t("line"), rect{x0 + float64(duel.FinishLine)*sq - 40*k, box.y0, x0 + float64(duel.FinishLine)*sq + 40*k, y0}, 0.5, colInk)
	} else {
		m := x0 + float64(g.Cfg.MarshAt)*sq
		textIn(p.img, fRuler, p.t("marsh"), rect{m, box.y0, box.x1 - duelPad*k, y0}, 0, colInk)
	}
	step := 10
	if n > 120 {
		step = 20
	}
	for s := 0; s < n; s += step {
		c := x0 + (float64(s)+0.5)*sq
		textIn(p.img, fRuler, strconv.Itoa(s), rect{c - 30*k, stripY1 + 2*k, c + 30*k, box.y1}, 0.5, colInk)
	}
	for seat, c := range g.Cars {
		col := min(c.Pos, n-1)
		if g.Cfg.Mode == duel.Dragster && c.Pos > duel.StripEnd {
			col = n // against the wall
		}
		ly := y0 + float64(c.Lane-1)*laneH
		p.car(seat, c, rect{x0 + float64(col)*sq, ly, x0 + float64(col+1)*sq, ly + laneH})
	}
}

// square draws square s of a lane in cell: the road, every tenth square
// darker to count by, the marsh with its reeds (so it reads without
// colour). The board and the phone view share it.
func (p *duelPage) square(s int, cell rect) {
	fill := colStraight
	switch {
	case p.g.Cfg.Mode == duel.Chicken && s >= p.g.Cfg.MarshAt:
		fill = duelMarsh
	case s%10 == 0:
		fill = duelMarked
	}
	fillRect(p.img, cell, colSpaceLine)
	fillRect(p.img, rect{cell.x0 + 1, cell.y0 + 1, cell.x1 - 1, cell.y1 - 1}, fill)
	if fill == duelMarsh {
		k := p.k
		fillRect(p.img, rect{cell.center().X - 1*k, cell.y0 + cell.h()*0.3, cell.center().X + 1*k, cell.y1 - cell.h()*0.3}, duelReeds)
	}
}

// finishLine is the chequered line at x across the lanes.
func (p *duelPage) finishLine(x, y0, y1 float64) {
	s := 6 * p.k
	for i := 0; y0+float64(i)*s < y1; i++ {
		for j := range 2 {
			col := colCheckDark
			if (i+j)%2 == 0 {
				col = colCheckLight
			}
			fillRect(p.img, rect{x - s + float64(j)*s, y0 + float64(i)*s, x + float64(j)*s, min(y1, y0+float64(i+1)*s)}, col)
		}
	}
}

// car draws a car on its square: a disc of its side's colour with its gear,
// the open parachute behind it, a cross when it crashed or sank.
func (p *duelPage) car(seat int, c duel.Car, cell rect) {
	k, dc := p.k, p.dc
	rad := min(cell.h()*0.36, 20*k)
	cx, cy := cell.center().X, cell.center().Y
	if c.Chute == duel.ChuteOpen {
		dc.DrawArc(cx-rad-4*k, cy, rad*0.9, math.Pi/2, 3*math.Pi/2)
		dc.SetColor(duelChute)
		dc.Fill()
	}
	col := duelLeft
	if seat == 1 {
		col = duelRight
	}
	dc.DrawCircle(cx, cy, rad)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(2 * k)
	dc.Stroke()
	f := p.r.face(true, min(18*k, rad*1.1)) // the board's 18, smaller on a phone's square
	gear := strconv.Itoa(c.Gear)
	if c.Gear == 0 {
		gear = "N" // not moving: neutral, or before the first move
	}
	textIn(p.img, f, gear, rect{cx - rad, cy - rad, cx + rad, cy + rad}, 0.5, colInk)
	if c.State == duel.Crashed {
		dc.SetColor(colWall)
		dc.SetLineWidth(4 * k)
		dc.DrawLine(cx-rad, cy-rad, cx+rad, cy+rad)
		dc.DrawLine(cx-rad, cy+rad, cx+rad, cy-rad)
		dc.Stroke()
	}
}

// drawCars is one row per car: its side, lane, square, gear and state.
func (p *duelPage) drawCars(box rect) {
	k := p.k
	f := p.r.face(false, 18*k)
	fb := p.r.face(true, 18*k)
	for seat, c := range p.g.Cars {
		y := box.y0 + float64(seat)*duelRow*k
		col := duelLeft
		side := p.t("Left car")
		if seat == 1 {
			col, side = duelRight, p.t("Right car")
		}
		fillRect(p.img, rect{box.x0, y + 6*k, box.x0 + 20*k, y + 26*k}, col)
		textIn(p.img, fb, side, rect{box.x0 + 30*k, y, box.x0 + 200*k, y + duelRow*k}, 0, colInk)
		textIn(p.img, f, p.carLine(c), rect{box.x0 + 200*k, y, box.x1, y + duelRow*k}, 0, colInk)
	}
}

// carLine says where a car is and how it stands, in a sentence.
func (p *duelPage) carLine(c duel.Car) string {
	s := p.t("lane %d, square %d, gear %d", c.Lane, c.Pos, c.Gear)
	if c.Gear == 0 {
		s = p.t("lane %d, square %d, in neutral", c.Lane, c.Pos)
	}
	switch {
	case c.Marsh:
		s += p.t("; lost in the marsh")
	case c.State == duel.Crashed:
		s += p.t("; crashed")
	case c.State == duel.Stopped:
		s += p.t("; stopped")
	}
	if p.g.Cfg.Mode == duel.Dragster {
		switch c.Chute {
		case duel.ChuteUnused:
			s += p.t("; parachute ready")
		case duel.ChuteOpen:
			s += p.t("; parachute open")
		case duel.ChuteFailed:
			s += p.t("; parachute failed")
		}
		if c.CrossTick > 0 {
			s += p.t("; crossed the line at tick %d, %d past it", c.CrossTick, c.Overshoot)
		}
	}
	return s
}

// story is the last tick told in sentences, wrapped to the page: the
// revealed orders and every public event after them (a sealed order of the
// tick under way is never among them).
func (p *duelPage) story(w float64) []string {
	return p.storyIn(p.r.face(false, 17*p.k), w-2*duelPad*p.k)
}

// storyIn is the story wrapped in face f to width pixels.
func (p *duelPage) storyIn(f font.Face, width float64) []string {
	g := p.g
	from := -1
	for i, e := range g.Evs {
		if e.Name == "reveal" {
			from = i
		}
	}
	if from < 0 {
		return rsWrap(f, p.t("Both pilots order at once; the orders are revealed when both are in."), width)
	}
	var out []string
	for _, e := range g.Evs[from:] {
		if e.Sealed > 0 {
			continue
		}
		out = append(out, rsWrap(f, g.Describe(e, p.lang), width)...)
	}
	return out
}

var duelFrench = map[string]string{
	"Dragster (AX-1), duel %s":              "Dragster (AX-1), duel %s",
	"Rebel Without a Cause (AX-4), duel %s": "Fureur de vivre (AX-4), duel %s",
	"Over after %d tick(s)":                 "Fini après %d top(s)",
	"Tick %d":                               "Top %d",
	"5 lanes, the line at square %d, the wall past square %d": "5 couloirs, la ligne à la case %d, le mur après la case %d",
	"the higher gear is faster":                               "le rapport le plus haut est le plus rapide",
	"the longer move is faster":                               "le plus long déplacement est le plus rapide",
	"5 lanes, the marsh from square %d; %s":                   "5 couloirs, le marais dès la case %d ; %s",
	"lane %d":                                                 "couloir %d",
	"wall":                                                    "mur",
	"line":                                                    "ligne",
	"marsh":                                                   "marais",
	"Left car":                                                "Voiture de gauche",
	"Right car":                                               "Voiture de droite",
	"lane %d, square %d, gear %d":                             "couloir %d, case %d, rapport %d",
	"lane %d, square %d, in neutral":                          "couloir %d, case %d, au point mort",
	"; lost in the marsh":                                     " ; perdue dans le marais",
	"; crashed":                                               " ; accidentée",
	"; stopped":                                               " ; arrêtée",
	"; parachute ready":                                       " ; parachute prêt",
	"; parachute open":                                        " ; parachute ouvert",
	"; parachute failed":                                      " ; parachute en panne",
	"; crossed the line at tick %d, %d past it": " ; ligne franchie au top %d, %d case(s) au-delà",
	"squares %d to %d":                          "cases %d à %d",
	"Both pilots order at once; the orders are revealed when both are in.": "Les deux pilotes donnent leur ordre en même temps ; les ordres sont révélés quand les deux sont là.",
}

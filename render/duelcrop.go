package render

import (
	"image"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/duel"
)

// DuelCrop draws a duel (AX-1 Dragster, AX-4 Fureur de vivre) for a phone,
// as Crop and RSCrop draw the other games: the header with the tick, the
// lanes around the cars only (one strip when the cars are close, one strip
// per car when they are far apart), a row per car in sentences and the
// last tick told. opt.Width is the image's width (PhoneWidth to
// MaxCropWidth, CropWidth by default) and opt.Screen the screen it is drawn
// for in CSS pixels (0: the crop's own sizes), as for the Formula Dé crop.
// As on the board, no sealed order is drawn, so the view is the same for
// every seat.
func (r *Renderer) DuelCrop(g *duel.Game, opt DuelBoardOptions) (*image.RGBA, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	if _, err := lexiconFor(opt.Lang); err != nil {
		return nil, err
	}
	width, k, err := cropSize(opt.Width, opt.Screen)
	if err != nil {
		return nil, err
	}
	lang := opt.Lang
	if lang == "" {
		lang = "en"
	}
	p := &duelPage{r: r, g: g, lang: lang, miss: opt.missing, k: k}
	p.drawCrop(float64(width))
	return p.img, nil
}

// DuelCropPNG draws DuelCrop and encodes it as a palette PNG.
func (r *Renderer) DuelCropPNG(w io.Writer, g *duel.Game, opt DuelBoardOptions) error {
	img, err := r.DuelCrop(g, opt)
	if err != nil {
		return err
	}
	return rsWritePNG(w, img)
}

// phone view layout, in CSS pixels (times k)
const (
	duelCropPad    = 10
	duelCropLabelW = 18 // the lane numbers
	duelCropLaneH  = 34
	duelCropText   = 14
	duelCropLine   = 20
)

// duelSpan is a run of squares a phone strip shows, first to last.
type duelSpan struct{ first, last int }

// cropSpans are the squares the phone view shows: n around both cars when
// they are close, else n around each car, the trailing car's strip first.
// A strip starts a square behind its car, so what lies ahead shows; on
// the dragster strip it never runs past the wall.
func (p *duelPage) cropSpans(n int) []duelSpan {
	end := -1 // no end: the marsh goes on
	if p.g.Cfg.Mode == duel.Dragster {
		end = duel.StripEnd + 1 // the wall
	}
	at := func(pos int) int {
		if end >= 0 {
			return min(pos, end)
		}
		return pos
	}
	around := func(from int) duelSpan {
		first := max(0, from-1)
		if end >= 0 {
			first = max(0, min(first, end-n+1))
		}
		return duelSpan{first, first + n - 1}
	}
	a, b := at(p.g.Cars[0].Pos), at(p.g.Cars[1].Pos)
	lo, hi := min(a, b), max(a, b)
	if one := around(lo); hi <= one.last {
		return []duelSpan{one}
	}
	return []duelSpan{around(lo), around(hi)}
}

// cropSquares is how many squares a phone strip shows: 9 on a narrow
// screen, 11 on a wider one (Racing Simulator's crop shows as many).
func (p *duelPage) cropSquares(w float64) int {
	if w/p.k >= 450 {
		return 11
	}
	return 9
}

func (p *duelPage) drawCrop(w float64) {
	k := p.k
	pad := duelCropPad * k
	textW := w - 2*pad
	fPhase := p.r.face(true, 17*k)
	fSub := p.r.face(false, 13.5*k)
	fText := p.r.face(false, duelCropText*k)
	fBold := p.r.face(true, 16*k)

	title, phase := p.title()
	head := append([]string{title}, rsWrap(fSub, p.subtitle(), textW)...)
	headH := (6+24)*k + float64(len(head))*18*k + 8*k
	spans := p.cropSpans(p.cropSquares(w))
	stripH := 18*k + duel.Lanes*duelCropLaneH*k + 20*k
	var carLines [2][]string
	carsH := pad
	for seat, c := range p.g.Cars {
		carLines[seat] = rsWrap(fText, p.carLine(c), textW)
		carsH += 24*k + float64(len(carLines[seat]))*duelCropLine*k + pad/2
	}
	story := p.storyIn(fText, textW)
	storyH := pad + float64(len(story))*duelCropLine*k + pad
	h := math.Ceil(headH + float64(len(spans))*stripH + carsH + storyH)

	p.img = image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
	p.dc = newContext(p.img)
	fillRect(p.img, rect{0, 0, w, h}, colPaper)
	fillRect(p.img, rect{0, 0, w, headH}, colBand)
	textIn(p.img, fPhase, phase, rect{pad, 6 * k, w - pad, 30 * k}, 0, colBandText)
	for i, l := range head {
		y := 30*k + float64(i)*18*k
		textIn(p.img, fSub, l, rect{pad, y, w - pad, y + 18*k}, 0, colBandSub)
	}
	y := headH
	for _, sp := range spans {
		p.cropStrip(rect{0, y, w, y + stripH}, sp)
		y += stripH
	}
	y += pad
	for seat := range p.g.Cars {
		col, side := duelLeft, p.t("Left car")
		if seat == 1 {
			col, side = duelRight, p.t("Right car")
		}
		fillRect(p.img, rect{pad, y + 4*k, pad + 16*k, y + 20*k}, col)
		textIn(p.img, fBold, side, rect{pad + 24*k, y, w - pad, y + 24*k}, 0, colInk)
		y += 24 * k
		y = p.lines(fText, carLines[seat], pad, y, w-pad)
		y += pad / 2
	}
	fillRect(p.img, rect{0, y, w, y + 1*k}, colSpaceLine)
	p.lines(fText, story, pad, y+pad, w-pad)
}

// lines writes lines one under the other from y and returns where they end.
func (p *duelPage) lines(f font.Face, lines []string, x0, y, x1 float64) float64 {
	for _, l := range lines {
		textIn(p.img, f, l, rect{x0, y, x1, y + duelCropLine*p.k}, 0, colInk)
		y += duelCropLine * p.k
	}
	return y
}

// subtitle says the strip's landmarks: the line and the wall (AX-1), the
// marsh and who is faster (AX-4).
func (p *duelPage) subtitle() string {
	if p.g.Cfg.Mode == duel.Chicken {
		faster := p.t("the higher gear is faster")
		if p.g.Cfg.Faster == duel.FasterSquares {
			faster = p.t("the longer move is faster")
		}
		return p.t("5 lanes, the marsh from square %d; %s", p.g.Cfg.MarshAt, faster)
	}
	return p.t("5 lanes, the line at square %d, the wall past square %d", duel.FinishLine, duel.StripEnd)
}

// cropStrip draws the squares of sp on the five lanes, with the line, the
// wall or the marsh where they fall in it, the square numbers, and the
// cars on it.
func (p *duelPage) cropStrip(box rect, sp duelSpan) {
	k, g := p.k, p.g
	pad := duelCropPad * k
	fillRect(p.img, box, colGrass)
	fNum := p.r.face(false, 12*k)
	fLane := p.r.face(true, 12*k)
	textIn(p.img, fNum, p.t("squares %d to %d", sp.first, sp.last), rect{pad, box.y0, box.x1 - pad, box.y0 + 18*k}, 0, colBandText)
	x0 := pad + duelCropLabelW*k
	n := sp.last - sp.first + 1
	sq := (box.x1 - pad - x0) / float64(n)
	y0 := box.y0 + 18*k
	laneH := duelCropLaneH * k
	col := func(s int) rect { // the column of square s
		x := x0 + float64(s-sp.first)*sq
		return rect{x, y0, x + sq, y0 + duel.Lanes*laneH}
	}
	fillRect(p.img, rect{x0 - 2*k, y0 - 2*k, x0 + float64(n)*sq + 2*k, y0 + duel.Lanes*laneH + 2*k}, colKerb)
	for lane := 1; lane <= duel.Lanes; lane++ {
		ly := y0 + float64(lane-1)*laneH
		textIn(p.img, fLane, strconv.Itoa(lane), rect{pad, ly, x0 - 4*k, ly + laneH}, 0.5, colBandText)
		for s := sp.first; s <= sp.last; s++ {
			c := col(s)
			cell := rect{c.x0, ly, c.x1, ly + laneH}
			if g.Cfg.Mode == duel.Dragster && s > duel.StripEnd {
				fillRect(p.img, cell, colWall)
				continue
			}
			p.square(s, cell)
		}
	}
	if g.Cfg.Mode == duel.Dragster && duel.FinishLine > sp.first && duel.FinishLine <= sp.last {
		p.finishLine(col(duel.FinishLine).x0, y0, y0+duel.Lanes*laneH)
	}
	for s := sp.first; s <= sp.last; s++ {
		if s%5 != 0 && s != sp.first && s != sp.last {
			continue
		}
		c := col(s)
		word := strconv.Itoa(s)
		switch {
		case g.Cfg.Mode == duel.Dragster && s > duel.StripEnd:
			word = p.t("wall")
		case g.Cfg.Mode == duel.Dragster && s == duel.FinishLine:
			word = p.t("line")
		case g.Cfg.Mode == duel.Chicken && s == g.Cfg.MarshAt:
			word = p.t("marsh")
		}
		textIn(p.img, fNum, word, rect{c.center().X - 2*sq, c.y1 + 2*k, c.center().X + 2*sq, box.y1}, 0.5, colBandText)
	}
	for seat, c := range g.Cars {
		s := c.Pos
		if g.Cfg.Mode == duel.Dragster && s > duel.StripEnd {
			s = duel.StripEnd + 1 // against the wall
		}
		if s < sp.first || s > sp.last {
			continue
		}
		cc := col(s)
		ly := y0 + float64(c.Lane-1)*laneH
		p.car(seat, c, rect{cc.x0, ly, cc.x1, ly + laneH})
	}
}

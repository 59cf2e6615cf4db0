package render

import (
	"fmt"
	"image"
	"io"
	"math"

	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// RSCrop draws a Racing Simulator game for a phone, centred on one car
// (opt.Car, else the seat's car, else the leader): the circuit's squares
// around it in a straight strip with the cars on them, the car's place,
// gaps, tyres and damage, the seat's own hand when drawn for a seat, and
// the last turn's revealed orders, dice and draws. Text is sized for a
// screen of opt.Screen CSS pixels (PhoneWidth: 390) as the Formula Dé
// crops are; the image is as tall as its content.
func (r *Renderer) RSCrop(g *rs.Game, opt RSBoardOptions) (*image.RGBA, error) {
	p, err := r.newRSPage(g, opt)
	if err != nil {
		return nil, err
	}
	width, k, err := cropSize(opt.Width, opt.Screen)
	if err != nil {
		return nil, err
	}
	p.k = k
	focus := opt.Car
	if focus == 0 && opt.Seat > 0 {
		focus = g.Seats[opt.Seat-1].Car
	}
	if focus == 0 && len(p.v.File) > 0 {
		focus = p.v.File[0].ID
	}
	// draw on a page tall enough for anything, then keep what was drawn
	p.start(width, int(math.Ceil(1500*p.k)))
	h := p.drawCrop(float64(width), focus)
	return p.img.SubImage(image.Rect(0, 0, width, int(math.Ceil(h)))).(*image.RGBA), nil
}

// RSCropPNG draws RSCrop and encodes it as a palette PNG.
func (r *Renderer) RSCropPNG(w io.Writer, g *rs.Game, opt RSBoardOptions) error {
	img, err := r.RSCrop(g, opt)
	if err != nil {
		return err
	}
	return rsWritePNG(w, img)
}

// drawCrop lays the crop out from the top and returns its height.
func (p *rsPage) drawCrop(w float64, focus int) float64 {
	k, lex, v := p.k, p.lex, p.v
	pad := 12 * k
	fillRect(p.img, rect{0, 0, w, float64(p.img.Rect.Dy())}, colPaper)
	// header
	title, phase := p.title()
	weather, sc := p.conditions()
	head := 58 * k
	fillRect(p.img, rect{0, 0, w, head}, colBand)
	fPhase := p.r.face(true, 17*k)
	fSub := p.r.face(false, 13.5*k)
	p.textIn(fPhase, phase, rect{pad, 6 * k, w - pad, 30 * k}, 0, colBandText)
	sub := title
	if weather != "" {
		sub = weather
	}
	p.textIn(fSub, sub, rect{pad, 30 * k, w - pad, 52 * k}, 0, colBandSub)
	y := head
	if sc != "" {
		fillRect(p.img, rect{0, y, w, y + 28*k}, rsSCYellow)
		p.textIn(p.r.face(true, 14*k), sc, rect{pad, y, w - pad, y + 28*k}, 0.5, colInk)
		y += 28 * k
	}
	y = p.drawStrip(rect{0, y, w, 0}, focus)
	// the focus car
	y += pad / 2
	c := p.boardCar(focus)
	fBold := p.r.face(true, 16*k)
	f := p.r.face(false, 14*k)
	line := 24 * k
	p.chip(c, pad+13*k, y+15*k, 13*k)
	place := lex.t("retired")
	if !c.Out {
		place = lex.ordinal(c.Place)
	}
	p.textIn(fBold, lex.t("Car %d · %s · %s", c.ID, p.carName(c.ID), place), rect{pad + 34*k, y, w - pad, y + 30*k}, 0, colInk)
	y += 32 * k
	var facts []string
	ahead, behind := p.neighbours(c.ID)
	switch {
	case c.Out || !v.Placed:
	case ahead == nil:
		facts = append(facts, lex.t("Leads the race"))
	default:
		facts = append(facts, lex.t("Gap %d to car %d ahead", c.Gap, ahead.ID))
	}
	if behind != nil && !c.Out && v.Placed {
		facts = append(facts, lex.t("Car %d behind, gap %d", behind.ID, behind.Gap))
	}
	if v.Mode == rs.Standard {
		facts = append(facts, lex.t("Tyres: %s", p.tyreText(c)))
	}
	dmg, _ := p.damageText(c)
	if c.Slow == 0 && !c.Nose {
		dmg = lex.t("no damage")
	}
	facts = append(facts, lex.t("Damage: %s", dmg))
	facts = append(facts, p.optionFacts(c)...)
	for _, s := range facts {
		for _, l := range rsWrap(f, s, w-2*pad) { // a seat's tyre sets take two lines on a phone
			p.textIn(f, l, rect{pad, y, w - pad, y + line}, 0, colInk)
			y += line
		}
	}
	if v.Hand != nil {
		y = p.drawCropHand(rect{pad, y + pad/2, w - pad, 0})
	}
	// the last turn
	y += pad / 2
	p.dc.SetColor(colPaperLine)
	p.dc.SetLineWidth(1.5 * k)
	p.dc.DrawLine(pad, y, w-pad, y)
	p.dc.Stroke()
	y += pad / 2
	p.textIn(p.r.face(true, 15*k), p.lastTitle(), rect{pad, y, w - pad, y + 28*k}, 0, colInk)
	y += 28 * k
	for _, o := range p.orderRows() {
		p.chip(o.car, pad+10*k, y+line/2, 10*k)
		p.textIn(f, o.text, rect{pad + 26*k, y, w - pad, y + line}, 0, colInk)
		y += line
	}
	fLine := p.r.face(true, 13.5*k)
	for _, s := range p.turnLines() {
		for _, l := range rsWrap(fLine, s, w-2*pad) {
			p.textIn(fLine, l, rect{pad, y, w - pad, y + 21*k}, 0, colInk)
			y += 21 * k
		}
	}
	fSmall := p.r.face(false, 13*k)
	var wrapped []string
	for _, s := range p.happened() {
		wrapped = append(wrapped, rsWrap(fSmall, s, w-2*pad)...)
	}
	const most = 14
	if len(wrapped) > most {
		wrapped = append(wrapped[:most-1], lex.t("and %d more", len(wrapped)-most+1))
	}
	for _, l := range wrapped {
		p.textIn(fSmall, l, rect{pad, y, w - pad, y + 19*k}, 0, colPaperSub)
		y += 19 * k
	}
	return y + pad
}

// neighbours are the cars directly ahead of and behind car id in the
// file (nil at either end).
func (p *rsPage) neighbours(id int) (ahead, behind *rs.BoardCar) {
	for i, c := range p.v.File {
		if c.ID != id || c.Out {
			continue
		}
		if i > 0 {
			ahead = &p.v.File[i-1]
		}
		if i+1 < len(p.v.File) && !p.v.File[i+1].Out {
			behind = &p.v.File[i+1]
		}
	}
	return ahead, behind
}

// drawStrip draws the squares around the focus car as a straight strip,
// the race running left to right, with the cars on them, the square
// numbers and the start and pit marks; it returns the strip's bottom.
func (p *rsPage) drawStrip(box rect, focus int) float64 {
	k, dc, c := p.k, p.dc, p.g.Circuit
	n := 9
	if box.w()/k >= 450 {
		n = 11
	}
	pad := 10 * k
	sq := (box.w() - 2*pad) / float64(n)
	top := box.y0 + 22*k
	h := sq * 1.2
	bottom := top + h + 24*k
	fillRect(p.img, rect{box.x0, box.y0, box.x1, bottom}, rsGrass)
	centre := p.boardCar(focus).Square
	onSquare := map[int]rs.BoardCar{}
	if p.v.Placed {
		for _, car := range p.v.File {
			if !car.Out {
				onSquare[car.Square] = car
			}
		}
	}
	fZone := p.r.face(true, math.Max(11*k, sq*0.3))
	fNum := p.r.face(false, 12*k)
	fMark := p.r.face(true, 11*k)
	for i := range n {
		s := ((centre-n/2+i)%c.Len() + c.Len()) % c.Len()
		z := c.Squares[s]
		x := box.x0 + pad + float64(i)*sq
		dc.DrawRectangle(x+1.5*k, top, sq-3*k, h)
		dc.SetColor(rsZoneColour[z])
		dc.FillPreserve()
		dc.SetColor(hexColor(0x222222))
		dc.SetLineWidth(1.5 * k)
		dc.Stroke()
		ink := colInk
		if z == rscircuit.Brake || z == rscircuit.Z7 {
			ink = colWhite
		}
		if car, ok := onSquare[s]; ok {
			p.chip(car, x+sq/2, top+h/2, math.Min(sq*0.4, 22*k))
		} else if at, out := p.safetyCarSquare(); out && at == s {
			p.safetyCar(x+sq/2, top+h/2, math.Min(sq*0.4, 22*k))
		} else {
			p.textAt(fZone, z.String(), x+sq/2, top+h/2+capHeight(fZone)/2, 0.5, ink)
		}
		if s%5 == 0 || i == n/2 {
			p.textAt(fNum, fmt.Sprint(s), x+sq/2, top+h+16*k, 0.5, colWhite)
		}
		// the start line after the start square, the pit entry after
		// its square, the pit exit before its square
		for _, m := range []struct {
			at    int
			after bool
			word  string
			col   hexColor
		}{{c.Start, true, "START", colWhite}, {c.PitEntry, true, "PIT IN", okSkyBlue}, {c.PitExit, false, "PIT OUT", okSkyBlue}} {
			if m.at != s {
				continue
			}
			lx := x
			if m.after {
				lx = x + sq
			}
			dc.SetColor(m.col)
			dc.SetLineWidth(4 * k)
			dc.DrawLine(lx, top-4*k, lx, top+h+4*k)
			dc.Stroke()
			word := p.lex.t(m.word)
			p.textAt(fMark, word, math.Min(math.Max(lx, box.x0+measure(fMark, word)/2+2*k), box.x1-measure(fMark, word)/2-2*k), top-7*k, 0.5, m.col)
		}
	}
	return bottom
}

// drawCropHand draws the seat's own cards in rows; it returns the bottom.
func (p *rsPage) drawCropHand(box rect) float64 {
	k, dc, lex := p.k, p.dc, p.lex
	fBold := p.r.face(true, 14*k)
	p.textIn(fBold, lex.t("Your hand (seat %d)", p.v.Seat+1)+" · "+lex.t("%d face down", p.v.Pile), rect{box.x0, box.y0, box.x1, box.y0 + 24*k}, 0, colInk)
	y := box.y0 + 26*k
	x := box.x0
	cw, ch := 48*k, 30*k
	f := p.r.face(true, 15*k)
	for _, c := range p.v.Hand {
		if x+cw > box.x1 {
			x, y = box.x0, y+ch+6*k
		}
		dc.DrawRoundedRectangle(x, y, cw, ch, 4*k)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.2 * k)
		dc.Stroke()
		p.textAt(f, fmt.Sprint(c), x+cw/2, y+ch/2+capHeight(f)/2, 0.5, colInk)
		x += cw + 6*k
	}
	return y + ch + 6*k
}

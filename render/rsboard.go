package render

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"math"
	"strings"
	"sync"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// RSBoardOptions says how a Racing Simulator board is drawn.
type RSBoardOptions struct {
	// Lang is the language of every word: "en" (default) or "fr".
	Lang string
	// Width in pixels: a board 800 to 6400 (default 1600), a crop 390 to
	// 1600 (default 800).
	Width int
	// Screen, for a crop: the phone screen's width in CSS pixels it is
	// drawn for (as BoardOptions.Screen); 0 keeps the crop's own sizes.
	Screen int
	// Seat (from 1) draws the board for that seat: its own hand is shown.
	// 0 draws it for everyone: no hand, ever.
	Seat int
	// Car is the car a crop is centred on; 0: the seat's car, or the
	// leader on a board for everyone.
	Car int

	// missing, in tests, collects the French words that lack a
	// translation.
	missing map[string]bool
}

// rsPage is one Racing Simulator drawing under way.
type rsPage struct {
	r   *Renderer
	g   *rs.Game
	v   rs.BoardView
	lex *rsLex
	k   float64
	img *image.RGBA
	dc  *gg.Context
}

// Racing Simulator board colours.
const (
	rsGrass    hexColor = 0x3B6E3B // as track render's
	rsSystem   hexColor = 0xF2F2F2 // a system car's disc
	rsSCYellow hexColor = okYellow
)

// rsCarColour is the colour of a player's car (rs R-FAM-01, rs T-03), and the
// second colour of a two-colour car.
var rsCarColour = map[string][2]hexColor{
	"blue":             {okBlue, okBlue},
	"red":              {0xC8102E, 0xC8102E},
	"black":            {0x1A1A1A, 0x1A1A1A},
	"orange":           {okOrange, okOrange},
	"silver":           {0xB8BCC2, 0xB8BCC2},
	"dark-grey":        {0x5A5E63, 0x5A5E63},
	"red-silver":       {0xC8102E, 0xB8BCC2},
	"yellow":           {okYellow, okYellow},
	"blue-dark-green":  {okBlue, 0x1E5631},
	"blue-light-green": {okBlue, 0x7FD37F},
}

func (r *Renderer) newRSPage(g *rs.Game, opt RSBoardOptions) (*rsPage, error) {
	if g == nil || g.Circuit == nil || g.Circuit.Len() == 0 {
		return nil, ErrNoGame
	}
	lex, err := rsLexFor(opt.Lang)
	if err != nil {
		return nil, err
	}
	if opt.Seat < 0 || opt.Seat > len(g.Seats) {
		return nil, fmt.Errorf("render: seat %d: the game has seats 1 to %d (0: everyone)", opt.Seat, len(g.Seats))
	}
	if opt.Car < 0 || opt.Car > len(g.Cars) {
		return nil, fmt.Errorf("render: car %d: the game has cars 1 to %d", opt.Car, len(g.Cars))
	}
	lex.missing = opt.missing
	return &rsPage{r: r, g: g, v: g.Board(opt.Seat - 1), lex: lex}, nil
}

func (p *rsPage) start(w, h int) {
	p.img = image.NewRGBA(image.Rect(0, 0, w, h))
	p.dc = newContext(p.img)
}

// RSBoard draws a Racing Simulator game as it stands (issue 17, Boards):
// the circuit with every car on its square, the running order with gaps,
// laps, speeds, tyres and damage, the weather and the safety car, and the
// last turn's revealed orders, dice and draws. Only what opt.Seat may read
// is drawn: the view comes from rs.Game.Board, so no sealed order and no
// other seat's hand can reach it.
func (r *Renderer) RSBoard(g *rs.Game, opt RSBoardOptions) (*image.RGBA, error) {
	p, err := r.newRSPage(g, opt)
	if err != nil {
		return nil, err
	}
	width := opt.Width
	if width == 0 {
		width = DefaultWidth
	}
	if width < BoardMinWidth || width > 6400 {
		return nil, fmt.Errorf("render: board width %d is outside %d–6400 pixels", width, BoardMinWidth)
	}
	p.k = float64(width) / DefaultWidth
	p.drawBoard(float64(width))
	return p.img, nil
}

// RSBoardPNG draws RSBoard and encodes it as a palette PNG.
func (r *Renderer) RSBoardPNG(w io.Writer, g *rs.Game, opt RSBoardOptions) error {
	img, err := r.RSBoard(g, opt)
	if err != nil {
		return err
	}
	return rsWritePNG(w, img)
}

func rsWritePNG(w io.Writer, img image.Image) error {
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// board layout, in design pixels (times k)
const (
	rsHeader   = 84
	rsCircuitH = 640
	rsRow      = 30
	rsPad      = 18
)

func (p *rsPage) drawBoard(w float64) {
	k, v := p.k, p.v
	rowsPerCol := (len(v.File) + 1) / 2
	table := (rsPad + rsRow + float64(rowsPerCol)*rsRow + rsPad) * k
	hand := 0.0
	if v.Hand != nil {
		hand = 64 * k
	}
	fLegend := p.r.face(false, 15*k)
	var legend []string
	for _, l := range p.optionLines() {
		legend = append(legend, rsWrap(fLegend, l, w-2*rsPad*k)...)
	}
	legendH := 0.0
	if len(legend) > 0 {
		legendH = (float64(len(legend))*22 + rsPad) * k
	}
	h := math.Round(rsHeader*k) + math.Round(rsCircuitH*k) + table + legendH + hand
	p.start(int(w), int(math.Ceil(h)))
	fillRect(p.img, rect{0, 0, w, h}, colPaper)
	p.drawHeader(rect{0, 0, w, rsHeader * k})
	layer := p.r.rsLayer(p.g.Circuit, int(w), p.lex)
	top := int(math.Round(rsHeader * k))
	copy(p.img.Pix[top*p.img.Stride:], layer.img.Pix)
	circ := rect{0, float64(top), w, float64(top + layer.img.Rect.Dy())}
	loop := layer.loop
	loop.cy += circ.y0
	p.drawCars(loop)
	inner := rect{loop.cx - loop.s/2 + 10*k, loop.cy - loop.rad + 76*k, loop.cx + loop.s/2 - 10*k, loop.cy + loop.rad - 84*k}
	p.drawLastTurn(inner)
	p.drawTable(rect{0, circ.y1, w, circ.y1 + table})
	for i, l := range legend {
		y := circ.y1 + table + float64(i)*22*k // what the optional rules add
		p.textIn(fLegend, l, rect{rsPad * k, y, w - rsPad*k, y + 22*k}, 0, colInk)
	}
	if v.Hand != nil {
		p.drawHand(rect{rsPad * k, circ.y1 + table + legendH, w - rsPad*k, h})
	}
}

// title is the game's name and mode; phase the turn counter or what is
// being decided.
func (p *rsPage) title() (string, string) {
	v, lex := p.v, p.lex
	t := lex.t("%s — Racing Simulator, %s game", p.g.Circuit.Name, lex.t(string(v.Mode)))
	var phase string
	switch {
	case v.Over:
		phase = lex.t("Race over after %d turns", v.Turns)
	case v.Quali != nil:
		phase = p.qualiTitle()
	case v.Phase == rs.PhaseQuali:
		phase = lex.t("Qualifying")
	case v.Phase == rs.PhaseStart:
		phase = lex.t("Grid start")
	default:
		phase = lex.t("Turn %d of %d", v.Turn, v.Turns)
	}
	return t, phase
}

// conditions is the weather line (standard game with the weather rule)
// and whether the safety car is out, in words.
func (p *rsPage) conditions() (weather, sc string) {
	v, lex := p.v, p.lex
	switch {
	case v.Quali != nil:
		weather = p.qualiConditions()
	case v.WeatherRule:
		weather = lex.t("Weather: %s · track humidity %d", lex.t("weather:"+string(v.Weather)), v.Humidity)
	}
	if v.SafetyCar {
		sc = lex.t("SAFETY CAR")
		if v.SafetyCarFor > 0 {
			sc = lex.t("SAFETY CAR · %d more turn(s)", v.SafetyCarFor)
		}
	}
	return weather, sc
}

func (p *rsPage) drawHeader(box rect) {
	k, dc := p.k, p.dc
	fillRect(p.img, box, colBand)
	title, phase := p.title()
	fBig := p.r.face(true, 26*k)
	fSub := p.r.face(false, 18*k)
	pad := 24 * k
	p.textAt(fBig, phase, box.x1-pad, box.y0+30*k, 1, colBandText)
	p.textAt(fBig, fitText(fBig, title, box.w()-3*pad-measure(fBig, phase)), box.x0+pad, box.y0+30*k, 0, colBandText)
	weather, sc := p.conditions()
	sub := weather
	if sub == "" {
		sub = p.circuitLine()
	}
	if p.v.Seat >= 0 {
		who := p.lex.t("for seat %d (%s)", p.v.Seat+1, p.carName(p.g.Seats[p.v.Seat].Car))
		sub = strings.TrimPrefix(sub+" · "+who, " · ")
	}
	p.textAt(fSub, sub, box.x0+pad, box.y0+64*k, 0, colBandSub)
	if sc != "" {
		fSC := p.r.face(true, 18*k)
		bw := measure(fSC, sc) + 20*k
		b := rect{box.x1 - pad - bw, box.y0 + 48*k, box.x1 - pad, box.y0 + 76*k}
		dc.DrawRoundedRectangle(b.x0, b.y0, b.w(), b.h(), 4*k)
		dc.SetColor(rsSCYellow)
		dc.Fill()
		p.textAt(fSC, sc, b.x0+10*k, b.center().Y+capHeight(fSC)/2, 0, colInk)
	}
}

// circuitLine says the circuit's type and lap: "fast circuit, 88 squares
// a lap".
func (p *rsPage) circuitLine() string {
	c := p.g.Circuit
	return p.lex.t("%s circuit, %d squares a lap", p.lex.t("circuit:"+string(c.Kind)), c.Len())
}

// textAt writes s with its baseline at y, starting at x (align 0) or
// ending there (align 1), or centred on it (0.5).
func (p *rsPage) textAt(f font.Face, s string, x, y, align float64, col hexColor) {
	if s == "" {
		return
	}
	rsText(p.img, f, s, x-measure(f, s)*align, y, col)
}

// textIn writes s in box, shortened to fit, vertically centred.
func (p *rsPage) textIn(f font.Face, s string, box rect, align float64, col hexColor) {
	s = fitText(f, s, box.w())
	p.textAt(f, s, box.x0+box.w()*align, box.center().Y+capHeight(f)/2, align, col)
}

// rsText draws s with its baseline starting at (x, y), upright.
func rsText(img *image.RGBA, f font.Face, s string, x, y float64, col hexColor) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}

// carName is a car as the boards name it: its colour, or "system N".
func (p *rsPage) carName(id int) string {
	c := p.g.Cars[id-1]
	if c.System() {
		return p.lex.t("system %s", strings.TrimPrefix(c.Name, "system-"))
	}
	if id != p.g.Seats[c.Seat].Car { // a seat's second car, in its colour (rs R-VAR-05)
		return p.lex.t("%s (2nd car)", p.lex.t("colour:"+c.Name))
	}
	return p.lex.t("colour:" + c.Name)
}

// carColours are the disc's colours (two for a two-colour car) and its
// ring: a system car is pale with the ring of the seat it follows.
func (p *rsPage) carColours(c rs.BoardCar) (a, b, ring hexColor) {
	if c.Seat >= 0 {
		cc := rsCarColour[c.Name]
		return cc[0], cc[1], colWhite
	}
	ring = 0x777777
	if c.Follows >= 0 {
		ring = rsCarColour[p.g.Cars[p.g.Seats[c.Follows].Car-1].Name][0]
	}
	return rsSystem, rsSystem, ring
}

// chip draws a car's disc with its number.
func (p *rsPage) chip(c rs.BoardCar, x, y, rad float64) {
	dc, k := p.dc, p.k
	a, b, ring := p.carColours(c)
	dc.DrawCircle(x, y, rad)
	dc.SetColor(a)
	dc.Fill()
	if b != a {
		dc.MoveTo(x, y)
		dc.DrawArc(x, y, rad, -math.Pi/2, math.Pi/2)
		dc.ClosePath()
		dc.SetColor(b)
		dc.Fill()
	}
	lw := 2 * k
	if c.Seat < 0 {
		lw = math.Max(2*k, rad*0.28)
	}
	dc.DrawCircle(x, y, rad-lw/2)
	dc.SetColor(ring)
	dc.SetLineWidth(lw)
	dc.Stroke()
	ink := colInk
	if c.Seat >= 0 && !light(mix(a, b, 0.5)) {
		ink = colWhite
	}
	f := p.r.face(true, math.Max(9*k, rad*1.05))
	p.textAt(f, fmt.Sprint(c.ID), x, y+capHeight(f)/2, 0.5, ink)
}

// drawCars puts every running car on its square (one car a square,
// rs R-POS-01).
func (p *rsPage) drawCars(l rsLoop) {
	if !p.v.Placed {
		return // no car is on the circuit before the grid start
	}
	rad := math.Min(l.step()*0.47, 17*p.k)
	for _, c := range p.v.File {
		if c.Out {
			continue
		}
		x, y, _ := l.centre(c.Square)
		p.chip(c, x, y, rad)
	}
	if sq, ok := p.safetyCarSquare(); ok {
		x, y, _ := l.centre(sq)
		p.safetyCar(x, y, rad)
	}
}

// safetyCarSquare is where the safety car is drawn while it is out: the
// square in front of the leader, when no car is on it (rs R-SC-03).
func (p *rsPage) safetyCarSquare() (int, bool) {
	if !p.v.SafetyCar || len(p.v.File) == 0 || p.v.File[0].Out {
		return 0, false
	}
	n := p.g.Circuit.Len()
	sq := (p.v.File[0].Square + 1) % n
	for _, c := range p.v.File {
		if !c.Out && c.Square == sq {
			return 0, false
		}
	}
	return sq, true
}

// safetyCar draws the safety car: a yellow disc marked SC.
func (p *rsPage) safetyCar(x, y, rad float64) {
	dc := p.dc
	dc.DrawCircle(x, y, rad)
	dc.SetColor(rsSCYellow)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(2 * p.k)
	dc.Stroke()
	f := p.r.face(true, math.Max(9*p.k, rad*0.9))
	p.textAt(f, "SC", x, y+capHeight(f)/2, 0.5, colInk)
}

// drawLastTurn fills box (inside the loop) with the last turn: the
// revealed orders on the left; the dice, the system cars' cards and what
// happened on the right.
func (p *rsPage) drawLastTurn(box rect) {
	k, dc, lex := p.k, p.dc, p.lex
	dc.DrawRoundedRectangle(box.x0, box.y0, box.w(), box.h(), 8*k)
	dc.SetColor(colPaper)
	dc.Fill()
	pad := 14 * k
	fHead := p.r.face(true, 20*k)
	f := p.r.face(false, 15*k)
	fBold := p.r.face(true, 15*k)
	p.textIn(fHead, p.lastTitle(), rect{box.x0 + pad, box.y0 + 6*k, box.x1 - pad, box.y0 + 38*k}, 0, colInk)
	half := box.x0 + box.w()*0.46
	y := box.y0 + 44*k
	row := 25 * k
	for _, o := range p.orderRows() {
		if y+row > box.y1-pad {
			break
		}
		p.chip(o.car, box.x0+pad+11*k, y+row/2, 11*k)
		p.textIn(fBold, o.name, rect{box.x0 + pad + 28*k, y, box.x0 + pad + 130*k, y + row}, 0, colInk)
		p.textIn(f, o.text, rect{box.x0 + pad + 132*k, y, half - 8*k, y + row}, 0, colInk)
		y += row
	}
	// the right column
	x0, x1 := half+8*k, box.x1-pad
	y = box.y0 + 44*k
	for _, line := range p.turnLines() {
		p.textIn(fBold, line, rect{x0, y, x1, y + row}, 0, colInk)
		y += row
	}
	lines := p.happened()
	if len(lines) == 0 && p.v.LastTurn > 0 {
		lines = []string{lex.t("Nothing was drawn.")}
	}
	fSmall := p.r.face(false, 14*k)
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, rsWrap(fSmall, l, x1-x0-12*k)...)
	}
	room := int((box.y1 - pad - y) / (21 * k))
	if len(wrapped) > room && room > 0 {
		wrapped = append(wrapped[:room-1], lex.t("and %d more", len(wrapped)-room+1))
	}
	for i, l := range wrapped {
		if i >= room {
			break
		}
		p.textIn(fSmall, l, rect{x0, y, x1, y + 21*k}, 0, colPaperSub)
		y += 21 * k
	}
}

func (p *rsPage) lastTitle() string {
	v, lex := p.v, p.lex
	switch {
	case v.Quali != nil && len(v.Last) > 0:
		return lex.t("Qualifying: the last phase revealed")
	case v.LastTurn > 0:
		return lex.t("Turn %d: the orders revealed", v.LastTurn)
	case len(v.Last) > 0:
		return lex.t("Qualifying and the start")
	}
	return lex.t("Before the first turn")
}

func (p *rsPage) boardCar(id int) rs.BoardCar {
	for _, c := range p.v.File {
		if c.ID == id {
			return c
		}
	}
	return rs.BoardCar{ID: id, Seat: -1, Follows: -1}
}

// rsOrderRow is one line of the revealed orders: the car and its order
// in words.
type rsOrderRow struct {
	car        rs.BoardCar
	name, text string
}

// orderRows are the last turn's revealed orders, a seat's second car on
// the line after its own (rs R-VAR-05), or the advanced qualifying's last
// choices.
func (p *rsPage) orderRows() []rsOrderRow {
	var out []rsOrderRow
	if p.v.Quali != nil {
		for _, o := range p.qualiOrders() {
			out = append(out, rsOrderRow{p.boardCar(o.Car), p.carName(o.Car), p.qualiOrderText(o)})
		}
		return out
	}
	for _, o := range p.v.Orders {
		out = append(out, rsOrderRow{p.boardCar(o.Car), p.carName(o.Car), p.orderText(o)})
		if o.SecondCar != 0 { // under its seat's own line: the chip says its colour and number
			out = append(out, rsOrderRow{p.boardCar(o.SecondCar), p.lex.t("2nd car"), p.lex.t("same card → %d km/h", o.SecondSpeed)})
		}
	}
	return out
}

// orderText is a revealed order in words: "297 + risk, Tapez → 299 km/h".
func (p *rsPage) orderText(o rs.RevealedOrder) string {
	lex := p.lex
	pit := func(format string) string {
		return lex.t(format, lex.t("tyre:"+string(o.Pit)), lex.t(o.Deck))
	}
	if o.SafetyCar {
		if o.Pit != "" {
			return pit("stops: %s (%s)")
		}
		return lex.t("stays out")
	}
	parts := []string{fmt.Sprint(o.Card)}
	if o.Risk {
		parts = append(parts, "+ "+lex.t("risk"))
	}
	var extra []string
	if o.Tapez {
		extra = append(extra, lex.t("Tapez"))
	}
	if o.Economise {
		extra = append(extra, lex.t("Economise"))
	}
	if o.Pit != "" {
		extra = append(extra, pit("pit: %s (%s)"))
	}
	s := strings.Join(parts, " ")
	if len(extra) > 0 {
		s += ", " + strings.Join(extra, ", ")
	}
	return s + " → " + lex.t("%d km/h", o.Speed)
}

// turnLines are the dice and the system cars' green cards of the last
// turn.
func (p *rsPage) turnLines() []string {
	var out []string
	for _, e := range p.v.Last {
		if e.Kind == "system-cards" {
			out = append(out, p.lex.t("System cars drew %s", strings.ReplaceAll(e.Get("cards"), ",", ", ")))
		}
	}
	if d := p.v.Dice; len(d) == 3 {
		out = append(out, p.lex.t("Dice %s: the file moves %d", fmt.Sprintf("%d %d %d", d[0], d[1], d[2]), rs.Dice{Blue: d[0], White: d[1], Red: d[2]}.Move()))
	}
	return out
}

// rsHappenings are the kinds of the last turn's events a board says in
// words: draws, incidents, the safety car, the weather, retirements. The
// start cards and grid places of eighteen cars are not: the order they
// gave is on the circuit and in the running order.
var rsHappenings = map[string]bool{
	"risk-card": true, "slow": true, "pit-card": true, "pit-incident": true, "tyres": true, "event-card": true,
	"retired": true, "safety-car-out": true, "trapped": true, "line-up": true, "wave-around": true, "restart": true,
	"weather": true, "lapped": true, "to-tail": true, "pit-lane": true, "exchange": true,
	"start-incident": true, "penalty": true, "penalty-due": true, "pass": true,
}

// happened says the last turn's draws and incidents: the engine's event
// phrases (rs.Game.EventPhrase) said by the boards' catalog.
func (p *rsPage) happened() []string {
	var waits, out []string
	for _, e := range p.v.Last {
		switch {
		case e.Kind == "drop" && e.Get("cause") == "team-wait": // first: a long list must not hide it (rs R-PIT-10)
			waits = append(waits, phrasebook.Text(p.lex.lang, p.g.EventPhrase(e)))
		// of the grid, the pole and the pit-lane starters
		case rsHappenings[e.Kind] || (e.Kind == "grid" && e.Int("place") <= 1) || (p.v.Quali != nil && rsQualiHappenings[e.Kind]):
			out = append(out, phrasebook.Text(p.lex.lang, p.g.EventPhrase(e)))
		}
	}
	return append(waits, out...)
}

// rsWrap breaks s into lines at most w pixels wide, at spaces.
func rsWrap(f font.Face, s string, w float64) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + word)
		if line != "" && measure(f, try) > w {
			out = append(out, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		out = append(out, fitText(f, line, w))
	}
	return out
}

// rsColumn is one column of the running order.
type rsColumn struct {
	head  string
	width float64 // design pixels
	cell  func(c rs.BoardCar) (string, hexColor)
}

func (p *rsPage) columns() []rsColumn {
	lex, v := p.lex, p.v
	cols := []rsColumn{
		{lex.t("Pos."), 44, func(c rs.BoardCar) (string, hexColor) {
			if c.Out {
				return "–", colPaperSub
			}
			return lex.ordinal(c.Place), colInk
		}},
		{"", 36, nil}, // the chip
		{lex.t("Car"), 130, func(c rs.BoardCar) (string, hexColor) { return p.carLabel(c), colInk }},
		{lex.t("Gap"), 76, func(c rs.BoardCar) (string, hexColor) {
			switch {
			case c.Out:
				return lex.t("retired"), colDeadly
			case !v.Placed:
				return "–", colPaperSub
			case c.Place == 1:
				return lex.t("leader"), colDoneText
			}
			return lex.t("+%d", c.Gap), colInk
		}},
		{lex.t("Lap"), 84, func(c rs.BoardCar) (string, hexColor) {
			switch {
			case !v.Placed:
				return "–", colPaperSub
			case c.Down > 0:
				return lex.t("−%d lap(s)", c.Down), colRiskText
			}
			return fmt.Sprint(c.Lap), colInk
		}},
		{"km/h", 64, func(c rs.BoardCar) (string, hexColor) {
			if s, ok := v.Speeds[c.ID]; ok {
				return fmt.Sprint(s), colInk
			}
			return "–", colPaperSub
		}},
	}
	if v.Quali != nil {
		cols = append(cols[:3], p.qualiColumns()...)
	}
	if v.Mode == rs.Standard {
		cols = append(cols, rsColumn{lex.t("Tyres"), 222, func(c rs.BoardCar) (string, hexColor) {
			return p.tyreText(c), colInk
		}})
	}
	cols = append(cols, rsColumn{lex.t("Damage"), 0, func(c rs.BoardCar) (string, hexColor) {
		return p.damageText(c)
	}})
	return cols
}

// tyreText is "soft, 6 left, new +2" (R-TYR).
func (p *rsPage) tyreText(c rs.BoardCar) string {
	lex := p.lex
	if c.Tyre == "" {
		return "–"
	}
	top := lex.t("new %+d", c.TyreTop.Value)
	if c.TyreTop.Worn {
		top = lex.t("worn %+d", c.TyreTop.Value)
	}
	return lex.t("%s, %d left", lex.t("tyre:"+string(c.Tyre)), c.TyreCards) + ", " + top
}

// damageText is the slow cards and a damaged nose (rs R-FAM-10, rs R-RSK-04).
func (p *rsPage) damageText(c rs.BoardCar) (string, hexColor) {
	lex := p.lex
	var parts []string
	if c.Slow > 0 {
		parts = append(parts, lex.t("%d slow", c.Slow))
	}
	if c.Nose {
		parts = append(parts, lex.t("nose"))
	}
	if len(parts) == 0 {
		return lex.t("none"), colPaperSub
	}
	return strings.Join(parts, ", "), colDeadly
}

// drawTable draws the running order in two columns of cars.
func (p *rsPage) drawTable(box rect) {
	k, dc := p.k, p.dc
	cols := p.columns()
	pad := rsPad * k
	colW := (box.w() - 3*pad) / 2
	fHead := p.r.face(true, 14*k)
	f := p.r.face(false, 15*k)
	per := (len(p.v.File) + 1) / 2
	for half := range 2 {
		x0 := box.x0 + pad + float64(half)*(colW+pad)
		y := box.y0 + pad
		x := x0
		for i, c := range cols {
			w := c.width * k
			if i == len(cols)-1 {
				w = x0 + colW - x
			}
			p.textIn(fHead, c.head, rect{x, y, x + w - 6*k, y + rsRow*k}, 0, colPaperSub)
			x += w
		}
		y += rsRow * k
		dc.SetColor(colPaperLine)
		dc.SetLineWidth(1.5 * k)
		dc.DrawLine(x0, y, x0+colW, y)
		dc.Stroke()
		for j := half * per; j < min(len(p.v.File), (half+1)*per); j++ {
			car := p.v.File[j]
			if car.Out {
				fillRect(p.img, rect{x0, y, x0 + colW, y + rsRow*k}, colOutRow)
			} else if p.v.Seat >= 0 && car.Seat == p.v.Seat {
				fillRect(p.img, rect{x0, y, x0 + colW, y + rsRow*k}, colMoverRow)
			}
			x := x0
			for i, c := range cols {
				w := c.width * k
				if i == len(cols)-1 {
					w = x0 + colW - x
				}
				if c.cell == nil {
					p.chip(car, x+w/2-4*k, y+rsRow*k/2, 12*k)
				} else {
					s, col := c.cell(car)
					p.textIn(f, s, rect{x, y, x + w - 6*k, y + rsRow*k}, 0, col)
				}
				x += w
			}
			y += rsRow * k
		}
	}
}

// drawHand shows the seat's own speed cards (a board for one seat only).
func (p *rsPage) drawHand(box rect) {
	k, dc, lex := p.k, p.dc, p.lex
	f := p.r.face(true, 16*k)
	label := lex.t("Your hand (seat %d)", p.v.Seat+1)
	p.textIn(f, label, rect{box.x0, box.y0, box.x0 + 260*k, box.y0 + 48*k}, 0, colInk)
	x := box.x0 + 270*k
	for _, c := range p.v.Hand {
		cw := 58 * k
		dc.DrawRoundedRectangle(x, box.y0+6*k, cw, 38*k, 5*k)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.5 * k)
		dc.Stroke()
		p.textAt(f, fmt.Sprint(c), x+cw/2, box.y0+25*k+capHeight(f)/2, 0.5, colInk)
		x += cw + 8*k
	}
	fs := p.r.face(false, 15*k)
	p.textIn(fs, lex.t("%d face down", p.v.Pile), rect{x + 8*k, box.y0, box.x1, box.y0 + 48*k}, 0, colPaperSub)
}

// rsLayer is a board's circuit area, drawn once per circuit, width and
// language: the loop is most of a board's drawing and never changes
// during a race.
type rsLayer struct {
	img  *image.RGBA // the area alone, its own origin at the top left
	loop rsLoop      // the loop in the area's coordinates
}

type rsLayerKey struct {
	r     *Renderer
	c     *rscircuit.Circuit
	width int
	lang  string
}

// maxRSLayers bounds the layers kept: a server draws the races being
// played now; the one drawn longest ago goes first.
const maxRSLayers = 16

var rsLayers struct {
	sync.Mutex
	m     map[rsLayerKey]*rsLayer
	order []rsLayerKey
}

func (r *Renderer) rsLayer(c *rscircuit.Circuit, width int, lex *rsLex) *rsLayer {
	key := rsLayerKey{r, c, width, lex.lang}
	rsLayers.Lock()
	l := rsLayers.m[key]
	rsLayers.Unlock()
	if l != nil {
		return l
	}
	k := float64(width) / DefaultWidth
	h := int(math.Round(rsCircuitH * k))
	img := image.NewRGBA(image.Rect(0, 0, width, h))
	fillRect(img, rect{0, 0, float64(width), float64(h)}, rsGrass)
	loop := rsLoop{rad: 245 * k, s: 860 * k, cx: float64(width) / 2, cy: float64(h) / 2, c: c}
	r.drawRSLoop(newContext(img), loop, k, rsMarks{lex.t("START"), lex.t("PIT IN"), lex.t("PIT OUT")})
	l = &rsLayer{img: img, loop: loop}
	rsLayers.Lock()
	defer rsLayers.Unlock()
	if old := rsLayers.m[key]; old != nil {
		return old
	}
	if rsLayers.m == nil {
		rsLayers.m = map[rsLayerKey]*rsLayer{}
	}
	if len(rsLayers.order) >= maxRSLayers {
		delete(rsLayers.m, rsLayers.order[0])
		rsLayers.order = rsLayers.order[1:]
	}
	rsLayers.m[key] = l
	rsLayers.order = append(rsLayers.order, key)
	return l
}

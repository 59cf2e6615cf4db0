package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"strings"
	"sync"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// gameBoard is one board or crop being drawn: the whole image (page), the
// circuit area inside it, and every label placed, for the tests that check
// that each one fits its box.
type gameBoard struct {
	*painter // the whole image; its circuit fields are unused
	v        *gameView
	area     *painter
	layer    *trackLayer // a board's (not a crop's) track layer
}

// newGameBoard starts a drawing on a page; its painters record their
// labels in one list.
func newGameBoard(page *board, v *gameView) *gameBoard {
	gb := &gameBoard{painter: newPainter(page), v: v}
	gb.labels = new([]placedLabel)
	return gb
}

// areaPainter is the painter of the circuit area, recording in the same
// list.
func (gb *gameBoard) areaPainter(b *board) *painter {
	p := newPainter(b)
	p.labels, p.clipped = gb.labels, true
	return p
}

type placedLabel struct {
	text          string
	box           rect
	width, height float64
	// clipped: drawn on the circuit, in its coordinates, where the view
	// may cut it
	clipped bool
}

// label writes s in box, shortened with an ellipsis if it must be,
// vertically centred and aligned 0 (left) to 1 (right).
func (gb *gameBoard) label(f font.Face, s string, box rect, align float64, col hexColor) float64 {
	if s == "" {
		return 0
	}
	s = fitText(f, s, box.w())
	w := measure(f, s)
	x := box.x0 + (box.w()-w)*align
	m := f.Metrics()
	gb.text(f, s, x, box.center().Y+capHeight(f)/2, col)
	*gb.labels = append(*gb.labels, placedLabel{text: s, box: box, width: w, height: float64(m.Ascent+m.Descent) / 64})
	return w
}

// newPage makes the board for a whole image of w×h pixels, from the pool
// when pooled (its pixels are then undefined: every one must be drawn).
func (r *Renderer) newPage(w, h int, k float64, pooled bool) *board {
	if pooled {
		return r.pageOn(getRGBA(w, h), k)
	}
	return r.pageOn(image.NewRGBA(image.Rect(0, 0, w, h)), k)
}

// pageOn makes the board for a whole image, img.
func (r *Renderer) pageOn(img *image.RGBA, k float64) *board {
	b := &board{r: r, w: float64(img.Rect.Dx()), h: float64(img.Rect.Dy()), k: k, img: img}
	b.dc = gg.NewContextForRGBA(b.img)
	b.dc.SetLineJoin(gg.LineJoinRound)
	b.setFonts()
	return b
}

// rows gives an image that shares the pixels of rows y0..y1 of img, with
// its own origin at the top left: the circuit is drawn there in its own
// coordinates.
func rows(img *image.RGBA, y0, y1 int) *image.RGBA {
	return &image.RGBA{Pix: img.Pix[y0*img.Stride : y1*img.Stride], Stride: img.Stride, Rect: image.Rect(0, 0, img.Rect.Dx(), y1-y0)}
}

// Board layout, in design pixels (times k).
const (
	panelPad    = 18
	dashRow     = 26
	dashHead    = 26
	optRow      = 27
	sectionHead = 34
	dieSize     = 54
	dieCell     = 90
	dieCaption  = 38
)

func (r *Renderer) drawBoard(v *gameView, opt BoardOptions, pooled bool) (*gameBoard, error) {
	width := opt.Width
	if width == 0 {
		width = DefaultWidth
	}
	layer, err := r.layer(v.c, width, v.lex)
	if err != nil {
		return nil, err
	}
	k := layer.b.k
	header := math.Round(boardHeader * k)
	trackH := layer.b.h

	// measure the panels, then make the image
	probe := newGameBoard(&board{r: r, w: float64(width), k: k}, v)
	probe.setFonts()
	footer := float64(layer.legend.Rect.Dy())
	panel := probe.panelHeight(float64(width))
	if extra := float64(opt.MinHeight) - (header + trackH + panel + footer); extra > 0 {
		panel += math.Ceil(extra)
	}
	total := int(header + trackH + panel + footer)

	var page *board
	if pooled {
		page = r.pageOn(layer.page(width, total, int(header)), k) // its circuit rows are the layer's
	} else {
		page = r.newPage(width, total, k, false)
		copy(page.img.Pix[int(header)*page.img.Stride:], layer.b.img.Pix)
	}
	gb := newGameBoard(page, v)
	gb.header, gb.footer, gb.layer = header, footer, layer

	area := *layer.b
	area.img = rows(gb.img, int(header), int(header+trackH))
	area.dc = gg.NewContextForRGBA(area.img)
	area.dc.SetLineJoin(gg.LineJoinRound)
	area.placed = append([]rect(nil), layer.b.placed...)
	area.setFonts()
	gb.area = gb.areaPainter(&area)
	gb.area.drawGame(v)

	// the legend band, as drawn with the layer
	band := rows(gb.img, total-int(footer), total)
	copy(band.Pix, layer.legend.Pix)
	top := float64(total) - footer
	for _, l := range layer.legendLabels {
		l.box.y0 += top
		l.box.y1 += top
		*gb.labels = append(*gb.labels, l)
	}

	gb.drawHeader(rect{0, 0, gb.w, header})
	gb.drawPanels(rect{0, header + trackH, gb.w, header + trackH + panel})
	return gb, nil
}

// panelHeight is the height of the panels under the circuit.
func (gb *gameBoard) panelHeight(w float64) float64 {
	k := gb.k
	dash := (dashHead + float64(len(gb.v.g.Cars))*dashRow) * k
	lower := math.Max(gb.optionsHeight(gb.optionColumns(), gb.optionsWidth(w)), gb.diceHeight(0.36*w-panelPad*k))
	return math.Ceil(2*panelPad*k + dash + panelPad*k + lower)
}

// optionsWidth is the width of the options section of a board w wide:
// the panels' inner width but the dice's 36 % and the gap between them.
func (gb *gameBoard) optionsWidth(w float64) float64 {
	return w - 3*panelPad*gb.k - 0.36*w
}

// The title band: circuit, round, lap and play; what is being decided;
// the weather.
func (gb *gameBoard) drawHeader(box rect) {
	v, k := gb.v, gb.k
	fillRect(gb.img, box, colBand)
	pad := 24 * k
	// the weather block on the right
	wx := gb.drawWeather(rect{box.x1 - pad - 250*k, box.y0, box.x1 - pad, box.y1})
	name := v.c.Name
	if name == "" {
		name = v.c.ID
	}
	fTitle := gb.face(true, 30*k)
	fInfo := gb.face(true, 19*k)
	fPrompt := gb.face(true, 19*k)
	line1 := rect{box.x0 + pad, box.y0 + 8*k, wx - 16*k, box.y0 + 46*k}
	line2 := rect{box.x0 + pad, box.y0 + 48*k, wx - 16*k, box.y1 - 6*k}
	tw := gb.label(fTitle, name, rect{line1.x0, line1.y0, line1.x0 + 0.5*line1.w(), line1.y1}, 0, colBandText)
	gb.label(fInfo, gb.roundInfo(), rect{line1.x0 + tw + 20*k, line1.y0 + 2*k, line1.x1, line1.y1}, 0, colBandSub)
	prompt, colour := gb.prompt()
	gb.label(fPrompt, prompt, line2, 0, colour)
}

// roundInfo is "Round 12 · Lap 2/2 · after play 47".
func (gb *gameBoard) roundInfo() string {
	v, lex := gb.v, gb.v.lex
	parts := []string{
		fmt.Sprintf("%s %d", lex.t("Round"), v.g.Round),
		fmt.Sprintf("%s %d/%d", lex.t("Lap"), v.lap(), v.g.Config.Laps),
	}
	if v.last != nil {
		parts = append(parts, lex.t("after play %d", v.last.Play))
	} else {
		parts = append(parts, lex.t("before the first play"))
	}
	if v.reader > 0 {
		parts = append(parts, lex.t("you: car %d", v.reader))
	}
	return strings.Join(parts, "  ·  ")
}

// prompt says who must decide what, or that the race is over.
func (gb *gameBoard) prompt() (string, hexColor) {
	s, detail, col := gb.promptParts()
	if detail != "" {
		s += " — " + detail
	}
	return s, col
}

// promptParts is the prompt and what the player must know to answer it
// (the die rolled).
func (gb *gameBoard) promptParts() (string, string, hexColor) {
	v, lex := gb.v, gb.v.lex
	d := v.pending
	if d == nil {
		if v.g.Over {
			var podium []string
			for _, r := range v.g.Results() {
				if r.Status == "finished" && r.Place <= 3 {
					podium = append(podium, fmt.Sprintf("%s %s", lex.ordinal(r.Place), lex.t("car %d", r.Car)))
				}
			}
			return lex.t("Race over"), strings.Join(podium, ", "), okYellow
		}
		return "", "", colBandText
	}
	var s, detail string
	switch d.Kind {
	case fd.DecideGear:
		s = lex.t("Car %d: choose a gear", d.Car)
	case fd.DecideMove:
		s = lex.t("Car %d: choose a move", d.Car)
		if c := v.car(d.Car); c != nil && d.Rolled > 0 {
			die := gb.dieName(c.Gear)
			detail = lex.t("rolled %d on the %s (%s)", d.Rolled, die, lex.gearName(c.Gear))
		}
	case fd.DecideSlipstream:
		s = lex.t("Car %d: slipstream?", d.Car)
	case fd.DecidePit:
		s = lex.t("Car %d: choose the stop", d.Car)
	case fd.DecideTyres:
		s = lex.t("Car %d: choose the tyres", d.Car)
	case fd.DecideBox:
		s = lex.t("Car %d: choose a pit", d.Car)
	case fd.DecideBuild:
		s = lex.t("Car %d: build the car", d.Car)
	case fd.DecideWing:
		s = lex.t("Car %d: set the wing", d.Car)
	case fd.DecideLock:
		s = lex.t("Car %d: set the steering lock", d.Car)
	case street.DecideRepair:
		s = lex.t("Car %d: spread the recovered points", d.Car)
	default:
		s = lex.t("Car %d to play", d.Car)
	}
	if d.Session != "" {
		s = lex.t(d.Session) + " · " + s
	}
	return s, detail, okYellow
}

func (gb *gameBoard) dieName(gear int) string {
	if gear >= 1 && gear <= len(gb.v.g.Config.Dice.Gears) {
		return gb.v.g.Config.Dice.Gears[gear-1].Name
	}
	return "?"
}

// drawWeather draws the weather icon and words right-aligned in box and
// returns the left edge of what it drew.
func (gb *gameBoard) drawWeather(box rect) float64 {
	v, lex, k := gb.v, gb.v.lex, gb.k
	w := v.g.Weather()
	state := lex.t("dry track")
	if w.Rain() {
		state = lex.t("wet track")
	}
	fBig := gb.face(true, 18*k)
	fSmall := gb.face(false, 15*k)
	name := lex.t(w.String())
	name = strings.ToUpper(name[:1]) + name[1:]
	tw := math.Max(measure(fBig, name), measure(fSmall, state))
	icon := 46 * k
	x1 := box.x1 - icon - 12*k
	x0 := x1 - tw
	gb.label(fBig, name, rect{x0, box.y0 + 14*k, x1, box.y0 + 40*k}, 1, colBandText)
	gb.label(fSmall, state, rect{x0, box.y0 + 46*k, x1, box.y0 + 70*k}, 1, colBandSub)
	gb.weatherIcon(vec{X: box.x1 - icon/2, Y: box.center().Y}, icon, w)
	return x0
}

// weatherIcon draws the sun, a cloud, or rain, in a square of side s.
func (gb *gameBoard) weatherIcon(c vec, s float64, w fd.WeatherState) {
	dc := gb.dc
	sun := func(c vec, r float64) {
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			d := vec{X: math.Cos(a), Y: math.Sin(a)}
			p, q := add(c, mul(d, r*1.35)), add(c, mul(d, r*1.75))
			dc.MoveTo(p.X, p.Y)
			dc.LineTo(q.X, q.Y)
		}
		dc.SetColor(okYellow)
		dc.SetLineWidth(2.4 * gb.k)
		dc.Stroke()
		dc.DrawCircle(c.X, c.Y, r)
		dc.Fill()
	}
	cloud := func(c vec, r float64, col hexColor) {
		dc.DrawCircle(c.X-r*0.9, c.Y+r*0.25, r*0.7)
		dc.DrawCircle(c.X, c.Y-r*0.2, r)
		dc.DrawCircle(c.X+r*0.95, c.Y+r*0.2, r*0.75)
		dc.DrawRoundedRectangle(c.X-r*1.6, c.Y+r*0.1, r*3.3, r*0.85, r*0.4)
		dc.SetColor(col)
		dc.Fill()
	}
	rain := func(c vec, r float64) {
		for i := -1; i <= 1; i++ {
			x := c.X + float64(i)*r*0.9
			dc.MoveTo(x, c.Y+r*1.15)
			dc.LineTo(x-r*0.3, c.Y+r*1.85)
		}
		dc.SetColor(okSkyBlue)
		dc.SetLineWidth(3 * gb.k)
		dc.Stroke()
	}
	r := s * 0.22
	switch w {
	case fd.Fine:
		sun(c, s*0.26)
	case fd.Heatwave:
		sun(c, s*0.32) // league 3-B: a bigger sun
	case fd.Deluge:
		cloud(vec{X: c.X, Y: c.Y - r*0.4}, r*1.15, 0x6E7781) // league 3-A: a darker, bigger cloud
		rain(vec{X: c.X, Y: c.Y - r*0.4}, r*1.15)
	case fd.Overcast:
		sun(vec{X: c.X + r*0.7, Y: c.Y - r*0.8}, r*0.8)
		cloud(vec{X: c.X - r*0.2, Y: c.Y + r*0.3}, r, 0xD8DCE0)
	case fd.ChangeableWet:
		sun(vec{X: c.X + r*0.8, Y: c.Y - r*1.1}, r*0.7)
		cloud(vec{X: c.X - r*0.2, Y: c.Y - r*0.2}, r, 0xBFC5CC)
		rain(vec{X: c.X - r*0.2, Y: c.Y - r*0.2}, r)
	default:
		cloud(vec{X: c.X, Y: c.Y - r*0.4}, r, 0x9AA2AB)
		rain(vec{X: c.X, Y: c.Y - r*0.4}, r)
	}
}

// drawPanels draws the dashboard, then the options and the dice side by
// side.
func (gb *gameBoard) drawPanels(box rect) {
	k := gb.k
	dc := gb.dc
	fillRect(gb.img, box, colPaper)
	pad := panelPad * k
	inner := rect{box.x0 + pad, box.y0 + pad, box.x1 - pad, box.y1 - pad}
	dashH := (dashHead + float64(len(gb.v.g.Cars))*dashRow) * k
	gb.drawDashboard(rect{inner.x0, inner.y0, inner.x1, inner.y0 + dashH})
	lower := rect{inner.x0, inner.y0 + dashH + pad, inner.x1, inner.y1}
	split := lower.x1 - 0.36*box.w()
	gb.drawOptions(rect{lower.x0, lower.y0, lower.x0 + gb.optionsWidth(box.w()), lower.y1}, gb.optionColumns())
	dc.MoveTo(split, lower.y0)
	dc.LineTo(split, lower.y1)
	dc.SetColor(colPaperLine)
	dc.SetLineWidth(1.5 * k)
	dc.Stroke()
	gb.drawDice(rect{split + pad, lower.y0, lower.x1, lower.y1})
}

// dashboard columns, in design pixels; the status takes the rest
type dashColumn struct {
	key   string
	w     float64
	align float64
}

var dashColumns = []dashColumn{
	{"Car", 84, 0},
	{"Pos.", 54, 0.5},
	{"Gear", 74, 0.5},
	{"tyres", 118, 0},
	{"brakes", 118, 0},
	{"gearbox", 118, 0},
	{"body", 118, 0},
	{"engine", 118, 0},
	{"handling", 118, 0},
	{"Tyre set", 150, 0},
	{"Laps", 64, 0.5},
	{"Status", 0, 0},
}

// dashboard draws one line per car: gear, wear points against the start
// values, tyres, laps, place and status.
func (gb *gameBoard) drawDashboard(box rect) {
	v, lex, k := gb.v, gb.v.lex, gb.k
	fHead := gb.face(true, 14*k)
	fCell := gb.face(false, 15*k)
	fBold := gb.face(true, 16*k)
	// column boxes
	xs := make([]rect, len(dashColumns))
	x := box.x0
	for i, c := range dashColumns {
		w := c.w * k
		if c.w == 0 {
			w = box.x1 - x
		}
		xs[i] = rect{x, 0, x + w, 0}
		x += w
	}
	cell := func(i int, y0, y1 float64) rect { return rect{xs[i].x0 + 4*k, y0, xs[i].x1 - 6*k, y1} }
	head := rect{box.x0, box.y0, box.x1, box.y0 + dashHead*k}
	for i, c := range dashColumns {
		key := c.key
		if key == "gearbox" {
			key = v.catName(fd.Gearbox)
		}
		gb.label(fHead, lex.t(key), cell(i, head.y0, head.y1), c.align, colPaperSub)
	}
	gb.ruleH(box.x0, box.x1, head.y1, 1.5*k, colPaperLine, colPaper)
	for i := range v.g.Cars {
		car := &v.g.Cars[i]
		y0 := head.y1 + float64(i)*dashRow*k
		y1 := y0 + dashRow*k
		row := rect{box.x0, y0, box.x1, y1}
		mover := v.pending != nil && v.pending.Car == car.Number
		switch {
		case mover:
			fillRect(gb.img, rect{row.x0 - 8*k, row.y0 + 1, row.x1 + 8*k, row.y1 - 1}, colMoverRow)
		case car.Status != fd.Racing:
			fillRect(gb.img, rect{row.x0 - 8*k, row.y0 + 1, row.x1 + 8*k, row.y1 - 1}, colOutRow)
		}
		gb.carChip(car.Number, cell(0, y0, y1))
		place := "–"
		if p := v.place[i]; p > 0 && car.Status != fd.Eliminated {
			place = fmt.Sprint(p)
		}
		gb.label(fBold, place, cell(1, y0, y1), 0.5, colInk)
		gear := "–"
		if car.Gear > 0 && car.Status == fd.Racing {
			gear = fmt.Sprint(car.Gear)
		}
		gb.label(fBold, gear, cell(2, y0, y1), 0.5, colInk)
		for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
			gb.carWear(cell(3+int(cat), y0, y1), car, cat, fBold)
		}
		tyres := "–"
		if car.Status == fd.Racing {
			tyres = gb.tyreText(car)
		}
		gb.label(fCell, tyres, cell(9, y0, y1), 0, colInk)
		gb.label(fCell, fmt.Sprintf("%d/%d", car.Laps, v.g.Config.Laps), cell(10, y0, y1), 0.5, colInk)
		status, col := gb.status(car)
		gb.label(fCell, status, cell(11, y0, y1), 0, col)
		gb.ruleH(box.x0, box.x1, y1, 1*k, colPaperLine, colPaper)
	}
}

// carChip is a car's swatch in a panel: its colour and its number disc.
func (gb *gameBoard) carChip(n int, box rect) {
	k := gb.k
	h := math.Round(math.Min(box.h()-8*k, 22*k))
	w := math.Round(math.Min(box.w(), 2.2*h))
	sp := gb.chipSprite(n, w, h)
	at := image.Pt(int(math.Round(box.x0)), int(math.Round(box.center().Y-h/2))-2)
	draw.Draw(gb.img, sp.Rect.Add(at), sp, image.Point{}, draw.Over)
	if gb.labels != nil {
		f := gb.face(true, math.Floor(1.25*(h/2+k)))
		*gb.labels = append(*gb.labels, placedLabel{text: fmt.Sprint(n), box: rect{float64(at.X), float64(at.Y), float64(at.X) + w + 4, float64(at.Y) + h + 4}, width: measure(f, fmt.Sprint(n)), height: capHeight(f)})
	}
}

// Car chips are the same on every board: each is drawn once, on a clear
// background, and kept.
type chipKey struct {
	r    *Renderer
	car  int
	w, h int
}

var chips struct {
	sync.Mutex
	m map[chipKey]*image.RGBA
}

func (gb *gameBoard) chipSprite(n int, w, h float64) *image.RGBA {
	key := chipKey{gb.r, n, int(w), int(h)}
	chips.Lock()
	sp := chips.m[key]
	chips.Unlock()
	if sp != nil {
		return sp
	}
	k := gb.k
	sp = image.NewRGBA(image.Rect(0, 0, int(w)+4, int(h)+4))
	p := newPainter(&board{r: gb.r, k: k, w: w + 4, h: h + 4, img: sp, dc: newContext(sp)})
	c := vec{X: 2 + w/2, Y: 2 + h/2}
	p.dc.DrawRoundedRectangle(2, 2, w, h, h/2)
	p.dc.SetColor(teamColour(n))
	p.dc.FillPreserve()
	p.dc.SetColor(colInk)
	p.dc.SetLineWidth(1.2 * k)
	p.dc.Stroke()
	p.drawNumberDisc(n, c, h/2+1*k)
	chips.Lock()
	if chips.m == nil || len(chips.m) > 256 {
		chips.m = map[chipKey]*image.RGBA{}
	}
	chips.m[key] = sp
	chips.Unlock()
	return sp
}

// carWear draws what is left of one of car's characteristics, or, where
// the reader may not see the car's build (5-D), only the point every
// characteristic has: a hidden car's cells are the same whatever its wear.
func (gb *gameBoard) carWear(box rect, car *fd.Car, cat fd.Category, f font.Face) {
	if !gb.v.readsBuild(car.Number) {
		gb.label(f, "≥1", box, 0, colPaperSub)
		return
	}
	gb.wearCell(box, car.Wear[cat], gb.v.g.StartWear(car.Number)[cat], f)
}

// wearCell draws points left as pips out of the start value, then the
// numbers.
func (gb *gameBoard) wearCell(box rect, left, start int, f font.Face) {
	k := gb.k
	text := fmt.Sprintf("%d/%d", left, start)
	tw := measure(f, "00/00")
	room := box.w() - tw - 6*k
	pip := math.Min(11*k, room/float64(max(start, 1)))
	gap := math.Min(3*k, pip*0.25)
	size := pip - gap
	cy := box.center().Y
	for i := range start {
		x := math.Round(box.x0 + float64(i)*pip)
		sq := rect{x, math.Round(cy - size/2), x + math.Round(size), math.Round(cy-size/2) + math.Round(size)}
		switch {
		case i >= left:
			fillRect(gb.img, sq, colPaperSub)
			fillRect(gb.img, sq.grow(-math.Max(1, math.Round(k))), colPipEmpty)
		case left*3 <= start:
			fillRect(gb.img, sq, okVermilion) // a third or less left
		default:
			fillRect(gb.img, sq, colInk)
		}
	}
	x0 := box.x0 + float64(start)*pip + 6*k
	gb.label(f, text, rect{x0, box.y0, box.x1, box.y1}, 0, colInk)
}

func (gb *gameBoard) tyreText(c *fd.Car) string {
	lex := gb.v.lex
	name := c.Tyre.String()
	if c.Tyre == fd.RainTyre {
		name = "rain tyres"
	}
	return lex.t("%s, lap %d", lex.t(name), c.TyreAge+1)
}

// status is a car's state in words.
func (gb *gameBoard) status(c *fd.Car) (string, hexColor) {
	v, lex := gb.v, gb.v.lex
	switch c.Status {
	case fd.Finished:
		return lex.t("finished %s", lex.ordinal(c.Place)), colDoneText
	case fd.Eliminated:
		for _, sc := range v.g.SpinningCars() { // league 10-A: the mark of its square, told
			if sc.Car == c.Number {
				return lex.t("spinning until the turn ends: collision checks around it"), colDeadly
			}
		}
		if lex.lang == "en" && c.Cause != "" {
			return lex.t("out: %s", c.Cause), colDeadly
		}
		return lex.t("out"), colDeadly
	}
	var parts []string
	if c.Space != tracks.NoSpace && int(c.Space) < len(v.c.Spaces) {
		s := &v.c.Spaces[c.Space]
		switch {
		case s.Kind == tracks.KindBox:
			parts = append(parts, lex.t("in its box"))
		case s.Kind == tracks.KindPit:
			parts = append(parts, lex.t("pit lane"))
		}
		if c.Corner >= 0 && c.Corner < len(v.c.Corners) && s.Corner == c.Corner {
			k := &v.c.Corners[c.Corner]
			parts = append(parts, lex.t("%s: %d/%d stops", cornerName(k), c.Stops, k.Stops))
		}
	}
	if c.Stalled {
		parts = append(parts, lex.t("stalled"))
	}
	if c.Spun {
		parts = append(parts, lex.t("spun: 1st next turn"))
	}
	if c.SlowStop || c.Technical {
		parts = append(parts, lex.t("leaves in 4th or less"))
	}
	if len(parts) == 0 {
		parts = append(parts, lex.t("racing"))
	}
	readsBuild := v.readsBuild(c.Number)
	if n, ok := v.g.BoostersLeft(c.Number); ok && readsBuild { // league 5-A, 16-F; 5-D hides the build's
		parts = append(parts, lex.boosters(n))
	}
	if readsBuild { // league 5-B, 5-C, 5-E2, 6-A, 6-B, 16-B: as the status text says it
		parts = append(parts, phrasebook.Texts(lex.lang, v.g.CarState(c.Number))...)
	}
	return strings.Join(parts, " · "), colInk
}

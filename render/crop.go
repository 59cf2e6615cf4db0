package render

import (
	"fmt"
	"image"
	"math"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Crop draws the part of the board around the car to move (or the last
// mover when nobody is to move), large enough to read on a phone: a square
// view of about twenty spaces around the car with its options, then that
// car's dashboard line, its options with their costs and the dice of the
// last play. Text is half as large again as on the board.
func (r *Renderer) Crop(g *fd.Game, opt BoardOptions) (image.Image, error) {
	v, err := r.newGameView(g, opt)
	if err != nil {
		return nil, err
	}
	gb, err := r.drawCrop(v, opt, false)
	if err != nil {
		return nil, err
	}
	return gb.img, nil
}

// cropScale is how much larger than the board's the crop's text and lines
// are, at CropWidth.
const cropScale = 1.5

// Crop view extent, in lane widths either side of its centre.
const (
	cropMinHalf = 6.5
	cropMaxHalf = 16
)

// cropSize checks a crop's width in pixels (0: CropWidth) and the screen
// it is drawn for in CSS pixels (0: none given), and returns the width and
// the scale of the crop's drawing: the board's sizes, one pixel to a CSS
// pixel, times the pixels to a CSS pixel when a screen is given. Formula
// Dé's crops and Racing Simulator's share it.
func cropSize(width, screen int) (int, float64, error) {
	if width == 0 {
		width = CropWidth
	}
	if width < PhoneWidth || width > MaxCropWidth {
		return 0, 0, fmt.Errorf("render: crop width %d is outside %d–%d pixels", width, PhoneWidth, MaxCropWidth)
	}
	w := float64(width)
	k := cropScale * w / CropWidth
	if screen != 0 {
		if screen < MinScreen || screen > width {
			return 0, 0, fmt.Errorf("render: a crop %d pixels wide cannot be drawn for a screen of %d (from %d to the width)", width, screen, MinScreen)
		}
		k = w / float64(screen)
	}
	return width, k, nil
}

func (r *Renderer) drawCrop(v *gameView, opt BoardOptions, pooled bool) (*gameBoard, error) {
	width, k, err := cropSize(opt.Width, opt.Screen)
	if err != nil {
		return nil, err
	}
	w := float64(width)
	ctr, half := v.cropRegion()
	s := w / (2 * half)

	probe := newGameBoard(&board{r: r, w: w, k: k}, v)
	probe.setFonts()
	header := math.Round(cropHeader * k)
	if _, detail, _ := probe.promptParts(); detail == "" {
		header -= math.Round(24 * k) // no second line under the prompt
	}
	panel := probe.cropPanelHeight(w)
	if extra := float64(opt.MinHeight) - (header + w + panel); extra > 0 {
		panel += math.Ceil(extra)
	}
	total := int(header + w + panel)

	gb := newGameBoard(r.newPage(width, total, k, pooled), v)
	gb.header = header
	area, err := r.viewBoard(v.c, rows(gb.img, int(header), int(header+w)), k, s, ctr)
	if err != nil {
		return nil, err
	}
	view := rect{0, 0, w, w}
	area.drawTrackArea(v.lex, func(p vec) bool { return (rect{p.X, p.Y, p.X, p.Y}).inside(view.grow(-8 * k)) })
	gb.area = gb.areaPainter(area)
	gb.area.drawGame(v)

	gb.drawCropHeader(rect{0, 0, w, header})
	gb.drawCropPanels(rect{0, header + w, w, float64(total)})
	return gb, nil
}

// cropRegion is the centre and half-extent (lane widths) of the crop's
// view: the car to move with the ends of its options, or the last mover
// with its last path, or the whole circuit.
func (v *gameView) cropRegion() (tracks.Point, float64) {
	var pts []tracks.Point
	addSpace := func(id tracks.SpaceID) {
		if id >= 0 && int(id) < len(v.c.Spaces) {
			pts = append(pts, v.c.Spaces[id].Center)
		}
	}
	if c := v.car(v.focus); c != nil && c.OnBoard() {
		addSpace(c.Space)
	}
	if d := v.pending; d != nil && d.Car == v.focus && d.Kind == fd.DecideGear {
		// the road ahead, as far as the highest gear may take it (at
		// most twelve spaces: the crop stays close)
		if c := v.car(v.focus); c != nil && c.OnBoard() {
			reach := 0
			for _, op := range d.Options {
				if op.Gear >= 1 && op.Gear <= len(v.g.Config.Dice.Gears) {
					reach = max(reach, v.g.Config.Dice.Gears[op.Gear-1].Max())
				}
			}
			at := c.Space
			for range min(reach, 12) {
				next, ok := v.c.AheadSameLane(at)
				if !ok {
					break
				}
				addSpace(next)
				at = next
			}
		}
	}
	if d := v.pending; d != nil && d.Car == v.focus {
		for _, op := range d.Options {
			if d.Kind == fd.DecideMove || d.Kind == fd.DecideSlipstream {
				// the whole way, corners included
				for _, s := range op.Path {
					addSpace(s)
				}
				addSpace(op.End)
			}
		}
	}
	if p := v.last; p != nil && p.Car == v.focus && len(pts) <= 1 {
		addSpace(p.From)
		for _, s := range p.Path() {
			addSpace(s)
		}
	}
	if len(pts) == 0 {
		lo, hi, _ := spaceBounds(v.c)
		ctr := tracks.Point{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
		return ctr, math.Max(hi.X-lo.X, hi.Y-lo.Y)/2 + 1
	}
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
		hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
	}
	ctr := tracks.Point{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
	half := math.Max(hi.X-lo.X, hi.Y-lo.Y)/2 + 2.5
	half = math.Min(math.Max(half, cropMinHalf), cropMaxHalf)
	// keep the focus car in view even when its options reach far
	if c := v.car(v.focus); c != nil && c.OnBoard() {
		p := v.c.Spaces[c.Space].Center
		for _, axis := range []struct{ c, p *float64 }{{&ctr.X, &p.X}, {&ctr.Y, &p.Y}} {
			if d := *axis.p - *axis.c; math.Abs(d) > half-1.5 {
				*axis.c = *axis.p - math.Copysign(half-1.5, d)
			}
		}
	}
	return ctr, half
}

// crop layout, in design pixels (times k)
const (
	cropHeader  = 92
	cropCarLine = 40
	cropWearRow = 34
)

// wearCols is how many columns the crop's wear grid has in inner pixels:
// two, or one when a category's name would not fit half of them even at
// 11 px (French on a phone: "Tenue de route").
func (gb *gameBoard) wearCols(inner float64) int {
	k := gb.k
	f := gb.face(true, 11*k)
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if measure(f, gb.v.lex.t(gb.v.catName(cat))) > 0.42*inner/2-4*k {
			return 1
		}
	}
	return 2
}

func (gb *gameBoard) cropPanelHeight(w float64) float64 {
	k := gb.k
	cols := gb.wearCols(w - 2*panelPad*k)
	rows := (int(fd.NumCategories) + cols - 1) / cols
	car := (cropCarLine*2 + cropWearRow*float64(rows)) * k
	opts := gb.optionsHeight(1, w-2*panelPad*k)
	dice := gb.diceHeight(w - 2*panelPad*k)
	return math.Ceil(panelPad*k + car + panelPad*k + opts + panelPad*k + dice + panelPad*k)
}

// drawCropHeader: what is being decided first, then round, lap and play,
// and the weather.
func (gb *gameBoard) drawCropHeader(box rect) {
	k := gb.k
	fillRect(gb.img, box, colBand)
	pad := 16 * k
	prompt, detail, col := gb.promptParts()
	if prompt == "" {
		prompt = gb.v.c.Name
	}
	fPrompt := gb.face(true, 18*k)
	fDetail := gb.face(true, 15*k)
	fInfo := gb.face(false, 14*k)
	icon := 44 * k
	gb.weatherIcon(vec{X: box.x1 - pad - icon/2, Y: box.y0 + 6*k + icon/2}, icon, gb.v.g.Weather())
	right := box.x1 - pad - icon - 8*k
	// a long prompt on a narrow crop (a phone's, in French) is set
	// smaller rather than cut, down to the detail's size
	fPrompt = gb.fitFace(true, 18*k, 15*k, prompt, right-box.x0-pad)
	gb.label(fPrompt, prompt, rect{box.x0 + pad, box.y0 + 8*k, right, box.y0 + 36*k}, 0, col)
	infoTop := box.y0 + 38*k
	if detail != "" {
		gb.label(fDetail, detail, rect{box.x0 + pad, box.y0 + 36*k, right, box.y0 + 60*k}, 0, col)
		infoTop = box.y0 + 62*k
	}
	w := gb.v.g.Weather()
	state := gb.v.lex.t("dry track")
	if w.Rain() {
		state = gb.v.lex.t("wet track")
	}
	info := gb.roundInfo() + "  ·  " + gb.v.lex.t(w.String()) + ", " + state
	fInfo = gb.fitFace(false, 14*k, 12*k, info, box.w()-2*pad)
	gb.label(fInfo, info, rect{box.x0 + pad, infoTop, box.x1 - pad, infoTop + 24*k}, 0, colBandSub)
}

// drawCropPanels: the focus car's line, its options, the dice.
func (gb *gameBoard) drawCropPanels(box rect) {
	v, lex, k := gb.v, gb.v.lex, gb.k
	dc := gb.dc
	fillRect(gb.img, box, colPaper)
	pad := panelPad * k
	x0, x1 := box.x0+pad, box.x1-pad
	y := box.y0 + pad
	if c := v.car(v.focus); c != nil {
		fBold := gb.face(true, 16*k)
		fCell := gb.face(false, 15*k)
		line := rect{x0, y, x1, y + cropCarLine*k}
		gb.carChip(c.Number, rect{line.x0, line.y0, line.x0 + 64*k, line.y1})
		parts := lex.t("Car") + fmt.Sprintf(" %d", c.Number)
		if p := v.place[c.Number-1]; p > 0 && c.Status != fd.Eliminated {
			parts += " · " + lex.ordinal(p)
		}
		if c.Gear > 0 && c.Status == fd.Racing {
			parts += " · " + lex.gearName(c.Gear)
		}
		parts += " · " + lex.t("Laps") + fmt.Sprintf(" %d/%d", c.Laps, v.g.Config.Laps)
		gb.label(fBold, parts, rect{line.x0 + 74*k, line.y0, line.x1, line.y1}, 0, colInk)
		y = line.y1
		status, col := gb.status(c)
		gb.label(fCell, gb.tyreText(c)+" · "+status, rect{x0, y, x1, y + cropCarLine*k}, 0, col)
		y += cropCarLine * k
		cols := gb.wearCols(x1 - x0)
		cw := (x1 - x0) / float64(cols)
		for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
			col, row := int(cat)%cols, int(cat)/cols
			cx := x0 + float64(col)*cw
			cy := y + float64(row)*cropWearRow*k
			nameW := 0.42 * cw
			name := lex.t(v.catName(cat))
			gb.label(gb.fitFace(true, 13*k, 11*k, name, nameW-4*k), name, rect{cx, cy, cx + nameW - 4*k, cy + cropWearRow*k}, 0, colPaperSub)
			gb.carWear(rect{cx + nameW, cy, cx + cw - 8*k, cy + cropWearRow*k}, c, cat, fBold)
		}
		y += float64((int(fd.NumCategories)+cols-1)/cols) * cropWearRow * k
	}
	y += pad
	opts := gb.optionsHeight(1, x1-x0)
	gb.drawOptions(rect{x0, y, x1, y + opts}, 1)
	y += opts + pad
	dc.MoveTo(x0, y-pad/2)
	dc.LineTo(x1, y-pad/2)
	dc.SetColor(colPaperLine)
	dc.SetLineWidth(1.5 * k)
	dc.Stroke()
	gb.drawDice(rect{x0, y, x1, box.y1 - pad})
}

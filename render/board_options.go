package render

import (
	"fmt"
	"math"

	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// The options legend, the dice and the board's legend band.

// optionColumns is 1, or 2 when the options are many.
func (gb *gameBoard) optionColumns() int {
	if d := gb.v.pending; d != nil && len(d.Options) > 10 {
		return 2
	}
	return 1
}

// optionsHeight is the height of the options section: each option's
// facts wrapped in lines of its column's width (w wide in all, in cols
// columns); the tallest column decides.
func (gb *gameBoard) optionsHeight(cols int, w float64) float64 {
	k := gb.k
	d := gb.v.pending
	if d == nil {
		return (sectionHead + optRow) * k
	}
	per := max(1, (len(d.Options)+cols-1)/cols)
	tallest, h := 0.0, 0.0
	for i, lines := range gb.optionLines(gb.optionTextWidth(w / float64(cols))) {
		if i%per == 0 {
			h = 0
		}
		h += optionRowHeight(len(lines), k)
		tallest = max(tallest, h)
	}
	return sectionHead*k + max(tallest, optRow*k)
}

// optionRowHeight is the height of an option's row of n lines.
func optionRowHeight(n int, k float64) float64 {
	return (optRow + float64(max(n, 1)-1)*0.8*optRow) * k
}

const optRiskW = 96

// riskWidth is the width of the risk column: 96 pixels at 1600, more
// when a risk's text needs it ("ELIMINATED" in bold).
func (gb *gameBoard) riskWidth() float64 {
	w := optRiskW * gb.k
	f := gb.face(true, 15*gb.k)
	for _, s := range gb.v.riskTexts {
		w = max(w, math.Ceil(measure(f, s)+1))
	}
	return w
}

// optionTextWidth is the room for an option's text in a column w wide.
func (gb *gameBoard) optionTextWidth(w float64) float64 {
	k := gb.k
	return w - 12*k - 38*k - 10*k - gb.riskWidth() - 6*k
}

// optionFacts is what the board says of an option: the facts its reader
// may read of it (fd.Contract.AskedOf: under 5-D a hidden car's option
// says what it is, not its cost nor its risk, as the texts do) in the
// board's language, through the catalog the replies use too, split into
// the row's text and the risk column's (the chance of elimination, or
// the elimination for sure), and that chance, which colours its letter:
// a risk the reader may not read colours nothing.
func optionFacts(facts []phrase.Phrase, lang string) (row []string, riskText string, risk float64) {
	for _, f := range facts {
		text := phrasebook.Text(lang, f)
		switch f.Key {
		case "fact.risk":
			riskText = text
			if len(f.Args) == 1 {
				if p, ok := f.Args[0].(phrase.Percent); ok {
					risk = float64(p)
				}
			}
		case "fact.eliminated":
			riskText, risk = text, 1
		default:
			row = append(row, text)
		}
	}
	return row, riskText, risk
}

// optionLines is each option's facts packed into lines of w pixels, a
// fact too long for a line broken between its words: every fact is
// drawn whole.
func (gb *gameBoard) optionLines(w float64) [][]string {
	f := gb.face(false, 15*gb.k)
	out := make([][]string, len(gb.v.facts))
	for i, facts := range gb.v.facts {
		out[i] = wrapPhrases(f, facts, w)
	}
	return out
}

// optionsTitle names the decision whose options are listed.
func (gb *gameBoard) optionsTitle() string {
	d, lex := gb.v.pending, gb.v.lex
	switch d.Kind {
	case fd.DecideGear:
		return lex.t("Gears of car %d", d.Car)
	case fd.DecidePit:
		return lex.t("Stops of car %d", d.Car)
	}
	return lex.t("Options of car %d", d.Car)
}

// drawOptions lists the pending decision's options: the letter as on the
// circuit, what it does and costs, and its risk.
func (gb *gameBoard) drawOptions(box rect, cols int) {
	v, lex, k := gb.v, gb.v.lex, gb.k
	fTitle := gb.face(true, 17*k)
	fRow := gb.face(false, 15*k)
	fRisk := gb.face(true, 15*k)
	d := v.pending
	title := rect{box.x0, box.y0, box.x1, box.y0 + sectionHead*k}
	if d == nil {
		gb.label(fTitle, lex.t("nothing to choose"), rect{title.x0, title.y0, title.x1, title.y1 - 8*k}, 0, colPaperSub)
		return
	}
	gb.label(fTitle, gb.optionsTitle(), rect{title.x0, title.y0, title.x1, title.y1 - 8*k}, 0, colInk)
	per := (len(d.Options) + cols - 1) / cols
	colW := box.w() / float64(cols)
	riskW := gb.riskWidth()
	texts := gb.optionLines(gb.optionTextWidth(colW))
	y := title.y1
	for i, op := range d.Options {
		col, row := i/per, i%per
		if row == 0 {
			y = title.y1
		}
		x0 := box.x0 + float64(col)*colW
		h := optionRowHeight(len(texts[i]), k)
		rowBox := rect{x0, y, x0 + colW - 12*k, y + optRow*k}
		y += h
		risk := v.risk[i]
		letter := op.Letter
		if d.Kind == fd.DecideGear && op.Declared() == "" { // a declared gear keeps its letter ("5S")
			letter = fmt.Sprint(op.Gear)
		}
		m := gb.optionChip(letter, risk, rect{rowBox.x0, rowBox.y0 + 2*k, rowBox.x0 + 38*k, rowBox.y1 - 2*k})
		for j, line := range texts[i] {
			ly := rowBox.y0 + float64(j)*0.8*optRow*k
			gb.label(fRow, line, rect{m.x1 + 10*k, ly, rowBox.x1 - riskW - 6*k, ly + optRow*k}, 0, colInk)
		}
		rs, col2 := v.riskTexts[i], colRiskText
		if risk >= 1 {
			col2 = colDeadly
		}
		if rs != "" {
			gb.label(fRisk, rs, rect{rowBox.x1 - riskW, rowBox.y0, rowBox.x1, rowBox.y1}, 1, col2)
		}
	}
}

// optionChip draws an option's letter as the circuit shows it.
func (gb *gameBoard) optionChip(letter string, risk float64, box rect) rect {
	k := gb.k
	f := gb.face(true, 16*k)
	w := math.Max(box.h(), measure(f, letter)+12*k)
	b := rect{box.x0, box.y0, box.x0 + w, box.y1}
	ink := gb.riskBox(b, 4*k, 1.6*k, risk)
	gb.label(f, letter, b, 0.5, ink)
	return b
}

// The last play: its dice and what happened.

// summary says what happened in a play, phrase by phrase, as the rules
// say it (fd.Game.PlaySummary) in the board's language.
func (v *gameView) summary(p *fd.PlayLog) []string {
	return phrasebook.Texts(v.lex.lang, v.g.PlaySummary(p))
}

// wrapPhrases packs phrases into lines of at most w pixels, joined by
// " · "; a phrase too long for a line is broken between its words.
func wrapPhrases(f font.Face, phrases []string, w float64) []string {
	var lines []string
	cur := ""
	for _, p := range phrases {
		switch {
		case cur == "":
		case measure(f, cur+" · "+p) <= w:
			cur += " · " + p
			continue
		default:
			lines = append(lines, cur)
		}
		cur = p
		for measure(f, cur) > w {
			head, rest, ok := breakWords(f, cur, w)
			if !ok {
				break // one word wider than the line: shortened when drawn
			}
			lines = append(lines, head)
			cur = rest
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// breakWords splits s after its last word that ends within w pixels.
func breakWords(f font.Face, s string, w float64) (head, rest string, ok bool) {
	cut := -1
	for i, r := range s {
		if r == ' ' && i > 0 {
			if measure(f, s[:i]) > w {
				break
			}
			cut = i
		}
	}
	if cut < 0 {
		return "", s, false
	}
	return s[:cut], s[cut+1:], true
}

// lastPlayLines is the summary of the last play wrapped to a width.
func (gb *gameBoard) lastPlayLines(w float64) []string {
	if gb.v.last == nil {
		return nil
	}
	return wrapPhrases(gb.face(false, 14*gb.k), gb.v.summary(gb.v.last), w)
}

const summaryRow = 20

func (gb *gameBoard) diceHeight(w float64) float64 {
	k := gb.k
	n := 0
	if gb.v.last != nil {
		n = len(gb.v.last.Rolls)
	}
	lines := float64(len(gb.lastPlayLines(w))) * summaryRow * k
	if n == 0 {
		return (sectionHead+20)*k + lines
	}
	per := max(1, int(w/(dieCell*k)))
	rowsN := (n + per - 1) / per
	return sectionHead*k + lines + 6*k + float64(rowsN)*(dieSize+dieCaption+12)*k
}

func (gb *gameBoard) drawDice(box rect) {
	v, lex, k := gb.v, gb.v.lex, gb.k
	fTitle := gb.face(true, 17*k)
	fCap := gb.face(false, 14*k)
	title := rect{box.x0, box.y0, box.x1, box.y0 + sectionHead*k - 8*k}
	if v.last == nil {
		gb.label(fTitle, lex.t("No dice rolled yet"), title, 0, colPaperSub)
		return
	}
	gb.label(fTitle, lex.t("Play %d: car %d", v.last.Play, v.last.Car), title, 0, colInk)
	y := box.y0 + sectionHead*k
	for _, line := range gb.lastPlayLines(box.w()) {
		gb.label(fCap, line, rect{box.x0, y, box.x1, y + summaryRow*k}, 0, colInk)
		y += summaryRow * k
	}
	if len(v.last.Rolls) == 0 {
		return
	}
	y += 6 * k
	per := max(1, int(box.w()/(dieCell*k)))
	for i, r := range v.last.Rolls {
		col, row := i%per, i/per
		cx := box.x0 + (float64(col)+0.5)*dieCell*k
		cy := y + float64(row)*(dieSize+dieCaption+12)*k + dieSize*k/2
		gb.drawDie(vec{X: cx, Y: cy}, dieSize*k, r)
		capBox := rect{cx - dieCell*k/2 + 2*k, cy + dieSize*k/2 + 2*k, cx + dieCell*k/2 - 2*k, cy + dieSize*k/2 + 20*k}
		purpose := lex.purpose(r.Purpose)
		gb.label(gb.fitFace(false, 14*k, 11*k, purpose, capBox.w()), purpose, capBox, 0.5, colInk)
		second := lex.die(r.Die)
		if r.Car != v.last.Car && r.Car != 0 {
			second += " · " + lex.t("car %d", r.Car)
		}
		capBox2 := rect{capBox.x0, capBox.y1, capBox.x1, capBox.y1 + 18*k}
		gb.label(gb.fitFace(false, 14*k, 11*k, second, capBox2.w()), second, capBox2, 0.5, colPaperSub)
	}
}

// dieLook is a die's shape (sides of its outline), colour and rotation:
// the gear dice in the colours of the game's dice (yellow, orange, red,
// green, purple, blue, as Okabe–Ito accents), the black die black.
func (gb *gameBoard) dieLook(name string) (sides int, col hexColor, rotation float64) {
	looks := []struct {
		sides int
		col   hexColor
		rot   float64
	}{
		{3, okYellow, 0},
		{4, okOrange, 0},
		{4, okVermilion, 45},
		{5, okGreen, 0},
		{6, 0xCC79A7, 0},
		{10, okBlue, 0},
	}
	for i, d := range gb.v.g.Config.Dice.Gears {
		if d.Name == name && i < len(looks) {
			return looks[i].sides, looks[i].col, looks[i].rot
		}
	}
	return 6, 0x1A1A1A, 30
}

// drawDie draws a die of the given size showing its face.
func (gb *gameBoard) drawDie(c vec, size float64, r fd.DieRoll) {
	k := gb.k
	dc := gb.dc
	sides, col, rot := gb.dieLook(r.Die)
	radius := size / 2
	switch {
	case sides == 4 && rot == 0:
		radius *= 0.95 // the square (its corners reach out)
	case sides == 4:
		radius *= 1.15 // the diamond
	}
	cy := c.Y
	if sides == 3 {
		radius *= 1.2
		cy += radius * 0.2
	}
	dc.DrawRegularPolygon(sides, c.X, cy, radius, rot*math.Pi/180)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colInk)
	if col == 0x1A1A1A {
		dc.SetColor(colPaperSub)
	}
	dc.SetLineWidth(2 * k)
	dc.Stroke()
	ink := colInk
	if !light(col) {
		ink = colWhite
	}
	f := gb.face(true, 24*k)
	if sides == 3 {
		f = gb.face(true, 20*k)
	}
	text := fmt.Sprint(r.Value)
	box := rectAt(c.X, c.Y+(cy-c.Y)*1.3, size*0.72, size*0.6)
	gb.label(f, text, box, 0.5, ink)
}

// The legend band: the circuit's markings, then the game's.

const (
	swCarFirst swatch = iota + 100
	swCarSecond
	swFaint
	swBold
	swSlip
	swDebris
	swStopsMade
	swOption
	swRisky
	swDeadly
)

func boardLegend(c *tracks.Circuit, lex *lexicon) []legendItem {
	var items []legendItem
	items = append(items,
		legendItem{kind: swCarFirst, text: lex.t("1st car of a team")},
		legendItem{kind: swCarSecond, text: lex.t("2nd car")},
		legendItem{kind: swFaint, text: lex.t("path in the last round")},
		legendItem{kind: swBold, text: lex.t("last play")},
		legendItem{kind: swSlip, text: lex.t("slipstream")},
		legendItem{kind: swDebris, text: lex.t("debris")},
		legendItem{kind: swStopsMade, text: lex.t("stops made/required")},
		legendItem{kind: swOption, text: lex.t("option")},
		legendItem{kind: swRisky, text: lex.t("risky option")},
		legendItem{kind: swDeadly, text: lex.t("eliminates")},
	)
	// of the circuit's markings, those a player may not know: the
	// printed boards' own (straight, corner, grid, pits) go without saying
	for _, it := range legendFor(c) {
		switch it.text {
		case "straight", "corner", "stops required", "start/finish", "grid slot (1 = pole)", "qualifying start", "pit lane", "pit box":
			continue
		}
		it.text = lex.t(it.text)
		items = append(items, it)
	}
	return items
}

// drawBoardLegend draws the band with the circuit's swatches (drawLegend),
// then the game's swatches.
func (gb *gameBoard) drawBoardLegend() {
	gb.drawLegend()
	k := gb.k
	dc := gb.dc
	top := gb.h - gb.footer
	for _, it := range gb.legend {
		x := it.x
		cy := top + legendPad*k + it.y + legendRow*k/2
		sw := rect{x, cy - legendSwatchH*k/2, x + legendSwatchW*k, cy + legendSwatchH*k/2}
		c := sw.center()
		textBox := rect{x + (legendSwatchW+legendGap)*k, cy - legendRow*k/2, x + (legendSwatchW+legendGap)*k + measure(gb.fSmall, it.text) + 0.5, cy + legendRow*k/2}
		*gb.labels = append(*gb.labels, placedLabel{text: it.text, box: textBox, width: measure(gb.fSmall, it.text), height: capHeight(gb.fSmall)})
		switch it.kind {
		case swCarFirst, swCarSecond:
			n := 1
			if it.kind == swCarSecond {
				n = 2
			}
			dc.DrawRoundedRectangle(sw.x0-2*k, sw.y0, sw.w()+4*k, sw.h(), sw.h()/2)
			dc.SetColor(teamColour(n))
			dc.Fill()
			gb.drawNumberDisc(n, c, sw.h()/2)
		case swFaint, swBold, swSlip:
			dc.MoveTo(sw.x0, cy)
			dc.LineTo(sw.x1, cy)
			w := 4 * k
			if it.kind != swFaint {
				w = 7 * k
			}
			dc.SetColor(colInk)
			dc.SetLineWidth(w + 3*k)
			dc.Stroke()
			col := teamColours[1]
			if it.kind == swFaint {
				col = mix(col, colWhite, 0.35)
			}
			dc.MoveTo(sw.x0, cy)
			dc.LineTo(sw.x1, cy)
			if it.kind == swSlip {
				dc.SetColor(colWhite)
				dc.SetLineWidth(w)
				dc.StrokePreserve()
				dc.SetDash(1.6*w, 1.1*w)
			}
			dc.SetColor(col)
			dc.SetLineWidth(w)
			dc.Stroke()
			dc.SetDash()
		case swDebris:
			gb.warning(c, sw.h()+2*k)
		case swStopsMade:
			f := gb.face(true, 13*k)
			bx := rectAt(c.X, c.Y, sw.w()+4*k, sw.h())
			dc.DrawRoundedRectangle(bx.x0, bx.y0, bx.w(), bx.h(), 3*k)
			dc.SetColor(colStopsBox)
			dc.Fill()
			gb.textCentered(f, "1/2", c.X, c.Y, colInk)
		case swOption, swRisky, swDeadly:
			risk := 0.0
			switch it.kind {
			case swRisky:
				risk = 0.2
			case swDeadly:
				risk = 1
			}
			f := gb.face(true, 14*k)
			bx := rectAt(c.X, c.Y, sw.h()+4*k, sw.h()+2*k)
			ink := gb.riskBox(bx, 3*k, 1.4*k, risk)
			gb.textCentered(f, "A", c.X, c.Y, ink)
		}
	}
}

// riskBox draws an option's letter box in the colour of its risk (white
// when it risks nothing, orange when a roll may eliminate the car,
// vermilion when it eliminates it for sure) and returns the ink for its
// letter.
func (gb *gameBoard) riskBox(b rect, radius, line, risk float64) hexColor {
	fill, ink := colWhite, colInk
	switch {
	case risk >= 1:
		fill, ink = colDeadly, colWhite
	case risk > 0:
		fill = colRisky
	}
	var dc penLike = gb.dc
	if keepDrawn {
		dc = gb.pen()
	}
	dc.DrawRoundedRectangle(b.x0, b.y0, b.w(), b.h(), radius)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(line)
	dc.Stroke()
	if dc != penLike(gb.dc) {
		gb.dc.SetColor(colInk)
		gb.dc.SetLineWidth(line)
	}
	return ink
}

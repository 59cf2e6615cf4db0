package standings

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/render"
)

// Table is what the image shows.
type Table struct {
	// Title: the league's name.
	Title string
	// Events are the tracks raced, in calendar order (the results'
	// columns); Rounds the calendar's length.
	Events []string
	Rounds int
	// Drivers and Teams as engine/league ranks them.
	Drivers, Teams []league.Row
	// Lang: "en" (default) or "fr".
	Lang string
}

// Width of every image, in pixels.
const Width = 1200

// LastResults is how many of the last events each row shows.
const LastResults = 5

// Drawer draws tables; it holds the parsed fonts (read-only, safe for
// concurrent use). Make one with New.
type Drawer struct{ regular, bold *opentype.Font }

// New parses the embedded Go fonts.
func New() *Drawer {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(fmt.Sprintf("standings: Go Regular: %v", err))
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic(fmt.Sprintf("standings: Go Bold: %v", err))
	}
	return &Drawer{regular: regular, bold: bold}
}

func (d *Drawer) face(bold bool, size float64) font.Face {
	f := d.regular
	if bold {
		f = d.bold
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(fmt.Sprintf("standings: face of size %g: %v", size, err))
	}
	return face
}

// Colours: muted greys with the Okabe–Ito accents, readable under the
// common colour-vision deficiencies.
var (
	background = color.RGBA{0xF4, 0xF4, 0xF1, 0xFF}
	band       = color.RGBA{0x26, 0x32, 0x38, 0xFF}
	header     = color.RGBA{0xD9, 0xDD, 0xDA, 0xFF}
	stripe     = color.RGBA{0xE8, 0xEA, 0xE6, 0xFF}
	ink        = color.RGBA{0x1A, 0x1A, 0x1A, 0xFF}
	muted      = color.RGBA{0x6B, 0x6B, 0x6B, 0xFF}
	white      = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	up         = color.RGBA{0x00, 0x9E, 0x73, 0xFF} // bluish green
	down       = color.RGBA{0xD5, 0x5E, 0x00, 0xFF} // vermilion
	podium     = color.RGBA{0xE6, 0x9F, 0x00, 0xFF} // orange: underlines a win
)

type words struct {
	title, after, drivers, teams, pos, driver, team, points, none string
	// car and seats[1], seats[2]: a driver's car number and team seat
	// (LF-02, LF-03), after the name
	car   string
	seats [3]string
}

var vocab = map[string]words{
	"en": {"%s — standings", "after %d of %d round(s)", "Drivers' championship", "Constructors' championship", "Pos", "Driver", "Team", "Pts", "no event raced yet",
		"car %d", [3]string{"", "No. 1", "No. 2"}},
	"fr": {"%s — classements", "après %d manche(s) sur %d", "Championnat des pilotes", "Championnat des constructeurs", "Pos", "Pilote", "Écurie", "Pts", "aucune course disputée",
		"voiture %d", [3]string{"", "1er pilote", "2e pilote"}},
}

// driverNote is a driver's car number, team and seat in the team, as the
// row shows it after the name ("car 7 · Scuderia, No. 1"); "" when the
// row has none (a substitute, a team).
func driverNote(r league.Row, w words) string {
	var parts []string
	if r.Number > 0 {
		parts = append(parts, fmt.Sprintf(w.car, r.Number))
	}
	if r.Team != "" {
		team := r.Team
		if r.Seat == 1 || r.Seat == 2 {
			team += ", " + w.seats[r.Seat]
		}
		parts = append(parts, team)
	}
	return strings.Join(parts, " · ")
}

const (
	rowH    = 34
	margin  = 24
	titleH  = 78
	sectGap = 22
)

// Draw draws the table.
func (d *Drawer) Draw(t Table) image.Image {
	w, ok := vocab[t.Lang]
	if !ok {
		w = vocab["en"]
	}
	shown := t.Events
	first := 0
	if len(shown) > LastResults {
		first = len(shown) - LastResults
		shown = shown[first:]
	}
	h := titleH + margin
	sections := [][]league.Row{t.Drivers}
	if len(t.Teams) > 0 {
		sections = append(sections, t.Teams)
	}
	for _, rows := range sections {
		h += rowH*(2+max(len(rows), 1)) + sectGap
	}
	img := image.NewRGBA(image.Rect(0, 0, Width, h))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(background)
	dc.Clear()

	big, bold, regular, small := d.face(true, 30), d.face(true, 19), d.face(false, 19), d.face(false, 15)
	dc.SetColor(band)
	dc.DrawRectangle(0, 0, Width, titleH-14)
	dc.Fill()
	text(img, big, fmt.Sprintf(w.title, t.Title), margin, 44, white)
	after := fmt.Sprintf(w.after, len(t.Events), t.Rounds)
	text(img, regular, after, Width-margin-measure(regular, after), 42, white)

	// columns: position, move, name, points, then one per event shown
	xPos, xMove, xName := float64(margin), float64(margin+56), float64(margin+100)
	resW := 92.0
	xRes := float64(Width-margin) - resW*float64(LastResults)
	xPts := xRes - 90
	y := float64(titleH + margin/2)
	for si, rows := range sections {
		titleS, nameS := w.drivers, w.driver
		if si == 1 {
			titleS, nameS = w.teams, w.team
		}
		text(img, bold, titleS, xPos, y+24, ink)
		y += rowH
		dc.SetColor(header)
		dc.DrawRectangle(margin, y, Width-2*margin, rowH)
		dc.Fill()
		base := y + 23
		text(img, bold, w.pos, xPos+6, base, ink)
		text(img, bold, nameS, xName, base, ink)
		text(img, bold, w.points, xPts+60-measure(bold, w.points), base, ink)
		for i, ev := range shown {
			label := fitText(small, fmt.Sprintf("%d %s", first+i+1, ev), resW-8)
			text(img, small, label, xRes+float64(i)*resW+4, base-2, ink)
		}
		y += rowH
		if len(rows) == 0 {
			text(img, regular, w.none, xName, y+23, muted)
			y += rowH
		}
		for ri, r := range rows {
			if ri%2 == 1 {
				dc.SetColor(stripe)
				dc.DrawRectangle(margin, y, Width-2*margin, rowH)
				dc.Fill()
			}
			base := y + 23
			text(img, bold, strconv.Itoa(r.Position), xPos+6, base, ink)
			drawMove(dc, img, small, r.Moved, xMove, y+rowH/2)
			name := fitText(regular, r.Name, xPts-xName-12)
			text(img, regular, name, xName, base, ink)
			if note := driverNote(r, w); note != "" {
				x := xName + measure(regular, name) + 10
				if room := xPts - 12 - x; room > 40 {
					text(img, small, fitText(small, note, room), x, base, muted)
				}
			}
			pts := r.Points.String()
			text(img, bold, pts, xPts+60-measure(bold, pts), base, ink)
			for i := range shown {
				c := r.Results[first+i]
				s, col, f := cellText(c), ink, regular
				switch {
				case c.Status == "":
					col = muted
				case c.Place == 1 && c.Status != league.Excluded:
					f = bold // a win
					dc.SetColor(podium)
					dc.DrawRectangle(xRes+float64(i)*resW+4, base+4, measure(bold, s), 3)
					dc.Fill()
				}
				text(img, f, s, xRes+float64(i)*resW+4, base, col)
			}
			y += rowH
		}
		y += sectGap
	}
	return img
}

// cellText is one event's result: the place and points ("3 · 4"), "DSQ"
// for a black flag, "–" when not raced.
func cellText(c league.Cell) string {
	switch {
	case c.Status == "":
		return "–"
	case c.Status == league.Excluded && c.Place == 0:
		return "DSQ"
	case c.Place == 0:
		return "–"
	}
	return fmt.Sprintf("%d · %s", c.Place, c.Points)
}

// drawMove draws the places gained (a green triangle up and the number),
// lost (vermilion, down) or a dash.
func drawMove(dc *gg.Context, img *image.RGBA, f font.Face, moved int, x, cy float64) {
	if moved == 0 {
		text(img, f, "–", x+4, cy+6, muted)
		return
	}
	col, baseY, apexY := up, cy+6, cy-7 // up: the apex on top
	if moved < 0 {
		col, baseY, apexY = down, cy-6, cy+7
	}
	dc.SetColor(col)
	dc.MoveTo(x, baseY)
	dc.LineTo(x+14, baseY)
	dc.LineTo(x+7, apexY)
	dc.ClosePath()
	dc.Fill()
	text(img, f, strconv.Itoa(int(math.Abs(float64(moved)))), x+18, cy+6, col)
}

// PNG draws the table and writes it as an 8-bit palette PNG.
func (d *Drawer) PNG(w io.Writer, t Table) error {
	return render.EncodePNG(w, d.Draw(t))
}

func measure(f font.Face, s string) float64 { return float64(font.MeasureString(f, s)) / 64 }

func text(img *image.RGBA, f font.Face, s string, x, y float64, col color.Color) {
	dr := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	dr.DrawString(s)
}

// fitText shortens s with an ellipsis until it fits in w pixels.
func fitText(f font.Face, s string, w float64) string {
	if measure(f, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; measure(f, t) <= w {
			return t
		}
	}
	return string(r)
}

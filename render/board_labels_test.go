package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// TestBoardLabelsFit draws boards and crops of real races with every
// number of cars from 2 to 10 halfway through (and with 2 and 10 cars at
// the grid and at the end too), in both languages, and checks that every
// label fits its box and its box lies in the image.
func TestBoardLabelsFit(t *testing.T) {
	r := New()
	type race struct {
		track string
		cars  int
	}
	var races []race
	for cars := 2; cars <= fd.MaxCars; cars++ {
		races = append(races, race{"test-oval", cars})
	}
	races = append(races, race{"port-azur", fd.MaxCars})
	loaded := map[string]*tracks.Circuit{} // one circuit, one layer drawn
	for _, rc := range races {
		cars := rc.cars
		c := loaded[rc.track]
		if c == nil {
			c = circuit(t, rc.track)
			loaded[rc.track] = c
		}
		_, rec, err := fd.Simulate(fd.DefaultConfig(), c, rc.track, cars, fd.SeedFrom(fmt.Sprintf("labels-%d", cars)))
		if err != nil {
			t.Fatal(err)
		}
		last := rec.LastPlay()
		plays := []int{last / 2}
		if cars == 2 || cars == fd.MaxCars {
			plays = append(plays, 0, last) // the grid and the finish
		}
		for _, play := range plays {
			g, err := fd.ReplayUntil(rec, c, play)
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range Languages {
				for _, crop := range []bool{false, true} {
					name := fmt.Sprintf("%s, %d cars, play %d, %s, crop %v", rc.track, cars, play, lang, crop)
					checkLabels(t, r, g, BoardOptions{Lang: lang}, crop, name)
					// drawn for a reader, the header names their car
					checkLabels(t, r, g, BoardOptions{Lang: lang, Reader: cars}, crop, name+", for the last car")
				}
				// the phone's crop (at three pixels to a CSS pixel: the
				// hand-built scenes below)
				for _, w := range []int{PhoneWidth} {
					checkLabels(t, r, g, BoardOptions{Lang: lang, Width: w, Screen: PhoneWidth}, true, fmt.Sprintf("%s, %d cars, play %d, %s, phone %d", rc.track, cars, play, lang, w))
				}
			}
		}
	}
	// the hand-built scenes, with their long statuses and many options
	for _, sc := range scenes() {
		g := sc.build(t)
		for _, lang := range Languages {
			for _, crop := range []bool{false, true} {
				checkLabels(t, r, g, BoardOptions{Lang: lang}, crop, fmt.Sprintf("%s, %s, crop %v", sc.name, lang, crop))
			}
			checkLabels(t, r, g, BoardOptions{Lang: lang, Width: PhoneWidth, Screen: PhoneWidth}, true, fmt.Sprintf("%s, %s, phone", sc.name, lang))
			checkLabels(t, r, g, BoardOptions{Lang: lang, Width: 3 * PhoneWidth, Screen: PhoneWidth}, true, fmt.Sprintf("%s, %s, phone at 3 px a CSS px", sc.name, lang))
			checkLabels(t, r, g, BoardOptions{Lang: lang, Width: BoardMinWidth}, false, fmt.Sprintf("%s, %s, %d px", sc.name, lang, BoardMinWidth))
		}
	}
}

// minPhoneText is the least height, in CSS pixels, of a label on a crop
// drawn for a phone, as each label records it: the cap height of the grid
// and box numbers (a 15-pixel font), the ascent of car numbers and stops
// (a 12-pixel font), ascent to descent for the panels' text (a 10-pixel
// font; the panels' smallest is 13).
const minPhoneText = 11

func checkLabels(t *testing.T, r *Renderer, g *fd.Game, opt BoardOptions, crop bool, name string) {
	t.Helper()
	v, err := r.newGameView(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	var gb *gameBoard
	if crop {
		gb, err = r.drawCrop(v, opt, false)
	} else {
		gb, err = r.drawBoard(v, opt, false)
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(*gb.labels) == 0 {
		t.Fatalf("%s: no labels", name)
	}
	if opt.Reader > 0 {
		want := fmt.Sprintf(v.lex.t("you: car %d"), opt.Reader)
		found := false
		for _, l := range *gb.labels {
			found = found || strings.Contains(l.text, want)
		}
		if !found {
			t.Errorf("%s: the board does not name the reader's car (%q)", name, want)
		}
	}
	if opt.Lang == "fr" {
		// words of the English boards that a French one must not show
		// (circuit and corner names are names)
		for _, l := range *gb.labels {
			for _, w := range []string{"spaces", "racing", "brakes", "tyres", "stops", "Round", "Lap ", "Play", "car ", "gear", "moves", "wear", "risk", "Options of", "Dice", "finished", "out:", "dry", "wet", "START"} {
				if strings.Contains(l.text, w) {
					t.Errorf("%s: %q is English (%q)", name, l.text, w)
				}
			}
		}
	}
	if opt.Screen > 0 {
		// drawn for a phone: every word legible there
		perCSS := float64(opt.Width) / float64(opt.Screen)
		for _, l := range *gb.labels {
			if h := l.height / perCSS; l.text != "" && h < minPhoneText {
				t.Errorf("%s: %q is %.1f CSS pixels high, under %d", name, l.text, h, minPhoneText)
			}
		}
	}
	img := rect{0, 0, gb.w, gb.h}
	area := rect{0, 0, gb.area.w, gb.area.h}
	for _, l := range *gb.labels {
		if l.clipped && !l.box.overlaps(area) {
			continue // off the view
		}
		switch {
		case l.width > l.box.w()+0.5:
			t.Errorf("%s: %q is %.1f px wide in a box of %.1f", name, l.text, l.width, l.box.w())
		case l.height > l.box.h()+1:
			t.Errorf("%s: %q is %.1f px high in a box of %.1f", name, l.text, l.height, l.box.h())
		case !l.clipped && !l.box.inside(img.grow(0.5)):
			t.Errorf("%s: the box of %q, %v, is not inside the image %v", name, l.text, l.box, img)
		case l.text == "" && l.box.w() > 0:
			// a label shortened to nothing: its box is too small for an
			// ellipsis
			t.Errorf("%s: a label did not fit at all in %v", name, l.box)
		}
	}
}

package render

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/pitwall/pitwall/internal/cvd"
)

// Colours that must be told apart stay apart under protanopia,
// deuteranopia and tritanopia (Machado 2009, severity 1), by at least
// minDeltaE in CIEDE2000; text is at least WCAG AA (4.5:1) against what it
// is written on, and outlines that carry meaning at least 3:1 (WCAG
// 1.4.11). The web page's palette has its own test in transport/web.
const (
	minDeltaE       = 12
	minTextContrast = 4.5
	minLineContrast = 3
)

func rgb(c hexColor) cvd.RGB { return cvd.U32(uint32(c)) }

func TestColoursApartUnderColourVisionDeficiencies(t *testing.T) {
	type pair struct {
		what string
		a, b hexColor
	}
	var pairs []pair
	// Pairs told apart by colour alone. (The pit lane and its boxes are
	// told from the track by where they lie, off the racing line.)
	// every team from every other (R-GEN-02: cars 1–2 team 1 …)
	for i := range teamColours {
		for j := i + 1; j < len(teamColours); j++ {
			pairs = append(pairs, pair{"teams " + strconv.Itoa(i+1) + " and " + strconv.Itoa(j+1), teamColours[i], teamColours[j]})
		}
	}
	pairs = append(pairs,
		pair{"a risky option and a deadly one", colRisky, colDeadly},
		pair{"a risky option and a safe one", colRisky, colWhite},
		pair{"a straight space and a corner space", colStraight, colCorner},
	)
	for _, v := range cvd.Visions {
		for _, p := range pairs {
			if d := cvd.Distance(v, rgb(p.a), rgb(p.b)); d < minDeltaE {
				t.Errorf("%v: %s (%06X, %06X) are %.1f apart (ΔE2000), under %d", v, p.what, uint32(p.a), uint32(p.b), d, minDeltaE)
			}
		}
	}
}

func TestTextAndOutlinesContrast(t *testing.T) {
	text := []struct {
		what     string
		ink, bkg hexColor
	}{
		{"titles on the bands", colBandText, colBand},
		{"secondary text on the bands", colBandSub, colBand},
		{"text on the panels", colInk, colPaper},
		{"secondary text on the panels", colPaperSub, colPaper},
		{"secondary text on the mover's row", colPaperSub, colMoverRow},
		{"secondary text on a car off the board", colPaperSub, colOutRow},
		{"the letter of a risky option", colInk, colRisky},
		{"the letter of a deadly option", colWhite, colDeadly},
		{"the letter of a safe option", colInk, colWhite},
		{"a first car's number", colInk, colWhite},
		{"a second car's number", colWhite, colInk},
		{"the POLICE tag", colWhite, colPolice},
		{"the START tag", colWhite, colBand},
		{"a corner's stops in the yellow box", colInk, colStopsBox},
		{"names on their tags", colInk, colNameTag},
		{"ELIMINATED and out on the panels", colDeadly, colPaper},
		{"a car out, on its row", colDeadly, colOutRow},
		{"ELIMINATED on the mover's row", colDeadly, colMoverRow},
		{"an option's risk on the panels", colRiskText, colPaper},
		{"finished, on the panels", colDoneText, colPaper},
		{"finished, on its row", colDoneText, colOutRow},
		{"an option's risk on the mover's row", colRiskText, colMoverRow},
	}
	for _, c := range text {
		if r := cvd.Contrast(rgb(c.ink), rgb(c.bkg)); r < minTextContrast {
			t.Errorf("%s: %06X on %06X has contrast %.2f, under %.1f", c.what, uint32(c.ink), uint32(c.bkg), r, minTextContrast)
		}
	}
	// a car stands out from every space it may stand on: by its colour,
	// or else by its ink outline (3:1 against the space)
	for _, v := range cvd.Visions {
		for _, space := range []hexColor{colStraight, colCorner, colPit, colBox, colAsphalt, colDangerous, colNoise, colTunnel} {
			for i, team := range teamColours {
				d := cvd.Distance(v, rgb(team), rgb(space))
				if r := cvd.Contrast(rgb(colInk), rgb(space)); d < minDeltaE && r < minLineContrast {
					t.Errorf("%v: a car of team %d (%06X) on a %06X space: %.1f apart and an outline of contrast %.2f", v, i+1, uint32(team), uint32(space), d, r)
				}
			}
		}
	}
}

// The web page's chips show each car in its team's colour: the same
// colours as the board's (the page cannot import render, so this reads
// its style sheet).
func TestWebPageChipsAreTheBoardsTeamColours(t *testing.T) {
	css, err := os.ReadFile("../transport/web/static/style.css")
	if err != nil {
		t.Fatalf("the web page's style sheet: %v", err)
	}
	rule := regexp.MustCompile(`\.team(\d+), \.team(\d+) \{ border-color: #([0-9a-fA-F]{6}); \}`)
	found := rule.FindAllStringSubmatch(string(css), -1)
	if len(found) != len(teamColours) {
		t.Fatalf("%d team rules in style.css, want %d", len(found), len(teamColours))
	}
	for _, m := range found {
		for _, n := range m[1:3] {
			car, _ := strconv.Atoi(n)
			want := teamColour(car)
			got, err := cvd.Hex(m[3])
			if err != nil {
				t.Fatal(err)
			}
			if got != rgb(want) {
				t.Errorf("car %d: the page draws %v, the board %06X", car, got, uint32(want))
			}
		}
	}
}

package render

import (
	"image"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// spinningRace is a race of league 10-A with its rails on Port Azur, car 1
// out past Poterne, car 2 to play; with runaway, car 1 is still spinning
// there (runaway=1:citadelle-rise.0.1).
func spinningRace(tb testing.TB, runaway bool) *fd.Game {
	tb.Helper()
	c := circuit(tb, "port-azur")
	cfg := fd.ConfigFor(fd.FDR)
	if err := cfg.EnableVariant("10-A:rails=yes"); err != nil {
		tb.Fatal(err)
	}
	g, err := fd.NewGame("spin", cfg, c, 2)
	if err != nil {
		tb.Fatal(err)
	}
	p := fd.Position{Round: 1, Cars: []fd.CarPosition{
		{Car: 1, Status: fd.Eliminated, Cause: "ran away", Flags: []string{"started", "crossed"}},
		{Car: 2, Space: "montee.2.1", Gear: 3, Wear: fd.ConfigFor(fd.FDR).Start, Flags: []string{"started", "crossed"}},
	}}
	if runaway {
		p.Runaways = []string{"1:citadelle-rise.0.1"}
	}
	if err := g.StartFrom(p, dice.NewScripted()); err != nil {
		tb.Fatal(err)
	}
	return g
}

// 10-A rails: a runaway car still spinning is drawn on the middle of its
// area (its number in a dashed ring) and the dashboard says what the mark
// is, in the board's language; without it the board has neither, and
// its title band is the same.
func TestBoardDrawsTheSpinningCar(t *testing.T) {
	r := New()
	for _, lang := range []string{"en", "fr"} {
		opt := BoardOptions{Lang: lang}
		with, err := r.Board(spinningRace(t, true), opt)
		if err != nil {
			t.Fatal(err)
		}
		without, err := r.Board(spinningRace(t, false), opt)
		if err != nil {
			t.Fatal(err)
		}
		if samePixels(with, without) {
			t.Fatalf("%s: the spinning car is not drawn", lang)
		}
		changed := diffBounds(with.(*image.RGBA), without.(*image.RGBA))
		if changed.Min.Y < boardHeader {
			t.Errorf("%s: the title band changed (%v)", lang, changed)
		}
		again, err := r.Board(spinningRace(t, true), opt)
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(with, again) {
			t.Errorf("%s: the same game draws two boards", lang)
		}
	}
	lex, err := lexiconFor("fr")
	if err != nil {
		t.Fatal(err)
	}
	if got := lex.t("spinning until the turn ends: collision checks around it"); got == "spinning until the turn ends: collision checks around it" {
		t.Error("the dashboard's mark is not said in French")
	}
}

// diffBounds is the smallest rectangle holding every pixel a and b differ
// in.
func diffBounds(a, b *image.RGBA) image.Rectangle {
	var out image.Rectangle
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			i := a.PixOffset(x, y)
			if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
				out = out.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return out
}

package render

import (
	"bytes"
	"image"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// markedRace is a race of league 17-B on Port Azur, car 2 to play on
// montee.2.1 among three markers: one ahead in the middle lane, one in
// the outside lane, one under car 2 itself. kinds gives the typed ones
// ("space:oil"); none: all three are the base's.
func markedRace(tb testing.TB, kinds ...string) *fd.Game {
	tb.Helper()
	c := circuit(tb, "port-azur")
	cfg := fd.ConfigFor(fd.FDR)
	if err := cfg.EnableVariant("17-B"); err != nil {
		tb.Fatal(err)
	}
	g, err := fd.NewGame("oil", cfg, c, 2)
	if err != nil {
		tb.Fatal(err)
	}
	p := fd.Position{Round: 1, Cars: []fd.CarPosition{
		{Car: 1, Space: "montee.0.0", Gear: 3, Wear: fd.ConfigFor(fd.FDR).Start, Flags: []string{"started", "crossed"}},
		{Car: 2, Space: "montee.2.1", Gear: 3, Wear: fd.ConfigFor(fd.FDR).Start, Flags: []string{"started", "crossed"}},
	}, Debris: []string{"montee.2.1", "montee.3.1", "montee.3.2"}, MarkerKinds: kinds}
	if err := g.StartFrom(p, dice.NewScripted()); err != nil {
		tb.Fatal(err)
	}
	return g
}

// 17-B (hook MarkerLossRule): oil, which costs engine points, is drawn
// apart from debris, which costs body points — a black slick, not the
// yellow triangle — on its own space and under a car. Debris typed by
// 17-B keeps the base's triangle: a board of debris markers is the board
// of the same markers untyped. The crop is compared by decoded pixels
// with testdata/board-17b-oil-crop.png (-update rewrites it).
func TestBoardDrawsOilApartFromDebris(t *testing.T) {
	r := New()
	opt := BoardOptions{Lang: "en"}
	board := func(g *fd.Game) image.Image {
		img, err := r.Board(g, opt)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	base := board(markedRace(t))
	debris := board(markedRace(t, "montee.2.1:debris", "montee.3.1:debris", "montee.3.2:debris"))
	oil := board(markedRace(t, "montee.2.1:oil", "montee.3.1:oil", "montee.3.2:debris"))
	if !samePixels(base, debris) {
		t.Error("17-B's debris is not drawn as the base's marker")
	}
	if samePixels(debris, oil) {
		t.Fatal("oil is drawn as debris")
	}
	if changed := diffBounds(oil.(*image.RGBA), debris.(*image.RGBA)); changed.Min.Y < boardHeader {
		t.Errorf("the title band changed (%v)", changed)
	}
	underCar := board(markedRace(t, "montee.2.1:oil"))
	if samePixels(underCar, base) {
		t.Error("oil under a car is drawn as debris")
	}

	var buf bytes.Buffer
	if err := r.CropPNG(&buf, markedRace(t, "montee.2.1:oil", "montee.3.1:oil", "montee.3.2:debris"), opt); err != nil {
		t.Fatal(err)
	}
	matchGolden(t, "board-17b-oil-crop.png", buf.Bytes(), comparePNG, "TestBoardDrawsOilApartFromDebris")
}

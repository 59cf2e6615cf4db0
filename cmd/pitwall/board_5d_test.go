package main

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/tracks"
)

// race5DDecidingACost is render's board-5d race (4 cars on port-azur,
// league 5-D, seed "board-5d") at its first play from the middle on where
// the car to decide has an option that costs something: the moment of
// render/testdata/board-5d-cost-*.png.
func race5DDecidingACost(t *testing.T) *fd.Game {
	t.Helper()
	cfg := fd.ConfigFor(fd.FDR)
	if err := cfg.EnableVariant("5-D"); err != nil {
		t.Fatal(err)
	}
	c, err := tracks.Get("port-azur")
	if err != nil {
		t.Fatal(err)
	}
	_, rec, err := fd.Simulate(cfg, c, "port-azur", 4, fd.SeedFrom("board-5d"))
	if err != nil {
		t.Fatal(err)
	}
	for n := rec.LastPlay() / 2; n < rec.LastPlay(); n++ {
		g, err := fd.ReplayUntil(rec, c, n)
		if err != nil {
			t.Fatal(err)
		}
		if d := g.Pending(); d != nil {
			for _, op := range d.Options {
				if len(g.OptionFacts(d, op)) > 1 {
					return g
				}
			}
		}
	}
	t.Fatal("no decision with a cost in the second half of the race")
	return nil
}

// decodedPixels decodes a PNG into RGBA pixels, whatever its palette.
func decodedPixels(t *testing.T, b []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// Issue 13, 5-D: the boards bot has drawn through this renderer give what
// render's pinned 5-D boards give at a moment with a cost to hide. A mail
// to another seat (BoardPNGFor, the seat's car) is that seat's board and
// crop, which list the deciding car's options without their costs; the
// owner's crop lists them; the web page's board (BoardPNGSized, no reader)
// and a public post's crop (CropPNG) are a spectator's.
func TestBotBoards5DAsRenderDrawsThem(t *testing.T) {
	b := boardRenderer{render.New()}
	g := race5DDecidingACost(t)
	race := fd.NewContract(g, nil) // as bot serves it
	d := g.Pending()
	owner, other := d.Car, d.Car%len(g.Cars)+1
	for _, tc := range []struct {
		golden string
		car    int
		crop   bool
	}{
		{"board-5d-cost-other-seat.png", other, false},
		{"board-5d-cost-other-seat-crop.png", other, true},
		{"board-5d-cost-seat-crop.png", owner, true},
	} {
		want, err := os.ReadFile(filepath.Join("..", "..", "render", "testdata", tc.golden))
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := b.BoardPNGFor(&got, race, "en", tc.car, tc.crop); err != nil {
			t.Fatal(err)
		}
		w, gp := decodedPixels(t, want), decodedPixels(t, got.Bytes())
		if w.Rect != gp.Rect || !bytes.Equal(w.Pix, gp.Pix) {
			t.Errorf("car %d's board (crop %v) is not render's %s", tc.car, tc.crop, tc.golden)
		}
	}
	for _, crop := range []bool{false, true} {
		var spectator bytes.Buffer
		drawSpectator := b.r.BoardPNG
		if crop {
			drawSpectator = b.r.CropPNG
		}
		if err := drawSpectator(&spectator, g, render.BoardOptions{Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		var web bytes.Buffer
		if err := b.BoardPNGSized(&web, race, "en", crop, bot.BoardSize{Width: render.BoardMinWidth}); err != nil {
			t.Fatal(err)
		}
		var sized bytes.Buffer
		opt := render.BoardOptions{Lang: "en", Width: render.BoardMinWidth}
		if crop {
			err := b.r.CropPNG(&sized, g, opt)
			if err != nil {
				t.Fatal(err)
			}
		} else if err := b.r.BoardPNG(&sized, g, opt); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(web.Bytes(), sized.Bytes()) {
			t.Errorf("the web page's board (crop %v) is not a spectator's", crop)
		}
		var public bytes.Buffer
		if crop {
			if err := b.CropPNG(&public, race, "en"); err != nil {
				t.Fatal(err)
			}
		} else if err := b.BoardPNG(&public, race, "en"); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(public.Bytes(), spectator.Bytes()) {
			t.Errorf("a public post's board (crop %v) is not a spectator's", crop)
		}
	}
}

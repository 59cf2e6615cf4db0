package render

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// midRace5D is a 4-car competition race with league variant 5-D (hidden
// configuration) on, replayed to its middle play.
func midRace5D(tb testing.TB) *fd.Game { return midRaceWith(tb, "board-5d", "5-D") }

// midRaceWith is a 4-car competition race on port-azur with the league
// variants specs on, seeded by seed, replayed to its middle play.
func midRaceWith(tb testing.TB, seed string, specs ...string) *fd.Game {
	tb.Helper()
	rec, c := raceWith(tb, seed, specs...)
	g, err := fd.ReplayUntil(rec, c, rec.LastPlay()/2)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// midRacePair is midRaceWith twice over: two games replayed separately
// from one simulated race on one circuit, one to change and one to keep.
// It simulates the race once (under -race a 4-car fdr race with its
// autopilot takes seconds), and the two games share the circuit, so a
// renderer draws its track layer once for both.
func midRacePair(tb testing.TB, seed string, specs ...string) (before, after *fd.Game) {
	tb.Helper()
	rec, c := raceWith(tb, seed, specs...)
	var err error
	if before, err = fd.ReplayUntil(rec, c, rec.LastPlay()/2); err != nil {
		tb.Fatal(err)
	}
	if after, err = fd.ReplayUntil(rec, c, rec.LastPlay()/2); err != nil {
		tb.Fatal(err)
	}
	return before, after
}

// raceWith is the record of a 4-car competition race on port-azur with
// the league variants specs on, seeded by seed, and its circuit.
func raceWith(tb testing.TB, seed string, specs ...string) (*fd.Record, *tracks.Circuit) {
	tb.Helper()
	c := circuit(tb, "port-azur")
	cfg := fd.ConfigFor(fd.FDR)
	for _, spec := range specs {
		if err := cfg.EnableVariant(spec); err != nil {
			tb.Fatal(err)
		}
	}
	_, rec, err := fd.Simulate(cfg, c, "port-azur", 4, fd.SeedFrom(seed))
	if err != nil {
		tb.Fatal(err)
	}
	return rec, c
}

// samePixels compares two drawings by their decoded pixels.
func samePixels(a, b image.Image) bool {
	ra, rb := a.(*image.RGBA), b.(*image.RGBA)
	return ra.Rect == rb.Rect && bytes.Equal(ra.Pix, rb.Pix)
}

// 5-D: a seat's board (and crop) shows nothing of another car's build:
// changing the wear of the car to move leaves the other seat's and the public
// board pixel for pixel the same, while its owner's and the game master's
// show the change.
func TestBoard5DHidesOtherCarsWear(t *testing.T) {
	r := New()
	before, after := midRacePair(t, "board-5d", "5-D") // midRace5D twice
	// the hidden car is the one to decide, which the crop's panel shows
	d := after.Pending()
	if d == nil {
		t.Fatal("no decision halfway through the race")
	}
	hidden, other := d.Car, d.Car%len(after.Cars)+1
	after.Cars[hidden-1].Wear[fd.Brakes]--
	after.Cars[hidden-1].Wear[fd.Tyres]--
	draws := map[string]func(*fd.Game, BoardOptions) (image.Image, error){"board": r.Board, "crop": r.Crop}
	for name, draw := range draws {
		for _, tc := range []struct {
			reader int
			sees   bool
		}{{other, false}, {0, false}, {hidden, true}, {fd.GameMaster, true}} {
			opt := BoardOptions{Lang: "fr", Reader: tc.reader}
			a, err := draw(before, opt)
			if err != nil {
				t.Fatal(err)
			}
			b, err := draw(after, opt)
			if err != nil {
				t.Fatal(err)
			}
			if same := samePixels(a, b); same == tc.sees {
				t.Errorf("%s for reader %d: car %d's wear changed, board the same: %v (it sees the car: %v)", name, tc.reader, hidden, same, tc.sees)
			}
		}
	}
}

// 5-D's boards kept as drawn (testdata/board-5d-*.png, compared by decoded
// pixels): the deciding car's own seat sees its build and wear, another
// seat and a spectator see "≥1" in its cells and none of its build's
// counts, the game master sees every car. Written before the boards asked
// the game contract rather than fd.Game.SeesCar, so the change could not
// move a pixel.
func TestBoard5DGolden(t *testing.T) {
	r := New()
	g := midRace5D(t)
	d := g.Pending()
	if d == nil {
		t.Fatal("no decision halfway through the race")
	}
	owner, other := d.Car, d.Car%len(g.Cars)+1
	matchBoards5D(t, r, g, "board-5d-", "TestBoard5DGolden", []board5DCase{
		{"seat", owner, false},
		{"other-seat", other, false},
		{"spectator", 0, false},
		{"other-seat-crop", other, true},
		{"master-crop", fd.GameMaster, true},
	})
}

// board5DCase is one drawing of a 5-D golden: its name, its reader (a
// car, fd.GameMaster, 0 for a spectator) and whether it is the crop.
type board5DCase struct {
	name   string
	reader int
	crop   bool
}

// matchBoards5D draws g for each case, in English, and compares it by
// decoded pixels with testdata/<prefix><name>.png, kept by test; with
// PITWALL_RENDER_OUT set it also writes each drawing there to look at.
func matchBoards5D(t *testing.T, r *Renderer, g *fd.Game, prefix, test string, cases []board5DCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			opt := BoardOptions{Lang: "en", Reader: tc.reader}
			var err error
			if tc.crop {
				err = r.CropPNG(&buf, g, opt)
			} else {
				err = r.BoardPNG(&buf, g, opt)
			}
			if err != nil {
				t.Fatal(err)
			}
			name := prefix + tc.name + ".png"
			if dir := os.Getenv("PITWALL_RENDER_OUT"); dir != "" {
				_ = os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
			}
			matchGolden(t, name, buf.Bytes(), compareBoardPNG, test)
		})
	}
}

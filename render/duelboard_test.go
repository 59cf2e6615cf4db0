package render

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/duel"
)

// duelPlayed is a duel played by the autopilot with a fixed seed for
// ticks ticks (−1: to its end).
func duelPlayed(tb testing.TB, cfg duel.Config, seed string, ticks int) *duel.Game {
	tb.Helper()
	g, err := duel.New("d-"+seed, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	src := dice.NewSeeded(sha256.Sum256([]byte(seed)))
	for !g.Over && (ticks < 0 || g.Tick <= ticks) {
		for _, s := range g.Awaited() {
			if _, err := g.Submit(s, g.Autopilot(s), src); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g
}

var (
	duelAX1  = duel.Config{Mode: duel.Dragster}
	duelAX4  = duel.Config{Mode: duel.Chicken, Faster: duel.FasterGear, MarshAt: 50}
	duelAX4s = duel.Config{Mode: duel.Chicken, Faster: duel.FasterSquares, MarshAt: 30}
)

type duelScene struct {
	name  string
	cfg   duel.Config
	seed  string
	ticks int
	lang  string
	// phone draws the phone view (DuelCrop) with these options
	phone *DuelBoardOptions
}

// duelPhone390 is the view drawn for a 390-pixel phone at one pixel to a
// CSS pixel; duelPhone780 at two.
var (
	duelPhone390 = &DuelBoardOptions{Width: PhoneWidth, Screen: PhoneWidth}
	duelPhone780 = &DuelBoardOptions{Width: 2 * PhoneWidth, Screen: PhoneWidth}
)

func duelScenes() []duelScene {
	return []duelScene{
		{"ax1-start", duelAX1, "golden", 0, "en", nil},
		{"ax1-t4-fr", duelAX1, "golden", 4, "fr", nil},
		{"ax1-over", duelAX1, "golden", -1, "en", nil},
		{"ax4-t2-fr", duelAX4, "golden", 2, "fr", nil},
		{"ax4-over", duelAX4s, "golden", -1, "en", nil},
		// the phone view (DuelCrop): one strip while the cars are close,
		// one a car when they are apart, at one and two pixels to a CSS
		// pixel
		{"phone-ax1-start", duelAX1, "golden", 0, "en", duelPhone390},
		{"phone-ax1-t4-fr", duelAX1, "golden", 4, "fr", duelPhone390},
		{"phone-ax1-over", duelAX1, "golden", -1, "en", duelPhone780},
		{"phone-ax4-t2-fr", duelAX4, "golden", 2, "fr", duelPhone780},
		{"phone-ax4-over", duelAX4s, "golden", -1, "en", duelPhone390},
	}
}

// duelScene draws sc's board, or its phone view, of g in lang.
func (r *Renderer) duelScene(g *duel.Game, sc duelScene, lang string, missing map[string]bool) ([]byte, error) {
	opt := DuelBoardOptions{}
	if sc.phone != nil {
		opt = *sc.phone
	}
	opt.Lang, opt.missing = lang, missing
	if sc.phone != nil {
		var buf bytes.Buffer
		err := r.DuelCropPNG(&buf, g, opt)
		return buf.Bytes(), err
	}
	return r.duelDraw(g, opt)
}

func (r *Renderer) duelDraw(g *duel.Game, opt DuelBoardOptions) ([]byte, error) {
	var buf bytes.Buffer
	err := r.DuelBoardPNG(&buf, g, opt)
	return buf.Bytes(), err
}

// TestDuelBoardGolden compares the duel boards with testdata/duelboard-*.png
// by decoded pixels; -update rewrites them.
func TestDuelBoardGolden(t *testing.T) {
	r := New()
	for _, sc := range duelScenes() {
		t.Run(sc.name, func(t *testing.T) {
			g := duelPlayed(t, sc.cfg, sc.seed, sc.ticks)
			got, err := r.duelScene(g, sc, sc.lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			name := "duelboard-" + sc.name + ".png"
			matchGolden(t, name, got, comparePNG, "TestDuelBoardGolden")
		})
	}
}

// A sealed order is never drawn (issue 16; league AMB-54, league AMB-57): with
// one car's order in and the other's awaited, the board and the phone view
// are the images drawn before that order, in both languages and both duels.
func TestDuelBoardDrawsNoSealedOrder(t *testing.T) {
	r := New()
	for _, cfg := range []duel.Config{duelAX1, duelAX4} {
		g := duelPlayed(t, cfg, "sealed", 1)
		if g.Over || len(g.Awaited()) != 2 {
			t.Fatalf("%s: the scene needs both cars awaited at tick %d", cfg.Mode, g.Tick)
		}
		for _, lang := range []string{"en", "fr"} {
			// the board and the phone view
			draw := func(g *duel.Game) ([2][]byte, error) {
				board, err := r.duelDraw(g, DuelBoardOptions{Lang: lang})
				if err != nil {
					return [2][]byte{}, err
				}
				phone, err := r.duelScene(g, duelScene{phone: duelPhone390}, lang, nil)
				return [2][]byte{board, phone}, err
			}
			before, err := draw(g)
			if err != nil {
				t.Fatal(err)
			}
			for seat := range 2 {
				h, err := duel.New(g.ID, g.Cfg)
				if err != nil {
					t.Fatal(err)
				}
				*h = *g
				h.Evs = append([]duel.Event(nil), g.Evs...)
				orders := h.Orders(seat)
				if _, err := h.Submit(seat, orders[len(orders)-1], dice.NewScripted()); err != nil {
					t.Fatal(err)
				}
				if !h.Sealed(seat) {
					t.Fatalf("%s: seat %d's order did not stay sealed", cfg.Mode, seat)
				}
				after, err := draw(h)
				if err != nil {
					t.Fatal(err)
				}
				for i, view := range []string{"board", "phone view"} {
					if msg := comparePNG(before[i], after[i]); msg != "" {
						t.Errorf("%s, %s, seat %d's order sealed: the %s changed: %s", cfg.Mode, lang, seat, view, msg)
					}
				}
			}
		}
	}
}

// Every word a French duel board writes has its French, and the French
// board differs from the English one.
func TestDuelBoardEveryWordTranslated(t *testing.T) {
	r := New()
	missing := map[string]bool{}
	for _, sc := range duelScenes() {
		for ticks := 0; ticks < 12; ticks++ {
			g := duelPlayed(t, sc.cfg, sc.seed, ticks)
			fr, err := r.duelScene(g, sc, "fr", missing)
			if err != nil {
				t.Fatal(err)
			}
			en, err := r.duelScene(g, sc, "en", nil)
			if err != nil {
				t.Fatal(err)
			}
			if comparePNG(en, fr) == "" {
				t.Errorf("%s after %d ticks: the French board is the English one", sc.name, ticks)
			}
		}
	}
	for w := range missing {
		t.Errorf("no French for %q", w)
	}
}

func TestDuelBoardRefuses(t *testing.T) {
	r := New()
	g := duelPlayed(t, duelAX1, "refuse", 1)
	if _, err := r.DuelBoard(nil, DuelBoardOptions{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("no game: %v", err)
	}
	if _, err := r.DuelBoard(g, DuelBoardOptions{Width: 400}); err == nil {
		t.Error("a board 400 pixels wide was drawn")
	}
	if _, err := r.DuelBoard(g, DuelBoardOptions{Lang: "de"}); err == nil {
		t.Error("a board in German was drawn")
	}
}

// The phone view refuses what the Formula Dé crop refuses: a width outside
// 390–1600, a screen wider than the image or under 320, an unknown
// language, no game.
func TestDuelCropRefuses(t *testing.T) {
	r := New()
	g := duelPlayed(t, duelAX1, "refuse", 1)
	if _, err := r.DuelCrop(nil, DuelBoardOptions{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("no game: %v", err)
	}
	for _, opt := range []DuelBoardOptions{{Width: 300}, {Width: 2000}, {Width: 390, Screen: 800}, {Width: 800, Screen: 200}, {Lang: "de"}} {
		if _, err := r.DuelCrop(g, opt); err == nil {
			t.Errorf("%+v: a phone view was drawn", opt)
		}
	}
	img, err := r.DuelCrop(g, DuelBoardOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w != CropWidth {
		t.Errorf("the default phone view is %d pixels wide, not %d", w, CropWidth)
	}
}

// The phone view shows both cars at every tick of many duels: its strips
// hold each car's square (or the wall it hit), and stay on the dragster
// strip.
func TestDuelCropShowsBothCars(t *testing.T) {
	for _, cfg := range []duel.Config{duelAX1, duelAX4, duelAX4s} {
		for seed := range 40 {
			g := duelPlayed(t, cfg, fmt.Sprint("spans", seed), -1)
			for _, n := range []int{9, 11} {
				p := &duelPage{g: g}
				spans := p.cropSpans(n)
				for seat, c := range g.Cars {
					at := c.Pos
					if cfg.Mode == duel.Dragster {
						at = min(at, duel.StripEnd+1)
					}
					shown := false
					for _, sp := range spans {
						if sp.last-sp.first+1 != n {
							t.Errorf("%s seed %d: a strip of %d squares, not %d", cfg.Mode, seed, sp.last-sp.first+1, n)
						}
						if cfg.Mode == duel.Dragster && sp.last > duel.StripEnd+1 {
							t.Errorf("%s seed %d: a strip past the wall: %+v", cfg.Mode, seed, sp)
						}
						shown = shown || (at >= sp.first && at <= sp.last)
					}
					if !shown {
						t.Errorf("%s seed %d, %d squares: seat %d at %d is on no strip %+v", cfg.Mode, seed, n, seat, at, spans)
					}
				}
			}
		}
	}
}

// BenchmarkDuelCrop draws and encodes a finished dragster run's phone view
// for a 390-pixel phone at two pixels to a CSS pixel.
func BenchmarkDuelCrop(b *testing.B) {
	r := New()
	g := duelPlayed(b, duelAX1, "golden", -1)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.DuelCropPNG(&buf, g, *duelPhone780); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDuelBoard draws and encodes a finished dragster run's board.
func BenchmarkDuelBoard(b *testing.B) {
	r := New()
	g := duelPlayed(b, duelAX1, "golden", -1)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.DuelBoardPNG(&buf, g, DuelBoardOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

package render

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
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
}

func duelScenes() []duelScene {
	return []duelScene{
		{"ax1-start", duelAX1, "golden", 0, "en"},
		{"ax1-t4-fr", duelAX1, "golden", 4, "fr"},
		{"ax1-over", duelAX1, "golden", -1, "en"},
		{"ax4-t2-fr", duelAX4, "golden", 2, "fr"},
		{"ax4-over", duelAX4s, "golden", -1, "en"},
	}
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
			got, err := r.duelDraw(g, DuelBoardOptions{Lang: sc.lang})
			if err != nil {
				t.Fatal(err)
			}
			name := "duelboard-" + sc.name + ".png"
			golden := filepath.Join("testdata", name)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if errors.Is(err, os.ErrNotExist) {
				t.Fatalf("no golden image %s: run go test ./render -run TestDuelBoardGolden -update, then look at it", golden)
			}
			if err != nil {
				t.Fatal(err)
			}
			if msg := comparePNG(want, got); msg != "" {
				out := filepath.Join(t.TempDir(), name)
				_ = os.WriteFile(out, got, 0o644)
				t.Errorf("%s: %s\nthe new drawing is in %s; if the change is intended, run go test ./render -run TestDuelBoardGolden -update", golden, msg, out)
			}
		})
	}
}

// A sealed order is never drawn (issue 16; league AMB-54, league AMB-57): with
// one car's order in and the other's awaited, the board is pixel-identical
// to the board before that order, in both languages and both duels.
func TestDuelBoardDrawsNoSealedOrder(t *testing.T) {
	r := New()
	for _, cfg := range []duel.Config{duelAX1, duelAX4} {
		g := duelPlayed(t, cfg, "sealed", 1)
		if g.Over || len(g.Awaited()) != 2 {
			t.Fatalf("%s: the scene needs both cars awaited at tick %d", cfg.Mode, g.Tick)
		}
		for _, lang := range []string{"en", "fr"} {
			before, err := r.duelDraw(g, DuelBoardOptions{Lang: lang})
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
				after, err := r.duelDraw(h, DuelBoardOptions{Lang: lang})
				if err != nil {
					t.Fatal(err)
				}
				if msg := comparePNG(before, after); msg != "" {
					t.Errorf("%s, %s, seat %d's order sealed: the board changed: %s", cfg.Mode, lang, seat, msg)
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
			fr, err := r.duelDraw(g, DuelBoardOptions{Lang: "fr", missing: missing})
			if err != nil {
				t.Fatal(err)
			}
			en, err := r.duelDraw(g, DuelBoardOptions{Lang: "en"})
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

package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
)

// TestKeptDrawingSamePixels draws boards with the kept pieces (draw.go's
// rules, board_text.go's advances and kerning) and without them, on every goal circuit, at several widths, in
// both languages and at several points of a race, and compares them pixel
// by pixel: the drawn image (Board) and the decoded PNG (BoardPNG).
func TestKeptDrawingSamePixels(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 2 × 120 boards")
	}
	defer func() { keepDrawn, keepMetrics = true, true }()
	r := New()
	for _, track := range goalCircuits {
		c := circuit(t, track)
		_, rec, err := fd.Simulate(fd.DefaultConfig(), c, track, 10, fd.SeedFrom("kept-drawing"))
		if err != nil {
			t.Fatal(err)
		}
		var games []*fd.Game
		for _, at := range []int{rec.LastPlay() / 5, rec.LastPlay() / 2, rec.LastPlay()} {
			g, err := fd.ReplayUntil(rec, c, at)
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
		for _, width := range []int{800, 1600, 2300} {
			for _, lang := range []string{"en", "fr"} {
				for i, g := range games {
					name := fmt.Sprintf("%s/%d/%s/%d", track, width, lang, i)
					opt := BoardOptions{Width: width, Lang: lang}
					var imgs [2]*image.RGBA
					var pngs [2]image.Image
					for j, keep := range []bool{true, false} {
						keepDrawn, keepMetrics = keep, keep
						img, err := r.Board(g, opt)
						if err != nil {
							t.Fatal(name, err)
						}
						imgs[j] = img.(*image.RGBA)
						var buf bytes.Buffer
						if err := r.BoardPNG(&buf, g, opt); err != nil {
							t.Fatal(name, err)
						}
						if pngs[j], err = png.Decode(&buf); err != nil {
							t.Fatal(name, err)
						}
					}
					if imgs[0].Rect != imgs[1].Rect || !bytes.Equal(imgs[0].Pix, imgs[1].Pix) {
						t.Errorf("%s: Board's pixels differ with the kept pieces", name)
					}
					if d := firstDiff(pngs[0], pngs[1]); d != nil {
						t.Errorf("%s: BoardPNG's decoded pixels differ with the kept pieces at %v", name, *d)
					}
				}
			}
		}
	}
	if ruleCopies.Load() == 0 {
		t.Error("no rule was copied: the test compared nothing")
	}
}

// firstDiff is the first pixel where a and b differ, or nil.
func firstDiff(a, b image.Image) *image.Point {
	if a.Bounds() != b.Bounds() {
		p := a.Bounds().Max
		return &p
	}
	bb := a.Bounds()
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return &image.Point{x, y}
			}
		}
	}
	return nil
}

// TestKeptMetrics asks kept faces for every ASCII rune's advance and every
// ASCII pair's kerning twice (the second time from what was kept) and
// compares with the face's own answers. (The Go fonts kern no ASCII pair:
// the kerning compared is zeros; the advances are not.)
func TestKeptMetrics(t *testing.T) {
	r := New()
	advanced := 0
	for _, bold := range []bool{false, true} {
		for _, size := range []float64{9, 14.5, 16, 30} {
			own := r.face(bold, size)
			for pass := range 2 {
				f := keep(r.face(bold, size), bold, size)
				for r0 := rune(0); r0 < 128; r0++ {
					a, ok := f.GlyphAdvance(r0)
					a2, ok2 := own.GlyphAdvance(r0)
					if a != a2 || ok != ok2 {
						t.Fatalf("bold %v size %g pass %d: %q advances %v %v, the face's %v %v", bold, size, pass, r0, a, ok, a2, ok2)
					}
					if a != 0 {
						advanced++
					}
					for r1 := rune(32); r1 < 128; r1++ {
						k, k2 := f.Kern(r0, r1), own.Kern(r0, r1)
						if k != k2 {
							t.Fatalf("bold %v size %g pass %d: %q%q kerns %v, the face's %v", bold, size, pass, r0, r1, k, k2)
						}
					}
				}
			}
		}
	}
	if advanced == 0 {
		t.Error("no rune advances: the test compared only zeros")
	}
}

package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/cvd"
)

// naiveChanges is appendChanges pixel by pixel.
func naiveChanges(a, b []byte) [][2]int {
	var out [][2]int
	for x := 0; x < len(a)/4; x++ {
		if bytes.Equal(a[4*x:4*x+4], b[4*x:4*x+4]) {
			continue
		}
		if n := len(out); n > 0 && x-out[n-1][1] < mergeGap {
			out[n-1][1] = x + 1
		} else {
			out = append(out, [2]int{x, x + 1})
		}
	}
	return out
}

func checkChanges(t *testing.T, a, b []byte) {
	t.Helper()
	got, want := appendChanges(nil, a, b), naiveChanges(a, b)
	if len(got) != len(want) {
		t.Fatalf("stretches %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("stretches %v, want %v", got, want)
		}
	}
}

// The stretches of a row that differ from the layer's: at either end,
// in the middle, a pixel at a time and merged across short gaps.
func TestAppendChanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for range 2000 {
		n := 1 + rng.IntN(300)
		a := make([]byte, 4*n)
		for i := range a {
			a[i] = uint8(rng.IntN(3))
		}
		b := bytes.Clone(a)
		for range rng.IntN(6) {
			b[rng.IntN(len(b))] ^= 1 + uint8(rng.IntN(255))
		}
		checkChanges(t, a, b)
	}
}

func FuzzAppendChanges(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, []byte{0, 0, 0, 0, 0, 0, 1, 0})
	f.Add(make([]byte, 64), []byte{0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5})
	f.Fuzz(func(t *testing.T, a, flip []byte) {
		a = a[:len(a)/4*4]
		b := bytes.Clone(a)
		for i := range min(len(b), len(flip)) {
			b[i] ^= flip[i]
		}
		checkChanges(t, a, b)
	})
}

// A board's PNG is the same bytes every time, whatever was encoded
// before it: the scratch buffers and the layer's pages are reused, and a
// page's circuit rows must be the layer's again after each board. Here
// two moments of one race on one circuit (one layer) alternate, then
// come a board of another circuit, one of another width, and a new
// Renderer (new layers).
func TestBoardPNGStable(t *testing.T) {
	c := circuit(t, "hollowmere")
	_, rec, err := fd.Simulate(fd.DefaultConfig(), c, "hollowmere", 10, fd.SeedFrom("board-stable"))
	if err != nil {
		t.Fatal(err)
	}
	var games []*fd.Game
	for _, at := range []int{rec.LastPlay() / 2, rec.LastPlay() / 3} {
		g, err := fd.ReplayUntil(rec, c, at)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	a, b := games[0], games[1]
	r := New()
	encode := func(r *Renderer, g *fd.Game, opt BoardOptions) []byte {
		var buf bytes.Buffer
		if err := r.BoardPNG(&buf, g, opt); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	first, other := encode(r, a, BoardOptions{}), encode(r, b, BoardOptions{})
	for i := range 3 {
		if !bytes.Equal(encode(r, a, BoardOptions{}), first) {
			t.Errorf("round %d: the board encoded again differs", i)
		}
		if !bytes.Equal(encode(r, b, BoardOptions{}), other) {
			t.Errorf("round %d: the other moment's board encoded again differs", i)
		}
	}
	// the page kept (unless a collection emptied the pool) has the
	// layer's circuit rows
	l, err := r.layer(c, DefaultWidth, mustLexicon(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if page, ok := l.pages.Get().(*image.RGBA); ok {
		top := int(math.Round(boardHeader))
		if !bytes.Equal(page.Pix[top*page.Stride:][:len(l.b.img.Pix)], l.b.img.Pix) {
			t.Error("a page went back with circuit rows that are not the layer's")
		}
	}
	encode(r, midRace(t, "oval", 6), BoardOptions{})
	encode(r, a, BoardOptions{Width: 1200})
	if !bytes.Equal(encode(r, a, BoardOptions{}), first) {
		t.Error("the board encoded after others differs")
	}
	if !bytes.Equal(encode(New(), a, BoardOptions{}), first) {
		t.Error("the board encoded by a new Renderer differs")
	}
}

// Boards of one layer encoded at once by several goroutines (a server
// draws boards of many games) are the bytes each gives alone: the
// layer's pages and the scratch buffers are never shared by two boards.
func TestBoardPNGConcurrent(t *testing.T) {
	c := circuit(t, "oval")
	_, rec, err := fd.Simulate(fd.DefaultConfig(), c, "oval", 6, fd.SeedFrom("board-concurrent"))
	if err != nil {
		t.Fatal(err)
	}
	r := New()
	var games []*fd.Game
	var want [][]byte
	for _, at := range []int{rec.LastPlay() / 4, rec.LastPlay() / 2, 3 * rec.LastPlay() / 4} {
		g, err := fd.ReplayUntil(rec, c, at)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil {
			t.Fatal(err)
		}
		games, want = append(games, g), append(want, buf.Bytes())
	}
	const workers, each = 4, 6
	type result struct {
		game int
		png  []byte
		err  error
	}
	results := make(chan result, workers*each)
	for w := range workers {
		go func() {
			for i := range each {
				n := (w + i) % len(games)
				var buf bytes.Buffer
				err := r.BoardPNG(&buf, games[n], BoardOptions{})
				results <- result{n, buf.Bytes(), err}
			}
		}()
	}
	for range workers * each {
		res := <-results
		if res.err != nil {
			t.Fatal(res.err)
		}
		if !bytes.Equal(res.png, want[res.game]) {
			t.Errorf("board %d encoded among others differs from alone", res.game)
		}
	}
}

func mustLexicon(t *testing.T, lang string) *lexicon {
	t.Helper()
	lex, err := lexiconFor(lang)
	if err != nil {
		t.Fatal(err)
	}
	return lex
}

// The board's PNG is as faithful to the drawing as EncodePNG's palette
// (the encoder before issue 14), by CIEDE2000 on every pixel: flat
// areas (a pixel the colour of its four neighbours) within 2.3, a just
// noticeable difference; no more pixels than EncodePNG's off by over 5
// (those are anti-aliased edges); none off by over 30 (EncodePNG's
// worst on these boards is 26).
func TestBoardPNGFaithful(t *testing.T) {
	r := New()
	var scene *fd.Game
	for _, sc := range scenes() {
		if sc.name == "corner" {
			scene = sc.build(t)
		}
	}
	cases := []struct {
		name string
		g    *fd.Game
		lang string
	}{{"hollowmere halfway", midRace(t, "hollowmere", 10), "en"}, {"corner scene", scene, "fr"}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := BoardOptions{Lang: c.lang}
			img, err := r.Board(c.g, opt)
			if err != nil {
				t.Fatal(err)
			}
			drawing := img.(*image.RGBA)
			var now, before bytes.Buffer
			if err := r.BoardPNG(&now, c.g, opt); err != nil {
				t.Fatal(err)
			}
			if err := EncodePNG(&before, drawing); err != nil {
				t.Fatal(err)
			}
			got := decodePaletted(t, now.Bytes())
			flatWorst, worst, over5 := deltaE(drawing, got)
			_, _, over5Before := deltaE(drawing, decodePaletted(t, before.Bytes()))
			t.Logf("flat areas: worst ΔE %.2f; all: worst %.1f, %d pixels over 5 (EncodePNG: %d)", flatWorst, worst, over5, over5Before)
			if flatWorst > 2.3 {
				t.Errorf("a flat area is off by ΔE %.2f, more than 2.3", flatWorst)
			}
			if over5 > over5Before {
				t.Errorf("%d pixels off by over ΔE 5, EncodePNG %d", over5, over5Before)
			}
			if worst > 30 {
				t.Errorf("a pixel is off by ΔE %.1f, more than 30", worst)
			}
		})
	}
}

func decodePaletted(t *testing.T, b []byte) *image.Paletted {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded a %T, want a palette image", img)
	}
	return p
}

// deltaE compares a palette image with the drawing it was made from:
// the worst CIEDE2000 difference on flat areas and on all pixels, and
// how many pixels are off by more than 5.
func deltaE(drawing *image.RGBA, got *image.Paletted) (flatWorst, worst float64, over5 int) {
	type pair struct {
		c  color.RGBA
		ix uint8
	}
	memo := map[pair]float64{}
	b := drawing.Rect
	for y := range b.Dy() {
		for x := range b.Dx() {
			c := drawing.RGBAAt(x, y)
			p := pair{c, got.ColorIndexAt(x, y)}
			e, ok := memo[p]
			if !ok {
				q := got.Palette[p.ix].(color.RGBA)
				e = cvd.DeltaE2000(cvd.ToLab(cvd.RGB{R: c.R, G: c.G, B: c.B}), cvd.ToLab(cvd.RGB{R: q.R, G: q.G, B: q.B}))
				memo[p] = e
			}
			worst = max(worst, e)
			if e > 5 {
				over5++
			}
			if x > 0 && y > 0 && x < b.Dx()-1 && y < b.Dy()-1 && drawing.RGBAAt(x-1, y) == c && drawing.RGBAAt(x+1, y) == c &&
				drawing.RGBAAt(x, y-1) == c && drawing.RGBAAt(x, y+1) == c {
				flatWorst = max(flatWorst, e)
			}
		}
	}
	return flatWorst, worst, over5
}

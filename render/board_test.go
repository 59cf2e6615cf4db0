package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/pitwall/pitwall/engine/fd"
)

// goldenViews are the drawings kept for each scene: the board in English,
// the crop in English, and the board and crop in French for some.
type goldenView struct {
	suffix        string
	crop          bool
	lang          string
	width, screen int
}

func goldenViewsFor(name string) []goldenView {
	views := []goldenView{{"", false, "en", 0, 0}, {"-crop", true, "en", 0, 0},
		// the phone's crop, drawn for a 390 px screen at one pixel to a
		// CSS pixel (the web page's narrowest)
		{"-phone", true, "en", PhoneWidth, PhoneWidth}}
	if name == "corner" || name == "rain" {
		views = append(views, goldenView{"-fr", false, "fr", 0, 0}, goldenView{"-crop-fr", true, "fr", 0, 0},
			goldenView{"-phone-fr", true, "fr", PhoneWidth, PhoneWidth})
	}
	if name == "corner" {
		// the board for an 800-pixel column, and the phone's crop at
		// two pixels to a CSS pixel
		views = append(views, goldenView{"-w800", false, "en", BoardMinWidth, 0}, goldenView{"-phone2x", true, "en", 2 * PhoneWidth, PhoneWidth})
	}
	return views
}

// TestBoardGolden compares each scene's board and crop with
// testdata/board-SCENE*.png, pixel by pixel after decoding; -update
// rewrites them.
func TestBoardGolden(t *testing.T) {
	r := New()
	for _, sc := range scenes() {
		g := sc.build(t)
		for _, gv := range goldenViewsFor(sc.name) {
			t.Run(sc.name+gv.suffix, func(t *testing.T) {
				var buf bytes.Buffer
				opt := BoardOptions{Lang: gv.lang, Width: gv.width, Screen: gv.screen}
				var err error
				if gv.crop {
					err = r.CropPNG(&buf, g, opt)
				} else {
					err = r.BoardPNG(&buf, g, opt)
				}
				if err != nil {
					t.Fatal(err)
				}
				if gv.width != 0 {
					cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
					if err != nil {
						t.Fatal(err)
					}
					if cfg.Width != gv.width {
						t.Errorf("%d pixels wide, want %d", cfg.Width, gv.width)
					}
				}
				if n := buf.Len(); n > 200<<10 {
					t.Errorf("%d bytes, more than 200 KB", n)
				}
				name := "board-" + sc.name + gv.suffix + ".png"
				if dir := os.Getenv("PITWALL_RENDER_OUT"); dir != "" {
					_ = os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
				}
				matchGolden(t, name, buf.Bytes(), compareBoardPNG, "TestBoardGolden")
			})
		}
	}
}

// compareBoardPNG is comparePNG with a quick way out when both images
// have the same palette and the same palette indexes.
func compareBoardPNG(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	a, errA := png.Decode(bytes.NewReader(want))
	b, errB := png.Decode(bytes.NewReader(got))
	if errA == nil && errB == nil {
		pa, okA := a.(*image.Paletted)
		pb, okB := b.(*image.Paletted)
		if okA && okB && pa.Rect == pb.Rect && bytes.Equal(pa.Pix, pb.Pix) && len(pa.Palette) == len(pb.Palette) {
			same := true
			for i := range pa.Palette {
				same = same && pa.Palette[i] == pb.Palette[i]
			}
			if same {
				return ""
			}
		}
	}
	return comparePNG(want, got)
}

func TestSceneDump(t *testing.T) {
	if os.Getenv("SCENE") == "" {
		t.Skip()
	}
	for _, sc := range scenes() {
		if sc.name != os.Getenv("SCENE") {
			continue
		}
		g := sc.build(t)
		for _, e := range g.Events {
			t.Log(e.String())
		}
		if d := g.Pending(); d != nil {
			t.Logf("pending %+v", *d)
		}
	}
}

// midRace is a 10-car race on port-azur stopped halfway: the autopilot's
// race replayed to its middle play, a car waiting to decide.
func midRace(tb testing.TB, track string, cars int) *fd.Game {
	tb.Helper()
	c := circuit(tb, track)
	_, rec, err := fd.Simulate(fd.DefaultConfig(), c, track, cars, fd.SeedFrom("board-bench"))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := fd.ReplayUntil(rec, c, rec.LastPlay()/2)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkBoard draws and encodes a full 10-car board at the default
// size (the goal: a median of at most 20 ms on one core, at most 200 KB).
func BenchmarkBoard(b *testing.B) {
	r := New()
	g := midRace(b, "port-azur", 10)
	var buf bytes.Buffer
	if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil { // the circuit layer is drawn once per circuit
		b.Fatal(err)
	}
	var times []time.Duration
	for b.Loop() {
		t0 := time.Now()
		buf.Reset()
		if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2])/1e6, "median-ms")
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

func BenchmarkBoardDraw(b *testing.B) {
	r := New()
	g := midRace(b, "port-azur", 10)
	for b.Loop() {
		if _, err := r.Board(g, BoardOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCrop(b *testing.B) {
	r := New()
	g := midRace(b, "port-azur", 10)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.CropPNG(&buf, g, BoardOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

func TestBoardMidRace(t *testing.T) {
	dir := os.Getenv("PITWALL_RENDER_OUT")
	if dir == "" {
		t.Skip()
	}
	r := New()
	for _, track := range []string{"port-azur", "hollowmere", "kestrel-downs", "race-city", "oval"} {
		g := midRace(t, track, 10)
		var buf bytes.Buffer
		if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(dir, "mid-"+track+".png"), buf.Bytes(), 0o644)
		buf.Reset()
		if err := r.CropPNG(&buf, g, BoardOptions{}); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(dir, "mid-"+track+"-crop.png"), buf.Bytes(), 0o644)
	}
}

// TestBoardConcurrent draws boards and crops of one game from several
// goroutines with one Renderer (run with -race): the kept layers, glyphs
// and chips are shared.
func TestBoardConcurrent(t *testing.T) {
	r := New()
	var games []*fd.Game
	for _, sc := range scenes() {
		games = append(games, sc.build(t))
	}
	want := make([][]byte, len(games))
	for i, g := range games {
		var buf bytes.Buffer
		if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	errs := make(chan error, 2*len(games))
	for range 2 {
		for i, g := range games {
			go func() {
				var buf bytes.Buffer
				err := r.BoardPNG(&buf, g, BoardOptions{})
				if err == nil && !bytes.Equal(buf.Bytes(), want[i]) {
					err = errors.New("a board drawn concurrently differs")
				}
				if err == nil {
					_, err = r.Crop(g, BoardOptions{Lang: "fr"})
				}
				errs <- err
			}()
		}
	}
	for range 2 * len(games) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// The widths and screens a board and a crop can be drawn for; outside
// them, an error and no image.
func TestBoardWidthsAndScreens(t *testing.T) {
	r := New()
	g := scenes()[0].build(t)
	for _, c := range []struct {
		crop          bool
		width, screen int
		ok            bool
	}{
		{false, BoardMinWidth, 0, true}, {false, 1200, 0, true}, {false, BoardMinWidth - 1, 0, false}, {false, MaxWidth + 1, 0, false},
		{true, PhoneWidth, PhoneWidth, true}, {true, 3 * PhoneWidth, PhoneWidth, true}, {true, PhoneWidth, 0, true},
		{true, PhoneWidth - 1, 0, false}, {true, PhoneWidth, PhoneWidth + 1, false}, {true, 800, MinScreen - 1, false},
		{true, MaxCropWidth + 1, 0, false},
	} {
		var buf bytes.Buffer
		opt := BoardOptions{Width: c.width, Screen: c.screen}
		var err error
		if c.crop {
			err = r.CropPNG(&buf, g, opt)
		} else {
			err = r.BoardPNG(&buf, g, opt)
		}
		if (err == nil) != c.ok {
			t.Errorf("crop %v, width %d, screen %d: error %v, want ok=%v", c.crop, c.width, c.screen, err, c.ok)
			continue
		}
		if c.ok {
			cfg, err := png.DecodeConfig(&buf)
			if err != nil || cfg.Width != c.width {
				t.Errorf("crop %v, width %d: %d pixels wide (%v)", c.crop, c.width, cfg.Width, err)
			}
		}
	}
}

package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/tracks"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/ from the current drawing")

// fixtures are the renderer's own circuits in testdata/, drawn even when
// the embedded ones change: a hand-made board (declared spaces, a corner
// zone) exercises the geometry that segments do not.
var fixtures = []string{"handmade"}

// circuit loads an embedded circuit, or a fixture from testdata/. Fixtures
// need only build: they are drawings, not races.
func circuit(t testing.TB, id string) *tracks.Circuit {
	t.Helper()
	for _, f := range fixtures {
		if f != id {
			continue
		}
		file := filepath.Join("testdata", id+".track")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := tracks.Parse(file, src)
		if err != nil {
			t.Fatal(err)
		}
		c, err := tracks.Build(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c, err := tracks.Get(id)
	if err != nil {
		t.Fatalf("circuit %s: %v", id, err)
	}
	return c
}

// allCircuits lists every embedded circuit and every fixture.
func allCircuits() []string {
	return append(tracks.IDs(), fixtures...)
}

// TestTrackGolden compares each circuit's drawing with testdata/track-ID.png,
// pixel by pixel after decoding (PNG bytes may change with the encoder).
func TestTrackGolden(t *testing.T) {
	r := New()
	for _, id := range allCircuits() {
		t.Run(id, func(t *testing.T) {
			c := circuit(t, id)
			var buf bytes.Buffer
			if err := r.TrackPNG(&buf, c, TrackOptions{}); err != nil {
				t.Fatal(err)
			}
			matchGolden(t, "track-"+id+".png", buf.Bytes(), comparePNG, "TestTrackGolden")
		})
	}
}

// comparePNG decodes two PNGs and describes how their pixels differ, or
// returns "" when they are the same.
func comparePNG(want, got []byte) string {
	a, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return fmt.Sprintf("golden: %v", err)
	}
	b, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return fmt.Sprintf("drawing: %v", err)
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", b.Bounds().Size(), a.Bounds().Size())
	}
	ra, rb := toRGBA(a), toRGBA(b)
	diff, first := 0, image.Point{-1, -1}
	for i := 0; i < len(ra.Pix); i += 4 {
		if !bytes.Equal(ra.Pix[i:i+4], rb.Pix[i:i+4]) {
			if diff == 0 {
				first = image.Point{(i % ra.Stride) / 4, i / ra.Stride}
			}
			diff++
		}
	}
	if diff > 0 {
		return fmt.Sprintf("%d pixels differ, the first at %v", diff, first)
	}
	return ""
}

func toRGBA(img image.Image) *image.RGBA {
	r := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(r, r.Bounds(), img, img.Bounds().Min, draw.Src)
	return r
}

func TestTrackSize(t *testing.T) {
	r := New()
	for _, id := range allCircuits() {
		c := circuit(t, id)
		img, err := r.Track(c, TrackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		size := img.Bounds().Size()
		if size.X < 1600 {
			t.Errorf("%s: %d pixels wide, want at least 1600", id, size.X)
		}
		if size.Y > size.X*5/4 {
			t.Errorf("%s: %d pixels high for %d wide, want at most 5/4 of the width", id, size.Y, size.X)
		}
	}
	c := circuit(t, "test-oval")
	img, err := r.Track(c, TrackOptions{Width: 2400, MaxHeight: 900})
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 2400 || got.Y > 900 {
		t.Errorf("width 2400, max height 900: got %v", got)
	}
}

func TestTrackOptionsRefused(t *testing.T) {
	r := New()
	c := circuit(t, "test-oval")
	for _, opt := range []TrackOptions{{Width: 800}, {Width: 10000}, {MaxHeight: 100}} {
		if _, err := r.Track(c, opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
	if _, err := r.Track(nil, TrackOptions{}); !errors.Is(err, ErrNoCircuit) {
		t.Errorf("nil circuit: %v, want ErrNoCircuit", err)
	}
	if _, err := r.Track(&tracks.Circuit{}, TrackOptions{}); !errors.Is(err, ErrNoCircuit) {
		t.Errorf("empty circuit: %v, want ErrNoCircuit", err)
	}
}

// TestCornerLabels checks that every corner gets a label inside the image,
// clear of the title and legend bands, and that labels do not overlap.
func TestCornerLabels(t *testing.T) {
	r := New()
	for _, id := range allCircuits() {
		c := circuit(t, id)
		b, err := r.newBoard(c, TrackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b.drawTrack()
		labels := b.cornerBoxes
		if len(labels) != len(c.Corners) {
			t.Fatalf("%s: %d corner labels for %d corners", id, len(labels), len(c.Corners))
		}
		board := rect{0, b.header, b.w, b.h - b.footer}
		for i, box := range labels {
			name := c.Corners[i].Name
			if !box.inside(board) {
				t.Errorf("%s: the label of %q at %v is not inside the board %v", id, name, box, board)
			}
			for j := range i {
				if box.overlaps(labels[j]) {
					t.Errorf("%s: the labels of %q and %q overlap", id, name, c.Corners[j].Name)
				}
			}
			for k, q := range b.quads {
				poly := box.corners()
				if convexOverlap(poly[:], q) {
					t.Errorf("%s: the label of %q covers space %s", id, name, c.Spaces[k].Name)
				}
			}
		}
	}
}

func TestTrackDeterministic(t *testing.T) {
	r := New()
	c := circuit(t, "test-oval")
	var a, b bytes.Buffer
	if err := r.TrackPNG(&a, c, TrackOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := New().TrackPNG(&b, circuit(t, "test-oval"), TrackOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two drawings of the same circuit differ")
	}
}

// TestTrackConcurrent draws with one Renderer from several goroutines (run
// with -race).
func TestTrackConcurrent(t *testing.T) {
	r := New()
	ids := allCircuits()
	errs := make(chan error, len(ids))
	for _, id := range ids {
		c := circuit(t, id)
		go func() {
			_, err := r.Track(c, TrackOptions{})
			errs <- err
		}()
	}
	for range ids {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkTrack(b *testing.B) {
	r := New()
	c := circuit(b, "test-oval")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.TrackPNG(&buf, c, TrackOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

func BenchmarkTrackDraw(b *testing.B) {
	r := New()
	c := circuit(b, "test-oval")
	for b.Loop() {
		if _, err := r.Track(c, TrackOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodePNG(b *testing.B) {
	img, err := New().Track(circuit(b, "test-oval"), TrackOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// matchGolden compares got, a PNG, with testdata/name by decoded pixels
// (compare says how they differ, "" when alike), or rewrites the golden
// under -update. A difference leaves the new drawing in a temporary
// directory, or in $PITWALL_RENDER_OUT; test is the test -update reruns.
func matchGolden(t *testing.T, name string, got []byte, compare func(want, got []byte) string, test string) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if errors.Is(err, os.ErrNotExist) {
		t.Fatalf("no golden image %s: run go test ./render -run %s -update, then look at it", golden, test)
	}
	if err != nil {
		t.Fatal(err)
	}
	if msg := compare(want, got); msg != "" {
		out := filepath.Join(t.TempDir(), name)
		if dir := os.Getenv("PITWALL_RENDER_OUT"); dir != "" {
			out = filepath.Join(dir, name)
		}
		_ = os.WriteFile(out, got, 0o644)
		t.Errorf("%s: %s\nthe new drawing is in %s (set PITWALL_RENDER_OUT=DIR to keep it); if the change is intended, run go test ./render -run %s -update", golden, msg, out, test)
	}
}

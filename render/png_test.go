package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestQuantizeFewColours: an image of at most 256 colours, each alone in
// its bucket, comes back exactly.
func TestQuantizeFewColours(t *testing.T) {
	cols := []color.RGBA{colGrass.rgba(), colAsphalt.rgba(), colCorner.rgba(), okYellow.rgba(), colInk.rgba(), colWhite.rgba()}
	img := image.NewRGBA(image.Rect(10, 20, 70, 50)) // not at the origin
	for y := 20; y < 50; y++ {
		for x := 10; x < 70; x++ {
			img.SetRGBA(x, y, cols[(x*7+y*3)%len(cols)])
		}
	}
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := got.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded a %T, want a palette image", got)
	}
	if len(p.Palette) != len(cols) {
		t.Errorf("palette of %d colours, want %d", len(p.Palette), len(cols))
	}
	if got.Bounds().Size() != img.Bounds().Size() {
		t.Fatalf("size %v, want %v", got.Bounds().Size(), img.Bounds().Size())
	}
	for y := range 30 {
		for x := range 60 {
			want := img.RGBAAt(10+x, 20+y)
			if c := color.RGBAModel.Convert(got.At(x, y)).(color.RGBA); c != want {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, c, want)
			}
		}
	}
}

// TestQuantizeManyColours: a gradient of far more than 256 colours keeps
// to 256, stays close to the original and encodes the same twice.
func TestQuantizeManyColours(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for y := range 256 {
		for x := range 256 {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8((x + y) / 2), 0xFF})
		}
	}
	p := Quantize(img)
	if len(p.Palette) > 256 {
		t.Fatalf("%d colours", len(p.Palette))
	}
	worst := 0
	for y := range 256 {
		for x := range 256 {
			a := img.RGBAAt(x, y)
			b := p.Palette[p.ColorIndexAt(x, y)].(color.RGBA)
			for _, d := range []int{int(a.R) - int(b.R), int(a.G) - int(b.G), int(a.B) - int(b.B)} {
				worst = max(worst, d, -d)
			}
		}
	}
	if worst > 60 {
		t.Errorf("a channel is off by %d", worst)
	}
	var x, y bytes.Buffer
	if err := EncodePNG(&x, img); err != nil {
		t.Fatal(err)
	}
	if err := EncodePNG(&y, img); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x.Bytes(), y.Bytes()) {
		t.Error("the same image encoded twice differs")
	}
}

// TestEncodePaletted writes a palette image as it is.
func TestEncodePaletted(t *testing.T) {
	pal := color.Palette{color.RGBA{1, 2, 3, 255}, color.RGBA{200, 100, 50, 255}}
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), pal)
	img.SetColorIndex(1, 1, 1)
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if p := got.(*image.Paletted); len(p.Palette) != 2 || p.ColorIndexAt(1, 1) != 1 {
		t.Errorf("palette %v, index %d", p.Palette, p.ColorIndexAt(1, 1))
	}
}

// TestPaletteDistinct: the board's flat colours fall in different
// quantization buckets, so none is merged with another.
func TestPaletteDistinct(t *testing.T) {
	cols := []hexColor{colGrass, colBand, colBandText, colBandSub, colKerb, colAsphalt, colStraight, colCorner,
		colSpaceLine, colPit, colBox, colUnusedPit, colDangerous, colNoise, colTunnel, colRoof, colWall, colPolice,
		colPitLimit, colStopsBox, colNameTag, colInk, colCheckDark, colCheckLight, colTunnelMark, colLegendLine}
	seen := map[int]hexColor{}
	for _, c := range cols {
		v := c.rgba()
		k := bucketOf(v.R, v.G, v.B)
		if o, dup := seen[k]; dup && o != c {
			t.Errorf("%06X and %06X share a bucket", uint32(o), uint32(c))
		}
		seen[k] = c
	}
}

func BenchmarkQuantize(b *testing.B) {
	img, err := New().Track(circuit(b, "test-oval"), TrackOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Quantize(img)
	}
}

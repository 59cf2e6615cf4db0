package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// A Racing Simulator circuit draws at the width asked, deterministically,
// with every zone's colour on it.
func TestRSCircuitPNG(t *testing.T) {
	r := New()
	for _, id := range rscircuit.IDs() {
		c, err := rscircuit.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if err := r.RSCircuitPNG(&a, c, 1600); err != nil {
			t.Fatal(err)
		}
		if err := r.RSCircuitPNG(&b, c, 1600); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("%s: two drawings differ", id)
		}
		img, err := png.Decode(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != 1600 || img.Bounds().Dy() != 1000 {
			t.Fatalf("%s: %v", id, img.Bounds())
		}
		found := map[hexColor]bool{}
		bd := img.Bounds()
		for y := bd.Min.Y; y < bd.Max.Y; y += 2 {
			for x := bd.Min.X; x < bd.Max.X; x += 2 {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				found[hexColor(cr>>8<<16|cg>>8<<8|cb>>8)] = true
			}
		}
		for z, col := range rsZoneColour {
			if !found[col] {
				t.Errorf("%s: no pixel of zone %s's colour %06x", id, z, uint32(col))
			}
		}
	}
	if err := r.RSCircuitPNG(&bytes.Buffer{}, nil, 1600); err == nil {
		t.Fatal("nil circuit drawn")
	}
	c, _ := rscircuit.Get("windmere")
	if err := r.RSCircuitPNG(&bytes.Buffer{}, c, 800); err == nil {
		t.Fatal("800 px drawn")
	}
}

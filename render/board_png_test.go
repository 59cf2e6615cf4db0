package render

import (
	"image"
	"testing"
)

// quantizeInto gives exactly Quantize's palette and pixels.
func TestQuantizeIntoIsQuantize(t *testing.T) {
	r := New()
	var imgs []*image.RGBA
	for _, sc := range scenes() {
		g := sc.build(t)
		for _, crop := range []bool{false, true} {
			var img image.Image
			var err error
			if crop {
				img, err = r.Crop(g, BoardOptions{})
			} else {
				img, err = r.Board(g, BoardOptions{})
			}
			if err != nil {
				t.Fatal(err)
			}
			imgs = append(imgs, img.(*image.RGBA))
		}
	}
	// odd sizes, a few colours, and many colours (more than 256 buckets)
	odd := image.NewRGBA(image.Rect(0, 0, 7, 3))
	for i := range odd.Pix {
		odd.Pix[i] = uint8(i * 37)
	}
	imgs = append(imgs, odd, image.NewRGBA(image.Rect(0, 0, 1, 1)))
	for n, img := range imgs {
		want := Quantize(img)
		got := image.NewPaletted(img.Rect, nil)
		quantizeInto(got, img)
		if len(got.Palette) != len(want.Palette) {
			t.Fatalf("image %d: %d colours, Quantize %d", n, len(got.Palette), len(want.Palette))
		}
		for i := range want.Palette {
			if got.Palette[i] != want.Palette[i] {
				t.Fatalf("image %d: palette entry %d is %v, Quantize %v", n, i, got.Palette[i], want.Palette[i])
			}
		}
		for i := range want.Pix {
			if got.Pix[i] != want.Pix[i] {
				t.Fatalf("image %d: pixel %d is %d, Quantize %d", n, i, got.Pix[i], want.Pix[i])
			}
		}
	}
}

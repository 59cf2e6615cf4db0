package render

import (
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"io"
)

// GIFOptions tunes EncodeGIF.
type GIFOptions struct {
	// Delay is each frame's time on screen in hundredths of a second: 0
	// means 150; the last frame stays twice as long.
	Delay int
}

// EncodeGIF writes boards as an animated GIF that loops: a round car by
// car, say. Every frame is quantized as EncodePNG does (one palette per
// frame); after the first, a frame holds only the rectangle in which it
// differs from the frame before, the rest is kept from it. The frames must
// all have the size of the first.
func EncodeGIF(w io.Writer, frames []image.Image, opt GIFOptions) error {
	if len(frames) == 0 {
		return errors.New("render: no frames for the GIF")
	}
	delay := opt.Delay
	if delay == 0 {
		delay = 150
	}
	bounds := frames[0].Bounds()
	out := &gif.GIF{Config: image.Config{Width: bounds.Dx(), Height: bounds.Dy()}}
	var prev *image.RGBA
	for i, f := range frames {
		if f.Bounds().Size() != bounds.Size() {
			return errors.New("render: the GIF's frames differ in size")
		}
		cur, ok := f.(*image.RGBA)
		if !ok || cur.Rect.Min != (image.Point{}) {
			cur = image.NewRGBA(image.Rect(0, 0, bounds.Dx(), bounds.Dy()))
			draw.Draw(cur, cur.Rect, f, f.Bounds().Min, draw.Src)
		}
		area := cur.Rect
		if prev != nil {
			area = changed(prev, cur)
			if area.Empty() {
				area = image.Rect(0, 0, 1, 1) // a frame must hold a pixel
			}
		}
		part := image.NewRGBA(area)
		draw.Draw(part, area, cur, area.Min, draw.Src)
		p := Quantize(part)
		p.Rect = area // Quantize places its result at the origin
		d := delay
		if i == len(frames)-1 {
			d *= 2
		}
		out.Image = append(out.Image, p)
		out.Delay = append(out.Delay, d)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev = cur
	}
	return gif.EncodeAll(w, out)
}

// changed is the smallest rectangle holding every pixel that differs
// between two images of one size.
func changed(a, b *image.RGBA) image.Rectangle {
	r := image.Rectangle{}
	w, h := a.Rect.Dx(), a.Rect.Dy()
	for y := range h {
		ra := a.Pix[y*a.Stride : y*a.Stride+4*w]
		rb := b.Pix[y*b.Stride : y*b.Stride+4*w]
		if string(ra) == string(rb) {
			continue
		}
		x0 := 0
		for x0 < w && string(ra[4*x0:4*x0+4]) == string(rb[4*x0:4*x0+4]) {
			x0++
		}
		x1 := w
		for x1 > x0 && string(ra[4*x1-4:4*x1]) == string(rb[4*x1-4:4*x1]) {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	return r
}

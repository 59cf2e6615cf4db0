package render

import (
	"fmt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// Renderer draws boards. It holds the parsed fonts, which are read-only:
// one Renderer can serve any number of goroutines. Create it once with New.
type Renderer struct {
	regular, bold *opentype.Font
}

// New parses the embedded Go fonts and returns a Renderer. The fonts are
// compiled into the binary, so parsing cannot fail on a sound build; if it
// does, New panics.
func New() *Renderer {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(fmt.Sprintf("render: parsing the Go Regular font: %v", err))
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic(fmt.Sprintf("render: parsing the Go Bold font: %v", err))
	}
	return &Renderer{regular: regular, bold: bold}
}

// face makes a font face of the given pixel size. Faces cache glyphs and are
// not safe for concurrent use, so each drawing makes its own.
func (r *Renderer) face(bold bool, size float64) font.Face {
	f := r.regular
	if bold {
		f = r.bold
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// NewFace only fails on a nil font or a bad size, both
		// programming errors here.
		panic(fmt.Sprintf("render: font face of size %g: %v", size, err))
	}
	return face
}

package render

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"sync"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// BoardOptions tunes Board and Crop. The zero value draws the default
// board in English.
type BoardOptions struct {
	// Lang is the language of every label: "en" (the default) or "fr".
	Lang string
	// Width of the image in pixels: 0 means DefaultWidth for Board (from
	// BoardMinWidth to MaxWidth: under DefaultWidth the same board,
	// smaller) and CropWidth for Crop (from PhoneWidth to MaxCropWidth).
	Width int
	// Screen, for Crop, is the width in CSS pixels of the screen the crop
	// is drawn for (a phone's 390, say): its text and lines are sized to
	// read there (the board's 14-pixel text at least 14 CSS pixels), and
	// the image, Width pixels wide, has Width/Screen pixels to a CSS pixel
	// (a phone's 1, 2 or 3). 0 keeps the crop's own sizes: text half as
	// large again as the board's at CropWidth.
	Screen int
	// MinHeight, when more than the drawing needs, makes the panels
	// taller: the frames of an animation keep one size.
	MinHeight int
	// Reader is the car of the player the board is drawn for: the header
	// names it ("you: car 2"). 0 draws it for nobody in particular (a
	// spectator). Under 5-D the board shows only the builds Reader may
	// read, as the game contract decides for every text
	// (fd.Contract.ReadsBuild): fd.GameMaster reads them all.
	Reader int
}

// Crop sizes, in pixels: the crop is as high as it is wide, plus its
// panels.
const (
	CropWidth    = 800
	MaxCropWidth = 1600
	// PhoneWidth is the narrowest crop: a phone's 390 CSS pixels at one
	// pixel each.
	PhoneWidth = 390
	// MinScreen is the narrowest screen a crop is drawn for.
	MinScreen = 320
)

// BoardMinWidth is the narrowest board: the page serves boards of 800 and
// 1200 pixels to screens that show no more (the board's design is the
// same, only smaller; a phone gets the crop).
const BoardMinWidth = 800

// ErrNoGame is returned for a nil game or a game without a circuit.
var ErrNoGame = errors.New("render: no game to draw")

// Board draws the game as it stands: the circuit; every car in its team
// colour with its number; the path each car drove in its last play
// (faint) and the path of the last play (bold); debris and dangerous
// spaces; for each car in a corner the stops it has made there; the
// lettered options of the player who must choose, each with its cost and
// its risk in a legend; a dashboard with, per car, the gear, the wear
// points against the start values, the tyres, laps done, place and
// status; the dice rolled in the last play; the weather and track state;
// round and lap.
func (r *Renderer) Board(g *fd.Game, opt BoardOptions) (image.Image, error) {
	v, err := r.newGameView(g, opt)
	if err != nil {
		return nil, err
	}
	gb, err := r.drawBoard(v, opt, false)
	if err != nil {
		return nil, err
	}
	return gb.img, nil
}

// BoardPNG draws the board and writes it as a palette PNG, from reused
// buffers and from the circuit's layer quantized and compressed once
// (board_encode.go): Board's image within an invisible difference (not
// EncodePNG's bytes), in about three quarters of the time and 8–12 %
// fewer bytes.
func (r *Renderer) BoardPNG(w io.Writer, g *fd.Game, opt BoardOptions) error {
	v, err := r.newGameView(g, opt)
	if err != nil {
		return err
	}
	gb, err := r.drawBoard(v, opt, true)
	if err != nil {
		return err
	}
	return encodeLayered(w, gb.img, gb.layer, int(gb.header))
}

// CropPNG draws the crop and writes it as a palette PNG: the bytes
// EncodePNG would write for Crop's image, from reused buffers.
func (r *Renderer) CropPNG(w io.Writer, g *fd.Game, opt BoardOptions) error {
	v, err := r.newGameView(g, opt)
	if err != nil {
		return err
	}
	gb, err := r.drawCrop(v, opt, true)
	if err != nil {
		return err
	}
	return encodeBoard(w, gb.img)
}

// The track layer: the bare circuit under the cars (surface, spaces,
// markings, corner labels), drawn once per circuit, width and language and
// kept, since every board of a game has the same one. The cache is small
// and bounded; a Renderer stays safe for concurrent use.

type layerKey struct {
	r     *Renderer
	c     *tracks.Circuit
	width int
	lang  string
}

type trackLayer struct {
	b *board // the geometry and the labels placed; img holds the pixels
	// the legend band, drawn once too, with its labels
	legend       *image.RGBA
	legendLabels []placedLabel
	// codec is the layer's share of every board's PNG (board_encode.go)
	codec *layerCodec
	// pages are whole board images whose circuit rows hold the layer's
	// pixels (encodeLayered puts them back so): a board drawn on one
	// does not copy the layer first
	pages sync.Pool // *image.RGBA
}

// page returns a w×h board image whose circuit rows, from row header,
// are the layer's pixels; its other rows are undefined.
func (l *trackLayer) page(w, h, header int) *image.RGBA {
	if img, ok := l.pages.Get().(*image.RGBA); ok && cap(img.Pix) >= 4*w*h && img.Stride == 4*w {
		img.Pix = img.Pix[:4*w*h]
		img.Rect = image.Rect(0, 0, w, h)
		return img
	}
	// room for taller panels (more options) on the next boards
	img := &image.RGBA{Pix: make([]uint8, 4*w*h, 4*w*(h+256)), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	copy(img.Pix[header*img.Stride:], l.b.img.Pix)
	return img
}

const maxLayers = 8

var layers struct {
	sync.Mutex
	m     map[layerKey]*trackLayer
	order []layerKey
}

func (r *Renderer) layer(c *tracks.Circuit, width int, lex *lexicon) (*trackLayer, error) {
	key := layerKey{r, c, width, lex.lang}
	layers.Lock()
	l := layers.m[key]
	layers.Unlock()
	if l != nil {
		return l, nil
	}
	l, err := r.drawLayer(c, width, lex)
	if err != nil {
		return nil, err
	}
	layers.Lock()
	defer layers.Unlock()
	if layers.m == nil {
		layers.m = map[layerKey]*trackLayer{}
	}
	if old := layers.m[key]; old != nil {
		return old, nil
	}
	if len(layers.order) >= maxLayers {
		delete(layers.m, layers.order[0])
		layers.order = layers.order[1:]
	}
	layers.m[key] = l
	layers.order = append(layers.order, key)
	return l, nil
}

// boardHeader is the height of a board's title band, in design pixels.
const boardHeader = 84

// drawLayer lays out and draws the track area of a board: the circuit
// scaled to the width, at most 0.68 of the width high.
func (r *Renderer) drawLayer(c *tracks.Circuit, width int, lex *lexicon) (*trackLayer, error) {
	if width == 0 {
		width = DefaultWidth
	}
	if width < BoardMinWidth || width > MaxWidth {
		return nil, fmt.Errorf("render: width %d is outside %d–%d pixels", width, BoardMinWidth, MaxWidth)
	}
	k := float64(width) / DefaultWidth
	b, err := r.areaBoard(c, float64(width), k, 0.68*float64(width))
	if err != nil {
		return nil, err
	}
	b.drawTrackArea(lex, nil)
	l := &trackLayer{b: b}
	// the legend band
	items := boardLegend(c, lex)
	probe := &board{r: r, w: float64(width), k: k, legend: items}
	probe.setFonts()
	footer := probe.layoutLegend()
	lg := newGameBoard(r.newPage(width, int(footer), k, false), nil)
	lg.footer, lg.legend = footer, items
	lg.layoutLegend()
	lg.drawBoardLegend()
	l.legend, l.legendLabels = lg.img, *lg.labels
	l.codec = newLayerCodec(l.b.img, l.legend)
	return l, nil
}

// areaBoard lays out a board that is only the circuit: no title band, no
// legend, the circuit centred with room for the corner labels, at most
// maxH pixels high.
func (r *Renderer) areaBoard(c *tracks.Circuit, w, k, maxH float64) (*board, error) {
	if c == nil || len(c.Spaces) == 0 {
		return nil, ErrNoCircuit
	}
	lo, hi, err := spaceBounds(c)
	if err != nil {
		return nil, err
	}
	b := &board{r: r, c: c, w: w, k: k}
	b.setFonts()
	mx, my := math.Round(100*k), math.Round(64*k)
	for i := range c.Corners {
		if needsSideRoom(c, &c.Corners[i], lo, hi) {
			mx = max(mx, math.Min(math.Round(b.cornerLabelWidth(&c.Corners[i])+24*k), 240*k))
		}
	}
	bw, bh := math.Max(hi.X-lo.X, 1), math.Max(hi.Y-lo.Y, 1)
	b.s = (b.w - 2*mx) / bw
	b.h = math.Ceil(2*my + bh*b.s)
	if b.h > maxH {
		b.h = math.Ceil(maxH)
		b.s = (b.h - 2*my) / bh
	}
	b.x0 = b.w/2 - (lo.X+hi.X)/2*b.s
	b.y0 = b.h/2 - (lo.Y+hi.Y)/2*b.s
	b.allocate(nil)
	return b, nil
}

// viewBoard lays out a w×h window on the circuit, s pixels per lane width,
// centred on the model point ctr, drawn on img.
func (r *Renderer) viewBoard(c *tracks.Circuit, img *image.RGBA, k, s float64, ctr tracks.Point) (*board, error) {
	if c == nil || len(c.Spaces) == 0 {
		return nil, ErrNoCircuit
	}
	if _, _, err := spaceBounds(c); err != nil {
		return nil, err
	}
	w, h := float64(img.Rect.Dx()), float64(img.Rect.Dy())
	b := &board{r: r, c: c, w: w, h: h, k: k, s: s}
	b.setFonts()
	b.x0 = w/2 - ctr.X*s
	b.y0 = h/2 - ctr.Y*s
	b.allocate(img)
	return b, nil
}

func spaceBounds(c *tracks.Circuit) (lo, hi tracks.Point, err error) {
	lo = tracks.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi = tracks.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for i := range c.Spaces {
		for _, p := range c.Spaces[i].Quad {
			if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
				return lo, hi, fmt.Errorf("render: space %s has no geometry", c.Spaces[i].Name)
			}
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
	}
	return lo, hi, nil
}

func (b *board) setFonts() {
	r, k := b.r, b.k
	f := func(bold bool, size float64) font.Face { return keep(r.face(bold, size), bold, size) }
	b.fTitle = f(true, 30*k)
	b.fSub = f(false, 16*k)
	b.fLabel = f(true, 17*k)
	b.fStops = f(true, 24*k)
	b.fGrid = f(true, 17*k)
	b.fBox = f(true, 15*k)
	b.fSmall = f(false, 14*k)
}

// allocate sets the image (a new one when img is nil) and makes the
// spaces' outlines.
func (b *board) allocate(img *image.RGBA) {
	if img == nil {
		img = image.NewRGBA(image.Rect(0, 0, int(b.w), int(b.h)))
	}
	b.img = img
	b.dc = newContext(b.img)
	b.quads = b.quads[:0]
	b.qboxes = b.qboxes[:0]
	b.shapes = b.shapes[:0]
	for i := range b.c.Spaces {
		q := b.quad(&b.c.Spaces[i])
		b.quads = append(b.quads, q)
		b.qboxes = append(b.qboxes, boundsOf(q))
		b.shapes = append(b.shapes, shapeOf(q))
	}
}

// drawTrackArea draws the bare circuit without title and legend, its
// labels in the board's language. visible, when given, says which points
// of the image are in view: a crop labels only the corners, start line and
// police line it shows.
func (b *board) drawTrackArea(lex *lexicon, visible func(vec) bool) {
	c := b.c
	b.dc.SetColor(colGrass)
	b.dc.Clear()
	b.drawSurface()
	b.drawSpaces()
	b.drawWall()
	b.drawStartLine()
	b.drawGrid()
	b.drawPit()
	b.drawTunnels()
	b.drawPolice()
	b.cornerBoxes = make([]rect, len(c.Corners))
	for i := range c.Corners {
		if visible == nil || visible(b.cornerAnchor(i)) {
			b.drawCornerLabel(i, &c.Corners[i])
		}
	}
	b.drawStartTag(lex, visible)
	if a, z, ok := b.policeLine(); ok && (visible == nil || visible(mid(a, z))) {
		u := unit(sub(z, a))
		b.tag([]anchor{{z, u}, {a, mul(u, -1)}}, lex.t("POLICE"), colPolice, nil)
	}
}

// cornerAnchor is the middle of a corner's outer lane on the image.
func (b *board) cornerAnchor(i int) vec {
	outer, _ := outerSpaces(b.c, &b.c.Corners[i])
	if len(outer) == 0 {
		return vec{X: math.Inf(1), Y: math.Inf(1)}
	}
	return b.px(b.c.Space(outer[len(outer)/2]).Center)
}

// drawStartTag is drawStartLabel in the board's language.
func (b *board) drawStartTag(lex *lexicon, visible func(vec) bool) {
	var row []int
	for _, i := range b.crossedInto() {
		if b.c.Spaces[i].Kind == tracks.KindTrack {
			row = append(row, i)
		}
	}
	if len(row) == 0 {
		return
	}
	lo, hi := row[0], row[0]
	for _, i := range row {
		if b.c.Spaces[i].Offset < b.c.Spaces[lo].Offset {
			lo = i
		}
		if b.c.Spaces[i].Offset > b.c.Spaces[hi].Offset {
			hi = i
		}
	}
	ql, qr := b.quads[lo], b.quads[hi]
	a, z := ql[0], qr[1]
	if visible != nil && !visible(mid(a, z)) {
		return
	}
	u := unit(sub(z, a))
	fwd := unit(sub(ql[3], ql[0]))
	b.tag([]anchor{{z, u}, {a, mul(u, -1)}}, lex.t("START"), colBand, &fwd)
}

func newContext(img *image.RGBA) *gg.Context {
	dc := gg.NewContextForRGBA(img)
	dc.SetLineJoin(gg.LineJoinRound)
	return dc
}

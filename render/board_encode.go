package render

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"maps"
	"slices"
	"sync"
)

// Encoding a board from its track layer (issue 14). Most of a board is
// its layer — the circuit and the legend, the same on every board of the
// circuit — and under 2 % of the circuit's pixels change from one board to
// the next. So the layer's share of the PNG is made once, with the layer:
//
//   - its palette: colours counted in buckets of coarseBits bits per
//     channel (coarser than EncodePNG's: an anti-aliased edge takes fewer
//     colours, which deflate codes in fewer bits), the most common at most
//     layerEntries of them, each its bucket's mean colour, the rest
//     mapped to the nearest; a flat colour (flatPixels or more in runs of
//     flatRun pixels) far from its bucket's mean keeps an entry of its own
//     (white text and a cream label share a bucket), so flat areas keep
//     their colour. A layer pixel has the same index on every board;
//   - its rows, bandRows at a time, filtered (none) and compressed on
//     their own at flate.BestCompression, where time does not count.
//
// A board then compares its circuit rows with the layer's; quantizes
// only the title band, the panels and the stretches of rows that changed
// (their buckets keep the layer's entry when the colours drawn there are
// close to it, else get entries of their own, up to 256, by the same
// popularity rule); compresses the title band and the changed bands
// with a short search (fastChain) and the panels, mostly text, with
// level 4's length (tdChain; their stretches of plain paper with the
// short one), by its own deflate writer (board_deflate.go); and copies the
// bands that did not change as they were compressed. The pieces join
// into one zlib stream: each ends on a byte boundary (a deflate sync
// flush, and no back-reference reaches before its piece, except a kept
// band's into the kept band before it). The stream's Adler-32 is summed
// run by run as the indexes are laid, the layer's rows by their terms
// (adlerTerms). A changed band is parsed with the layer's tokens where
// its rows are the layer's (tokenHint). TestBoardPNGFaithful holds the
// result to the drawing.

const (
	// bandRows is the height of the layer's compressed bands: small
	// enough that a band is often untouched by the cars and paths, large
	// enough that compressing it alone costs little.
	bandRows = 16
	// layerEntries is the most palette entries the layer takes; the rest
	// are for what is drawn over it.
	layerEntries = 160
	// flatPixels is how many pixels of one colour, in runs of flatRun or
	// more (an edge's anti-aliasing makes shorter ones), make it a flat
	// colour of the layer
	flatPixels = 24
	flatRun    = 3
	// coarseBits is the bits per channel of a board's colour buckets:
	// coarser than EncodePNG's, so that the anti-aliased edges take fewer
	// colours
	coarseBits    = 4
	coarseBuckets = 1 << (3 * coarseBits)
)

func (rn run) coarse() int {
	const shift = 8 - coarseBits
	v := rn.rgba
	return int(uint8(v)>>shift)<<(2*coarseBits) | int(uint8(v>>8)>>shift)<<coarseBits | int(uint8(v>>16)>>shift)
}

// layerCodec is a track layer's share of every board's PNG.
type layerCodec struct {
	pal color.Palette
	// index is the palette index of every bucket the layer has (the
	// nearest entry for those left out of its palette); inLayer says
	// which buckets those are.
	index   [coarseBuckets]uint8
	inLayer [coarseBuckets]bool
	// ownOf holds, by bucket, the layer's flat colours that have an
	// entry of their own, apart from their bucket's
	ownOf [coarseBuckets][]ownColour
	// area and legend are the filtered rows of the track area and of the
	// legend band: a filter byte (0, none) then the palette indexes.
	area, legend []uint8
	bands        []zSegment // area, bandRows rows at a time
	legendZ      zSegment
	// tokens is the area parsed as one stream (layerChain); a band
	// starts in tokens[bandTok[b]], bandSkip[b] bytes after its start:
	// a changed band reuses them where its rows are the layer's
	tokens   []uint32
	bandTok  []int
	bandSkip []int
	// the Adler-32 terms of area and legend, from their first byte
	areaTerms, legendTerms adlerTerms
}

// layerChain is the search's chain for the layer's tokens, parsed once
// with the layer.
const layerChain = tdChain

// ownColour is a flat colour (as a run's rgba) and its palette index.
type ownColour struct {
	rgba uint32
	ix   uint8
}

// zSegment is filtered rows compressed on their own, ending on a byte
// boundary: segments join into one zlib stream.
type zSegment struct {
	z []byte
	// zAfter is the same rows compressed to follow the layer's band
	// before them (its bytes as dictionary): smaller, and valid when that
	// band is untouched too
	zAfter []byte
}

// compressSegment compresses data on its own at the best compression,
// and again for when dict (the layer's band before) comes just before it.
func compressSegment(data, dict []byte) zSegment {
	z := func(dict []byte) []byte {
		var buf bytes.Buffer
		fw, _ := flate.NewWriterDict(&buf, flate.BestCompression, dict) // the level is valid
		fw.Write(data)                                                  // a bytes.Buffer does not fail
		fw.Flush()
		return buf.Bytes()
	}
	s := zSegment{z: z(nil)}
	if dict != nil {
		s.zAfter = z(dict)
	}
	return s
}

// newLayerCodec quantizes and compresses the layer's area and legend
// images, both as wide as the board.
func newLayerCodec(area, legend *image.RGBA) *layerCodec {
	wd := area.Rect.Dx()
	lc := &layerCodec{}
	counts := make([]tally, coarseBuckets)
	var runs []run
	for _, img := range []*image.RGBA{area, legend} {
		for y := range img.Rect.Dy() {
			o := y * img.Stride
			runs = appendRuns(runs, img.Pix[o:o+4*wd:o+4*wd])
		}
	}
	exact := map[uint32]*tally{}
	for _, rn := range runs {
		counts[rn.coarse()].add(rn)
		if rn.n < flatRun {
			continue // an edge's anti-aliasing, not a flat colour
		}
		t := exact[rn.rgba|0xFF000000]
		if t == nil {
			t = &tally{}
			exact[rn.rgba|0xFF000000] = t
		}
		t.add(rn)
	}
	// an exact colour covering many pixels far from its bucket's mean
	// keeps its own entry (white text and a cream label share a bucket)
	type entry struct {
		t   tally
		key int // a bucket, or coarseBuckets + an exact colour
	}
	var entries []entry
	for c, t := range exact {
		bk := run{c, 1}.coarse()
		if t.n >= flatPixels && !closeColours(t.mean(), counts[bk].mean()) {
			entries = append(entries, entry{*t, coarseBuckets + int(c&0xFFFFFF)})
		}
	}
	for _, e := range entries {
		t := &counts[run{uint32(e.key-coarseBuckets) | 0xFF000000, 1}.coarse()]
		t.n, t.r, t.g, t.b = t.n-e.t.n, t.r-e.t.r, t.g-e.t.g, t.b-e.t.b
	}
	for bk := range counts {
		if counts[bk].n > 0 {
			entries = append(entries, entry{counts[bk], bk})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if c := cmp.Compare(b.t.n, a.t.n); c != 0 {
			return c
		}
		return cmp.Compare(a.key, b.key)
	})
	keep := min(len(entries), layerEntries)
	lc.pal = make(color.Palette, keep, 256)
	for i, e := range entries[:keep] {
		lc.pal[i] = e.t.mean()
	}
	near := nearestTo(lc.pal)
	own := map[uint32]uint8{} // the entries of exact colours
	for i, e := range entries {
		ix := uint8(i)
		if i >= keep {
			ix = near(e.t.mean())
		}
		if e.key >= coarseBuckets {
			own[uint32(e.key-coarseBuckets)|0xFF000000] = ix
			continue
		}
		lc.index[e.key], lc.inLayer[e.key] = ix, true
	}
	for _, c := range slices.Sorted(maps.Keys(own)) {
		ix := own[c]
		// a bucket that is all exact colours answers with one of them
		bk := run{c, 1}.coarse()
		if !lc.inLayer[bk] {
			lc.index[bk], lc.inLayer[bk] = ix, true
		}
		lc.ownOf[bk] = append(lc.ownOf[bk], ownColour{c, ix})
	}
	indexOf := func(rn run) uint8 {
		ix, _ := lc.ownIndex(rn)
		return ix
	}
	filtered := func(ht int, runs []run) ([]uint8, []run) {
		out := make([]uint8, ht*(wd+1))
		for y := range ht {
			row := out[y*(wd+1)+1 : (y+1)*(wd+1)]
			for len(row) > 0 {
				rn := runs[0]
				runs = runs[1:]
				fillIndex(row[:rn.n], indexOf(rn))
				row = row[rn.n:]
			}
		}
		return out, runs
	}
	lc.area, runs = filtered(area.Rect.Dy(), runs)
	lc.legend, _ = filtered(legend.Rect.Dy(), runs)
	stride := wd + 1
	for y := 0; y < area.Rect.Dy(); y += bandRows {
		end := min(y+bandRows, area.Rect.Dy())
		var dict []byte
		if y > 0 {
			dict = lc.area[(y-bandRows)*stride : y*stride]
		}
		lc.bands = append(lc.bands, compressSegment(lc.area[y*stride:end*stride], dict))
	}
	lc.legendZ = compressSegment(lc.legend, nil)
	lc.areaTerms.addBytes(lc.area, 0, false)
	lc.legendTerms.addBytes(lc.legend, 0, false)
	td := &textDeflater{chain: layerChain}
	lc.tokens = slices.Clone(td.parse(lc.area, stride, nil))
	at := 0
	for t, tk := range lc.tokens {
		for len(lc.bandTok) < len(lc.bands) && len(lc.bandTok)*bandRows*stride < at+tokenLen(tk) {
			lc.bandTok = append(lc.bandTok, t)
			lc.bandSkip = append(lc.bandSkip, len(lc.bandTok)*bandRows*stride-bandRows*stride-at)
		}
		at += tokenLen(tk)
	}
	return lc
}

// ownIndex is the layer's palette index for a run's colour: its own
// entry if it is one of the layer's flat colours (ok), else its bucket's.
func (lc *layerCodec) ownIndex(rn run) (ix uint8, ok bool) {
	bk := rn.coarse()
	for _, o := range lc.ownOf[bk] {
		if o.rgba == rn.rgba|0xFF000000 {
			return o.ix, true
		}
	}
	return lc.index[bk], false
}

// boardScratch is one board's encoding buffers, reused.
type boardScratch struct {
	filtered []uint8 // the filtered rows of the whole board
	dirty    []bool  // per band of the area: rows differ from the layer
	counts   []tally
	runs     []run
	own      []int16
	pieces   []piece
	spans    [][2]int
	used     []int
	index    [coarseBuckets]uint8
	zbuf     bytes.Buffer
	td       *textDeflater // the fresh rows' deflate writer
}

// piece is where a stretch of pixels quantized for the board goes: its
// offset in filtered and its runs (up to runs[end]).
type piece struct{ off, end int }

var boardScratchPool sync.Pool // *boardScratch

// encodeLayered writes a board drawn on layer l as a palette PNG: header
// rows of title band, then the track area, the panels, and the legend
// band of footer rows. img is a page of l (its circuit rows started from
// the layer's pixels, and its legend rows are the layer's); it goes back
// to l's pages with its circuit rows the layer's again.
func encodeLayered(w io.Writer, img *image.RGBA, l *trackLayer, header int) error {
	defer l.pages.Put(img)
	lc := l.codec
	wd, ht := img.Rect.Dx(), img.Rect.Dy()
	stride := wd + 1
	trackH := l.b.img.Rect.Dy()
	trackEnd := header + trackH
	legendTop := ht - l.legend.Rect.Dy()

	sc, _ := boardScratchPool.Get().(*boardScratch)
	if sc == nil {
		sc = &boardScratch{counts: make([]tally, coarseBuckets)}
	}
	defer boardScratchPool.Put(sc)
	if cap(sc.filtered) < ht*stride {
		sc.filtered = make([]uint8, ht*stride)
	}
	filtered := sc.filtered[:ht*stride]
	runs, pieces := sc.runs[:0], sc.pieces[:0]
	addRow := func(y, x0, x1 int) {
		o := y*img.Stride + 4*x0
		runs = appendRuns(runs, img.Pix[o:o+4*(x1-x0):o+4*(x1-x0)])
		pieces = append(pieces, piece{y*stride + 1 + x0, len(runs)})
	}
	for y := range header {
		addRow(y, 0, wd)
	}
	// the area: the parts of rows that differ from the layer
	sc.dirty = sc.dirty[:0]
	for band := 0; band < len(lc.bands); band++ {
		y0 := band * bandRows
		y1 := min(y0+bandRows, trackH)
		dirty := false
		for y := y0; y < y1; y++ {
			got := img.Pix[(header+y)*img.Stride:][:4*wd]
			was := l.b.img.Pix[y*l.b.img.Stride:][:4*wd]
			sc.spans = appendChanges(sc.spans[:0], got, was)
			if len(sc.spans) == 0 {
				continue
			}
			if !dirty {
				// the band is encoded again: its layer indexes first
				copy(filtered[(header+y0)*stride:(header+y1)*stride], lc.area[y0*stride:y1*stride])
				dirty = true
			}
			for _, sp := range sc.spans {
				addRow(header+y, sp[0], sp[1])
				// the runs hold the pixels now: give the page its
				// layer pixels back for the next board
				copy(got[4*sp[0]:4*sp[1]], was[4*sp[0]:4*sp[1]])
			}
		}
		sc.dirty = append(sc.dirty, dirty)
	}
	for y := trackEnd; y < legendTop; y++ {
		addRow(y, 0, wd)
	}
	sc.runs, sc.pieces = runs, pieces

	// the palette: the layer's, then the colours drawn over it
	counts := sc.counts
	clear(counts)
	// own[i]: the palette index of run i when it is one of the layer's
	// flat colours, -1 when its bucket decides
	own := sc.own[:0]
	for _, rn := range runs {
		ix, ok := lc.ownIndex(rn)
		if !ok {
			counts[rn.coarse()].add(rn)
			own = append(own, -1)
			continue
		}
		own = append(own, int16(ix))
	}
	sc.own = own
	// a bucket keeps the layer's entry when the pixels drawn in it are
	// close to that colour (white text is not taken for a cream label)
	used := byCount(counts, sc.used[:0], func(bk int) bool {
		return !lc.inLayer[bk] || !closeColours(counts[bk].mean(), lc.pal[lc.index[bk]].(color.RGBA))
	})
	sc.used = used
	index := &sc.index
	*index = lc.index
	pal := append(make(color.Palette, 0, 256), lc.pal...)
	keep := min(len(used), 256-len(pal))
	for _, bk := range used[:keep] {
		index[bk] = uint8(len(pal))
		pal = append(pal, counts[bk].mean())
	}
	if keep < len(used) {
		near := nearestTo(pal)
		for _, bk := range used[keep:] {
			index[bk] = near(counts[bk].mean())
		}
	}
	if len(pal) == 0 {
		pal = append(pal, color.RGBA{A: 0xFF})
	}
	// lay the indexes, and the Adler-32 of the stream run by run: the
	// layer's rows by their terms, the spans drawn over them less the
	// layer's bytes there (the filter bytes are zeros)
	var terms adlerTerms
	areaLo, areaHi := header*stride, trackEnd*stride
	terms.addAt(lc.areaTerms, areaLo)
	terms.addAt(lc.legendTerms, legendTop*stride)
	start := 0
	for _, p := range pieces {
		out := filtered[p.off:]
		at := p.off
		for i, rn := range runs[start:p.end] {
			ix := index[rn.coarse()]
			if o := own[start+i]; o >= 0 {
				ix = uint8(o)
			}
			fillIndex(out[:rn.n], ix)
			out = out[rn.n:]
			terms.addRun(ix, int(rn.n), at)
			at += int(rn.n)
		}
		if p.off >= areaLo && p.off < areaHi {
			terms.addBytes(lc.area[p.off-areaLo:at-areaLo], p.off, true)
		}
		start = p.end
	}
	for y := 0; y < ht; y++ {
		filtered[y*stride] = 0 // filter: none
	}

	// the zlib stream: fresh rows compressed now, the layer's untouched
	// bands and its legend as they were compressed with it
	zs := &zStream{sc: sc, rows: filtered, stride: stride, lc: lc, area0: header, area1: trackEnd}
	zs.start()
	zs.fresh(0, header, fastChain) // too few rows to gain much
	for band, dirty := range sc.dirty {
		y0 := header + band*bandRows
		if dirty {
			zs.fresh(y0, min(y0+bandRows, trackEnd), fastChain)
		} else {
			zs.kept(lc.bands[band], band > 0 && !sc.dirty[band-1])
		}
	}
	zs.panels(trackEnd, legendTop)
	zs.kept(lc.legendZ, false)
	if zs.err != nil {
		return zs.err
	}
	z := &sc.zbuf
	z.Write([]byte{0x03, 0x00}) // a final, empty block
	z.Write(binary.BigEndian.AppendUint32(nil, terms.sum(ht*stride)))
	return writePalettePNG(w, wd, ht, pal, z.Bytes())
}

// closeColours says whether two colours are within about two levels a
// channel of each other, by the weighted distance of nearest.
func closeColours(a, b color.RGBA) bool {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return 3*dr*dr+4*dg*dg+2*db*db <= 9*4
}

// zStream joins a board's zlib stream in sc.zbuf: rows of filtered
// (stride bytes each) compressed now, and segments compressed before.
type zStream struct {
	sc       *boardScratch
	rows     []uint8
	stride   int
	from, to int // fresh rows not yet compressed, and their search's chain
	chain    int
	// lc's area is rows area0..area1: fresh rows there are parsed
	// with its tokens as a hint
	lc           *layerCodec
	area0, area1 int
	err          error
}

func (zs *zStream) start() {
	zs.sc.zbuf.Reset()
	zs.sc.zbuf.Write([]byte{0x78, 0x01}) // deflate, 32 KB window, fastest
}

// fresh adds rows y0..y1 to be compressed with a search of chain
// places (tdChain or fastChain), with the fresh rows just before them
// when they have the same chain.
func (zs *zStream) fresh(y0, y1, chain int) {
	if y0 == y1 {
		return
	}
	if zs.to == y0 && zs.to > zs.from && zs.chain == chain {
		zs.to = y1
		return
	}
	zs.flush()
	zs.from, zs.to, zs.chain = y0, y1, chain
}

// flush compresses the fresh rows, ending on a byte boundary.
func (zs *zStream) flush() {
	if zs.to == zs.from || zs.err != nil {
		zs.from, zs.to = 0, 0
		return
	}
	from, to := zs.from, zs.to
	data := zs.rows[from*zs.stride : to*zs.stride]
	zs.from, zs.to = 0, 0
	if zs.sc.td == nil {
		zs.sc.td = &textDeflater{}
	}
	zs.sc.td.chain = zs.chain
	z := &zs.sc.zbuf
	if zs.lc != nil && from >= zs.area0 && to <= zs.area1 && (from-zs.area0)%bandRows == 0 {
		b := (from - zs.area0) / bandRows
		h := &tokenHint{
			tokens: zs.lc.tokens[zs.lc.bandTok[b]:],
			skip:   zs.lc.bandSkip[b],
			old:    zs.lc.area[(from-zs.area0)*zs.stride : (to-zs.area0)*zs.stride],
		}
		z.Write(zs.sc.td.compressHinted(z.AvailableBuffer(), data, zs.stride, h))
		return
	}
	z.Write(zs.sc.td.compress(z.AvailableBuffer(), data, zs.stride))
}

// panels adds the panels' rows y0..y1: the stretches of at least
// plainRows rows of one palette index each (the paper between the
// panels) with the short search (fastChain), the rest (the rows with
// text, and the short stretches of paper between them) with the text's
// (tdChain), which finds the repeated words and digits the short search
// misses (issue 14). A piece of its own gives the text a Huffman code of
// its own: the panels' bytes come out a few hundred fewer, not more.
func (zs *zStream) panels(y0, y1 int) {
	plain := func(y int) bool {
		row := zs.rows[y*zs.stride+1 : (y+1)*zs.stride]
		return len(row) > 0 && bytes.Equal(row[1:], row[:len(row)-1])
	}
	from := y0 // the text rows not yet added
	for y := y0; y < y1; {
		if !plain(y) {
			y++
			continue
		}
		end := y + 1
		for end < y1 && plain(end) {
			end++
		}
		if end-y >= plainRows {
			zs.fresh(from, y, tdChain)
			zs.fresh(y, end, fastChain)
			from = end
		}
		y = end
	}
	zs.fresh(from, y1, tdChain)
}

// plainRows is the fewest rows of one palette index each that the
// panels compress apart from their text.
const plainRows = 3

// kept adds a segment compressed before: its bytes following the layer's
// band before it when that band was kept too.
func (zs *zStream) kept(s zSegment, afterKept bool) {
	zs.flush()
	if afterKept && s.zAfter != nil {
		zs.sc.zbuf.Write(s.zAfter)
	} else {
		zs.sc.zbuf.Write(s.z)
	}
}

// mergeGap is how many equal pixels end a stretch of changed ones.
const mergeGap = 8

// appendChanges appends the stretches [x0, x1) of pixels in which the
// rows of RGBA pixels a and b differ; stretches fewer than mergeGap
// pixels apart are one.
func appendChanges(spans [][2]int, a, b []byte) [][2]int {
	n := len(a) / 4
	same := func(x int) bool { return binary.LittleEndian.Uint32(a[4*x:]) == binary.LittleEndian.Uint32(b[4*x:]) }
	for x := 0; x < n; {
		// skip what is the same: 64 pixels at a time (bytes.Equal is
		// vectorized), then two, then one
		for x+64 <= n && bytes.Equal(a[4*x:4*x+256], b[4*x:4*x+256]) {
			x += 64
		}
		for x+2 <= n && binary.LittleEndian.Uint64(a[4*x:]) == binary.LittleEndian.Uint64(b[4*x:]) {
			x += 2
		}
		for x < n && same(x) {
			x++
		}
		if x == n {
			break
		}
		x0, end := x, x+1
		for x = end; x < n && x-end < mergeGap; {
			if x+2 <= n && binary.LittleEndian.Uint64(a[4*x:]) == binary.LittleEndian.Uint64(b[4*x:]) {
				x += 2
				continue
			}
			if !same(x) {
				end = x + 1
			}
			x++
		}
		spans = append(spans, [2]int{x0, end})
		x = end
	}
	return spans
}

// writePalettePNG writes an 8-bit palette PNG from its zlib stream of
// filtered rows: IHDR, PLTE, one IDAT, IEND.
func writePalettePNG(w io.Writer, wd, ht int, pal color.Palette, zdata []byte) error {
	var head [13]byte
	binary.BigEndian.PutUint32(head[0:], uint32(wd))
	binary.BigEndian.PutUint32(head[4:], uint32(ht))
	head[8], head[9] = 8, 3 // 8 bits, palette
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	for _, ch := range []struct {
		typ  string
		data []byte
	}{{"IHDR", head[:]}, {"PLTE", plte}, {"IDAT", zdata}, {"IEND", nil}} {
		var b [8]byte
		binary.BigEndian.PutUint32(b[:4], uint32(len(ch.data)))
		copy(b[4:], ch.typ)
		crc := crc32.NewIEEE()
		crc.Write(b[4:])
		crc.Write(ch.data)
		if _, err := w.Write(b[:]); err != nil {
			return err
		}
		if _, err := w.Write(ch.data); err != nil {
			return err
		}
		if _, err := w.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32())); err != nil {
			return err
		}
	}
	return nil
}

package render

import (
	"math"

	"github.com/pitwall/pitwall/tracks"
)

// The legend band at the bottom of the board explains the markings the
// circuit actually has.

type swatch int

const (
	swFill       swatch = iota // a space filled with a colour
	swStops                    // the yellow box
	swGrid                     // a grid slot
	swChequer                  // the start/finish line
	swLine                     // a coloured line
	swHatch                    // a hatched space
	swTunnelNo                 // a numbered tunnel entry
	swQualifying               // the qualifying start space
)

type legendItem struct {
	kind  swatch
	col   hexColor
	hatch hexColor
	text  string
	// position, set by layoutLegend
	x, y float64
}

func legendFor(c *tracks.Circuit) []legendItem {
	has := func(f tracks.Flags) bool {
		for i := range c.Spaces {
			if c.Spaces[i].Has(f) {
				return true
			}
		}
		return false
	}
	items := []legendItem{
		{kind: swFill, col: colStraight, text: "straight"},
	}
	if len(c.Corners) > 0 {
		items = append(items,
			legendItem{kind: swFill, col: colCorner, text: "corner"},
			legendItem{kind: swStops, text: "stops required"})
	}
	items = append(items, legendItem{kind: swChequer, text: "start/finish"})
	if len(c.Grid) > 0 {
		items = append(items, legendItem{kind: swGrid, text: "grid slot (1 = pole)"})
	}
	if q := c.QualifyingStart; q != tracks.NoSpace && !c.Space(q).Has(tracks.FlagGrid) {
		items = append(items, legendItem{kind: swQualifying, text: "qualifying start"})
	}
	switch {
	case c.Pit.Usable:
		items = append(items,
			legendItem{kind: swFill, col: colPit, text: "pit lane"},
			legendItem{kind: swFill, col: colBox, text: "pit box"},
			legendItem{kind: swLine, col: colPitLimit, text: "pit-entry limit"})
	case len(c.Pit.Lane) > 0:
		items = append(items, legendItem{kind: swFill, col: colUnusedPit, text: "pits (not used)"})
	}
	if has(tracks.FlagWall) {
		items = append(items, legendItem{kind: swLine, col: colWall, text: "wall"})
	}
	if has(tracks.FlagDangerous) {
		items = append(items, legendItem{kind: swHatch, col: colDangerous, hatch: okYellow, text: "dangerous zone"})
	}
	if has(tracks.FlagNoise) {
		items = append(items, legendItem{kind: swFill, col: colNoise, text: "noise area"})
	}
	if c.PoliceLevel >= 0 {
		items = append(items, legendItem{kind: swLine, col: colPolice, text: "police line"})
	}
	for i := range c.Spaces {
		if c.Spaces[i].Kind == tracks.KindTunnel {
			items = append(items,
				legendItem{kind: swHatch, col: colTunnel, hatch: colRoof, text: "tunnel"},
				legendItem{kind: swTunnelNo, text: "tunnel entry/exit"})
			break
		}
	}
	return items
}

// legend geometry, in design pixels (times b.k)
const (
	legendSwatchW = 30
	legendSwatchH = 20
	legendGap     = 8  // swatch to text
	legendSpacing = 26 // between items
	legendRow     = 34
	legendPad     = 10
)

// layoutLegend places the legend items in rows and returns the band's
// height.
func (b *board) layoutLegend() float64 {
	k := b.k
	x, row := 24*k, 0
	for i := range b.legend {
		it := &b.legend[i]
		w := (legendSwatchW+legendGap)*k + measure(b.fSmall, it.text)
		if x+w > b.w-24*k && x > 24*k {
			row++
			x = 24 * k
		}
		it.x, it.y = x, float64(row)*legendRow*k
		x += w + legendSpacing*k
	}
	return math.Round((float64(row+1)*legendRow + 2*legendPad) * k)
}

func (b *board) drawLegend() {
	dc := b.dc
	k := b.k
	top := b.h - b.footer
	dc.DrawRectangle(0, top, b.w, b.footer)
	dc.SetColor(colBand)
	dc.Fill()
	for _, it := range b.legend {
		x := it.x
		cy := top + legendPad*k + it.y + legendRow*k/2
		sw := rect{x, cy - legendSwatchH*k/2, x + legendSwatchW*k, cy + legendSwatchH*k/2}
		switch it.kind {
		case swFill, swHatch, swGrid, swQualifying:
			col := it.col
			if it.kind == swGrid || it.kind == swQualifying {
				col = colStraight
			}
			dc.DrawRectangle(sw.x0, sw.y0, sw.w(), sw.h())
			dc.SetColor(col)
			dc.Fill()
			if it.kind == swHatch {
				poly := sw.corners()
				for _, s := range hatch(poly[:], 7*k) {
					dc.MoveTo(s[0].X, s[0].Y)
					dc.LineTo(s[1].X, s[1].Y)
				}
				dc.SetColor(it.hatch)
				dc.SetLineWidth(2 * k)
				dc.SetLineCapButt()
				dc.Stroke()
				dc.SetLineCapRound()
			}
			dc.DrawRectangle(sw.x0, sw.y0, sw.w(), sw.h())
			dc.SetColor(colSpaceLine)
			dc.SetLineWidth(1.3 * k)
			dc.Stroke()
			switch it.kind {
			case swGrid:
				b.textCentered(b.fBox, "1", sw.center().X, sw.center().Y, colWhite)
			case swQualifying:
				b.textCentered(b.fSmall, "Q", sw.center().X, sw.center().Y, colSpaceLine)
			}
		case swStops:
			sq := rectAt(x+legendSwatchW*k/2, cy, 24*k, 24*k)
			dc.DrawRoundedRectangle(sq.x0, sq.y0, sq.w(), sq.h(), 4*k)
			dc.SetColor(colStopsBox)
			dc.Fill()
			b.textCentered(b.fBox, "2", sq.center().X, sq.center().Y, colInk)
		case swChequer:
			n := 6
			cw := sw.w() / float64(n)
			for i := range n {
				for j := range 2 {
					col := colCheckLight
					if (i+j)%2 == 1 {
						col = colCheckDark
					}
					dc.DrawRectangle(sw.x0+float64(i)*cw, cy-cw+float64(j)*cw, cw, cw)
					dc.SetColor(col)
					dc.Fill()
				}
			}
		case swLine:
			dc.MoveTo(sw.x0, cy)
			dc.LineTo(sw.x1, cy)
			dc.SetColor(it.col)
			dc.SetLineWidth(6 * k)
			dc.SetLineCapButt()
			dc.Stroke()
			dc.SetLineCapRound()
		case swTunnelNo:
			c := sw.center()
			dc.DrawCircle(c.X, c.Y, 11*k)
			dc.SetColor(colTunnelMark)
			dc.Fill()
			b.textCentered(b.fBox, "1", c.X, c.Y, colWhite)
		}
		b.text(b.fSmall, it.text, x+(legendSwatchW+legendGap)*k, cy+capHeight(b.fSmall)/2, colBandText)
	}
}

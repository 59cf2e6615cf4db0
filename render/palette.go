package render

import "image/color"

// hexColor is an opaque colour written 0xRRGGBB. Being an integer, it can be
// a constant: the board's colours are fixed, not package state.
type hexColor uint32

// RGBA implements color.Color.
func (h hexColor) RGBA() (r, g, b, a uint32) {
	return h.rgba().RGBA()
}

func (h hexColor) rgba() color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xFF}
}

// The colours of the board. Accents come from the Okabe–Ito palette, which
// stays distinguishable under the common colour-vision deficiencies; areas
// are muted greys and greens so that the accents (and later the cars) stand
// out. Neighbouring areas also differ in lightness, so the board still reads
// in greyscale. Areas are filled with opaque colours (tints are mixed here,
// not drawn with transparency), which keeps the number of distinct colours
// in an image small for the 256-colour PNG.
const (
	// Okabe–Ito.
	okOrange    hexColor = 0xE69F00
	okSkyBlue   hexColor = 0x56B4E9
	okGreen     hexColor = 0x009E73
	okYellow    hexColor = 0xF0E442
	okBlue      hexColor = 0x0072B2
	okVermilion hexColor = 0xD55E00

	colGrass      hexColor = 0x869E76 // muted grass around the track
	colBand       hexColor = 0x262B30 // the title and legend bands
	colBandText   hexColor = 0xFFFFFF
	colBandSub    hexColor = 0xC8D0D8
	colKerb       hexColor = 0xEEEEEA // the white edge of the track surface
	colAsphalt    hexColor = 0x45494E // the track surface around the spaces
	colStraight   hexColor = 0x5C6167 // a space on a straight
	colCorner     hexColor = 0x907940 // colStraight 38% towards okOrange
	colSpaceLine  hexColor = 0xDCDFE2 // the thin border of every space
	colPit        hexColor = 0x336989 // colStraight 45% towards okBlue
	colBox        hexColor = 0x91CEF1 // okSkyBlue 35% towards white
	colUnusedPit  hexColor = 0x8A8E92 // pits drawn but not used (U-CIR-01)
	colDangerous  hexColor = 0x232323 // "the zone" (U-ZONE-01), hatched okYellow
	colNoise      hexColor = 0x9A6E8A // colStraight 55% towards Okabe–Ito reddish purple (U-GANG-01)
	colTunnel     hexColor = 0xA6A9AC // under the tunnel roof (U-TUN-01)
	colRoof       hexColor = 0x7C8085 // the roof's hatching
	colWall       hexColor = okVermilion
	colPolice     hexColor = okBlue
	colPitLimit   hexColor = okOrange
	colStopsBox   hexColor = okYellow // the printed boards' yellow box
	colNameTag    hexColor = 0xFBFBF4
	colInk        hexColor = 0x1A1A1A // text and outlines on light fills
	colWhite      hexColor = 0xFFFFFF
	colCheckDark  hexColor = 0x141414
	colCheckLight hexColor = 0xF6F6F6
	colTunnelMark hexColor = okGreen
	colLegendLine hexColor = 0x5A6068
)

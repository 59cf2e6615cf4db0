package render

import (
	"fmt"
	"io"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
)

// GameBoardOptions are a board's options for any game: who reads it, in
// which language, at which size. Each game's drawer reads what it has.
type GameBoardOptions struct {
	// Lang is the language of every word: "en" (the default) or "fr".
	Lang string
	// Width and Screen size the image as BoardOptions's do (0: the
	// drawer's defaults).
	Width, Screen int
	// Reader is who the board is drawn for, as engine.Game's readers are
	// named: a seat from 0, −1 nobody in particular (a spectator: what is
	// public only), engine.Referee the game master. A Formula Dé board
	// names the reader's car and shows what 5-D hides from others; a
	// Racing Simulator board shows that seat's hand and nobody else's.
	Reader int
	// Crop asks for the phone view where the game has one.
	Crop bool
}

// GameBoardPNG draws the board of a game served through the engine's
// contract (engine.Game), choosing the drawer by the game: a Formula Dé
// race (fd.Contract) is Board/Crop, a Racing Simulator game (rs.Contract)
// RSBoard/RSCrop, a duel (duel.Contract) DuelBoard/DuelCrop. Any other
// game has no board here and is refused; nothing is written then. Callers
// that serve several games (the service's posts, mails and web page) hand
// the game over and never name a drawer.
func (r *Renderer) GameBoardPNG(w io.Writer, g engine.Game, opt GameBoardOptions) error {
	switch c := g.(type) {
	case fd.Contract:
		if c.G == nil {
			break
		}
		bo := BoardOptions{Lang: opt.Lang, Width: opt.Width, Screen: opt.Screen, Reader: fdReader(opt.Reader)}
		if opt.Crop {
			return r.CropPNG(w, c.G, bo)
		}
		return r.BoardPNG(w, c.G, bo)
	case rs.Contract:
		if c.G == nil {
			break
		}
		ro := RSBoardOptions{Lang: opt.Lang, Width: opt.Width, Screen: opt.Screen, Seat: max(opt.Reader, -1) + 1}
		if opt.Crop {
			return r.RSCropPNG(w, c.G, ro)
		}
		return r.RSBoardPNG(w, c.G, ro)
	case duel.Contract:
		if c.G == nil {
			break
		}
		do := DuelBoardOptions{Lang: opt.Lang, Width: opt.Width, Screen: opt.Screen}
		if opt.Crop {
			return r.DuelCropPNG(w, c.G, do)
		}
		return r.DuelBoardPNG(w, c.G, do)
	}
	return fmt.Errorf("render: no board for a %T", g)
}

// fdReader names a contract reader as a Formula Dé board does: a car from
// 1, 0 nobody, fd.GameMaster the game master.
func fdReader(reader int) int {
	switch {
	case reader == engine.Referee:
		return fd.GameMaster
	case reader < 0:
		return 0
	}
	return reader + 1
}

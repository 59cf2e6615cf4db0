package render

import (
	"bytes"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
)

// GameBoardPNG chooses the drawer by the game it is handed (engine.Game)
// and draws, byte for byte, what that game's own drawer draws for the
// same reader: a Formula Dé race for a seat is its car's board (seat 0 is
// car 1; −1 nobody; engine.Referee the game master, who reads 5-D's
// hidden builds), a Racing Simulator board shows the reader's hand, a
// duel is the same for everyone. A game with no drawer is refused and
// nothing is written.
func TestGameBoardPNGChoosesTheDrawerByTheGame(t *testing.T) {
	r := New()
	draw := func(g engine.Game, opt GameBoardOptions) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := r.GameBoardPNG(&b, g, opt); err != nil {
			t.Fatalf("%T %+v: %v", g, opt, err)
		}
		return b.Bytes()
	}
	own := func(f func(*bytes.Buffer) error) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}

	race := midRace5D(t)
	con := fd.NewContract(race, nil)
	for _, tc := range []struct {
		reader, car int
		crop        bool
	}{{-1, 0, false}, {0, 1, false}, {1, 2, true}, {engine.Referee, fd.GameMaster, false}, {-1, 0, true}} {
		want := own(func(b *bytes.Buffer) error {
			opt := BoardOptions{Lang: "fr", Reader: tc.car}
			if tc.crop {
				return r.CropPNG(b, race, opt)
			}
			return r.BoardPNG(b, race, opt)
		})
		if got := draw(con, GameBoardOptions{Lang: "fr", Reader: tc.reader, Crop: tc.crop}); !bytes.Equal(got, want) {
			t.Errorf("Formula Dé, reader %d (crop %v): not car %d's board", tc.reader, tc.crop, tc.car)
		}
	}
	if bytes.Equal(draw(con, GameBoardOptions{Reader: 0}), draw(con, GameBoardOptions{Reader: -1})) {
		t.Error("under 5-D a seat's board and a spectator's are the same: the reader was not passed on")
	}

	rg := rsGame(t, rsFamily4, "windmere", "game-board", 3)
	for _, reader := range []int{-1, 0, 2, engine.Referee} {
		seat := max(reader, -1) + 1
		want := own(func(b *bytes.Buffer) error { return r.RSBoardPNG(b, rg, RSBoardOptions{Lang: "en", Seat: seat}) })
		if got := draw(rs.Contract{G: rg}, GameBoardOptions{Lang: "en", Reader: reader}); !bytes.Equal(got, want) {
			t.Errorf("Racing Simulator, reader %d: not seat %d's board", reader, seat)
		}
	}

	dg, err := duel.New("game-board", duel.Config{Mode: duel.Dragster})
	if err != nil {
		t.Fatal(err)
	}
	want := own(func(b *bytes.Buffer) error { return r.DuelCropPNG(b, dg, DuelBoardOptions{Lang: "fr"}) })
	if got := draw(duel.Contract{G: dg}, GameBoardOptions{Lang: "fr", Reader: 1, Crop: true}); !bytes.Equal(got, want) {
		t.Error("a duel's phone view is not DuelCrop")
	}

	for _, g := range []engine.Game{fd.Contract{}, rs.Contract{}, duel.Contract{}, nil} {
		var b bytes.Buffer
		if err := r.GameBoardPNG(&b, g, GameBoardOptions{}); err == nil || b.Len() > 0 {
			t.Errorf("%T: drawn without a game (error %v, %d bytes)", g, err, b.Len())
		}
	}
}

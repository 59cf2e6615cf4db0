package main

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/render"
)

// A duel's posts and mails carry its board (issue 16): the contract board
// of a duel is render's duel board, the same for every seat and for
// everyone, in the reader's language.
func TestContractBoardDrawsTheDuel(t *testing.T) {
	b := boardRenderer{render.New()}
	for _, cfg := range []duel.Config{{Mode: duel.Dragster}, {Mode: duel.Chicken, Faster: duel.FasterGear, MarshAt: duel.FinishLine}} {
		g, err := duel.New("posted", cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "fr"} {
			var want bytes.Buffer
			if err := b.r.DuelBoardPNG(&want, g, render.DuelBoardOptions{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			for _, seat := range []int{-1, 0, 1} {
				var got bytes.Buffer
				if err := b.ContractBoardPNG(&got, duel.Contract{G: g}, seat, lang); err != nil {
					t.Fatalf("%s, seat %d: %v", cfg.Mode, seat, err)
				}
				if _, err := png.Decode(bytes.NewReader(got.Bytes())); err != nil {
					t.Fatalf("%s, seat %d: not a PNG: %v", cfg.Mode, seat, err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("%s, %s, seat %d: the contract board is not the duel board", cfg.Mode, lang, seat)
				}
			}
		}
	}
}

// A duel's phone view in the mails of a pilot who prefers it (player set
// --board phone) is render's DuelCrop, the same for every seat; a game
// without a phone view here is refused, so its full board goes instead.
func TestContractCropDrawsTheDuelPhoneView(t *testing.T) {
	b := boardRenderer{render.New()}
	for _, cfg := range []duel.Config{{Mode: duel.Dragster}, {Mode: duel.Chicken, Faster: duel.FasterSquares, MarshAt: 30}} {
		g, err := duel.New("posted", cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "fr"} {
			var want bytes.Buffer
			if err := b.r.DuelCropPNG(&want, g, render.DuelBoardOptions{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			for _, seat := range []int{-1, 0, 1} {
				var got bytes.Buffer
				if err := b.ContractCropPNG(&got, duel.Contract{G: g}, seat, lang); err != nil {
					t.Fatalf("%s, seat %d: %v", cfg.Mode, seat, err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("%s, %s, seat %d: the contract phone view is not the duel's", cfg.Mode, lang, seat)
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := b.ContractCropPNG(&buf, rs.Contract{}, 0, "en"); err == nil {
		t.Error("a Racing Simulator game got a phone view from ContractCropPNG")
	}
}

// bot hands every board drawer the game it serves (engine.Game); the
// renderer chooses the drawer by the game (docs/engine.md, "bot serving
// Formula Dé through the contract"): a duel's public board through
// BoardPNG is its contract board, and the Formula Dé drawers refuse a game
// that is no Formula Dé race instead of drawing something else.
func TestBoardPNGChoosesTheDrawerByTheGame(t *testing.T) {
	b := boardRenderer{render.New()}
	g, err := duel.New("posted", duel.Config{Mode: duel.Dragster})
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	if err := b.ContractBoardPNG(&want, duel.Contract{G: g}, -1, "fr"); err != nil {
		t.Fatal(err)
	}
	if err := b.BoardPNG(&got, duel.Contract{G: g}, "fr"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Error("a duel's public board is not its contract board for everyone")
	}
	for name, draw := range map[string]func() error{
		"BoardPNGFor":   func() error { return b.BoardPNGFor(&got, duel.Contract{G: g}, "en", 1, false) },
		"BoardPNGSized": func() error { return b.BoardPNGSized(&got, rs.Contract{}, "en", false, bot.BoardSize{Width: 800}) },
		"BoardPNGSizedFor": func() error {
			return b.BoardPNGSizedFor(&got, duel.Contract{G: g}, "en", true, bot.BoardSize{Width: 800}, 1)
		},
		"CropPNG": func() error { return b.CropPNG(&got, fd.Contract{}, "en") },
	} {
		got.Reset()
		if err := draw(); err == nil || got.Len() > 0 {
			t.Errorf("%s drew a Formula Dé board for a game that is no Formula Dé race (error %v, %d bytes)", name, err, got.Len())
		}
	}
}

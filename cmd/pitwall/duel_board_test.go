package main

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pitwall/pitwall/engine/duel"
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

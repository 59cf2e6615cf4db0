package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/render/standings"
	"github.com/pitwall/pitwall/transport/discord"
)

// boardRenderer draws the boards of Discord posts, mails and the web page
// (bot reaches render through bot.BoardRenderer and its sister interfaces
// only). bot hands it the game it serves (engine.Game), and render chooses
// the drawer by the game (render.GameBoardPNG); these methods only say
// who reads and at which size, in the words of bot's interfaces.
type boardRenderer struct{ r *render.Renderer }

// BoardPNG draws the board everyone may see (bot.BoardRenderer).
func (b boardRenderer) BoardPNG(w io.Writer, g engine.Game, lang string) error {
	return b.r.GameBoardPNG(w, g, render.GameBoardOptions{Lang: lang, Reader: -1})
}

// ContractBoardPNG draws a contract game's board for one seat (from 0;
// −1 everyone): a Racing Simulator board shows that seat's hand only; a
// duel's (AX-1, AX-4) is the same for every seat, as no sealed order is
// drawn (bot.ContractBoards).
func (b boardRenderer) ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	return b.r.GameBoardPNG(w, g, render.GameBoardOptions{Lang: lang, Reader: seat})
}

// ContractCropPNG draws a contract game's phone view for one seat
// (bot.ContractCrops): a duel's (AX-1, AX-4) is render's DuelCrop, the
// same for every seat; the other contract games have none here, and their
// full board goes.
func (b boardRenderer) ContractCropPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	if _, ok := g.(duel.Contract); !ok {
		return fmt.Errorf("no phone view for a %T", g)
	}
	return b.r.GameBoardPNG(w, g, render.GameBoardOptions{Lang: lang, Reader: seat, Crop: true})
}

// BoardPNGFor draws a Formula Dé race's board or crop for the driver of
// car (bot.ReaderRenderer): its header names the reader's car.
func (b boardRenderer) BoardPNGFor(w io.Writer, g engine.Game, lang string, car int, crop bool) error {
	return b.BoardPNGSizedFor(w, g, lang, crop, bot.BoardSize{}, car)
}

// BoardPNGSized draws a Formula Dé race's board or crop at a size
// (bot.SizedRenderer): the web page's boards, a spectator's.
func (b boardRenderer) BoardPNGSized(w io.Writer, g engine.Game, lang string, crop bool, size bot.BoardSize) error {
	return b.BoardPNGSizedFor(w, g, lang, crop, size, 0)
}

// BoardPNGSizedFor draws a Formula Dé race's board or crop at a size for
// reader (a car, fd.GameMaster, 0 nobody: bot.SizedReaderRenderer): the
// web page's board reached through a player's personal link under 5-D.
func (b boardRenderer) BoardPNGSizedFor(w io.Writer, g engine.Game, lang string, crop bool, size bot.BoardSize, reader int) error {
	if _, ok := g.(fd.Contract); !ok {
		return fmt.Errorf("no Formula Dé board for a %T", g)
	}
	return b.r.GameBoardPNG(w, g, render.GameBoardOptions{Lang: lang, Width: size.Width, Screen: size.Screen, Reader: seatOfReader(reader), Crop: crop})
}

// CropPNG draws a Formula Dé race's phone crop (bot.CropRenderer).
func (b boardRenderer) CropPNG(w io.Writer, g engine.Game, lang string) error {
	return b.BoardPNGSizedFor(w, g, lang, true, bot.BoardSize{}, 0)
}

// seatOfReader names a Formula Dé reader (a car from 1, 0 nobody,
// fd.GameMaster) as engine.Game's readers are named: a seat from 0, −1
// nobody, engine.Referee.
func seatOfReader(reader int) int {
	switch reader {
	case 0:
		return -1
	case fd.GameMaster:
		return engine.Referee
	}
	return reader - 1
}

// discordConfig reads the Discord settings from the environment: with
// both PITWALL_DISCORD_TOKEN and PITWALL_DISCORD_APP_ID set, serve
// connects.
func discordConfig(getenv func(string) string) (discord.Config, bool) {
	cfg := discord.Config{
		Token:  getenv("PITWALL_DISCORD_TOKEN"),
		AppID:  getenv("PITWALL_DISCORD_APP_ID"),
		API:    getenv("PITWALL_DISCORD_API"),
		Guild:  getenv("PITWALL_DISCORD_GUILD"),
		GMRole: getenv("PITWALL_DISCORD_GM_ROLE"),
	}
	return cfg, cfg.Token != "" && cfg.AppID != ""
}

// startDiscord starts the Discord transport when it is configured (nil,
// nil when it is not); the returned function waits for it to stop after
// ctx ends. When the transport fails it calls fail (serve stops).
func startDiscord(ctx context.Context, e *env, svc *bot.Service, fail func()) (func() error, error) {
	cfg, ok := discordConfig(os.Getenv)
	if !ok {
		return nil, nil
	}
	cfg.Renderer = boardRenderer{render.New()}
	cfg.Standings = standingsRenderer{standings.New()}
	cfg.Logf = log.New(e.stderr, "", log.LstdFlags).Printf
	t, err := discord.New(svc, cfg)
	if err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() {
		err := t.Run(ctx)
		if err != nil {
			fail() // serve stops and returns err
		}
		done <- err
	}()
	where := "discord.com"
	if cfg.API != "" {
		where = cfg.API
	}
	scope := "globally"
	if cfg.Guild != "" {
		scope = "in guild " + cfg.Guild
	}
	fmt.Fprintf(e.stdout, "pitwall: Discord connecting to %s (application %s, /race registered %s)\n", where, cfg.AppID, scope)
	return func() error { return <-done }, nil
}

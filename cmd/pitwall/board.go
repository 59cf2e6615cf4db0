package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/tracks"
)

// RenderCmd draws the game of a record after a play (contract in
// README.md, "Board images").
type RenderCmd struct {
	File  string `arg:"" help:"Game record."`
	Play  int    `default:"-1" help:"Draw the game after this play (default: the last; 0: before the first play). Racing Simulator: after this turn."`
	View  string `default:"board" enum:"board,crop" help:"board: the whole board; crop: the part around the car to move, for a phone."`
	Lang  string `default:"en" enum:"en,fr" help:"Language of the labels: en or fr."`
	Out   string `short:"o" required:"" help:"Output PNG file."`
	Width int    `help:"Image width in pixels (board: 800 to 6400, default 1600; crop: 390 to 1600, default 800)."`
	GIF   string `name:"gif" help:"Also write an animated GIF of that play's round, car by car, up to that play."`
	Seat  int    `help:"Racing Simulator: draw the board for this seat (from 1), with its own hand; 0 (default) for everyone."`
}

func (c *RenderCmd) Run(e *env) error {
	r, err := readGameRecord(c.File, func(game string) error { // records.go: the header picks the game
		if game == gameFD && c.Seat != 0 {
			return errors.New("--seat belongs to Racing Simulator records (a Formula Dé board is the same for everyone)")
		}
		return nil
	})
	if err != nil {
		return err
	}
	return r.game.render(e, c, r)
}

// runFD draws a Formula Dé record's board after play --play (0: the grid;
// default the last), rebuilt by its loader.
func (c *RenderCmd) runFD(e *env, r *gameRecord, rec *fd.Record, circuit *tracks.Circuit) error {
	last := rec.LastPlay()
	play := c.Play
	switch {
	case play < 0:
		play = last
	case play > last:
		return fmt.Errorf("%s: play %d: the record has %d plays", c.File, play, last)
	}
	served, err := r.loader.ReplayAfter(r.lines, play)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	g := raceOfRecord(served) // the board is Formula Dé's own (records.go)
	draw := render.New()
	opt := render.BoardOptions{Lang: c.Lang, Width: c.Width}
	// draw in memory first, so that a failure leaves any existing file alone
	var buf bytes.Buffer
	if c.View == "crop" {
		err = draw.CropPNG(&buf, g, opt)
	} else {
		err = draw.BoardPNG(&buf, g, opt)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(c.Out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: wrote %s (%s after play %d of %d, %d KB)\n", c.File, c.Out, c.View, play, last, (buf.Len()+1023)/1024)
	if c.GIF != "" {
		n, size, err := writeRoundGIF(draw, fdHistory(rec, circuit), rec, play, opt, c.View == "crop", c.GIF)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s: wrote %s (%d frames, %d KB)\n", c.File, c.GIF, n, (size+1023)/1024)
	}
	return nil
}

// errEnough stops a replay once the frames wanted are drawn.
var errEnough = errors.New("enough")

// writeRoundGIF writes the round of play n car by car: the board before
// its first play, then after each play up to n.
// The frames are the race after each play, as its Historian replays it
// (ReplayAfter, ReplayEach), each drawn from the race itself
// (raceOfRecord: the board is Formula Dé's own).
func writeRoundGIF(r *render.Renderer, h engine.Historian, rec *fd.Record, n int, opt render.BoardOptions, crop bool, path string) (int, int, error) {
	lines := fdLines(rec)
	rounds := rec.PlayRounds()
	first := n
	for first > 1 && rounds[first-1] == rounds[n] {
		first--
	}
	// the states to draw: the round's start, then each play up to n
	var frames []image.Image
	collect := func(opt render.BoardOptions) error {
		frames = frames[:0]
		draw := func(served engine.Game) error {
			g := raceOfRecord(served)
			var img image.Image
			var err error
			if crop {
				img, err = r.Crop(g, opt)
			} else {
				img, err = r.Board(g, opt)
			}
			if err == nil {
				frames = append(frames, img)
			}
			return err
		}
		if first == 1 || n == 0 {
			// the round starts the game: its first frame is the grid
			g, err := h.ReplayAfter(lines, 0)
			if err != nil {
				return err
			}
			if err := draw(g); err != nil {
				return err
			}
		}
		_, err := h.ReplayEach(lines, func(g engine.Game, play int) error {
			if play >= first-1 && play <= n && play > 0 {
				if err := draw(g); err != nil {
					return err
				}
			}
			if play >= n {
				return errEnough
			}
			return nil
		})
		if errors.Is(err, errEnough) {
			err = nil
		}
		return err
	}
	if err := collect(opt); err != nil {
		return 0, 0, err
	}
	// the panels grow and shrink with the options: draw again, all as
	// high as the highest
	high := 0
	for _, f := range frames {
		high = max(high, f.Bounds().Dy())
	}
	opt.MinHeight = high
	if err := collect(opt); err != nil {
		return 0, 0, err
	}
	var buf bytes.Buffer
	if err := render.EncodeGIF(&buf, frames, render.GIFOptions{}); err != nil {
		return 0, 0, err
	}
	return len(frames), buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}

// writeRoundBoards writes one board per round into dir, as the round
// ends: round-001.png, round-002.png, …
func writeRoundBoards(h engine.Historian, rec *fd.Record, dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	r := render.New()
	rounds := rec.PlayRounds()
	written, lastDrawn := 0, 0
	var buf bytes.Buffer
	_, err := h.ReplayEach(fdLines(rec), func(g engine.Game, play int) error {
		round := rounds[play]
		if play == 0 || round <= lastDrawn || rounds[play+1] == round {
			return nil // the round goes on
		}
		buf.Reset()
		if err := r.BoardPNG(&buf, raceOfRecord(g), render.BoardOptions{}); err != nil {
			return err
		}
		lastDrawn = round
		written++
		return os.WriteFile(filepath.Join(dir, fmt.Sprintf("round-%03d.png", round)), buf.Bytes(), 0o644)
	})
	return written, err
}

// writeImages writes what sim's --boards and --gif ask for, and says so
// unless the output is JSON.
func (c *SimCmd) writeImages(e *env, rec *fd.Record, circuit *tracks.Circuit) error {
	if c.Boards != "" {
		n, err := writeRoundBoards(fdHistory(rec, circuit), rec, c.Boards)
		if err != nil {
			return err
		}
		if !c.JSON {
			fmt.Fprintf(e.stdout, "boards     %d in %s\n", n, c.Boards)
		}
	}
	if c.GIF != "" {
		n, size, err := writeRoundGIF(render.New(), fdHistory(rec, circuit), rec, rec.LastPlay(), render.BoardOptions{}, false, c.GIF)
		if err != nil {
			return err
		}
		if !c.JSON {
			fmt.Fprintf(e.stdout, "gif        %s (%d frames, %d KB)\n", c.GIF, n, (size+1023)/1024)
		}
	}
	return nil
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/tracks"
)

// TrackRenderCmd draws the bare circuit as a PNG (pitwall track render
// ID|FILE -o out.png; docs/tracks.md).
// An invalid circuit is not drawn: its problems are listed as validate
// lists them, and the exit status is 1.
type TrackRenderCmd struct {
	ID    string `arg:"" help:"Circuit id or .track file."`
	Out   string `short:"o" required:"" help:"Output PNG file."`
	Width int    `default:"1600" help:"Image width in pixels (1600 to 6400)."`
}

func (c *TrackRenderCmd) Run(e *env) error {
	if handled, err := rsTrackCommand(e, c.ID, c.Out, c.Width); handled { // rs.go
		return err
	}
	t, err := loadCircuit(c.ID)
	if err != nil {
		var ps tracks.Problems
		if errors.As(err, &ps) {
			fmt.Fprintf(e.stderr, "%s: %d problem(s), not drawn:\n", c.ID, len(ps))
			for _, p := range ps {
				fmt.Fprintf(e.stderr, "  %s\n", p)
			}
		} else {
			fmt.Fprintf(e.stderr, "%v\n", err)
		}
		return exitError{1}
	}
	// draw in memory first, so that a failure leaves any existing file alone
	var buf bytes.Buffer
	if err := render.New().TrackPNG(&buf, t, render.TrackOptions{Width: c.Width}); err != nil {
		return err
	}
	if err := os.WriteFile(c.Out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: wrote %s (%d KB)\n", t.ID, c.Out, (buf.Len()+1023)/1024)
	return nil
}

package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/pitwall/pitwall/tracks"
)

// TrackCmd groups the circuit subcommands (contract in README.md).
type TrackCmd struct {
	List     TrackListCmd     `cmd:"" help:"One line per embedded circuit, the circuit id first."`
	Show     TrackShowCmd     `cmd:"" help:"Describe a circuit."`
	Validate TrackValidateCmd `cmd:"" help:"Check a circuit (an embedded id or a .track file); exit 0 when valid."`
	Render   TrackRenderCmd   `cmd:"" help:"Draw the bare circuit as a PNG."`
}

type TrackListCmd struct{}

func (TrackListCmd) Run(e *env) error {
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		if err != nil {
			fmt.Fprintf(e.stdout, "%s\tINVALID: %v\n", id, strings.SplitN(err.Error(), "\n", 2)[0])
			continue
		}
		fmt.Fprintf(e.stdout, "%s\t%s\t%s\n", c.ID, c.Name, summary(c))
	}
	return nil
}

func summary(c *tracks.Circuit) string {
	pit := "no pit lane"
	if c.Pit.Usable {
		pit = "pit lane"
	} else if len(c.Pit.Lane) > 0 {
		pit = "pits drawn, not used"
	}
	return fmt.Sprintf("%d corners, lap %d spaces, %d lanes, grid %d, %s", len(c.Corners), c.LapLength, c.Lanes, len(c.Grid), pit)
}

// loadCircuit reads an embedded id, or a file when the argument names one.
// A circuit with problems is returned with them, so validate can list them.
func loadCircuit(arg string) (*tracks.Circuit, error) {
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		if st.Size() > tracks.MaxSourceSize {
			return nil, fmt.Errorf("%s: %d bytes, more than the %d a circuit may have", arg, st.Size(), tracks.MaxSourceSize)
		}
		src, err := os.ReadFile(arg)
		if err != nil {
			return nil, err
		}
		return tracks.Load(arg, src)
	}
	if strings.ContainsAny(arg, "/\\") || strings.HasSuffix(arg, ".track") {
		return nil, fmt.Errorf("%s: no such file", arg)
	}
	return tracks.Get(arg)
}

type TrackShowCmd struct {
	ID   string `arg:"" help:"Circuit id or .track file."`
	JSON bool   `name:"json" help:"Print JSON."`
}

type cornerJSON struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Stops     int    `json:"stops"`
	Direction string `json:"direction"`
	LongPath  int    `json:"long_path"`
	ShortPath int    `json:"short_path"`
}

type trackJSON struct {
	ID          string        `json:"id"`
	Name        string        `json:"name"`
	Description string        `json:"description,omitempty"`
	Lanes       int           `json:"lanes"`
	Spaces      int           `json:"spaces"`
	Levels      int           `json:"levels"`
	LapLength   int           `json:"lap_length"`
	Laps        int           `json:"laps"`
	Corners     []cornerJSON  `json:"corners"`
	Grid        int           `json:"grid"`
	Pit         bool          `json:"pit"`
	PitBoxes    int           `json:"pit_boxes"`
	Oval        bool          `json:"oval"`
	Street      bool          `json:"street"`
	Weather     []weatherJSON `json:"weather"`
}

type weatherJSON struct {
	From    int    `json:"from"`
	To      int    `json:"to"`
	Weather string `json:"weather"`
}

func (c *TrackShowCmd) Run(e *env) error {
	t, err := loadCircuit(c.ID)
	if err != nil {
		return err
	}
	spaces := 0
	for i := range t.Spaces {
		if t.Spaces[i].Playable() {
			spaces++
		}
	}
	out := trackJSON{ID: t.ID, Name: t.Name, Description: t.Description, Lanes: t.Lanes, Spaces: spaces,
		Levels: t.Levels, LapLength: t.LapLength, Laps: t.Laps, Grid: len(t.Grid), Pit: t.Pit.Usable,
		PitBoxes: len(t.Pit.Boxes), Oval: t.Oval, Street: t.Street, Corners: []cornerJSON{}}
	for _, k := range t.Corners {
		out.Corners = append(out.Corners, cornerJSON{ID: k.ID, Name: k.Name, Stops: k.Stops, Direction: k.Direction.String(), LongPath: k.LongPath, ShortPath: k.ShortPath})
	}
	for _, w := range t.Weather {
		out.Weather = append(out.Weather, weatherJSON{From: w.From, To: w.To, Weather: w.Weather.String()})
	}
	if c.JSON {
		return printJSON(e, out)
	}
	fmt.Fprintf(e.stdout, "%s — %s\n%s\n", t.ID, t.Name, summary(t))
	if t.Description != "" {
		fmt.Fprintln(e.stdout, t.Description)
	}
	for i, k := range out.Corners {
		fmt.Fprintf(e.stdout, "  %2d. %-24s %d stop(s), %s, %d-%d spaces\n", i+1, k.Name, k.Stops, k.Direction, k.ShortPath, k.LongPath)
	}
	return nil
}

type TrackValidateCmd struct {
	ID string `arg:"" help:"Circuit id or .track file."`
}

func (c *TrackValidateCmd) Run(e *env) error {
	if handled, err := rsTrackCommand(e, c.ID, "", 0); handled { // rs.go
		return err
	}
	t, err := loadCircuit(c.ID)
	if err != nil {
		var ps tracks.Problems
		if errors.As(err, &ps) {
			fmt.Fprintf(e.stderr, "%s: %d problem(s):\n", c.ID, len(ps))
			for _, p := range ps {
				fmt.Fprintf(e.stderr, "  %s\n", p)
			}
		} else {
			fmt.Fprintf(e.stderr, "%v\n", err)
		}
		return exitError{1}
	}
	fmt.Fprintf(e.stdout, "%s: valid: %s\n", t.ID, summary(t))
	return nil
}

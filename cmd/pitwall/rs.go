package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/engine/rs/decks"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Racing Simulator's dispatch for sim, replay, verify and render (--game
// rs); the rules live in engine/rs.

// rsView is what sim and replay print for a Racing Simulator race.
type rsView struct {
	Seed       string     `json:"seed"`
	Commitment string     `json:"commitment"`
	Game       string     `json:"game"`
	Rules      string     `json:"rules"`
	Mode       string     `json:"mode"`
	Track      string     `json:"track"`
	Seats      int        `json:"seats"`
	Cars       int        `json:"cars"`
	Turns      int        `json:"turns"`
	Results    []rsResult `json:"results"`
}

type rsResult struct {
	Car    int    `json:"car"`
	Place  int    `json:"place"`
	Name   string `json:"name"`
	Seat   int    `json:"seat,omitempty"` // 1-based; absent for a system car
	System bool   `json:"system"`
	Square int    `json:"square"`
	Slow   int    `json:"slow"`
}

func (c *SimCmd) runRS(e *env) error {
	if c.Boards != "" || c.GIF != "" || c.Laps != 0 || c.Rules != "fd2008" {
		return errors.New("--game rs: --boards, --gif, --laps and --rules belong to Formula Dé (Racing Simulator races a fixed number of turns)")
	}
	cfg := rs.Config{Mode: rs.Mode(c.Mode), Seats: c.Cars}
	for _, o := range c.Optional {
		if err := cfg.SetOptional(o); err != nil {
			return fmt.Errorf("--game rs: %w", err)
		}
	}
	if c.RiskDeck != "" {
		b, err := os.ReadFile(c.RiskDeck)
		if err != nil {
			return err
		}
		if cfg.Risk, err = decks.Parse(c.RiskDeck, string(b)); err != nil {
			return err
		}
	}
	seed := rs.SeedFrom(c.Seed)
	g, rec, err := rs.Simulate(cfg, c.Track, seed)
	if err != nil {
		return err
	}
	if c.Record != "" {
		if err := os.WriteFile(c.Record, []byte(rec.Text()), 0o644); err != nil {
			return err
		}
	}
	return printRS(e, rec, g, c.JSON)
}

func printRS(e *env, rec *rs.Record, g *rs.Game, asJSON bool) error {
	v := rsView{Seed: rec.Seed, Commitment: rec.Commitment, Game: rec.Game, Rules: "rs", Mode: string(g.Cfg.Mode),
		Track: g.Circuit.ID, Seats: len(g.Seats), Cars: len(g.Cars), Turns: g.Turns}
	for i, car := range g.Classification() {
		r := rsResult{Car: car.ID, Place: i + 1, Name: car.Name, System: car.System(), Square: ((car.Dist % g.Circuit.Len()) + g.Circuit.Len()) % g.Circuit.Len(), Slow: car.Slow}
		if !car.System() {
			r.Seat = car.Seat + 1
		}
		v.Results = append(v.Results, r)
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	system := 0 // a seat may drive two cars (variant 10.5)
	for _, c := range g.Cars {
		if c.System() {
			system++
		}
	}
	fmt.Fprintf(e.stdout, "Racing Simulator, %s game on %s: %d players and %d system cars, %d turns\n",
		v.Mode, g.Circuit.Name, v.Seats, system, v.Turns)
	for _, r := range v.Results {
		who := fmt.Sprintf("%s car (seat %d)", r.Name, r.Seat)
		if r.System {
			who = fmt.Sprintf("system car %s", r.Name[len("system-"):])
		}
		line := fmt.Sprintf("%2d. car %d, %s, on square %d", r.Place, r.Car, who, r.Square)
		if r.Slow > 0 {
			line += fmt.Sprintf(", slowed by %d damage card(s)", r.Slow)
		}
		fmt.Fprintln(e.stdout, line)
	}
	fmt.Fprintf(e.stdout, "commitment %s\nseed       %s\n", v.Commitment, v.Seed)
	return nil
}

// readRSRecord reads path and tells whether it is a Racing Simulator
// record (then parsed), so replay and verify can dispatch on it.
func readRSRecord(path string) (*rs.Record, bool, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, false, err
	}
	if st.Size() > rs.MaxRecordSize {
		return nil, false, fmt.Errorf("%s: %d bytes, more than a record may have", path, st.Size())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	if !rs.IsRecord(string(b)) {
		return nil, false, nil
	}
	rec, err := rs.ParseRecord(string(b))
	if err != nil {
		return nil, true, fmt.Errorf("%s: %w", path, err)
	}
	return rec, true, nil
}

func replayRS(e *env, c *ReplayCmd, rec *rs.Record) error {
	if c.At != 0 {
		return errors.New("--at is not available for Racing Simulator records yet")
	}
	g, err := rs.Replay(rec)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	if c.Events {
		type line struct {
			Event int    `json:"event"`
			Kind  string `json:"kind"`
			Text  string `json:"text"`
		}
		var out []line
		for i, ev := range g.Events {
			out = append(out, line{i + 1, ev.Kind, g.Describe(ev, rs.English)})
		}
		if c.JSON {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(out)
		}
		for _, l := range out {
			fmt.Fprintf(e.stdout, "%5d. %s\n", l.Event, l.Text)
		}
		return nil
	}
	return printRS(e, rec, g, c.JSON)
}

func verifyRS(e *env, file string, rec *rs.Record) error {
	rolls, shuffles, err := rs.Verify(rec)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", file, err)
		return exitError{1}
	}
	if _, err := rs.Replay(rec); err != nil {
		fmt.Fprintf(e.stderr, "%s: NOT verified: replay failed: %v\n", file, err)
		return exitError{1}
	}
	fmt.Fprintf(e.stdout, "%s: verified: the seed matches commitment %s, all %d rolls and %d shuffles, and the replay matches all %d events\n",
		file, rec.Commitment, rolls, shuffles, len(rec.Events))
	return nil
}

// loadRSCircuit reads a Racing Simulator circuit: an embedded id, or a
// file in the rs-circuit format (docs/rs-circuits.md). ok is false when
// arg is neither, so the Formula Dé commands go on.
func loadRSCircuit(arg string) (c *rscircuit.Circuit, ok bool, err error) {
	if st, statErr := os.Stat(arg); statErr == nil && !st.IsDir() {
		if st.Size() > rscircuit.MaxSource {
			return nil, false, nil
		}
		b, err := os.ReadFile(arg)
		if err != nil {
			return nil, true, err
		}
		if !strings.HasSuffix(arg, ".rstrack") && !strings.Contains(string(b), rscircuit.Version) {
			return nil, false, nil
		}
		c, err := rscircuit.Parse(arg, b)
		return c, true, err
	}
	if slices.Contains(rscircuit.IDs(), arg) {
		c, err := rscircuit.Get(arg)
		return c, true, err
	}
	return nil, false, nil
}

// rsTrackCommand serves track validate and track render for a Racing
// Simulator circuit; handled is false for any other circuit.
func rsTrackCommand(e *env, arg, out string, width int) (handled bool, err error) {
	c, ok, err := loadRSCircuit(arg)
	if !ok {
		return false, nil
	}
	if err != nil {
		var pe *rscircuit.Error
		if errors.As(err, &pe) {
			fmt.Fprintf(e.stderr, "%s: %d problem(s):\n", arg, len(pe.Problems))
			for _, p := range pe.Problems {
				if p.Line > 0 {
					fmt.Fprintf(e.stderr, "%s:%d: %s\n", arg, p.Line, p.Msg)
				} else {
					fmt.Fprintf(e.stderr, "%s: %s\n", arg, p.Msg)
				}
			}
			return true, exitError{1}
		}
		return true, err
	}
	if out == "" {
		fmt.Fprintf(e.stdout, "%s: valid Racing Simulator circuit, %s, %d squares, stop %d, drive-through %d\n", c.ID, c.Kind, c.Len(), c.PitStop, c.DriveThrough)
		return true, nil
	}
	var buf bytes.Buffer
	if err := render.New().RSCircuitPNG(&buf, c, width); err != nil {
		return true, err
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return true, err
	}
	fmt.Fprintf(e.stdout, "%s: wrote %s (%d KB)\n", c.ID, out, (buf.Len()+1023)/1024)
	return true, nil
}

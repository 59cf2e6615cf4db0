package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
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

// setUpRS sets up a Racing Simulator race from sim's flags (--game rs).
func (c *SimCmd) setUpRS() (*simulation, error) {
	if c.Laps != 0 || c.Rules != "fd2008" {
		return nil, errors.New("--game rs: --laps and --rules belong to Formula Dé (Racing Simulator races a fixed number of turns)")
	}
	cfg := rs.Config{Mode: rs.Mode(c.Mode), Seats: c.Cars}
	for _, o := range c.Optional {
		if err := cfg.SetOptional(o); err != nil {
			return nil, fmt.Errorf("--game rs: %w", err)
		}
	}
	files, err := readDeckFiles(c.Deck, c.RiskDeck)
	if err != nil {
		return nil, err
	}
	if err := cfg.AddDeckFiles(files); err != nil {
		return nil, err
	}
	seed := rs.SeedFrom(c.Seed)
	circuit, err := rscircuit.Get(c.Track)
	if err != nil {
		return nil, err
	}
	// the header rs.Simulate writes
	id := "sim-rs-" + dice.Commitment(seed)[:12]
	random := dice.NewSeeded(seed)
	g, err := rs.NewGame(id, cfg, circuit, random)
	if err != nil {
		return nil, err
	}
	return &simulation{game: rs.Contract{G: g, Say: sayPhrase}, random: random, record: func() recordGame {
		rec := &rs.Record{Game: id, Mode: g.Cfg.Mode, Seats: g.Cfg.Seats, Optional: g.Cfg.Optional(), Track: c.Track,
			Commitment: dice.Commitment(seed), Seed: dice.FormatSeed(seed), Events: g.Events}
		rec.SetDecks(g.Cfg)
		return rsRecordGame{rec}
	}}, nil
}

// writeRSImages writes what sim's --boards (one board per turn,
// turn-000.png before the first) and --gif (the race turn by turn) ask
// for, and says so unless the output is JSON.
func (c *SimCmd) writeRSImages(e *env, rec *rs.Record, turns int) error {
	r := render.New()
	board := func(g *rs.Game) (*image.RGBA, error) { return r.RSBoard(g, render.RSBoardOptions{}) }
	if c.Boards != "" {
		if err := os.MkdirAll(c.Boards, 0o755); err != nil {
			return err
		}
		written := 0
		var buf bytes.Buffer
		err := eachRSTurn(rec, turns, func(turn int, g *rs.Game) error {
			img, err := board(g)
			if err != nil {
				return err
			}
			buf.Reset()
			if err := render.EncodePNG(&buf, img); err != nil {
				return err
			}
			written++
			return os.WriteFile(filepath.Join(c.Boards, fmt.Sprintf("turn-%03d.png", turn)), buf.Bytes(), 0o644)
		})
		if err != nil {
			return err
		}
		if !c.JSON {
			fmt.Fprintf(e.stdout, "boards     %d in %s\n", written, c.Boards)
		}
	}
	if c.GIF != "" {
		n, size, err := writeRSTurnsGIF(rec, turns, board, c.GIF)
		if err != nil {
			return err
		}
		if !c.JSON {
			fmt.Fprintf(e.stdout, "gif        %s (%d frames, %d KB)\n", c.GIF, n, (size+1023)/1024)
		}
	}
	return nil
}

// eachRSTurn replays rec and calls each with the game after every turn,
// from 0 (before the first turn's orders) to n, as render --play draws
// them; an error from each stops the replay.
func eachRSTurn(rec *rs.Record, n int, each func(turn int, g *rs.Game) error) error {
	next := 0 // the end of turn to show next
	var eachErr error
	g, err := rs.ReplayUntil(rec, func(g *rs.Game, _ int) bool {
		if g.Turn-1 >= next && next <= n { // a turn resolves at once: g.Turn-1 is next
			eachErr = each(next, g)
			next = g.Turn
		}
		return next > n || eachErr != nil
	})
	if err != nil {
		return err
	}
	if eachErr == nil && g.Over && next <= n {
		eachErr = each(next, g)
	}
	return eachErr
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
		return printJSON(e, v)
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

// rsStateView is replay --at's JSON for a Racing Simulator record: the
// game as everyone saw it at a line of the record (rs.Game.Board for
// everyone), with the seats that had sealed an order (never what) and the
// seats still to order.
type rsStateView struct {
	Event     int           `json:"event"`
	Line      string        `json:"line"`
	Turn      int           `json:"turn"`
	Turns     int           `json:"turns"`
	Phase     string        `json:"phase,omitempty"`
	Over      bool          `json:"over"`
	Weather   string        `json:"weather,omitempty"`
	Humidity  *int          `json:"humidity,omitempty"`
	SafetyCar bool          `json:"safety_car"`
	Cars      []rsCarState  `json:"cars"`
	Ordered   []int         `json:"ordered"`
	Pending   []rsPendingAt `json:"pending"`
}

// rsCarState is one car in file order (rs R-POS-02).
type rsCarState struct {
	Car       int    `json:"car"`
	Place     int    `json:"place"`
	Name      string `json:"name"`
	Seat      int    `json:"seat,omitempty"` // 1-based; absent for a system car
	Follows   int    `json:"follows,omitempty"`
	Square    int    `json:"square"`
	Lap       int    `json:"lap"`
	Gap       int    `json:"gap"`
	LapsDown  int    `json:"laps_down,omitempty"`
	Slow      int    `json:"slow"`
	Nose      bool   `json:"nose,omitempty"`
	Out       bool   `json:"out,omitempty"`
	Tyre      string `json:"tyre,omitempty"`
	TyreCards int    `json:"tyre_cards,omitempty"`
	TyreTop   *int   `json:"tyre_top,omitempty"`
}

type rsPendingAt struct {
	Seat     int    `json:"seat"`
	Decision string `json:"decision"`
}

func rsStateAt(g *rs.Game, rec *rs.Record, n int) rsStateView {
	b := g.Board(-1)
	v := rsStateView{Event: n, Line: rec.Events[n-1].Text(), Turn: b.Turn, Turns: b.Turns, Phase: b.Phase, Over: b.Over,
		SafetyCar: b.SafetyCar, Cars: []rsCarState{}, Ordered: []int{}, Pending: []rsPendingAt{}}
	if b.WeatherRule {
		h := b.Humidity
		v.Weather, v.Humidity = string(b.Weather), &h
	}
	for _, c := range b.File {
		cs := rsCarState{Car: c.ID, Place: c.Place, Name: c.Name, Seat: c.Seat + 1, Follows: c.Follows + 1, Square: c.Square, Lap: c.Lap,
			Gap: c.Gap, LapsDown: c.Down, Slow: c.Slow, Nose: c.Nose, Out: c.Out, Tyre: string(c.Tyre), TyreCards: c.TyreCards}
		if c.Tyre != "" && c.TyreCards > 0 {
			top := c.TyreTop.Value
			cs.TyreTop = &top
		}
		v.Cars = append(v.Cars, cs)
	}
	for s, done := range g.View(-1).Ordered {
		if done {
			v.Ordered = append(v.Ordered, s+1)
		}
	}
	for _, d := range g.Pending() {
		v.Pending = append(v.Pending, rsPendingAt{Seat: d.Seat + 1, Decision: d.Kind})
	}
	return v
}

// runRS draws a Racing Simulator record's board after turn --play (0:
// before the first turn; default the last), for everyone or for --seat.
func (c *RenderCmd) runRS(e *env, r *gameRecord, rec *rs.Record) error {
	whole, err := r.loader.Replay(r.lines)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	final := gameOfRecord(whole) // the turn count is Racing Simulator's own (records.go)
	last := final.Turn
	if !final.Over {
		last = final.Turn - 1 // the turn being ordered is not over
	}
	turn := c.Play
	switch {
	case turn < 0:
		turn = last
	case turn > last:
		return fmt.Errorf("%s: turn %d: the record has %d turns", c.File, turn, last)
	}
	after, err := r.loader.ReplayAfter(r.lines, turn)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	g := gameOfRecord(after) // the board is Racing Simulator's own (records.go)
	drawer := render.New()
	opt := render.RSBoardOptions{Lang: c.Lang, Width: c.Width, Seat: c.Seat}
	if c.View == "crop" {
		opt.Screen = render.PhoneWidth // a phone's 390 CSS pixels, at Width/390 pixels each
	}
	draw := func(g *rs.Game) (*image.RGBA, error) {
		if c.View == "crop" {
			return drawer.RSCrop(g, opt)
		}
		return drawer.RSBoard(g, opt)
	}
	img, err := draw(g)
	if err != nil {
		return err
	}
	// draw in memory first, so that a failure leaves any existing file alone
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		return err
	}
	if err := os.WriteFile(c.Out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: wrote %s (%s after turn %d of %d, %d KB)\n", c.File, c.Out, c.View, turn, last, (buf.Len()+1023)/1024)
	if c.GIF != "" {
		n, size, err := writeRSTurnsGIF(rec, turn, draw, c.GIF)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s: wrote %s (%d frames, %d KB)\n", c.File, c.GIF, n, (size+1023)/1024)
	}
	return nil
}

// writeRSTurnsGIF writes the race turn by turn: the board before the
// first turn, then after each turn up to turn n. Frames of different
// heights (a crop's panels grow with the turn) are padded at the bottom
// with their own bottom colour.
func writeRSTurnsGIF(rec *rs.Record, n int, drawBoard func(*rs.Game) (*image.RGBA, error), path string) (int, int, error) {
	var frames []*image.RGBA
	err := eachRSTurn(rec, n, func(_ int, g *rs.Game) error {
		img, err := drawBoard(g)
		frames = append(frames, img)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	high := 0
	for _, f := range frames {
		high = max(high, f.Bounds().Dy())
	}
	out := make([]image.Image, len(frames))
	for i, f := range frames {
		if f.Bounds().Dy() == high {
			out[i] = f
			continue
		}
		b := f.Bounds()
		padded := image.NewRGBA(image.Rect(0, 0, b.Dx(), high))
		draw.Draw(padded, padded.Bounds(), image.NewUniform(f.At(b.Min.X, b.Max.Y-1)), image.Point{}, draw.Src)
		draw.Draw(padded, image.Rect(0, 0, b.Dx(), b.Dy()), f, b.Min, draw.Src)
		out[i] = padded
	}
	var buf bytes.Buffer
	if err := render.EncodeGIF(&buf, out, render.GIFOptions{}); err != nil {
		return 0, 0, err
	}
	return len(out), buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}

// readDeckFiles reads a league's deck files (--deck, and --risk-deck, its
// older name) for sim and game create.
func readDeckFiles(paths []string, riskDeck string) ([]rs.DeckFile, error) {
	if riskDeck != "" {
		paths = append(slices.Clone(paths), riskDeck)
	}
	var files []rs.DeckFile
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		files = append(files, rs.DeckFile{File: p, Text: string(b)})
	}
	return files, nil
}

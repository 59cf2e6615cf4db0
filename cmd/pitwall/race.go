package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// SimCmd plays a whole race with the autopilot in every seat (contract in
// README.md).
type SimCmd struct {
	Game     string   `default:"fd" enum:"fd,rs" help:"Game: fd (Formula Dé) or rs (Racing Simulator)."`
	Mode     string   `default:"family" enum:"family,standard" help:"Racing Simulator only: the family or the standard game."`
	Track    string   `required:"" help:"Circuit id or .track file (rs: a Racing Simulator circuit id)."`
	Cars     int      `default:"6" help:"Number of cars (1-10); with --game rs the number of players (family: 2-6, plus 2 system cars)."`
	Seed     string   `required:"" help:"Seed: 64 hex digits are used as the dice seed, any other word is hashed into one."`
	Rules    string   `default:"fd2008" enum:"fd2008,fdr,street" help:"Ruleset: fd2008 (Formula D complete rules), fdr (competition rules) or street (street races on race-city)."`
	Laps     int      `help:"Laps to race (default: the ruleset's)."`
	Optional []string `name:"optional" sep:"," help:"Optional rules, comma-separated. Formula Dé (complete rules): building, qualifying, weather, tyres, pit-options, team (three laps: --laps 3). Racing Simulator standard game: quick-start, weather, system-only, full-length-events, advanced-qualifying, tyre-allocation, team-pit-restriction, manufacturer, v10-1, v10-2, v10-3, v10-4, v10-5."`
	Variant  []string `sep:"none" placeholder:"ID[:KEY=VALUE,...]" help:"A league variant of the competition rules (--rules fdr), once per variant (pitwall variants lists them), e.g. --variant 6-C:box=B61 --variant 18-A."`
	Record   string   `help:"Write the game record to this file."`
	Deck     []string `name:"deck" sep:"none" placeholder:"FILE" help:"Racing Simulator only: a league's own deck (docs/rs-decks.md) instead of the Pitwall house deck of its kind (the file's deck line), once per deck."`
	RiskDeck string   `name:"risk-deck" placeholder:"FILE" help:"Racing Simulator only: the same as --deck FILE (kept for the risk deck)."`
	JSON     bool     `name:"json" help:"Print JSON."`
	Boards   string   `placeholder:"DIR" help:"Also write one board PNG per round into this directory (round-001.png, …)."`
	GIF      string   `name:"gif" placeholder:"FILE" help:"Also write an animated GIF of the last round, car by car."`
}

func (c *SimCmd) Run(e *env) error {
	setUp := c.setUpFD
	if c.Game == gameRS {
		setUp = c.setUpRS // rs.go
	}
	s, err := setUp()
	if err != nil {
		return err
	}
	if err := autopilotRace(s.game, s.random); err != nil {
		return err
	}
	played := s.record()
	if c.Record != "" {
		if err := os.WriteFile(c.Record, []byte(played.text()), 0o644); err != nil {
			return err
		}
	}
	if err := played.printRace(e, s.game, c.JSON); err != nil {
		return err
	}
	return played.simImages(e, c, s.game)
}

// simulation is a game sim set up from its flags, before its first order.
type simulation struct {
	game   engine.Game
	random engine.Random // the seeded dice (and shuffles)
	// record is the game's record tools for the record of the game once
	// played (its text written only when asked: --record).
	record func() recordGame
}

// autopilotRace plays g to its end with the autopilot in every seat: each
// time, the first seat pending orders the autopilot's key. It is the
// order fd.Simulate and rs.Simulate play in (Formula Dé: the first
// pending decision; Racing Simulator: the seats still to order, in seat
// order), so the record is theirs byte for byte
// (TestSimThroughTheContractIsSimulate).
func autopilotRace(g engine.Game, r engine.Random) error {
	for !g.Over() {
		pending := g.Pending()
		if len(pending) == 0 {
			return errors.New("the game stopped with nothing pending")
		}
		seat := pending[0].Seat
		key, ok := g.Autopilot(seat)
		if !ok {
			return fmt.Errorf("seat %d must decide but the autopilot has no order", seat+1)
		}
		if _, err := g.Submit(seat, key, r); err != nil {
			return fmt.Errorf("autopilot order %q of seat %d: %w", key, seat+1, err)
		}
	}
	return nil
}

// setUpFD sets up a Formula Dé race from sim's flags.
func (c *SimCmd) setUpFD() (*simulation, error) {
	if c.RiskDeck != "" || len(c.Deck) > 0 {
		return nil, errors.New("--deck and --risk-deck belong to Racing Simulator (--game rs)")
	}
	circuit, ref, source, err := circuitForRecord(c.Track)
	if err != nil {
		return nil, err
	}
	cfg := fd.ConfigFor(fd.Ruleset(c.Rules))
	if c.Laps != 0 {
		cfg.Laps = c.Laps
	}
	for _, o := range c.Optional {
		if err := cfg.EnableOptional(o); err != nil {
			return nil, err
		}
	}
	for _, v := range c.Variant {
		if err := cfg.EnableVariant(v); err != nil { // league-variants.md
			return nil, err
		}
	}
	seed := fd.SeedFrom(c.Seed)
	rec := fd.SimHeader(cfg, ref, c.Cars, seed)
	g, err := fd.NewGame(rec.Game, cfg, circuit, c.Cars)
	if err != nil {
		return nil, err
	}
	random := dice.NewSeeded(seed)
	if err := g.Start(random); err != nil {
		return nil, err
	}
	if source != "" {
		rec.Track, rec.TrackSource = "", source
	}
	return &simulation{game: fd.NewContract(g, sayPhrase), random: random, record: func() recordGame {
		rec.Events = g.Events
		return fdRecordGame{rec, circuit}
	}}, nil
}

// circuitForRecord loads an embedded circuit (recorded by id) or a file
// (embedded whole in the record, so the record stands alone).
func circuitForRecord(arg string) (*tracks.Circuit, string, string, error) {
	c, err := loadCircuit(arg)
	if err != nil {
		return nil, "", "", err
	}
	if st, statErr := os.Stat(arg); statErr == nil && !st.IsDir() {
		src, err := os.ReadFile(arg)
		if err != nil {
			return nil, "", "", err
		}
		return c, "", string(src), nil
	}
	return c, c.ID, "", nil
}

func printRace(e *env, rec *fd.Record, g *fd.Game, asJSON bool) error {
	out := bot.RaceView{Seed: rec.Seed, Commitment: rec.Commitment, Game: rec.Game, Rules: string(g.Config.Rules),
		Track: g.Track.ID, Cars: len(g.Cars), Laps: g.Config.Laps, Rounds: g.Round, Plays: g.Play, Results: g.Results(), Teams: g.TeamResults()}
	if asJSON {
		return printJSON(e, out)
	}
	fmt.Fprintf(e.stdout, "%s on %s, %d laps, %d cars: %d rounds, %d plays\n", out.Rules, out.Track, out.Laps, out.Cars, out.Rounds, out.Plays)
	gearbox := g.Config.Rules.CategoryName(fd.Gearbox) // "gas" under fdr (R0.3)
	for _, r := range out.Results {
		line := fmt.Sprintf("%2d. car %-2d %-10s laps %d  tyres %d brakes %d %s %d body %d engine %d handling %d",
			r.Place, r.Car, r.Status, r.Laps, r.Wear["tyres"], r.Wear["brakes"], gearbox, r.Wear[gearbox], r.Wear["body"], r.Wear["engine"], r.Wear["handling"])
		if r.Driver != "" {
			line += "  (" + r.Driver + ")" // U-DRV-01
		}
		if r.Cause != "" {
			line += "  — " + r.Cause
		}
		fmt.Fprintln(e.stdout, line)
	}
	for _, t := range out.Teams { // O-TEAM-03
		cars := make([]string, len(t.Cars))
		for i, n := range t.Cars {
			cars[i] = strconv.Itoa(n)
		}
		line := fmt.Sprintf("team %d (cars %s): %d points", t.Team, strings.Join(cars, " and "), t.Points)
		if t.Place == 1 {
			line += ", wins the team race"
		}
		fmt.Fprintf(e.stdout, "%2d. %s\n", t.Place, line)
	}
	fmt.Fprintf(e.stdout, "commitment %s\nseed       %s\n", out.Commitment, out.Seed)
	return nil
}

// readRecord reads and parses a record file, resolving its circuit.
func readRecord(path string) (*fd.Record, *tracks.Circuit, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if st.Size() > fd.MaxRecordSize {
		return nil, nil, fmt.Errorf("%s: %d bytes, more than a record may have", path, st.Size())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	rec, err := fd.ParseRecord(string(b))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	var c *tracks.Circuit
	switch {
	case rec.TrackSource != "":
		c, err = tracks.Load(path+" (embedded circuit)", []byte(rec.TrackSource))
	case rec.TrackFile != "":
		p := rec.TrackFile
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(path), p) // relative to the record
		}
		c, err = loadCircuit(p)
	default:
		c, err = tracks.Get(rec.Track)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: circuit: %w", path, err)
	}
	return rec, c, nil
}

// ReplayCmd replays a record without rolling.
type ReplayCmd struct {
	File   string `arg:"" help:"Game record."`
	JSON   bool   `name:"json" help:"Print JSON (the same as sim printed)."`
	At     int    `name:"at" placeholder:"N" help:"The game as it stood at line N of the record (from 1): positions, gears, wear, the pending decision and every legal option with its path, costs and risks (with --json)."`
	Events bool   `name:"events" help:"Every line of the record in words (and as JSON with --json), with the cars after each play."`
	As     int    `name:"as" default:"-1" placeholder:"CAR" help:"With --events or --at: read as the player of car CAR (0: a spectator) — league variant 5-D hides another racing car's build and wear; default -1, the whole record."`
}

func (c *ReplayCmd) Run(e *env) error {
	r, err := readGameRecord(c.File, nil) // records.go: the header picks the game
	if err != nil {
		return err
	}
	if err := r.game.checkReader(c.As); err != nil {
		return err
	}
	if c.Events && !(c.At != 0 && r.game.atFirst()) {
		return r.game.printEvents(e, r, c.As, c.JSON)
	}
	if c.At != 0 {
		if !c.JSON {
			return errors.New("--at prints JSON: add --json")
		}
		g, err := r.loader.ReplayAt(r.lines, c.At)
		if err != nil {
			return fmt.Errorf("%s: %w", c.File, err)
		}
		return printJSON(e, r.game.stateAt(g, c.At, c.As))
	}
	g, err := r.loader.Replay(r.lines)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	return r.game.printRace(e, g, c.JSON)
}

// printFDEvents prints replay --events of a Formula Dé record: each line
// in words with the cars after each play, as reader as may see them
// (league variant 5-D hides another racing car's build and wear), which
// the contract does not say: bot.EventsOf replays the record itself.
func printFDEvents(e *env, file string, rec *fd.Record, circuit *tracks.Circuit, as int, asJSON bool) error {
	evs, err := bot.EventsOf(rec, circuit, as)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if asJSON {
		return printJSON(e, evs)
	}
	for _, ev := range evs {
		fmt.Fprintf(e.stdout, "%5d. %s\n", ev.Event, ev.Text)
		for _, cs := range ev.After {
			fmt.Fprintf(e.stdout, "       %s\n", bot.CarStateText(cs))
		}
	}
	return nil
}

// printDescribedEvents prints every line of g's record with its kind and
// its words in English, as the game describes it (engine.Game).
func printDescribedEvents(e *env, g engine.Game, asJSON bool) error {
	type line struct {
		Event int    `json:"event"`
		Kind  string `json:"kind"`
		Text  string `json:"text"`
	}
	var out []line
	for i, ev := range g.Events() {
		out = append(out, line{i + 1, ev.Kind(), g.Describe(ev, "en")})
	}
	if asJSON {
		return printJSON(e, out)
	}
	for _, l := range out {
		fmt.Fprintf(e.stdout, "%5d. %s\n", l.Event, l.Text)
	}
	return nil
}

// fdStateAt is replay --at's JSON for a Formula Dé record: bot.StateAt
// reads the race through the contract (its position lines,
// engine.Positioned) and each option's path, end and costs from the race
// itself (raceOfRecord).
func fdStateAt(g engine.Game, rec *fd.Record, n, as int) bot.StateView {
	return bot.StateAt(fd.NewContract(raceOfRecord(g), sayPhrase), rec, n, as)
}

// sayPhrase is the catalog as the game contract takes it.
func sayPhrase(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

// VerifyCmd checks every roll against the revealed seed.
type VerifyCmd struct {
	File string `arg:"" help:"Game record."`
}

func (c *VerifyCmd) Run(e *env) error {
	r, err := readGameRecord(c.File, nil) // records.go: the header picks the game
	if err != nil {
		return err
	}
	checked, err := r.game.checkSeed()
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.File, err)
		return exitError{1}
	}
	if _, err := r.loader.Replay(r.lines); err != nil {
		if r.game.mismatch(err) {
			fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.File, err)
		} else {
			fmt.Fprintf(e.stderr, "%s: NOT verified: replay failed: %v\n", c.File, err)
		}
		return exitError{1}
	}
	fmt.Fprintf(e.stdout, "%s: verified: the seed matches commitment %s%s, and the replay matches all %d events\n", c.File, r.game.commitment(), checked, len(r.lines))
	return nil
}

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/bot"
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
	if c.Game == "rs" {
		return c.runRS(e) // rs.go
	}
	if c.RiskDeck != "" || len(c.Deck) > 0 {
		return errors.New("--deck and --risk-deck belong to Racing Simulator (--game rs)")
	}
	circuit, ref, source, err := circuitForRecord(c.Track)
	if err != nil {
		return err
	}
	cfg := fd.ConfigFor(fd.Ruleset(c.Rules))
	if c.Laps != 0 {
		cfg.Laps = c.Laps
	}
	for _, o := range c.Optional {
		if err := cfg.EnableOptional(o); err != nil {
			return err
		}
	}
	for _, v := range c.Variant {
		if err := cfg.EnableVariant(v); err != nil { // league-variants.md
			return err
		}
	}
	seed := fd.SeedFrom(c.Seed)
	g, rec, err := fd.Simulate(cfg, circuit, ref, c.Cars, seed)
	if err != nil {
		return err
	}
	if source != "" {
		rec.Track, rec.TrackSource = "", source
	}
	if c.Record != "" {
		if err := os.WriteFile(c.Record, []byte(rec.Text()), 0o644); err != nil {
			return err
		}
	}
	if err := printRace(e, rec, g, c.JSON); err != nil {
		return err
	}
	return c.writeImages(e, rec, circuit) // board.go
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
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
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
	if rsRec, ok, err := readRSRecord(c.File); ok || err != nil {
		if err != nil {
			return err
		}
		return replayRS(e, c, rsRec) // rs.go
	}
	rec, circuit, err := readRecord(c.File)
	if err != nil {
		return err
	}
	if c.As < fd.GameMaster || c.As > rec.Cars {
		return fmt.Errorf("--as %d: the record has cars 1 to %d (0 reads as a spectator, -1 the whole record)", c.As, rec.Cars)
	}
	if c.Events {
		evs, err := bot.EventsOf(rec, circuit, c.As)
		if err != nil {
			return fmt.Errorf("%s: %w", c.File, err)
		}
		if c.JSON {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(evs)
		}
		for _, ev := range evs {
			fmt.Fprintf(e.stdout, "%5d. %s\n", ev.Event, ev.Text)
			for _, cs := range ev.After {
				fmt.Fprintf(e.stdout, "       %s\n", bot.CarStateText(cs))
			}
		}
		return nil
	}
	if c.At != 0 {
		if !c.JSON {
			return errors.New("--at prints JSON: add --json")
		}
		g, err := fd.ReplayAtEvent(rec, circuit, c.At)
		if err != nil {
			return fmt.Errorf("%s: %w", c.File, err)
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(bot.StateAt(fd.NewContract(g, sayPhrase), rec, c.At, c.As))
	}
	g, err := replayFD(rec, circuit)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	return printRace(e, rec, g, c.JSON)
}

// sayPhrase is the catalog as the game contract takes it.
func sayPhrase(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

// replayFD replays a Formula Dé record as a game is served: its seats'
// orders given back by their keys through the game contract
// (fd.ReplayContract, engine.Game), the rolls from the record, every line
// compared. A record that seats' orders alone did not make (a starting
// position, an official's classification or exclusion, a clock's
// time-out, a hand-written list of inputs) is fd.Replay's, which reads
// those lines. Both judge alike and fail with the same errors
// (TestReplayContractIsReplay). The game itself is handed back because
// what the tools print of it is Formula Dé's own (its results, --json);
// --at and --events stop inside the record (ReplayAtEvent, bot.EventsOf)
// and read each car's state as the 5-D reader (--as) may see it, which
// the contract does not say; --at hands bot.StateAt the race through the
// contract, which writes its position lines (engine.Positioned).
func replayFD(rec *fd.Record, c *tracks.Circuit) (*fd.Game, error) {
	con, err := fd.ReplayContract(rec, c, sayPhrase)
	if errors.Is(err, fd.ErrNotSeatOrders) {
		return fd.Replay(rec, c)
	}
	return con.G, err
}

// VerifyCmd checks every roll against the revealed seed.
type VerifyCmd struct {
	File string `arg:"" help:"Game record."`
}

func (c *VerifyCmd) Run(e *env) error {
	if rsRec, ok, err := readRSRecord(c.File); ok || err != nil {
		if err != nil {
			return err
		}
		return verifyRS(e, c.File, rsRec) // rs.go
	}
	rec, circuit, err := readRecord(c.File)
	if err != nil {
		return err
	}
	if err := fd.Verify(rec); err != nil {
		fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.File, err)
		return exitError{1}
	}
	if _, err := replayFD(rec, circuit); err != nil {
		var mm *fd.MismatchError
		if errors.As(err, &mm) {
			fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.File, err)
		} else {
			fmt.Fprintf(e.stderr, "%s: NOT verified: replay failed: %v\n", c.File, err)
		}
		return exitError{1}
	}
	rolls := 0
	for _, ev := range rec.Events {
		if ev.Kind == "roll" {
			rolls++
		}
	}
	fmt.Fprintf(e.stdout, "%s: verified: the seed matches commitment %s and all %d rolls, and the replay matches all %d events\n", c.File, rec.Commitment, rolls, len(rec.Events))
	return nil
}

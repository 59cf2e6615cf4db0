package main

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks"
)

// The record tools' driver (issue 13, "one contract"): replay, verify and
// render read a record file here, whichever game wrote it. Its header
// picks the game once; the tools then rebuild the game through the
// game's loader (engine.Replayer) and read it through engine.Game. What
// each game prints in its own shape — Formula Dé's results and --at JSON,
// Racing Simulator's file of cars, each game's board — is its
// recordGame's, which reads the game's own state through one commented
// type assertion (docs/engine.md, "What is left", the record tools).
// sim plays its game through engine.Game (autopilotRace, race.go) and
// hands it to the same recordGame to print and draw.

// gameRecord is a record file as the tools read it.
type gameRecord struct {
	path  string
	lines []string // the record's lines, as the game's loader reads them
	// loader rebuilds the header's games from lines (the whole record,
	// after a play or turn, at a line).
	loader engine.Replayer
	game   recordGame
}

// recordGame is what the record tools do in a game's own way: check its
// dice against the seed, and print or draw a game in its own shape.
type recordGame interface {
	// text is the record as the game writes it (sim --record).
	text() string
	// checkSeed checks every die (and shuffle) against the revealed
	// seed and says what it checked, as verify's line goes on after "the
	// seed matches commitment C".
	checkSeed() (string, error)
	// commitment is the record's commitment to its seed.
	commitment() string
	// mismatch reports whether err says the replay wrote a line other
	// than the record's (verify's "NOT verified: …" without "replay
	// failed").
	mismatch(err error) bool
	// checkReader refuses a --as the record has no reader for.
	checkReader(as int) error
	// printRace prints g, the whole record replayed (or a race played by
	// sim), as sim and replay print it: text, or JSON with asJSON.
	printRace(e *env, g engine.Game, asJSON bool) error
	// stateAt is replay --at's JSON: g as it stood at line n of the
	// record, read by as.
	stateAt(g engine.Game, n, as int) any
	// printEvents prints replay --events: every line in words, read by as.
	printEvents(e *env, r *gameRecord, as int, asJSON bool) error
	// atFirst: --at is read before --events when both are given (Racing
	// Simulator's replay always did).
	atFirst() bool
	// render draws render's board (and GIF) of the record.
	render(e *env, c *RenderCmd, r *gameRecord) error
	// simImages writes what sim's --boards and --gif ask for of the game
	// it played.
	simImages(e *env, c *SimCmd, g engine.Game) error
}

// The games a record header names, as flagsFor is told them.
const (
	gameFD = "fd"
	gameRS = "rs"
)

// readGameRecord reads the record at path and picks its game by its
// header: a Racing Simulator record says so on its first line
// (rs.IsRecord), anything else is read as Formula Dé's. flagsFor, when
// not nil, checks the command's flags against the game picked before the
// rest of the record is read (a flag that belongs to the other game).
func readGameRecord(path string, flagsFor func(game string) error) (*gameRecord, error) {
	rsRec, ok, err := readRSRecord(path) // rs.go
	if err != nil {
		return nil, err
	}
	game := gameFD
	if ok {
		game = gameRS
	}
	if flagsFor != nil {
		if err := flagsFor(game); err != nil {
			return nil, err
		}
	}
	if ok {
		lines := make([]string, len(rsRec.Events))
		for i, e := range rsRec.Events {
			lines[i] = e.Text()
		}
		return &gameRecord{path: path, lines: lines, loader: rs.Loader{Header: rsRec, Say: sayPhrase}, game: rsRecordGame{rsRec}}, nil
	}
	rec, circuit, err := readRecord(path) // race.go
	if err != nil {
		return nil, err
	}
	return &gameRecord{path: path, lines: fdLines(rec), loader: fdHistory(rec, circuit), game: fdRecordGame{rec, circuit}}, nil
}

// fdHistory is the loader of a Formula Dé record's header (its lines are
// ignored), which also replays play by play (engine.Historian) for the
// boards drawn frame by frame.
func fdHistory(rec *fd.Record, circuit *tracks.Circuit) fdLoader {
	return fdLoader{fd.Loader{Header: rec, Track: circuit, Say: sayPhrase}}
}

// fdLines is a Formula Dé record's lines, as its loader reads them.
func fdLines(rec *fd.Record) []string {
	lines := make([]string, len(rec.Events))
	for i, e := range rec.Events {
		lines[i] = e.String()
	}
	return lines
}

// fdLoader is Formula Dé's loader whose whole replay gives each order line
// back as its seat's key through the contract (fd.ReplayContract), as a
// game is served, the rolls from the record, every line compared; a
// record that seats' orders alone did not make (a starting position, an
// official's classification or exclusion, a clock's time-out, a
// hand-written list of inputs) is fd.Replay's, which reads those lines.
// Both judge alike and fail with the same errors
// (TestReplayContractIsReplay). The rest (after a play, at a line, each
// play) is fd.Loader's.
type fdLoader struct{ fd.Loader }

var _ engine.Historian = fdLoader{}

func (l fdLoader) Replay(lines []string) (engine.Game, error) {
	rec := *l.Header
	rec.Events = make([]fd.Event, len(lines))
	for i, line := range lines {
		e, err := fd.ParseEvent(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		rec.Events[i] = e
	}
	con, err := fd.ReplayContract(&rec, l.Track, sayPhrase)
	if errors.Is(err, fd.ErrNotSeatOrders) {
		return l.Loader.Replay(lines)
	}
	if err != nil {
		return nil, err
	}
	return con, nil
}

// fdRecordGame is a Formula Dé record's header and circuit: what its output
// shapes print beside the race.
type fdRecordGame struct {
	rec     *fd.Record
	circuit *tracks.Circuit
}

// raceOfRecord is the Formula Dé race behind a game its loader served.
// The one type assertion of the record tools' Formula Dé output: its
// results (wear by category, teams, a driver), --at's options with their
// paths and its boards are Formula Dé's own, which the contract does not
// say (docs/engine.md, the record tools).
func raceOfRecord(g engine.Game) *fd.Game { return g.(fd.Contract).G }

func (f fdRecordGame) text() string { return f.rec.Text() }

func (f fdRecordGame) checkSeed() (string, error) {
	if err := fd.Verify(f.rec); err != nil {
		return "", err
	}
	rolls := 0
	for _, ev := range f.rec.Events {
		if ev.Kind == "roll" {
			rolls++
		}
	}
	return fmt.Sprintf(" and all %d rolls", rolls), nil
}

func (f fdRecordGame) commitment() string { return f.rec.Commitment }

func (f fdRecordGame) mismatch(err error) bool {
	var mm *fd.MismatchError
	return errors.As(err, &mm)
}

func (f fdRecordGame) checkReader(as int) error {
	if as < fd.GameMaster || as > f.rec.Cars {
		return fmt.Errorf("--as %d: the record has cars 1 to %d (0 reads as a spectator, -1 the whole record)", as, f.rec.Cars)
	}
	return nil
}

func (f fdRecordGame) printRace(e *env, g engine.Game, asJSON bool) error {
	return printRace(e, f.rec, raceOfRecord(g), asJSON) // race.go
}

func (f fdRecordGame) stateAt(g engine.Game, n, as int) any {
	return fdStateAt(g, f.rec, n, as) // race.go
}

func (f fdRecordGame) printEvents(e *env, r *gameRecord, as int, asJSON bool) error {
	return printFDEvents(e, r.path, f.rec, f.circuit, as, asJSON) // race.go
}

func (fdRecordGame) atFirst() bool { return false }

func (f fdRecordGame) simImages(e *env, c *SimCmd, _ engine.Game) error {
	return c.writeImages(e, f.rec, f.circuit) // board.go
}

func (f fdRecordGame) render(e *env, c *RenderCmd, r *gameRecord) error {
	return c.runFD(e, r, f.rec, f.circuit) // board.go
}

// rsRecordGame is a Racing Simulator record's header.
type rsRecordGame struct{ rec *rs.Record }

// gameOfRecord is the Racing Simulator game behind a game its loader
// served. The one type assertion of the record tools' Racing Simulator
// output: its file of cars (square, slow cards), --at's state and its
// boards are Racing Simulator's own (docs/engine.md, the record tools).
func gameOfRecord(g engine.Game) *rs.Game { return g.(rs.Contract).G }

func (r rsRecordGame) text() string { return r.rec.Text() }

func (r rsRecordGame) checkSeed() (string, error) {
	rolls, shuffles, err := rs.Verify(r.rec)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(", all %d rolls and %d shuffles", rolls, shuffles), nil
}

func (r rsRecordGame) commitment() string { return r.rec.Commitment }

// mismatch is false: verify has always said "replay failed" for any
// Racing Simulator replay error.
func (rsRecordGame) mismatch(error) bool { return false }

// checkReader accepts any --as: a Racing Simulator record is read whole
// (its sealed orders are revealed together).
func (rsRecordGame) checkReader(int) error { return nil }

func (r rsRecordGame) printRace(e *env, g engine.Game, asJSON bool) error {
	return printRS(e, r.rec, gameOfRecord(g), asJSON) // rs.go
}

func (r rsRecordGame) stateAt(g engine.Game, n, _ int) any {
	return rsStateAt(gameOfRecord(g), r.rec, n) // rs.go
}

// printEvents reads the whole game through the contract: each line's
// kind and its words (engine.Game's Events and Describe).
func (rsRecordGame) printEvents(e *env, r *gameRecord, _ int, asJSON bool) error {
	g, err := r.loader.Replay(r.lines)
	if err != nil {
		return fmt.Errorf("%s: %w", r.path, err)
	}
	return printDescribedEvents(e, g, asJSON)
}

func (rsRecordGame) atFirst() bool { return true }

func (r rsRecordGame) simImages(e *env, c *SimCmd, g engine.Game) error {
	return c.writeRSImages(e, r.rec, gameOfRecord(g).Turns) // rs.go: its boards are turn by turn
}

func (r rsRecordGame) render(e *env, c *RenderCmd, gr *gameRecord) error {
	return c.runRS(e, gr, r.rec) // rs.go
}

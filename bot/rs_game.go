package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/rs"
	rsai "github.com/pitwall/pitwall/engine/rs/ai"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// servedKind is what bot needs of a game served through the engine
// contract (bot/contract_game.go) beside the contract itself: how it is
// set up, read back from its record and verified, and how its players
// write their orders. Racing Simulator is the one such game.
type servedKind interface {
	// newGame sets a game up for req, rolling with r; it fills the
	// record's header fields of m (Mode, Options, Track, Cars).
	newGame(id string, req CreateRequest, m *meta, r engine.Random) (engine.Game, error)
	// replay rebuilds a game from its stored record lines without rolling.
	replay(id string, m *meta, lines []string) (engine.Game, error)
	// verify checks every roll and shuffle of a finished game against
	// its revealed seed, and replays it by the rules.
	verify(id string, m *meta, lines []string) (string, error)
	// parseOrder reads an order line into an option key (errNotOrder:
	// another command); orderWords writes a key back as words.
	parseOrder(text string) (string, error)
	orderWords(key, lang string) string
	help(lang string) string
	// changesBoard reports whether evs change what a board shows.
	changesBoard(evs []engine.Event) bool
	// name is the game's name, with its rules.
	name(m *meta, lang string) string
}

// kindOf is the served game kind of a game's meta; nil for Formula Dé,
// which bot serves its own way.
func kindOf(m *meta) servedKind {
	switch m.Game {
	case gameRS:
		return rsKind{}
	case gameDuel:
		return duelKind{}
	}
	return nil
}

// gameRS is meta.Game and CreateRequest.Game of a Racing Simulator game.
const gameRS = "rs"

// rsKind serves Racing Simulator (engine/rs).
type rsKind struct{}

func (rsKind) newGame(id string, req CreateRequest, m *meta, r engine.Random) (engine.Game, error) {
	c, err := rscircuit.Get(req.Track)
	if err != nil {
		return nil, refusef("%v (Racing Simulator circuits: %s)", "%v (circuits de Racing Simulator : %s)", err, strings.Join(rscircuit.IDs(), ", "))
	}
	cfg := rs.Config{Mode: rs.Mode(req.Mode), Seats: len(req.Seats)}
	if cfg.Mode == "" {
		cfg.Mode = rs.Family
	}
	for _, o := range req.Optional {
		if err := cfg.SetOptional(strings.TrimSpace(o)); err != nil {
			return nil, &UserError{Msg: err.Error()}
		}
	}
	if err := cfg.AddDeckFiles(req.Decks); err != nil {
		return nil, &UserError{Msg: err.Error()}
	}
	g, err := rs.NewGame(id, cfg, c, r)
	if err != nil {
		return nil, &UserError{Msg: err.Error()}
	}
	m.Mode, m.Options, m.Track, m.Cars = string(g.Cfg.Mode), g.Cfg.Optional(), c.ID, len(req.Seats)
	var rec rs.Record
	rec.SetDecks(g.Cfg) // the league's decks stay with the game
	m.Decks = rec.Decks
	return rs.Contract{G: g, Say: sayPhrase}, nil
}

// record is the game's rs record: the header from its meta, the lines.
func (rsKind) record(id string, m *meta, lines []string) (*rs.Record, error) {
	rec := &rs.Record{Game: id, Mode: rs.Mode(m.Mode), Seats: m.Cars, Optional: m.Options, Track: m.Track, Decks: m.Decks, Commitment: m.Commitment}
	for i, l := range lines {
		e, err := rs.ParseEvent(l)
		if err != nil {
			return nil, fmt.Errorf("game %s line %d: %w", id, i+1, err)
		}
		rec.Events = append(rec.Events, e)
	}
	return rec, nil
}

func (k rsKind) replay(id string, m *meta, lines []string) (engine.Game, error) {
	rec, err := k.record(id, m, lines) // each line read, a bad one named by its number
	if err != nil {
		return nil, err
	}
	rec.Events = nil
	g, err := rs.Loader{Header: rec, Say: sayPhrase}.Replay(lines) // through the contract (engine.Replayer)
	if err != nil {
		return nil, fmt.Errorf("game %s does not replay: %w", id, err)
	}
	return g, nil
}

func (k rsKind) verify(id string, m *meta, lines []string) (string, error) {
	rec, err := k.record(id, m, lines)
	if err != nil {
		return "", err
	}
	rec.Seed = m.Seed
	if _, err := rs.Replay(rec); err != nil {
		return "", fmt.Errorf("game %s does not replay by the rules: %w", id, err)
	}
	rolls, shuffles, err := rs.Verify(rec)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("every roll (%d) and every shuffle (%d) matches the seed", rolls, shuffles), nil
}

func (rsKind) parseOrder(text string) (string, error) { return ParseRSOrder(text) }
func (rsKind) orderWords(key, lang string) string     { return RSOrderWords(key, lang) }
func (rsKind) help(lang string) string                { return rsHelpText(lang) }

// changesBoard: a sealed order and its notice change no board (a board
// never shows what is sealed, engine/rs BoardView); anything else may.
func (rsKind) changesBoard(evs []engine.Event) bool {
	for _, e := range evs {
		if k := e.Kind(); k != "order" && k != "sealed" {
			return true
		}
	}
	return false
}

func (rsKind) name(m *meta, lang string) string {
	mode := inLang(lang, [2]string{"family game", "jeu familial"})
	if m.Mode == string(rs.Standard) {
		mode = inLang(lang, [2]string{"standard game", "jeu standard"})
	}
	return "Racing Simulator, " + mode
}

// autoKey is the order of a seat the service drives: an ai:LEVEL seat of
// a Racing Simulator race by its AI driver (engine/rs/ai, seeded from the
// game's seed as Formula Dé's are), any other by the game's autopilot
// (an absent player; a seat stored as "autopilot" before the levels).
func (l *served) autoKey(seat int) (string, bool) {
	c, isRS := l.game.(rs.Contract)
	lvl, err := ai.ParseLevel(l.meta.AI[seat+1])
	if !isRS || err != nil {
		return l.game.Autopilot(seat)
	}
	seed, err := l.meta.seed()
	if err != nil {
		return l.game.Autopilot(seat)
	}
	return rsai.Driver{Level: lvl, Seed: ai.SeedFor(seed[:])}.Key(c.G, seat)
}

package bot

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// meta is what bot keeps about a game beside its record: the record's
// header, the secret seed (revealed only when the race is over), and the
// table's settings.
type meta struct {
	// Game is the game served: "" for Formula Dé, "rs" for Racing
	// Simulator (served through the engine contract, bot/contract_game.go);
	// Mode is its rules (rs: family or standard; Options then lists the
	// standard game's optional rules).
	Game       string   `json:"game,omitempty"`
	Mode       string   `json:"mode,omitempty"`
	Rules      string   `json:"rules"`
	Options    []string `json:"options"`
	Track      string   `json:"track"`
	Cars       int      `json:"cars"`
	Commitment string   `json:"commitment"`
	Seed       string   `json:"seed"` // secret until the end
	// Decks are a Racing Simulator league's own decks (rs-deck texts), in
	// the record's order: the game's race, replay and verify draw them.
	Decks []string `json:"decks,omitempty"`
	// Deadline is the decision time limit in minutes (0: none); Reminders
	// are minutes before it; Grace is added after it; MaxMisses puts a seat
	// on autopilot after that many consecutive misses.
	Deadline int `json:"deadline_minutes,omitempty"`
	// QualifyingDeadline is the time limit of a qualifying session's
	// decisions, in minutes, when it has its own (a league's asynchronous
	// qualifying, issue 15); 0: Deadline.
	QualifyingDeadline int   `json:"qualifying_deadline_minutes,omitempty"`
	Reminders          []int `json:"reminders,omitempty"`
	Grace              int   `json:"grace_minutes,omitempty"`
	MaxMisses          int   `json:"max_misses,omitempty"`
	// TimeoutAutopilot lets the autopilot answer a missed deadline; by
	// default the rules' stated defaults do (fd.TimeoutFor: fdr AMB-17,
	// AMB-48).
	TimeoutAutopilot bool `json:"timeout_autopilot,omitempty"`
	// PreMoves holds a gear sent before the car's turn (VerbNext), by car.
	PreMoves map[int]int `json:"pre_moves,omitempty"`
	// Plans holds standing orders by car: rule → number.
	Plans map[int]map[string]int `json:"plans,omitempty"`
	// Master is the player id of the game master (the creator).
	Master string `json:"master"`
	// Channels are notified of every play besides the seats (a Discord
	// thread, a league's mailing address…).
	Channels []Channel `json:"channels,omitempty"`
	// Mailed is, by car, the last record line its player was told about
	// by mail; Asked, the decision they were last mailed for (bot/mail.go).
	Mailed map[int]int64  `json:"mailed,omitempty"`
	Asked  map[int]string `json:"asked,omitempty"`
	// Armed is, by car, the decision its deadline was set for: a deadline
	// fires only while that decision is pending.
	Armed map[int]string `json:"armed,omitempty"`
	// Drivers chosen in the lobby of a street race, by car (U-DRV-01).
	Drivers map[int]string `json:"drivers,omitempty"`
	// AI holds the level of each seat an AI driver races (engine/ai), by
	// car: rookie, pro or legend.
	AI map[int]string `json:"ai,omitempty"`
	// Variants: the league variant ids the game was opened with (issue 15).
	Variants []string `json:"variants,omitempty"`
	// Clocks are the race chess clocks by car (league variant 2-B,
	// bot/chess_clock.go).
	Clocks map[int]*raceClock `json:"clocks,omitempty"`
}

// Channel is a place a game's news is posted.
type Channel struct {
	Transport string `json:"transport"`
	Target    string `json:"target"`
}

// record builds the engine record of a game from its stored lines. A
// take-back line (written by the game master, never erased) cancels the
// lines from the start of the play it names: the effective record is what
// the engine replays.
// answered is the reply already given to a request whose key was seen
// before (a retried mail, a Discord interaction delivered twice): it is
// answered again and never applied twice.
func answered(tx persistence.Tx, req Request) (string, bool, error) {
	if req.Key == "" {
		return "", false, nil
	}
	prev, seen, err := tx.SeenInbound(req.Source, req.Key)
	return prev.Reply, seen, err
}

// gameRow reads a game's row; an unknown game is the player's refusal.
func gameRow(tx persistence.ReadTx, id string) (persistence.Game, error) {
	row, err := tx.Game(id)
	if errors.Is(err, persistence.ErrNotFound) {
		return row, refusef("no game %q", "pas de partie %q", id)
	}
	return row, err
}

// storedMeta reads a game's row and its settings; an unknown game is the
// player's refusal, unreadable settings the game's own error.
func storedMeta(tx persistence.ReadTx, id string) (persistence.Game, *meta, error) {
	row, err := gameRow(tx, id)
	if err != nil {
		return row, nil, err
	}
	m, err := decodeMeta(row)
	return row, m, err
}

// storedRecord reads a game's row, settings and record from the store:
// what load, Verify and the record download all start from. The seed is
// not in the record: the caller reveals it when it may.
func storedRecord(tx persistence.ReadTx, id string) (persistence.Game, *meta, *fd.Record, int, error) {
	row, m, err := storedMeta(tx, id)
	if err != nil {
		return row, nil, nil, 0, err
	}
	lines, err := tx.Events(id, 0, 0)
	if err != nil {
		return row, nil, nil, 0, err
	}
	rec, err := m.record(id, lines)
	if err != nil {
		return row, nil, nil, 0, err
	}
	return row, m, rec, len(lines), nil
}

func (m *meta) record(id string, lines []persistence.Event) (*fd.Record, error) {
	rec := m.header(id)
	for _, l := range lines {
		e, err := fd.ParseEvent(l.Line)
		if err != nil {
			return nil, fmt.Errorf("game %s line %d: %w", id, l.Seq, err)
		}
		if e.Kind == takeBackKind {
			tb, err := readTakeBack(e)
			if err != nil {
				return nil, fmt.Errorf("game %s line %d: %w", id, l.Seq, err)
			}
			cut := turnStart(rec.Events, tb.Play)
			if cut < 0 {
				return nil, fmt.Errorf("game %s line %d: take-back of play %d, which is not in the record", id, l.Seq, tb.Play)
			}
			rec.Events = rec.Events[:cut]
			continue
		}
		rec.Events = append(rec.Events, e)
	}
	return rec, nil
}

// header is the game's record without its lines.
func (m *meta) header(id string) *fd.Record {
	return &fd.Record{Game: id, Rules: fd.Ruleset(m.Rules), Options: m.Options, Track: m.Track, Cars: m.Cars, Commitment: m.Commitment}
}

// loader replays the game's record through the game contract
// (engine.Replayer, issue 13 group 5): at load, from a snapshot, to take a
// play back, and for the boards at play n.
func (m *meta) loader(id string, c *tracks.Circuit) fd.Loader {
	return fd.Loader{Header: m.header(id), Track: c, Say: sayPhrase}
}

// heldRace is the Formula Dé race a replay served through the contract,
// as bot holds it (live.game): the contract itself, checked to be Formula
// Dé's, since live.race reads Formula Dé's own state through it.
func heldRace(g engine.Game, err error) (engine.Game, error) {
	if err != nil {
		return nil, err
	}
	if _, ok := g.(fd.Contract); !ok {
		return nil, fmt.Errorf("not a Formula Dé race: %T", g)
	}
	return g, nil
}

// raceOf is the Formula Dé race behind a replay served through the
// contract, for the replays that read one play's race (the history views,
// a board at play n), which no live game holds.
func raceOf(g engine.Game, err error) (*fd.Game, error) {
	if err != nil {
		return nil, err
	}
	con, ok := g.(fd.Contract)
	if !ok {
		return nil, fmt.Errorf("not a Formula Dé race: %T", g)
	}
	return con.G, nil
}

// replayEach replays rec whole through the contract (engine.Historian)
// and calls each with the race after each play, as fd.ReplayEach does:
// the history views (EventsOf).
func replayEach(rec *fd.Record, c *tracks.Circuit, each func(g *fd.Game, play int) error) (*fd.Game, error) {
	header := *rec
	header.Events = nil
	var history engine.Historian = fd.Loader{Header: &header, Track: c, Say: sayPhrase}
	return raceOf(history.ReplayEach(eventLines(rec.Events), func(g engine.Game, play int) error {
		r, err := raceOf(g, nil)
		if err != nil {
			return err
		}
		return each(r, play)
	}))
}

// takeBackKind is the record line of a take-back.
const takeBackKind = "takeback"

// takeBack is bot's own record line (the engine has no such kind): play
// Play taken back, for Reason. Stored as `takeback play=N reason=TEXT`.
type takeBack struct {
	Play   int
	Reason string
}

func (tb takeBack) event() fd.Event {
	return fd.Event{Kind: takeBackKind, Args: []fd.Arg{{Key: "play", Val: strconv.Itoa(tb.Play)}, {Key: "reason", Val: tb.Reason}}}
}

// readTakeBack reads a take-back line: its play a number as the record
// writes it; its reason may be absent (empty).
func readTakeBack(e fd.Event) (takeBack, error) {
	var tb takeBack
	if e.Kind != takeBackKind {
		return tb, fmt.Errorf("%s is not a take-back", e.Kind)
	}
	play, reason := false, false
	for _, a := range e.Args {
		switch {
		case a.Key == "play" && !play:
			n, err := strconv.Atoi(a.Val)
			if err != nil || n < 0 || strconv.Itoa(n) != a.Val {
				return tb, fmt.Errorf("take-back: play=%q is not a play number", a.Val)
			}
			tb.Play, play = n, true
		case a.Key == "reason" && !reason:
			tb.Reason, reason = a.Val, true
		}
	}
	if !play {
		return tb, errors.New("take-back: no play= to take back")
	}
	return tb, nil
}

// turnStart finds where play p starts in events, or -1.
func turnStart(evs []fd.Event, play int) int {
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind != "turn" {
			continue
		}
		if t, err := fd.DecodeFast(evs[i]); err == nil {
			if turn, ok := t.(fd.TurnEvent); ok && turn.Play == play {
				return i
			}
		}
	}
	return -1
}

// lastDecidedPlay is the play a take-back undoes: the latest play with a
// player's order in it (a turn line the codec refuses, which a record that
// replayed does not hold, starts no play).
func lastDecidedPlay(evs []fd.Event) (int, bool) {
	ordered := false
	for i := len(evs) - 1; i >= 0; i-- {
		switch evs[i].Kind {
		case "order":
			ordered = true
		case "turn":
			if t, err := fd.DecodeFast(evs[i]); err == nil && ordered {
				if turn, ok := t.(fd.TurnEvent); ok {
					return turn.Play, true
				}
			}
		}
	}
	return 0, false
}

func (m *meta) seed() ([dice.SeedSize]byte, error) {
	return dice.ParseSeed(m.Seed)
}

// ErrGameUnreadable is (errors.Is) the error of a game whose stored row
// cannot be read: it stops that game, not the service.
var ErrGameUnreadable = errors.New("the game cannot go on until its row is repaired")

func decodeMeta(g persistence.Game) (*meta, error) {
	var m meta
	if err := json.Unmarshal(g.Meta, &m); err != nil {
		return nil, fmt.Errorf("game %s: unreadable settings (%v); %w", g.ID, err, ErrGameUnreadable)
	}
	// a corrupt seed stops this game with its reason, not the service
	if _, err := m.seed(); err != nil {
		return nil, fmt.Errorf("game %s: its stored dice seed is unreadable (%v); %w", g.ID, err, ErrGameUnreadable)
	}
	return &m, nil
}

func (m *meta) encode() []byte {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // plain data: cannot fail
	}
	return b
}

// live is a game loaded in memory: its stored row, its settings, and the
// engine state rebuilt from its record.
type live struct {
	row   persistence.Game
	meta  *meta
	track *tracks.Circuit
	// game is the race as the contract serves it (engine.Game; an
	// fd.Contract, built where the race is built, replayed, resumed,
	// rebuilt or unfolded); nil in a lobby and while folded. What only
	// Formula Dé has is read through live.race (bot/fd_contract.go).
	game  engine.Game
	seats []persistence.Seat
	// rebuilt: a take-back replaced game and wrote its own lines
	rebuilt bool
	// journal is what the command being applied caused: the events of
	// every step its contract calls returned (bot/journal.go)
	journal
	// sender is the address whose mail is being applied: the answer to
	// that mail is its writer's news (bot/mail.go)
	sender string
	// autopiloted is the car the autopilot just decided for, its player
	// having missed the deadline: their next mail says so
	autopiloted int
	// folded is the game between its orders (bot/fold.go): the position
	// it was last folded at and the record lines since; "" when it was
	// never folded
	folded string
	// snapTurns is the turns played at the game's latest snapshot (or
	// when it was loaded from it; engine.Progress.Turns, a play of
	// Formula Dé): the next is taken snapshotEvery turns later
	snapTurns int
}

// load rebuilds a game from the store: the record replays without rolling.
// The game holds every event of its record (the views and the league's
// results read them).
func (s *Service) load(tx persistence.ReadTx, id string) (*live, error) {
	return s.loadGame(tx, id, false)
}

// loadLive is load for the game that takes orders: from its latest
// snapshot and the lines after it when they fit (bot/snapshot.go), so its
// events are only those; from the whole record otherwise.
func (s *Service) loadLive(tx persistence.ReadTx, id string) (*live, error) {
	return s.loadGame(tx, id, true)
}

func (s *Service) loadGame(tx persistence.ReadTx, id string, fromSnapshot bool) (*live, error) {
	row, m, err := storedMeta(tx, id)
	if err != nil {
		return nil, err
	}
	if k := kindOf(m); k != nil {
		// served through the contract (bot/contract_game.go); what reads
		// a Formula Dé game here (web views, Discord tables) does not serve it
		return nil, &UserError{Msg: fmt.Sprintf("game %s is a race of %s: this view is not available for it yet", id, k.name(m, "en")),
			Fr: fmt.Sprintf("la partie %s est une course de %s : cette vue ne lui est pas encore disponible", id, k.name(m, "fr"))}
	}
	c, err := s.circuit(m.Track)
	if err != nil {
		return nil, err
	}
	seats, err := tx.Seats(id)
	if err != nil {
		return nil, err
	}
	l := &live{row: row, meta: m, track: c, seats: seats}
	if row.State == persistence.GameSetup {
		return l, nil // a lobby: players join, the race has no engine state yet
	}
	if fromSnapshot && !s.noSnapshots {
		ok, err := s.resume(tx, row, m, l)
		if err != nil || ok {
			return l, err
		}
	}
	lines, err := tx.Events(id, 0, 0)
	if err != nil {
		return nil, err
	}
	rec, err := m.record(id, lines)
	if err != nil {
		return nil, err
	}
	if l.game, err = heldRace(m.loader(id, c).Replay(eventLines(rec.Events))); err != nil {
		return nil, fmt.Errorf("game %s does not replay: %w", id, err)
	}
	return l, nil
}

// carOf returns the car a player drives in this game (car n = seat n).
func (l *live) carOf(player string) (int, bool) {
	for _, s := range l.seats {
		if s.Player == player {
			return s.Number, true
		}
	}
	return 0, false
}

func (l *live) seat(car int) *persistence.Seat {
	for i := range l.seats {
		if l.seats[i].Number == car {
			return &l.seats[i]
		}
	}
	return nil
}

// UserError is a refusal to show the player as it is: what was wrong and
// what is legal. Other errors are internal and shown as a generic failure.
// Fr, when set, is the same refusal in French, chosen at reply time for a
// French player (see InPlayerLang) where the language is not at hand.
type UserError struct{ Msg, Fr string }

func (e *UserError) Error() string { return e.Msg }

func userErrorf(format string, a ...any) error {
	return &UserError{Msg: fmt.Sprintf(format, a...)}
}

// refusef is a refusal in both languages; the player's is picked by
// InPlayerLang when the reply is made.
func refusef(en, fr string, a ...any) error {
	return &UserError{Msg: fmt.Sprintf(en, a...), Fr: fmt.Sprintf(fr, a...)}
}

// InPlayerLang turns a bilingual refusal into the player's language; other
// errors pass unchanged.
func InPlayerLang(err error, lang string) error {
	var ue *UserError
	if lang == "fr" && errors.As(err, &ue) && ue.Fr != "" {
		return &UserError{Msg: ue.Fr}
	}
	return err
}

// IsUserError reports whether err is meant for the player.
func IsUserError(err error) bool {
	var ue *UserError
	return errors.As(err, &ue)
}

// newSeed draws a game's secret seed from a source of randomness given by
// the caller (crypto/rand in production), or derives it from a word so that
// a game can be replayed from its seed.
func newSeed(word string, random func([]byte) error) ([dice.SeedSize]byte, error) {
	if word != "" {
		return fd.SeedFrom(word), nil
	}
	var s [dice.SeedSize]byte
	if err := random(s[:]); err != nil {
		return s, fmt.Errorf("drawing a seed: %w", err)
	}
	return s, nil
}

func seedHex(s [dice.SeedSize]byte) string { return hex.EncodeToString(s[:]) }

// normName folds a player name for matching: names are compared without
// case or accents.
func normName(s string) string { return strings.TrimSpace(Fold(s)) }

// events is how many engine events the game has (0 in a lobby).
func (l *live) events() int {
	if l.game == nil {
		return 0
	}
	return len(l.race().Events) // counted, not handed out line by line
}

// forgetEvents drops the engine's copy of the record: it is in the store,
// and a service holding thousands of live games keeps only their state. An
// operation then sees, in game.Events, just the events it caused.
func (l *live) forgetEvents() {
	if l.game != nil {
		l.race().Events = nil // bot writes back into the race: the store holds them
	}
}

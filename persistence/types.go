package persistence

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Game states.
const (
	GameSetup    = "setup"
	GameRunning  = "running"
	GamePaused   = "paused"
	GameFinished = "finished"
)

// Identity kinds.
const (
	IdentityDiscord = "discord"
	IdentityEmail   = "email"
	IdentityCLI     = "cli"
)

// Deadline kinds.
const (
	DeadlineDecision = "decision"
	DeadlineReminder = "reminder"
)

// MaxIDLen bounds every id, identity value, inbound key and address.
const MaxIDLen = 512

// Game is one game (a race, or a whole championship as bot sees fit).
type Game struct {
	ID      string
	Created time.Time
	// Meta is a small blob chosen by bot: ruleset, track, options (JSON or
	// text).
	Meta  []byte
	State string // GameSetup, GameRunning, GamePaused, GameFinished
	// Version starts at 1 and grows by one with every UpdateGame and
	// every Append: a cheap "has anything changed" and the expectation of
	// UpdateGame.
	Version int64
	// LastSeq is the seq of the last record line (0: none yet) and Head its
	// chained hash (ChainStart(ID) when there is none).
	LastSeq int64
	Head    []byte
}

// Live reports whether the game is not finished.
func (g Game) Live() bool { return g.State != GameFinished }

// League is one league (bot/league): its settings, calendar, entry list,
// results and votes as one document chosen by bot (JSON), with an
// optimistic version like a game's, so that opening an event or recording
// its result happens once even when two writers race.
type League struct {
	ID      string
	Created time.Time
	Data    []byte
	// Version starts at 1 and grows by one with every UpdateLeague.
	Version int64
}

// Validate reports what makes l unstorable (ErrInvalid), or nil.
func (l League) Validate() error {
	if err := checkID("league id", l.ID); err != nil {
		return err
	}
	if l.Created.IsZero() {
		return invalid("league %s: no creation time", l.ID)
	}
	return nil
}

// Event is one record line.
type Event struct {
	Game string
	Seq  int64
	Line string
	// Hash is ChainNext(hash of Seq-1, Line), as stored.
	Hash []byte
}

// Snapshot is a game's state as bot froze it after record line Seq, whose
// chained hash is Hash, so that the game loads from it and the lines after
// Seq instead of replaying its whole record (issue 14). It is a cache: the
// record stays the truth, and bot ignores a snapshot that does not fit it.
// A game has at most one, the latest.
type Snapshot struct {
	Game string
	Seq  int64
	Hash []byte
	Data []byte // chosen by bot
}

// Player is a person who plays, reached through one or more identities.
type Player struct {
	ID       string
	Name     string // display name
	TimeZone string // IANA name, e.g. "Europe/Paris"; bot checks it
	Language string // e.g. "en", "fr"
	// MailMode is how often a player by mail is mailed: "turn" (or ""),
	// "round" or "every"; Board the board their mail carries: "full" (or
	// "") or "phone" (the crop). bot checks them.
	MailMode string
	Board    string
	// Identities, ordered by kind then value when read.
	Identities []Identity
}

// Identity is how a player is reached; (Kind, Value) belongs to one player.
type Identity struct {
	Kind  string // IdentityDiscord, IdentityEmail, IdentityCLI
	Value string // Discord user id, mail address, CLI user name
}

// Seat is one place at a game's table.
type Seat struct {
	Game   string
	Number int    // 1, 2, …
	Player string // "" for a seat nobody holds
	// Autopilot plays this seat when set.
	Autopilot bool
	// Misses counts consecutive deadlines missed.
	Misses int
	// Vacation: deadlines of this seat are relaxed between From and To
	// (bot's policy); zero times mean none.
	VacationFrom, VacationTo time.Time
}

// Inbound is the stored outcome of one inbound message, keyed by where it
// came from (Source: e.g. "discord", "imap", "message-id", "cli") and a key
// unique there (a Discord interaction id, "UIDVALIDITY/UID", a Message-ID…).
type Inbound struct {
	Source, Key string
	// Game and the record lines FirstSeq..LastSeq it produced; Game ""
	// and seqs 0 when it touched no record.
	Game              string
	FirstSeq, LastSeq int64
	// Reply is what was answered, to answer a duplicate again.
	Reply    string
	Received time.Time
}

// Message is one outbox entry.
type Message struct {
	ID        int64  // assigned by Enqueue
	Game      string // "" when not about a game
	Transport string // "discord", "email", "cli", …
	Target    string // channel id, mail address, …
	Text      string
	PNG       []byte // optional image
	Created   time.Time
	// Attempts failed so far, the last failure's text, and when the relay
	// may try next (zero once sent or given up).
	Attempts    int
	LastError   string
	NextAttempt time.Time
	SentAt      time.Time
}

// Deadline is a time by which a seat (or, with Seat 0, the whole game)
// must decide, or at which it is reminded.
type Deadline struct {
	Game  string
	Seat  int    // 0: game-wide
	Kind  string // DeadlineDecision, DeadlineReminder
	Index int    // 0 for a decision; 1, 2… for successive reminders
	Due   time.Time
}

func invalid(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, a...)...)
}

func checkID(what, s string) error {
	switch {
	case s == "":
		return invalid("empty %s", what)
	case len(s) > MaxIDLen:
		return invalid("%s longer than %d bytes", what, MaxIDLen)
	case !utf8.ValidString(s):
		return invalid("%s %q is not UTF-8", what, s)
	case strings.ContainsAny(s, "\x00\r\n"):
		return invalid("%s %q contains NUL, CR or LF", what, s)
	}
	return nil
}

// CheckID reports whether s can be a game or player id (ErrInvalid).
func CheckID(what, s string) error { return checkID(what, s) }

// Validate reports what makes g unstorable (ErrInvalid), or nil.
func (g Game) Validate() error {
	if err := checkID("game id", g.ID); err != nil {
		return err
	}
	if g.Created.IsZero() {
		return invalid("game %s: no creation time", g.ID)
	}
	switch g.State {
	case GameSetup, GameRunning, GamePaused, GameFinished:
	default:
		return invalid("game %s: unknown state %q", g.ID, g.State)
	}
	return nil
}

// CheckLine reports whether line can be a record line (ErrInvalid).
func CheckLine(line string) error {
	switch {
	case line == "":
		return invalid("empty record line")
	case !utf8.ValidString(line):
		return invalid("record line %q is not UTF-8", line)
	case strings.ContainsAny(line, "\x00\r\n"):
		return invalid("record line %q contains NUL, CR or LF", line)
	}
	return nil
}

// Validate reports what makes p unstorable (ErrInvalid), or nil. Identities
// are checked too (CreatePlayer needs at least one).
func (p Player) Validate() error {
	if err := checkID("player id", p.ID); err != nil {
		return err
	}
	if strings.TrimSpace(p.Name) == "" {
		return invalid("player %s: empty name", p.ID)
	}
	for _, id := range p.Identities {
		if err := id.Validate(); err != nil {
			return fmt.Errorf("player %s: %w", p.ID, err)
		}
	}
	return nil
}

// Validate reports what makes id unstorable (ErrInvalid), or nil.
func (id Identity) Validate() error {
	switch id.Kind {
	case IdentityDiscord, IdentityEmail, IdentityCLI:
	default:
		return invalid("unknown identity kind %q", id.Kind)
	}
	return checkID(id.Kind+" identity", id.Value)
}

// Validate reports what makes s unstorable (ErrInvalid), or nil.
func (s Seat) Validate() error {
	if err := checkID("game id", s.Game); err != nil {
		return err
	}
	if s.Number < 1 {
		return invalid("game %s: seat number %d (seats start at 1)", s.Game, s.Number)
	}
	if s.Player != "" {
		if err := checkID("player id", s.Player); err != nil {
			return err
		}
	}
	if s.Misses < 0 {
		return invalid("game %s seat %d: negative misses", s.Game, s.Number)
	}
	if !s.VacationFrom.IsZero() && !s.VacationTo.IsZero() && !Millis(s.VacationTo).After(Millis(s.VacationFrom)) {
		return invalid("game %s seat %d: vacation ends before it starts", s.Game, s.Number)
	}
	return nil
}

// Validate reports what makes in unstorable (ErrInvalid), or nil.
func (in Inbound) Validate() error {
	if err := checkID("inbound source", in.Source); err != nil {
		return err
	}
	if err := checkID("inbound key", in.Key); err != nil {
		return err
	}
	if in.Received.IsZero() {
		return invalid("inbound %s/%s: no reception time", in.Source, in.Key)
	}
	if in.Game == "" {
		if in.FirstSeq != 0 || in.LastSeq != 0 {
			return invalid("inbound %s/%s: seqs without a game", in.Source, in.Key)
		}
		return nil
	}
	if err := checkID("game id", in.Game); err != nil {
		return err
	}
	if in.FirstSeq < 0 || in.LastSeq < in.FirstSeq || (in.FirstSeq == 0) != (in.LastSeq == 0) {
		return invalid("inbound %s/%s: bad seq range %d..%d", in.Source, in.Key, in.FirstSeq, in.LastSeq)
	}
	return nil
}

// Validate reports what makes m unstorable (ErrInvalid), or nil.
func (m Message) Validate() error {
	if m.Game != "" {
		if err := checkID("game id", m.Game); err != nil {
			return err
		}
	}
	if err := checkID("transport", m.Transport); err != nil {
		return err
	}
	if err := checkID("target", m.Target); err != nil {
		return err
	}
	if m.Text == "" && len(m.PNG) == 0 {
		return invalid("message to %s: neither text nor image", m.Target)
	}
	if m.Created.IsZero() {
		return invalid("message to %s: no creation time", m.Target)
	}
	return nil
}

// Validate reports what makes d unstorable (ErrInvalid), or nil.
func (d Deadline) Validate() error {
	if err := checkID("game id", d.Game); err != nil {
		return err
	}
	if d.Seat < 0 {
		return invalid("game %s: deadline seat %d", d.Game, d.Seat)
	}
	switch d.Kind {
	case DeadlineDecision, DeadlineReminder:
	default:
		return invalid("game %s: unknown deadline kind %q", d.Game, d.Kind)
	}
	if d.Index < 0 {
		return invalid("game %s: negative deadline index", d.Game)
	}
	if d.Due.IsZero() {
		return invalid("game %s: deadline without a time", d.Game)
	}
	return nil
}

package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// Options configure a Service; the zero value of each field has a working
// default.
type Options struct {
	Store persistence.Store
	// Boards draws the board attached to mail notifications (cmd wires
	// render behind it); nil sends text only.
	Boards BoardRenderer
	// PublicURL is where the web page is reached from outside
	// (PITWALL_PUBLIC_URL, e.g. https://pitwall.example.org): mails and
	// Discord posts link to the game's page when it is set, and personal
	// links (link / lien) start with it. LocalURL is the page's own
	// address (http://localhost:8080) for personal links when PublicURL
	// is empty; with neither a link is its path alone.
	PublicURL, LocalURL string
	// Standings draws a league's standings image, attached to its posts
	// (cmd wires render/standings behind it); nil posts text only.
	Standings StandingsRenderer
	// Now is the clock (time.Now). Time lives in bot: nothing below reads it.
	Now func() time.Time
	// Random fills a new game's secret seed (crypto/rand).
	Random func([]byte) error
	// QueueSize bounds each game's inbox; a full inbox refuses the order
	// with "busy, try again" rather than queueing without limit.
	QueueSize int
	// RegistersPerHour caps the register mails answered in one hour, all
	// addresses together (default 20): past it, register mail is ignored
	// without an answer, so forged senders cannot turn Pitwall into a
	// mail cannon. Each address may also ask once a day.
	RegistersPerHour int
	// BeforeCommit, for tests only, runs inside each order's transaction
	// just before it commits.
	BeforeCommit func()
	// Holder names this process in the leases of a store shared by
	// several processes (persistence.Leaser); default host, pid and a
	// random tag.
	Holder string
	// LeaseTTL is how long a game's lease lasts without renewal: the
	// longest a game waits when the process playing it dies (default
	// 10s). LeaseIdle is how long an idle game keeps its lease before
	// giving it up so that any process may play its next order (default
	// 500ms).
	LeaseTTL, LeaseIdle time.Duration
	// GameIdle is how long a game waits for work before it leaves memory
	// (its record is in the store; the next order for it loads it again,
	// from its snapshot). Its goroutine ends sooner, once it has folded
	// the game (FoldAfter). Default 10 minutes: a race
	// played in an evening stays loaded, a game waiting days for a mail
	// costs nothing meanwhile.
	GameIdle time.Duration
	// FoldAfter is how long a game's goroutine waits for work before it
	// folds its game (bot/fold.go: about 2 KB instead of 12) and ends: a
	// burst of orders (the autopilot's, a quick table's) keeps it whole, a
	// game waiting for a player folds and keeps no goroutine. Default 2
	// seconds; negative: fold after every order, before answering it (the
	// goroutine then ends after GameIdle).
	FoldAfter time.Duration
	// ClaimHold is how long a relay's claim on outbox messages hides them
	// from the other processes' relays (persistence.Claimer; default 2
	// minutes, longer than any send).
	ClaimHold time.Duration
	// BrokenSplitCommit, for the crash test only, deliberately breaks the
	// one-transaction rule: autoplay writes each decision's record lines
	// in two transactions. The kill -9 soak test must catch it.
	BrokenSplitCommit bool
	// BrokenTwoOwners, for the shared soak test only, deliberately lets
	// several processes own a game at once: no lease, and each decision is
	// appended after whatever the record holds when it commits (no
	// conflict check). TestKill9SoakSharedHasTeeth must catch it.
	BrokenTwoOwners bool
}

// Service is the application: it holds the live games, applies orders one
// game at a time, and commits everything an order causes in one
// transaction before anything is shown.
type Service struct {
	opts  Options
	store persistence.Store
	// leaser is the store's lease capability when several processes may
	// share it (PostgreSQL), else nil: one process owns every game.
	leaser persistence.Leaser

	// afterCommit is the second half of BrokenSplitCommit's write.
	afterCommit func() error

	// wake tells the scheduler that deadlines changed
	wake chan struct{}

	mu       sync.Mutex
	circuits map[string]*tracks.Circuit // built once, read-only, shared by games
	actors   map[string]*actor
	// leave holds the timers that drop the folded state of games whose
	// goroutine has ended, GameIdle after their last work (ownership.go)
	leave    map[string]*time.Timer
	cache    map[string]*live
	views    map[string]*view // games rebuilt whole for reading (views.go)
	viewTick uint64
	noViews  bool // tests: every read rebuilds the game, as before views
	// tests: the live game loads from its whole record, as before
	// snapshots
	noSnapshots bool
	noFold      bool // tests: games stay whole between orders, as before folding
	noRecent    bool // tests: recent views are whole views, as before them
	// kinds: by game id, whether it is served through the engine contract
	// (bot/contract_game.go); a game's kind never changes
	kinds  sync.Map
	closed bool
	wg     sync.WaitGroup
}

// actor is the one goroutine of a live game: it applies its orders in
// order.
type actor struct {
	jobs chan job
}

type job struct {
	ctx  context.Context
	fn   func() (string, error)
	done chan result
}

type result struct {
	reply string
	err   error
}

// New builds a service over a store.
func New(opts Options) *Service {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Random == nil {
		opts.Random = func(b []byte) error { _, err := rand.Read(b); return err }
	}
	if opts.QueueSize <= 0 {
		opts.QueueSize = 64
	}
	if opts.RegistersPerHour <= 0 {
		opts.RegistersPerHour = 20
	}
	if opts.LeaseTTL <= 0 {
		opts.LeaseTTL = 10 * time.Second
	}
	if opts.LeaseIdle <= 0 {
		opts.LeaseIdle = 500 * time.Millisecond
	}
	if opts.GameIdle <= 0 {
		opts.GameIdle = 10 * time.Minute
	}
	if opts.FoldAfter == 0 {
		opts.FoldAfter = 2 * time.Second
	}
	if opts.ClaimHold <= 0 {
		opts.ClaimHold = 2 * time.Minute
	}
	if opts.Holder == "" {
		opts.Holder = defaultHolder()
	}
	leaser, _ := opts.Store.(persistence.Leaser)
	if opts.BrokenTwoOwners {
		leaser = nil
	}
	return &Service{opts: opts, store: opts.Store, leaser: leaser, wake: make(chan struct{}, 1), actors: map[string]*actor{}, leave: map[string]*time.Timer{}, cache: map[string]*live{}, views: map[string]*view{}, circuits: map[string]*tracks.Circuit{}}
}

// circuit returns an embedded circuit, built once: circuits are read-only
// once built, so every game on it shares one.
func (s *Service) circuit(id string) (*tracks.Circuit, error) {
	s.mu.Lock()
	c := s.circuits[id]
	s.mu.Unlock()
	if c != nil {
		return c, nil
	}
	c, err := tracks.Get(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.circuits[id] = c
	s.mu.Unlock()
	return c, nil
}

// Close stops every game's goroutine after the orders in flight.
func (s *Service) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	for _, a := range s.actors {
		close(a.jobs)
	}
	for _, t := range s.leave {
		t.Stop()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// ErrBusy refuses an order when a game's inbox is full.
var ErrBusy = &UserError{Msg: "this game is busy; try again in a moment", Fr: "cette partie est occupée ; réessayez dans un instant"}

// ErrClosed refuses work after Close.
var ErrClosed = errors.New("service closed")

// onGame runs fn on the game's goroutine and waits for it.
func (s *Service) onGame(ctx context.Context, game string, fn func() (string, error)) (string, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return "", ErrClosed
	}
	a := s.actors[game]
	if a == nil {
		if t := s.leave[game]; t != nil { // its folded state stays
			t.Stop()
			delete(s.leave, game)
		}
		a = &actor{jobs: make(chan job, s.opts.QueueSize)}
		s.actors[game] = a
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.runActor(game, a)
		}()
	}
	j := job{ctx: ctx, fn: fn, done: make(chan result, 1)}
	select {
	case a.jobs <- j:
	default:
		s.mu.Unlock()
		return "", ErrBusy
	}
	s.mu.Unlock()
	select {
	case r := <-j.done:
		return r.reply, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// loaded returns the cached game when the store has not moved on, and
// rebuilds it otherwise.
func (s *Service) loaded(tx persistence.ReadTx, id string) (*live, error) {
	row, err := gameRow(tx, id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	l := s.cache[id]
	s.mu.Unlock()
	unfolded := l != nil && l.isFolded()
	if unfolded && (l.row.Version != row.Version || !s.unfold(l)) {
		l = nil // moved on, or its lines no longer replay: load it afresh
	}
	if l != nil && l.row.Version == row.Version {
		seats, err := tx.Seats(id)
		if err != nil {
			return nil, err
		}
		l.seats = seats
		if !unfolded {
			l.keepLines() // the order before was not folded in yet
		}
		l.forgetEvents()
		return l, nil
	}
	l, err = s.loadLive(tx, id)
	if err != nil {
		return nil, err
	}
	if !s.noFold {
		l.primeFold()
	}
	l.forgetEvents()
	s.mu.Lock()
	s.cache[id] = l
	s.mu.Unlock()
	return l, nil
}

func (s *Service) forget(id string) {
	s.mu.Lock()
	delete(s.cache, id)
	s.mu.Unlock()
}

// CreateRequest opens a game.
type CreateRequest struct {
	// Game is the game: "" or "fd" for Formula Dé, "rs" for Racing
	// Simulator, whose Mode is "family" (default) or "standard" and
	// whose Optional are the standard game's optional rules.
	Game  string
	Mode  string
	Track string
	Rules string
	// Seats are player names, seat 1 first; "ai:LEVEL" (rookie, pro,
	// legend) seats an AI driver at that level.
	Seats    []string
	Seed     string // optional: the same seed gives the same game
	Laps     int
	Optional []string
	// Variants are league variants (fd.LookupVariant), "ID" or
	// "ID:key=value,…"; they need the competition rules. They are kept
	// in the game's meta as given.
	Variants []string
	// Decks are a Racing Simulator league's own decks (rs-deck format,
	// docs/rs-decks.md), each in place of the Pitwall house deck of its
	// kind; checked at create and kept in the game's meta.
	Decks []rs.DeckFile
	// Identity of the creator, who becomes the game master; by default
	// the first seat's player.
	Master   persistence.Identity
	Deadline time.Duration
	// QualifyingDeadline is the time limit of the qualifying session's
	// decisions (0: Deadline's).
	QualifyingDeadline time.Duration
	// TimeoutAutopilot: a missed deadline is answered by the autopilot
	// rather than by the rules' stated defaults (AMB-17, AMB-48).
	TimeoutAutopilot bool
	// SeatIDs, when set, seats these players (by player id, one per seat)
	// instead of finding terminal players by name: a league's entry list.
	SeatIDs []string
}

// Create opens a game, seats its players (creating unknown ones), rolls its
// setup and commits it. It returns the game id.
func (s *Service) Create(ctx context.Context, req CreateRequest) (string, error) {
	if req.Game != "" && req.Game != "fd" {
		return s.createServed(ctx, req)
	}
	if len(req.Seats) == 0 {
		return "", userErrorf("a game needs at least one seat")
	}
	if len(req.Decks) > 0 {
		return "", refusef("league decks belong to Racing Simulator (game rs)", "les paquets d'une ligue sont ceux de Racing Simulator (jeu rs)")
	}
	if len(req.Seats) > fd.MaxCars {
		return "", userErrorf("%d seats: at most %d cars race", len(req.Seats), fd.MaxCars)
	}
	c, err := s.circuit(req.Track)
	if err != nil {
		return "", &UserError{Msg: err.Error()}
	}
	cfg, err := buildConfig(req.Rules, req.Laps, req.Optional, req.Variants...)
	if err != nil {
		return "", err
	}
	seed, err := newSeed(req.Seed, s.opts.Random)
	if err != nil {
		return "", err
	}
	id := "g-" + dice.Commitment(seed)[:10]
	g, err := fd.NewGame(id, cfg, c, len(req.Seats))
	if err != nil {
		return "", &UserError{Msg: err.Error()}
	}
	if err := g.Start(dice.NewSeeded(seed)); err != nil {
		return "", err
	}
	m := &meta{Rules: string(cfg.Rules), Options: cfg.Options(), Track: c.ID, Cars: len(req.Seats),
		Commitment: dice.Commitment(seed), Seed: seedHex(seed), MaxMisses: 3, TimeoutAutopilot: req.TimeoutAutopilot}
	humans := 0
	for i, name := range req.Seats {
		lvl, isAI, err := aiSeat(name)
		if err != nil {
			return "", err
		}
		if !isAI {
			humans++
			continue
		}
		if m.AI == nil {
			m.AI = map[int]string{}
		}
		m.AI[i+1] = lvl.String()
	}
	if humans == 0 {
		return "", userErrorf("a game needs at least one player besides its AI drivers")
	}
	if err := checkDeadline(req.Deadline); err != nil {
		return "", err
	}
	if err := checkDeadline(req.QualifyingDeadline); err != nil {
		return "", err
	}
	m.Deadline = int(req.Deadline / time.Minute) // the reminder: at half time
	m.QualifyingDeadline = int(req.QualifyingDeadline / time.Minute)
	m.Variants = req.Variants
	if req.SeatIDs != nil && len(req.SeatIDs) != len(req.Seats) {
		return "", fmt.Errorf("%d seat ids for %d seats", len(req.SeatIDs), len(req.Seats))
	}
	now := s.opts.Now()
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.Game(id); err == nil {
			return userErrorf("game %s already exists (same seed)", id)
		}
		var players []persistence.Player
		for i, name := range req.Seats {
			if m.AI[i+1] != "" {
				players = append(players, persistence.Player{}) // an AI driver holds the seat
				continue
			}
			var p persistence.Player
			var err error
			if req.SeatIDs != nil {
				p, err = tx.Player(req.SeatIDs[i])
			} else {
				p, err = s.playerByName(tx, name)
			}
			if err != nil {
				return err
			}
			players = append(players, p)
		}
		for _, p := range players {
			if p.ID != "" {
				m.Master = p.ID // the first player seated
				break
			}
		}
		if req.Master.Value != "" {
			if p, err := tx.PlayerByIdentity(req.Master.Kind, req.Master.Value); err == nil {
				m.Master = p.ID
			}
		}
		row, err := tx.CreateGame(persistence.Game{ID: id, Created: now, Meta: m.encode(), State: persistence.GameRunning})
		if err != nil {
			return err
		}
		l := &live{row: row, meta: m, track: c, game: fd.NewContract(g, sayPhrase)}
		// the start is the race's first step: everything its record holds
		l.took(engine.Step{Events: l.game.Events()})
		for i, p := range players {
			seat := persistence.Seat{Game: id, Number: i + 1, Player: p.ID}
			if err := tx.PutSeat(seat); err != nil {
				return err
			}
			l.seats = append(l.seats, seat)
		}
		if err := s.autoplayTurns(l, tx); err != nil { // AI drivers on the grid decide at once
			return err
		}
		lines, err := l.causedLines()
		if err != nil {
			return err
		}
		if _, err := tx.Append(id, row.LastSeq, lines...); err != nil {
			return err
		}
		if row, err = tx.Game(id); err != nil {
			return err
		}
		if l.game.Over() {
			row.State = persistence.GameFinished
		}
		l.row = row
		// a game tells its players: every seat that plays by mail hears of
		// it now, with the first decision when it is theirs
		if err := s.mailSeats(tx, l); err != nil {
			return err
		}
		if err := s.schedule(tx, l, id, now); err != nil {
			return err
		}
		_, err = tx.UpdateGame(persistence.Game{ID: id, Created: row.Created, Meta: m.encode(), State: row.State, Version: row.Version})
		return err
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// playerByName finds a terminal player by name, creating it if needed.
func (s *Service) playerByName(tx persistence.Tx, name string) (persistence.Player, error) {
	n := normName(name)
	if n == "" {
		return persistence.Player{}, userErrorf("a player needs a name")
	}
	p, err := tx.PlayerByIdentity(persistence.IdentityCLI, n)
	if err == nil {
		return p, nil
	}
	if !errors.Is(err, persistence.ErrNotFound) {
		return p, err
	}
	p = persistence.Player{ID: "cli:" + n, Name: strings.TrimSpace(name), TimeZone: "UTC", Language: "en",
		Identities: []persistence.Identity{{Kind: persistence.IdentityCLI, Value: n}}}
	if err := tx.CreatePlayer(p); err != nil {
		return p, err
	}
	return p, nil
}

// gameLines are the record lines of events a contract handed out.
func gameLines(evs []engine.Event) []string {
	lines := make([]string, len(evs))
	for i, e := range evs {
		lines[i] = e.Line()
	}
	return lines
}

func eventLines(evs []fd.Event) []string {
	lines := make([]string, len(evs))
	for i, e := range evs {
		lines[i] = e.String()
	}
	return lines
}

// Request is one command from a player, whatever the transport.
type Request struct {
	Identity persistence.Identity // who speaks
	Game     string
	Text     string
	// Source and Key identify the inbound message (a Discord interaction
	// id, a mail's UIDVALIDITY/UID…); a duplicate is answered again and
	// never applied twice. Empty: no de-duplication.
	Source, Key string
	// League names the league of a league command (standings, vote…);
	// empty: the league of Game, or the player's only league.
	League string
}

// Handle runs a player's command on the game's goroutine and returns the
// reply. The reply is built from committed state only.
func (s *Service) Handle(ctx context.Context, req Request) (string, error) {
	if cmd, err := Parse(req.Text); err == nil && IsLeagueVerb(cmd.Verb) {
		return s.HandleLeague(ctx, req, cmd) // a league's, not a game's
	}
	return s.onGame(ctx, req.Game, func() (string, error) {
		if s.isServed(ctx, req.Game) {
			return s.handleServed(ctx, req)
		}
		return s.handle(ctx, req)
	})
}

func (s *Service) handle(ctx context.Context, req Request) (string, error) {
	cmd, perr := Parse(req.Text)
	var reply string
	lang := ""
	// unchanged: the command was refused before it could change the live
	// game, or its refusal left it as it was
	unchanged := false
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		unchanged = true
		if prev, seen, err := answered(tx, req); err != nil || seen {
			reply = prev
			return err
		}
		player, err := speaker(tx, req.Identity)
		if err != nil {
			return err
		}
		// replies are in the player's language, whatever the language of
		// the command they typed
		lang = player.Language
		if perr != nil {
			return parseRefusal(perr, req.Text, lang)
		}
		l, err := s.loaded(tx, req.Game)
		if err != nil {
			return err
		}
		car, seated := l.carOf(player.ID)
		byMail := req.Identity.Kind == persistence.IdentityEmail && seated && l.game != nil
		since := int64(-1)
		if byMail {
			since = l.meta.Mailed[car]
			if _, told := l.meta.Mailed[car]; !told {
				since = l.row.LastSeq
			}
		}
		l.beginCommand()
		defer l.endCommand()
		// the race's identity, by its state's address: the held contract
		// (it carries its phrasebook, a func) cannot be compared
		race, settings := l.race(), l.meta.encode()
		unchanged = false
		reply, err = s.command(tx, l, player, cmd, lang)
		if err != nil {
			// A refusal that changed nothing keeps the live game: the
			// engine refuses before it changes anything (engine/fd
			// TestRefusedOrderChangesNothing), so a typo need not cost a
			// replay of the whole record.
			unchanged = l.race() == race && !l.rebuilt && len(l.caused) == 0 &&
				l.events() == l.causedFrom && bytes.Equal(l.meta.encode(), settings)
			return err
		}
		l.rebuilt = false // a take-back's own lines are stored: its journal began after them
		if byMail {
			l.sender = req.Identity.Value // the reply is their news
		}
		err = s.commit(tx, l, req.Game, lang)
		l.sender = ""
		if err != nil {
			return err
		}
		if l.game != nil && len(l.caused) > 0 {
			reader := readerOf(car, seated, l.meta.Master == player.ID)
			more := describeEvents(l.track, l.game, reader, l.causedEvents(), lang)
			if byMail {
				// everything since their last mail, not only this order
				if more, err = newsSince(tx, l, reader, since, lang); err != nil {
					return err
				}
			}
			if more != "" {
				reply = strings.TrimSpace(reply + "\n" + more)
			}
			switch {
			case l.game.Over():
				names, err := seatNames(tx, l)
				if err != nil {
					return err
				}
				reply += "\n\n" + s.resultsText(l, names, lang)
			case byMail:
				if asked, ok := l.askedOf(car); ok {
					reply += "\n\n" + askedText(asked, lang)
					if by := s.dueText(l, s.opts.Now(), player.TimeZone, lang); by != "" {
						reply += "\n" + by
					}
				} else if w := s.waitingText(l, lang); w != "" {
					reply += "\n\n" + w
				}
			default:
				if next := s.nextText(l, lang, readerOf(car, seated, l.meta.Master == player.ID)); next != "" {
					reply += "\n" + next
				}
			}
		}
		if req.Key != "" {
			return tx.RecordInbound(persistence.Inbound{Source: req.Source, Key: req.Key, Game: req.Game, Reply: reply, Received: s.opts.Now()})
		}
		return nil
	})
	if err != nil {
		if !unchanged || !IsUserError(err) {
			s.forget(req.Game) // the engine state may hold what was not committed
		}
		return "", InPlayerLang(err, lang)
	}
	return reply, nil
}

// speaker is the player an identity belongs to; an unknown one is the
// speaker's refusal.
func speaker(tx persistence.ReadTx, ident persistence.Identity) (persistence.Player, error) {
	p, err := tx.PlayerByIdentity(ident.Kind, ident.Value)
	if errors.Is(err, persistence.ErrNotFound) {
		return p, userErrorf("unknown player %q: ask the game master to seat you", ident.Value)
	}
	return p, err
}

// parseRefusal is a command that does not parse, for the player: the
// parser's hint in English, a plain sentence in French.
func parseRefusal(err error, text, lang string) error {
	if errors.Is(err, ErrEmpty) {
		return langErrorf(lang, "empty command; type help", "commande vide ; tapez aide")
	}
	if lang == "fr" { // the parser's hints are English
		return &UserError{Msg: fmt.Sprintf("je ne comprends pas « %s » ; tapez aide pour la liste des commandes", strings.TrimSpace(text))}
	}
	return &UserError{Msg: err.Error()}
}

// command carries out one parsed command on a loaded game.
func (s *Service) command(tx persistence.Tx, l *live, p persistence.Player, cmd Command, lang string) (string, error) {
	car, seated := l.carOf(p.ID)
	master := l.meta.Master == p.ID
	needSeat := func() error {
		if !seated {
			return langErrorf(lang, "%s has no car in game %s", "%s n'a pas de voiture dans la partie %s", p.Name, l.row.ID)
		}
		return nil
	}
	needMaster := func() error {
		if !master {
			return langErrorf(lang, "only the game master can do that", "seul le maître de jeu peut faire cela")
		}
		return nil
	}
	if cmd.Verb == VerbMail {
		p.MailMode = cmd.Word
		if err := tx.UpdatePlayer(p); err != nil {
			return "", err
		}
		return mailModeText(cmd.Word, lang), nil
	}
	if cmd.Verb == VerbLink {
		return s.linkText(tx, l, p, lang)
	}
	if l.game == nil {
		return s.lobbyCommand(tx, l, p, cmd, lang)
	}
	switch cmd.Verb {
	case VerbHelp:
		return helpText(lang), nil
	case VerbStatus:
		return s.statusText(l, lang, car, seated, master), nil
	case VerbLog:
		// the record is in the store; a live game keeps none of it
		lines, err := tx.Events(l.row.ID, max(0, l.row.LastSeq-int64(cmd.Number)), 0)
		if err != nil {
			return "", err
		}
		var evs []fd.Event
		for _, line := range lines {
			if e, err := fd.ParseEvent(line.Line); err == nil {
				evs = append(evs, e)
			}
		}
		return describeEvents(l.track, l.game, readerOf(car, seated, master), evs, lang), nil
	case VerbBoard:
		return s.statusText(l, lang, car, seated, master), nil
	case VerbWhy:
		return s.whyText(tx, l, readerOf(car, seated, master), lang)
	case VerbGear, VerbChoose, VerbPit, VerbTyres, VerbConfig, VerbDriver:
		if err := needSeat(); err != nil {
			return "", err
		}
		if l.row.State == persistence.GamePaused {
			return "", langErrorf(lang, "the game is paused", "la partie est en pause")
		}
		key, err := orderKey(l, car, cmd, lang)
		if err != nil {
			return "", err
		}
		if err := s.spendClock(l, car, s.opts.Now()); err != nil { // 2-B
			return "", err
		}
		if blitzFrozen(l, car) { // AX-5: the order came after the bank; the time-out is kept and told
			return "", s.autoplayTurns(l, tx)
		}
		if _, err := s.submitKey(l, car, key); err != nil {
			if isRefusal(err) {
				return "", engineRefusal(l, car, err, lang)
			}
			return "", err
		}
		if seat := l.seat(car); seat != nil && (seat.Misses > 0 || seat.Autopilot) {
			seat.Misses, seat.Autopilot = 0, false // the player speaks again
			if err := tx.PutSeat(*seat); err != nil {
				return "", err
			}
		}
		return "", s.autoplayTurns(l, tx)
	case VerbNext:
		if err := needSeat(); err != nil {
			return "", err
		}
		if l.meta.PreMoves == nil {
			l.meta.PreMoves = map[int]int{}
		}
		l.meta.PreMoves[car] = cmd.Gear
		return fmt.Sprintf("noted: gear %d for your next play", cmd.Gear), s.autoplayTurns(l, tx)
	case VerbPlan:
		if err := needSeat(); err != nil {
			return "", err
		}
		if l.meta.Plans == nil {
			l.meta.Plans = map[int]map[string]int{}
		}
		if cmd.Word == "clear" {
			delete(l.meta.Plans, car)
			return "standing orders cleared", nil
		}
		if l.meta.Plans[car] == nil {
			l.meta.Plans[car] = map[string]int{}
		}
		l.meta.Plans[car][cmd.Word] = cmd.Number
		return "standing order noted: " + cmd.Word, nil
	case VerbAuto:
		if err := needSeat(); err != nil {
			return "", err
		}
		seat := l.seat(car)
		seat.Autopilot = cmd.On
		if err := tx.PutSeat(*seat); err != nil {
			return "", err
		}
		if cmd.On {
			return "your car is on autopilot", s.autoplayTurns(l, tx)
		}
		if l.meta.AI[car] != "" {
			delete(l.meta.AI, car) // back from a substitute AI driver
			return "you drive your car again: the AI driver stands down", nil
		}
		return "autopilot off", nil
	case VerbVacation:
		if err := needSeat(); err != nil {
			return "", err
		}
		seat := l.seat(car)
		seat.VacationFrom, seat.VacationTo = cmd.From, cmd.To
		if err := tx.PutSeat(*seat); err != nil {
			return "", err
		}
		return fmt.Sprintf("vacation noted: the autopilot drives from %s to %s", cmd.From.Format("2006-01-02"), cmd.To.Add(-time.Hour).Format("2006-01-02")), s.autoplayTurns(l, tx)
	case VerbUndo:
		if err := needSeat(); err != nil {
			return "", err
		}
		err := s.tellMaster(tx, l, func(lang string) (string, string) {
			if lang == "fr" {
				return fmt.Sprintf("Demande d'annulation : voiture %d", car), fmt.Sprintf("%s (voiture %d) demande d'annuler le dernier coup : %s\nPour l'annuler : rejouer RAISON", p.Name, car, cmd.Reason)
			}
			return fmt.Sprintf("Undo request: car %d", car), fmt.Sprintf("%s (car %d) asks to take back the last play: %s\nTo take it back: takeback REASON", p.Name, car, cmd.Reason)
		})
		return inLang(lang, [2]string{"asked the game master to take back the last play", "demande d'annulation envoyée au maître de jeu"}), err
	case VerbPause, VerbResume:
		if err := needMaster(); err != nil {
			return "", err
		}
		if cmd.Verb == VerbPause {
			l.row.State = persistence.GamePaused
			return "game paused", nil
		}
		l.row.State = persistence.GameRunning
		return "game resumed", nil
	case VerbClassify: // FDR R1.14: recorded as a classification line
		if err := needMaster(); err != nil {
			return "", err
		}
		if _, err := s.official(l, fd.ClassificationLine(cmd.Number, cmd.Numbers[0], cmd.Reason)); err != nil {
			if isRefusal(err) {
				return "", engineRefusal(l, 0, err, lang)
			}
			return "", err
		}
		if lang == "fr" {
			return fmt.Sprintf("voiture %d classée %s", cmd.Number, ordinal(cmd.Numbers[0], lang)), nil
		}
		return fmt.Sprintf("car %d is now classified %s", cmd.Number, ordinal(cmd.Numbers[0], lang)), nil
	case VerbDeadline:
		if err := needMaster(); err != nil {
			return "", err
		}
		if err := checkDeadline(cmd.Period); err != nil {
			return "", err
		}
		l.meta.Deadline = int(cmd.Period / time.Minute)
		l.meta.Reminders = nil // at half time
		l.meta.Armed = nil     // every pending decision gets the new time
		if lang == "fr" {
			return fmt.Sprintf("chaque décision a désormais %s", periodText(l.meta.Deadline, lang)), nil
		}
		return fmt.Sprintf("decisions now have %s", periodText(l.meta.Deadline, lang)), nil
	case VerbKick, VerbReplace:
		if err := needMaster(); err != nil {
			return "", err
		}
		who, err := s.seatOfName(tx, l, cmd.Name)
		if err != nil {
			return "", err
		}
		if cmd.Verb == VerbKick {
			delete(l.meta.AI, who.Number)
			who.Player, who.Autopilot = "", true
			return fmt.Sprintf("seat %d is now driven by the autopilot", who.Number), tx.PutSeat(*who)
		}
		if lvl, isAI, err := aiSeat(cmd.Name2); isAI {
			// a substitute at a level: the seat stays its player's, who
			// takes it back with auto off
			if err != nil {
				return "", err
			}
			if l.meta.AI == nil {
				l.meta.AI = map[int]string{}
			}
			l.meta.AI[who.Number] = lvl.String()
			who.Autopilot, who.Misses = false, 0
			if err := tx.PutSeat(*who); err != nil {
				return "", err
			}
			return fmt.Sprintf("seat %d is now driven by an AI driver, level %s, until its player sends auto off", who.Number, lvl), s.autoplayTurns(l, tx)
		}
		delete(l.meta.AI, who.Number)
		np, err := s.playerByName(tx, cmd.Name2)
		if err != nil {
			return "", err
		}
		who.Player, who.Autopilot, who.Misses = np.ID, false, 0
		return fmt.Sprintf("seat %d is now %s's", who.Number, np.Name), tx.PutSeat(*who)
	case VerbJoin, VerbStart:
		return "", langErrorf(lang, "this game has already started; a game master seats players when creating it", "cette partie a déjà commencé ; le maître de jeu place les joueurs en la créant")
	case VerbTakeBack:
		if err := needMaster(); err != nil {
			return "", err
		}
		if strings.TrimSpace(cmd.Reason) == "" {
			return "", langErrorf(lang, "a take-back needs a reason: takeback REASON", "une reprise demande une raison : rejouer RAISON")
		}
		return s.takeBack(tx, l, cmd.Reason, readerOf(car, seated, master))
	}
	return "", langErrorf(lang, "%s is not available here", "la commande %s n'est pas possible ici", cmd.Verb)
}

func (s *Service) seatOfName(tx persistence.ReadTx, l *live, name string) (*persistence.Seat, error) {
	return seatByName(tx, l.seats, name)
}

// seatByName finds the seat of seats whose player is called name.
func seatByName(tx persistence.ReadTx, seats []persistence.Seat, name string) (*persistence.Seat, error) {
	for i := range seats {
		if seats[i].Player == "" {
			continue
		}
		p, err := tx.Player(seats[i].Player)
		if err != nil {
			return nil, err
		}
		if normName(p.Name) == normName(name) {
			return &seats[i], nil
		}
	}
	return nil, refusef("nobody called %q sits at this table", "personne du nom de %q n'est à cette table", name)
}

// dice is the game's seeded source: a roll is a pure function of the
// committed state, so a retried order rolls the same.
// A game whose stored seed cannot be read is refused when it loads
// (decodeMeta); should one get here anyway, every roll fails with the
// reason, so the order is refused and the game is left as it was.
func (s *Service) dice(l *live) engine.Random {
	seed, err := l.meta.seed()
	if err != nil {
		return unreadableSeed{game: l.row.ID, err: err}
	}
	return dice.NewSeeded(seed)
}

// unreadableSeed is the dice of a game whose seed cannot be read: no roll.
type unreadableSeed struct {
	game string
	err  error
}

func (u unreadableSeed) Roll(dice.Key, dice.Die) (dice.Roll, error) {
	return dice.Roll{}, fmt.Errorf("game %s: its stored dice seed is unreadable: %w", u.game, u.err)
}

// Shuffle fails as Roll does: Formula Dé shuffles nothing, but the game
// contract takes dice and shuffles as one engine.Random.
func (u unreadableSeed) Shuffle(dice.Key, int) (dice.Shuffle, error) {
	return dice.Shuffle{}, fmt.Errorf("game %s: its stored dice seed is unreadable: %w", u.game, u.err)
}

// orderKey turns a command into the key of the car's order for its
// pending decision, as fd.Contract.OrderFor reads it (issue 13): a gear by
// its number, an option by its letter, a build by its numbers (BuildKey),
// with 5-A's booster points when said (BoostKey: "config A boost 3" is
// "A boost 3"); a driver by name, tyres by word and the pit by kind are
// the key the contract gives for the option that does it
// (fd.Contract.KeyBy), so bot reads no option's fields. The decision's
// kind and keys are the contract's (Pending). What the decision cannot
// take is refused here, in the player's language, before the race sees
// it.
func orderKey(l *live, car int, cmd Command, lang string) (string, error) {
	con := l.contract() // its KeyBy: Formula Dé's option by what it does
	d, ok := pendingSeat(l.game, car-1)
	if !ok {
		if cmd.Verb == VerbGear {
			return "", langErrorf(lang, "it is not your turn; send \"next %d\" to set the gear for your next play", "ce n'est pas votre tour ; envoyez « ensuite %d » pour choisir la vitesse de votre prochain coup", cmd.Gear)
		}
		return "", langErrorf(lang, "nothing to decide for your car now", "votre voiture n'a rien à décider maintenant")
	}
	kind := fd.DecisionKind(d.Kind)
	key := ""
	switch cmd.Verb {
	case VerbGear:
		if kind != fd.DecideGear {
			return "", langErrorf(lang, "now you must %s, not choose a gear", "vous devez maintenant %s, pas choisir une vitesse", decisionInf(kind, lang))
		}
		if cmd.Gear != 0 {
			key = gearKey(cmd.Gear)
		}
	case VerbChoose:
		key = cmd.Letter
	case VerbConfig:
		if cmd.Letter != "" {
			key = cmd.Letter
		} else {
			if len(cmd.Numbers) != int(fd.NumCategories) {
				return "", langErrorf(lang, "give %d numbers: tyres/brakes/gearbox/body/engine/handling", "donnez %d nombres : pneus/freins/boîte/carrosserie/moteur/tenue de route", fd.NumCategories)
			}
			var w fd.Wear
			copy(w[:], cmd.Numbers)
			if w != (fd.Wear{}) {
				key = fd.BuildKey(w)
			}
		}
		if key != "" && cmd.BoostersSaid { // league 5-A
			key = fd.BoostKey(key, cmd.Boosters)
		}
	case VerbDriver:
		if kind != street.DecideDriver {
			return "", langErrorf(lang, "now you must %s, not pick a driver", "vous devez maintenant %s, pas choisir un pilote", decisionInf(kind, lang))
		}
		key = cmd.Name // a letter or a name (U-DRV-01)
		if dr, ok := street.FindDriver(cmd.Name); ok {
			key = con.KeyBy(d.Seat, fd.OptionBy{Driver: dr.Key})
			if key == "" {
				return "", langErrorf(lang, "%s is not free; %s", "%s n'est pas libre ; %s", dr.Name, legalText(d, lang))
			}
		}
	case VerbTyres:
		key = cmd.Letter
		if cmd.Word != "" {
			key = con.KeyBy(d.Seat, fd.OptionBy{Tyres: cmd.Word})
		}
	case VerbPit:
		switch {
		case cmd.Letter != "":
			key = cmd.Letter
		case kind == fd.DecideMove:
			key = con.KeyBy(d.Seat, fd.OptionBy{PitLane: true})
			if key == "" {
				return "", langErrorf(lang, "no option enters the pit lane now", "aucune option n'entre dans la voie des stands maintenant")
			}
		case kind == fd.DecidePit:
			stop := "quick"
			if cmd.Name == "long" {
				stop = "long"
			}
			key = con.KeyBy(d.Seat, fd.OptionBy{Tyres: cmd.Word, Stop: stop})
		default:
			return "", langErrorf(lang, "now you must %s", "vous devez maintenant %s", decisionInf(kind, lang))
		}
	}
	if key == "" {
		return "", langErrorf(lang, "that is not one of your options; %s", "ce n'est pas une de vos options ; %s", legalText(d, lang))
	}
	return key, nil
}

// pendingSeat is seat's pending decision as the game contract lists it:
// its kind and its options' keys.
func pendingSeat(g engine.Game, seat int) (engine.Decision, bool) {
	if g.Over() {
		return engine.Decision{}, false
	}
	for _, d := range g.Pending() {
		if d.Seat == seat {
			return d, true
		}
	}
	return engine.Decision{}, false
}

// gearKey is the key of a plain gear: its number (fd.OptionKey).
func gearKey(gear int) string { return strconv.Itoa(gear) }

// engineRefusal is the engine's refusal of an order for the player: the
// engine's own text in English, a French sentence for a French player.
func engineRefusal(l *live, car int, err error, lang string) error {
	if lang != "fr" {
		return &UserError{Msg: err.Error()}
	}
	switch {
	case errors.Is(err, fd.ErrNotYourTurn):
		return &UserError{Msg: "ce n'est pas à votre voiture de décider maintenant"}
	case errors.Is(err, fd.ErrNoDecision):
		return &UserError{Msg: "il n'y a rien à décider maintenant"}
	}
	// the engine's reason is English prose; a French player keeps the rule
	// it names and the legal options
	msg := "cet ordre n'est pas permis"
	if ids := ruleIDRE.FindAllString(err.Error(), -1); len(ids) > 0 {
		msg += " " + strings.TrimSpace(strings.Join(ids, " "))
	}
	if d, ok := pendingSeat(l.game, car-1); ok && len(d.Options) > 0 {
		return &UserError{Msg: msg + " ; " + legalText(d, lang)}
	}
	return &UserError{Msg: msg + " ; tapez statut pour voir vos options"}
}

// decisionInf says what a decision asks in the infinitive: "choose a gear".
func decisionInf(k fd.DecisionKind, lang string) string {
	if lang != "fr" {
		return decisionWhat(k, lang)
	}
	if w, ok := decisionInfFr[k]; ok {
		return w
	}
	return "décider"
}

var decisionInfFr = map[fd.DecisionKind]string{
	fd.DecideGear:       "choisir une vitesse",
	fd.DecideMove:       "choisir votre déplacement",
	fd.DecideSlipstream: "prendre l'aspiration ou non",
	fd.DecidePit:        "choisir votre arrêt au stand",
	fd.DecideTyres:      "choisir vos pneus",
	fd.DecideBuild:      "régler votre voiture",
	street.DecideDriver: "choisir votre pilote",
	street.DecideReroll: "garder la météo ou relancer",
	fd.DecideWing:       "régler votre aileron",
	fd.DecideLock:       "régler votre braquage",
}

// legalText lists a decision's legal orders by their keys.
func legalText(d engine.Decision, lang string) string {
	parts := make([]string, len(d.Options))
	for i, op := range d.Options {
		parts[i] = op.Key
	}
	return inLang(lang, [2]string{"legal: ", "possibles : "}) + strings.Join(parts, ", ")
}

// autoplayTurns lets the autopilot answer every pending decision of a seat
// on autopilot or on vacation, and applies pre-moves.
func (s *Service) autoplayTurns(l *live, tx persistence.Tx) error {
	now := s.opts.Now()
	for guard := 0; guard < 10000 && !l.game.Over(); guard++ {
		acted := false
		for _, d := range l.game.Pending() {
			car := d.Seat + 1
			seat := l.seat(car)
			if d.Kind == string(fd.DecideGear) && d.Session == "" {
				if g, ok := l.meta.PreMoves[car]; ok {
					delete(l.meta.PreMoves, car)
					_, err := s.submitKey(l, car, gearKey(g))
					if err == nil {
						acted = true
						break
					}
					// an illegal pre-move is dropped and the player decides:
					// the engine refused it without changing anything. Any
					// other failure is the game's, not the player's.
					if !isRefusal(err) {
						return err
					}
				}
			}
			if seat == nil || !(seat.Autopilot || onVacation(seat, now) || l.meta.AI[car] != "") {
				continue
			}
			if err := s.autoplayOne(l, car); err != nil {
				return err
			}
			acted = true
			break
		}
		if !acted {
			return nil
		}
	}
	return nil
}

func onVacation(seat *persistence.Seat, now time.Time) bool {
	return !seat.VacationFrom.IsZero() && !now.Before(seat.VacationFrom) && now.Before(seat.VacationTo)
}

// timeoutOne answers the pending decision of a car whose deadline passed:
// with the rules' stated defaults (fd.TimeoutFor), or with the autopilot
// when the game chose it.
func (s *Service) timeoutOne(l *live, car int) error {
	if err := s.spendClock(l, car, s.opts.Now()); err != nil { // 2-B: the whole wait spent
		return err
	}
	if blitzFrozen(l, car) { // AX-5: frozen, no decision left to answer
		return nil
	}
	if l.meta.TimeoutAutopilot {
		return s.autoplayOne(l, car)
	}
	defaults, ok := l.game.(engine.Defaulted)
	if !ok {
		return s.autoplayOne(l, car) // rules that state no default: the autopilot's
	}
	key, ok := defaults.Default(car - 1)
	if !ok {
		return nil
	}
	_, err := s.submitKey(l, car, key)
	return err
}

// autoplayOne answers the pending decision of one car with its AI driver,
// or the autopilot for any other seat.
func (s *Service) autoplayOne(l *live, car int) error {
	key, ok := l.game.Autopilot(car - 1)
	if name := l.meta.AI[car]; name != "" {
		lvl, err := ai.ParseLevel(name)
		if err != nil {
			return err
		}
		seed, err := l.meta.seed()
		if err != nil {
			return err
		}
		// the AI driver weighs Formula Dé's own state (engine/ai)
		key, ok = ai.Driver{Level: lvl, Seed: ai.SeedFor(seed[:])}.Key(l.race(), car-1)
	}
	if !ok {
		return nil
	}
	_, err := s.submitKey(l, car, key)
	return err
}

// aiSeat reads a seat "ai:LEVEL" (also "ia:NIVEAU").
func aiSeat(name string) (ai.Level, bool, error) {
	n := strings.TrimSpace(name)
	pre, lvl, ok := strings.Cut(n, ":")
	if !ok || (!strings.EqualFold(pre, "ai") && !strings.EqualFold(pre, "ia")) {
		return 0, false, nil
	}
	l, err := ai.ParseLevel(lvl)
	if err != nil {
		return 0, true, &UserError{Msg: err.Error()}
	}
	return l, true, nil
}

// commit writes what the command caused (its journal, bot/journal.go):
// record lines, the game row, notifications and deadlines. A race whose
// record grew by anything else is refused whole (journal.check): nothing
// is stored or sent.
func (s *Service) commit(tx persistence.Tx, l *live, id string, lang string) error {
	now := s.opts.Now()
	if l.game != nil {
		if err := s.runClocks(l, now); err != nil { // 2-B, before the lines: a clock-out is one
			return err
		}
	}
	lines, err := l.causedLines()
	if err != nil {
		return err
	}
	if len(lines) > 0 {
		after := l.row.LastSeq
		if s.opts.BrokenTwoOwners { // blind: after whatever is stored now
			cur, err := tx.Game(id)
			if err != nil {
				return err
			}
			after, l.row.Version = cur.LastSeq, cur.Version
		}
		last, err := tx.Append(id, after, lines...)
		if err != nil {
			return err
		}
		l.row.LastSeq = last
		l.row.Version++
		if err := s.saveSnapshot(tx, l, len(lines)); err != nil {
			return err
		}
	}
	if l.game != nil && l.game.Over() {
		l.row.State = persistence.GameFinished
	}
	if len(lines) > 0 {
		// before the game row: notify notes in meta what each player
		// was told
		if err := s.notify(tx, l, id, now); err != nil {
			return err
		}
	}
	// before the game row too: meta remembers which decision each
	// deadline is for
	if err := s.schedule(tx, l, id, now); err != nil {
		return err
	}
	row, err := tx.UpdateGame(persistence.Game{ID: id, Created: l.row.Created, Meta: l.meta.encode(), State: l.row.State, Version: l.row.Version})
	if err != nil {
		return err
	}
	l.row = row
	return nil
}

// notify queues what happened for every seated player and channel: it
// leaves only after the commit (outbox). Players by mail get the mails
// that matter to them (mailPlayer); the others every play. The boards are
// drawn once per language.
func (s *Service) notify(tx persistence.Tx, l *live, id string, now time.Time) error {
	bd := s.newBoards(tx, l)
	players, names, err := readSeatedPlayers(tx, l)
	if err != nil {
		return err
	}
	caused := l.causedEvents()
	// the clock's lines depend on the language only (the same for every
	// reader), so they are written once per language
	clocks := map[string]string{}
	clockIn := func(lang string) string {
		text, ok := clocks[lang]
		if !ok {
			text = clockText(l, now, lang)
			clocks[lang] = text
		}
		return text
	}
	// reader (readerOf): the seat, or −1 for a channel anyone reads (5-D)
	textIn := func(lang, zone string, reader int) string {
		parts := []string{describeEvents(l.track, l.game, reader, caused, lang)}
		if l.game.Over() {
			parts = append(parts, s.resultsText(l, names, lang))
		} else {
			parts = append(parts, s.nextText(l, lang, reader), s.dueText(l, now, zone, lang), clockIn(lang))
		}
		parts = append(parts, s.pageLine(id, lang))
		return joinParts(parts)
	}
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p := players[seat.Number]
		for _, ident := range p.Identities {
			if ident.Kind == persistence.IdentityEmail {
				if err := s.mailPlayer(tx, l, p, seat.Number, ident.Value, names, bd, l.sender); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Enqueue(persistence.Message{Game: id, Transport: ident.Kind, Target: ident.Value, Text: textIn(p.Language, p.TimeZone, readerOf(seat.Number, true, p.ID == l.meta.Master)), Created: now}); err != nil {
				return err
			}
		}
	}
	// a channel (a Discord thread, a league's address) reads the game
	// master's language
	chLang := "en"
	if m, err := tx.Player(l.meta.Master); err == nil && m.Language == "fr" {
		chLang = "fr"
	}
	for _, ch := range l.meta.Channels {
		var png []byte
		if ch.Transport == persistence.IdentityEmail {
			png = bd.png(chLang, false, 0)
		}
		if _, err := tx.Enqueue(persistence.Message{Game: id, Transport: ch.Transport, Target: ch.Target, Text: textIn(chLang, "UTC", -1), PNG: png, Created: now}); err != nil {
			return err
		}
	}
	return nil
}

// mailSeats sends the mails owed to the seats that play by mail outside
// any order: when a game is created.
func (s *Service) mailSeats(tx persistence.Tx, l *live) error {
	bd := s.newBoards(tx, l)
	players, names, err := readSeatedPlayers(tx, l)
	if err != nil {
		return err
	}
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p := players[seat.Number]
		for _, ident := range p.Identities {
			if ident.Kind == persistence.IdentityEmail {
				if err := s.mailPlayer(tx, l, p, seat.Number, ident.Value, names, bd, ""); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkDeadline refuses a decision time limit that could not be honoured
// exactly: deadlines are kept in whole minutes.
func checkDeadline(d time.Duration) error {
	if d == 0 {
		return nil
	}
	if d < time.Minute || d%time.Minute != 0 {
		return refusef("a deadline of %s cannot be kept: give whole minutes, at least one (e.g. 1m, 90m, 24h)", "un délai de %s ne peut pas être tenu : donnez des minutes entières, au moins une (par exemple 1m, 90m, 24h)", d)
	}
	return nil
}

// periodFor is the time limit in minutes (0: none) of a decision timed t:
// a qualifying session's own when it has one, else the game's. The race
// says which decisions belong to its qualifying session (engine.Timing:
// its laps, and before the grid is set the tyres and configuration the
// cars qualify with).
func (m *meta) periodFor(t engine.Timing) int {
	if m.QualifyingDeadline > 0 && t.Session == "qualifying" {
		return m.QualifyingDeadline
	}
	return m.Deadline
}

// reminderBefore is how long before the deadline of a decision with a time
// limit of minutes the reminder goes: the configured time when it falls
// inside the period, else half the period.
func (m *meta) reminderBefore(minutes int) time.Duration {
	period := time.Duration(minutes) * time.Minute
	for _, r := range m.Reminders {
		if r > 0 && r < minutes {
			return time.Duration(r) * time.Minute
		}
	}
	return period / 2
}

// schedule keeps one deadline (and its reminder) per pending decision: a
// decision that was pending before keeps its time, so re-arming never
// moves another seat's deadline; a new decision gets the full period from
// now; a seat with nothing to decide has none.
func (s *Service) schedule(tx persistence.Tx, l *live, id string, now time.Time) error {
	pending := map[int]armedDecision{}
	if l.game != nil && !l.game.Over() {
		for _, d := range l.game.Pending() {
			if t, ok := l.timing(d.Seat + 1); ok {
				if p := l.meta.periodFor(t); p > 0 {
					pending[d.Seat+1] = armedDecision{key: t.Name, minutes: p}
				}
			}
		}
	}
	return s.arm(tx, l.meta, id, pending, now)
}

// armedDecision is a pending decision as its deadline knows it: what
// names it, and its time limit in minutes.
type armedDecision struct {
	key     string
	minutes int
}

// arm sets the deadlines (and reminders) of the pending decisions, by
// seat number, as schedule says; every game's schedule ends here.
func (s *Service) arm(tx persistence.Tx, m *meta, id string, pending map[int]armedDecision, now time.Time) error {
	existing, err := tx.Deadlines(id)
	if err != nil {
		return err
	}
	armed := map[int]bool{}
	for _, x := range existing {
		if x.Kind == persistence.DeadlineDecision {
			armed[x.Seat] = true
		}
	}
	if m.Armed == nil {
		m.Armed = map[int]string{}
	}
	for car := 0; car <= m.Cars; car++ {
		d, ok := pending[car]
		if ok && armed[car] && m.Armed[car] == d.key {
			continue // the same decision: its deadline stands
		}
		if _, err := tx.DeleteDeadlines(id, car); err != nil {
			return err
		}
		delete(m.Armed, car)
		if !ok {
			continue
		}
		due := now.Add(time.Duration(d.minutes+m.Grace) * time.Minute)
		if err := tx.PutDeadline(persistence.Deadline{Game: id, Seat: car, Kind: persistence.DeadlineDecision, Due: due}); err != nil {
			return err
		}
		if at := due.Add(-m.reminderBefore(d.minutes)); at.After(now) && at.Before(due) {
			if err := tx.PutDeadline(persistence.Deadline{Game: id, Seat: car, Kind: persistence.DeadlineReminder, Index: 1, Due: at}); err != nil {
				return err
			}
		}
		m.Armed[car] = d.key
	}
	s.kick()
	return nil
}

// kick wakes the scheduler: deadlines changed.
func (s *Service) kick() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// tellMaster sends the game master a notice on each of their transports,
// in their language: a subject and a text.
func (s *Service) tellMaster(tx persistence.Tx, l *live, say func(lang string) (string, string)) error {
	p, err := tx.Player(l.meta.Master)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	subject, text := say(p.Language)
	for _, ident := range p.Identities {
		body, target := text, ident.Value
		switch ident.Kind {
		case persistence.IdentityEmail:
			body = EncodeMail(MailHead{Subject: subject}, text)
		case persistence.IdentityDiscord:
			target = DirectPrefix + ident.Value // a DM, even when the race has a thread
		}
		if _, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: ident.Kind, Target: target, Text: body, Created: s.opts.Now()}); err != nil {
			return err
		}
	}
	return nil
}

// nextText says who must act next, to reader (readerOf): under 5-D
// without the options of a car whose build reader may not see
// (describeDecisionFor).
func (s *Service) nextText(l *live, lang string, reader int) string {
	if l.game == nil {
		return fmt.Sprintf("%d player(s) seated; others send join; the game master sends start", len(l.seats))
	}
	if l.game.Over() {
		return ""
	}
	var parts []string
	for _, a := range l.reported().Asked(reader, nil) {
		parts = append(parts, askedText(a, lang))
	}
	return strings.Join(parts, "\n")
}

// statusText: the game, the reader's car, each car's standing and who
// must act. Under 5-D a car whose build the reader may not see (he drives
// another, and is not the game master) shows only its build total.
func (s *Service) statusText(l *live, lang string, car int, seated, master bool) string {
	if l.game == nil {
		return fmt.Sprintf("%s — %s, waiting to start: %s", l.row.ID, l.track.Name, s.nextText(l, lang, -1))
	}
	reader := readerOf(car, seated, master)
	report := l.reported().Report(reader)
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s, %s\n", l.row.ID, l.track.Name, phrasebook.Text(lang, report.Progress))
	if seated {
		b.WriteString(youDrive(l, car, lang) + "\n")
		if line := clockLine(l, car, s.opts.Now(), lang); line != "" { // 2-B
			b.WriteString(line + "\n")
		}
	}
	writeLines(&b, report.Notes, lang) // the forecast, a runaway car, the counts toward a stoppage
	for _, st := range report.Standings {
		b.WriteString("  " + standingText(fmt.Sprintf("%d. %s %d: ", st.Place, tr(lang, "car"), st.Seat+1), st, lang) + "\n")
		if line := strings.Join(phrasebook.Texts(lang, st.State), ", "); line != "" { // league 5-B, 5-C, 5-E2, 16-B, 19-F, 19-G, 23-B
			b.WriteString("     " + line + "\n")
		}
	}
	b.WriteString(s.nextText(l, lang, reader))
	return b.String()
}

// readerOf is who reads (5-D hides builds), in the game contract's
// readers, which bot uses throughout: the seat of the car a seated player
// drives (car−1), else the game master (engine.Referee), else a
// spectator (−1). A game master
// who drives a car races the others, so he reads as his seat: he is the
// default master of a game he created, the only player of a game against
// ai: seats, whose builds would otherwise all be his to read.
func readerOf(car int, seated, master bool) int {
	switch {
	case seated:
		return car - 1
	case master:
		return engine.Referee
	}
	return -1
}

// waitingText says whose decision the game waits for: the seats the
// contract lists as pending, by car.
func (s *Service) waitingText(l *live, lang string) string {
	var cars []string
	for _, d := range l.game.Pending() {
		cars = append(cars, fmt.Sprint(d.Seat+1))
	}
	if len(cars) == 0 {
		return ""
	}
	return tr(lang, "waiting") + " " + carsText(strings.Join(cars, ","), lang) + "."
}

func helpText(lang string) string {
	if lang == "fr" {
		return `Commandes : vitesse N · choisir B (ou juste B) · stand [durs|tendres|pluie] [long] · pneus durs|tendres|pluie · reglage 6/3/3/3/3/2 · prochaine N (vitesse du prochain coup) · consigne prudent|interieur|pneus N · auto on|off · vacances AAAA-MM-JJ AAAA-MM-JJ · etat · plateau · historique N · pourquoi (le dernier coup et ses règles) · courrier tour|manche|tout · annuler RAISON · lien (votre lien personnel vers la page web)
Maître de jeu : pause · reprendre · delai 24h · exclure NOM · remplacer NOM par NOM · ia N debutant|pro|legende (avant le départ)`
	}
	return `Commands: gear N · choose B (or just B) · pit [hard|soft|rain] [long] · tyres hard|soft|rain · config 6/3/3/3/3/2 · next N (gear for your next play) · plan safe|inside|tyres N · auto on|off · vacation YYYY-MM-DD YYYY-MM-DD · status · board · log N · why (the last play and its rules) · mail turn|round|every · undo REASON · link (your personal link to the web page)
Game master: pause · resume · deadline 24h · kick NAME · replace NAME with NAME · bots N rookie|pro|legend (before the start)`
}

// takeBack undoes the last play that had a player's order: a line records
// it with its reason (nothing is erased), and the game is rebuilt from the
// effective record. The dice of that play are the same when it is played
// again: a roll is a function of the committed state, not of chance.
// reader (readerOf) is the game master who asked: the reply says what
// comes next as he may read it (5-D).
func (s *Service) takeBack(tx persistence.Tx, l *live, reason string, reader int) (string, error) {
	lines, err := tx.Events(l.row.ID, 0, 0)
	if err != nil {
		return "", err
	}
	rec, err := l.meta.record(l.row.ID, lines)
	if err != nil {
		return "", err
	}
	play, ok := lastDecidedPlay(rec.Events)
	if !ok {
		return "", refusef("there is no play to take back", "il n'y a aucun coup à reprendre")
	}
	cut := turnStart(rec.Events, play)
	mark := takeBack{Play: play, Reason: reason}.event()
	rec.Events = rec.Events[:cut]
	g, err := heldRace(l.meta.loader(l.row.ID, l.track).ReplayOn(eventLines(rec.Events), s.dice(l)))
	if err != nil {
		return "", fmt.Errorf("rebuilding before play %d: %w", play, err)
	}
	// the marker, then what the rules produce again up to the first
	// decision of that play
	added := append([]string{mark.String()}, gameLines(g.Events()[cut:])...)
	last, err := tx.Append(l.row.ID, l.row.LastSeq, added...)
	if err != nil {
		return "", err
	}
	l.row.LastSeq = last
	l.row.Version++
	l.game, l.rebuilt, l.folded = g, true, ""
	// the rebuild's lines are stored above, not by the commit: the
	// command's journal starts again after them
	l.beginCommand()
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p, err := tx.Player(seat.Player)
		if err != nil {
			return "", err
		}
		lang := p.Language
		text := fmt.Sprintf(inLang(lang, [2]string{"The game master took back play %d: %s", "Le maître de jeu a annulé le coup %d : %s"}), play, reason) +
			"\n\n" + s.nextText(l, lang, readerOf(seat.Number, true, false))
		for _, ident := range p.Identities {
			body := text
			if ident.Kind == persistence.IdentityEmail {
				subject := fmt.Sprintf(inLang(lang, [2]string{"Play %d taken back: car %d (%s)", "Coup %d annulé : voiture %d (%s)"}), play, seat.Number, l.track.Name)
				body = EncodeMail(MailHead{Subject: subject}, youDrive(l, seat.Number, lang)+"\n\n"+text)
			}
			if _, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: ident.Kind, Target: ident.Value, Text: body, Created: s.opts.Now()}); err != nil {
				return "", err
			}
		}
	}
	return fmt.Sprintf("play %d taken back (%s)\n%s", play, reason, s.nextText(l, "en", reader)), nil
}

// PlayerSettings changes how a player is addressed.
type PlayerSettings struct {
	Name     string
	TimeZone string // IANA name, e.g. Europe/Paris
	Language string // en or fr
	MailMode string // turn, round or every
	Board    string // full or phone
}

// SetPlayer creates or updates a terminal player's time zone and language.
func (s *Service) SetPlayer(ctx context.Context, ps PlayerSettings) (persistence.Player, error) {
	if ps.TimeZone != "" {
		if _, err := time.LoadLocation(ps.TimeZone); err != nil {
			return persistence.Player{}, userErrorf("unknown time zone %q (write e.g. Europe/Paris or America/New_York)", ps.TimeZone)
		}
	}
	if ps.Language != "" && ps.Language != "en" && ps.Language != "fr" {
		return persistence.Player{}, userErrorf("language %q: en or fr", ps.Language)
	}
	if ps.MailMode != "" && mailModes[ps.MailMode] != ps.MailMode {
		return persistence.Player{}, userErrorf("mail mode %q: turn (a mail when it is your turn), round (one a round) or every (every play)", ps.MailMode)
	}
	if ps.Board != "" && ps.Board != "full" && ps.Board != "phone" {
		return persistence.Player{}, userErrorf("board %q: full or phone (the crop around your car)", ps.Board)
	}
	var out persistence.Player
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		p, err := s.playerByName(tx, ps.Name)
		if err != nil {
			return err
		}
		if ps.TimeZone != "" {
			p.TimeZone = ps.TimeZone
		}
		if ps.Language != "" {
			p.Language = ps.Language
		}
		if ps.MailMode != "" {
			p.MailMode = ps.MailMode
		}
		if ps.Board != "" {
			p.Board = ps.Board
		}
		out = p
		return tx.UpdatePlayer(p)
	})
	return out, err
}

// dueText says by when the pending decisions must be taken, in the reader's
// time zone, when the game has a decision time limit.
func (s *Service) dueText(l *live, now time.Time, zone, lang string) string {
	if l.game == nil || l.game.Over() {
		return ""
	}
	pending := l.game.Pending()
	if len(pending) == 0 {
		return ""
	}
	t, _ := l.timing(pending[0].Seat + 1)
	period := l.meta.periodFor(t)
	if period <= 0 {
		return ""
	}
	due := now.Add(time.Duration(period+l.meta.Grace) * time.Minute)
	if lang == "fr" {
		return "À décider avant le " + inZoneLang(due, zone, lang)
	}
	return "Decide by " + inZone(due, zone)
}

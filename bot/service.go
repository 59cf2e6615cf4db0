package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
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
	// Now is the clock (time.Now). Time lives in bot: nothing below reads it.
	Now func() time.Time
	// Random fills a new game's secret seed (crypto/rand).
	Random func([]byte) error
	// QueueSize bounds each game's inbox; a full inbox refuses the order
	// with "busy, try again" rather than queueing without limit.
	QueueSize int
	// BeforeCommit, for tests only, runs inside each order's transaction
	// just before it commits.
	BeforeCommit func()
	// BrokenSplitCommit, for the crash test only, deliberately breaks the
	// one-transaction rule: autoplay writes each decision's record lines
	// in two transactions. The kill -9 soak test must catch it.
	BrokenSplitCommit bool
}

// Service is the application: it holds the live games, applies orders one
// game at a time, and commits everything an order causes in one
// transaction before anything is shown.
type Service struct {
	opts  Options
	store persistence.Store

	// afterCommit is the second half of BrokenSplitCommit's write.
	afterCommit func() error

	mu       sync.Mutex
	circuits map[string]*tracks.Circuit // built once, read-only, shared by games
	actors   map[string]*actor
	cache    map[string]*live
	closed   bool
	wg       sync.WaitGroup
}

// actor is the one goroutine of a live game: it applies its orders in
// order.
type actor struct {
	jobs chan job
}

type job struct {
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
	return &Service{opts: opts, store: opts.Store, actors: map[string]*actor{}, cache: map[string]*live{}, circuits: map[string]*tracks.Circuit{}}
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
	s.mu.Unlock()
	s.wg.Wait()
}

// ErrBusy refuses an order when a game's inbox is full.
var ErrBusy = &UserError{Msg: "this game is busy; try again in a moment"}

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
		a = &actor{jobs: make(chan job, s.opts.QueueSize)}
		s.actors[game] = a
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for j := range a.jobs {
				r, err := j.fn()
				j.done <- result{r, err}
			}
		}()
	}
	j := job{fn: fn, done: make(chan result, 1)}
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
	row, err := tx.Game(id)
	if err != nil {
		if errors.Is(err, persistence.ErrNotFound) {
			return nil, userErrorf("no game %q", id)
		}
		return nil, err
	}
	s.mu.Lock()
	l := s.cache[id]
	s.mu.Unlock()
	if l != nil && l.row.Version == row.Version {
		seats, err := tx.Seats(id)
		if err != nil {
			return nil, err
		}
		l.seats = seats
		l.forgetEvents()
		return l, nil
	}
	l, err = s.load(tx, id)
	if err != nil {
		return nil, err
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
	Track    string
	Rules    string
	Seats    []string // player names, seat 1 first
	Seed     string   // optional: the same seed gives the same game
	Laps     int
	Optional []string
	// Identity of the creator, who becomes the game master; by default
	// the first seat's player.
	Master   persistence.Identity
	Deadline time.Duration
	// TimeoutAutopilot: a missed deadline is answered by the autopilot
	// rather than by the rules' stated defaults (AMB-17, AMB-48).
	TimeoutAutopilot bool
}

// Create opens a game, seats its players (creating unknown ones), rolls its
// setup and commits it. It returns the game id.
func (s *Service) Create(ctx context.Context, req CreateRequest) (string, error) {
	if len(req.Seats) == 0 {
		return "", userErrorf("a game needs at least one seat")
	}
	if len(req.Seats) > fd.MaxCars {
		return "", userErrorf("%d seats: at most %d cars race", len(req.Seats), fd.MaxCars)
	}
	c, err := s.circuit(req.Track)
	if err != nil {
		return "", &UserError{Msg: err.Error()}
	}
	cfg, err := buildConfig(req.Rules, req.Laps, req.Optional)
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
	if req.Deadline > 0 {
		m.Deadline = int(req.Deadline / time.Minute)
		m.Reminders = []int{m.Deadline / 2}
	}
	now := s.opts.Now()
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.Game(id); err == nil {
			return userErrorf("game %s already exists (same seed)", id)
		}
		var players []persistence.Player
		for _, name := range req.Seats {
			p, err := s.playerByName(tx, name)
			if err != nil {
				return err
			}
			players = append(players, p)
		}
		m.Master = players[0].ID
		if req.Master.Value != "" {
			if p, err := tx.PlayerByIdentity(req.Master.Kind, req.Master.Value); err == nil {
				m.Master = p.ID
			}
		}
		row, err := tx.CreateGame(persistence.Game{ID: id, Created: now, Meta: m.encode(), State: persistence.GameRunning})
		if err != nil {
			return err
		}
		for i, p := range players {
			if err := tx.PutSeat(persistence.Seat{Game: id, Number: i + 1, Player: p.ID}); err != nil {
				return err
			}
		}
		lines := eventLines(g.Events)
		if _, err := tx.Append(id, row.LastSeq, lines...); err != nil {
			return err
		}
		l := &live{meta: m, track: c, game: g}
		return s.schedule(tx, l, id, now)
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
}

// Handle runs a player's command on the game's goroutine and returns the
// reply. The reply is built from committed state only.
func (s *Service) Handle(ctx context.Context, req Request) (string, error) {
	return s.onGame(ctx, req.Game, func() (string, error) { return s.handle(ctx, req) })
}

func (s *Service) handle(ctx context.Context, req Request) (string, error) {
	cmd, perr := Parse(req.Text)
	var reply string
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		if req.Key != "" {
			if prev, seen, err := tx.SeenInbound(req.Source, req.Key); err != nil {
				return err
			} else if seen {
				reply = prev.Reply
				return nil
			}
		}
		player, err := tx.PlayerByIdentity(req.Identity.Kind, req.Identity.Value)
		if err != nil {
			if errors.Is(err, persistence.ErrNotFound) {
				return userErrorf("unknown player %q: ask the game master to seat you", req.Identity.Value)
			}
			return err
		}
		lang := player.Language
		if perr != nil {
			if errors.Is(perr, ErrEmpty) {
				return userErrorf("empty command; type help")
			}
			return &UserError{Msg: perr.Error()}
		}
		if cmd.Lang == "fr" {
			lang = "fr"
		}
		l, err := s.loaded(tx, req.Game)
		if err != nil {
			return err
		}
		before := l.events()
		reply, err = s.command(tx, l, player, cmd, lang)
		if err != nil {
			return err
		}
		if l.rebuilt {
			l.rebuilt = false
			before = l.events()
		}
		if err := s.commit(tx, l, req.Game, before, lang); err != nil {
			return err
		}
		if l.game != nil {
			if more := describeEvents(l.game.Events[before:], lang); more != "" {
				reply = strings.TrimSpace(reply + "\n" + more)
			}
			if next := s.nextText(l, lang); next != "" && len(l.game.Events) > before {
				reply += "\n" + next
			}
		}
		if req.Key != "" {
			return tx.RecordInbound(persistence.Inbound{Source: req.Source, Key: req.Key, Game: req.Game, Reply: reply, Received: s.opts.Now()})
		}
		return nil
	})
	if err != nil {
		s.forget(req.Game) // the engine state may hold what was not committed
		if IsUserError(err) {
			return "", err
		}
		return "", err
	}
	return reply, nil
}

// command carries out one parsed command on a loaded game.
func (s *Service) command(tx persistence.Tx, l *live, p persistence.Player, cmd Command, lang string) (string, error) {
	car, seated := l.carOf(p.ID)
	master := l.meta.Master == p.ID
	needSeat := func() error {
		if !seated {
			return userErrorf("%s has no car in game %s", p.Name, l.row.ID)
		}
		return nil
	}
	needMaster := func() error {
		if !master {
			return userErrorf("only the game master can do that")
		}
		return nil
	}
	if l.game == nil {
		return s.lobbyCommand(tx, l, p, cmd, lang)
	}
	switch cmd.Verb {
	case VerbHelp:
		return helpText(lang), nil
	case VerbStatus:
		return s.statusText(l, lang), nil
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
		return describeEvents(evs, lang), nil
	case VerbBoard:
		return s.statusText(l, lang), nil
	case VerbGear, VerbChoose, VerbPit, VerbTyres, VerbConfig, VerbDriver:
		if err := needSeat(); err != nil {
			return "", err
		}
		if l.row.State == persistence.GamePaused {
			return "", userErrorf("the game is paused")
		}
		o, err := orderFor(l, car, cmd)
		if err != nil {
			return "", err
		}
		if err := l.game.Submit(o, s.dice(l)); err != nil {
			if errors.Is(err, fd.ErrIllegal) || errors.Is(err, fd.ErrNotYourTurn) || errors.Is(err, fd.ErrNoDecision) {
				return "", &UserError{Msg: err.Error()}
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
		_, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: "cli", Target: l.meta.Master, Created: s.opts.Now(),
			Text: fmt.Sprintf("%s asks to take back the last play: %s", p.Name, cmd.Reason)})
		return "asked the game master to take back the last play", err
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
		if err := l.game.Adjust(cmd.Number, cmd.Numbers[0], cmd.Reason); err != nil {
			if errors.Is(err, fd.ErrIllegal) {
				return "", &UserError{Msg: err.Error()}
			}
			return "", err
		}
		if lang == "fr" {
			return fmt.Sprintf("voiture %d classée %de", cmd.Number, cmd.Numbers[0]), nil
		}
		return fmt.Sprintf("car %d is now classified %s", cmd.Number, ordinal(cmd.Numbers[0])), nil
	case VerbDeadline:
		if err := needMaster(); err != nil {
			return "", err
		}
		l.meta.Deadline = int(cmd.Period / time.Minute)
		l.meta.Reminders = []int{l.meta.Deadline / 2}
		return fmt.Sprintf("decisions now have %s", cmd.Period), nil
	case VerbKick, VerbReplace:
		if err := needMaster(); err != nil {
			return "", err
		}
		who, err := s.seatOfName(tx, l, cmd.Name)
		if err != nil {
			return "", err
		}
		if cmd.Verb == VerbKick {
			who.Player, who.Autopilot = "", true
			return fmt.Sprintf("seat %d is now driven by the autopilot", who.Number), tx.PutSeat(*who)
		}
		np, err := s.playerByName(tx, cmd.Name2)
		if err != nil {
			return "", err
		}
		who.Player, who.Autopilot, who.Misses = np.ID, false, 0
		return fmt.Sprintf("seat %d is now %s's", who.Number, np.Name), tx.PutSeat(*who)
	case VerbJoin, VerbStart:
		return "", userErrorf("this game has already started; a game master seats players when creating it")
	case VerbTakeBack:
		if err := needMaster(); err != nil {
			return "", err
		}
		if strings.TrimSpace(cmd.Reason) == "" {
			return "", userErrorf("a take-back needs a reason: takeback REASON")
		}
		return s.takeBack(tx, l, cmd.Reason)
	}
	return "", userErrorf("%s is not available here", cmd.Verb)
}

func (s *Service) seatOfName(tx persistence.ReadTx, l *live, name string) (*persistence.Seat, error) {
	for i := range l.seats {
		if l.seats[i].Player == "" {
			continue
		}
		p, err := tx.Player(l.seats[i].Player)
		if err != nil {
			return nil, err
		}
		if normName(p.Name) == normName(name) {
			return &l.seats[i], nil
		}
	}
	return nil, userErrorf("nobody called %q sits at this table", name)
}

// dice is the game's seeded source: a roll is a pure function of the
// committed state, so a retried order rolls the same.
func (s *Service) dice(l *live) dice.Source {
	seed, err := l.meta.seed()
	if err != nil {
		panic(fmt.Sprintf("game %s: stored seed unreadable: %v", l.row.ID, err))
	}
	return dice.NewSeeded(seed)
}

// orderFor turns a command into the order for the car's pending decision.
func orderFor(l *live, car int, cmd Command) (fd.Order, error) {
	var d *fd.Decision
	for _, p := range l.game.PendingAll() {
		if p.Car == car {
			p := p
			d = &p
			break
		}
	}
	if d == nil {
		if cmd.Verb == VerbGear {
			return fd.Order{}, userErrorf("it is not your turn; send \"next %d\" to set the gear for your next play", cmd.Gear)
		}
		return fd.Order{}, userErrorf("nothing to decide for your car now")
	}
	o := fd.Order{Car: car, Session: d.Session}
	switch cmd.Verb {
	case VerbGear:
		if d.Kind != fd.DecideGear {
			return o, userErrorf("your car must decide a %s now, not a gear", d.Kind)
		}
		o.Gear = cmd.Gear
	case VerbChoose:
		o.Letter = cmd.Letter
	case VerbConfig:
		if cmd.Letter != "" {
			o.Letter = cmd.Letter
		} else {
			if len(cmd.Numbers) != int(fd.NumCategories) {
				return o, userErrorf("give %d numbers: tyres/brakes/gearbox/body/engine/handling", fd.NumCategories)
			}
			copy(o.Build[:], cmd.Numbers)
		}
	case VerbDriver:
		if d.Kind != fd.DecideDriver {
			return o, userErrorf("your car must decide a %s now, not a driver", d.Kind)
		}
		o.Letter = cmd.Name // a letter or a name (U-DRV-01)
		if dr, ok := fd.FindDriver(cmd.Name); ok {
			o.Letter = letterWhere(d, func(op fd.Option) bool { return op.Driver == dr.Key })
			if o.Letter == "" {
				return o, userErrorf("%s is not free; %s", dr.Name, legalText(d))
			}
		}
	case VerbTyres:
		o.Letter = cmd.Letter
		if cmd.Word != "" {
			o.Letter = letterWhere(d, func(op fd.Option) bool { return op.Tyre.String() == cmd.Word })
		}
	case VerbPit:
		switch {
		case cmd.Letter != "":
			o.Letter = cmd.Letter
		case d.Kind == fd.DecideMove:
			o.Letter = letterWhere(d, func(op fd.Option) bool { return op.Pit })
			if o.Letter == "" {
				return o, userErrorf("no option enters the pit lane now")
			}
		case d.Kind == fd.DecidePit:
			o.Letter = letterWhere(d, func(op fd.Option) bool {
				return (cmd.Word == "" || op.Tyre.String() == cmd.Word) && (cmd.Name != "long" || op.Technical) && (cmd.Name == "long" || !op.Technical)
			})
		default:
			return o, userErrorf("your car must decide a %s now", d.Kind)
		}
	}
	if o.Letter == "" && o.Gear == 0 && o.Build == (fd.Wear{}) {
		return o, userErrorf("that is not one of your options; %s", legalText(d))
	}
	return o, nil
}

func letterWhere(d *fd.Decision, ok func(fd.Option) bool) string {
	for _, op := range d.Options {
		if ok(op) {
			return op.Letter
		}
	}
	return ""
}

func legalText(d *fd.Decision) string {
	var parts []string
	for _, op := range d.Options {
		if d.Kind == fd.DecideGear {
			parts = append(parts, fmt.Sprint(op.Gear))
		} else {
			parts = append(parts, op.Letter)
		}
	}
	return "legal: " + strings.Join(parts, ", ")
}

// autoplayTurns lets the autopilot answer every pending decision of a seat
// on autopilot or on vacation, and applies pre-moves.
func (s *Service) autoplayTurns(l *live, tx persistence.Tx) error {
	now := s.opts.Now()
	for guard := 0; guard < 10000 && !l.game.Over; guard++ {
		acted := false
		for _, d := range l.game.PendingAll() {
			seat := l.seat(d.Car)
			if d.Kind == fd.DecideGear && d.Session == "" {
				if g, ok := l.meta.PreMoves[d.Car]; ok {
					delete(l.meta.PreMoves, d.Car)
					if err := l.game.Submit(fd.Order{Car: d.Car, Gear: g}, s.dice(l)); err == nil {
						acted = true
						break
					}
					// an illegal pre-move is dropped; the player decides
				}
			}
			if seat == nil || !(seat.Autopilot || onVacation(seat, now)) {
				continue
			}
			if err := s.autoplayOne(l, d.Car); err != nil {
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
	if l.meta.TimeoutAutopilot {
		return s.autoplayOne(l, car)
	}
	o, ok := fd.TimeoutFor(l.game, car)
	if !ok {
		return nil
	}
	return l.game.Submit(o, s.dice(l))
}

// autoplayOne answers the pending decision of one car with the autopilot.
func (s *Service) autoplayOne(l *live, car int) error {
	o, ok := fd.AutopilotFor(l.game, car)
	if !ok {
		return nil
	}
	return l.game.Submit(o, s.dice(l))
}

// commit writes what the engine produced since `before`: record lines, the
// game row, notifications and deadlines.
func (s *Service) commit(tx persistence.Tx, l *live, id string, before int, lang string) error {
	now := s.opts.Now()
	var lines []string
	if l.game != nil {
		lines = eventLines(l.game.Events[before:])
	}
	if len(lines) > 0 {
		last, err := tx.Append(id, l.row.LastSeq, lines...)
		if err != nil {
			return err
		}
		l.row.LastSeq = last
		l.row.Version++
	}
	if l.game != nil && l.game.Over {
		l.row.State = persistence.GameFinished
	}
	row, err := tx.UpdateGame(persistence.Game{ID: id, Created: l.row.Created, Meta: l.meta.encode(), State: l.row.State, Version: l.row.Version})
	if err != nil {
		return err
	}
	l.row = row
	if len(lines) > 0 {
		if err := s.notify(tx, l, id, before, now); err != nil {
			return err
		}
	}
	return s.schedule(tx, l, id, now)
}

// notify queues what happened for every seated player: it leaves only
// after the commit (outbox). Mail carries the board as a PNG, drawn once.
func (s *Service) notify(tx persistence.Tx, l *live, id string, before int, now time.Time) error {
	var png []byte
	drawn := false
	board := func(transport string) []byte {
		if transport != persistence.IdentityEmail || s.opts.Boards == nil {
			return nil
		}
		if !drawn {
			drawn = true
			var buf bytes.Buffer
			if err := s.opts.Boards.BoardPNG(&buf, l.game, "en"); err == nil {
				png = buf.Bytes()
			}
		}
		return png
	}
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p, err := tx.Player(seat.Player)
		if err != nil {
			return err
		}
		text := describeEvents(l.game.Events[before:], p.Language)
		if next := s.nextText(l, p.Language); next != "" {
			text += "\n" + next
		}
		if by := s.dueText(l, now, p.TimeZone, p.Language); by != "" {
			text += "\n" + by
		}
		for _, ident := range p.Identities {
			if _, err := tx.Enqueue(persistence.Message{Game: id, Transport: ident.Kind, Target: ident.Value, Text: text, PNG: board(ident.Kind), Created: now}); err != nil {
				return err
			}
		}
	}
	for _, ch := range l.meta.Channels {
		text := describeEvents(l.game.Events[before:], "en") + "\n" + s.nextText(l, "en")
		if _, err := tx.Enqueue(persistence.Message{Game: id, Transport: ch.Transport, Target: ch.Target, Text: text, PNG: board(ch.Transport), Created: now}); err != nil {
			return err
		}
	}
	return nil
}

// schedule replaces the game's deadlines with those of what is pending now.
func (s *Service) schedule(tx persistence.Tx, l *live, id string, now time.Time) error {
	for car := 0; car <= l.meta.Cars; car++ {
		if _, err := tx.DeleteDeadlines(id, car); err != nil {
			return err
		}
	}
	if l.meta.Deadline <= 0 || l.game == nil || l.game.Over {
		return nil
	}
	due := now.Add(time.Duration(l.meta.Deadline+l.meta.Grace) * time.Minute)
	for _, d := range l.game.PendingAll() {
		if err := tx.PutDeadline(persistence.Deadline{Game: id, Seat: d.Car, Kind: persistence.DeadlineDecision, Due: due}); err != nil {
			return err
		}
		for i, r := range l.meta.Reminders {
			at := due.Add(-time.Duration(r) * time.Minute)
			if at.After(now) {
				if err := tx.PutDeadline(persistence.Deadline{Game: id, Seat: d.Car, Kind: persistence.DeadlineReminder, Index: i + 1, Due: at}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// nextText says who must act next.
func (s *Service) nextText(l *live, lang string) string {
	if l.game == nil {
		return fmt.Sprintf("%d player(s) seated; others send join; the game master sends start", len(l.seats))
	}
	if l.game.Over {
		return tr(lang, "over")
	}
	var parts []string
	for _, d := range l.game.PendingAll() {
		parts = append(parts, describeDecision(l, d, lang, nil))
	}
	return strings.Join(parts, "\n")
}

func (s *Service) statusText(l *live, lang string) string {
	if l.game == nil {
		return fmt.Sprintf("%s — %s, waiting to start: %s", l.row.ID, l.track.Name, s.nextText(l, lang))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s, round %d, play %d\n", l.row.ID, l.track.Name, l.game.Round, l.game.Play)
	for _, r := range l.game.Results() {
		fmt.Fprintf(&b, "  %d. %s %d: %s, laps %d, wear %v\n", r.Place, tr(lang, "car"), r.Car, r.Status, r.Laps, compactWear(r.Wear))
	}
	b.WriteString(s.nextText(l, lang))
	return b.String()
}

func compactWear(w map[string]int) string {
	keys := make([]string, 0, len(w))
	for k := range w {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, w[k]))
	}
	return strings.Join(parts, ", ")
}

func helpText(lang string) string {
	if lang == "fr" {
		return `Commandes : vitesse N · choisir B (ou juste B) · stand [durs|tendres|pluie] [long] · pneus durs|tendres|pluie · reglage 6/3/3/3/3/2 · prochaine N (vitesse du prochain coup) · consigne prudent|interieur|pneus N · auto on|off · vacances AAAA-MM-JJ AAAA-MM-JJ · etat · plateau · historique N · annuler RAISON
Maître de jeu : pause · reprendre · delai 24h · exclure NOM · remplacer NOM par NOM`
	}
	return `Commands: gear N · choose B (or just B) · pit [hard|soft|rain] [long] · tyres hard|soft|rain · config 6/3/3/3/3/2 · next N (gear for your next play) · plan safe|inside|tyres N · auto on|off · vacation YYYY-MM-DD YYYY-MM-DD · status · board · log N · undo REASON
Game master: pause · resume · deadline 24h · kick NAME · replace NAME with NAME`
}

// takeBack undoes the last play that had a player's order: a line records
// it with its reason (nothing is erased), and the game is rebuilt from the
// effective record. The dice of that play are the same when it is played
// again: a roll is a function of the committed state, not of chance.
func (s *Service) takeBack(tx persistence.Tx, l *live, reason string) (string, error) {
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
		return "", userErrorf("there is no play to take back")
	}
	cut := turnStart(rec.Events, play)
	mark := fd.Event{Kind: takeBackKind, Args: []fd.Arg{{Key: "play", Val: play}, {Key: "reason", Val: reason}}}
	rec.Events = rec.Events[:cut]
	g, err := fd.ReplayPrefix(rec, l.track, s.dice(l))
	if err != nil {
		return "", fmt.Errorf("rebuilding before play %s: %w", play, err)
	}
	// the marker, then what the rules produce again up to the first
	// decision of that play
	added := append([]string{mark.String()}, eventLines(g.Events[cut:])...)
	last, err := tx.Append(l.row.ID, l.row.LastSeq, added...)
	if err != nil {
		return "", err
	}
	l.row.LastSeq = last
	l.row.Version++
	l.game, l.rebuilt = g, true
	text := fmt.Sprintf("The game master took back play %s: %s\n%s", play, reason, s.nextText(l, "en"))
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p, err := tx.Player(seat.Player)
		if err != nil {
			return "", err
		}
		for _, ident := range p.Identities {
			if _, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: ident.Kind, Target: ident.Value, Text: text, Created: s.opts.Now()}); err != nil {
				return "", err
			}
		}
	}
	return fmt.Sprintf("play %s taken back (%s)\n%s", play, reason, s.nextText(l, "en")), nil
}

// PlayerSettings changes how a player is addressed.
type PlayerSettings struct {
	Name     string
	TimeZone string // IANA name, e.g. Europe/Paris
	Language string // en or fr
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
		out = p
		return tx.UpdatePlayer(p)
	})
	return out, err
}

// dueText says by when the pending decisions must be taken, in the reader's
// time zone, when the game has a decision time limit.
func (s *Service) dueText(l *live, now time.Time, zone, lang string) string {
	if l.meta.Deadline <= 0 || l.game == nil || l.game.Over || len(l.game.PendingAll()) == 0 {
		return ""
	}
	due := now.Add(time.Duration(l.meta.Deadline+l.meta.Grace) * time.Minute)
	if lang == "fr" {
		return "À décider avant " + inZone(due, zone)
	}
	return "Decide by " + inZone(due, zone)
}

// ordinal writes 1st, 2nd, 3rd, 4th …
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

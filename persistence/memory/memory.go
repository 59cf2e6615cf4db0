package memory

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/chain"
)

// Store is an in-memory persistence.Store. The zero value is not usable:
// call New.
type Store struct {
	mu     sync.RWMutex
	closed bool

	games     map[string]*game
	players   map[string]persistence.Player // without identities
	idents    map[persistence.Identity]string
	seats     map[seatKey]persistence.Seat
	inbound   map[[2]string]persistence.Inbound
	outbox    []persistence.Message // outbox[i].ID == i+1
	deadlines map[deadlineKey]persistence.Deadline
	leagues   map[string]persistence.League
}

type game struct {
	g      persistence.Game
	events []persistence.Event
	snap   *persistence.Snapshot // the latest, nil for none
}

type seatKey struct {
	game string
	n    int
}

type deadlineKey struct {
	game  string
	seat  int
	kind  string
	index int
}

var _ persistence.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store {
	return &Store{
		games:     map[string]*game{},
		players:   map[string]persistence.Player{},
		idents:    map[persistence.Identity]string{},
		seats:     map[seatKey]persistence.Seat{},
		inbound:   map[[2]string]persistence.Inbound{},
		deadlines: map[deadlineKey]persistence.Deadline{},
		leagues:   map[string]persistence.League{},
	}
}

// Close makes the store unusable; it waits for transactions in progress.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// Update implements persistence.Store.
func (s *Store) Update(ctx context.Context, fn func(persistence.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return persistence.ErrClosed
	}
	t := &tx{s: s, ctx: ctx, write: true}
	committed := false
	defer func() {
		if !committed {
			t.rollback()
		}
		t.done = true
	}()
	if err := fn(t); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	committed = true
	return nil
}

// View implements persistence.Store.
func (s *Store) View(ctx context.Context, fn func(persistence.ReadTx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return persistence.ErrClosed
	}
	t := &tx{s: s, ctx: ctx}
	defer func() { t.done = true }()
	// only the read methods are reachable, even by a type assertion
	return fn(struct{ persistence.ReadTx }{t})
}

type tx struct {
	s     *Store
	ctx   context.Context
	write bool
	done  bool
	undo  []func()
}

func (t *tx) rollback() {
	for i := len(t.undo) - 1; i >= 0; i-- {
		t.undo[i]()
	}
	t.undo = nil
}

// usable reports why the transaction cannot be used now.
func (t *tx) usable() error {
	if t.done {
		return persistence.ErrTxDone
	}
	return t.ctx.Err()
}

func notFound(format string, a ...any) error {
	return fmt.Errorf(format+": %w", append(a, persistence.ErrNotFound)...)
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return slices.Clone(b)
}

func copyGame(g persistence.Game) persistence.Game {
	g.Meta = clone(g.Meta)
	g.Head = clone(g.Head)
	return g
}

// ---- games

func (t *tx) Game(id string) (persistence.Game, error) {
	if err := t.usable(); err != nil {
		return persistence.Game{}, err
	}
	g, ok := t.s.games[id]
	if !ok {
		return persistence.Game{}, notFound("game %q", id)
	}
	return copyGame(g.g), nil
}

func (t *tx) LiveGames() ([]persistence.Game, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	var out []persistence.Game
	for _, g := range t.s.games {
		if g.g.Live() {
			out = append(out, copyGame(g.g))
		}
	}
	slices.SortFunc(out, func(a, b persistence.Game) int {
		return cmp.Or(a.Created.Compare(b.Created), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

func (t *tx) RecentGames(limit int) ([]persistence.Game, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	var out []persistence.Game
	for _, g := range t.s.games {
		out = append(out, copyGame(g.g))
	}
	slices.SortFunc(out, func(a, b persistence.Game) int {
		return cmp.Or(b.Created.Compare(a.Created), cmp.Compare(b.ID, a.ID))
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (t *tx) CreateGame(g persistence.Game) (persistence.Game, error) {
	if err := t.usable(); err != nil {
		return persistence.Game{}, err
	}
	if err := g.Validate(); err != nil {
		return persistence.Game{}, err
	}
	if _, ok := t.s.games[g.ID]; ok {
		return persistence.Game{}, fmt.Errorf("game %q: %w", g.ID, persistence.ErrDuplicate)
	}
	g.Created = persistence.Millis(g.Created)
	g.Meta = clone(g.Meta)
	if g.Meta == nil {
		g.Meta = []byte{}
	}
	g.Version, g.LastSeq, g.Head = 1, 0, persistence.ChainStart(g.ID)
	t.s.games[g.ID] = &game{g: g}
	t.undo = append(t.undo, func() { delete(t.s.games, g.ID) })
	return copyGame(g), nil
}

func (t *tx) UpdateGame(g persistence.Game) (persistence.Game, error) {
	if err := t.usable(); err != nil {
		return persistence.Game{}, err
	}
	cur, ok := t.s.games[g.ID]
	if !ok {
		return persistence.Game{}, notFound("game %q", g.ID)
	}
	g.Created = cur.g.Created
	if err := g.Validate(); err != nil {
		return persistence.Game{}, err
	}
	if cur.g.Version != g.Version {
		return persistence.Game{}, fmt.Errorf("game %q: version %d expected, %d stored: %w",
			g.ID, g.Version, cur.g.Version, persistence.ErrConflict)
	}
	old := cur.g
	cur.g.State = g.State
	cur.g.Meta = clone(g.Meta)
	if cur.g.Meta == nil {
		cur.g.Meta = []byte{}
	}
	cur.g.Version++
	t.undo = append(t.undo, func() { cur.g = old })
	return copyGame(cur.g), nil
}

// ---- leagues

func copyLeague(l persistence.League) persistence.League {
	l.Data = clone(l.Data)
	if l.Data == nil {
		l.Data = []byte{}
	}
	return l
}

func (t *tx) League(id string) (persistence.League, error) {
	if err := t.usable(); err != nil {
		return persistence.League{}, err
	}
	l, ok := t.s.leagues[id]
	if !ok {
		return persistence.League{}, notFound("league %q", id)
	}
	return copyLeague(l), nil
}

func (t *tx) Leagues() ([]persistence.League, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	var out []persistence.League
	for _, l := range t.s.leagues {
		out = append(out, copyLeague(l))
	}
	slices.SortFunc(out, func(a, b persistence.League) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

func (t *tx) CreateLeague(l persistence.League) (persistence.League, error) {
	if err := t.usable(); err != nil {
		return persistence.League{}, err
	}
	if err := l.Validate(); err != nil {
		return persistence.League{}, err
	}
	if _, ok := t.s.leagues[l.ID]; ok {
		return persistence.League{}, fmt.Errorf("league %q: %w", l.ID, persistence.ErrDuplicate)
	}
	l.Created, l.Version = persistence.Millis(l.Created), 1
	l = copyLeague(l)
	t.s.leagues[l.ID] = l
	t.undo = append(t.undo, func() { delete(t.s.leagues, l.ID) })
	return copyLeague(l), nil
}

func (t *tx) UpdateLeague(l persistence.League) (persistence.League, error) {
	if err := t.usable(); err != nil {
		return persistence.League{}, err
	}
	cur, ok := t.s.leagues[l.ID]
	if !ok {
		return persistence.League{}, notFound("league %q", l.ID)
	}
	if cur.Version != l.Version {
		return persistence.League{}, fmt.Errorf("league %q: version %d expected, %d stored: %w",
			l.ID, l.Version, cur.Version, persistence.ErrConflict)
	}
	next := copyLeague(cur)
	next.Data = clone(l.Data)
	if next.Data == nil {
		next.Data = []byte{}
	}
	next.Version++
	t.s.leagues[l.ID] = next
	t.undo = append(t.undo, func() { t.s.leagues[l.ID] = cur })
	return copyLeague(next), nil
}

// ---- records

func (t *tx) Append(gameID string, afterSeq int64, lines ...string) (int64, error) {
	if err := t.usable(); err != nil {
		return 0, err
	}
	if err := persistence.CheckID("game id", gameID); err != nil {
		return 0, err
	}
	if len(lines) == 0 {
		return 0, fmt.Errorf("game %q: %w: no lines to append", gameID, persistence.ErrInvalid)
	}
	for _, l := range lines {
		if err := persistence.CheckLine(l); err != nil {
			return 0, fmt.Errorf("game %q: %w", gameID, err)
		}
	}
	g, ok := t.s.games[gameID]
	if !ok {
		return 0, notFound("game %q", gameID)
	}
	if g.g.LastSeq != afterSeq {
		return 0, fmt.Errorf("game %q: append after seq %d but the record ends at %d: %w",
			gameID, afterSeq, g.g.LastSeq, persistence.ErrConflict)
	}
	old, n := g.g, len(g.events)
	head := g.g.Head
	for i, l := range lines {
		head = persistence.ChainNext(head, l)
		g.events = append(g.events, persistence.Event{Game: gameID, Seq: afterSeq + int64(i) + 1, Line: l, Hash: head})
	}
	g.g.LastSeq = afterSeq + int64(len(lines))
	g.g.Head = head
	g.g.Version++
	t.undo = append(t.undo, func() { g.g, g.events = old, g.events[:n] })
	return g.g.LastSeq, nil
}

func (t *tx) Snapshot(gameID string) (persistence.Snapshot, bool, error) {
	if err := t.usable(); err != nil {
		return persistence.Snapshot{}, false, err
	}
	g, ok := t.s.games[gameID]
	if !ok {
		return persistence.Snapshot{}, false, notFound("game %q", gameID)
	}
	if g.snap == nil {
		return persistence.Snapshot{}, false, nil
	}
	return copySnapshot(*g.snap), true, nil
}

func (t *tx) PutSnapshot(snap persistence.Snapshot) error {
	if err := t.usable(); err != nil {
		return err
	}
	g, ok := t.s.games[snap.Game]
	if !ok {
		return notFound("game %q", snap.Game)
	}
	if snap.Seq < 1 || snap.Seq > g.g.LastSeq || len(snap.Hash) == 0 {
		return fmt.Errorf("game %q: %w: a snapshot after line %d of a record of %d lines, hash of %d bytes",
			snap.Game, persistence.ErrInvalid, snap.Seq, g.g.LastSeq, len(snap.Hash))
	}
	was := g.snap
	stored := copySnapshot(snap)
	g.snap = &stored
	t.undo = append(t.undo, func() { g.snap = was })
	return nil
}

func copySnapshot(s persistence.Snapshot) persistence.Snapshot {
	s.Hash, s.Data = clone(s.Hash), clone(s.Data)
	if s.Data == nil {
		s.Data = []byte{}
	}
	return s
}

func (t *tx) Events(gameID string, afterSeq int64, limit int) ([]persistence.Event, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	g, ok := t.s.games[gameID]
	if !ok {
		return nil, notFound("game %q", gameID)
	}
	var out []persistence.Event
	for _, e := range g.events {
		if e.Seq <= afterSeq {
			continue
		}
		if limit > 0 && len(out) == limit {
			break
		}
		e.Hash = clone(e.Hash)
		out = append(out, e)
	}
	return out, nil
}

func (t *tx) VerifyChain(gameID string) error {
	if err := t.usable(); err != nil {
		return err
	}
	g, ok := t.s.games[gameID]
	if !ok {
		return notFound("game %q", gameID)
	}
	v := chain.New(gameID)
	for _, e := range g.events {
		if err := v.Line(e.Seq, e.Line, e.Hash); err != nil {
			return err
		}
	}
	return v.End(g.g.LastSeq, g.g.Head)
}

// ---- players

func (t *tx) player(id string) (persistence.Player, error) {
	p, ok := t.s.players[id]
	if !ok {
		return persistence.Player{}, notFound("player %q", id)
	}
	p.Identities = nil
	for ident, owner := range t.s.idents {
		if owner == id {
			p.Identities = append(p.Identities, ident)
		}
	}
	slices.SortFunc(p.Identities, func(a, b persistence.Identity) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Value, b.Value))
	})
	return p, nil
}

func (t *tx) Player(id string) (persistence.Player, error) {
	if err := t.usable(); err != nil {
		return persistence.Player{}, err
	}
	return t.player(id)
}

func (t *tx) PlayerByIdentity(kind, value string) (persistence.Player, error) {
	if err := t.usable(); err != nil {
		return persistence.Player{}, err
	}
	owner, ok := t.s.idents[persistence.Identity{Kind: kind, Value: value}]
	if !ok {
		return persistence.Player{}, notFound("%s identity %q", kind, value)
	}
	return t.player(owner)
}

func (t *tx) CreatePlayer(p persistence.Player) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if len(p.Identities) == 0 {
		return fmt.Errorf("player %q: %w: no identity", p.ID, persistence.ErrInvalid)
	}
	if _, ok := t.s.players[p.ID]; ok {
		return fmt.Errorf("player %q: %w", p.ID, persistence.ErrDuplicate)
	}
	seen := map[persistence.Identity]bool{}
	for _, id := range p.Identities {
		if _, ok := t.s.idents[id]; ok || seen[id] {
			return fmt.Errorf("%s identity %q: %w", id.Kind, id.Value, persistence.ErrDuplicate)
		}
		seen[id] = true
	}
	ids := slices.Clone(p.Identities)
	p.Identities = nil
	t.s.players[p.ID] = p
	for _, id := range ids {
		t.s.idents[id] = p.ID
	}
	t.undo = append(t.undo, func() {
		delete(t.s.players, p.ID)
		for _, id := range ids {
			delete(t.s.idents, id)
		}
	})
	return nil
}

func (t *tx) UpdatePlayer(p persistence.Player) error {
	if err := t.usable(); err != nil {
		return err
	}
	p.Identities = nil
	if err := p.Validate(); err != nil {
		return err
	}
	old, ok := t.s.players[p.ID]
	if !ok {
		return notFound("player %q", p.ID)
	}
	t.s.players[p.ID] = p
	t.undo = append(t.undo, func() { t.s.players[p.ID] = old })
	return nil
}

func (t *tx) AddIdentity(playerID string, id persistence.Identity) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := id.Validate(); err != nil {
		return err
	}
	if _, ok := t.s.players[playerID]; !ok {
		return notFound("player %q", playerID)
	}
	if _, ok := t.s.idents[id]; ok {
		return fmt.Errorf("%s identity %q: %w", id.Kind, id.Value, persistence.ErrDuplicate)
	}
	t.s.idents[id] = playerID
	t.undo = append(t.undo, func() { delete(t.s.idents, id) })
	return nil
}

func (t *tx) RemoveIdentity(playerID string, id persistence.Identity) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := id.Validate(); err != nil {
		return err
	}
	if owner, ok := t.s.idents[id]; !ok || owner != playerID {
		return notFound("player %q has no %s identity %q", playerID, id.Kind, id.Value)
	}
	delete(t.s.idents, id)
	t.undo = append(t.undo, func() { t.s.idents[id] = playerID })
	return nil
}

// ---- seats

func (t *tx) Seat(gameID string, n int) (persistence.Seat, error) {
	if err := t.usable(); err != nil {
		return persistence.Seat{}, err
	}
	s, ok := t.s.seats[seatKey{gameID, n}]
	if !ok {
		return persistence.Seat{}, notFound("game %q seat %d", gameID, n)
	}
	return s, nil
}

func (t *tx) Seats(gameID string) ([]persistence.Seat, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	if _, ok := t.s.games[gameID]; !ok {
		return nil, notFound("game %q", gameID)
	}
	var out []persistence.Seat
	for k, s := range t.s.seats {
		if k.game == gameID {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b persistence.Seat) int { return cmp.Compare(a.Number, b.Number) })
	return out, nil
}

func (t *tx) PutSeat(s persistence.Seat) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := s.Validate(); err != nil {
		return err
	}
	if _, ok := t.s.games[s.Game]; !ok {
		return notFound("game %q", s.Game)
	}
	if s.Player != "" {
		if _, ok := t.s.players[s.Player]; !ok {
			return notFound("player %q", s.Player)
		}
	}
	s.VacationFrom, s.VacationTo = persistence.Millis(s.VacationFrom), persistence.Millis(s.VacationTo)
	k := seatKey{s.Game, s.Number}
	old, had := t.s.seats[k]
	t.s.seats[k] = s
	t.undo = append(t.undo, func() {
		if had {
			t.s.seats[k] = old
		} else {
			delete(t.s.seats, k)
		}
	})
	return nil
}

// ---- inbound

func (t *tx) SeenInbound(source, key string) (persistence.Inbound, bool, error) {
	if err := t.usable(); err != nil {
		return persistence.Inbound{}, false, err
	}
	in, ok := t.s.inbound[[2]string{source, key}]
	return in, ok, nil
}

func (t *tx) RecordInbound(in persistence.Inbound) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if in.Game != "" {
		if _, ok := t.s.games[in.Game]; !ok {
			return notFound("game %q", in.Game)
		}
	}
	k := [2]string{in.Source, in.Key}
	if _, ok := t.s.inbound[k]; ok {
		return fmt.Errorf("inbound %s/%s: %w", in.Source, in.Key, persistence.ErrDuplicate)
	}
	in.Received = persistence.Millis(in.Received)
	t.s.inbound[k] = in
	t.undo = append(t.undo, func() { delete(t.s.inbound, k) })
	return nil
}

// ---- outbox

func copyMessage(m persistence.Message) persistence.Message {
	m.PNG = clone(m.PNG)
	return m
}

func (t *tx) Enqueue(m persistence.Message) (int64, error) {
	if err := t.usable(); err != nil {
		return 0, err
	}
	if err := m.Validate(); err != nil {
		return 0, err
	}
	if m.Game != "" {
		if _, ok := t.s.games[m.Game]; !ok {
			return 0, notFound("game %q", m.Game)
		}
	}
	m.ID = int64(len(t.s.outbox)) + 1
	m.PNG = clone(m.PNG)
	if len(m.PNG) == 0 {
		m.PNG = nil
	}
	m.Created = persistence.Millis(m.Created)
	m.NextAttempt = persistence.Millis(m.NextAttempt)
	if m.NextAttempt.IsZero() {
		m.NextAttempt = m.Created
	}
	m.Attempts, m.LastError, m.SentAt = 0, "", time.Time{}
	n := len(t.s.outbox)
	t.s.outbox = append(t.s.outbox, m)
	t.undo = append(t.undo, func() { t.s.outbox = t.s.outbox[:n] })
	return m.ID, nil
}

func (t *tx) message(id int64) (*persistence.Message, error) {
	if id < 1 || id > int64(len(t.s.outbox)) {
		return nil, notFound("message %d", id)
	}
	return &t.s.outbox[id-1], nil
}

func (t *tx) Message(id int64) (persistence.Message, error) {
	if err := t.usable(); err != nil {
		return persistence.Message{}, err
	}
	m, err := t.message(id)
	if err != nil {
		return persistence.Message{}, err
	}
	return copyMessage(*m), nil
}

func (t *tx) Pending(now time.Time, limit int) ([]persistence.Message, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	now = persistence.Millis(now)
	var out []persistence.Message
	for _, m := range t.s.outbox {
		if limit > 0 && len(out) == limit {
			break
		}
		if m.SentAt.IsZero() && !m.NextAttempt.IsZero() && !m.NextAttempt.After(now) {
			out = append(out, copyMessage(m))
		}
	}
	return out, nil
}

func (t *tx) MarkSent(id int64, at time.Time) error {
	if err := t.usable(); err != nil {
		return err
	}
	if at.IsZero() {
		return fmt.Errorf("message %d: %w: no sending time", id, persistence.ErrInvalid)
	}
	m, err := t.message(id)
	if err != nil {
		return err
	}
	if !m.SentAt.IsZero() {
		return nil
	}
	old := *m
	m.SentAt, m.NextAttempt = persistence.Millis(at), time.Time{}
	t.undo = append(t.undo, func() { t.s.outbox[id-1] = old })
	return nil
}

func (t *tx) MarkFailed(id int64, cause error, retryAt time.Time) error {
	if err := t.usable(); err != nil {
		return err
	}
	if cause == nil {
		return fmt.Errorf("message %d: %w: failure without a cause", id, persistence.ErrInvalid)
	}
	m, err := t.message(id)
	if err != nil {
		return err
	}
	if !m.SentAt.IsZero() {
		return fmt.Errorf("message %d was sent: %w", id, persistence.ErrConflict)
	}
	old := *m
	m.Attempts++
	m.LastError = cause.Error()
	m.NextAttempt = persistence.Millis(retryAt)
	t.undo = append(t.undo, func() { t.s.outbox[id-1] = old })
	return nil
}

// ---- deadlines

func compareDeadlines(a, b persistence.Deadline) int {
	return cmp.Or(a.Due.Compare(b.Due), cmp.Compare(a.Game, b.Game), cmp.Compare(a.Seat, b.Seat),
		cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Index, b.Index))
}

func (t *tx) NextDeadline() (persistence.Deadline, bool, error) {
	if err := t.usable(); err != nil {
		return persistence.Deadline{}, false, err
	}
	var best persistence.Deadline
	found := false
	for _, d := range t.s.deadlines {
		if !found || compareDeadlines(d, best) < 0 {
			best, found = d, true
		}
	}
	return best, found, nil
}

func (t *tx) Deadlines(gameID string) ([]persistence.Deadline, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	if _, ok := t.s.games[gameID]; !ok {
		return nil, notFound("game %q", gameID)
	}
	var out []persistence.Deadline
	for k, d := range t.s.deadlines {
		if k.game == gameID {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, compareDeadlines)
	return out, nil
}

func (t *tx) PutDeadline(d persistence.Deadline) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := d.Validate(); err != nil {
		return err
	}
	if _, ok := t.s.games[d.Game]; !ok {
		return notFound("game %q", d.Game)
	}
	d.Due = persistence.Millis(d.Due)
	k := deadlineKey{d.Game, d.Seat, d.Kind, d.Index}
	old, had := t.s.deadlines[k]
	t.s.deadlines[k] = d
	t.undo = append(t.undo, func() {
		if had {
			t.s.deadlines[k] = old
		} else {
			delete(t.s.deadlines, k)
		}
	})
	return nil
}

func (t *tx) DeleteDeadlines(gameID string, seat int) (int, error) {
	if err := t.usable(); err != nil {
		return 0, err
	}
	var gone []persistence.Deadline
	for k, d := range t.s.deadlines {
		if k.game == gameID && k.seat == seat {
			gone = append(gone, d)
			delete(t.s.deadlines, k)
		}
	}
	if len(gone) > 0 {
		t.undo = append(t.undo, func() {
			for _, d := range gone {
				t.s.deadlines[deadlineKey{d.Game, d.Seat, d.Kind, d.Index}] = d
			}
		})
	}
	return len(gone), nil
}

package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/chain"
)

// Dialect is what differs between the SQL backends.
type Dialect struct {
	// Fix maps a driver error onto persistence's errors (ErrDuplicate for
	// a unique violation, ErrNotFound for a foreign key…), or returns it.
	Fix func(error) error
	// GuardWrites runs each write that may fail on a unique key inside a
	// savepoint, so that the failure leaves the transaction usable
	// (PostgreSQL aborts the whole transaction at the first failed
	// statement; SQLite does not). Writes that cannot fail that way (their
	// values validated, what they refer to checked first) run bare.
	GuardWrites bool
	// LockGame is added to the query that reads a game's last seq before
	// an append, to lock its row until the commit (PostgreSQL: " FOR NO
	// KEY UPDATE"; SQLite has one writer and needs nothing).
	LockGame string
}

// Tx returns the persistence.Tx over stx, whose methods use ctx. Wrap it
// as struct{ persistence.ReadTx }{…} to give a View only the read methods.
func Tx(ctx context.Context, stx *sql.Tx, d *Dialect) persistence.Tx {
	return &tx{ctx: ctx, tx: stx, d: d}
}

// tx is both the read-write Tx of Update and (wrapped so that only the
// read methods show) the ReadTx of View.
type tx struct {
	ctx context.Context
	tx  *sql.Tx
	d   *Dialect
	// depth counts the savepoints open (atomically), so that a guarded
	// write inside one opens no other.
	depth int
	// stmts, when set, runs the hot statements prepared (stmts.go).
	stmts *Stmts
}

// ---- helpers

// fix maps database/sql errors and the dialect's onto persistence's.
func (t *tx) fix(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrTxDone) {
		return persistence.ErrTxDone
	}
	if t.d.Fix != nil {
		return t.d.Fix(err)
	}
	return err
}

// exec runs a write statement that cannot fail but for a broken
// connection or a cancelled context (its values were validated and what
// it refers to was checked first: games and players are never deleted).
func (t *tx) exec(query string, args ...any) (sql.Result, error) {
	r, err := t.hotExec(query, args...)
	return r, t.fix(err)
}

// execMayConflict runs a write that may meet a unique key already taken
// (ErrDuplicate): guarded by a savepoint when the dialect needs it, so that
// the transaction stays usable.
func (t *tx) execMayConflict(query string, args ...any) (r sql.Result, err error) {
	err = t.write(func() error {
		var err error
		r, err = t.hotExec(query, args...)
		return t.fix(err)
	})
	return r, err
}

// write runs fn, one write, inside a savepoint when the dialect guards
// writes and no savepoint is open yet.
func (t *tx) write(fn func() error) error {
	if t.d.GuardWrites && t.depth == 0 {
		return t.atomically(fn)
	}
	return fn()
}

// scanAll runs a query and reads every row with scan: the one shape of
// every list the store returns.
func scanAll[T any](t *tx, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, t.fix(err)
		}
		out = append(out, v)
	}
	return out, t.fix(rows.Err())
}

// query runs a query, prepared when it is one of the hot statements.
func (t *tx) query(query string, args ...any) (*sql.Rows, error) {
	if st := t.stmts.stmt(query); st != nil {
		rows, err := t.tx.StmtContext(t.ctx, st).QueryContext(t.ctx, args...)
		return rows, t.fix(err)
	}
	rows, err := t.tx.QueryContext(t.ctx, query, args...)
	return rows, t.fix(err)
}

// row runs a one-row query; no row is ErrNotFound (wrapped with what).
func (t *tx) row(what string, query string, args []any, dest ...any) error {
	err := t.hotRow(query, args...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, persistence.ErrNotFound)
	}
	return t.fix(err)
}

// exists reports whether the query returns a row.
func (t *tx) exists(query string, args ...any) (bool, error) {
	var one int
	err := t.hotRow(query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, t.fix(err)
}

func (t *tx) mustGame(id string) error {
	ok, err := t.exists(qGameExists, id)
	if err == nil && !ok {
		err = fmt.Errorf("game %q: %w", id, persistence.ErrNotFound)
	}
	return err
}

func (t *tx) mustPlayer(id string) error {
	ok, err := t.exists(`SELECT 1 FROM players WHERE id = $1`, id)
	if err == nil && !ok {
		err = fmt.Errorf("player %q: %w", id, persistence.ErrNotFound)
	}
	return err
}

// atomically runs a write of several statements inside a savepoint, so
// that a failure part-way leaves nothing behind and the transaction
// usable.
func (t *tx) atomically(fn func() error) error {
	if _, err := t.hotExec(qSavepoint); err != nil {
		return t.fix(err)
	}
	t.depth++
	err := fn()
	t.depth--
	if err != nil {
		ctx := context.WithoutCancel(t.ctx)
		_, _ = t.tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT op`)
		_, _ = t.tx.ExecContext(ctx, `RELEASE SAVEPOINT op`)
		return err
	}
	_, err = t.hotExec(qRelease)
	return t.fix(err)
}

// ms is a time as stored: unix milliseconds, or NULL for the zero time.
func ms(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func bytesOrEmpty(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// ---- games

const gameCols = `id, created_ms, meta, state, version, last_seq, head`

// The game's row, read and updated by every order (hotQueries).
const (
	qGame       = `SELECT ` + gameCols + ` FROM games WHERE id = $1`
	qUpdateGame = `UPDATE games SET state = $1, meta = $2, version = $3 WHERE id = $4 AND version = $5`
)

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (persistence.Game, error) {
	var g persistence.Game
	var created sql.NullInt64
	if err := r.Scan(&g.ID, &created, &g.Meta, &g.State, &g.Version, &g.LastSeq, &g.Head); err != nil {
		return g, err
	}
	g.Created = fromMS(created)
	g.Meta = bytesOrEmpty(g.Meta)
	return g, nil
}

func (t *tx) Game(id string) (persistence.Game, error) {
	g, err := scanGame(t.hotRow(qGame, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("game %q: %w", id, persistence.ErrNotFound)
	}
	return g, t.fix(err)
}

func (t *tx) LiveGames() ([]persistence.Game, error) {
	return scanAll(t, scanGame, `SELECT `+gameCols+` FROM games WHERE state <> 'finished' ORDER BY created_ms, id`)
}

func (t *tx) RecentGames(limit int) ([]persistence.Game, error) {
	q := `SELECT ` + gameCols + ` FROM games ORDER BY created_ms DESC, id DESC`
	var args []any
	if limit > 0 {
		q += ` LIMIT $1`
		args = append(args, limit)
	}
	return scanAll(t, scanGame, q, args...)
}

func (t *tx) CreateGame(g persistence.Game) (persistence.Game, error) {
	if err := g.Validate(); err != nil {
		return persistence.Game{}, err
	}
	g.Created = persistence.Millis(g.Created)
	g.Meta = bytesOrEmpty(g.Meta)
	g.Version, g.LastSeq, g.Head = 1, 0, persistence.ChainStart(g.ID)
	_, err := t.execMayConflict(`INSERT INTO games (`+gameCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		g.ID, ms(g.Created), g.Meta, g.State, g.Version, g.LastSeq, g.Head)
	if errors.Is(err, persistence.ErrDuplicate) {
		return persistence.Game{}, fmt.Errorf("game %q: %w", g.ID, persistence.ErrDuplicate)
	}
	if err != nil {
		return persistence.Game{}, err
	}
	return g, nil
}

func (t *tx) UpdateGame(g persistence.Game) (persistence.Game, error) {
	cur, err := t.Game(g.ID)
	if err != nil {
		return persistence.Game{}, err
	}
	g.Created = cur.Created
	if err := g.Validate(); err != nil {
		return persistence.Game{}, err
	}
	if cur.Version != g.Version {
		return persistence.Game{}, fmt.Errorf("game %q: version %d expected, %d stored: %w",
			g.ID, g.Version, cur.Version, persistence.ErrConflict)
	}
	cur.State, cur.Meta, cur.Version = g.State, bytesOrEmpty(g.Meta), g.Version+1
	res, err := t.exec(qUpdateGame,
		cur.State, cur.Meta, cur.Version, g.ID, g.Version)
	if err != nil {
		return persistence.Game{}, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return persistence.Game{}, fmt.Errorf("game %q: %w", g.ID, persistence.ErrConflict)
	}
	return cur, nil
}

// ---- leagues

func (t *tx) League(id string) (persistence.League, error) {
	var l persistence.League
	var created sql.NullInt64
	err := t.row(fmt.Sprintf("league %q", id), `SELECT id, created_ms, data, version FROM leagues WHERE id = $1`, []any{id}, &l.ID, &created, &l.Data, &l.Version)
	l.Created, l.Data = fromMS(created), bytesOrEmpty(l.Data)
	return l, err
}

func (t *tx) Leagues() ([]persistence.League, error) {
	rows, err := t.query(`SELECT id, created_ms, data, version FROM leagues ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []persistence.League
	for rows.Next() {
		var l persistence.League
		var created sql.NullInt64
		if err := rows.Scan(&l.ID, &created, &l.Data, &l.Version); err != nil {
			return nil, t.fix(err)
		}
		l.Created, l.Data = fromMS(created), bytesOrEmpty(l.Data)
		out = append(out, l)
	}
	return out, t.fix(rows.Err())
}

func (t *tx) CreateLeague(l persistence.League) (persistence.League, error) {
	if err := l.Validate(); err != nil {
		return persistence.League{}, err
	}
	l.Created, l.Data, l.Version = persistence.Millis(l.Created), bytesOrEmpty(l.Data), 1
	_, err := t.execMayConflict(`INSERT INTO leagues (id, created_ms, data, version) VALUES ($1, $2, $3, $4)`,
		l.ID, ms(l.Created), l.Data, l.Version)
	if errors.Is(err, persistence.ErrDuplicate) {
		return persistence.League{}, fmt.Errorf("league %q: %w", l.ID, persistence.ErrDuplicate)
	}
	if err != nil {
		return persistence.League{}, err
	}
	return l, nil
}

func (t *tx) UpdateLeague(l persistence.League) (persistence.League, error) {
	cur, err := t.League(l.ID)
	if err != nil {
		return persistence.League{}, err
	}
	if cur.Version != l.Version {
		return persistence.League{}, fmt.Errorf("league %q: version %d expected, %d stored: %w",
			l.ID, l.Version, cur.Version, persistence.ErrConflict)
	}
	cur.Data, cur.Version = bytesOrEmpty(l.Data), l.Version+1
	res, err := t.exec(`UPDATE leagues SET data = $1, version = $2 WHERE id = $3 AND version = $4`,
		cur.Data, cur.Version, l.ID, l.Version)
	if err != nil {
		return persistence.League{}, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return persistence.League{}, fmt.Errorf("league %q: %w", l.ID, persistence.ErrConflict)
	}
	return cur, nil
}

// ---- records

// insertChunk bounds the rows of one multi-row INSERT.
const insertChunk = 64

// insertSizes are the row counts of the multi-row INSERTs Append uses, so
// that their statements can be kept prepared (stmts.go): up to 16 lines
// (one order) in one statement, longer runs in chunks of 64 and 32.
var insertSizes = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 32, insertChunk}

// insertRows is how many of n lines the next INSERT takes: the largest
// size of insertSizes not above n.
func insertRows(n int) int {
	best := 1
	for _, k := range insertSizes {
		if k <= n {
			best = k
		}
	}
	return best
}

// insertEvents is the INSERT of n event rows (n from insertSizes).
func insertEvents(n int) string {
	if q, ok := insertTexts[n]; ok {
		return q
	}
	return insertText(n)
}

var insertTexts = func() map[int]string {
	m := make(map[int]string, len(insertSizes))
	for _, n := range insertSizes {
		m[n] = insertText(n)
	}
	return m
}()

func insertText(n int) string {
	var q strings.Builder
	q.WriteString(`INSERT INTO events (game_id, seq, line, hash) VALUES `)
	for i := range n {
		if i > 0 {
			q.WriteString(", ")
		}
		fmt.Fprintf(&q, "($%d, $%d, $%d, $%d)", 4*i+1, 4*i+2, 4*i+3, 4*i+4)
	}
	return q.String()
}

const (
	qGameHead    = `SELECT last_seq, head FROM games WHERE id = $1`
	qAdvanceGame = `UPDATE games SET last_seq = $1, head = $2, version = version + 1 WHERE id = $3 AND last_seq = $4`
)

func (t *tx) Append(game string, afterSeq int64, lines ...string) (int64, error) {
	if err := persistence.CheckID("game id", game); err != nil {
		return 0, err
	}
	if len(lines) == 0 {
		return 0, fmt.Errorf("game %q: %w: no lines to append", game, persistence.ErrInvalid)
	}
	for _, l := range lines {
		if err := persistence.CheckLine(l); err != nil {
			return 0, fmt.Errorf("game %q: %w", game, err)
		}
	}
	var last int64
	err := t.atomically(func() error {
		var stored int64
		var head []byte
		if err := t.row(fmt.Sprintf("game %q", game), qGameHead+t.d.LockGame,
			[]any{game}, &stored, &head); err != nil {
			return err
		}
		if stored != afterSeq {
			return fmt.Errorf("game %q: append after seq %d but the record ends at %d: %w",
				game, afterSeq, stored, persistence.ErrConflict)
		}
		args := make([]any, 0, 4*min(len(lines), insertChunk))
		seq := afterSeq
		for rest := lines; len(rest) > 0; {
			chunk := rest[:insertRows(len(rest))]
			rest = rest[len(chunk):]
			args = args[:0]
			for _, l := range chunk {
				seq++
				head = persistence.ChainNext(head, l)
				args = append(args, game, seq, l, head)
			}
			if _, err := t.exec(insertEvents(len(chunk)), args...); err != nil {
				return err
			}
		}
		res, err := t.exec(qAdvanceGame, seq, head, game, afterSeq)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("game %q: %w", game, persistence.ErrConflict)
		}
		last = seq
		return nil
	})
	return last, err
}

func (t *tx) Events(game string, afterSeq int64, limit int) ([]persistence.Event, error) {
	if err := t.mustGame(game); err != nil {
		return nil, err
	}
	q := `SELECT seq, line, hash FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq`
	args := []any{game, afterSeq}
	if limit > 0 {
		q += ` LIMIT $3`
		args = append(args, limit)
	}
	rows, err := t.query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []persistence.Event
	for rows.Next() {
		e := persistence.Event{Game: game}
		if err := rows.Scan(&e.Seq, &e.Line, &e.Hash); err != nil {
			return nil, t.fix(err)
		}
		out = append(out, e)
	}
	return out, t.fix(rows.Err())
}

// ---- snapshots

func (t *tx) Snapshot(game string) (persistence.Snapshot, bool, error) {
	snap := persistence.Snapshot{Game: game}
	err := t.row("snapshot", `SELECT seq, hash, data FROM snapshots WHERE game_id = $1`, []any{game}, &snap.Seq, &snap.Hash, &snap.Data)
	if errors.Is(err, persistence.ErrNotFound) {
		return persistence.Snapshot{}, false, t.mustGame(game)
	}
	snap.Data = bytesOrEmpty(snap.Data)
	return snap, err == nil, err
}

func (t *tx) PutSnapshot(snap persistence.Snapshot) error {
	var last int64
	if err := t.row(fmt.Sprintf("game %q", snap.Game), `SELECT last_seq FROM games WHERE id = $1`, []any{snap.Game}, &last); err != nil {
		return err
	}
	if snap.Seq < 1 || snap.Seq > last || len(snap.Hash) == 0 {
		return fmt.Errorf("game %q: %w: a snapshot after line %d of a record of %d lines, hash of %d bytes",
			snap.Game, persistence.ErrInvalid, snap.Seq, last, len(snap.Hash))
	}
	_, err := t.exec(`INSERT INTO snapshots (game_id, seq, hash, data) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, data = excluded.data`,
		snap.Game, snap.Seq, snap.Hash, bytesOrEmpty(snap.Data))
	return err
}

func (t *tx) VerifyChain(game string) error {
	var last int64
	var head []byte
	if err := t.row(fmt.Sprintf("game %q", game), `SELECT last_seq, head FROM games WHERE id = $1`,
		[]any{game}, &last, &head); err != nil {
		return err
	}
	rows, err := t.query(`SELECT seq, line, hash FROM events WHERE game_id = $1 ORDER BY seq`, game)
	if err != nil {
		return err
	}
	defer rows.Close()
	v := chain.New(game)
	var (
		seq  int64
		line string
		hash []byte
	)
	for rows.Next() {
		if err := rows.Scan(&seq, &line, &hash); err != nil {
			return t.fix(err)
		}
		if err := v.Line(seq, line, hash); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return t.fix(err)
	}
	return v.End(last, head)
}

// ---- players

func (t *tx) player(what, query string, args ...any) (persistence.Player, error) {
	var p persistence.Player
	if err := t.row(what, query, args, &p.ID, &p.Name, &p.TimeZone, &p.Language, &p.MailMode, &p.Board); err != nil {
		return p, err
	}
	rows, err := t.query(qIdentities, p.ID)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var id persistence.Identity
		if err := rows.Scan(&id.Kind, &id.Value); err != nil {
			return p, t.fix(err)
		}
		p.Identities = append(p.Identities, id)
	}
	return p, t.fix(rows.Err())
}

func (t *tx) Player(id string) (persistence.Player, error) {
	return t.player(fmt.Sprintf("player %q", id), qPlayer, id)
}

func (t *tx) PlayerByIdentity(kind, value string) (persistence.Player, error) {
	return t.player(fmt.Sprintf("%s identity %q", kind, value),
		`SELECT p.id, p.name, p.time_zone, p.language, p.mail_mode, p.board FROM identities i JOIN players p ON p.id = i.player_id
		 WHERE i.kind = $1 AND i.value = $2`, kind, value)
}

func (t *tx) CreatePlayer(p persistence.Player) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if len(p.Identities) == 0 {
		return fmt.Errorf("player %q: %w: no identity", p.ID, persistence.ErrInvalid)
	}
	return t.atomically(func() error {
		if _, err := t.exec(`INSERT INTO players (id, name, time_zone, language, mail_mode, board) VALUES ($1, $2, $3, $4, $5, $6)`,
			p.ID, p.Name, p.TimeZone, p.Language, p.MailMode, p.Board); err != nil {
			if errors.Is(err, persistence.ErrDuplicate) {
				return fmt.Errorf("player %q: %w", p.ID, persistence.ErrDuplicate)
			}
			return err
		}
		for _, id := range p.Identities {
			if err := t.addIdentity(p.ID, id); err != nil {
				return err
			}
		}
		return nil
	})
}

func (t *tx) addIdentity(player string, id persistence.Identity) error {
	_, err := t.execMayConflict(`INSERT INTO identities (kind, value, player_id) VALUES ($1, $2, $3)`, id.Kind, id.Value, player)
	if errors.Is(err, persistence.ErrDuplicate) {
		return fmt.Errorf("%s identity %q: %w", id.Kind, id.Value, persistence.ErrDuplicate)
	}
	return err
}

func (t *tx) UpdatePlayer(p persistence.Player) error {
	p.Identities = nil
	if err := p.Validate(); err != nil {
		return err
	}
	res, err := t.exec(`UPDATE players SET name = $1, time_zone = $2, language = $3, mail_mode = $4, board = $5 WHERE id = $6`,
		p.Name, p.TimeZone, p.Language, p.MailMode, p.Board, p.ID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("player %q: %w", p.ID, persistence.ErrNotFound)
	}
	return nil
}

func (t *tx) AddIdentity(player string, id persistence.Identity) error {
	if err := id.Validate(); err != nil {
		return err
	}
	if err := t.mustPlayer(player); err != nil {
		return err
	}
	return t.addIdentity(player, id)
}

func (t *tx) RemoveIdentity(player string, id persistence.Identity) error {
	if err := id.Validate(); err != nil {
		return err
	}
	res, err := t.exec(`DELETE FROM identities WHERE kind = $1 AND value = $2 AND player_id = $3`, id.Kind, id.Value, player)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("player %q has no %s identity %q: %w", player, id.Kind, id.Value, persistence.ErrNotFound)
	}
	return nil
}

// ---- seats

const seatCols = `game_id, seat, player_id, autopilot, misses, vacation_from_ms, vacation_to_ms`

// qSeats are a game's seats, read by every order (hotQueries).
const qSeats = `SELECT ` + seatCols + ` FROM seats WHERE game_id = $1 ORDER BY seat`

func scanSeat(r scanner) (persistence.Seat, error) {
	var s persistence.Seat
	var player sql.NullString
	var from, to sql.NullInt64
	if err := r.Scan(&s.Game, &s.Number, &player, &s.Autopilot, &s.Misses, &from, &to); err != nil {
		return s, err
	}
	s.Player, s.VacationFrom, s.VacationTo = player.String, fromMS(from), fromMS(to)
	return s, nil
}

func (t *tx) Seat(game string, n int) (persistence.Seat, error) {
	s, err := scanSeat(t.tx.QueryRowContext(t.ctx, `SELECT `+seatCols+` FROM seats WHERE game_id = $1 AND seat = $2`, game, n))
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("game %q seat %d: %w", game, n, persistence.ErrNotFound)
	}
	return s, t.fix(err)
}

func (t *tx) Seats(game string) ([]persistence.Seat, error) {
	if err := t.mustGame(game); err != nil {
		return nil, err
	}
	return scanAll(t, scanSeat, qSeats, game)
}

func (t *tx) PutSeat(s persistence.Seat) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if err := t.mustGame(s.Game); err != nil {
		return err
	}
	if s.Player != "" {
		if err := t.mustPlayer(s.Player); err != nil {
			return err
		}
	}
	_, err := t.exec(`INSERT INTO seats (`+seatCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (game_id, seat) DO UPDATE SET player_id = excluded.player_id, autopilot = excluded.autopilot,
		misses = excluded.misses, vacation_from_ms = excluded.vacation_from_ms, vacation_to_ms = excluded.vacation_to_ms`,
		s.Game, s.Number, nullString(s.Player), s.Autopilot, s.Misses, ms(s.VacationFrom), ms(s.VacationTo))
	return err
}

// ---- inbound

func (t *tx) SeenInbound(source, key string) (persistence.Inbound, bool, error) {
	in := persistence.Inbound{Source: source, Key: key}
	var game sql.NullString
	var received sql.NullInt64
	err := t.hotRow(qSeenInbound, source, key).Scan(&game, &in.FirstSeq, &in.LastSeq, &in.Reply, &received)
	if errors.Is(err, sql.ErrNoRows) {
		return persistence.Inbound{}, false, nil
	}
	if err != nil {
		return persistence.Inbound{}, false, t.fix(err)
	}
	in.Game, in.Received = game.String, fromMS(received)
	return in, true, nil
}

func (t *tx) RecordInbound(in persistence.Inbound) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if in.Game != "" {
		if err := t.mustGame(in.Game); err != nil {
			return err
		}
	}
	_, err := t.execMayConflict(qRecordInbound,
		in.Source, in.Key, nullString(in.Game), in.FirstSeq, in.LastSeq, in.Reply, ms(in.Received))
	if errors.Is(err, persistence.ErrDuplicate) {
		return fmt.Errorf("inbound %s/%s: %w", in.Source, in.Key, persistence.ErrDuplicate)
	}
	return err
}

// ---- outbox

// MessageCols are the outbox columns ScanMessage reads, in order.
const MessageCols = messageCols

// ScanMessage reads one outbox row of MessageCols.
func ScanMessage(r interface{ Scan(dest ...any) error }) (persistence.Message, error) {
	return scanMessage(r)
}

const messageCols = `id, game_id, transport, target, body, png, created_ms, attempts, last_error, next_ms, sent_ms`

func scanMessage(r scanner) (persistence.Message, error) {
	var m persistence.Message
	var game sql.NullString
	var created, next, sent sql.NullInt64
	if err := r.Scan(&m.ID, &game, &m.Transport, &m.Target, &m.Text, &m.PNG, &created, &m.Attempts,
		&m.LastError, &next, &sent); err != nil {
		return m, err
	}
	if len(m.PNG) == 0 {
		m.PNG = nil
	}
	m.Game, m.Created, m.NextAttempt, m.SentAt = game.String, fromMS(created), fromMS(next), fromMS(sent)
	return m, nil
}

func (t *tx) Enqueue(m persistence.Message) (int64, error) {
	if err := m.Validate(); err != nil {
		return 0, err
	}
	if m.Game != "" {
		if err := t.mustGame(m.Game); err != nil {
			return 0, err
		}
	}
	next := m.NextAttempt
	if next.IsZero() {
		next = m.Created
	}
	var png any
	if len(m.PNG) > 0 {
		png = m.PNG
	}
	var id int64
	err := t.row("outbox", qEnqueue,
		[]any{nullString(m.Game), m.Transport, m.Target, m.Text, png, ms(m.Created), ms(next)}, &id)
	return id, err
}

func (t *tx) Message(id int64) (persistence.Message, error) {
	m, err := scanMessage(t.tx.QueryRowContext(t.ctx, `SELECT `+messageCols+` FROM outbox WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("message %d: %w", id, persistence.ErrNotFound)
	}
	return m, t.fix(err)
}

func (t *tx) Pending(now time.Time, limit int) ([]persistence.Message, error) {
	q := `SELECT ` + messageCols + ` FROM outbox WHERE next_ms IS NOT NULL AND next_ms <= $1 ORDER BY id`
	args := []any{now.UnixMilli()}
	if limit > 0 {
		q += ` LIMIT $2`
		args = append(args, limit)
	}
	return scanAll(t, scanMessage, q, args...)
}

func (t *tx) MarkSent(id int64, at time.Time) error {
	if at.IsZero() {
		return fmt.Errorf("message %d: %w: no sending time", id, persistence.ErrInvalid)
	}
	res, err := t.exec(`UPDATE outbox SET sent_ms = $1, next_ms = NULL WHERE id = $2 AND sent_ms IS NULL`, ms(at), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		// sent already (nothing to do) or unknown
		_, err := t.Message(id)
		return err
	}
	return nil
}

func (t *tx) MarkFailed(id int64, cause error, retryAt time.Time) error {
	if cause == nil {
		return fmt.Errorf("message %d: %w: failure without a cause", id, persistence.ErrInvalid)
	}
	res, err := t.exec(`UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_ms = $2
		WHERE id = $3 AND sent_ms IS NULL`, cause.Error(), ms(retryAt), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if _, err := t.Message(id); err != nil {
			return err
		}
		return fmt.Errorf("message %d was sent: %w", id, persistence.ErrConflict)
	}
	return nil
}

// ---- deadlines

const deadlineCols = `game_id, seat, kind, idx, due_ms`
const deadlineOrder = ` ORDER BY due_ms, game_id, seat, kind, idx`

// A game's deadlines, read and rewritten by every order (hotQueries).
const (
	qDeadlines       = `SELECT ` + deadlineCols + ` FROM deadlines WHERE game_id = $1` + deadlineOrder
	qDeleteDeadlines = `DELETE FROM deadlines WHERE game_id = $1 AND seat = $2`
)

func scanDeadline(r scanner) (persistence.Deadline, error) {
	var d persistence.Deadline
	var due sql.NullInt64
	err := r.Scan(&d.Game, &d.Seat, &d.Kind, &d.Index, &due)
	d.Due = fromMS(due)
	return d, err
}

func (t *tx) NextDeadline() (persistence.Deadline, bool, error) {
	d, err := scanDeadline(t.tx.QueryRowContext(t.ctx, `SELECT `+deadlineCols+` FROM deadlines`+deadlineOrder+` LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return persistence.Deadline{}, false, nil
	}
	if err != nil {
		return persistence.Deadline{}, false, t.fix(err)
	}
	return d, true, nil
}

func (t *tx) Deadlines(game string) ([]persistence.Deadline, error) {
	if err := t.mustGame(game); err != nil {
		return nil, err
	}
	return scanAll(t, scanDeadline, qDeadlines, game)
}

func (t *tx) PutDeadline(d persistence.Deadline) error {
	if err := d.Validate(); err != nil {
		return err
	}
	if err := t.mustGame(d.Game); err != nil {
		return err
	}
	_, err := t.exec(`INSERT INTO deadlines (`+deadlineCols+`) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (game_id, seat, kind, idx) DO UPDATE SET due_ms = excluded.due_ms`,
		d.Game, d.Seat, d.Kind, d.Index, ms(d.Due))
	return err
}

func (t *tx) DeleteDeadlines(game string, seat int) (int, error) {
	res, err := t.exec(qDeleteDeadlines, game, seat)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Raw is the database/sql transaction under a Tx made by this package (nil
// for any other): for the statements of one backend only (a pragma, a
// lock) inside the same transaction.
func Raw(ptx persistence.ReadTx) *sql.Tx {
	if t, ok := ptx.(*tx); ok {
		return t.tx
	}
	return nil
}

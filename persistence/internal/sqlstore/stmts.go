package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pitwall/pitwall/persistence"
)

// The statements of one order's commit, kept prepared (Stmts).
const (
	qSavepoint     = `SAVEPOINT op`
	qRelease       = `RELEASE SAVEPOINT op`
	qGameExists    = `SELECT 1 FROM games WHERE id = $1`
	qSeenInbound   = `SELECT game_id, first_seq, last_seq, reply, received_ms FROM inbound WHERE source = $1 AND inbound_key = $2`
	qRecordInbound = `INSERT INTO inbound (source, inbound_key, game_id, first_seq, last_seq, reply, received_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)`
	qEnqueue       = `INSERT INTO outbox (game_id, transport, target, body, png, created_ms, next_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`
	// an order's notices read each seated player and its identities
	qPlayer     = `SELECT id, name, time_zone, language, mail_mode, board FROM players WHERE id = $1`
	qIdentities = `SELECT kind, value FROM identities WHERE player_id = $1 ORDER BY kind, value`
)

// hotQueries are the statements of one order's commit under d: appending
// to a record (its savepoint, the head read, the multi-row INSERTs of
// every size Append uses, the head update), the inbound key check and
// record, the outbox, and what the service reads and writes beside them
// on every order: the game's row, seats and deadlines, and the seated
// players its notices are addressed to (ten a 10-car order: parsing these
// queries every time was over a quarter of the service's CPU under issue
// 14's load).
func hotQueries(d *Dialect) []string {
	qs := []string{qSavepoint, qRelease, qGameHead + d.LockGame, qAdvanceGame, qGameExists, qSeenInbound, qRecordInbound, qEnqueue,
		qGame, qUpdateGame, qSeats, qDeadlines, qDeleteDeadlines, qPlayer, qIdentities}
	for _, n := range insertSizes {
		qs = append(qs, insertEvents(n))
	}
	return qs
}

// Stmts keeps the statements of one order's commit prepared on a *sql.DB,
// so that SQLite parses each once per connection instead of on every call
// (the profile of one order's commit spent 37 % re-parsing). A transaction
// uses them through TxWith: database/sql then runs the statement already
// prepared on the transaction's connection (or prepares it there once, on
// a new connection). The set is fixed when the store opens, so it stays
// small and bounded, and preparing never waits for a connection a
// transaction holds; other statements are sent as text, as before.
//
// A nil *Stmts prepares nothing. Its map is read-only once built, so it is
// safe for concurrent use.
type Stmts struct {
	m map[string]*sql.Stmt
}

// PrepareHot prepares the statements of one order's commit on db, outside
// any transaction (at open). Close the result before db.
func PrepareHot(ctx context.Context, db *sql.DB, d *Dialect) (*Stmts, error) {
	s := &Stmts{m: map[string]*sql.Stmt{}}
	for _, q := range hotQueries(d) {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			return nil, errors.Join(err, s.Close())
		}
		s.m[q] = st
	}
	return s, nil
}

// Len is how many statements are prepared.
func (s *Stmts) Len() int { return len(s.m) }

// Close closes every statement.
func (s *Stmts) Close() error {
	var errs []error
	for _, st := range s.m {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

func (s *Stmts) stmt(query string) *sql.Stmt {
	if s == nil {
		return nil
	}
	return s.m[query]
}

// TxWith is Tx whose hot statements run prepared from stmts (nil: none).
func TxWith(ctx context.Context, stx *sql.Tx, d *Dialect, stmts *Stmts) persistence.Tx {
	return &tx{ctx: ctx, tx: stx, d: d, stmts: stmts}
}

// hotExec runs a write statement, prepared when it is one of stmts.
func (t *tx) hotExec(query string, args ...any) (sql.Result, error) {
	if st := t.stmts.stmt(query); st != nil {
		return t.tx.StmtContext(t.ctx, st).ExecContext(t.ctx, args...)
	}
	return t.tx.ExecContext(t.ctx, query, args...)
}

// hotRow runs a one-row query, prepared when it is one of stmts.
func (t *tx) hotRow(query string, args ...any) *sql.Row {
	if st := t.stmts.stmt(query); st != nil {
		return t.tx.StmtContext(t.ctx, st).QueryRowContext(t.ctx, args...)
	}
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

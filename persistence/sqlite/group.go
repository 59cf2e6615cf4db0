package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

// Group commit (issue 14). The writer is one connection, so Updates wait
// for each other, and each paid its own fsync: under load the orders of
// different games queued behind one another's fsyncs. Now the Updates
// that arrive while one commits are committed together when it is done:
// one transaction, each fn in a savepoint of its own (a failing one is
// rolled back alone), one COMMIT and one fsync for all; each Update
// returns only after that COMMIT, so every order is as durable before its
// answer as before. An Update that finds the writer free runs alone, as
// before, without savepoint: a lone order pays a mutex and nothing else.
//
// Each fn still runs on its caller's goroutine (a panic, a t.Fatal or a
// runtime.Goexit stays its caller's): the goroutine that holds the turn
// (the leader) begins the transaction and hands it to each caller in
// turn, and waits for it before handing it on.

// groupQueue holds the Updates waiting for the writer.
type groupQueue struct {
	mu      sync.Mutex
	waiting []*update
	leading bool // a leader holds the turn; the next is woken by it
	// shared counts the transactions that held more than one Update
	shared int
}

// update is one Update call waiting in the queue.
type update struct {
	ctx context.Context
	fn  func(persistence.Tx) error
	// wake tells the caller what to do: lead the next batch, run fn in
	// tx (then report on ran), or return err (the batch's outcome).
	wake chan wakeUp
}

type wakeUp struct {
	lead bool
	tx   *sql.Tx
	ran  chan<- ranOutcome
	err  error
	done bool
}

// ranOutcome is what one fn left in the batch's transaction.
type ranOutcome struct {
	err error
	// aborted: fn did not return (it panicked or its goroutine exited);
	// its savepoint is rolled back and its caller is gone
	aborted bool
}

// Update implements persistence.Store: fn runs in a transaction on the
// writer connection, shared with the Updates waiting beside it (group
// commit, above), and Update returns once that transaction is committed
// (or rolled back when fn fails or panics: then only fn's writes are
// undone). The statements fn runs are parsed once per connection and kept
// prepared (sqlstore.Stmts).
func (s *Store) Update(ctx context.Context, fn func(persistence.Tx) error) error {
	u := &update{ctx: ctx, fn: fn, wake: make(chan wakeUp, 1)}
	s.group.mu.Lock()
	s.group.waiting = append(s.group.waiting, u)
	if !s.group.leading {
		s.group.leading = true
		u.wake <- wakeUp{lead: true}
	}
	s.group.mu.Unlock()
	for {
		w := <-u.wake
		switch {
		case w.lead:
			return s.lead(u)
		case w.done:
			return w.err
		default:
			s.runInBatch(u, w.tx, w.ran)
		}
	}
}

// runInBatch runs u's fn in the batch's transaction, in a savepoint, and
// reports to the leader; a panic rolls the savepoint back before it goes
// on up its caller's stack.
func (s *Store) runInBatch(u *update, stx *sql.Tx, ran chan<- ranOutcome) {
	returned := false
	defer func() {
		if !returned {
			ran <- ranOutcome{aborted: true}
		}
	}()
	err := u.fn(sqlstore.TxWith(u.ctx, stx, dialect, s.stmts))
	if err == nil {
		err = u.ctx.Err()
	}
	returned = true
	ran <- ranOutcome{err: err}
}

// lead commits the waiting Updates, own included, as one transaction,
// tells every other caller its outcome and hands the turn to the next
// one waiting; it returns own's outcome.
func (s *Store) lead(own *update) error {
	s.group.mu.Lock()
	batch := s.group.waiting
	s.group.waiting = nil
	s.group.mu.Unlock()
	// the turn passes on however this ends (own's fn may panic)
	outcomes := make([]error, len(batch))
	gone := make([]bool, len(batch))
	finished := false
	defer func() {
		if !finished { // own's fn panicked: the transaction is rolled back
			for i := range outcomes {
				if outcomes[i] == nil {
					outcomes[i] = errBatchAborted
				}
			}
		}
		s.group.mu.Lock()
		if len(s.group.waiting) > 0 {
			s.group.waiting[0].wake <- wakeUp{lead: true}
		} else {
			s.group.leading = false
		}
		s.group.mu.Unlock()
		for i, u := range batch {
			if u != own && !gone[i] {
				u.wake <- wakeUp{done: true, err: outcomes[i]}
			}
		}
	}()
	if len(batch) == 1 {
		outcomes[0] = s.updateAlone(own)
		finished = true
		return outcomes[0]
	}
	s.commitBatch(own, batch, outcomes, gone)
	finished = true
	for i, u := range batch {
		if u == own {
			return outcomes[i]
		}
	}
	panic("sqlite: the leader's update is not in its batch")
}

// updateAlone is Update as it was before group commit: BEGIN IMMEDIATE,
// fn, COMMIT (or ROLLBACK when fn fails or panics).
func (s *Store) updateAlone(u *update) error {
	stx, err := s.writer.BeginTx(u.ctx, nil)
	if err != nil {
		return sqlstore.ClosedOr(u.ctx, err)
	}
	committed := false
	defer func() {
		if !committed {
			_ = stx.Rollback()
		}
	}()
	if err := u.fn(sqlstore.TxWith(u.ctx, stx, dialect, s.stmts)); err != nil {
		return err
	}
	if err := u.ctx.Err(); err != nil {
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", sqlstore.ClosedOr(u.ctx, err))
	}
	committed = true
	return nil
}

// errBatchAborted: an Update's own fn succeeded, but the transaction it
// shared could not go on (a savepoint could not be rolled back): nothing
// of it is committed.
var errBatchAborted = errors.New("the transaction shared with other updates was rolled back")

// commitBatch runs every fn of batch, each in its savepoint, own's on this
// goroutine and the others' on their callers', then commits once, and
// sets each one's outcome (gone: its caller left by a panic).
func (s *Store) commitBatch(own *update, batch []*update, outcomes []error, gone []bool) {
	s.group.mu.Lock()
	s.group.shared++
	s.group.mu.Unlock()
	// the transaction is everyone's: one caller's cancelled context must
	// not roll it back (each fn's statements still run under its own)
	stx, err := s.writer.BeginTx(context.WithoutCancel(own.ctx), nil)
	if err != nil {
		for i, u := range batch {
			outcomes[i] = sqlstore.ClosedOr(u.ctx, err)
		}
		return
	}
	failAll := func(err error) {
		_ = stx.Rollback()
		for i, u := range batch {
			if outcomes[i] == nil {
				outcomes[i] = sqlstore.ClosedOr(u.ctx, err)
			}
		}
	}
	ran := make(chan ranOutcome, 1)
	for i, u := range batch {
		if err := u.ctx.Err(); err != nil {
			outcomes[i] = err
			continue
		}
		if _, err := stx.Exec(`SAVEPOINT grouped`); err != nil {
			failAll(err)
			return
		}
		var out ranOutcome
		if u == own {
			out = s.runOwn(u, stx)
		} else {
			u.wake <- wakeUp{tx: stx, ran: ran}
			out = <-ran
		}
		gone[i] = out.aborted
		if out.err == nil && !out.aborted {
			if _, err := stx.Exec(`RELEASE SAVEPOINT grouped`); err != nil {
				failAll(err)
				return
			}
			continue
		}
		outcomes[i] = out.err
		if out.aborted {
			outcomes[i] = errBatchAborted // nobody reads it: its caller is gone
		}
		// only this fn's writes are undone; if SQLite already rolled the
		// whole transaction back (a full disk, an I/O error), the
		// savepoint is gone and so is everyone's work
		if _, err := stx.Exec(`ROLLBACK TO SAVEPOINT grouped`); err != nil {
			failAll(fmt.Errorf("%w: %w", errBatchAborted, err))
			return
		}
		if _, err := stx.Exec(`RELEASE SAVEPOINT grouped`); err != nil {
			failAll(fmt.Errorf("%w: %w", errBatchAborted, err))
			return
		}
	}
	if err := stx.Commit(); err != nil {
		for i, u := range batch {
			if outcomes[i] == nil {
				outcomes[i] = fmt.Errorf("commit: %w", sqlstore.ClosedOr(u.ctx, err))
			}
		}
	}
}

// runOwn runs the leader's own fn in the batch; a panic rolls the whole
// transaction back (the leader's deferred hand-over tells the others)
// before it goes on up the leader's stack.
func (s *Store) runOwn(u *update, stx *sql.Tx) ranOutcome {
	returned := false
	defer func() {
		if !returned {
			_ = stx.Rollback()
		}
	}()
	err := u.fn(sqlstore.TxWith(u.ctx, stx, dialect, s.stmts))
	if err == nil {
		err = u.ctx.Err()
	}
	returned = true
	return ranOutcome{err: err}
}

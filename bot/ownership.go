package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"time"
)

// Several processes, one database (persistence.Leaser, i.e. PostgreSQL):
// a game's goroutine holds the lease "game/ID" while it applies orders,
// so that one process at a time plays a game and its orders are applied
// in order. An order for a game another process is playing waits (and
// retries) until that process gives the lease up, which it does once the
// game has been idle for LeaseIdle, or until the lease expires, LeaseTTL
// after that process last renewed it (it died). Correctness does not rest
// on the lease alone: every order appends after the record's last seq as
// its process read it (ErrConflict otherwise) and its inbound key is
// unique, so even two processes that both believed they owned a game could
// not apply an order twice nor interleave two orders' lines.

// leaseRetry is how often a process asks again for a game's lease held
// elsewhere.
const leaseRetry = 50 * time.Millisecond

// defaultHolder names this process: host, pid and a random tag (a pid is
// reused after a restart; the tag is not).
func defaultHolder() string {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// lease is what a game's goroutine knows of its lease.
type lease struct {
	held bool
	// renewBy: past it, the lease is renewed before the next order. It is
	// half the TTL after the last acquisition, by this process's clock
	// (the database's clock judges expiry; only elapsed time is used here).
	renewBy time.Time
}

// leaveLater drops a game's state from memory after d unless a goroutine
// works on it again meanwhile (onGame stops the timer); s.mu is held.
func (s *Service) leaveLater(game string, d time.Duration) {
	if t := s.leave[game]; t != nil {
		t.Stop()
	}
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.leave[game] == t && s.actors[game] == nil {
			delete(s.cache, game)
			delete(s.leave, game)
		}
	})
	s.leave[game] = t
}

// runActor is a game's goroutine: it applies the game's jobs in order,
// holding the game's lease while it works when the store is shared.
func (s *Service) runActor(game string, a *actor) {
	var l lease
	defer s.release(game, &l)
	var idle *time.Timer
	var idleC <-chan time.Time
	// retire ends the goroutine of a game that had no work for FoldAfter
	// (its game folded, kept until GameIdle: leaveLater) or, when games
	// fold at once, for GameIdle: 10,000 games waiting for their players
	// need no goroutine (a goroutine's stack and queue outweigh a folded
	// game), nor, after GameIdle, their state. onGame queues jobs holding
	// s.mu, so a game found without queued work under it cannot receive
	// one afterwards.
	retireAfter := s.opts.GameIdle
	if s.opts.FoldAfter > 0 && s.opts.FoldAfter < s.opts.GameIdle && !s.noFold {
		retireAfter = s.opts.FoldAfter
	}
	retire := time.NewTimer(retireAfter)
	defer retire.Stop()
	// fold folds the game once it has waited FoldAfter without work
	fold := time.NewTimer(time.Hour)
	fold.Stop()
	defer fold.Stop()
	for {
		select {
		case <-retire.C:
			if retireAfter < s.opts.GameIdle {
				s.fold(game)
			}
			s.mu.Lock()
			if len(a.jobs) > 0 {
				s.mu.Unlock()
				retire.Reset(retireAfter)
				continue
			}
			delete(s.actors, game)
			if retireAfter < s.opts.GameIdle {
				s.leaveLater(game, s.opts.GameIdle-retireAfter)
			} else {
				delete(s.cache, game)
			}
			s.mu.Unlock()
			if idle != nil {
				idle.Stop()
			}
			return
		case j, ok := <-a.jobs:
			if !ok {
				if idle != nil {
					idle.Stop()
				}
				return
			}
			retire.Reset(retireAfter)
			if err := s.own(j.ctx, game, &l); err != nil {
				j.done <- result{"", err}
				continue
			}
			r, err := j.fn()
			if s.opts.FoldAfter < 0 {
				s.fold(game) // between orders, a game waits folded (fold.go)
			} else {
				fold.Reset(s.opts.FoldAfter)
			}
			j.done <- result{r, err}
			if s.leaser != nil {
				if idle == nil {
					idle = time.NewTimer(s.opts.LeaseIdle)
				} else {
					idle.Reset(s.opts.LeaseIdle)
				}
				idleC = idle.C
			}
		case <-fold.C:
			s.fold(game)
		case <-idleC:
			idleC = nil
			s.release(game, &l)
		}
	}
}

// own makes sure this process holds the game's lease, waiting while
// another process plays the game, until ctx ends.
func (s *Service) own(ctx context.Context, game string, l *lease) error {
	if s.leaser == nil {
		return nil
	}
	if l.held && time.Now().Before(l.renewBy) {
		return nil
	}
	for {
		start := time.Now()
		_, ok, err := s.leaser.Acquire(ctx, "game/"+game, s.opts.Holder, s.opts.LeaseTTL)
		if err != nil {
			l.held = false
			return err
		}
		if ok {
			l.held, l.renewBy = true, start.Add(s.opts.LeaseTTL/2)
			return nil
		}
		l.held = false
		t := time.NewTimer(leaseRetry)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("game %s is being played by another process: %w", game, ctx.Err())
		case <-t.C:
		}
	}
}

// release gives the game's lease up, if held.
func (s *Service) release(game string, l *lease) {
	if s.leaser == nil || !l.held {
		return
	}
	l.held = false
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.leaser.Release(ctx, "game/"+game, s.opts.Holder)
}

// ErrLeaseLost ends the work of Exclusive when this process could not
// renew its lease in time: another process may be doing the work now.
var ErrLeaseLost = errors.New("lease lost")

// Exclusive runs fn while this process alone holds the lease name, for
// work one process at a time must do (reading one IMAP mailbox). While
// another process holds it, Exclusive waits, asking again every
// LeaseTTL/4, so a dead holder's work is taken over within LeaseTTL and a
// quarter. It renews the lease every LeaseTTL/3; when a renewal fails fn's
// context is cancelled and Exclusive returns ErrLeaseLost. The lease is
// released when fn returns. Without a shared store (SQLite, memory) fn
// simply runs.
func (s *Service) Exclusive(ctx context.Context, name string, fn func(context.Context) error) error {
	if s.leaser == nil {
		return fn(ctx)
	}
	ttl := s.opts.LeaseTTL
	var renewed time.Time // when the last successful Acquire was sent
	for {
		renewed = time.Now()
		_, ok, err := s.leaser.Acquire(ctx, name, s.opts.Holder, ttl)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if ok {
			break
		}
		t := time.NewTimer(ttl / 4)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
	work, cancel := context.WithCancel(ctx)
	defer cancel()
	var lost atomic.Bool
	beat := make(chan struct{})
	go func() {
		defer close(beat)
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-work.Done():
				return
			case <-t.C:
			}
			// The lease runs from when its last renewal was sent; a
			// renewal that has not answered two thirds into it gives
			// the work up, so the work ends before the lease can pass
			// to another process (a slow database must not let two
			// processes read one gateway at once).
			start := time.Now()
			actx, acancel := context.WithDeadline(work, renewed.Add(ttl*2/3))
			_, ok, err := s.leaser.Acquire(actx, name, s.opts.Holder, ttl)
			acancel()
			switch {
			case err == nil && ok:
				renewed = start
			case (err == nil && !ok) || time.Since(renewed) >= ttl/2:
				// taken by another, or too long without renewal to be
				// sure it is still ours
				lost.Store(true)
				cancel()
				return
			}
		}
	}()
	err := fn(work)
	cancel()
	<-beat
	rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer rcancel()
	_ = s.leaser.Release(rctx, name, s.opts.Holder)
	if lost.Load() && ctx.Err() == nil {
		return fmt.Errorf("%s: %w", name, ErrLeaseLost)
	}
	return err
}

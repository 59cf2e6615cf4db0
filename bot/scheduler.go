package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
	_ "time/tzdata" // players' time zones work on machines without a zone database

	"github.com/pitwall/pitwall/persistence"
)

// pollEvery bounds how long the scheduler sleeps without looking at the
// store again, so that deadlines set by another process are seen.
const pollEvery = time.Minute

// Run is the scheduler: it fires deadlines and reminders when they fall
// due and relays terminal notifications to out, until ctx ends. Deadlines
// are rows in the store, so a restart picks them up where they were.
func (s *Service) Run(ctx context.Context, out io.Writer) error {
	for {
		if err := s.relayCLI(ctx, out); err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(out, "pitwall: relay: %v\n", err)
		}
		var next persistence.Deadline
		var have bool
		err := s.store.View(ctx, func(tx persistence.ReadTx) error {
			var err error
			next, have, err = tx.NextDeadline()
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		wait := pollEvery
		if have {
			wait = min(wait, max(next.Due.Sub(s.opts.Now()), 0))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		if have && !s.opts.Now().Before(next.Due) {
			if err := s.Fire(ctx, next); err != nil && !IsUserError(err) {
				fmt.Fprintf(out, "pitwall: deadline %s seat %d: %v\n", next.Game, next.Seat, err)
			}
		}
	}
}

// Fire handles one due deadline on the game's goroutine: a reminder is
// sent; a passed decision deadline lets the autopilot decide, counts a miss,
// and after MaxMisses puts the seat on autopilot until its player speaks.
func (s *Service) Fire(ctx context.Context, d persistence.Deadline) error {
	_, err := s.onGame(ctx, d.Game, func() (string, error) {
		err := s.store.Update(ctx, func(tx persistence.Tx) error {
			l, err := s.loaded(tx, d.Game)
			if err != nil {
				return err
			}
			now := s.opts.Now()
			if l.row.State != persistence.GameRunning || l.game.Over {
				_, err := tx.DeleteDeadlines(d.Game, d.Seat)
				return err
			}
			seat := l.seat(d.Seat)
			if d.Kind == persistence.DeadlineReminder {
				if err := s.remind(tx, l, d, now); err != nil {
					return err
				}
				return s.dropOne(tx, d)
			}
			before := len(l.game.Events)
			if err := s.timeoutOne(l, d.Seat); err != nil {
				return err
			}
			if seat != nil {
				seat.Misses++
				if l.meta.MaxMisses > 0 && seat.Misses >= l.meta.MaxMisses {
					seat.Autopilot = true
				}
				if err := tx.PutSeat(*seat); err != nil {
					return err
				}
			}
			if err := s.autoplayTurns(l, tx); err != nil {
				return err
			}
			if _, err := tx.Enqueue(persistence.Message{Game: d.Game, Transport: "cli", Target: l.meta.Master, Created: now,
				Text: timeoutText(l, d.Seat)}); err != nil {
				return err
			}
			return s.commit(tx, l, d.Game, before, "en")
		})
		if err != nil {
			s.forget(d.Game)
		}
		return "", err
	})
	return err
}

func (s *Service) remind(tx persistence.Tx, l *live, d persistence.Deadline, now time.Time) error {
	seat := l.seat(d.Seat)
	if seat == nil || seat.Player == "" {
		return nil
	}
	p, err := tx.Player(seat.Player)
	if err != nil {
		return err
	}
	var due time.Time
	ds, err := tx.Deadlines(d.Game)
	if err != nil {
		return err
	}
	for _, x := range ds {
		if x.Seat == d.Seat && x.Kind == persistence.DeadlineDecision {
			due = x.Due
		}
	}
	text := fmt.Sprintf("Reminder: car %d must decide before %s", d.Seat, inZone(due, p.TimeZone))
	for _, ident := range p.Identities {
		if _, err := tx.Enqueue(persistence.Message{Game: d.Game, Transport: ident.Kind, Target: ident.Value, Text: text, Created: now}); err != nil {
			return err
		}
	}
	return nil
}

// dropOne removes one deadline, keeping the seat's others.
func (s *Service) dropOne(tx persistence.Tx, d persistence.Deadline) error {
	ds, err := tx.Deadlines(d.Game)
	if err != nil {
		return err
	}
	if _, err := tx.DeleteDeadlines(d.Game, d.Seat); err != nil {
		return err
	}
	for _, x := range ds {
		if x.Seat == d.Seat && !(x.Kind == d.Kind && x.Index == d.Index) {
			if err := tx.PutDeadline(x); err != nil {
				return err
			}
		}
	}
	return nil
}

// inZone shows a time in a player's time zone.
func inZone(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 15:04 MST")
}

// relayCLI prints the terminal's notifications and marks them sent: only
// committed messages are ever read here.
func (s *Service) relayCLI(ctx context.Context, out io.Writer) error {
	var msgs []persistence.Message
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		msgs, err = tx.Pending(s.opts.Now(), 100)
		return err
	})
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if m.Transport != persistence.IdentityCLI {
			continue
		}
		fmt.Fprintf(out, "[%s → %s]\n%s\n", m.Game, m.Target, m.Text)
		id := m.ID
		if err := s.store.Update(ctx, func(tx persistence.Tx) error { return tx.MarkSent(id, s.opts.Now()) }); err != nil {
			return err
		}
	}
	return nil
}

// timeoutText tells the game master who decided for a car that missed its
// deadline.
func timeoutText(l *live, car int) string {
	if l.meta.TimeoutAutopilot {
		return fmt.Sprintf("car %d missed its deadline: the autopilot decided", car)
	}
	return fmt.Sprintf("car %d missed its deadline: the rules' default was applied", car)
}

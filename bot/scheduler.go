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
		// leagues: open the events whose date has come, record finished races
		nextEvent, err := s.leagueTick(ctx)
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(out, "pitwall: leagues: %v\n", err)
		}
		var next persistence.Deadline
		var have bool
		err = s.store.View(ctx, func(tx persistence.ReadTx) error {
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
		if !nextEvent.IsZero() {
			wait = min(wait, max(nextEvent.Sub(s.opts.Now()), 0))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-s.wake: // deadlines changed: look again
			t.Stop()
			continue
		case <-t.C:
		}
		if have && !s.opts.Now().Before(next.Due) {
			if err := s.Fire(ctx, next); err != nil && !IsUserError(err) && ctx.Err() == nil {
				fmt.Fprintf(out, "pitwall: deadline %s seat %d: %v\n", next.Game, next.Seat, err)
				// the earliest deadline is read first: one that cannot fire
				// (a corrupt row) would hold back every other game's
				if err := s.postpone(ctx, next); err != nil && ctx.Err() == nil {
					fmt.Fprintf(out, "pitwall: deadline %s seat %d: %v\n", next.Game, next.Seat, err)
				}
			}
		}
	}
}

// postpone moves a deadline that failed to fire to the next poll, when
// it is still stored as it was read: the other games' deadlines due before
// then fire meanwhile, and the failing one is tried (and reported) again.
func (s *Service) postpone(ctx context.Context, d persistence.Deadline) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		ds, err := tx.Deadlines(d.Game)
		if err != nil {
			return err
		}
		for _, x := range ds {
			if x.Seat == d.Seat && x.Kind == d.Kind && x.Index == d.Index && x.Due.Equal(persistence.Millis(d.Due)) {
				x.Due = s.opts.Now().Add(pollEvery)
				return tx.PutDeadline(x)
			}
		}
		return nil // replaced meanwhile: the new one stands
	})
}

// Fire handles one due deadline on the game's goroutine: a reminder is
// sent; a passed decision deadline lets the autopilot decide, counts a miss,
// and after MaxMisses puts the seat on autopilot until its player speaks.
// A deadline fires only if it is still in the store as it was read and its
// decision is still pending: one read before an order replaced it does
// nothing.
func (s *Service) Fire(ctx context.Context, d persistence.Deadline) error {
	if s.isServed(ctx, d.Game) {
		return s.fireServed(ctx, d)
	}
	_, err := s.onGame(ctx, d.Game, func() (string, error) {
		err := s.store.Update(ctx, func(tx persistence.Tx) error {
			l, err := s.loaded(tx, d.Game)
			if err != nil {
				return err
			}
			now := s.opts.Now()
			if l.game == nil || l.row.State != persistence.GameRunning || l.game.Over() {
				_, err := tx.DeleteDeadlines(d.Game, d.Seat)
				return err
			}
			if current, err := s.stillDue(tx, l, d, now); err != nil || !current {
				return err
			}
			seat := l.seat(d.Seat)
			if d.Kind == persistence.DeadlineReminder {
				if err := s.remind(tx, l, d, now); err != nil {
					return err
				}
				return s.dropOne(tx, d)
			}
			l.beginCommand()
			defer l.endCommand()
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
			name := ""
			if seat != nil && seat.Player != "" {
				if p, err := tx.Player(seat.Player); err == nil {
					name = p.Name
				}
			}
			if err := s.tellMaster(tx, l, func(lang string) (string, string) {
				if lang == "fr" {
					return fmt.Sprintf("Délai dépassé : voiture %d", d.Seat),
						fmt.Sprintf("La voiture %d (%s) n'a pas décidé à temps : %s (%d oubli(s) de suite).", d.Seat, name, timeoutText(l, lang), seatMisses(seat))
				}
				return fmt.Sprintf("Missed deadline: car %d", d.Seat),
					fmt.Sprintf("Car %d (%s) missed its deadline: %s (%d miss(es) in a row).", d.Seat, name, timeoutText(l, lang), seatMisses(seat))
			}); err != nil {
				return err
			}
			l.autopiloted = d.Seat // the absent player is told what it did
			err = s.commit(tx, l, d.Game, "en")
			l.autopiloted = 0
			return err
		})
		if err != nil {
			s.forget(d.Game)
		}
		return "", err
	})
	return err
}

func seatMisses(seat *persistence.Seat) int {
	if seat == nil {
		return 0
	}
	return seat.Misses
}

// stillDue reports whether deadline d is still in the store as it was read,
// due now, and for a decision still pending.
func (s *Service) stillDue(tx persistence.ReadTx, l *live, d persistence.Deadline, now time.Time) (bool, error) {
	if stands, err := deadlineStands(tx, d, now); err != nil || !stands {
		return false, err
	}
	t, ok := l.timing(d.Seat)
	if !ok {
		return false, nil
	}
	if key, armed := l.meta.Armed[d.Seat]; armed && key != t.Name {
		return false, nil
	}
	return true, nil
}

// deadlineStands reports whether deadline d is still in the store as it
// was read, and due now.
func deadlineStands(tx persistence.ReadTx, d persistence.Deadline, now time.Time) (bool, error) {
	ds, err := tx.Deadlines(d.Game)
	if err != nil {
		return false, err
	}
	for _, x := range ds {
		if x.Seat == d.Seat && x.Kind == d.Kind && x.Index == d.Index && x.Due.Equal(persistence.Millis(d.Due)) {
			return !now.Before(d.Due), nil
		}
	}
	return false, nil
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
	lang := p.Language
	text := fmt.Sprintf("Reminder: car %d must decide before %s", d.Seat, inZone(due, p.TimeZone))
	subject := fmt.Sprintf("Reminder: car %d — decide before %s (%s)", d.Seat, inZone(due, p.TimeZone), l.track.Name)
	if lang == "fr" {
		text = fmt.Sprintf("Rappel : la voiture %d doit décider avant le %s", d.Seat, inZoneLang(due, p.TimeZone, lang))
		subject = fmt.Sprintf("Rappel : voiture %d — à décider avant le %s (%s)", d.Seat, inZoneLang(due, p.TimeZone, lang), l.track.Name)
	}
	if asked, ok := l.askedOf(d.Seat); ok {
		text += "\n\n" + askedText(asked, lang)
	}
	for _, ident := range p.Identities {
		body := text
		if ident.Kind == persistence.IdentityEmail {
			body = EncodeMail(MailHead{Subject: subject}, text)
		}
		if _, err := tx.Enqueue(persistence.Message{Game: d.Game, Transport: ident.Kind, Target: ident.Value, Text: body, Created: now}); err != nil {
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

// frDays and frMonths write dates in French.
var (
	frDays   = [...]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	frMonths = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
)

// inZoneLang shows a time in a player's time zone and language.
func inZoneLang(t time.Time, zone, lang string) string {
	if lang != "fr" {
		return inZone(t, zone)
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	t = t.In(loc)
	return fmt.Sprintf("%s %d %s à %s", frDays[t.Weekday()], t.Day(), frMonths[t.Month()-1], t.Format("15:04 MST"))
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
	msgs, err := s.PendingOutgoing(ctx, persistence.IdentityCLI, 100)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		fmt.Fprintf(out, "[%s → %s]\n%s\n", m.Game, m.Target, m.Text)
		if err := s.MarkSent(ctx, m.ID); err != nil {
			return err
		}
	}
	return nil
}

// timeoutText tells the game master who decided for a car that missed its
// deadline.
func timeoutText(l *live, lang string) string {
	if l.meta.TimeoutAutopilot {
		return inLang(lang, [2]string{"the autopilot decided", "le pilote automatique a décidé"})
	}
	return inLang(lang, [2]string{"the rules' default was applied", "la règle par défaut a été appliquée"})
}

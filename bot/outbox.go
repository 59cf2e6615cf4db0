package bot

import (
	"context"
	"time"

	"github.com/pitwall/pitwall/persistence"
)

// Identity is who speaks, as a transport knows them: a Discord user id, a
// mail address, a terminal name. Transports import bot only.
type Identity = persistence.Identity

// Identity kinds.
const (
	KindDiscord = persistence.IdentityDiscord
	KindEmail   = persistence.IdentityEmail
	KindCLI     = persistence.IdentityCLI
)

// DirectPrefix marks a Discord target that is a user written to directly,
// whatever threads the game posts in: a game master's notice (an undo
// request, a missed deadline) is not covered by a thread's post, as a
// seat's notice is by the mention of its turn.
const DirectPrefix = "direct:"

// Outgoing is one committed message waiting for its transport.
type Outgoing struct {
	ID       int64
	Game     string
	Target   string // channel id, mail address…
	Text     string
	PNG      []byte // the board, when there is one
	Attempts int
}

// PendingOutgoing lists the messages a transport must send now, oldest
// first. Only committed messages are ever listed: persist before you show.
// On a store several processes share (persistence.Claimer) the messages
// are claimed for ClaimHold: another process's relay does not list them
// meanwhile, and they come back only if this one neither marks them sent
// nor failed in that time (it died).
func (s *Service) PendingOutgoing(ctx context.Context, transport string, limit int) ([]Outgoing, error) {
	if c, ok := s.store.(persistence.Claimer); ok {
		now := s.opts.Now()
		msgs, err := c.Claim(ctx, transport, now, limit, now.Add(s.opts.ClaimHold))
		out := make([]Outgoing, 0, len(msgs))
		for _, m := range msgs {
			out = append(out, outgoing(m))
		}
		return out, err
	}
	var out []Outgoing
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		msgs, err := tx.Pending(s.opts.Now(), 1000)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Transport != transport {
				continue
			}
			out = append(out, outgoing(m))
			if limit > 0 && len(out) >= limit {
				break
			}
		}
		return nil
	})
	return out, err
}

func outgoing(m persistence.Message) Outgoing {
	return Outgoing{ID: m.ID, Game: m.Game, Target: m.Target, Text: m.Text, PNG: m.PNG, Attempts: m.Attempts}
}

// MarkSent records that messages left, in one transaction (a relay marks
// what one pass sent at once: one commit, not one per message); marking
// one again does nothing.
func (s *Service) MarkSent(ctx context.Context, ids ...int64) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		for _, id := range ids {
			if err := tx.MarkSent(id, s.opts.Now()); err != nil {
				return err
			}
		}
		return nil
	})
}

// MarkFailed records a failed attempt; a zero retryAt gives up on it.
func (s *Service) MarkFailed(ctx context.Context, id int64, cause error, retryAt time.Time) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error { return tx.MarkFailed(id, cause, retryAt) })
}

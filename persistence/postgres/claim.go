package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

var _ persistence.Claimer = (*Store)(nil)

// Claim implements persistence.Claimer with FOR UPDATE SKIP LOCKED: the
// rows another relay is claiming at the same instant are skipped, not
// waited for, and once this claim commits their next attempt is until, so
// no other relay sees them before then.
func (s *Store) Claim(ctx context.Context, transport string, now time.Time, limit int, until time.Time) ([]persistence.Message, error) {
	if limit <= 0 {
		limit = 100
	}
	if !until.After(now) {
		return nil, fmt.Errorf("claim: %w: until %v is not after now %v", persistence.ErrInvalid, until, now)
	}
	rows, err := s.db.QueryContext(ctx, `UPDATE outbox SET next_ms = $1
		WHERE id IN (SELECT id FROM outbox WHERE next_ms IS NOT NULL AND next_ms <= $2 AND transport = $3
			ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
		RETURNING `+sqlstore.MessageCols, until.UnixMilli(), now.UnixMilli(), transport, limit)
	if err != nil {
		return nil, sqlstore.ClosedOr(ctx, err)
	}
	defer rows.Close()
	var out []persistence.Message
	for rows.Next() {
		m, err := sqlstore.ScanMessage(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, sqlstore.ClosedOr(ctx, err)
	}
	slices.SortFunc(out, func(a, b persistence.Message) int { return int(a.ID - b.ID) })
	return out, nil
}

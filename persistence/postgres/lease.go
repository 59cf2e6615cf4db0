package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

var _ persistence.Leaser = (*Store)(nil)

// nowMS is the database's clock in unix milliseconds: every process judges
// expiry by this one clock, whatever its own says.
const nowMS = `(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint`

// Acquire implements persistence.Leaser in one statement: insert the
// lease, or take it over when it has expired, or renew it when holder
// has it; the epoch grows when the holder changes.
func (s *Store) Acquire(ctx context.Context, name, holder string, ttl time.Duration) (persistence.Lease, bool, error) {
	if err := persistence.CheckID("lease name", name); err != nil {
		return persistence.Lease{}, false, err
	}
	if err := persistence.CheckID("lease holder", holder); err != nil {
		return persistence.Lease{}, false, err
	}
	if ttl <= 0 {
		return persistence.Lease{}, false, fmt.Errorf("lease %s: %w: ttl %v", name, persistence.ErrInvalid, ttl)
	}
	l := persistence.Lease{Name: name}
	var exp int64
	err := s.db.QueryRowContext(ctx, `INSERT INTO leases AS l (name, holder, epoch, expires_ms)
		VALUES ($1, $2, 1, `+nowMS+` + $3)
		ON CONFLICT (name) DO UPDATE SET
			epoch = CASE WHEN l.holder = excluded.holder THEN l.epoch ELSE l.epoch + 1 END,
			holder = excluded.holder, expires_ms = excluded.expires_ms
		WHERE l.holder = excluded.holder OR l.expires_ms <= `+nowMS+`
		RETURNING holder, epoch, expires_ms`, name, holder, ttl.Milliseconds()).Scan(&l.Holder, &l.Epoch, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		// held by someone else: say who
		err = s.db.QueryRowContext(ctx, `SELECT holder, epoch, expires_ms FROM leases WHERE name = $1`, name).
			Scan(&l.Holder, &l.Epoch, &exp)
		if errors.Is(err, sql.ErrNoRows) { // released meanwhile: try again
			return s.Acquire(ctx, name, holder, ttl)
		}
		if err != nil {
			return persistence.Lease{}, false, sqlstore.ClosedOr(ctx, err)
		}
		l.Expires = time.UnixMilli(exp).UTC()
		return l, false, nil
	}
	if err != nil {
		return persistence.Lease{}, false, sqlstore.ClosedOr(ctx, err)
	}
	l.Expires = time.UnixMilli(exp).UTC()
	return l, true, nil
}

// Release implements persistence.Leaser.
func (s *Store) Release(ctx context.Context, name, holder string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE name = $1 AND holder = $2`, name, holder)
	return sqlstore.ClosedOr(ctx, err)
}

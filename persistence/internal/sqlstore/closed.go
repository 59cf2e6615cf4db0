package sqlstore

import (
	"context"
	"strings"

	"github.com/pitwall/pitwall/persistence"
)

// ClosedOr turns database/sql's "database is closed" into
// persistence.ErrClosed, and any error after ctx ended into ctx's error.
func ClosedOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil && strings.Contains(err.Error(), "database is closed") {
		return persistence.ErrClosed
	}
	return err
}

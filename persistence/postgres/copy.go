package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/persistence/internal/sqlstore"
)

// CopyCounts says how many rows of each table were copied.
type CopyCounts struct {
	Games, Events, Players, Identities, Seats, Inbound, Outbox, Deadlines, Leagues, Snapshots int64
}

// table is one table to copy: its columns, in the order both schemas
// have them, and how to order its rows.
type table struct {
	name, cols, order string
	count             func(*CopyCounts) *int64
	// boolCol is the index of a column SQLite stores as 0/1 and
	// PostgreSQL as boolean (-1: none).
	boolCol int
	// identity: the id column is PostgreSQL's identity column; its values
	// are kept (OVERRIDING SYSTEM VALUE) and the sequence moved past them.
	identity bool
}

// tables in an order that satisfies the foreign keys.
var tables = []table{
	{"games", "id, created_ms, meta, state, version, last_seq, head", "id", func(c *CopyCounts) *int64 { return &c.Games }, -1, false},
	{"events", "game_id, seq, line, hash", "game_id, seq", func(c *CopyCounts) *int64 { return &c.Events }, -1, false},
	{"players", "id, name, time_zone, language, mail_mode, board", "id", func(c *CopyCounts) *int64 { return &c.Players }, -1, false},
	{"identities", "kind, value, player_id", "kind, value", func(c *CopyCounts) *int64 { return &c.Identities }, -1, false},
	{"seats", "game_id, seat, player_id, autopilot, misses, vacation_from_ms, vacation_to_ms", "game_id, seat", func(c *CopyCounts) *int64 { return &c.Seats }, 3, false},
	{"inbound", "source, inbound_key, game_id, first_seq, last_seq, reply, received_ms", "source, inbound_key", func(c *CopyCounts) *int64 { return &c.Inbound }, -1, false},
	{"outbox", "id, game_id, transport, target, body, png, created_ms, attempts, last_error, next_ms, sent_ms", "id", func(c *CopyCounts) *int64 { return &c.Outbox }, -1, true},
	{"deadlines", "game_id, seat, kind, idx, due_ms", "game_id, seat, kind, idx", func(c *CopyCounts) *int64 { return &c.Deadlines }, -1, false},
	{"leagues", "id, created_ms, data, version", "id", func(c *CopyCounts) *int64 { return &c.Leagues }, -1, false},
	// a cache beside the record, copied so that the games load as fast
	// after the move as before it
	{"snapshots", "game_id, seq, hash, data", "game_id", func(c *CopyCounts) *int64 { return &c.Snapshots }, -1, false},
}

// copySchema is the SQLite schema version whose tables and columns the
// table list above names (SQLite's migrations up to 0004, snapshots).
const copySchema = 4

// copyChunk bounds the rows of one multi-row INSERT.
const copyChunk = 200

// CopyFrom copies every row of a Pitwall database read through src (an
// SQLite database at the same schema version, opened read-only: see
// persistence/sqlite.OpenReadOnly) into this one, which must be empty, in
// one transaction: either all of it is copied or nothing. Everything keeps
// its value: game versions and hash chains, outbox ids (so a message sent
// again after the move has the same Discord nonce and Message-ID), pending
// messages and deadlines. The source is read in one read transaction, a
// snapshot: stop the processes writing to it first, or what they write
// after the snapshot stays behind.
func (s *Store) CopyFrom(ctx context.Context, src *sql.DB, srcSchema int64) (CopyCounts, error) {
	var counts CopyCounts
	if srcSchema != copySchema {
		return counts, fmt.Errorf("the source's schema version %d is not the one this program copies (%d): run this version of pitwall on the SQLite file once to bring it up to date", srcSchema, copySchema)
	}
	stx, err := src.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return counts, err
	}
	defer stx.Rollback()
	dtx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return counts, sqlstore.ClosedOr(ctx, err)
	}
	defer dtx.Rollback()
	for _, t := range tables {
		var n int64
		if err := dtx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&n); err != nil {
			return counts, err
		}
		if n > 0 {
			return counts, fmt.Errorf("the destination is not empty (%d rows in %s): copy into a new database", n, t.name)
		}
	}
	for _, t := range tables {
		n, err := copyTable(ctx, stx, dtx, t)
		if err != nil {
			return counts, fmt.Errorf("copying %s: %w", t.name, err)
		}
		*t.count(&counts) = n
		if t.identity && n > 0 {
			if _, err := dtx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+t.name+`', 'id'), (SELECT MAX(id) FROM `+t.name+`))`); err != nil {
				return counts, err
			}
		}
	}
	if err := dtx.Commit(); err != nil {
		return counts, fmt.Errorf("commit: %w", err)
	}
	return counts, nil
}

func copyTable(ctx context.Context, src, dst *sql.Tx, t table) (int64, error) {
	ncol := len(strings.Split(t.cols, ","))
	rows, err := src.QueryContext(ctx, `SELECT `+t.cols+` FROM `+t.name+` ORDER BY `+t.order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var total int64
	var batch []any
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		var q strings.Builder
		q.WriteString(`INSERT INTO ` + t.name + ` (` + t.cols + `)`)
		if t.identity {
			q.WriteString(` OVERRIDING SYSTEM VALUE`)
		}
		q.WriteString(` VALUES `)
		for r := 0; r < len(batch)/ncol; r++ {
			if r > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(")
			for c := 0; c < ncol; c++ {
				if c > 0 {
					q.WriteString(", ")
				}
				fmt.Fprintf(&q, "$%d", r*ncol+c+1)
			}
			q.WriteString(")")
		}
		_, err := dst.ExecContext(ctx, q.String(), batch...)
		batch = batch[:0]
		return err
	}
	for rows.Next() {
		vals := make([]any, ncol)
		ptrs := make([]any, ncol)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return total, err
		}
		if t.boolCol >= 0 {
			switch v := vals[t.boolCol].(type) {
			case int64:
				vals[t.boolCol] = v != 0
			case bool:
			default:
				return total, fmt.Errorf("column %d: %T where 0 or 1 was expected", t.boolCol, v)
			}
		}
		batch = append(batch, vals...)
		total++
		if len(batch) >= copyChunk*ncol {
			if err := flush(); err != nil {
				return total, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return total, err
	}
	return total, flush()
}

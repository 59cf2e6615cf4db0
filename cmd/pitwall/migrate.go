package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// MigrateCmd moves a community from its SQLite file to PostgreSQL (contract
// in README.md, "Running on more than one machine").
type MigrateCmd struct {
	From string `required:"" placeholder:"FILE.db" help:"The SQLite database to move (read only; stop the serve processes using it first)."`
	To   string `required:"" placeholder:"URL" help:"The PostgreSQL database to move it to (postgres://…), empty or new."`
}

func (c *MigrateCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fail := func(format string, a ...any) error {
		fmt.Fprintf(e.stderr, "migrate: "+format+"\n", a...)
		return exitError{1}
	}
	if !postgres.IsURL(c.To) {
		return fail("--to must be a postgres:// URL, not %q", c.To)
	}
	// the source is checked first: integrity and every hash chain
	info, err := sqlite.Check(ctx, c.From)
	if err != nil {
		return fail("%s: %v", c.From, err)
	}
	src, err := sqlite.OpenReadOnly(ctx, c.From)
	if err != nil {
		return fail("%s: %v", c.From, err)
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, c.To)
	if err != nil {
		return fail("%v", err)
	}
	defer dst.Close()
	n, err := dst.CopyFrom(ctx, src, info.Schema)
	if err != nil {
		return fail("nothing was moved: %v", err)
	}
	// every game, once moved: the same record end and head as the source,
	// an intact chain, and for a finished race every roll and every event
	// checked against the rules
	var games []persistence.Game
	if err := dst.View(ctx, func(tx persistence.ReadTx) error {
		rows, err := dst.DB().QueryContext(ctx, `SELECT id FROM games ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			games = append(games, g)
		}
		return rows.Err()
	}); err != nil {
		return fail("reading the moved games: %v", err)
	}
	svc := bot.New(bot.Options{Store: dst})
	defer svc.Close()
	for _, g := range games {
		var last int64
		var head []byte
		if err := src.QueryRowContext(ctx, `SELECT last_seq, head FROM games WHERE id = $1`, g.ID).Scan(&last, &head); err != nil {
			return fail("game %s: %v", g.ID, err)
		}
		if last != g.LastSeq || !bytes.Equal(head, g.Head) {
			return fail("game %s: the moved record differs from the source (seq %d against %d)", g.ID, g.LastSeq, last)
		}
		if g.State == persistence.GameSetup {
			err = dst.View(ctx, func(tx persistence.ReadTx) error { return tx.VerifyChain(g.ID) })
		} else {
			_, err = svc.Verify(ctx, g.ID)
		}
		if err != nil {
			return fail("game %s does not verify after the move: %v", g.ID, err)
		}
	}
	fmt.Fprintf(e.stdout, "migrate: moved %s to %s: %d games (%d record lines), %d players, %d seats, %d inbound keys, %d outbox messages, %d deadlines, %d leagues, %d snapshots; every game verified\n",
		c.From, postgres.Redact(c.To), n.Games, n.Events, n.Players, n.Seats, n.Inbound, n.Outbox, n.Deadlines, n.Leagues, n.Snapshots)
	return nil
}

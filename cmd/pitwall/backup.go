package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/pitwall/pitwall/persistence/sqlite"
)

// BackupCmd writes an online, consistent copy of a Pitwall database
// (pitwall backup --db FILE -o COPY). The database may be in use: the copy
// is the state of one moment (SQLite's VACUUM INTO) and the running
// service goes on writing. The copy is checked (SQLite integrity check and
// every game's hash chain) before the command says it is done. An existing
// COPY is never overwritten; the database itself is opened read-only.
type BackupCmd struct {
	Out string `short:"o" required:"" placeholder:"COPY" help:"The file to write; it must not exist."`
}

func (c *BackupCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if e.db == "" {
		fmt.Fprintln(e.stderr, "backup: needs --db FILE, the database to copy")
		return exitError{1}
	}
	if err := needSQLite(e, "backup", "use pg_dump (or the server's replication)"); err != nil {
		return err
	}
	info, err := sqlite.BackupFile(ctx, e.db, c.Out)
	if err != nil {
		fmt.Fprintf(e.stderr, "backup: %v\n", err)
		return exitError{1}
	}
	fmt.Fprintf(e.stdout, "backup: wrote %s (%s; schema %d; %d games, %d record lines; every hash chain verified)\n",
		c.Out, sizeText(info.Bytes), info.Schema, info.Games, info.Events)
	return nil
}

// sizeText is a byte count for people.
func sizeText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+1<<9)>>10)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

package main

import (
	"io"
	"time"
)

// env is what every command gets: where to write. Tests give buffers.
type env struct {
	stdout, stderr io.Writer
	db             string // the --db flag
	// --lease-ttl and --lease-idle (zero: bot's defaults)
	leaseTTL, leaseIdle time.Duration
}

// dbPath is --db, or pitwall.db in the working directory.
func (e *env) dbPath() string {
	if e.db == "" {
		return "pitwall.db"
	}
	return e.db
}

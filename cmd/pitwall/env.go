package main

import (
	"io"
	"time"
)

// env is what every command gets: where to write. Tests give buffers.
type env struct {
	stdout, stderr io.Writer
	db             string // the --db flag
	// --lease-ttl, --lease-idle and --claim-hold (zero: bot's defaults)
	leaseTTL, leaseIdle, claimHold time.Duration
}

// dbPath is --db, or pitwall.db in the working directory.
func (e *env) dbPath() string {
	if e.db == "" {
		return "pitwall.db"
	}
	return e.db
}

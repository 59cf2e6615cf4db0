// Package sqlite is the embedded default persistence.Store: one SQLite file
// through modernc.org/sqlite (pure Go, no cgo), in WAL mode with
// synchronous=FULL, foreign keys on and one writer connection; migrations
// are embedded and applied on open; Backup writes an online, consistent
// copy (VACUUM INTO). Times are stored as UTC unix milliseconds.
//
// It imports only persistence (and its internal packages) of Pitwall's
// packages: the payloads it stores are bytes and strings.
package sqlite

// Package sqlite is the embedded default persistence.Store: one SQLite file
// through modernc.org/sqlite (pure Go, no cgo), in WAL mode with
// synchronous=FULL, foreign keys on and one writer connection; migrations
// are embedded and applied on open; Backup writes an online, consistent
// copy (VACUUM INTO). Times are stored as UTC unix milliseconds. The
// Updates that wait for the writer are committed in groups, one
// transaction and one fsync for all, each returning only once its group
// is committed (group.go).
//
// It imports only persistence (and its internal packages) of Pitwall's
// packages: the payloads it stores are bytes and strings.
package sqlite

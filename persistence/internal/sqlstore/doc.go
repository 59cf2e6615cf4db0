// Package sqlstore is the persistence.Tx of the SQL backends
// (persistence/sqlite, persistence/postgres): one set of statements over
// database/sql, with $N placeholders that both engines accept, and a
// Dialect for what differs (how driver errors map onto persistence's, and
// whether each write needs a savepoint of its own).
//
// It imports only persistence and persistence/internal/chain of Pitwall's
// packages.
package sqlstore

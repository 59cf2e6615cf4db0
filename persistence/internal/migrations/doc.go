// Package migrations applies a backend's numbered schema files
// (migrations/NNNN_what.sql, embedded by persistence/sqlite and
// persistence/postgres): each file once, in number order, in one
// transaction, recorded in schema_migrations. A database newer than the
// program is refused. A released file is never edited: a change is a new
// file (each backend's tests pin the released files' SHA-256).
//
// It imports none of Pitwall's packages.
package migrations

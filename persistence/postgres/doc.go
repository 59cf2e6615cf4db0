// Package postgres is the persistence.Store past one machine: PostgreSQL
// through github.com/jackc/pgx/v5 (database/sql), for several Pitwall
// processes sharing one (replicated) database.
//
// It has the schema and the semantics of persistence/sqlite (the
// statements are shared: persistence/internal/sqlstore) and passes the
// same conformance suite (persistence/storetest). What differs:
//
//   - Updates run at READ COMMITTED; an append locks its game's row (FOR NO
//     KEY UPDATE), so two orders for one game are serialised and the later
//     one gets persistence.ErrConflict; each write runs in a savepoint, so a
//     failed one leaves the transaction usable; an Update that loses a
//     deadlock or a serialisation check is run again (at most a few times).
//   - Views are REPEATABLE READ, READ ONLY: one snapshot.
//   - Migrations (migrations/*.sql, embedded) are applied by Open under an
//     advisory lock, so processes starting together migrate once.
//   - Leases ([Store.Acquire]) and outbox claims ([Store.Claim]) let several
//     processes share the work.
//
// It imports only persistence/... of Pitwall's packages.
package postgres

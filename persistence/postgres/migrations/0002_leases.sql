-- Leases (PostgreSQL only: one SQLite file has one process): who holds a
-- named piece of work (a live game, a mailbox) and until when, by the
-- database's clock. An expired lease may be taken by anyone; the epoch
-- grows at every change of holder, a fencing token.
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

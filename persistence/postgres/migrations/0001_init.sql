-- Pitwall schema, version 1, for PostgreSQL: the tables, columns, keys and
-- checks of persistence/sqlite/migrations/0001_init.sql, in PostgreSQL's
-- types (bytea for BLOB, boolean for the autopilot flag, an identity column
-- for the outbox id). Times are BIGINT unix milliseconds, UTC; NULL means
-- "none".

CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    meta       BYTEA NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('setup', 'running', 'paused', 'finished')),
    version    BIGINT NOT NULL CHECK (version >= 1),
    last_seq   BIGINT NOT NULL CHECK (last_seq >= 0),
    head       BYTEA NOT NULL
);
CREATE INDEX games_live ON games (created_ms, id) WHERE state <> 'finished';

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL CHECK (seq >= 1),
    line    TEXT NOT NULL,
    hash    BYTEA NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'record lines are never updated nor deleted';
END;
$$;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();

CREATE TABLE players (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    language  TEXT NOT NULL
);

CREATE TABLE identities (
    kind      TEXT NOT NULL CHECK (kind IN ('discord', 'email', 'cli')),
    value     TEXT NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    PRIMARY KEY (kind, value)
);
CREATE INDEX identities_player ON identities (player_id);

CREATE TABLE seats (
    game_id          TEXT NOT NULL REFERENCES games (id),
    seat             INTEGER NOT NULL CHECK (seat >= 1),
    player_id        TEXT REFERENCES players (id),
    autopilot        BOOLEAN NOT NULL,
    misses           INTEGER NOT NULL CHECK (misses >= 0),
    vacation_from_ms BIGINT,
    vacation_to_ms   BIGINT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_player ON seats (player_id);

CREATE TABLE inbound (
    source      TEXT NOT NULL,
    inbound_key TEXT NOT NULL,
    game_id     TEXT REFERENCES games (id),
    first_seq   BIGINT NOT NULL,
    last_seq    BIGINT NOT NULL,
    reply       TEXT NOT NULL,
    received_ms BIGINT NOT NULL,
    PRIMARY KEY (source, inbound_key)
);

CREATE TABLE outbox (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id    TEXT REFERENCES games (id),
    transport  TEXT NOT NULL,
    target     TEXT NOT NULL,
    body       TEXT NOT NULL,
    png        BYTEA,
    created_ms BIGINT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    next_ms    BIGINT,
    sent_ms    BIGINT
);
CREATE INDEX outbox_pending ON outbox (id) WHERE next_ms IS NOT NULL;

CREATE TABLE deadlines (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    kind    TEXT NOT NULL CHECK (kind IN ('decision', 'reminder')),
    idx     INTEGER NOT NULL CHECK (idx >= 0),
    due_ms  BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, kind, idx)
);
CREATE INDEX deadlines_due ON deadlines (due_ms, game_id, seat, kind, idx);

-- Snapshots (issue 14), as in SQLite's 0004: a game's state frozen by bot
-- after record line seq (hash: that line's chained hash), one row per game,
-- a cache beside the record.
CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seq     BIGINT NOT NULL CHECK (seq >= 1),
    hash    BYTEA NOT NULL,
    data    BYTEA NOT NULL
);

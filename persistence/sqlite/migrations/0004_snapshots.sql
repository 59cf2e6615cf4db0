-- Snapshots (issue 14): a game's state frozen by bot after record line
-- seq (hash: that line's chained hash), so that a game loads from it and
-- the lines after seq. A cache beside the record, one row per game: the
-- latest replaces the one before.
CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seq     BIGINT NOT NULL CHECK (seq >= 1),
    hash    BLOB NOT NULL,
    data    BLOB NOT NULL
);

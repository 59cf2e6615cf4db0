-- Leagues (issue 15), as in SQLite's 0003: one row per league, its
-- settings, calendar, entry list, results and votes as one JSON document
-- written by bot, with an optimistic version.
CREATE TABLE leagues (
    id         TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    data       BYTEA NOT NULL,
    version    BIGINT NOT NULL CHECK (version >= 1)
);

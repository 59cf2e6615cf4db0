-- Leagues (issue 15): one row per league, its settings, calendar, entry
-- list, results and votes as one JSON document written by bot, with an
-- optimistic version (opening an event and recording its result are
-- updates of this row, each done once).
CREATE TABLE leagues (
    id         TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    data       BLOB NOT NULL,
    version    BIGINT NOT NULL CHECK (version >= 1)
);

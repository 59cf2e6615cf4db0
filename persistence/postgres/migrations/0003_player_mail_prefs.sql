-- A player's mail preferences (issue 11), as in SQLite's 0002: how often
-- Pitwall mails them (turn, round or every; '' is turn) and which board the
-- mail carries (full or phone; '' is full).
ALTER TABLE players ADD COLUMN mail_mode TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN board TEXT NOT NULL DEFAULT '';

package engine

import "github.com/pitwall/pitwall/engine/phrase"

// Progressed is a game that says where it stands as counts, for a service
// that shows them or paces itself by them: the round a mail's subject
// shows, the length a welcome and the web page say, the turns between two
// stored snapshots, and whether a seat is still in the game before an
// official takes it out. It is optional beside Game: Report.Progress
// says the same as a phrase for a reader, and a game the service neither
// snapshots nor heads its mails by the round has nothing to add. Why
// game-agnostic: every turn-based game is played in rounds of turns, has
// a length, and may see a seat leave it before it ends (a car finished
// or out of a race); none of that names a rule.
type Progressed interface {
	Progress() Progress
	// InPlay reports whether seat is still in the game: it may still be
	// asked to decide (not finished, not out); false for no such seat.
	InPlay(seat int) bool
}

// Progress is where a game stands now.
type Progress struct {
	// Round is the round being played, from 1; 0 before the first (a
	// setup).
	Round int
	// Turns counts the turns played so far, every seat's (a turn is one
	// seat's); it only grows as the game goes on.
	Turns int
	// Length is how long the game lasts, in its own unit (a race's laps),
	// as it stands now (a race cut short says its new length); 0 when it
	// has none.
	Length int
	// LengthSaid says Length in its unit ("3 laps").
	LengthSaid phrase.Phrase
}

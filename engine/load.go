package engine

// Loading and history (issue 13, docs/engine.md "What is left", group 5):
// a service keeps a game as its record lines and rebuilds it from them —
// at load, after a restart from a snapshot, to take a play back, to show
// the game as it stood earlier. Two optional interfaces beside Game say
// it without naming a game's own record type.
//
// Why a Replayer is not a method of Game: a load starts from no game at
// all, only the game's settings (its record's header: the ruleset, the
// options, the circuit, the seats), so the value that replays is the
// header's; the game it returns is a Game. Why lines as text: that is how
// a store keeps them and how a snapshot is written, and each game reads
// its own.

// Replayer rebuilds the games of one header from their record lines,
// without rolling: every die comes from the record and every line the
// rules write must equal the record's (a record that does not replay is
// an error). The lines may open with a snapshot's (Snapshot.Lines): the
// game then resumes from the position they write.
type Replayer interface {
	// Replay rebuilds the game the lines make, whole.
	Replay(lines []string) (Game, error)
	// ReplayOn replays lines cut short (at the start of a play, to take
	// it back) and plays on to the next decision with rolls from then;
	// a seeded game's then gives the rolls it gave the first time.
	ReplayOn(lines []string, then Random) (Game, error)
	// ReplayAfter rebuilds the game as it stood after its play (or turn)
	// n, waiting on the next one's first decision; 0 is before the
	// first, n at or past the last replays the whole record.
	ReplayAfter(lines []string, n int) (Game, error)
	// ReplayAt rebuilds the game as it stood at its record line n
	// (numbered from 1), waiting on the decision pending then.
	ReplayAt(lines []string, n int) (Game, error)
}

// Snapshot is a game frozen where it can be resumed without its record
// from the start: Lines, in the game's record format, write its position,
// and Tail is how many of the game's last record lines a game resumed
// from them writes again. Lines followed by the game's record from
// len(record)-Tail on replay (Replayer.Replay) to a game that plays on
// exactly as this one.
type Snapshot struct {
	Lines []string
	Tail  int
}

// Snapshotter is a game that can freeze itself into a Snapshot. It is
// optional beside Game: a game without it is always loaded from its
// whole record.
type Snapshotter interface {
	Game
	// Snapshot freezes the game now; an error when it cannot be frozen
	// here (mid-play, a state its position does not hold, the game over):
	// the caller tries again later.
	Snapshot() (Snapshot, error)
}

// Historian is a Replayer that also shows a game's history as it
// replays, for the views that tell each line as the game stood when it
// was written (a history with each play's state after it). It is optional
// beside Replayer.
type Historian interface {
	Replayer
	// ReplayEach replays the whole record as Replay does and calls each
	// with the game and the number of the last play (or turn) finished,
	// whenever plays have ended since the last call, and once more at the
	// end. The game may only be read during the call. An error from each
	// stops the replay and is returned.
	ReplayEach(lines []string, each func(g Game, play int) error) (Game, error)
}

// Positioned is a game that can write where it stands as its position:
// record lines a record may start from, so that a game resumes here
// (from a hand-written record, or to look at a moment of a record). It is
// optional beside Game: a game whose record has no position has none.
// Why not Snapshot: a snapshot is for the service to resume its own
// stored game exactly, so it is refused wherever its position would not
// hold the whole state (a red flag, some optional rules, the game over);
// a position is what the record format can write of the game now —
// mid-round included —, refused only where no position can be written
// (a car in the middle of its turn). Why events, not text: a position may
// write down a secret (5-D's build), so each line carries its audience
// and its stand-in as the game stands (Told says it to a reader).
type Positioned interface {
	// Position is the game now as its position's lines; an error says
	// why no position can be written here.
	Position() ([]Event, error)
}

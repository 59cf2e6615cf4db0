package bot

import (
	"strings"

	"github.com/pitwall/pitwall/engine"
)

// A live game is folded between its orders (issue 14: 10,000 live games in
// 50 MB). Unfolded, a 10-car race's engine state is about 12 KB (its cars,
// the legal options of the decision pending with their paths, its seats);
// folded, it is the text of the position it was last at a gear decision
// (engine.Snapshotter: fd.Contract.Snapshot) and the record lines since,
// about 2 KB, and its settings are read back from its row. The next order
// unfolds it: the lines since the position replay (engine.Replayer:
// fd.Loader.Replay checks every event), a play at most. Only the game's
// own goroutine folds and unfolds it.

// maxFolded bounds a folded game's text: past it (a race that gives no
// snapshot, fd.Contract.Snapshot: street races, optional rules) unfolding
// would replay too much, and the game stays whole.
const maxFolded = 16 << 10

// fold folds the cached game after an order; the game's goroutine calls it
// before it answers the order (so that
// what the caller reads next is folded already).
func (s *Service) fold(id string) {
	if s.noFold {
		return
	}
	s.mu.Lock()
	l := s.cache[id]
	s.mu.Unlock()
	if l != nil {
		l.fold()
	}
}

// fold keeps, of a loaded game, only what unfold needs. A game it cannot
// fold (a lobby, a finished race, one whose fold would outgrow maxFolded)
// stays whole.
func (l *live) fold() {
	if l.game == nil || l.game.Over() {
		return
	}
	if text, ok := positionText(l); ok {
		l.folded = text
	} else if l.folded != "" && !l.rebuilt {
		// mid-play: the position folded at its gear decision, and what
		// the orders since added (the game's events are this order's)
		if lines := gameLines(l.game.Events()); len(lines) > 0 {
			l.folded += "\n" + strings.Join(lines, "\n")
		}
	}
	if l.folded == "" || len(l.folded) > maxFolded {
		l.folded = "" // unfolding would replay too much: it stays whole
		return
	}
	l.game, l.meta, l.seats, l.rebuilt = nil, nil, nil, false
}

// keepLines adds the lines of the order before to the folded text before
// the cached game forgets them (Service.loaded): orders that come faster
// than FoldAfter are not folded one by one, and a fold after them must
// still hold every line since the position it starts from. Past
// maxFolded the text is dropped: the next fold at a gear decision starts
// afresh, one mid-play keeps the game whole.
func (l *live) keepLines() {
	if l.folded == "" || l.rebuilt || l.game == nil {
		return
	}
	if lines := gameLines(l.game.Events()); len(lines) > 0 {
		l.folded += "\n" + strings.Join(lines, "\n")
	}
	if len(l.folded) > maxFolded {
		l.folded = ""
	}
}

// primeFold readies a game just loaded to be folded after its first order
// without its whole record at hand (the order's events are all a fold
// adds): it notes the game's position now, or, for a game resumed from its
// snapshot mid-play, the snapshot and the lines after it.
func (l *live) primeFold() {
	if l.game == nil || l.game.Over() {
		return
	}
	if text, ok := positionText(l); ok {
		l.folded = text
	} else if evs := l.game.Events(); len(evs) > 0 {
		// resumed from its snapshot, or loaded from a record short
		// enough (the race's start): all of it replays (fold bounds it)
		l.folded = strings.Join(gameLines(evs), "\n")
	}
}

// positionText is the game's snapshot (engine.Snapshotter) as record
// lines: its position, then the events a game resumed from it emits again.
func positionText(l *live) (string, bool) {
	frozen, ok := l.game.(engine.Snapshotter)
	if !ok {
		return "", false
	}
	snap, err := frozen.Snapshot()
	if err != nil {
		return "", false
	}
	evs := l.game.Events()
	return strings.Join(append(snap.Lines, gameLines(evs[len(evs)-snap.Tail:])...), "\n"), true
}

// unfold rebuilds a folded game's settings and engine state. It reports
// false when the folded lines no longer replay: the caller loads the game
// from the store.
func (s *Service) unfold(l *live) bool {
	m, err := decodeMeta(l.row)
	if err != nil {
		return false
	}
	g, err := heldRace(m.loader(l.row.ID, l.track).Replay(strings.Split(l.folded, "\n")))
	if err != nil {
		return false
	}
	l.meta, l.game = m, g
	return true
}

// isFolded reports whether the game waits folded.
func (l *live) isFolded() bool { return l.game == nil && l.folded != "" }

package bot

import (
	"bytes"
	"github.com/pitwall/pitwall/engine/fd"
	"sync"

	"github.com/pitwall/pitwall/persistence"
)

// maxViews bounds the games kept whole (every event) for reading: the
// boards, tables and pages of the races being watched now. A 10-car race
// deep in its third lap holds a few MB of events, hence few of them.
const maxViews = 16

// A view is a game rebuilt whole for reading (Show, Table, BoardPNG, the
// web page), kept while its record does not change: a play is read by
// every transport and every watcher of the page, and each read replayed
// the whole record (issue 14: a Discord table 2 → 37 ms, a board 15 →
// 60 ms over a race). Readers of one game take turns on its view.
type view struct {
	mu   sync.Mutex
	head []byte // the record's chained hash the game was rebuilt from
	l    *live
	used uint64
	// recent: the game was loaded from its snapshot, and its events are
	// only the record's last lines (loadRecent)
	recent bool
}

// withView runs read with the game as committed: its engine state rebuilt
// from the record only when the record has changed since the last read,
// its row, settings and seats read afresh. read must not change the game.
func (s *Service) withView(tx persistence.ReadTx, id string, read func(*live) error) error {
	return s.readView(tx, id, false, read)
}

// withRecentView is withView for readers of the game's state and its last
// rounds only (the Discord post: its table and board): when the record has
// changed, the game is loaded from its snapshot and given the record's
// last lines as events (loadRecent), not replayed whole (issue 14: a post
// after a click grew from 78 to 304 ms over a race).
func (s *Service) withRecentView(tx persistence.ReadTx, id string, read func(*live) error) error {
	return s.readView(tx, id, true, read)
}

func (s *Service) readView(tx persistence.ReadTx, id string, recent bool, read func(*live) error) error {
	row, err := gameRow(tx, id)
	if err != nil {
		return err
	}
	recent = recent && !s.noRecent
	load := s.load
	if recent {
		load = s.loadRecent
	}
	if s.noViews {
		l, err := load(tx, id)
		if err != nil {
			return err
		}
		return read(l)
	}
	s.mu.Lock()
	v := s.views[id]
	if v == nil {
		if len(s.views) >= maxViews {
			s.evictView()
		}
		v = &view{}
		s.views[id] = v
	}
	s.viewTick++
	v.used = s.viewTick
	s.mu.Unlock()

	v.mu.Lock()
	defer v.mu.Unlock()
	if v.l == nil || !bytes.Equal(v.head, row.Head) || (v.recent && !recent) {
		l, err := load(tx, id)
		if err != nil {
			v.l = nil
			return err
		}
		v.l, v.head, v.recent = l, row.Head, recent
		return read(l)
	}
	m, err := decodeMeta(row)
	if err != nil {
		return err
	}
	seats, err := tx.Seats(id)
	if err != nil {
		return err
	}
	l := *v.l // the engine state is shared; the rest is this read's
	l.row, l.meta, l.seats = row, m, seats
	return read(&l)
}

// evictView drops the view read longest ago; s.mu is held.
func (s *Service) evictView() {
	oldest, at := "", uint64(0)
	for id, v := range s.views {
		if oldest == "" || v.used < at {
			oldest, at = id, v.used
		}
	}
	delete(s.views, oldest)
}

// recentLines is how many of the record's last lines, per car, a recent
// view keeps as its game's events: the board draws the last round's plays
// and finds where each car stood before them, reading back from the end
// (fd.Game.PlaysSince); a play is 10 to 20 lines.
const recentLines = 80

// resumedFromSnapshot reports a race resumed from its snapshot: its lines start
// at the position (read off the race's own lines, which a race loaded
// whole holds every one of, not handed out one by one).
func resumedFromSnapshot(g *fd.Game) bool { return len(g.Events) > 0 && g.Events[0].Kind == "position" }

// loadRecent loads a game for a recent view: its engine state from its
// snapshot and the lines after it (loadLive), its events the record's
// last recentLines lines per car. A game with no snapshot that fits, or
// whose last lines a take-back cuts into, is loaded whole (load).
func (s *Service) loadRecent(tx persistence.ReadTx, id string) (*live, error) {
	l, err := s.loadLive(tx, id)
	if err != nil || l.game == nil || !resumedFromSnapshot(l.race()) {
		return l, err // a lobby, or loaded whole already
	}
	lines, err := tx.Events(id, max(0, l.row.LastSeq-int64(recentLines*l.game.Seats())), 0)
	if err != nil {
		return nil, err
	}
	rec, err := l.meta.record(id, lines)
	if err != nil {
		return s.load(tx, id) // a take-back reaching before these lines
	}
	l.race().Events = rec.Events // written back into the race: the views read them
	return l, nil
}

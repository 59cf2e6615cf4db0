package bot

import (
	"bytes"
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
}

// withView runs read with the game as committed: its engine state rebuilt
// from the record only when the record has changed since the last read,
// its row, settings and seats read afresh. read must not change the game.
func (s *Service) withView(tx persistence.ReadTx, id string, read func(*live) error) error {
	row, err := gameRow(tx, id)
	if err != nil {
		return err
	}
	if s.noViews {
		l, err := s.load(tx, id)
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
	if v.l == nil || !bytes.Equal(v.head, row.Head) {
		l, err := s.load(tx, id)
		if err != nil {
			v.l = nil
			return err
		}
		v.l, v.head = l, row.Head
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

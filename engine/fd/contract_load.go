package fd

import (
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/tracks"
)

// Loading and history through the contract (issue 13, group 5): a race
// rebuilt from its record lines (engine.Replayer) and frozen into a
// snapshot to resume from (engine.Snapshotter). Both are the functions
// the service called before (Replay, ReplayPrefix, ReplayUntil,
// ReplayAtEvent, Game.Snapshot), seen through engine's types; they add no
// rule and change no line.

// Loader replays the races of one record header on one circuit, serving
// each through the contract with say.
type Loader struct {
	// Header is the record without its lines (its Events are ignored).
	Header *Record
	Track  *tracks.Circuit
	Say    Say
}

var _ engine.Replayer = Loader{}

// record is the header with lines, each read by the codec.
func (l Loader) record(lines []string) (*Record, error) {
	rec := *l.Header
	rec.Events = make([]Event, 0, len(lines))
	for _, line := range lines {
		e, err := ParseEvent(line)
		if err != nil {
			return nil, err
		}
		rec.Events = append(rec.Events, e)
	}
	return &rec, nil
}

// serve replays lines with how and serves the game through the contract.
func (l Loader) serve(lines []string, how func(*Record) (*Game, error)) (engine.Game, error) {
	rec, err := l.record(lines)
	if err != nil {
		return nil, err
	}
	g, err := how(rec)
	if err != nil {
		return nil, err
	}
	return NewContract(g, l.Say), nil
}

// Replay is Replay: the whole record, checked event by event; a
// snapshot's lines first resume from its position.
func (l Loader) Replay(lines []string) (engine.Game, error) {
	return l.serve(lines, func(r *Record) (*Game, error) { return Replay(r, l.Track) })
}

// ReplayOn is ReplayPrefix: the rolls past the lines come from then.
func (l Loader) ReplayOn(lines []string, then engine.Random) (engine.Game, error) {
	return l.serve(lines, func(r *Record) (*Game, error) { return ReplayPrefix(r, l.Track, then) })
}

// ReplayAfter is ReplayUntil: the race after play n (0: the grid).
func (l Loader) ReplayAfter(lines []string, n int) (engine.Game, error) {
	return l.serve(lines, func(r *Record) (*Game, error) { return ReplayUntil(r, l.Track, n) })
}

// ReplayAt is ReplayAtEvent: the race at record line n.
func (l Loader) ReplayAt(lines []string, n int) (engine.Game, error) {
	return l.serve(lines, func(r *Record) (*Game, error) { return ReplayAtEvent(r, l.Track, n) })
}

var _ engine.Snapshotter = Contract{}

// Snapshot is Game.Snapshot in the record's text: the position's lines
// (PositionExact) and the tail the resumed race writes again. Refused
// where Game.Snapshot refuses (mid-turn, street, optional rules, a red
// flag, the race over).
func (c Contract) Snapshot() (engine.Snapshot, error) {
	snap, err := c.G.Snapshot()
	if err != nil {
		return engine.Snapshot{}, err
	}
	lines := make([]string, len(snap.Position))
	for i, e := range snap.Position {
		lines[i] = e.String()
	}
	return engine.Snapshot{Lines: lines, Tail: snap.Tail}, nil
}

var _ engine.Historian = Loader{}

// ReplayEach is ReplayEach, each play's race served through the contract.
func (l Loader) ReplayEach(lines []string, each func(g engine.Game, play int) error) (engine.Game, error) {
	return l.serve(lines, func(r *Record) (*Game, error) {
		return ReplayEach(r, l.Track, func(g *Game, play int) error { return each(NewContract(g, l.Say), play) })
	})
}

package rs

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine"
)

// Loading through the contract (issue 13, group 5; engine.Replayer): a
// Racing Simulator game rebuilt from its record lines, as Replay,
// ReplayTurn and ReplayAt rebuild it. A game is not frozen into snapshots
// (engine.Snapshotter): a race is short and its state (hands, decks) is
// not written as a position.

// Loader replays the games of one record header.
type Loader struct {
	// Header is the record without its lines (its Events are ignored).
	Header *Record
	// Say says the served games' phrases (Contract.Say).
	Say Say
}

var _ engine.Replayer = Loader{}

// ErrNoTakeBack refuses ReplayOn: Racing Simulator takes no turn back
// (its orders are sealed and revealed together), so a record is never
// cut short to be played on.
var ErrNoTakeBack = fmt.Errorf("racing simulator takes no turn back: %w", errors.ErrUnsupported)

// serve replays the header with lines until stop (nil: the whole record)
// and serves the game through the contract.
func (l Loader) serve(lines []string, stop func(g *Game, index int) bool) (engine.Game, error) {
	rec := *l.Header
	rec.Events = make([]Event, 0, len(lines))
	for i, line := range lines {
		e, err := ParseEvent(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		rec.Events = append(rec.Events, e)
	}
	g, err := ReplayUntil(&rec, stop)
	if err != nil {
		return nil, err
	}
	return Contract{G: g, Say: l.Say}, nil
}

// Replay is Replay: the whole record, every line checked.
func (l Loader) Replay(lines []string) (engine.Game, error) { return l.serve(lines, nil) }

// ReplayOn is refused (ErrNoTakeBack).
func (l Loader) ReplayOn([]string, engine.Random) (engine.Game, error) { return nil, ErrNoTakeBack }

// ReplayAfter is the game after turn n, waiting on turn n+1's orders (0:
// before the first turn's); n at or past the last turn is the whole
// record, as engine.Replayer says (ReplayTurn refuses it).
func (l Loader) ReplayAfter(lines []string, n int) (engine.Game, error) {
	if n < 0 {
		return nil, fmt.Errorf("turn %d: turns are counted from 0 (before the first)", n)
	}
	return l.serve(lines, func(g *Game, _ int) bool { return g.Over || g.Turn > n })
}

// ReplayAt is ReplayAt: the game at line n, before its input.
func (l Loader) ReplayAt(lines []string, n int) (engine.Game, error) {
	if n < 1 || n > len(lines) {
		return nil, fmt.Errorf("line %d: the record has lines 1 to %d", n, len(lines))
	}
	return l.serve(lines, func(_ *Game, i int) bool { return i+1 >= n })
}

package bot

import (
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
)

// A command's events are the steps its contract calls returned (issue 13,
// "one contract"): every call that changes the game — an order by its key,
// an official's line, the autopilot's and AI drivers' turns, the deadline's
// default, the start — appends its engine.Step to the game's journal, and
// what the command stores, tells and replies reads the journal, not a diff
// of the game's record. The journal lives for one command: it begins where
// the command begins and is dropped when it ends, so a live game between
// commands holds none of it. Formula Dé (live) and the contract games
// (served) keep the same journal.

// journal is what one command caused: the events of every step its
// contract calls returned, in order, and how long the game's record was
// when the command began.
type journal struct {
	caused     []engine.Event
	causedFrom int
}

// begin starts the journal of a command whose game's record is n lines
// long.
func (j *journal) begin(n int) { j.caused, j.causedFrom = nil, n }

// took adds what one contract call caused.
func (j *journal) took(step engine.Step) { j.caused = append(j.caused, step.Events...) }

// lines are the record lines the command caused, in order.
func (j *journal) lines() []string {
	lines := make([]string, len(j.caused))
	for i, e := range j.caused {
		lines[i] = e.Line()
	}
	return lines
}

// check is the bug guard of a commit: the contract is trusted but
// checked. The game's record (n lines, line(i) the i-th from 0) must have
// grown by exactly the journal since the command began — the same number
// of lines, then the same lines — or something changed the game without a
// step (a direct call on the game under the contract), and nothing of the
// command may be stored or sent.
func (j *journal) check(game string, n int, line func(i int) string) error {
	if grew := n - j.causedFrom; grew != len(j.caused) {
		return fmt.Errorf("game %s: the record grew by %d lines but the contract's steps hold %d: refusing to commit a change made outside the contract", game, grew, len(j.caused))
	}
	for i, e := range j.caused {
		if got, want := line(j.causedFrom+i), e.Line(); got != want {
			return fmt.Errorf("game %s: the command's line %d is %q in the record but %q in the contract's steps: refusing to commit a change made outside the contract", game, i+1, got, want)
		}
	}
	return nil
}

// beginCommand starts the journal of a command on the race as it is now.
func (l *live) beginCommand() { l.begin(l.events()) }

// endCommand drops the journal: its events are stored and told.
func (l *live) endCommand() { l.caused = nil }

// causedEvents is the journal as Formula Dé's record lines, for bot's
// describers (describeEvents).
func (l *live) causedEvents() []fd.Event {
	evs := make([]fd.Event, 0, len(l.caused))
	for _, e := range l.caused {
		if fe, ok := fd.EventOf(e); ok {
			evs = append(evs, fe)
		}
	}
	return evs
}

// causedLines are the record lines the command caused, once the journal is
// checked against the race (a lobby's has none).
func (l *live) causedLines() ([]string, error) {
	if l.game == nil {
		if len(l.caused) > 0 {
			return nil, fmt.Errorf("game %s: %d events journaled for no race", l.row.ID, len(l.caused))
		}
		return nil, nil
	}
	evs := l.game.Events() // the race's own lines since the command began
	if err := l.check(l.row.ID, len(evs), func(i int) string { return evs[i].Line() }); err != nil {
		return nil, err
	}
	return l.lines(), nil
}

// submit gives seat's order to the contract game and journals its step.
func (l *served) submit(seat int, key string, r engine.Random) (engine.Step, error) {
	step, err := l.game.Submit(seat, key, r)
	l.took(step)
	return step, err
}

// expire is the deadline through the contract game, its step journaled.
func (l *served) expire(r engine.Random) (engine.Step, error) {
	step, err := l.game.Expire(r)
	l.took(step)
	return step, err
}

// causedLines are the record lines the command caused, once the journal is
// checked against the game's record.
func (l *served) causedLines() ([]string, error) {
	evs := l.game.Events()
	if err := l.check(l.row.ID, len(evs), func(i int) string { return evs[i].Line() }); err != nil {
		return nil, err
	}
	return l.lines(), nil
}

package bot

import (
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
)

// A command's events are the steps its contract calls returned (issue 13,
// "one contract"): every call that changes the race — an order by its key,
// an official's line, the autopilot's and AI drivers' turns, the deadline's
// default, the lobby's start — appends its engine.Step to the live game's
// journal, and what the command stores, tells and replies reads the journal,
// not a diff of the race's record. The journal lives for one command: it
// begins where the command begins and is dropped when it ends, so a live
// game between commands holds none of it.

// beginCommand starts the journal of a command: nothing caused yet, the
// race's record as long as it is now.
func (l *live) beginCommand() {
	l.caused, l.causedFrom = nil, l.events()
}

// endCommand drops the journal: its events are stored and told.
func (l *live) endCommand() { l.caused = nil }

// took adds what one contract call caused to the command's journal.
func (l *live) took(step engine.Step) { l.caused = append(l.caused, step.Events...) }

// causedEvents is the journal as Formula Dé's record lines, for bot's
// describers (describeEvents) and the mail's round check.
func (l *live) causedEvents() []fd.Event {
	evs := make([]fd.Event, 0, len(l.caused))
	for _, e := range l.caused {
		if fe, ok := fd.EventOf(e); ok {
			evs = append(evs, fe)
		}
	}
	return evs
}

// causedLines are the record lines the command caused, in order, once the
// journal is checked against the race (checkJournal).
func (l *live) causedLines() ([]string, error) {
	if err := l.checkJournal(); err != nil {
		return nil, err
	}
	lines := make([]string, len(l.caused))
	for i, e := range l.caused {
		lines[i] = e.Line()
	}
	return lines, nil
}

// checkJournal is the bug guard of the commit: the contract is trusted but
// checked. The race's record must have grown by exactly the journal since
// the command began — the same number of lines, then the same lines — or
// something changed the race without a step (a direct call on the
// *fd.Game), and nothing of the command may be stored or sent.
func (l *live) checkJournal() error {
	if l.game == nil {
		if len(l.caused) > 0 {
			return fmt.Errorf("game %s: %d events journaled for no race", l.row.ID, len(l.caused))
		}
		return nil
	}
	grew := len(l.game.Events) - l.causedFrom
	if grew != len(l.caused) {
		return fmt.Errorf("game %s: the race's record grew by %d lines but its contract returned %d: refusing to commit a change made outside the contract", l.row.ID, grew, len(l.caused))
	}
	for i, e := range l.caused {
		if got, want := l.game.Events[l.causedFrom+i].String(), e.Line(); got != want {
			return fmt.Errorf("game %s: the command's line %d is %q in the race's record but %q in its contract's steps: refusing to commit a change made outside the contract", l.row.ID, i+1, got, want)
		}
	}
	return nil
}

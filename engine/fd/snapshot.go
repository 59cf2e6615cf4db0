package fd

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/pitwall/pitwall/engine/dice"
)

// Snapshot is a game frozen at the start of the play it waits on, so that a
// service can load it again without replaying its record from the grid
// (issue 14). It is written in the record's own position format
// (docs/record.md, "Starting from a position"): Position holds the lines of
// PositionExact, and Tail is how many of the game's last events a game
// started from that position emits again before it waits on the same
// decision (the start of the play: its turn line, a round line…).
//
// A record made of Position followed by the game's events from
// len(Events)-Tail on replays (Replay) to a game that plays on exactly as
// this one: Replay checks every event it produces against the record, so a
// snapshot that does not fit its record is refused there, never believed.
type Snapshot struct {
	Position []Event
	Tail     int
}

// errSnapshotRoll stops a trial restart that would roll a die: a snapshot is
// only taken where resuming the play rolls nothing.
var errSnapshotRoll = errors.New("resuming from this position rolls a die")

type noRolls struct{}

func (noRolls) Roll(dice.Key, dice.Die) (dice.Roll, error) { return dice.Roll{}, errSnapshotRoll }

// Snapshot takes the game's snapshot. It is refused mid-turn (PositionExact
// refuses), in street races and races with optional rules, where resuming from the position would roll a die, when the
// game is over, and when g.Events does not end with the events the resumed
// play emits again (the caller dropped them). The position is checked by
// restarting a game from it: the restart must wait on the same decisions
// and give back the same position.
func (g *Game) Snapshot() (Snapshot, error) {
	if g.Over {
		return Snapshot{}, errors.New("the race is over: nothing to resume")
	}
	if err := g.rules().Resumable(); err != nil {
		return Snapshot{}, err // street: its position does not hold its state
	}
	if g.Config.Optional != (Optional{}) {
		// likewise the optional rules' state (the O-PIT pools among
		// others): a race resumed from its position chose other pits
		return Snapshot{}, errors.New("races with optional rules are not snapshotted: their position does not hold all of their state")
	}
	if len(g.hooks.stoppage) > 0 || g.hooks.accidents != nil {
		// a red flag (21-B, 15-A) or a serious accident (20-A) restarts from the grid or classifies by the
		// lap events, neither of which a position holds
		return Snapshot{}, errors.New("races with a red flag are not snapshotted: their position holds neither the grid nor the order the laps were completed in")
	}
	p, err := g.PositionExact()
	if err != nil {
		return Snapshot{}, err
	}
	lines := p.Events()
	again, err := NewGame(g.ID, g.Config, g.Track, len(g.Cars))
	if err != nil {
		return Snapshot{}, err
	}
	if err := again.StartFrom(p, noRolls{}); err != nil {
		return Snapshot{}, err
	}
	emitted := again.Events[len(lines):]
	if len(emitted) > len(g.Events) {
		return Snapshot{}, fmt.Errorf("the play's start (%d events) is not all in the game's events (%d)", len(emitted), len(g.Events))
	}
	ours := g.Events[len(g.Events)-len(emitted):]
	for i := range emitted {
		if emitted[i].String() != ours[i].String() {
			return Snapshot{}, fmt.Errorf("resuming emits %q where the game has %q", emitted[i], ours[i])
		}
	}
	if !reflect.DeepEqual(again.PendingAll(), g.PendingAll()) {
		return Snapshot{}, errors.New("resuming from the position waits on other decisions")
	}
	back, err := again.PositionExact()
	if err != nil || !reflect.DeepEqual(back, p) {
		return Snapshot{}, errors.New("resuming from the position gives another position")
	}
	return Snapshot{Position: lines, Tail: len(emitted)}, nil
}

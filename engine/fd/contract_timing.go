package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/engine"
)

// A race's decisions as the service's clocks know them (engine.Timed;
// issue 13, group 3 of docs/engine.md "What is left"): what names a
// decision, so that a deadline, a reminder, a chess clock (2-B) or the
// mail asking for it is set once, and the part of the race whose time
// limit it takes. bot used to compute both from the race itself; the
// texts are the same (deadlines stored under these names keep firing).

var _ engine.Timed = Contract{}

// Timing is seat's pending decision as the clocks know it. Its name is
// the round, the play, the kind, the session and the roll it answers
// ("12/31/move//5"): a car's next decision differs in one of them even
// when play and kind do not (a qualifying lap's plays, a reroll, the
// setup's stages). Its session is "qualifying" for a qualifying lap's
// decision and for every decision before the grid of a race that is
// qualified for (the tyres and the configuration the cars qualify with).
func (c Contract) Timing(seat int) (engine.Timing, bool) {
	g := c.G
	if g.Over {
		return engine.Timing{}, false
	}
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return engine.Timing{}, false
	}
	t := engine.Timing{Name: fmt.Sprintf("%d/%d/%s/%s/%d", g.Round, g.Play, d.Kind, d.Session, d.Rolled), Session: d.Session}
	if t.Session != "qualifying" && c.beforeQualifiedGrid() {
		t.Session = "qualifying"
	}
	return t, true
}

// beforeQualifiedGrid reports whether the race has a qualifying session
// (fdr's, 1-B's flying lap, fd2008's optional rule) and its grid is not
// set yet.
func (c Contract) beforeQualifiedGrid() bool {
	g := c.G
	cfg := g.Config
	qualifies := cfg.Optional.Qualifying || (g.Can().Qualifying == QualifyingSessions && cfg.Sessions > 0) // 1-C keeps sessions at 0
	if !qualifies {
		return false
	}
	for _, e := range g.Events {
		if e.Kind == "grid" {
			return false
		}
	}
	return true
}

package fd

// The competition rules' state is held by their module value (fdrRules):
// the game's value holds the race's state (fdrState), and each play runs
// under a value of its own holding the play's (fdrTurn, R6.11), which the
// turn keeps (turn.rules). Every file reaches the state through these
// accessors only, so that where it lives is this file's business.
//
// Nothing here is written by a read: the accessors only load, so a game's
// value may be read by several goroutines at once (Pending, PendingAll),
// and a qualifying session's game and a look-ahead's copy of the play get
// their own values (setFDRRaceState, fdrLookahead) rather than writing the
// race's.

// fdrModule is the game's competition-rules module value, nil under the
// other rulesets.
func (g *Game) fdrModule() *fdrRules {
	m, _ := g.turnRules.(*fdrRules)
	return m
}

// fdrRaceState is the race's competition-rules state (fdrState), nil under
// the other rulesets.
func (g *Game) fdrRaceState() *fdrState {
	if m, ok := g.turnRules.(*fdrRules); ok {
		return m.race
	}
	return nil
}

// setFDRRaceState gives the game its competition-rules state: a new
// game's (prepareCompetition) or a qualifying session's own (FDR R1). A
// game without the module's value (a session's, made without one) gets a
// value of its own, never its race's: the session's state is its own.
func (g *Game) setFDRRaceState(f *fdrState) {
	m := g.fdrModule()
	if m == nil {
		m = &fdrRules{}
		g.turnRules = m
	}
	m.race = f
}

// fdrPlayState is the play's competition-rules state (fdrTurn, R6.11), nil
// under the other rulesets and outside a consolidated play.
func (t *turn) fdrPlayState() *fdrTurn {
	if m, ok := t.rules.(*fdrRules); ok {
		return m.play
	}
	return nil
}

// fdrPlayValue is a play's module value and its state, allocated together: one
// allocation a play, as when the turn held the state itself.
type fdrPlayValue struct {
	rules fdrRules
	state fdrTurn
}

// newFDRPlay makes the play run under a module value of its own and
// returns its state, zero, for the caller to fill (fdrStartTurn): built in
// place, no copy.
func (t *turn) newFDRPlay() *fdrTurn {
	p := &fdrPlayValue{}
	p.rules.play = &p.state
	t.rules = &p.rules
	return &p.state
}

// setFDRPlayState makes the play run under a module value of its own
// holding a copy of f.
func (t *turn) setFDRPlayState(f *fdrTurn) { *t.newFDRPlay() = *f }

// fdrLookahead gives cp, a look-ahead's copy of the play t (MovesIf), its
// own copy of t's play state, so the hypothetical play writes nothing of
// the real one's.
func (t *turn) fdrLookahead(cp *turn) {
	if f := t.fdrPlayState(); f != nil {
		cp.setFDRPlayState(f)
	}
}

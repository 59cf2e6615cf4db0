package fd

// The competition rules' state, reached through these accessors from every
// file outside fdr_*.go (positions, qualifying sessions, Turn's accessors,
// the gear phase, the look-ahead, the league variants), so that where the
// state lives (today Game.fdr and turn.fdr; the fdr module's value next,
// docs/engine.md "What is left") is one line here.

// fdrRaceState is the race's competition-rules state (fdrState), nil under
// the other rulesets.
func (g *Game) fdrRaceState() *fdrState { return g.fdr }

// setFDRRaceState gives the game its competition-rules state: a new
// game's (prepareCompetition) or a qualifying session's own (FDR R1).
func (g *Game) setFDRRaceState(f *fdrState) { g.fdr = f }

// fdrPlayState is the play's competition-rules state (fdrTurn, R6.11), nil
// under the other rulesets and outside a consolidated play.
func (t *turn) fdrPlayState() *fdrTurn { return t.fdr }

// setFDRPlayState gives the play its state: a look-ahead's hypothetical
// play gets its own copy (MovesIf).
func (t *turn) setFDRPlayState(f *fdrTurn) { t.fdr = f }

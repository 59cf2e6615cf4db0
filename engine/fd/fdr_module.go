package fd

import "github.com/pitwall/pitwall/engine/dice"

// fdrRules is the FD-Règles competition rules' module (RulesModule,
// phases.go), which the rulesets table's fdr row makes for each game. The
// base turn reaches the competition rules' own order, play and setup
// through it instead of asking the table's capabilities.
//
// Its per-race state is still Game.fdr (fdrState) and its per-play state
// turn.fdr (fdrTurn): the positions, the qualifying sessions and the
// league variants read them there (docs/engine.md, "What is left"). The
// module itself holds nothing, so a qualifying session's game shares its
// race's.
//
// It changes none of the hot paths' phases (the table's quietMove): the
// move's options, the spaces crossed and the autopilot's scores of an fdr
// race skip the seam, as the complete rules' do.
type fdrRules struct{ baseRules }

func newFDRRules() RulesModule { return fdrRules{} }

// Prepare (SETUP) checks the circuit and gives the game the competition
// rules' state (prepareCompetition).
func (fdrRules) Prepare(g *Game, cars int) error { return prepareCompetition(g, cars) }

// Setup (SETUP) plays the competition rules' setup: sessions, builds,
// tyres, boxes, the grid (R1–R5).
func (fdrRules) Setup(g *Game, src dice.Source) (started, handled bool, err error) {
	started, err = g.fdrAdvanceSetup(src)
	return started, true, err
}

// SetupOrder (SETUP) applies a build order: the car's share of the pit
// points (R5.2); the other setup decisions are the base's.
func (fdrRules) SetupOrder(g *Game, c *Car, o Order, d *Decision) (bool, error) {
	if d.Kind != DecideBuild {
		return false, nil
	}
	return true, g.fdrSubmitBuildOrder(c, o, d)
}

// BuildOptions (SETUP) is a car's builds from the pit points (R5.2, T10).
func (fdrRules) BuildOptions(g *Game, car int) ([]Option, bool) {
	return g.fdrBuildDecisionOptions(car), true
}

// BeginTurn (ORDER) picks the next car by the leader order, with second
// plays for lapped cars (R6.6–R6.10, AMB-40).
func (fdrRules) BeginTurn(g *Game, src dice.Source) (bool, error) {
	return true, g.fdrBeginTurn(src)
}

// PlayDecision (PLAY) is the consolidated play's decision (R6.11): whole
// plans, their consequences paid in one order at the end.
func (fdrRules) PlayDecision(g *Game, src dice.Source) (*Decision, bool, error) {
	d, err := g.fdrDecisionFor(g.turn, src)
	return d, true, err
}

// PlayApply (PLAY) plays a chosen option of the consolidated play (R6.11).
func (fdrRules) PlayApply(g *Game, op Option, kind DecisionKind, src dice.Source) (bool, error) {
	return true, g.fdrApply(op, kind, src)
}

// PlayOptions (PLAY) is the consolidated play's plans for a look-ahead
// (R6.11).
func (fdrRules) PlayOptions(t Turn) ([]Option, bool) {
	return t.g.fdrMoveOptions(t.t), true
}

// GearEngaged (GEAR) pays the shift's over-rev points; a car that cannot
// pay them is out (R13, T2).
func (fdrRules) GearEngaged(g *Game, c *Car, op Option, from int) bool {
	return g.fdrOverRev(c, op, from)
}

// GearRolled (GEAR): a top face in 5th or 6th tests every engine around
// and the weather (R3.5, R16.1, R19.3).
func (fdrRules) GearRolled(t Turn, top bool) { t.g.fdrGearRolled(t.t, top) }

// Refusal (GEAR) names the over-rev rule an illegal gear breaks (R13).
func (fdrRules) Refusal(g *Game, d *Decision, o Order) (string, bool) {
	return g.fdrRefusal(d, o), true
}

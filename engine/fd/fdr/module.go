package fdr

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// fdrRules is the FD-Règles competition rules' module (RulesModule,
// phases.go), which the rulesets table's fdr row makes for each game. The
// base turn reaches the competition rules' own order, play and setup
// through it instead of asking the table's capabilities.
//
// The value holds the competition rules' state (state.go): the game's
// value the race's (race), a play's own value the play's (play). A
// qualifying session's game has its own value, and so has a look-ahead's
// copy of a play; every file reads the state through state.go's
// accessors.
//
// It changes none of the hot paths' phases (the table's quietMove): the
// move's options, the spaces crossed and the autopilot's scores of an fdr
// race skip the seam, as the complete rules' do. Its costs in the
// autopilot and the move's options are hooks the base calls only under
// the ruleset's capabilities (phases.go).
type fdrRules struct {
	fd.BaseRules
	race *fdrState // the race's state (the game's value; nil in a play's)
	play *fdrTurn  // the play's state (a play's value; nil in the game's)
}

func newFDRRules() fd.RulesModule { return &fdrRules{} }

// The rulesets table's fdr row names its module "fdr" and no function of
// fdr's: the constructor is registered by that name, as a module in a
// package of its own registers from its init (registry.go), so the row is
// the same before and after fdr's files become a package.
func init() { fd.RegisterRulesModule("fdr", newFDRRules) }

var _ fd.ConfigModule = (*fdrRules)(nil)

// BaseConfig is the ruleset's base configuration the table hands out
// (ConfigModule): 3 laps, a session, AMB-45's build (FDRConfig).
func (*fdrRules) BaseConfig() fd.Config { return FDRConfig() }

// ValidateConfig is the competition rules' check of a configuration
// (ConfigModule), in place of the complete rules': R0.1, R1.1, R5.2.
func (*fdrRules) ValidateConfig(c fd.Config) error { return validateFDR(c) }

// Prepare (SETUP) checks the circuit and gives the game the competition
// rules' state (prepareCompetition).
func (*fdrRules) Prepare(g *fd.Game, cars int) error { return prepareCompetition(g, cars) }

// Setup (SETUP) plays the competition rules' setup: sessions, builds,
// tyres, boxes, the grid (R1–R5).
func (*fdrRules) Setup(g *fd.Game, src dice.Source) (started, handled bool, err error) {
	started, err = fdrAdvanceSetup(g, src)
	return started, true, err
}

// SetupOrder (SETUP) applies a build order: the car's share of the pit
// points (R5.2); the other setup decisions are the base's.
func (*fdrRules) SetupOrder(g *fd.Game, c *fd.Car, o fd.Order, d *fd.Decision) (bool, error) {
	if d.Kind != fd.DecideBuild {
		return false, nil
	}
	return true, fdrSubmitBuildOrder(g, c, o, d)
}

// BuildOptions (SETUP) is a car's builds from the pit points (R5.2, T10).
func (*fdrRules) BuildOptions(g *fd.Game, car int) ([]fd.Option, bool) {
	return fdrBuildDecisionOptions(g, car), true
}

// BeginTurn (ORDER) picks the next car by the leader order, with second
// plays for lapped cars (R6.6–R6.10, AMB-40).
func (*fdrRules) BeginTurn(g *fd.Game, src dice.Source) (bool, error) {
	return true, fdrBeginTurn(g, src)
}

// PlayDecision (PLAY) is the consolidated play's decision (R6.11): whole
// plans, their consequences paid in one order at the end.
func (*fdrRules) PlayDecision(g *fd.Game, src dice.Source) (*fd.Decision, bool, error) {
	play, _ := g.PlayUnderWay()
	d, err := fdrDecisionFor(g, play, src)
	return d, true, err
}

// PlayApply (PLAY) plays a chosen option of the consolidated play (R6.11).
func (*fdrRules) PlayApply(g *fd.Game, op fd.Option, kind fd.DecisionKind, src dice.Source) (bool, error) {
	return true, fdrApply(g, op, kind, src)
}

// PlayOptions (PLAY) is the consolidated play's plans for a look-ahead
// (R6.11).
func (*fdrRules) PlayOptions(t fd.Turn) ([]fd.Option, bool) {
	return fdrPlans(t), true
}

// GearEngaged (GEAR) pays the shift's over-rev points; a car that cannot
// pay them is out (R13, T2).
func (*fdrRules) GearEngaged(g *fd.Game, c *fd.Car, op fd.Option, from int) bool {
	return fdrOverRev(g, c, op, from)
}

// GearRolled (GEAR): a top face in 5th or 6th tests every engine around
// and the weather (R3.5, R16.1, R19.3).
func (*fdrRules) GearRolled(t fd.Turn, top bool) { fdrGearRolled(t.Game(), t, top) }

// Refusal (GEAR) names the over-rev rule an illegal gear breaks (R13).
func (*fdrRules) Refusal(g *fd.Game, d *fd.Decision, o fd.Order) (string, bool) {
	return fdrRefusal(g, d, o), true
}

// The autopilot's and the move's costs under the competition rules; the
// base turn calls them only where the ruleset's capability says so
// (phases.go).

// Auto is the autopilot's build (R5.2) and pit stop (R19).
func (*fdrRules) Auto(g *fd.Game, d *fd.Decision) (string, bool) {
	switch d.Kind {
	case fd.DecideBuild:
		return fdrAutoBuild(g, d), true
	case fd.DecidePit:
		return fdrAutoPit(g, d), true
	}
	return "", false
}

// OvershootFactor is T3's (and T4's) factor.
func (*fdrRules) OvershootFactor(g *fd.Game, c *fd.Car) int { return fdrOvershootFactor(g, c) }

// StopSlide is R8.13's slide of a stop owed in the wet.
func (*fdrRules) StopSlide(g *fd.Game, c *fd.Car) int { return fdrSlideAmount(g, c) }

// WantsPit: tyres half gone or for the wrong weather (R19).
func (*fdrRules) WantsPit(g *fd.Game, c *fd.Car) bool { return fdrWantsPit(g, c) }

// GearRisk prices the engine tests of 5th and 6th (R16.1, R16.3).
func (*fdrRules) GearRisk(g *fd.Game, c *fd.Car, gear int) float64 { return fdrGearRisk(g, c, gear) }

// StuckInGear prices a skip the car cannot pay (R13.8, R10.3).
func (*fdrRules) StuckInGear(g *fd.Game, c *fd.Car, gear, left, owed int) float64 {
	return fdrStuckInGear(g, c, gear, left, owed)
}

// BlockCost is T5's blocking (R12.5).
func (*fdrRules) BlockCost(_ *fd.Game, k int, w fd.Wear) (fd.Wear, bool) { return fdrBlockCost(k, w) }

// TimeoutOrder is the booklet's digest of defaults (AMB-17, AMB-48).
func (*fdrRules) TimeoutOrder(g *fd.Game, car int) (fd.Order, bool) { return fdrTimeoutFor(g, car) }

// OptionScore prices what the shared scoring does not see (R15, R14.4,
// the tyres).
func (*fdrRules) OptionScore(g *fd.Game, c *fd.Car, op *fd.Option) float64 {
	return fdrScoreAdjust(g, c, op)
}

// OptionScoreAmong is OptionScore with the cars' spaces and levels
// worked out once for the decision (fd.OptionScorerAmong, issue 14).
func (*fdrRules) OptionScoreAmong(g *fd.Game, c *fd.Car, op *fd.Option, cars *fd.CarSpaces) float64 {
	return fdrScoreAdjustAmong(g, c, op, cars)
}

// RemoveWreck takes c's wreck off the board when a spare car brings it
// back (WreckModule, 20-B; R12.6): nothing for a car that left no wreck.
func (*fdrRules) RemoveWreck(g *fd.Game, c *fd.Car) {
	if isWreck(c) {
		fdrRemove(g, c)
	}
}

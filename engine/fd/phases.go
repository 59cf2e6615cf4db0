package fd

import (
	"errors"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// RulesModule is the seam between the Formula Dé base turn and a ruleset
// built on it (issue 13; league-variants.md §0.4 names the phases). The
// base turn calls it at each named phase and never names a ruleset's
// function; the rulesets table (rulesets.go) says which module a ruleset
// plays, and a ruleset without one plays baseRules, whose hooks change
// nothing. A module keeps its own per-race and per-play state in its
// value, made afresh by NewGame for each game.
//
// The hooks, in the order of a race:
//
//	SETUP       Prepare, Setup, SetupOrder, BuildOptions, StartCar (a car read from a position)
//	GRID        GridFirst
//	ORDER       BeginTurn (the module picks the next car itself),
//	            OrderTie (the play order's ties), BetweenPlays
//	PLAY        PlayDecision, PlayApply, PlayOptions (the module plays the whole play
//	            itself instead of the base's segment by segment)
//	GEAR        GearEngaged, GearRolled, Refusal (an illegal gear order)
//	DECLARE     MoveOptions (the declarations offered with the move), Declare
//	MOVE        Slide, Cross (each space entered), Lap (the line crossed);
//	            OvershootFactor (under a capability, below)
//	TESTS       HandlingSpared, EngineSpared, CollisionRolls (tests a driver is spared or owes)
//	END_OF_TURN WeatherChanged, EndOfPlay; Decision and Apply for the
//	            module's own decisions while it holds the play (stageModule)
//	AUTOPILOT   Auto (the module's own decisions), Score (its move options);
//	            StopSlide, WantsPit, GearRisk, StuckInGear, BlockCost,
//	            TimeoutOrder (under a capability, below)
//	RESUME      Resumable (can a snapshot hold the module's state)
//
// Hooks take the game (and a Turn for the play under way): the module is a
// value of the game, not a view of it. A game without a module has a nil
// Game.module: the hot paths of the turn (the options, the spaces crossed,
// the autopilot's scores) skip the call then, and the others call
// baseRules (Game.rules), so the complete rules pay nothing for the seam.
// A module that changes none of the hot paths' phases (the table's
// quietMove: fdr's) is only Game.turnRules, so that its races skip those
// calls too. The hooks called at every play or decision (BeginTurn, the
// PLAY and GEAR hooks) are guarded by a nil Game.turnRules as well: a call
// copies its arguments (an Option is large), which cost the complete
// rules 0.5 % more instructions through baseRules.
type RulesModule interface {
	// Prepare checks a new game against the module's demands (NewGame).
	Prepare(g *Game, cars int) error
	// Setup plays the setup stages instead of the base's when handled;
	// started reports the race started.
	Setup(g *Game, src dice.Source) (started, handled bool, err error)
	// SetupOrder applies an order to one of the module's setup decisions;
	// handled is false for a decision it does not own.
	SetupOrder(g *Game, c *Car, o Order, d *Decision) (handled bool, err error)
	// BuildOptions (SETUP) is the options of a car's build decision when
	// the module builds cars its own way; handled is false for the
	// base's presets (§2.17).
	BuildOptions(g *Game, car int) (opts []Option, handled bool)
	// StartCar reads the module's part of a car from a position line and
	// gives the car's starting values; handled is false to keep the
	// configuration's.
	StartCar(g *Game, c *Car, cp CarPosition) (start Wear, handled bool, err error)

	// GridFirst takes from cars tied on the grid roll those placed ahead
	// of the others without a roll off.
	GridFirst(g *Game, tied []int) (first, rest []int)
	// OrderTie breaks a play-order tie between two cars level in progress
	// before the base's gear and line rules: -1 a first, 1 b first, 0 no say.
	OrderTie(g *Game, a, b int) int
	// BetweenPlays may open a play of its own between two cars' plays
	// (a decision owed by no car's move); it reports it did.
	BetweenPlays(g *Game) bool
	// BeginTurn (ORDER) picks the next car and plays the automatic start
	// of its play in the module's own order; handled is false for the
	// base's rounds in race order (R-TRN).
	BeginTurn(g *Game, src dice.Source) (handled bool, err error)

	// PlayDecision (PLAY) is the decision of the play under way
	// (Game.turn) when the module plays the whole play itself, or nil
	// after it ran an automatic stage; handled is false for the base's
	// play segment by segment (§2.1–2.16).
	PlayDecision(g *Game, src dice.Source) (d *Decision, handled bool, err error)
	// PlayApply (PLAY) applies the chosen option of a decision
	// PlayDecision gave; handled is false for the base's play.
	PlayApply(g *Game, op Option, kind DecisionKind, src dice.Source) (handled bool, err error)
	// GearEngaged (GEAR) sees the car shift from gear from to op's; false
	// ends the play there (the module has put the car out).
	GearEngaged(g *Game, c *Car, op Option, from int) (goOn bool)
	// GearRolled (GEAR) sees the gear's die rolled; top is its top face.
	GearRolled(t Turn, top bool)
	// Refusal (GEAR) names the rule an illegal gear order breaks under
	// the module's gearbox; handled is false for the base's rules.
	Refusal(g *Game, d *Decision, o Order) (why string, handled bool)
	// PlayOptions (PLAY) is the move options of a play the module plays
	// itself, for a look-ahead's hypothetical play (MovesIf); handled is
	// false for the base's.
	PlayOptions(t Turn) (opts []Option, handled bool)

	// The competition rules' costs in the move's options and the
	// autopilot. The base turn reads the ruleset's capability first and
	// calls these only when it is set (TyreTypes, PitLane, EngineTests,
	// OverRevGearbox, BlockTableT5, DeadlineDefaults): they sit per move,
	// per option or per gear face, where a call for every ruleset would
	// cost the complete rules' races. (The autopilot's build and pit
	// choices are Auto, under PitPointBuild and PitLane.)

	// OvershootFactor (MOVE, TyreTypes) multiplies a car's overshoot tyre
	// losses.
	OvershootFactor(g *Game, c *Car) int
	// StopSlide (AUTOPILOT, TyreTypes) is how far a stop owed in a corner
	// slides on.
	StopSlide(g *Game, c *Car) int
	// WantsPit (AUTOPILOT, PitLane): the car should stop at the pits.
	WantsPit(g *Game, c *Car) bool
	// GearRisk (AUTOPILOT, EngineTests) is what the tests a gear invites
	// are worth.
	GearRisk(g *Game, c *Car, gear int) float64
	// StuckInGear (AUTOPILOT, OverRevGearbox) is what a gear the car
	// cannot get down from in time costs, left spaces before the corner
	// and owed stops still owed in it.
	StuckInGear(g *Game, c *Car, gear, left, owed int) float64
	// BlockCost (AUTOPILOT, BlockTableT5) is what a blocking of k spaces
	// costs a car of wear w; not ok when the car cannot pay it.
	BlockCost(g *Game, k int, w Wear) (Wear, bool)
	// TimeoutOrder (DeadlineDefaults) is the order a missed deadline plays
	// for the car (TimeoutFor).
	TimeoutOrder(g *Game, car int) (Order, bool)
	// OptionScore (AUTOPILOT, CertainContacts) adds the ruleset's worth of
	// a move option to the autopilot's. op points at the option in the
	// decision's list: no copy per option scored (Score, by value, cost
	// +0.5 % of an fdr race through the interface).
	OptionScore(g *Game, c *Car, op *Option) float64

	// MoveOptions adds the module's declarations to a move's options.
	MoveOptions(t Turn, opts []Option) []Option
	// Slide is the slide of a move touching a corner when the module
	// fixes the car's tyres (ok); the base tyre rule otherwise.
	Slide(g *Game, c *Car) (n int, ok bool)
	// Declare plays the declarations of the chosen move before the car
	// leaves its space.
	Declare(t Turn, op Option)
	// Cross sees the car enter each space of its move.
	Cross(t Turn, from, to tracks.SpaceID)
	// Lap sees a car cross the line into a new lap.
	Lap(g *Game, c *Car)

	// HandlingSpared: a failed handling roll v of c on a dangerous space
	// costs nothing.
	HandlingSpared(g *Game, c *Car, v int) bool
	// EngineSpared: a failed engine test v of c costs nothing.
	EngineSpared(g *Game, c *Car, v int) bool
	// CollisionRolls is how many black dice a collision partner of c rolls.
	CollisionRolls(g *Game, c *Car) int

	// WeatherChanged sees the weather change during a play; the module may
	// hold the play (stageModule) for a decision of its own.
	WeatherChanged(g *Game, before WeatherState)
	// EndOfPlay plays the module's end-of-turn events; wait reports it
	// holds the play for a decision of its own.
	EndOfPlay(g *Game, src dice.Source) (wait bool, err error)
	// Decision is the module's decision while it holds the play, or nil
	// after it let the play go on.
	Decision(g *Game, src dice.Source) (*Decision, error)
	// Apply applies the chosen option of the module's decision.
	Apply(g *Game, op Option, src dice.Source) error

	// Auto is the autopilot's choice for a decision the module owns.
	Auto(g *Game, d *Decision) (letter string, ok bool)
	// Score adds the module's worth of a move option to the autopilot's.
	Score(g *Game, c *Car, op Option) float64

	// Resumable says why a snapshot cannot hold the module's state, nil
	// when it can.
	Resumable() error
}

// OptionScorerAmong is an optional capability of a RulesModule
// (AUTOPILOT, CertainContacts; issue 14): OptionScore with where the cars
// on the board stand (CarSpaces), worked out once for every option of the
// decision, so that the module does not pass over the cars for each
// option. It must return what OptionScore returns for the same option;
// the autopilot asks it instead of OptionScore when the circuit fits the
// sets.
type OptionScorerAmong interface {
	OptionScoreAmong(g *Game, c *Car, op *Option, cars *CarSpaces) float64
}

// stageModule: the rules module holds the play for a decision of its own
// (RulesModule.Decision, Apply).
const stageModule = stagePit + 1

// errNoModuleDecision: the rules module was asked for a decision while it
// holds none.
var errNoModuleDecision = errors.New("the rules module holds no decision")

// baseRules is the complete rules' module: every hook leaves the base
// turn as it is. Modules embed it and override the phases they change.
type baseRules struct{}

// BaseRules is baseRules for rules modules in packages of their own
// (engine/fd/street): they embed fd.BaseRules, whose hooks take exported
// types only, and override the phases they change.
type BaseRules = baseRules

func (baseRules) Prepare(*Game, int) error                     { return nil }
func (baseRules) Setup(*Game, dice.Source) (bool, bool, error) { return false, false, nil }
func (baseRules) SetupOrder(*Game, *Car, Order, *Decision) (bool, error) {
	return false, nil
}
func (baseRules) StartCar(*Game, *Car, CarPosition) (Wear, bool, error) {
	return Wear{}, false, nil
}
func (baseRules) GridFirst(_ *Game, tied []int) ([]int, []int)   { return nil, tied }
func (baseRules) OrderTie(*Game, int, int) int                   { return 0 }
func (baseRules) BetweenPlays(*Game) bool                        { return false }
func (baseRules) MoveOptions(_ Turn, opts []Option) []Option     { return opts }
func (baseRules) Slide(*Game, *Car) (int, bool)                  { return 0, false }
func (baseRules) Declare(Turn, Option)                           {}
func (baseRules) Cross(Turn, tracks.SpaceID, tracks.SpaceID)     {}
func (baseRules) Lap(*Game, *Car)                                {}
func (baseRules) HandlingSpared(*Game, *Car, int) bool           { return false }
func (baseRules) EngineSpared(*Game, *Car, int) bool             { return false }
func (baseRules) CollisionRolls(*Game, *Car) int                 { return 1 }
func (baseRules) WeatherChanged(*Game, WeatherState)             {}
func (baseRules) EndOfPlay(*Game, dice.Source) (bool, error)     { return false, nil }
func (baseRules) Decision(*Game, dice.Source) (*Decision, error) { return nil, errNoModuleDecision }
func (baseRules) Apply(*Game, Option, dice.Source) error         { return errNoModuleDecision }
func (baseRules) Auto(*Game, *Decision) (string, bool)           { return "", false }
func (baseRules) Score(*Game, *Car, Option) float64              { return 0 }
func (baseRules) Resumable() error                               { return nil }

// The hooks the competition rules' module (fdrRules) brought.

func (baseRules) BeginTurn(*Game, dice.Source) (bool, error) { return false, nil }
func (baseRules) PlayDecision(*Game, dice.Source) (*Decision, bool, error) {
	return nil, false, nil
}
func (baseRules) PlayApply(*Game, Option, DecisionKind, dice.Source) (bool, error) {
	return false, nil
}
func (baseRules) PlayOptions(Turn) ([]Option, bool)         { return nil, false }
func (baseRules) BuildOptions(*Game, int) ([]Option, bool)  { return nil, false }
func (baseRules) GearEngaged(*Game, *Car, Option, int) bool { return true }
func (baseRules) GearRolled(Turn, bool)                     {}
func (baseRules) Refusal(*Game, *Decision, Order) (string, bool) {
	return "", false
}

// The competition rules' costs, called under their capabilities only; the
// base's own costs are the callers' (autopilot.go, options.go, move.go).

func (baseRules) OvershootFactor(*Game, *Car) int                { return 1 }
func (baseRules) StopSlide(*Game, *Car) int                      { return 0 }
func (baseRules) WantsPit(*Game, *Car) bool                      { return false }
func (baseRules) GearRisk(*Game, *Car, int) float64              { return 0 }
func (baseRules) StuckInGear(*Game, *Car, int, int, int) float64 { return 0 }
func (baseRules) BlockCost(g *Game, k int, w Wear) (Wear, bool) {
	return blockCost(k, w, g.Config.StrictBlockTable)
}
func (baseRules) TimeoutOrder(g *Game, car int) (Order, bool) { return AutopilotFor(g, car) }
func (baseRules) OptionScore(*Game, *Car, *Option) float64    { return 0 }

// theBaseRules is the one baseRules value: it has no state to share.
var theBaseRules RulesModule = baseRules{}

// rules is the game's rules module, baseRules for a game without one (a
// game built by hand rather than by NewGame has none).
func (g *Game) rules() RulesModule {
	if g.turnRules != nil {
		return g.turnRules
	}
	if g.module != nil {
		return g.module
	}
	return theBaseRules
}

// setRules gives a game its ruleset's rules module: always its turnRules,
// and its module (the hot paths' calls) unless the module changes none of
// those phases (quietMove).
func (g *Game) setRules(info *RulesetInfo) {
	g.turnRules = info.newRules()
	g.describe = findDescribers(g.turnRules)
	if !info.quietMove {
		g.module = g.turnRules
	}
}

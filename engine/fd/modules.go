package fd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// League variants as modules (engine-modules.md "Contracts"). A variant
// built as a module is a value made from its parameters once, at NewGame;
// it implements some of the hook interfaces below, and the turn calls the
// hooks where the base rules leave room for a variant, never naming one.
// Adding a variant is its own file and one line of the variants table
// (docs/engine.md).

// Turn is what a module sees of the play under way: the car, what it
// rolled, what it has done so far; it may roll a die and add an event. A
// hook changes the car only for what the hook is for (6-A's Spend marks
// the lap's Top spent).
type Turn struct {
	g *Game
	t *turn
}

// Car is the car whose play it is.
func (t Turn) Car() *Car { return t.t.car }

// Qualifying reports a qualifying session (a solo lap).
func (t Turn) Qualifying() bool { return t.g.qualifying }

// Rolled is the die face of the play's move, 0 for a move no die rolled
// (a super start, a quick stop's exit, inertia).
func (t Turn) Rolled() int { return t.t.face }

// Distance is the number of spaces the play's move goes before any
// modifier.
func (t Turn) Distance() int { return t.t.distance }

// Forced reports an inertia move (FDR R16.4, R16.7): no choice of length.
func (t Turn) Forced() bool {
	p := playModule(t.t)
	return p != nil && p.PlayInertia()
}

// Charge makes the car pay n points of cat for its move, with the brakes
// at the end of the move (R6.11 step 8), leaving no sticker: 16-B's engine
// point.
func (t Turn) Charge(cat Category, n int, cause string) {
	if p := playModule(t.t); p != nil {
		p.PlayCharge(cat, n, cause)
	}
}

// tyreCell is the weather × tyre matrix's cell of the car (weather_matrix.go).
func (t Turn) tyreCell() (tyreCell, bool) { return t.g.extremeCell(t.t.car) }

// BoostAllowed says the weather × tyre matrix lets the car boost in gear
// (8-C's "Boosters" row; 3-A's deluge forbids it): true where the base
// tables hold.
func (t Turn) BoostAllowed(gear int) bool {
	cell, ok := t.tyreCell()
	return !ok || cell.boostAllows(gear)
}

// Raw is the raw d20 of the move's roll when a GearRoller rolled one
// (6-C, league AMB-01), 0 otherwise.
func (t Turn) Raw() int { return t.t.raw }

// SetRaw keeps the raw d20 a GearRoller rolled for the move (league AMB-01).
func (t Turn) SetRaw(r int) { t.t.raw = r }

// Room is how far the car may move before overshooting the corner it
// must stop in next, -1 with none ahead (the autopilot's reading).
func (t Turn) Room() int {
	room, _ := t.g.roomAhead(t.t.car)
	return room
}

// InPitLane reports the car in the pit lane or its box.
func (t Turn) InPitLane() bool { return t.g.inPitLane(t.t.car) }

// AfterPenultimate reports the car on its last lap past the penultimate
// corner (R16.7's zone; 16-F's fuel-risk zone).
func (t Turn) AfterPenultimate() bool { return t.g.AfterPenultimate(t.t.car) }

// OutOfFuel eliminates the car where it stands, out of fuel; it is
// classified by its distance (21-A).
func (t Turn) OutOfFuel(cause string) {
	t.g.EliminateCar(t.t.car, ReasonFuel, cause)
}

// LastLap reports the car on its last lap of the race.
func (t Turn) LastLap() bool {
	c := t.t.car
	return c.CrossedStart && c.Laps == t.g.Config.Laps-1
}

// Roll rolls a die for the car and records it.
func (t Turn) Roll(src dice.Source, purpose string, d dice.Die) (int, error) {
	return t.g.roll(src, t.t.car.Number, purpose, d)
}

// Dice is the game's dice set.
func (t Turn) Dice() dice.Set { return t.g.Config.Dice }

// Emit appends a module's event to the record.
func (t Turn) Emit(e Event) { t.g.emit(e) }

// Slipstreams counts the slipstreams taken so far this play.
func (t Turn) Slipstreams() int {
	if p := playModule(t.t); p != nil {
		return p.PlaySlipstreams()
	}
	return 0
}

// SlipstreamRule says whether the car may slipstream again this play,
// after the base rules have found one open (R18 chaining).
type SlipstreamRule interface {
	SlipstreamAllowed(t Turn) bool
}

// HandlingRule says whether a car crossing a dangerous space takes the
// handling test there (R17.2).
type HandlingRule interface {
	HandlingTested(c *Car) bool
}

// CollisionRule changes the normal threshold (1) of a collision test taken
// on a space (T6, R14.3); the wet and aggravated additions stay on top.
type CollisionRule interface {
	CollisionThreshold(track *tracks.Circuit, at tracks.SpaceID, normal int) int
}

// KnockRule says whether a moving car whose contact eliminated another,
// having lost its automatic body point (R14.6), still takes its own
// collision test against that car (R14.3).
type KnockRule interface {
	TestsAfterKnock() bool
}

// SpaceRule changes what a space of the circuit allows: cars sharing it,
// the rules suspended on it (over-rev, engine tests, braking).
type SpaceRule interface {
	// SharedSpace: any number of cars may stand on the space.
	SharedSpace(track *tracks.Circuit, s tracks.SpaceID) bool
	// RulesSuspended: a car on the space pays no over-rev and calls no
	// engine tests.
	RulesSuspended(track *tracks.Circuit, s tracks.SpaceID) bool
}

// OptionFilter narrows a move's options once the base rules have judged
// them; it never leaves none.
type OptionFilter interface {
	FilterOptions(track *tracks.Circuit, opts []Option) []Option
}

// GearRoller rolls the move of a gear in place of its die (R-GEAR), and
// says whether the roll calls the engine tests. One module at most.
type GearRoller interface {
	RollGear(t Turn, src dice.Source, gear int) (v int, engineTests bool, err error)
}

// DiceRule changes the dice set a configuration implies (a record writes
// a dice line only when its set differs from that).
type DiceRule interface {
	Dice(s dice.Set) dice.Set
}

// DistanceModifier offers, after the roll, moves of other lengths than the
// die's (league-variants.md §0.4: a modifier before the move). Several
// modules may offer one, but a move carries one delta (Option.Top): the
// modifiers form a chain in the order of their Precedence, and a play's
// deltas come from the first one still open to the car; Spend goes to
// that one. Today's chain: 6-A's Top (lost at the line), then 23-C's
// nationality point (lost at the flag), then an earned 23-A point (kept
// in the league's ledger) — the one that expires soonest first, one ±1 a
// move, never two (docs/engine.md).
type DistanceModifier interface {
	// Precedence places the modifier in the chain, lower first.
	Precedence() int
	// Open says the car still has this modifier to spend.
	Open(c *Car) bool
	// Deltas are the lengths this play may add to its roll.
	Deltas(t Turn) []int
	// Spend is the player's choice of a move delta longer.
	Spend(t Turn, delta int)
}

// PricedModifier is a distance modifier that costs points when spent
// (16-B: an engine point); the option says so, and the autopilot weighs
// it.
type PricedModifier interface {
	DistanceModifier
	Price() Wear
	// Fact says the option's delta as this modifier gives it.
	Fact(delta int) phrase.Phrase
}

// PilotPointLedger is an optional interface of a DistanceModifier whose
// ±1 is a pilot point a league ledger keeps (23-A, 23-C), not the Top:
// the status counts them, a ±1 option says it spends one, and a position
// shares its "pilot-point" flags among them (pilot_points.go).
type PilotPointLedger interface {
	DistanceModifier
	// PilotPointsLeft are the points car c may still spend this race.
	PilotPointsLeft(c *Car) int
	// RestorePilotPointsSpent takes its share of the n points a position
	// says spent, in the order of the chain, and returns the rest.
	RestorePilotPointsSpent(c *Car, n int) int
}

// SeasonTokens is an optional interface of a PilotPointLedger that keeps
// season boost tokens, a +1 each (23-A(c)): the status counts them and a
// +1 option says it spends one (pilot_points.go).
type SeasonTokens interface {
	// SeasonTokensLeft are car c's tokens left; ok false where the race
	// has none.
	SeasonTokensLeft(c *Car) (n int, ok bool)
	// SpendsSeasonToken says a move delta longer spends a token.
	SpendsSeasonToken(c *Car, delta int) bool
}

// QualifyingLedger is an optional interface of a DistanceModifier
// that plays in a qualifying session too (23-A(i)): the session's chain
// is the copies it gives, and the grid's earning is credited before the
// race (23-A(c), (i)); pilot_points.go.
type QualifyingLedger interface {
	// QualifyingCopy is the modifier car c's session plays (its one car
	// numbered 1); ok false when it plays in the race only.
	QualifyingCopy(c *Car) (DistanceModifier, bool)
	// CreditQualifyingGrid opens what the qualified grid (order, pole
	// first) earns before the race.
	CreditQualifyingGrid(g *Game, order []int)
}

// The precedences of the distance modifiers: what is lost soonest is
// spent first.
const (
	precedenceLap    = 10 // lost when the car crosses the line (6-A)
	precedenceRace   = 20 // lost at the flag (23-C)
	precedenceLedger = 30 // carried in the league's ledger (23-A)
)

// MarkerRule cleans the debris markers a car's move crossed or stopped on,
// once the move's handling tests on them are over (R17.2, step 10 of the
// play). The circuit's printed dangerous spaces are never cleaned.
type MarkerRule interface {
	// Cleans reports whether the car's move cleans the marker on s.
	Cleans(t Turn, s tracks.SpaceID) bool
}

// MarkerLossRule types the markers by what dropped them (a collision's
// debris, an engine's oil) and says what a car loses on a marker of a kind
// and whether a failed handling test decides it; without it every marker
// costs a handling point on a failed test (R17.2). One module at most.
type MarkerLossRule interface {
	MarkerLoss(kind MarkerKind) (cat Category, tested bool)
}

// RestartRule says what a stall at the restart roll of a spun car does
// (R10.14: the car loses its play).
type RestartRule interface {
	// StallEliminates: the stalled car is pushed off, out of the race.
	StallEliminates() bool
}

// UnpaidOvershootRule may keep in the race a car whose tyres cannot pay
// its overshoot out of corner by spaces (R10.8: it is eliminated at once):
// kept true and the car stays, its module having placed it; false and the
// base's elimination follows (league 10-A's rail cases). One module at most.
type UnpaidOvershootRule interface {
	UnpaidOvershoot(t Turn, corner tracks.Corner, spaces int, src dice.Source) (kept bool, err error)
	// KeptChance is the chance UnpaidOvershoot keeps the car for a move
	// along path (the whole play's), zero when it would not roll: what the
	// option's facts and the autopilot count.
	KeptChance(g *Game, corner tracks.Corner, spaces int, path []tracks.SpaceID) float64
}

// StartRule is a formation lap before the start of the race (R9): it may
// reorder the grid, roll the cars' start rolls ahead (Setup.SetStartRoll)
// and shorten the race (Setup.ShortenRace); and it says up to which start
// roll a car misses its start (R9.2: 1). One module at most.
type StartRule interface {
	FormationLap(s Setup, src dice.Source, grid []int) ([]int, error)
	MissedStart(c *Car, wet bool) int
}

// CompulsoryModifier changes the length of every move rolled in a gear,
// whatever the player wants (league-variants.md §0.4 step 3: a steering
// lock, a wing); a move never goes below 0.
type CompulsoryModifier interface {
	CompulsoryDelta(c *Car, gear int) int
}

// LastRunning reports that the car was classified last of the running
// cars when its play began (league AMB-39).
func (t Turn) LastRunning() bool {
	p := playModule(t.t)
	return p != nil && p.PlayLastRunning()
}

// LapHook hears a car cross the line into a new lap.
type LapHook interface {
	NewLap(c *Car)
}

// WeatherRule says whether two in-race weather tests in a row make the
// weather final beyond the base's two SUN or two RAIN (FDR R3.6); a
// weather made final keeps its dry or wet track.
type WeatherRule interface {
	WeatherFinal(last, result tracks.Weather) bool
}

// WeatherDraw is a race weather roll as a WeatherRoll module sees it.
type WeatherDraw struct {
	Face   int            // the black die
	Result tracks.Weather // the circuit's table for it (R3.1)
	// Edge is the table's result when the face is an end of the scale (1
	// or 20), -1 for the faces between: the extreme rain or sun draw
	Edge tracks.Weather
	// Start: the roll before the race (R3.1); otherwise an in-race test
	// (R3.5) following Last (-1 before the first)
	Start bool
	Last  tracks.Weather
	// the meeting's qualifying weather: any session RAIN, the last session
	RainedInQualifying bool
	LastSession        tracks.Weather
}

// WeatherRoll turns a race weather roll into a weather the circuit's table
// does not print (R3.1, R3.6): ok false leaves the base's. Qualifying's
// rolls never reach it.
type WeatherRoll interface {
	RaceWeather(d WeatherDraw) (w WeatherState, ok bool)
}

// SlideRule changes the amount of the mandatory slide of a car on non-rain
// tyres on a wet track (R8.13, T3: 3 spaces); when a slide happens is the
// base's.
type SlideRule interface {
	DryTyreSlide(c *Car, base int) int
}

// TyreChoiceRule narrows the tyres a car may fit for the start of the race
// (R8.1); qualified says the car's tyres are those it drove its last
// qualifying session on (R1.5), wet that the race starts on a wet track.
// It never leaves none.
type TyreChoiceRule interface {
	RaceTyres(c *Car, qualified, wet bool, offered []Tyre) []Tyre
}

// TyreCompound adds a dry tyre to the base's three, offered at every tyre
// choice (R8.1), with the soft's rules (R8.5, R8.6, R8.10, R8.13) but its
// own bonus, overshoot factor and laps. One module at most.
type TyreCompound interface {
	// Compound is the tyre it adds.
	Compound() Tyre
	// BonusSpaces are the spaces a move may add where the soft's +1 is
	// open, fewest first, at most 2.
	BonusSpaces() []int
	// OvershootFactor is its factor on the set's lap setLap (R8.2) from
	// the soft's in the same weather (T3).
	OvershootFactor(soft, setLap int) int
	// SetLaps is the most laps a set may start: crossing the line into
	// the next spends its tyre points.
	SetLaps() int
}

// TyreMatrix reads the whole weather × tyre matrix (weather_matrix.go)
// in place of the base tyre tables in every weather, not only 3-A's and
// 3-B's Deluge and Heatwave columns, and adds a wet compound offered at
// the tyre choices where its cell lets a car choose it (league 8-C). One
// module at most.
type TyreMatrix interface {
	// WetCompound is the tyre it adds.
	WetCompound() Tyre
	// Adjust is the cell of a tyre in a row of the matrix, as the
	// league's parameters set its contested cells.
	Adjust(row WeatherState, tyre Tyre, cell tyreCell) tyreCell
}

// MatrixWeatherChange is an optional interface of a TyreMatrix: told that
// the race weather changed from before (R3.6's test), it may change the
// cars' tyres' state (8-C's lap of grace of a monsoon set on a track that
// dried).
type MatrixWeatherChange interface {
	WeatherChanged(g *Game, before WeatherState)
}

// BoosterPoints is an optional interface of a Declaration that spends
// booster points built into the car (5-A; 16-F's boosting, AMB-37): the
// build options, the status text and the board read the car's count, and
// a player's build line chooses his (Game.BoosterChoice, BoostersLeft,
// ChooseBoosters, booster_points.go).
type BoosterPoints interface {
	// BoosterChoice is the most booster points a player may build with
	// his configuration; ok false when the module gives each car its own.
	BoosterChoice() (most int, ok bool)
	// BoostersLeft are the booster points car c may still boost with
	// this race.
	BoostersLeft(c *Car) int
	// ChooseBoosters sets the booster points car c's player builds, or
	// refuses them with a sentence.
	ChooseBoosters(g *Game, c *Car, n int) error
	// BoostSpaces are the compulsory spaces of one boost, which the
	// build option's fact says.
	BoostSpaces() int
}

// drawnRunningOrder is a RunningOrder whose session-1 order needs a d20
// for some cars (1-A's unranked), an optional interface of the
// RunningOrder: the game rolls them as session 1 opens, each a recorded
// roll (purpose running-order), and orders by them.
type drawnRunningOrder interface {
	Draws(cars []int) []int
	DrawnOrder(session int, cars []int, earlier map[int]QualifyingResult, draws map[int]int) []int
}

// ClockBank is a module whose cars each keep a bank of response time
// that the service runs (2-B's race clock, AX-5's heat bank): Game.ClockOut
// enters a car's bank running out, the official's "clock-out" or
// "time-out" line. One module at most: AX-5 refuses 2-B (its Check).
type ClockBank interface {
	// RanOut reports that the car's bank already ran out: a second line
	// for it is refused.
	RanOut(c *Car) bool
	// RunOut enters the car's bank running out, capital the bank spent:
	// its line and what it does to the car.
	RunOut(g *Game, c *Car, capital string)
}

// MoveReroll offers, beside a move's options, one new roll of its die,
// the new result standing (league 5-E2); it never touches the black die.
// Reserved are the build points (of the 22, FDR R5.2) a car keeps for it,
// taken from its pit points.
type MoveReroll interface {
	RerollOpen(t Turn) bool
	SpendReroll(t Turn)
	Reserved(car int) int
}

// RerollFact is a MoveReroll that says its option itself (23-A(g)'s pilot
// point); without it the option is 5-E2's telemetry point.
type RerollFact interface {
	RerollFact(t Turn) phrase.Phrase
}

// WingRule is a wing each car sets before the race (league 5-B): a
// decision once the tyres are fitted, then the move's length after the
// roll, the brake points a shortened move spares, the overshoot factor.
// One module at most.
type WingRule interface {
	// Length is the move of a roll v as the car's wing changes it.
	Length(t Turn, v int) int
	// FreeBrake is the spaces of a move shortened by braking that cost no
	// brake point, the move going from its start along path.
	FreeBrake(t Turn, path []tracks.SpaceID) int
	// Overshoot is the factor of the car's overshoots as its wing
	// changes it.
	Overshoot(c *Car, factor int) int
	// BeforeQualifying: the wing is set before each qualifying session
	// too, and plays in its laps (5-B's form b).
	BeforeQualifying() bool
}

// DownforceRule is a car's downforce setting that its pit crew may change
// at a stop (league 5-B's wing, 5-C's steering lock; AMB-15, AMB-16): each
// step toward more downforce is one repair, of a long stop (a pit point,
// or one of the repaired points 19-D and 19-E count); a step toward less
// is free at any stop. One module at most.
type DownforceRule interface {
	// Ladder is the settings a crew may fit, least downforce first.
	Ladder() []string
	// Downforce is the car's setting, and whether its crew may change it.
	Downforce(c *Car) (setting string, changeable bool)
	// ChangeDownforce fits setting to the car at a stop, repairs of its
	// steps paid, and tells it (an event).
	ChangeDownforce(t Turn, setting string, repairs int)
	// DownforceFact says a pit option's new setting and its repairs.
	DownforceFact(setting string, repairs int) phrase.Phrase
	// AskedAtSetUp is the decision that sets the car's setting at the
	// race set-up, once its tyres are fitted, and whether its player is
	// asked (not when the league fixes it).
	AskedAtSetUp(car int) (DecisionKind, bool)
}

// CarStatus says the state of a car a player needs to decide that a
// module keeps (a wing, a lock, a point or a pedal still to spend), for
// the status text; none when it has nothing to say of the car.
type CarStatus interface {
	CarStatus(g *Game, c *Car) []phrase.Phrase
}

// PitBoxRule hands out the pit boxes otherwise than to one driver at a
// time in grid order (R4.1), and pairs the cars in teams. One module at
// most.
type PitBoxRule interface {
	// Teams is each car's team, car 1 first; nil: cars 1–2 are team 1,
	// 3–4 team 2 …
	Teams() []int
	// AllocateBoxes runs the setup's box stage, asking or giving boxes a
	// step a call; done once every car has its box.
	AllocateBoxes(s Setup, src dice.Source) (done bool, err error)
	// BoxChosen gives the box a car's box decision chose, and any box
	// that goes with it.
	BoxChosen(s Setup, car, box int)
	// BoxFact is what a box option says.
	BoxFact(box int) phrase.Phrase
}

// StatefulModule is a variant module that keeps state per game. A
// module value is read-only, built from its parameters and shared by
// every game of a configuration (a qualifying session's game holds its
// race's), so what a game changes lives in the value NewState makes: one
// per game, made by NewGame and, like fdr's state (fdr/state.go), a fresh
// one for each qualifying session's game, never its race's. The module
// reaches its game's value with moduleStateOf; the value's type is the
// module's own (the lookup is by type), a pointer, so that its writes
// stay. Nothing makes or writes a state on a read: Pending and
// PendingAll, read by several goroutines at once, touch none.
type StatefulModule interface {
	NewState() any
}

// WearStanding shows a car's wear points in a standing (the status text)
// in place of the base's count by category: left is what the car has,
// start what it started with. One module at most.
type WearStanding interface {
	WearShown(rules Ruleset, left map[string]int, start Wear) phrase.Phrase
}

// BuildStatus is a CarStatus that tells part of the car's build (19-F's
// engineer points, 23-B's build point): 5-D hides it from the seats that
// may not see the car's build, as it hides the boosters.
type BuildStatus interface {
	CarStatus
	TellsBuild() bool
}

// The wings of league 5-B.
const (
	WingNeutral  = "neutral"
	WingLoaded   = "loaded"
	WingUnloaded = "unloaded"
)

// PitLaneRule limits the gears a car drives in the pit lane (league
// 19-A); the base has no limit (R19.10).
type PitLaneRule interface {
	// PitEntry judges a move from the track into the pit lane in gear:
	// whether it may, and the brake points it costs; imposed says the
	// play's gear was no choice (the car began it in 1st or less).
	PitEntry(gear int, imposed bool) (ok bool, brakes int)
	// PitLaneGear says whether a car whose play starts in the pit lane or
	// its box may take gear.
	PitLaneGear(gear int) bool
}

// PitStopRule amends the rules of a stop in the pits (R19.15, R19.17):
// what a long stop repairs and with what, the fuel refilled, how long the
// car stays.
type PitStopRule interface {
	AmendPitStop(c *Car, r *PitStopRules)
}

// PitStopRules are a stop's rules as the modules amend them, starting
// from the competition rules' (pitStopRules).
type PitStopRules struct {
	// PitRepairs: a long stop repairs from the car's pit points (R19.17),
	// PitPoints of them left.
	PitRepairs bool
	PitPoints  int
	// FreeRepairs are the points a long stop repairs without pit points,
	// among brakes, gas, body, handling and engine (19-E); spent before
	// the pit points.
	FreeRepairs int
	// Refuel: the gas points come back free, all of them in a long stop,
	// at most QuickRefuel in a quick stop (19-C).
	Refuel      bool
	QuickRefuel int
	// ExcessRoll, ExcessHeld: from this many points repaired a long stop
	// rolls the quick-stop die to leave at the next play, from this many
	// it stays one more turn (19-D); 0 for never. ExcessPitOnly counts
	// only the points paid from pit points (league AMB-40 literally).
	ExcessRoll, ExcessHeld int
	ExcessPitOnly          bool
	// QuickStopTop is the highest black die a quick stop makes (R19.15:
	// 10); Mechanics, a quick stop made earns the car's team a mechanics
	// point (19-G).
	QuickStopTop int
	Mechanics    bool
	// QuickExitMax bounds the spaces a quick stop made leaves with
	// (23-B(c): 5); 0 for no bound.
	QuickExitMax int
	// Engineers are the engineer points the car may spend at this stop
	// (19-F): one makes a quick stop sure, each repairs a point more in a
	// long stop, after the free points and the pit points.
	Engineers int
}

// QualifyingStart gives the gears a qualifying lap may start in, in place
// of the standing start in 1st (FDR R1.3). One module at most.
type QualifyingStart interface {
	StartGears(t Turn) []Option
}

// QualifyingCarry carries a car's state into its qualifying lap (AX-3's
// marathon, league AMB-56): the gear, lane and life points it brought from
// the circuit before, in place of the standing start in 1st with the
// starting build (R1.3, R1.4); false for a car that carries nothing. A
// game with such a module also tells each lap's end state (carry-out), so
// that the next circuit can carry it.
type QualifyingCarry interface {
	Carried(car int) (Carry, bool)
}

// BuildRule changes the spread of one car's configuration points (FDR
// R5.2: 22 points, 20 to 22 on the car, the rest in the pit). One module
// at most: a car has one budget.
type BuildRule interface {
	Spread(car int) Spread
}

// Spread is what one car's configuration spreads (R5.2): Total points,
// CarMin to CarMax of them on the car and the rest in the pit. Only, when
// set, is the one configuration the car may have (AX-5's 12-point car).
type Spread struct {
	Total, CarMin, CarMax int
	Only                  Wear
}

// BuildShare takes build points of the car's 22 (FDR R5.2) for a
// characteristic a module adds to the car (league 5-A's booster points,
// league AMB-14: the 22 include them): the car's six categories and its pit
// points spread the rest. Not for a spread with one configuration (Only).
type BuildShare interface {
	Shared(c *Car) int
}

// TeamBuildRule judges a car's configuration against those its teammates
// have given (4-B): an error says why it is refused.
type TeamBuildRule interface {
	TeamBuild(s Setup, car int, w Wear) error
}

// BuildTune improves a car's configuration once it is given (R5.2), before
// the race: one point more in each category Tune marks (19-F's third use).
// The configuration the car gave is what its teammates build against.
type BuildTune interface {
	Tune(car int) Wear
}

// BuildBonus gives a car build points beyond its spread (R5.2) for this
// race: a ledger's build point (23-A(h), 23-B(a)(b)). Every module may;
// the points add to the total and to both bounds of the car's share, so
// the pit keeps its own range (23-A(h): 23 points, at most 2 in the pit).
// A car allowed one configuration only (Spread.Only, AX-5) gets none.
type BuildBonus interface {
	ExtraBuild(car int) int
}

// SessionRule sets a game's qualifying sessions in place of R1.1's one or
// two (the weather rolled, one lap, the best result counting): each
// session's weather and laps, in order. Contest reports a game that ends
// with its grid, the grid being the contest's ranking (GridRule), with no
// race after it. One module at most.
type SessionRule interface {
	Sessions() []Session
	Contest() bool
}

// RunningOrder gives the order the cars run a qualifying session in (a
// club's order of passage): the cars, first runner first, given each
// car's best result of the sessions before (none in the first). Where
// the competition rules break a tie by the earlier completion
// (fdr AMB-42), the earlier runner goes first. One module at most.
type RunningOrder interface {
	RunningOrder(session int, cars []int, earlier map[int]QualifyingResult) []int
}

// maxSessions bounds the qualifying sessions a position may name: R1.1's
// one or two, a SessionRule's more (the game checks its own number when it
// starts from the position).
const maxSessions = 9

// Session is one qualifying session of a SessionRule: its weather (sun or
// rain, never rolled) and the laps each car drives alone.
type Session struct {
	Weather tracks.Weather
	Laps    int
}

// Declaration is a choice a car makes with its gear, before the roll
// (league-variants.md §0.4 DECLARE: 6-B's Super Top, 16-E's supercharge,
// 5-A's boost). The gear decision offers it as a gear option of its own,
// lettered the gear and the Mark ("5S"); the record's order names that
// letter, so a replay declares it again.
type Declaration interface {
	// Mark is the declaration's letter after the gear, one capital.
	Mark() string
	// Declarable says the car may declare it with the gear.
	Declarable(t Turn, gear int) bool
	// Declare spends what declaring costs, before the roll.
	Declare(t Turn)
	// Pays says the autopilot declares it with the gear it chose.
	Pays(t Turn, gear int) bool
	// Fact says, among the gear option's facts, what declaring it with
	// the gear gives car c (nil when the decision names none).
	Fact(c *Car, s dice.Set, gear int) phrase.Phrase
}

// ChosenMove is a declaration that replaces the roll: the player picks the
// length among the faces of the gear's die, and no die event follows
// (6-B, AMB-20).
type ChosenMove interface {
	Declaration
	ChoosesMove()
}

// DeclaredRoll is a declaration that changes the move once the die is
// rolled (§0.4 step 3, the compulsory modifiers: 16-E's supercharge, 5-A's
// boost): the spaces it adds to the roll, the engine tests the car takes
// after its move (their thresholds: a test fails on the black die at or
// under one), and whether they stand for the car's own part in the engine
// tests its roll calls (R16.1; AMB-36).
type DeclaredRoll interface {
	Declaration
	AfterRoll(t Turn, gear int) (bonus int, tests []int, ownReplaced bool)
}

// RollBonus offers, once the die is rolled, up to n spaces more than it
// says, any of them (§0.4 step 4: 16-C's évo bonus); a move no die rolled
// has none (AMB-20).
type RollBonus interface {
	Bonus(t Turn, gear int) int
}

// EngineTestRule says how many black dice each engine test of a car
// rolls, each failure an engine point (16-C, AMB-34: twice).
type EngineTestRule interface {
	EngineTestRolls(c *Car) int
}

// EngineLimitRule moves the black die a car's engine tests fail at or
// under: given the weather's limit (R16.3: 1–4, 3 on a wet track; 3-A,
// 3-B), the car's own (16-D: an évo stage's 8, 6 or 4, the weather's
// difference kept).
type EngineLimitRule interface {
	EngineLimit(c *Car, weather int) int
}

// GearFacts are what a module tells of a gear option for a car (16-D:
// its évo bonus, its engine tests' limit, the weather's included); raw:
// a 6-C box, its thresholds read on the d20.
type GearFacts interface {
	GearFacts(c *Car, gear, engineLimit int, raw bool) []phrase.Phrase
}

// MoveRollTest is a test a car takes before its move roll, its gear
// engaged (§0.4 ROLL): eliminated reports that it failed and the car left
// the race, its play over.
type MoveRollTest interface {
	BeforeMoveRoll(t Turn, src dice.Source) (eliminated bool, err error)
}

// PlayEnd hears the end of a racing car's play in the race, its engine
// tests done (16-F: the fuel tests of the last lap).
type PlayEnd interface {
	PlayEnded(t Turn, src dice.Source) error
}

// RoundEnd hears the end of a game turn of the race (R6.11, §0.4
// END_OF_TURN), before its weather tests: what lasted until then stops
// (10-A's runaway car).
type RoundEnd interface {
	RoundEnded(g *Game)
}

// SpareCar brings a car out of the race back in its team's spare, at the
// end of a play (roundEnd false) and of a round (true) of the race (20-B):
// now, or promised for a later call (Spare.Due). The module keeps on the
// car what it gave (its own slots: a spare taken, a spare promised). One
// module at most.
type SpareCar interface {
	SpareFor(t Turn, c *Car, roundEnd bool) (s Spare, ok bool)
}

// Spare is the car a SpareCar brings back: in its box, in Gear, with Wear;
// SlowStop: it leaves in 4th at most (R19.15). Kind is its event, Cut the
// two categories a b2 spare lost. Due: not yet, the car is promised it
// and a later call brings it.
type Spare struct {
	Due      bool
	Gear     int
	Wear     Wear
	SlowStop bool
	Kind     string
	Cut      [2]Category
}

// CarMoveLimit forbids some of a car's moves (20-B b1: the spare's first
// move stops before the first bend); it never leaves none.
type CarMoveLimit interface {
	AllowsMove(t Turn, c *Car, op Option) bool
}

// MoveLimit is a declaration that forbids some moves (16-E: not into the
// pit lane).
type MoveLimit interface {
	Declaration
	Allows(op Option) bool
}

// LastPointSave may cancel one point of a loss that would take a car's
// last engine, handling or body point (6-B's save, AMB-20); it reports
// whether it does, and spends what saving costs.
type LastPointSave interface {
	SavesLastPoint(t Turn, c *Car, cat Category) bool
}

// BlackReroll may roll the black die of a failed test of the playing
// car once more, the new result standing (4-B(b)'s pilot point): it
// reports whether it does, and spends what the reroll costs.
type BlackReroll interface {
	RerollsBlack(t Turn, c *Car, purpose string, failed int) bool
}

// BlackRefusal may cancel, before it is rolled, a black-die test of the
// playing car (23-A(d), 6-B's refuse_test: test_refusal.go): it reports
// whether it does, and spends what refusing costs.
type BlackRefusal interface {
	RefusesBlack(t Turn, c *Car, purpose string) bool
}

// CarSecrecy keeps a car's configuration and wear from the seats that do
// not drive it (5-D): Hides reports whether reader (the car its seat
// drives, 0 for a reader with none) must not see car's, sameTeam whether
// the two cars are teammates (4-A, 4-B). Game.SeesCar asks it; the owner,
// the game master and everyone after the car's race always see.
type CarSecrecy interface {
	Hides(reader, car int, sameTeam bool) bool
}

// CoastRule replaces the inertia of a blown engine (R16.4, R16.5): the
// gear whose die the car rolls for it, from the gear its engine blew in
// (ok false: no inertia, the car is removed at once), and the move itself:
// straight ahead in its lane, no stop owed, no overshoot or blocking
// cost, stopping behind a car, no sticker at its end (16-A). The extended
// inertia after the penultimate corner (R16.7) stays the base's. One
// module at most.
type CoastRule interface {
	InertiaGear(blown int) (gear int, ok bool)
}

// StoppageRule stops the race at the end of a round (R6.11) when the
// circuit has become too dangerous, given the cars that started, the
// markers on the circuit and the walls they make (21-B's red flag, 15-A's
// oval restart); what a stoppage does is the game's (fdrStoppage). The
// race stops when any of them says so.
type StoppageRule interface {
	Stops(track *tracks.Circuit, starters, markers, walls int) bool
}

// AccidentRule tests each eliminating accident of the race (Accidents) at
// the end of the round it happened in (R6.11) or of the race, with the
// game's dice (roll: a die for a purpose, recorded), before a
// StoppageRule: 20-A's injury test under rule A. serious stops the race
// by the stoppage's procedure (fdrStoppage, league AMB-43); tested is
// false for an accident the rule leaves alone. One module at most.
type AccidentRule interface {
	TestAccident(a Accident, roll func(d dice.Die, purpose string) (int, error)) (o AccidentOutcome, tested bool, err error)
}

// AccidentStop is an AccidentRule that tests each accident at the end of
// the play it happened in, not of the round, and whose stopping outcome
// (AccidentOutcome.Stops) stops the race there: 20-A rule B's death (a
// new start for two laps from the track order on lap 1, later the race
// over in the track order).
type AccidentStop interface {
	StopsAtOnce() bool
}

// QualifyingAccidentRule tests a car's qualifying lap when its session
// ends (closeFinishedSessions), each overshoot of it (the squares past the
// bend, the stops made, the bend's), with the game's dice: 20-A rule A's
// QUALI. A serious outcome keeps the car off this race's grid. One module
// at most.
type QualifyingAccidentRule interface {
	TestQualifying(spaces, stops, required int, roll func(d dice.Die, purpose string) (int, error)) (o AccidentOutcome, tested bool, err error)
}

// ExtraGear adds a gear above the box's sixth (6-D's seventh): its
// move, rolled from the box's own gears, and the engine tests it calls.
// One module at most.
type ExtraGear interface {
	// TopGear is the highest gear a car may shift into (7).
	TopGear() int
	// ExtraDie is the distribution of a gear above 6 as one die, for
	// everything that weighs a gear by its die (options, autopilot).
	ExtraDie(s dice.Set, gear int) dice.Die
	// RollExtra rolls the move of a gear above 6 with roll (the box's own
	// roll of a gear: its value and whether it is the top face): the
	// spaces, the engine tests the car takes after its move, and whether
	// every other car from 5th up tests once.
	RollExtra(t Turn, gear int, roll func(gear int) (v int, top bool, err error)) (v, tests int, others bool, err error)
	// Fact says, among the gear option's facts, what the gear costs.
	Fact(gear int) phrase.Phrase
}

// Setup is what a module sees of a game before the start: the cars, the
// black die, the record.
type Setup struct{ g *Game }

// Cars is the number of cars in the race.
func (s Setup) Cars() int { return len(s.g.Cars) }

// Black rolls the black die for a car and records it.
func (s Setup) Black(src dice.Source, car int, purpose string) (int, error) {
	return s.g.black(src, car, purpose)
}

// Emit appends a module's event to the record.
func (s Setup) Emit(e Event) { s.g.emit(e) }

// Qualified lists every qualifying session's result so far, session by
// session (fdr), each car's own in every session it drove.
func (s Setup) Qualified() []QualifyingResult {
	q, ok := s.g.qualifyingState()
	if !ok {
		return nil
	}
	return slices.Clone(q.Results)
}

// SetStartRoll keeps a start roll rolled before the start (a formation
// lap) for the car's first play.
func (s Setup) SetStartRoll(car, v int) { s.g.car(car).setFormationRoll(v) }

// ShortenRace cuts the race to laps, never lengthening it, and says
// whether it did.
func (s Setup) ShortenRace(laps int) bool {
	if laps >= s.g.Config.Laps {
		return false
	}
	s.g.Config.Laps, s.g.shortened = laps, laps
	return true
}

// GridRule forms the starting grid, pole first, in place of qualifying or
// the grid roll (FDR R1, R2). One module at most.
type GridRule interface {
	Grid(s Setup, src dice.Source) ([]int, error)
}

// GridSpaceRule puts the grid's cars, pole first, on squares of its own
// in place of the circuit's grid slots (R9): AX-5's symmetric heat. One
// module at most.
type GridSpaceRule interface {
	GridSpaces(s Setup, grid []int) ([]tracks.SpaceID, error)
}

// ConfigRule sets what the variant implies of the rest of the
// configuration when it is switched on, and refuses a configuration that
// contradicts it (Config.Validate).
type ConfigRule interface {
	Configure(c *Config)
	Check(c Config) error
}

// hooks are the game's variant modules sorted by the hooks they implement,
// found once at NewGame by type assertion.
type hooks struct {
	slipstream []SlipstreamRule
	handling   []HandlingRule
	collision  []CollisionRule
	knocks     []KnockRule
	spaces     []SpaceRule
	filters    []OptionFilter
	rerolls    []MoveReroll
	refusals   []BlackRefusal
	shares     []BuildShare
	laps       []LapHook
	markers    []MarkerRule
	markerLoss MarkerLossRule
	restarts   []RestartRule
	unpaid     UnpaidOvershootRule
	unpaidBy   string
	start      StartRule
	compulsory []CompulsoryModifier
	weather    []WeatherRule
	wxRoll     []WeatherRoll
	slides     []SlideRule
	tyres      []TyreChoiceRule
	pitLane    []PitLaneRule
	pitStops   []PitStopRule
	distance   []DistanceModifier // by Precedence
	declare    []Declaration
	declareBy  []string // the variant of each declaration
	playEnd    []PlayEnd
	roundEnd   []RoundEnd
	beforeRoll []MoveRollTest
	bonus      []RollBonus
	testRolls  []EngineTestRule
	engineLim  []EngineLimitRule
	gearFacts  []GearFacts
	saves      []LastPointSave
	rerollsBlk []BlackReroll
	secrecy    []CarSecrecy
	gears      GearRoller
	compound   TyreCompound
	matrix     TyreMatrix
	wing       WingRule
	downforce  DownforceRule
	status     []CarStatus
	wearShown  WearStanding
	pitBoxes   PitBoxRule
	qualiStart QualifyingStart
	grid       GridRule
	gridSpaces GridSpaceRule
	build      BuildRule
	sessions   SessionRule
	running    RunningOrder
	coast      CoastRule
	spare      SpareCar
	carLimits  []CarMoveLimit
	teamBuild  []TeamBuildRule
	tunes      []BuildTune
	buildBonus []BuildBonus
	stoppage   []StoppageRule
	accidents  AccidentRule
	qualiHurt  QualifyingAccidentRule
	extraGear  ExtraGear
	carries    []QualifyingCarry
	clock      ClockBank        // Game.ClockOut's bank: at most one (AX-5 refuses 2-B)
	stateful   []StatefulModule // each game makes their states (newModuleStates)
	// the variants filling the hooks only one may: who to name when a
	// second one is refused
	gearsBy, qualiStartBy, gridBy, buildBy, sessionsBy, runningBy, markerLossBy, startBy, coastBy string
	compoundBy, matrixBy, wingBy, spareBy, extraGearBy                                            string
	downforceBy                                                                                   string
	accidentsBy                                                                                   string
	gridSpacesBy                                                                                  string
	qualiHurtBy                                                                                   string
	wearShownBy                                                                                   string
	pitBoxesBy                                                                                    string
}

// variantOn is a variant built as a module that a configuration plays,
// with every parameter.
type variantOn struct {
	id     string
	params map[string]string
}

// moduleVariant makes a registry entry of a variant built as a module: the
// configuration keeps its id and parameters (so the record's options are
// written as before), and build makes the module from them, refusing bad
// parameters when the variant is switched on.
func moduleVariant(v Variant, build func(p map[string]string) (any, error)) Variant {
	v.build = build
	v.set = func(c *Config, p map[string]string) error {
		m, err := build(p)
		if err != nil {
			return err
		}
		if d, ok := m.(DiceRule); ok {
			c.Dice = d.Dice(c.Dice)
		}
		if r, ok := m.(ConfigRule); ok {
			r.Configure(c)
		}
		on := slices.DeleteFunc(slices.Clone(c.Variants.modules), func(m variantOn) bool { return m.id == v.ID })
		on = append(on, variantOn{id: v.ID, params: p})
		// by id: the same game whatever order the variants were named in
		// (the record's header sorts them), and its hooks in one order
		slices.SortFunc(on, func(a, b variantOn) int { return strings.Compare(a.id, b.id) })
		c.Variants.modules = on
		return nil
	}
	v.get = func(c Config) (map[string]string, bool) {
		for _, m := range c.Variants.modules {
			if m.id == v.ID {
				return m.params, true
			}
		}
		return nil, false
	}
	return v
}

// eachModule builds the modules of the variants a configuration plays, in
// the order of their ids, and hands each to do.
func (c Config) eachModule(do func(id string, m any) error) error {
	for _, on := range c.Variants.modules {
		v, ok := LookupVariant(on.id)
		if !ok || v.build == nil {
			continue
		}
		m, err := v.build(on.params)
		if err != nil {
			return err
		}
		parts, ok := m.(moduleParts)
		if !ok {
			parts = moduleParts{m}
		}
		for _, part := range parts {
			if err := do(on.id, part); err != nil {
				return err
			}
		}
	}
	return nil
}

// variantHooks builds the modules of the variants a configuration plays
// and sorts their hooks.
func (c Config) variantHooks() (hooks, error) {
	var h hooks
	if len(c.Variants.modules) == 0 {
		return h, nil // most games: nothing to build
	}
	err := c.eachModule(h.add)
	return h, err
}

// add sorts one module's hooks; a second module for a hook only one may
// fill is refused, naming both variants.
func (h *hooks) add(id string, m any) error {
	if err := only(&h.gears, &h.gearsBy, id, m, "rolls the gears"); err != nil {
		return err
	}
	if x, ok := m.(DistanceModifier); ok {
		h.distance = append(h.distance, x)
		slices.SortStableFunc(h.distance, func(a, b DistanceModifier) int { return a.Precedence() - b.Precedence() })
	}
	if err := only(&h.compound, &h.compoundBy, id, m, "adds a tyre"); err != nil {
		return err
	}
	if err := only(&h.matrix, &h.matrixBy, id, m, "reads the tyre matrix"); err != nil {
		return err
	}
	if err := only(&h.wing, &h.wingBy, id, m, "sets the wing"); err != nil {
		return err
	}
	if err := only(&h.downforce, &h.downforceBy, id, m, "sets the car's downforce: the booklet offers the wing and the steering lock as alternatives (league AMB-15)"); err != nil {
		return err
	}
	each(&h.rerolls, m)
	each(&h.refusals, m)
	each(&h.status, m)
	if err := only(&h.wearShown, &h.wearShownBy, id, m, "shows the wear in the standing"); err != nil {
		return err
	}
	if err := only(&h.pitBoxes, &h.pitBoxesBy, id, m, "hands out the pit boxes"); err != nil {
		return err
	}
	each(&h.carries, m)
	if x, ok := m.(ClockBank); ok {
		h.clock = x
	}
	each(&h.stateful, m)
	each(&h.shares, m)
	if err := only(&h.qualiStart, &h.qualiStartBy, id, m, "starts the qualifying lap"); err != nil {
		return err
	}
	if err := only(&h.grid, &h.gridBy, id, m, "forms the grid"); err != nil {
		return err
	}
	if err := only(&h.gridSpaces, &h.gridSpacesBy, id, m, "places the grid"); err != nil {
		return err
	}
	if err := only(&h.build, &h.buildBy, id, m, "spreads the configuration points"); err != nil {
		return err
	}
	if err := only(&h.sessions, &h.sessionsBy, id, m, "sets the qualifying sessions"); err != nil {
		return err
	}
	if err := only(&h.running, &h.runningBy, id, m, "orders the qualifying runs"); err != nil {
		return err
	}
	each(&h.laps, m)
	if err := only(&h.coast, &h.coastBy, id, m, "rules the inertia"); err != nil {
		return err
	}
	each(&h.teamBuild, m)
	each(&h.tunes, m)
	each(&h.buildBonus, m)
	if err := only(&h.spare, &h.spareBy, id, m, "brings out the spare cars"); err != nil {
		return err
	}
	each(&h.carLimits, m)
	each(&h.stoppage, m)
	if err := only(&h.accidents, &h.accidentsBy, id, m, "tests the accidents"); err != nil {
		return err
	}
	if err := only(&h.qualiHurt, &h.qualiHurtBy, id, m, "tests the qualifying accidents"); err != nil {
		return err
	}
	if err := only(&h.extraGear, &h.extraGearBy, id, m, "adds a gear"); err != nil {
		return err
	}
	if x, ok := m.(Declaration); ok {
		for i, d := range h.declare {
			if d.Mark() == x.Mark() {
				return taken(id, h.declareBy[i], "declares with the letter "+x.Mark())
			}
		}
		h.declare = append(h.declare, x)
		h.declareBy = append(h.declareBy, id)
	}
	each(&h.playEnd, m)
	each(&h.roundEnd, m)
	each(&h.beforeRoll, m)
	each(&h.saves, m)
	each(&h.rerollsBlk, m)
	each(&h.secrecy, m)
	each(&h.bonus, m)
	each(&h.testRolls, m)
	each(&h.engineLim, m)
	each(&h.gearFacts, m)
	each(&h.markers, m)
	if err := only(&h.start, &h.startBy, id, m, "runs the formation lap"); err != nil {
		return err
	}
	each(&h.compulsory, m)
	each(&h.restarts, m)
	if err := only(&h.unpaid, &h.unpaidBy, id, m, "decides an unpaid overshoot"); err != nil {
		return err
	}
	if err := only(&h.markerLoss, &h.markerLossBy, id, m, "types the markers"); err != nil {
		return err
	}
	each(&h.tyres, m)
	each(&h.wxRoll, m)
	each(&h.pitLane, m)
	each(&h.pitStops, m)
	each(&h.slides, m)
	each(&h.weather, m)
	each(&h.slipstream, m)
	each(&h.handling, m)
	each(&h.collision, m)
	each(&h.knocks, m)
	each(&h.spaces, m)
	each(&h.filters, m)
	return nil
}

// only fills a hook one module at most may fill; a second module filling
// it is refused, naming the first.
func only[T any](slot *T, by *string, id string, m any, what string) error {
	x, ok := m.(T)
	if !ok {
		return nil
	}
	if *by != "" {
		return taken(id, *by, what)
	}
	*slot, *by = x, id
	return nil
}

// taken refuses variant id because variant by already fills a hook only
// one may fill.
func taken(id, by, what string) error {
	return fmt.Errorf("variant %s: not with %s, which already %s", id, by, what)
}

// each adds a module to a hook every module may fill.
func each[T any](list *[]T, m any) {
	if x, ok := m.(T); ok {
		*list = append(*list, x)
	}
}

// newModuleStates makes a game's own state of each stateful module, in
// the modules' order; nil when none keeps state (most games).
func (h *hooks) newModuleStates() []any {
	if len(h.stateful) == 0 {
		return nil
	}
	states := make([]any, len(h.stateful))
	for i, m := range h.stateful {
		states[i] = m.NewState()
	}
	return states
}

// moduleStateOf is the game's state of type S of a StatefulModule (S is
// the module's own type, a pointer), the zero S when the game has none (a
// game built by hand, or the module not played). It only loads.
func moduleStateOf[S any](g *Game) S {
	for _, st := range g.moduleStates {
		if s, ok := st.(S); ok {
			return s
		}
	}
	var none S
	return none
}

// slipstreamAllowed asks every module whether the play may slipstream
// again.
func (g *Game) slipstreamAllowed(t *turn) bool {
	for _, h := range g.hooks.slipstream {
		if !h.SlipstreamAllowed(Turn{g, t}) {
			return false
		}
	}
	return true
}

// spread is the configuration points of car (R5.2) as a module changes
// them.
func (g *Game) spread(car int) Spread {
	sp := g.ruleSpread(car)
	if b := g.buildShared(car, sp); b > 0 { // BuildShare: league 5-A
		sp.Total -= b
		sp.CarMin = max(sp.CarMin-b, int(NumCategories))
		sp.CarMax -= b
	}
	return sp
}

// BaseSpread is R5.2's spread of a car's build points: 22, of which 20
// to 22 on the car and the rest in the pit (T10). It is the base's, not
// only the competition rules': every ruleset's pit pool is bounded by it
// (BoardFaults, fd2008's O-PIT too), and fdr's build checks read it from
// here (ValidateFDRBuild).
var BaseSpread = Spread{Total: 22, CarMin: 20, CarMax: 22}

// ruleSpread is the car's spread before the modules' own
// characteristics: a BuildRule's, or R5.2's, with the points a
// BuildBonus gives.
func (g *Game) ruleSpread(car int) Spread {
	sp := BaseSpread
	if g.hooks.build != nil {
		sp = g.hooks.build.Spread(car)
	}
	if sp.Only != (Wear{}) {
		return sp
	}
	for _, b := range g.hooks.buildBonus {
		n := b.ExtraBuild(car)
		sp.Total, sp.CarMin, sp.CarMax = sp.Total+n, sp.CarMin+n, sp.CarMax+n
	}
	return sp
}

// builtShare are the build points car's modules take for their own
// characteristics (BuildShare).
func (g *Game) builtShare(car int) int { return g.buildShared(car, g.ruleSpread(car)) }

// buildShared are the build points the modules take for their own
// characteristics (BuildShare), at most what leaves every category its
// point (R5.2); none from a spread with one configuration.
func (g *Game) buildShared(car int, sp Spread) int {
	if sp.Only != (Wear{}) {
		return 0
	}
	n := 0
	for _, h := range g.hooks.shares {
		n += h.Shared(g.car(car))
	}
	return min(n, max(sp.CarMax-int(NumCategories), 0))
}

// qualifyingSession is session n (from 1) as a SessionRule sets it; ok
// false under R1.1's own sessions.
func (g *Game) qualifyingSession(n int) (Session, bool) {
	if g.hooks.sessions == nil {
		return Session{}, false
	}
	list := g.hooks.sessions.Sessions()
	if n < 1 || n > len(list) {
		return Session{}, false
	}
	return list[n-1], true
}

// runningOrder is the order the cars run qualifying session n in, nil
// without a RunningOrder module.
func (g *Game) runningOrder(n int) []int {
	if g.hooks.running == nil {
		return nil
	}
	q, ok := g.qualifyingState()
	if !ok {
		return nil
	}
	if d, ok := g.hooks.running.(drawnRunningOrder); ok { // 1-A's unranked by d20
		return d.DrawnOrder(n, carNumbers(len(g.Cars)), q.Best, q.OrderDraws)
	}
	return g.hooks.running.RunningOrder(n, carNumbers(len(g.Cars)), q.Best)
}

// completionSeq is the completion order a qualifying result of car gets
// (fdr AMB-42): the order results came in, or with a RunningOrder the
// car's place in the session's running order, sessions one after another.
func (g *Game) completionSeq(car int) int {
	q, _ := g.qualifyingState()
	order := g.runningOrder(q.Session)
	if i := slices.Index(order, car); i >= 0 {
		return (q.Session-1)*MaxCars + i + 1
	}
	return q.Done
}

// contestOnly reports a game that ends with its grid (SessionRule).
func (g *Game) contestOnly() bool { return g.hooks.sessions != nil && g.hooks.sessions.Contest() }

// weatherFinal is R3.6 as the modules widen it: whether the test result
// following last makes the weather final.
func (g *Game) weatherFinal(last, result tracks.Weather) bool {
	for _, h := range g.hooks.weather {
		if h.WeatherFinal(last, result) {
			return true
		}
	}
	return false
}

// raceWeatherRoll asks the modules, in the order of their ids, for a
// weather the table does not print; the first answer stands.
func (g *Game) raceWeatherRoll(d WeatherDraw) (WeatherState, bool) {
	if d.Face == 1 || d.Face == 20 {
		d.Edge = d.Result
	} else {
		d.Edge = -1
	}
	if q, ok := g.qualifyingState(); ok { // QualifyingModule: league 3-B
		d.RainedInQualifying, d.LastSession = q.Rained, q.LastWeather
	}
	for _, h := range g.hooks.wxRoll {
		if w, ok := h.RaceWeather(d); ok {
			return w, true
		}
	}
	return 0, false
}

// dryTyreSlide is T3's slide of non-rain tyres on a wet track as the
// modules change it.
func (g *Game) dryTyreSlide(c *Car) int {
	n := 3
	for _, h := range g.hooks.slides {
		n = h.DryTyreSlide(c, n)
	}
	return n
}

// tyreTypes are the tyres a car may fit (R8.1): the base's three, a
// module's compound, and a TyreMatrix's wet compound where w, the weather
// of the choice, lets a car choose it.
func (g *Game) tyreTypes(w WeatherState) []Tyre {
	out := []Tyre{Hard, Soft, RainTyre}
	if g.hooks.compound != nil {
		out = append(out, g.hooks.compound.Compound())
	}
	if m := g.hooks.matrix; m != nil {
		if cell, ok := g.cellIn(w, m.WetCompound()); ok && !cell.closed {
			out = append(out, m.WetCompound())
		}
	}
	return out
}

// tyreWeather is the weather a setup's tyre choice is made for: the
// qualifying session's before the race's setup (R1.5), the race's after
// (R3.1, R8.1).
func (g *Game) tyreWeather() WeatherState {
	w := g.weather
	if g.setupStage <= setupQualifying {
		w = g.qualiWeather
	}
	if q, ok := g.qualifyingState(); ok {
		w = g.weather // FDR R8.1: the race weather is known (R3.1)
		if q.InQualifying {
			w = g.qualiWeather // FDR R1.5: the session's weather
		}
	}
	return w
}

// dryTyre reports hard, soft, or a module's dry compound.
func (g *Game) dryTyre(t Tyre) bool { return t == Hard || g.softLike(t) }

// compoundOf is the module's compound when the tyre is it.
func (g *Game) compoundOf(t Tyre) (TyreCompound, bool) {
	x := g.hooks.compound
	return x, x != nil && t == x.Compound()
}

// softLike reports soft tyres or a module's compound, which keeps the
// soft's rules where it says nothing of its own.
func (g *Game) softLike(t Tyre) bool {
	_, ok := g.compoundOf(t)
	return t == Soft || ok
}

// spendCompound is a TyreCompound's last lap: a car crossing the line into
// a set lap beyond SetLaps (its race not over) has no tyre point left
// until it changes tyres.
func (g *Game) spendCompound(c *Car) {
	x, ok := g.compoundOf(c.Tyre)
	if !ok || c.TyreAge < x.SetLaps() || c.Laps >= g.Config.Laps || c.Wear[Tyres] == 0 {
		return
	}
	c.Wear[Tyres] = 0
	g.emit(Encode(TyresSpentEvent{Car: c.Number, Type: c.Tyre.String(), Lap: c.TyreAge + 1}))
}

// moveLength is a rolled move as the wing changes it (WingRule).
func (g *Game) moveLength(t *turn, v int) int {
	if g.hooks.wing == nil || g.qualifying && !g.hooks.wing.BeforeQualifying() {
		return v
	}
	return max(0, g.hooks.wing.Length(Turn{g, t}, v))
}

// freeBrake is the spaces of a braked move along path that the wing
// spares (WingRule).
func (g *Game) freeBrake(t *turn, braked int, path []tracks.SpaceID) int {
	if g.hooks.wing == nil || braked == 0 || g.qualifying && !g.hooks.wing.BeforeQualifying() {
		return 0
	}
	return min(braked, g.hooks.wing.FreeBrake(Turn{g, t}, path))
}

// buildReserved are the build points the modules keep out of a car's
// pit points (MoveReroll): none where its spread (BuildRule) leaves no
// pit point, a season pot putting all its total on the car (5-E), so
// that car plays without them.
func (g *Game) buildReserved(car int) int {
	n := 0
	for _, h := range g.hooks.rerolls {
		n += h.Reserved(car)
	}
	if sp := g.spread(car); n > sp.Total-sp.CarMin {
		return 0
	}
	return n
}

// buildSpread is the car's spread less the points the modules keep: at
// most Total − kept on the car.
func (g *Game) buildSpread(car int) (sp Spread, kept int) {
	sp, kept = g.spread(car), g.buildReserved(car)
	sp.CarMax = min(sp.CarMax, sp.Total-kept)
	return sp, kept
}

// raceTyres are the tyres a car may fit for the start of the race (R8.1)
// as the modules narrow them; qualifying's tyres are free.
func (g *Game) raceTyres(c *Car, offered []Tyre) []Tyre {
	if len(g.hooks.tyres) == 0 {
		return offered
	}
	if q, ok := g.qualifyingState(); !ok || q.InQualifying {
		return offered
	}
	qualified := g.Config.Sessions > 0 && g.hooks.grid == nil // a grid without qualifying: no tyres driven
	for _, h := range g.hooks.tyres {
		if n := h.RaceTyres(c, qualified, g.weather.Rain(), offered); len(n) > 0 {
			offered = n
		}
	}
	return offered
}

// pitEntry judges a move of t entering the pit lane from the track
// (PitLaneRule): whether it may, and the brake points it costs.
func (g *Game) pitEntry(t *turn) (ok bool, brakes int) {
	p := playModule(t)
	imposed := p != nil && p.PlayGearImposed()
	for _, h := range g.hooks.pitLane {
		ok, n := h.PitEntry(t.car.Gear, imposed)
		if !ok {
			return false, 0
		}
		brakes += n
	}
	return true, brakes
}

// pitLaneGear says whether a car whose play starts off the track may take
// gear (PitLaneRule).
func (g *Game) pitLaneGear(gear int) bool {
	for _, h := range g.hooks.pitLane {
		if !h.PitLaneGear(gear) {
			return false
		}
	}
	return true
}

// pitLaneGears narrows the gears of a car whose play starts off the track
// to those the modules allow, never to none (PitLaneRule: a car that
// cannot keep within the limit, after a spin, takes what it may).
func (g *Game) pitLaneGears(opts []Option) []Option {
	if len(g.hooks.pitLane) == 0 {
		return opts
	}
	kept := slices.DeleteFunc(slices.Clone(opts), func(op Option) bool { return !g.pitLaneGear(op.Gear) })
	if len(kept) == 0 {
		return opts
	}
	return kept
}

// limitPitEntry drops the options of a play begun on the track that enter
// the pit lane in a gear the modules forbid, and adds the brake points an
// allowed entry costs (PitLaneRule); never leaves none.
func (g *Game) limitPitEntry(t *turn, opts []Option) []Option {
	if len(g.hooks.pitLane) == 0 {
		return opts
	}
	if p := inPlayModule(t); p == nil || p.PlayPitLaneStart() {
		return opts
	}
	ok, brakes := g.pitEntry(t)
	kept := make([]Option, 0, len(opts))
	for _, op := range opts {
		if op.Pit {
			if !ok || op.Cost[Brakes]+brakes > t.car.Wear[Brakes] {
				continue
			}
			op.Cost[Brakes] += brakes
		}
		kept = append(kept, op)
	}
	if len(kept) == 0 {
		return opts
	}
	return kept
}

// payPitEntry charges the brake points of entering the pit lane in the
// car's gear (PitLaneRule); the last brake point lost eliminates no car.
func (g *Game) payPitEntry(t *turn) {
	if _, n := g.pitEntry(t); n > 0 {
		c := t.car
		cause := fmt.Sprintf("speed limit in the pit lane: entered in %dth", c.Gear)
		g.LosePoints(c, Brakes, n, cause, tracks.NoSpace, "") // the module's loss (fdr R5.1)
	}
}

// pitStopRules are R19.15 and R19.17 as the modules amend them for c.
func (g *Game) pitStopRules(c *Car) PitStopRules {
	r := PitStopRules{PitRepairs: true, PitPoints: g.pitPool[c.Number], QuickStopTop: 10}
	for _, h := range g.hooks.pitStops {
		h.AmendPitStop(c, &r)
	}
	return r
}

// handlingTested is R17.2 as the modules leave it: whether a car crossing
// a dangerous space takes the handling test.
func (g *Game) handlingTested(c *Car) bool {
	for _, h := range g.hooks.handling {
		if !h.HandlingTested(c) {
			return false
		}
	}
	return true
}

// collisionThreshold is the normal threshold of a collision test taken on
// at: 1 (T6), as the modules change it.
func (g *Game) collisionThreshold(at tracks.SpaceID) int {
	limit := 1
	for _, h := range g.hooks.collision {
		limit = h.CollisionThreshold(g.Track, at, limit)
	}
	return limit
}

// testsAfterKnock is R14.6 as the modules leave it: whether the mover
// still rolls its collision test against a car its contact eliminated.
func (g *Game) testsAfterKnock() bool {
	for _, h := range g.hooks.knocks {
		if h.TestsAfterKnock() {
			return true
		}
	}
	return false
}

// spaceShared reports a space where cars may stand together.
func (g *Game) spaceShared(s tracks.SpaceID) bool {
	for _, h := range g.hooks.spaces {
		if h.SharedSpace(g.Track, s) {
			return true
		}
	}
	return false
}

// rulesSuspended reports a space where a module suspends over-rev and
// engine tests.
func (g *Game) rulesSuspended(s tracks.SpaceID) bool {
	for _, h := range g.hooks.spaces {
		if h.RulesSuspended(g.Track, s) {
			return true
		}
	}
	return false
}

// filterOptions passes a move's judged options through the modules.
func (g *Game) filterOptions(opts []Option) []Option {
	for _, h := range g.hooks.filters {
		opts = h.FilterOptions(g.Track, opts)
	}
	return opts
}

// defaultDice is the dice set the rules and variants imply: the gear dice,
// as the modules change them. A record writes a dice line only when its
// set differs from this.
func (c Config) defaultDice() dice.Set {
	s := dice.DefaultSet()
	if len(c.Variants.modules) == 0 {
		return s
	}
	_ = c.eachModule(func(_ string, m any) error { // EnableVariant built each one already
		if d, ok := m.(DiceRule); ok {
			s = d.Dice(s)
		}
		return nil
	})
	return s
}

// distanceModifier is the first modifier of the chain still open to the
// car, nil when none is.
func (g *Game) distanceModifier(c *Car) DistanceModifier {
	for _, m := range g.hooks.distance {
		if m.Open(c) {
			return m
		}
	}
	return nil
}

// distanceDeltas are the lengths the first open modifier lets this play
// add to its roll.
func (g *Game) distanceDeltas(t *turn) []int {
	m := g.distanceModifier(t.car)
	if m == nil {
		return nil
	}
	return m.Deltas(Turn{g, t})
}

// spendDistance tells the modifier that offered the move (the first open
// one, as when the options were listed) the player chose it.
func (g *Game) spendDistance(t *turn, delta int) {
	g.distanceModifier(t.car).Spend(Turn{g, t}, delta)
}

// oneSquare are the deltas of a ±1 modifier (6-A, 23-A, 23-C) open to
// this play: none in qualifying, for a move no die rolled (a super start,
// a quick stop's exit, inertia); only +1 for a move of one space.
func oneSquare(t Turn) []int {
	if t.Qualifying() {
		return nil
	}
	return squareDeltas(t)
}

// squareDeltas are a ±1's deltas in the race or, for a modifier that
// plays there (23-A(i)), in qualifying: none on a forced move.
func squareDeltas(t Turn) []int {
	if t.Rolled() == 0 || t.Forced() {
		return nil
	}
	if t.Distance() <= 1 {
		return []int{+1}
	}
	return []int{-1, +1}
}

// cleanMarkers removes the debris markers on the spaces of a move that a
// module cleans (MarkerRule), each once, in path order, with a
// "debris-cleared" event.
func (g *Game) cleanMarkers(t *turn, spaces []tracks.SpaceID) {
	for _, s := range spaces {
		if !g.Debris[s] {
			continue
		}
		for _, h := range g.hooks.markers {
			if h.Cleans(Turn{g, t}, s) {
				g.removeMarker(s)
				g.emit(Encode(DebrisClearedEvent{Car: t.car.Number, Space: g.Track.Spaces[s].Name}))
				break
			}
		}
	}
}

// lastRunning reports c classified behind every other running car (track
// order: the module's, TrackOrderModule, ties and all; else the progress).
func (g *Game) lastRunning(c *Car) bool {
	order, _ := g.Rules().(TrackOrderModule)
	for i := range g.Cars {
		o := &g.Cars[i]
		if o == c || o.Status != Racing || o.Space == tracks.NoSpace {
			continue
		}
		if order != nil && order.TrackBefore(g, c, o) || order == nil && Progress(g.Track, c) > Progress(g.Track, o) {
			return false
		}
	}
	return c.Status == Racing
}

// restartStallEliminates is R10.14 as the modules change it: whether a
// stall at a spun car's restart roll puts it out of the race.
func (g *Game) restartStallEliminates() bool {
	for _, h := range g.hooks.restarts {
		if h.StallEliminates() {
			return true
		}
	}
	return false
}

// severeSpinRisk is the chance that a spin puts the car out at its restart
// roll: a 1 on the black die, when a module makes that stall eliminate.
func (g *Game) severeSpinRisk() float64 {
	faces := g.Config.Dice.Black.Faces
	if !g.restartStallEliminates() || len(faces) == 0 {
		return 0
	}
	ones := 0
	for _, v := range faces {
		if v == 1 {
			ones++
		}
	}
	return float64(ones) / float64(len(faces))
}

// missedStart is the highest start roll that misses the start: 1 (R9.2),
// as a module changes it.
func (g *Game) missedStart(c *Car) int {
	if g.hooks.start == nil {
		return 1
	}
	return g.hooks.start.MissedStart(c, g.weather.Rain())
}

// compulsoryDelta is what the modules add, like it or not, to a move the
// car rolls in gear (§0.4 step 3).
func (g *Game) compulsoryDelta(c *Car, gear int) int {
	d := 0
	for _, h := range g.hooks.compulsory {
		d += h.CompulsoryDelta(c, gear)
	}
	return d
}

// newLap tells the modules a car starts a new lap.
func (g *Game) newLap(c *Car) {
	for _, h := range g.hooks.laps {
		h.NewLap(c)
	}
}

// checkVariants asks the modules whether the configuration suits them,
// and refuses two modules on a hook only one may fill.
func (c Config) checkVariants() error {
	if len(c.Variants.modules) == 0 {
		return nil
	}
	if _, err := c.variantHooks(); err != nil {
		return err
	}
	return c.eachModule(func(_ string, m any) error {
		if r, ok := m.(ConfigRule); ok {
			return r.Check(c)
		}
		return nil
	})
}

// declarationOptions adds, after the gears of a play, each gear again with
// each declaration open to it (Declaration), lettered gear and mark.
func (g *Game) declarationOptions(t *turn, opts []Option) []Option {
	if len(g.hooks.declare) == 0 || g.qualifying {
		return opts
	}
	n := len(opts)
	for _, d := range g.hooks.declare {
		for _, op := range opts[:n] {
			if op.Eliminated || !d.Declarable(Turn{g, t}, op.Gear) {
				continue
			}
			op.Letter = strconv.Itoa(op.Gear) + d.Mark()
			opts = append(opts, op)
		}
	}
	return opts
}

// declaration is the module whose mark a gear option carries, nil for a
// plain gear.
func (g *Game) declaration(mark string) Declaration {
	for _, d := range g.hooks.declare {
		if mark != "" && d.Mark() == mark {
			return d
		}
	}
	return nil
}

// autoDeclare is the letter of the declaration the autopilot makes with
// gear, "" for none.
func (g *Game) autoDeclare(d *Decision, gear int) string {
	t := g.turn
	if t == nil || t.car.Number != d.Car {
		return ""
	}
	for i := range d.Options {
		op := &d.Options[i] // read where it lies: a range's value copied every option (issue 14)
		if op.Gear == gear && declaredMark(op.Letter) != "" && g.declaration(declaredMark(op.Letter)).Pays(Turn{g, t}, gear) {
			return op.Letter
		}
	}
	return ""
}

// savesLastPoint asks the modules to cancel one point of a loss that would
// take c's last point of cat.
func (g *Game) savesLastPoint(c *Car, cat Category) bool {
	for _, h := range g.hooks.saves {
		if h.SavesLastPoint(Turn{g, g.turn}, c, cat) {
			return true
		}
	}
	return false
}

// testBlack rolls the black die of a test of car c that fails on fails,
// and once more when a module rerolls the failure of the playing car's own
// test (BlackReroll), the new result standing.
func (g *Game) testBlack(src dice.Source, c *Car, purpose string, fails func(int) bool) (int, error) {
	if g.turn != nil && g.turn.car == c && !g.qualifying {
		for _, h := range g.hooks.refusals {
			// BlackRefusal: not rolled, so it passes; the die's highest
			// face is the one no test fails on
			if top := g.Config.Dice.Black.Max(); !fails(top) && h.RefusesBlack(Turn{g, g.turn}, c, purpose) {
				return top, nil
			}
		}
	}
	v, err := g.black(src, c.Number, purpose)
	if err != nil || !fails(v) || g.turn == nil || g.turn.car != c || g.qualifying {
		return v, err
	}
	for _, h := range g.hooks.rerollsBlk {
		if h.RerollsBlack(Turn{g, g.turn}, c, purpose, v) {
			return g.black(src, c.Number, purpose)
		}
	}
	return v, nil
}

// appendDeclarationFacts adds the fact of the declaration a gear option
// carries.
func (g *Game) appendDeclarationFacts(out []phrase.Phrase, c *Car, op Option) []phrase.Phrase {
	if d := g.declaration(op.Declared()); d != nil {
		p := d.Fact(c, g.Config.Dice, op.Gear)
		if w, ok := d.(interface {
			WeatherFact(g *Game, c *Car) phrase.Phrase
		}); ok && c != nil {
			p = w.WeatherFact(g, c) // league 5-A: the weather moves the boost's test
		}
		if !p.IsZero() {
			out = append(out, p)
		}
		if r, ok := d.(interface {
			RiskFacts(c *Car) []phrase.Phrase
		}); ok && c != nil {
			out = append(out, r.RiskFacts(c)...) // league 16-F: the fuel the boost risks
		}
	}
	return out
}

// pricedFact says a ±1 option as the priced modifier that offers it
// gives it, in place of the Top's phrase appendMoveCauses wrote.
func (g *Game) pricedFact(car int, out []phrase.Phrase, delta int) []phrase.Phrase {
	p, ok := g.distanceModifier(g.car(car)).(PricedModifier)
	if !ok {
		return out
	}
	for i := range out {
		if out[i].Key == "fact.top-more" || out[i].Key == "fact.top-less" {
			out[i] = p.Fact(delta)
		}
	}
	return out
}

// pricedPenalty is what the autopilot counts against a ±1 option whose
// modifier costs points: their weight, and an elimination when they are
// the last of an engine, body or handling.
func (g *Game) pricedPenalty(c *Car, op *Option) float64 {
	if op.Top == 0 || len(g.hooks.distance) == 0 {
		return 0
	}
	p, ok := g.distanceModifier(c).(PricedModifier)
	if !ok {
		return 0
	}
	price := p.Price()
	for _, cat := range []Category{Engine, Body, Handling} {
		if price[cat] > 0 && price[cat] >= c.Wear[cat] {
			return 2000
		}
	}
	return wearPenalty(c, price)
}

// inertiaGear is the gear whose die a car whose engine blew in gear blown
// rolls for its inertia move: the 4th in 5th or 6th (R16.4; none in 4th
// or lower, R16.5), as a CoastRule changes it.
func (g *Game) inertiaGear(blown int) (int, bool) {
	if g.hooks.coast != nil {
		return g.hooks.coast.InertiaGear(blown)
	}
	return 4, blown >= 5
}

// rollBonus is the most spaces the modules let a rolled move add, any of
// them (RollBonus).
func (g *Game) rollBonus(t *turn, gear int) int {
	n := 0
	for _, h := range g.hooks.bonus {
		n += h.Bonus(Turn{g, t}, gear)
	}
	return n
}

// EngineTestRolls is how many black dice each engine test of c rolls
// (EngineTestRule): one in the base. Exported, not wrapped, since only fdr
// asks it and a wrapper would not inline (issue 13).
func (g *Game) EngineTestRolls(c *Car) int {
	n := 1
	for _, h := range g.hooks.testRolls {
		n = max(n, h.EngineTestRolls(c))
	}
	return n
}

// carEngineLimit is the black die c's engine tests fail at or under: the
// weather's, moved by each EngineLimitRule in turn (16-D).
func (g *Game) carEngineLimit(c *Car) int {
	n := g.engineLimit()
	for _, h := range g.hooks.engineLim {
		n = h.EngineLimit(c, n)
	}
	return n
}

// LookaheadModule is a play's own rules module value that holds the
// play's state (fdr's, R6.11): a look-ahead's copy of the play (MovesIf)
// runs under the value Lookahead gives, so the hypothetical play writes
// nothing of the real one's. The base asks it without naming the module.
type LookaheadModule interface {
	Lookahead() RulesModule
}

// WreckModule is a rules module that leaves an eliminated car's wreck on
// the board until its turn (fdr R12.6, R14.5): a spare car (20-B) takes
// the wreck off first without naming the module.
type WreckModule interface {
	RemoveWreck(g *Game, c *Car)
}

// takeSpares is 20-B at the end of a play (roundEnd false) or of a round
// of the race: each car out of the race that SpareCar brings back is in its
// pit box, in the spare's gear and wear, with its starting pit points; a
// car it promises a spare to waits for a later call.
func (g *Game) takeSpares(t *turn, roundEnd bool) {
	if g.hooks.spare == nil || g.qualifying {
		return
	}
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.EliminationReason() == ReasonInjury {
			continue // 20-A's QUALI: its pilot is hurt, no spare car for him
		}
		s, ok := g.hooks.spare.SpareFor(Turn{g, t}, c, roundEnd)
		if !ok {
			continue
		}
		if s.Due {
			continue
		}
		if m, ok := g.Rules().(WreckModule); ok {
			m.RemoveWreck(g, c) // its wreck off the board first (fdr R12.6)
		}
		c.Status, c.Cause, c.Place = Racing, "", 0
		c.Space, c.Gear, c.Wear = g.ownBox(c), s.Gear, s.Wear
		c.Spun, c.Stalled, c.Pitting = false, false, false
		releasePit(c) // league variant 19-D
		if m, ok := g.Rules().(SpareCarModule); ok {
			m.SpareCarBack(c) // the module's own state of the car: reason, restart, inertia (fdr)
		}
		c.SlowStop = s.SlowStop
		given, _ := g.givenBuild(c.Number)
		g.pitPool[c.Number] = g.spread(c.Number).Total - given.CarPoints()
		switch s.Kind {
		case "spare-car-cut":
			g.emit(Encode(SpareCarCutEvent{Car: c.Number, Gear: s.Gear, Cut: s.Cut[0].String() + "+" + s.Cut[1].String()}))
		case "spare-car-fresh":
			g.emit(Encode(SpareCarFreshEvent{Car: c.Number, Gear: s.Gear}))
		default:
			g.emit(Encode(SpareCarEvent{Car: c.Number, Gear: s.Gear, Engine: s.Wear[Engine]}))
		}
	}
}

// carMoveAllowed passes a move through the CarMoveLimit hooks (20-B b1).
func (g *Game) carMoveAllowed(t *turn, op Option) bool {
	for _, h := range g.hooks.carLimits {
		if !h.AllowsMove(Turn{g, t}, t.car, op) {
			return false
		}
	}
	return true
}

// teamBuildAllowed judges a car's configuration against its teammates'
// (TeamBuildRule, 4-B).
func (g *Game) teamBuildAllowed(car int, w Wear) error {
	for _, h := range g.hooks.teamBuild {
		if err := h.TeamBuild(Setup{g}, car, w); err != nil {
			return err
		}
	}
	return nil
}

// buildTune is what the modules add to car's configuration before the
// race (BuildTune, 19-F).
func (g *Game) buildTune(car int) Wear {
	var sum Wear
	for _, h := range g.hooks.tunes {
		for i, n := range h.Tune(car) {
			sum[i] += n
		}
	}
	return sum
}

// tuneBuild gives car the points the modules add to its configuration w
// (BuildTune): an "engineer-tune" event a category.
func (g *Game) tuneBuild(c *Car, w Wear) Wear {
	for i, n := range g.buildTune(c.Number) {
		for range n {
			g.emit(Encode(EngineerTuneEvent{Car: c.Number, Category: g.catName(Category(i))}))
		}
		w[i] += n
	}
	return w
}

// givenBuild is the configuration car gave, before the modules tuned it
// (BuildTune, 19-F): what its teammates build against (4-B) and what its
// spread judges (R5.2).
func (g *Game) givenBuild(car int) (Wear, bool) {
	w, ok := g.startWear[car]
	if !ok {
		return g.Config.Start, false // no configuration given: the default, untuned
	}
	return untuned(w, g.buildTune(car)), true
}

// untuned takes a tune off a configuration.
func untuned(w, tune Wear) Wear {
	for i, n := range tune {
		w[i] -= n
	}
	return w
}

// refreshTeamBuilds narrows the configuration decisions still open to the
// presets a TeamBuildRule allows now that car has built w, offering w
// itself too, fitted to the car's spread (4-B: a teammate may always build
// the same car; a 5-E total moves its tyres only).
func (g *Game) refreshTeamBuilds(car int, w Wear) {
	builds, ok := g.Rules().(BuildModule)
	if len(g.hooks.teamBuild) == 0 || !ok {
		return
	}
	for n, d := range g.setupPending {
		if n == car || d == nil || d.Kind != DecideBuild {
			continue
		}
		sp, kept := g.buildSpread(n) // the points a MoveReroll keeps stay off the car (5-E2)
		var opts []Option
		for _, op := range builds.SpreadBuilds(sp, w) { // the presets and w, fitted, those the spread allows
			op.Pits -= kept
			if g.teamBuildAllowed(n, op.Build) != nil ||
				slices.ContainsFunc(opts, func(o Option) bool { return o.Build == op.Build }) {
				continue
			}
			op.Letter = letter(len(opts))
			opts = append(opts, op)
		}
		if len(opts) > 0 { // else the decision keeps its options, and Submit says why each is refused
			d.Options = opts
		}
	}
}

// beforeMoveRoll runs the tests a car takes before its move roll
// (MoveRollTest); true when one eliminated it.
func (g *Game) beforeMoveRoll(t *turn, src dice.Source) (bool, error) {
	for _, h := range g.hooks.beforeRoll {
		out, err := h.BeforeMoveRoll(Turn{g, t}, src)
		if err != nil || out {
			return out, err
		}
	}
	return false, nil
}

// topGear is the highest gear of the box: 6 (R-GEAR-01), or an
// ExtraGear's.
func (g *Game) topGear() int {
	if g.hooks.extraGear != nil {
		return g.hooks.extraGear.TopGear()
	}
	return dice.NumGears
}

// gearDie is the die of gear, an ExtraGear's above the sixth.
func (g *Game) gearDie(gear int) (dice.Die, error) {
	if x := g.hooks.extraGear; x != nil && gear > dice.NumGears && gear <= x.TopGear() {
		return x.ExtraDie(g.Config.Dice, gear), nil
	}
	if gear >= 1 && gear <= dice.NumGears {
		// read where it lies: Gear's receiver is the whole set, copied
		// for each call (issue 14: the autopilot asks several times a
		// decision)
		return g.Config.Dice.Gears[gear-1], nil
	}
	return g.Config.Dice.Gear(gear)
}

// CarState is what the modules say of a car a player needs to decide
// (CarStatus: 5-B's wing, 5-C's lock, 5-E2's telemetry point, 16-B's
// pedal), for the status text; nil without such a module.
func (g *Game) CarState(car int) []phrase.Phrase {
	return g.carState(car, func(CarStatus) bool { return true })
}

// CarStateFor is CarState as reader (see SeesCar) may read it: under 5-D
// a car whose build he may not see keeps its BuildStatus lines to itself.
func (g *Game) CarStateFor(reader, car int) []phrase.Phrase {
	sees := g.SeesCar(reader, car)
	return g.carState(car, func(h CarStatus) bool {
		b, ok := h.(BuildStatus)
		return sees || !ok || !b.TellsBuild()
	})
}

// pitBoxTeams is each car's team as a PitBoxRule of the configuration
// names them, nil without one (cars 1–2 team 1 …).
func (c Config) pitBoxTeams() []int {
	var teams []int
	_ = c.eachModule(func(_ string, m any) error {
		if r, ok := m.(PitBoxRule); ok {
			teams = r.Teams()
		}
		return nil
	})
	return teams
}

// boxFact is what a box option says: its pit (R4.1), or as a PitBoxRule
// says it.
func (g *Game) boxFact(box int) phrase.Phrase {
	if g.hooks.pitBoxes != nil {
		return g.hooks.pitBoxes.BoxFact(box)
	}
	return phrase.New("opt.box", box)
}

// shownWear is a car's wear points as a WearStanding module shows them in
// a standing; false leaves the base's count by category.
func (g *Game) shownWear(r Result) (phrase.Phrase, bool) {
	if g.hooks.wearShown == nil {
		return phrase.Phrase{}, false
	}
	return g.hooks.wearShown.WearShown(g.Config.Rules, r.Wear, g.StartWear(r.Car)), true
}

// carState is what the status modules told says of car.
func (g *Game) carState(car int, told func(CarStatus) bool) []phrase.Phrase {
	if car < 1 || car > len(g.Cars) {
		return nil
	}
	c := g.car(car)
	var out []phrase.Phrase
	for _, h := range g.hooks.status {
		if told(h) {
			out = append(out, h.CarStatus(g, c)...)
		}
	}
	return out
}

package fd

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The host API's part the competition rules (fdr_*.go) ask for on their
// way to a package of their own, engine/fd/fdr (issue 13): what fdr reads
// or does through the base turn that the street module never needed.
// Each is a thin wrapper of the base's own field or function, so fdr
// plays exactly what it played (the frozen records, TestSpeedFreeze); the
// unexported twins stay where engine/fd's own code calls them.
// TestFDRFilesUseOnlyTheHostAPI lists what fdr still uses besides.

// RuledSessions is the number of qualifying sessions a league variant's
// SessionRule sets, 0 without one: fdr's configuration check accepts
// that many sessions beyond R1.1's two.
func (c Config) RuledSessions() int {
	n := 0
	_ = c.eachModule(func(_ string, m any) error {
		if r, ok := m.(SessionRule); ok {
			n = len(r.Sessions())
		}
		return nil
	})
	return n
}

// Qualifying reports whether the game is a qualifying session's (FDR R1):
// fdr's risks and tests of the race (engine tests, weather) stay out of it.
func (g *Game) Qualifying() bool { return g.qualifying }

// BuildSpread is the spread car's build is checked against, less the
// points the league variants keep (5-E's season pot, 5-E2's telemetry
// point), and those kept: fdr's autopilot fits its preset to it (R5.2).
func (g *Game) BuildSpread(car int) (sp Spread, kept int) { return g.buildSpread(car) }

// PitStopRules are R19.15 and R19.17 as the league variants amend them for
// c (19-D, 19-F …): what fdr's autopilot weighs a stop's repairs against.
func (g *Game) PitStopRules(c *Car) PitStopRules { return g.pitStopRules(c) }

// HasExtraGear reports a league variant's gear above the sixth (6-D,
// ExtraGear): fdr's autopilot prices its sure engine tests.
func (g *Game) HasExtraGear() bool { return g.hooks.extraGear != nil }

// GearDie is the die of gear, an ExtraGear's above the sixth: fdr's
// autopilot asks what the lowest gear it can reach rolls (R13.8).
func (g *Game) GearDie(gear int) (dice.Die, error) { return g.gearDie(gear) }

// AutoOrder is the autopilot's answer to d, a decision PendingAll lists:
// fdr's deadline defaults fall back on it where the booklet states none
// (fdr AMB-17, fdr AMB-48).
func (g *Game) AutoOrder(d *Decision) (Order, bool) { return g.autopilot(d) }

// PointWeight is what the autopilot weighs a point of cat lost at, the
// scarce categories more: fdr's own costs (pit stops, engine tests, wall
// tests) are priced on the same scale as the base's.
func PointWeight(cat Category) float64 { return pointWeight[cat] }

// WearPenalty is the autopilot's price of cost taken from c's points, the
// last points dearer (the base's scoring of a move's cost).
func WearPenalty(c *Car, cost Wear) float64 { return wearPenalty(c, cost) }

// SetPitPool gives car's pit pool n points (R5.2: what its configuration
// leaves, or what a position restores); PitPool reads it. Under fdr a car
// draws on its own pool (the team pool is fd2008's O-TEAM-02, which fdr's
// configuration refuses).
func (g *Game) SetPitPool(car, n int) { g.pitPool[g.poolOf(car)] = n }

// Spread is car's configuration points (R5.2) as the league variants
// change them (5-A's shared points …): what a position's configuration is
// checked against.
func (g *Game) Spread(car int) Spread { return g.spread(car) }

// Untuned is w, car's configuration, without the points the league
// variants added to it before the race (19-F's BuildTune): the
// configuration the player gave, which R5.2's spread judges.
func (g *Game) Untuned(car int, w Wear) Wear { return untuned(w, g.buildTune(car)) }

// SetRunningOrder makes order the round's order shown (Game.Order) with
// its next car at next: fdr's scan picks each car itself (R6.6–R6.10), so
// it sets next past the end; a position's round resumes the same way.
func (g *Game) SetRunningOrder(order []int, next int) { g.Order, g.next = order, next }

// PitBox is the 1-based pit box c chose (R4.1), 0 for box Number.
func (c *Car) PitBox() int { return c.box }

// SetPitBox gives c pit box n (R4.1; 0 for box Number), as a position
// restores it.
func (c *Car) SetPitBox(n int) { c.box = n }

// FormationRoll is the start roll league 9-A rolled at the formation lap
// for c's first play, 0 for none: a position writes it (start-roll=).
func (c *Car) FormationRoll() int { return c.formationRoll() }

// SetFormationRoll keeps a start roll for c's first play (league 9-A; 0:
// none), as a position restores it.
func (c *Car) SetFormationRoll(v int) { c.setFormationRoll(v) }

// CategoryName names cat in the game's lines: "gas" for the gearbox under
// fdr (R0.3).
func (g *Game) CategoryName(cat Category) string { return g.catName(cat) }

// CategoryPoints is the wear points of one category, n of cat under the
// game's name for it (R0.3: gas), as fdr's wear and repair lines carry
// them (0 written as 0, unlike WearPoints).
func (g *Game) CategoryPoints(cat Category, n int) WearPoints { return onePoint(g.catName(cat), n) }

// TyreTypes are the tyre types a car may fit in weather w (R19.14, R8.1):
// hard, soft and rain, a league variant's compound (TyreCompound) and a
// TyreMatrix's wet compound where w lets a car choose it.
func (g *Game) TyreTypes(w WeatherState) []Tyre { return g.tyreTypes(w) }

// Downforce is the league variant's downforce rule (DownforceRule: 5-B's
// wing, 5-C's lock), nil without one: fdr's pit stop offers its settings.
func (g *Game) Downforce() DownforceRule { return g.hooks.downforce }

// SetMonsoonGrace gives c league 8-C's lap of grace on monsoon tyres, or
// takes it (a new set at a pit stop).
func (c *Car) SetMonsoonGrace(on bool) { c.setMonsoonGrace(on) }

// HoldInPit holds c in its pit for its next play (league 19-D: a long
// stop that repaired too much).
func HoldInPit(c *Car) { holdInPit(c) }

// SpendEngineerPoints spends n of c's engineer points (league 19-F).
func SpendEngineerPoints(c *Car, n int) { spendEngineerPoints(c, n) }

// EarnMechanicsPoint gives c's crew the mechanics point a quick stop made
// earns (league 19-G) and returns the car's points earned.
func EarnMechanicsPoint(c *Car) int { return earnMechanicsPoint(c) }

// Rules is the rules module value the play runs under when it has one of
// its own (fdr's holds the play's state, R6.11), nil otherwise.
func (t Turn) Rules() RulesModule { return t.t.rules }

// Path is every space the car entered this play, in order (the turn's
// own slice: read it, do not keep it).
func (t Turn) Path() []tracks.SpaceID { return t.t.path }

// MoveWithoutDie gives the play a move of n spaces no die rolled (face 0),
// its move decision next: fdr's quick stop's exit (R19.16).
func (t Turn) MoveWithoutDie(n int) { t.t.distance, t.t.face, t.t.stage = n, 0, stageMove }

// MaxPlays is the most plays a race may take: past it the order of play
// does not settle (a bug, not a race).
const MaxPlays = maxPlays

// OpenPlay opens c's play from where it stands and makes it the play under
// way: fdr's leader order picks each car itself (R6.6–R6.11), and runs the
// play under rules, the play's own module value holding its state (R6.11).
func (g *Game) OpenPlay(c *Car, rules RulesModule) Turn {
	t := g.spareTurns[1]
	g.spareTurns[1] = nil
	if t == nil || !recyclePlays {
		t = new(turn)
	}
	*t = turn{car: c, start: c.Space, path: g.takeTurnPath(), startCorner: c.Corner, startStops: c.Stops, rules: rules,
		spare: true}
	g.turn = t
	return Turn{g, g.turn}
}

// recyclePlays: OpenPlay's turn is the one of the play ended two plays
// before (spareTurns), and the competition rules' play value is likewise
// taken back (fdr's playValue), rather than allocated for each play
// (issue 14: the two were 13 % of the bytes a fdr race allocates). Off
// in tests only (TestRacesAsWithFreshPlays): a fresh turn and value each
// play, as before.
var recyclePlays = true

// RecyclesPlays says whether the memory of a play ended two plays before
// is taken for the next (recyclePlays): fdr's play values ask it.
func RecyclesPlays() bool { return recyclePlays }

// EndPlay ends the play under way: the next car's comes (the base's end
// of a turn).
func (g *Game) EndPlay() { g.endTurn() }

// EngageGear plays a gear chosen or imposed (a start in 1st, an inertia
// move in 4th …): the gear engaged, its costs, its die rolled (R-GEAR).
func (g *Game) EngageGear(op Option, src dice.Source) error { return g.engageGear(op, src) }

// AskGear makes the play's gear decision the next one (R6.11 step 2).
func (t Turn) AskGear() { t.t.stage = stageGear }

// RaceOver reports no car racing any more.
func (g *Game) RaceOver() bool { return g.raceOver() }

// Finish ends the race: the classification and its lines.
func (g *Game) Finish() { g.finish() }

// DropMarker puts a marker of kind on s (one a space, playable spaces
// only; the kind kept where league 17-B types them): a wreck's sticker
// (R12.6, R14.5).
func (g *Game) DropMarker(s tracks.SpaceID, kind MarkerKind) { g.dropMarker(s, kind) }

// MissedStart is the highest start roll that misses the start: 1 (R9.2),
// as a league variant's StartRule changes it (9-A).
func (g *Game) MissedStart(c *Car) int { return g.missedStart(c) }

// StartStall is the highest start roll c's tyres stall on in the weather
// (league 3-A's Deluge, 8-C's TyreMatrix cells); ok is false where the
// base tables hold.
func (g *Game) StartStall(c *Car) (stall int, ok bool) {
	cell, ok := g.extremeCell(c)
	return cell.stall, ok
}

// HasTyreMatrix reports league 8-C's TyreMatrix: its wheelspin overrides
// 9-A's missed start (league AMB-26).
func (g *Game) HasTyreMatrix() bool { return g.hooks.matrix != nil }

// HasCoast reports a CoastRule (league 16-A): an engine blown in 5th or
// 6th coasts straight on.
func (g *Game) HasCoast() bool { return g.hooks.coast != nil }

// InertiaGear is the gear whose die a car whose engine blew in gear blown
// rolls for its inertia move (R16.4, R16.5), as a CoastRule changes it.
func (g *Game) InertiaGear(blown int) (int, bool) { return g.inertiaGear(blown) }

// HasMarkerRule reports a MarkerRule (league 17-B's typed markers).
func (g *Game) HasMarkerRule() bool { return len(g.hooks.markers) > 0 }

// LastRunning reports c the last car running (a MarkerRule's last car).
func (g *Game) LastRunning(c *Car) bool { return g.lastRunning(c) }

// RestartStallEliminates reports a RestartRule (league 10-A) under which
// a stalled restart puts the car out (R10.14).
func (g *Game) RestartStallEliminates() bool { return g.restartStallEliminates() }

// RoundEnded tells every RoundEnd module the round is over (10-A's
// runaway car): fdr's rounds are its own (R0.2).
func (g *Game) RoundEnded() {
	for _, h := range g.hooks.roundEnd {
		h.RoundEnded(g)
	}
}

// TakeSpares is league 20-B at the end of a play (roundEnd false) or of a
// round: each car out of the race that SpareCar brings back is in its pit.
func (g *Game) TakeSpares(roundEnd bool) { g.takeSpares(g.turn, roundEnd) }

// RollInjuryTests rolls league 20-A's injury tests of the accidents of
// the round (AccidentRule) at fdr's end of a round.
func (g *Game) RollInjuryTests(src dice.Source) error { return g.fdrInjuryTests(src) }

// RollInstantInjuryTests rolls 20-A's injury tests of the last play
// where rule B rolls them at once (AccidentStop); stopped reports the race
// stopped by them.
func (g *Game) RollInstantInjuryTests(src dice.Source) (stopped bool, err error) {
	return g.fdrInstantInjuryTests(src)
}

// Stoppage stops the race where a league variant says so at the end of a
// round (AccidentRule 20-A, StoppageRule 21-B, 15-A).
func (g *Game) Stoppage() { g.fdrStoppage() }

// HeldInPit reports c held in its pit for its next play (league 19-D).
func HeldInPit(c *Car) bool { return heldInPit(c) }

// ReleasePit ends 19-D's hold: the play passed in the pit.
func ReleasePit(c *Car) { releasePit(c) }

// Line is the event's record line, written as Encode writes it without
// the reflection (events_fast.go): fdr writes one a play and a round.
func (x TurnEvent) Line() Event { return x.line() }

// LineIn is Line with its arguments cut from g's record memory
// (lineMem, events_fast.go), for a line g emits: the same line without
// an allocation of its own (issue 14).
func (x TurnEvent) LineIn(g *Game) Event { return x.lineIn(g.lines()) }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x RoundEvent) Line() Event { return x.line() }

// LineIn is Line with its arguments cut from g's record memory, as
// TurnEvent's LineIn (issue 14: a session's round lines, one a play, are
// then shared with their copies, copyQualiEvents).
func (x RoundEvent) LineIn(g *Game) Event { return x.lineIn(g.lines()) }

// QualifyingStartRule is the league variant's QualifyingStart (a flying
// lap's gear of the driver's choice), nil without one.
func (g *Game) QualifyingStartRule() QualifyingStart { return g.hooks.qualiStart }

// The setup under fdr (fdr/setup.go): its sessions, grid, boxes and
// builds are the module's, asking the base's setup decisions and the
// league variants' rules on the way.

// EndSetup marks the setup played: the race may start (or, a contest or
// a grid of hurt pilots, the game ends).
func (g *Game) EndSetup() { g.setupStage = setupDone }

// AskSetupKind makes car wait on the base's setup decision of kind (its
// tyres, its wing, its build …, the options the base's).
func (g *Game) AskSetupKind(car int, kind DecisionKind) { g.askSetup(car, kind) }

// SetupView is the setup's view of the game a league variant's setup rule
// is handed (GridRule, PitBoxRule, StartRule, GridSpaceRule).
func (g *Game) SetupView() Setup { return Setup{g} }

// CarNumbers are the numbers of n cars, 1…n.
func CarNumbers(n int) []int { return carNumbers(n) }

// QualifyingOpen reports a qualifying session still being driven.
func (g *Game) QualifyingOpen() bool { return g.qualifyingOpen() }

// OpenQualifying starts the session's laps: each car its own one-car game
// (R1, O-QUA).
func (g *Game) OpenQualifying(src dice.Source) error { return g.openQualifying(src) }

// SessionResults are the results of the session just driven, by car (the
// game's own map: read it).
func (g *Game) SessionResults() map[int]QualifyingResult { return g.qualiResults }

// CloseSession drops the session's results and its cars' games once fdr
// has kept what counts (fdr AMB-42).
func (g *Game) CloseSession() {
	g.qualiResults = map[int]QualifyingResult{}
	g.quali = nil
}

// SetQualifyingResults makes results those the grid is drawn from
// (QualifyingResults): under fdr each driver's best (fdr AMB-42).
func (g *Game) SetQualifyingResults(results map[int]QualifyingResult) { g.qualiResults = results }

// SetQualifyingWeather sets the weather of the session about to be driven
// (R1.2, R3.2).
func (g *Game) SetQualifyingWeather(w WeatherState) { g.qualiWeather = w }

// QualifyingSession is session n (from 1) as a SessionRule sets it; ok
// false under R1.1's own sessions.
func (g *Game) QualifyingSession(n int) (Session, bool) { return g.qualifyingSession(n) }

// DrawRunningOrder rolls the d20s of session 1's running order (league
// 1-A's unranked cars), once, before the order is told.
func (g *Game) DrawRunningOrder(src dice.Source) error { return g.drawRunningOrder(src) }

// SessionRunningOrder is the order the cars run session n in, nil without
// a RunningOrder module.
func (g *Game) SessionRunningOrder(n int) []int { return g.runningOrder(n) }

// AnnounceCarries tells what the cars bring from a race before into the
// first session (QualifyingCarry: AX-3's marathon).
func (g *Game) AnnounceCarries() { g.announceCarries() }

// CreditQualifyingGrid opens the pilot point a qualified grid place earns
// (league 23-A(c), (i)).
func (g *Game) CreditQualifyingGrid(order []int) { g.creditQualifyingGrid(order) }

// ContestOnly reports a game that ends with its grid (SessionRule).
func (g *Game) ContestOnly() bool { return g.contestOnly() }

// RollGrid orders cars by the black die, re-rolling ties among the tied
// cars (R-SET-02; fdr's grid without sessions, its roll-offs, R1.15).
func (g *Game) RollGrid(src dice.Source, cars []int) ([]int, error) { return g.rollGrid(src, cars) }

// RaceWeatherRoll asks the league variants for a race weather the table
// does not print (WeatherRoll: 3-A, 3-B); the first answer stands.
func (g *Game) RaceWeatherRoll(d WeatherDraw) (WeatherState, bool) { return g.raceWeatherRoll(d) }

// GridRule is the league variant's GridRule, nil without one.
func (g *Game) GridRule() GridRule { return g.hooks.grid }

// PitBoxRule is the league variant's PitBoxRule (4-A), nil without one.
func (g *Game) PitBoxRule() PitBoxRule { return g.hooks.pitBoxes }

// StartRule is the league variant's StartRule (9-A), nil without one.
func (g *Game) StartRule() StartRule { return g.hooks.start }

// GridSpaceRule is the league variant's GridSpaceRule (AX-5), nil without
// one.
func (g *Game) GridSpaceRule() GridSpaceRule { return g.hooks.gridSpaces }

// SessionRule is the league variant's SessionRule, nil without one.
func (g *Game) SessionRule() SessionRule { return g.hooks.sessions }

// WingRule is the league variant's WingRule (5-B), nil without one.
func (g *Game) WingRule() WingRule { return g.hooks.wing }

// BuildReserved are the build points the league variants keep out of
// car's pit points (MoveReroll, 5-E2).
func (g *Game) BuildReserved(car int) int { return g.buildReserved(car) }

// BuiltShare are the build points car's league variants take for their
// own characteristics (BuildShare: 5-A, 16-F).
func (g *Game) BuiltShare(car int) int { return g.builtShare(car) }

// BoosterVariant names the variant whose booster points the build takes:
// 16-F when on, else 5-A.
func (g *Game) BoosterVariant() string { return boosterVariant(g) }

// ChooseBoosters takes the booster points c's player chose with his build
// (league 5-A, AMB-14), refused with a sentence.
func (g *Game) ChooseBoosters(c *Car, n int) error { return g.chooseBoosters(c, n) }

// PlayerBoosters are the booster points c's player chose; chosen false
// when he chose none (the variant's own count).
func PlayerBoosters(c *Car) (n int, chosen bool) { return playerBoosters(c) }

// SetPlayerBoosters sets (or, a build refused, puts back) the player's
// choice of booster points.
func SetPlayerBoosters(c *Car, n int, chosen bool) { setPlayerBoosters(c, n, chosen) }

// TeamBuildAllowed judges car's configuration w against its teammates'
// (TeamBuildRule, league 4-B).
func (g *Game) TeamBuildAllowed(car int, w Wear) error { return g.teamBuildAllowed(car, w) }

// TuneBuild gives c the points the league variants add to its
// configuration w (BuildTune, 19-F), an event a point, and returns it.
func (g *Game) TuneBuild(c *Car, w Wear) Wear { return g.tuneBuild(c, w) }

// RefreshTeamBuilds narrows the configuration decisions still open to what
// a TeamBuildRule allows now that car has built w (league 4-B).
func (g *Game) RefreshTeamBuilds(car int, w Wear) { g.refreshTeamBuilds(car, w) }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x OrderEvent) Line() Event { return x.line() }

// Rules is the game's rules module value (the ruleset's, made by NewGame;
// fdr's holds the race's state), nil for a game made without one.
func (g *Game) Rules() RulesModule { return g.turnRules }

// SetRules gives a game made without a rules module value (a qualifying
// session's game, FDR R1) one of its own: the module's state is then the
// session's, never the race's. Its description hooks come with it, as
// setRules finds them (a session's options say fdr's facts too).
func (g *Game) SetRules(m RulesModule) { g.turnRules, g.describe = m, findDescribers(m) }

// NewCheckedSlot registers a module's flag slot that a position writes by
// flag and the module reads back itself, with its check (fdr's wreck,
// which must be an eliminated car on a space, R12.6). Call it only in a
// package-level var declaration.
func NewCheckedSlot[T slotValue](flag string) Slot[T] { return newCheckedSlot[T](flag) }

// NewKeyedSlot registers a module's slot that its module writes and reads
// as the key key= of a position line, never as a flag (fdr's arrival=,
// R6.8). Call it only in a package-level var declaration.
func NewKeyedSlot[T slotValue](key string) Slot[T] { return newKeyedSlot[T](key) }

// SlotFlag reads a flag slot as a plain load, as flagIn does: the hottest
// readers (fdr's wreck, read by OnBoard) must stay cheap enough to inline,
// which Of's type switch is not.
func SlotFlag(c *Car, s Slot[bool]) bool { return c.slots[s.index] != 0 }

// SlotCount reads a count slot as a plain load, as countIn does (fdr's
// inertia and arrival).
func SlotCount(c *Car, s Slot[int]) int { return int(c.slots[s.index]) }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x MoveEvent) Line() Event { return x.line() }

// LineIn is Line with its arguments cut from g's record memory, for a
// line g emits (TurnEvent.LineIn).
func (x MoveEvent) LineIn(g *Game) Event { return x.lineIn(g.lines()) }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x SlipstreamEvent) Line() Event { return x.line() }

// LineIn is Line with its arguments cut from g's record memory, for a
// line g emits (TurnEvent.LineIn).
func (x SlipstreamEvent) LineIn(g *Game) Event { return x.lineIn(g.lines()) }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x OvershootEvent) Line() Event { return x.line() }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x WearEvent) Line() Event { return x.line() }

// Line is the event's record line, as Encode writes it (events_fast.go).
func (x ContactEvent) Line() Event { return x.line() }

// The base's rolls, limits and lookups fdr's resolution of a play
// (fdr/resolve.go) asks: the collisions, the markers, the tests and the
// league variants' amendments of them, each the base's own function.

// BaseCollisionLimit is T6's highest losing roll of a collision test with
// no amendment but the variants' (CollisionRule): fdr's collision limit
// starts from it (R14).
func (g *Game) BaseCollisionLimit() int { return g.baseCollisionLimit() }

// CollisionLoses reports whether black die v fails a plain collision test:
// fdr's wall test (R12.8) loses on the same rolls.
func (g *Game) CollisionLoses(v int) bool { return g.collisionLoses(v) }

// CollisionThreshold is the collision limit at space at as a CollisionRule
// amends it (league 14-B): fdr adds the weather's to it (R14, league 3-A).
func (g *Game) CollisionThreshold(at tracks.SpaceID) int { return g.collisionThreshold(at) }

// CarEngineLoses reports whether black die v fails c's engine test (R13.4,
// its engine variant's limit): fdr rolls the tests, the base knows the limit.
func (g *Game) CarEngineLoses(c *Car, v int) bool { return g.carEngineLoses(c, v) }

// HandlingLoses reports whether black die v fails c's handling test (R15):
// fdr's markers and tests share the base's limit.
func (g *Game) HandlingLoses(c *Car, v int) bool { return g.handlingLoses(c, v) }

// HandlingTested reports whether c takes handling tests at all (league
// 17-A's low speed spares 1st gear): fdr asks before it rolls one.
func (g *Game) HandlingTested(c *Car) bool { return g.handlingTested(c) }

// TestBlack rolls the black die of c's test for purpose that fails on
// fails, once more when a module rerolls the playing car's own failure
// (BlackReroll): fdr's wall and collision tests are the base's tests.
func (g *Game) TestBlack(src dice.Source, c *Car, purpose string, fails func(int) bool) (int, error) {
	return g.testBlack(src, c, purpose, fails)
}

// TestsAfterKnock reports whether a knocked car still takes its tests
// (league 14-A): fdr's collisions ask it.
func (g *Game) TestsAfterKnock() bool { return g.testsAfterKnock() }

// SavesLastPoint reports whether a variant spares c its last point of cat
// (league 6-B): fdr's losses ask before they eliminate.
func (g *Game) SavesLastPoint(c *Car, cat Category) bool { return g.savesLastPoint(c, cat) }

// MarkerLoss is what the marker on s costs a car that stops on it and
// whether a test decides it (R15, league 17-B's typed markers).
func (g *Game) MarkerLoss(s tracks.SpaceID) (cat Category, tested bool) { return g.markerLoss(s) }

// MarkerCause is the words of the marker on s, for a loss's cause.
func (g *Game) MarkerCause(s tracks.SpaceID) string { return g.markerCause(s) }

// TopGear is the highest gear, an ExtraGear's (league 6-D) or the sixth:
// fdr's gear options stop there (R13.2).
func (g *Game) TopGear() int { return g.topGear() }

// PitLaneGear reports whether gear is allowed in the pit lane (league
// 19-A's speed limit): fdr's gear options in the lane ask it.
func (g *Game) PitLaneGear(gear int) bool { return g.pitLaneGear(gear) }

// PitLaneGears keeps of opts the gears the pit lane allows (league 19-A).
func (g *Game) PitLaneGears(opts []Option) []Option { return g.pitLaneGears(opts) }

// RulesSuspended reports whether a SpaceRule suspends the over-rev cost on
// s (league 19-B, 19-H): fdr's gear options are then free.
func (g *Game) RulesSuspended(s tracks.SpaceID) bool { return g.rulesSuspended(s) }

// OwnBox is the space of c's pit box: fdr's distance to it (R19).
func (g *Game) OwnBox(c *Car) tracks.SpaceID { return g.ownBox(c) }

// CrossLine counts c's crossing of the line from from to to (laps, the
// last-lap flags): fdr's move crosses it as the base's does.
func (g *Game) CrossLine(c *Car, from, to tracks.SpaceID) { g.crossLine(c, from, to) }

// SpaceNames writes path as a record writes it: fdr's move lines.
func (g *Game) SpaceNames(path []tracks.SpaceID) string { return g.names(path) }

// RedFlagAggregateEnd reports whether winner's crossing ends a two-part
// race (league 21-B): fdr classifies him then.
func (g *Game) RedFlagAggregateEnd(winner *Car) bool { return g.redFlagAggregateEnd(winner) }

// WeatherFinal reports whether a weather roll from last to result stands
// for the rest of the race (league 3-C): fdr's weather tests stop then.
func (g *Game) WeatherFinal(last, result tracks.Weather) bool { return g.weatherFinal(last, result) }

// MonsoonDried starts 8-C's grace of the monsoon tyres when the track
// dries from before: fdr's weather tests call it on a change.
func (g *Game) MonsoonDried(before WeatherState) { g.monsoonDried(before) }

// AddQualifyingPenalty adds n to the qualifying run's penalty (R1.9): fdr
// charges an overshoot's spaces there in qualifying.
func (g *Game) AddQualifyingPenalty(n int) { g.qPenalty += n }

// NextPlace counts one more car finished and is its place (R21.1): fdr
// classifies the cars in the order they cross the line.
func (g *Game) NextPlace() int {
	g.finishes++
	return g.finishes
}

// UnpaidOvershootRule is the variant deciding an overshoot a car cannot pay
// (league 10-A's rails), nil without one.
func (g *Game) UnpaidOvershootRule() UnpaidOvershootRule { return g.hooks.unpaid }

// PlayEndRules are the variants asked at the end of a play (PlayEnd),
// in the order they registered.
func (g *Game) PlayEndRules() []PlayEnd { return g.hooks.playEnd }

// Settled is the final weather a changeable w becomes, its track dry or wet
// as it is (FDR R3.6(3)): fdr's weather tests settle it.
func (w WeatherState) Settled() WeatherState { return w.settled() }

// DownshiftCost is T-05, the wear for dropping from gear from to to, ok
// false for a drop of five gears (R-GEAR-08): fdr's gear options price it.
func DownshiftCost(from, to int) (w Wear, ok bool) { return downshiftCost(from, to) }

// Because is the reason of key, naming corner (or "") and the numbers:
// fdr's options say why they cost what they cost.
func Because(key, corner string, nums ...int) Reason { return because(key, corner, nums...) }

// The play under way as fdr's resolution of it (fdr/resolve.go) reads and
// steers it: its stages, its die, its path, and the base's steps of a move
// that take the play.

// CurrentPlay is the play under way: fdr's stages run only inside one.
func (g *Game) CurrentPlay() Turn { return Turn{g, g.turn} }

// AtGear, AtMove, AtSlipstream and AtPit tell the play's stage: the
// decision fdr asks next (R6.11).
func (t Turn) AtGear() bool { return t.t.stage == stageGear }

// AtMove: the play's die is rolled, its move to choose.
func (t Turn) AtMove() bool { return t.t.stage == stageMove }

// AtSlipstream: a slipstream may follow the move (R18).
func (t Turn) AtSlipstream() bool { return t.t.stage == stageSlip }

// AtPit: the car is in its box, the stop to choose (R19).
func (t Turn) AtPit() bool { return t.t.stage == stagePit }

// Stage is the stage's number, for the message of a stage fdr has no
// decision for (a bug).
func (t Turn) Stage() int { return int(t.t.stage) }

// AskSlipstream makes the play's next decision the slipstream (R18).
func (t Turn) AskSlipstream() { t.t.stage = stageSlip }

// AskPit makes the play's next decision the pit stop (R19).
func (t Turn) AskPit() { t.t.stage = stagePit }

// EngineTested reports whether the play's roll called the engine tests
// (R16.1): fdr rolls them after the move.
func (t Turn) EngineTested() bool { return t.t.engine }

// SetEngineTested records whether the play's roll called them.
func (t Turn) SetEngineTested(on bool) { t.t.engine = on }

// Extend adds path to the play's path as the car moves along it.
func (t Turn) Extend(path []tracks.SpaceID) { t.t.path = append(t.t.path, path...) }

// Reroll is the first MoveReroll open to the play, nil when none is: fdr
// offers the new roll beside the moves, the base's facts name it. The one
// body, not a wrapper of the base's, so both callers inline it.
func (t Turn) Reroll() MoveReroll {
	for _, h := range t.g.hooks.rerolls {
		if h.RerollOpen(t) {
			return h
		}
	}
	return nil
}

// RollMove rolls the move of gear for the play: the value, whether its face
// calls the engine tests (R16.1), and the engine tests a gear above the
// sixth adds after the move (ExtraGear, 6-D). fdr's MoveReroll rolls anew.
func (t Turn) RollMove(gear int, src dice.Source) (v int, top bool, extraTests int, err error) {
	return t.g.rollMove(t.t, gear, src)
}

// SettleRoll makes v the face that stands, the compulsory changes and a
// RollBonus's spaces applied as after the first roll (§0.4): fdr's
// MoveReroll settles its new face so.
func (t Turn) SettleRoll(gear, v int) { t.g.settleRoll(t.t, gear, v) }

// DeclarationOptions adds, after the gears opts, each gear again with each
// declaration open to it (Declaration): fdr's gear decision.
func (t Turn) DeclarationOptions(opts []Option) []Option { return t.g.declarationOptions(t.t, opts) }

// FreeBrake is the spaces of a move braking braked along path that the
// wing spares (WingRule): fdr counts them off the brakes it charges.
func (t Turn) FreeBrake(braked int, path []tracks.SpaceID) int {
	return t.g.freeBrake(t.t, braked, path)
}

// SpendDistance tells the DistanceModifier that offered a move of delta
// spaces the player chose it: fdr's chosen segment.
func (t Turn) SpendDistance(delta int) { t.g.spendDistance(t.t, delta) }

// PayPitEntry charges the brake points of entering the pit lane in the
// car's gear (PitLaneRule): fdr's move enters the lane.
func (t Turn) PayPitEntry() { t.g.payPitEntry(t.t) }

// CleanMarkers removes the debris markers on spaces that a module cleans
// (MarkerRule): fdr's move after its handling tests on them.
func (t Turn) CleanMarkers(spaces []tracks.SpaceID) { t.g.cleanMarkers(t.t, spaces) }

// CountStop scores the stop where the play's move ends, not in the next
// corner after an overshoot (R-COR-02, FDR R10.5): fdr's stop accounting.
func (t Turn) CountStop(overshot bool) { t.g.countStop(t.t.car, t.t, overshot) }

// TakeSpares is 20-B at the end of the play: a car out of the race that
// SpareCar brings back is in its pit box.
func (t Turn) TakeSpares() { t.g.takeSpares(t.t, false) }

// TyreGearLimit is hi lowered to the gears the weather matrix allows c's
// tyre (league 3-A, 8-C), never under lo: fdr's gear options stop there.
func (g *Game) TyreGearLimit(c *Car, lo, hi int) int {
	cell, ok := g.extremeCell(c)
	if !ok {
		return hi
	}
	return cell.gearLimit(lo, hi)
}

// WeatherCollision is the weather matrix's addition to a collision test's
// threshold (league 3-A: +3 in a Deluge), ok false where the base tables
// hold: fdr's collision limit adds it, or its own wet one.
func (g *Game) WeatherCollision() (add int, ok bool) {
	cell, ok := g.weatherCell()
	return cell.collision, ok
}

// OptionSpace is room for n options in the game's lent lists (scratch.go):
// fdr's gear options are built there as the base's, without an allocation.
func (g *Game) OptionSpace(n int) []Option { return g.optionLists.space(n) }

// The base's own code that sat in fdr's files, exported where it was
// declared for both: the base reads it without naming fdr (issue 13,
// step (4)(b)), fdr without naming the base's internals.

// CarPoints is the configuration points on the car, its six categories:
// fdr's R5.2 spread, and the base's spare car (20-B), 4-B's team builds,
// the invariants' pit-point check (testhost.go) and AX-5's blitz build.
func (w Wear) CarPoints() int {
	total := 0
	for _, v := range w {
		total += v
	}
	return total
}

// CompetitionCategoryName is the competition rules' name of a category: gas
// in place of the complete rules' gearbox (R0.3). fdr's configuration
// messages and league 19-F's tunes, read and written by these names
// whatever the game, use it.
func CompetitionCategoryName(c Category) string {
	if c == Gearbox {
		return "gas"
	}
	return c.String()
}

// Corner is the index in the circuit's corners of the corner a move left
// without its stops (R-OVS-01; fdr's R10).
func (o overshoot) Corner() int { return o.corner }

// Stops is the stops the car made in the corner it overshot (R10.3: two
// short of the corner's, the car is out).
func (o overshoot) Stops() int { return o.stops }

// Spaces is the spaces the car travelled beyond the overshot corner's exit
// (R-OVS-09; fdr's R10.2 loss).
func (o overshoot) Spaces() int { return o.spaces }

// KeptDecision is d placed in the game's memory for the decision being
// built (one a generation, as the option lists: the decision before stays
// as it was while the next is built), for a module's PlayDecision to
// return instead of a Decision on the heap per decision (issue 14: about
// 1,500 a fdr race; decisionFor fills the same memory for the base's own
// decisions). Call it only from PlayDecision: the game's pending decision
// lives there until the next one, and every reader outside the game copies
// it (Pending, PendingAll, Autopilot).
func (g *Game) KeptDecision(d Decision) *Decision {
	kept := g.optionLists.decision()
	*kept = d
	return kept
}

// CarSpacesAmong is where the cars on the board stand, as the autopilot
// works it out once for a decision's options (CarSpaces, in the game's
// memory until the next decision scored), or nil when the ruleset's score
// does not read it or the circuit does not fit it: for the fdr package's
// tests, which check that OptionScoreAmong scores as OptionScore does.
func (g *Game) CarSpacesAmong() *CarSpaces { return g.carSpacesAmong() }

// ContactSpaces is the spaces beside s (Track.Beside), then the one
// straight ahead in its lane (Track.AheadSameLane), if any: worked out
// once per circuit and shared by every game on it, so the list is read,
// never written (issue 14: Beside makes a list at each call).
func (g *Game) ContactSpaces(s tracks.SpaceID) []tracks.SpaceID { return g.contactSpaces(s) }

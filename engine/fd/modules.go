package fd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
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
func (t Turn) Forced() bool { return t.t.fdr != nil && t.t.fdr.inertia }

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
	if t.t.fdr == nil {
		return 0
	}
	return t.t.fdr.slips
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

// LastRunning reports that the car was classified last of the running
// cars when its play began (league AMB-39).
func (t Turn) LastRunning() bool { return t.t.fdr != nil && t.t.fdr.lastRunning }

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

// MoveReroll offers, beside a move's options, one new roll of its die,
// the new result standing (league 5-E2); it never touches the black die.
// Reserved are the build points (of the 22, FDR R5.2) a car keeps for it,
// taken from its pit points.
type MoveReroll interface {
	RerollOpen(t Turn) bool
	SpendReroll(t Turn)
	Reserved(car int) int
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
}

// The wings of league 5-B.
const (
	WingNeutral  = "neutral"
	WingLoaded   = "loaded"
	WingUnloaded = "unloaded"
)

// QualifyingStart gives the gears a qualifying lap may start in, in place
// of the standing start in 1st (FDR R1.3). One module at most.
type QualifyingStart interface {
	StartGears(t Turn) []Option
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

// GridRule forms the starting grid, pole first, in place of qualifying or
// the grid roll (FDR R1, R2). One module at most.
type GridRule interface {
	Grid(s Setup, src dice.Source) ([]int, error)
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
	laps       []LapHook
	markers    []MarkerRule
	weather    []WeatherRule
	wxRoll     []WeatherRoll
	slides     []SlideRule
	tyres      []TyreChoiceRule
	distance   []DistanceModifier // by Precedence
	gears      GearRoller
	compound   TyreCompound
	wing       WingRule
	qualiStart QualifyingStart
	grid       GridRule
	// the variants filling the hooks only one may: who to name when a
	// second one is refused
	gearsBy, qualiStartBy, gridBy string
	compoundBy, wingBy            string
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
		if err := do(on.id, m); err != nil {
			return err
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
	taken := func(by, what string) error {
		return fmt.Errorf("variant %s: not with %s, which already %s", id, by, what)
	}
	if x, ok := m.(GearRoller); ok {
		if h.gears != nil {
			return taken(h.gearsBy, "rolls the gears")
		}
		h.gears, h.gearsBy = x, id
	}
	if x, ok := m.(DistanceModifier); ok {
		h.distance = append(h.distance, x)
		slices.SortStableFunc(h.distance, func(a, b DistanceModifier) int { return a.Precedence() - b.Precedence() })
	}
	if x, ok := m.(TyreCompound); ok {
		if h.compound != nil {
			return taken(h.compoundBy, "adds a tyre")
		}
		h.compound, h.compoundBy = x, id
	}
	if x, ok := m.(WingRule); ok {
		if h.wing != nil {
			return taken(h.wingBy, "sets the wing")
		}
		h.wing, h.wingBy = x, id
	}
	if x, ok := m.(MoveReroll); ok {
		h.rerolls = append(h.rerolls, x)
	}
	if x, ok := m.(QualifyingStart); ok {
		if h.qualiStart != nil {
			return taken(h.qualiStartBy, "starts the qualifying lap")
		}
		h.qualiStart, h.qualiStartBy = x, id
	}
	if x, ok := m.(GridRule); ok {
		if h.grid != nil {
			return taken(h.gridBy, "forms the grid")
		}
		h.grid, h.gridBy = x, id
	}
	if x, ok := m.(LapHook); ok {
		h.laps = append(h.laps, x)
	}
	if x, ok := m.(MarkerRule); ok {
		h.markers = append(h.markers, x)
	}
	if x, ok := m.(TyreChoiceRule); ok {
		h.tyres = append(h.tyres, x)
	}
	if x, ok := m.(WeatherRoll); ok {
		h.wxRoll = append(h.wxRoll, x)
	}
	if x, ok := m.(SlideRule); ok {
		h.slides = append(h.slides, x)
	}
	if x, ok := m.(WeatherRule); ok {
		h.weather = append(h.weather, x)
	}
	if x, ok := m.(SlipstreamRule); ok {
		h.slipstream = append(h.slipstream, x)
	}
	if x, ok := m.(HandlingRule); ok {
		h.handling = append(h.handling, x)
	}
	if x, ok := m.(CollisionRule); ok {
		h.collision = append(h.collision, x)
	}
	if x, ok := m.(KnockRule); ok {
		h.knocks = append(h.knocks, x)
	}
	if x, ok := m.(SpaceRule); ok {
		h.spaces = append(h.spaces, x)
	}
	if x, ok := m.(OptionFilter); ok {
		h.filters = append(h.filters, x)
	}
	return nil
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
	if g.fdr != nil {
		d.RainedInQualifying, d.LastSession = g.fdr.rainedInQualifying, g.fdr.lastSession
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

// tyreTypes are the tyres a car may fit (R8.1): the base's three and a
// module's compound.
func (g *Game) tyreTypes() []Tyre {
	if g.hooks.compound != nil {
		return []Tyre{Hard, Soft, RainTyre, g.hooks.compound.Compound()}
	}
	return []Tyre{Hard, Soft, RainTyre}
}

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
	g.emit(ev("tyres-spent", "car", c.Number, "type", c.Tyre, "lap", c.TyreAge+1))
}

// rerollOpen is the first MoveReroll open to the play, nil when none is.
func (g *Game) rerollOpen(t *turn) MoveReroll {
	for _, h := range g.hooks.rerolls {
		if h.RerollOpen(Turn{g, t}) {
			return h
		}
	}
	return nil
}

// moveLength is a rolled move as the wing changes it (WingRule).
func (g *Game) moveLength(t *turn, v int) int {
	if g.hooks.wing == nil || g.qualifying {
		return v
	}
	return max(0, g.hooks.wing.Length(Turn{g, t}, v))
}

// freeBrake is the spaces of a braked move along path that the wing
// spares (WingRule).
func (g *Game) freeBrake(t *turn, braked int, path []tracks.SpaceID) int {
	if g.hooks.wing == nil || braked == 0 || g.qualifying {
		return 0
	}
	return min(braked, g.hooks.wing.FreeBrake(Turn{g, t}, path))
}

// buildReserved are the build points the modules keep out of a car's
// configuration.
func (g *Game) buildReserved(car int) int {
	n := 0
	for _, h := range g.hooks.rerolls {
		n += h.Reserved(car)
	}
	return n
}

// raceTyres are the tyres a car may fit for the start of the race (R8.1)
// as the modules narrow them; qualifying's tyres are free.
func (g *Game) raceTyres(c *Car, offered []Tyre) []Tyre {
	if g.fdr == nil || g.fdr.stage <= fdrStageCollect || len(g.hooks.tyres) == 0 {
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
	if t.Qualifying() || t.Rolled() == 0 || t.Forced() {
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
				delete(g.Debris, s)
				g.emit(ev("debris-cleared", "car", t.car.Number, "space", g.Track.Spaces[s].Name))
				break
			}
		}
	}
}

// lastRunning reports c classified behind every other running car (track
// order, trackBefore).
func (g *Game) lastRunning(c *Car) bool {
	for i := range g.Cars {
		o := &g.Cars[i]
		if o != c && o.Status == Racing && o.Space != tracks.NoSpace && g.trackBefore(c, o) {
			return false
		}
	}
	return c.Status == Racing
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

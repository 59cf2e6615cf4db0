package fd

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// MaxCars is the most cars on one grid (R-GEN-02).
const MaxCars = 10

// maxPlays stops a game that would never end (a bug, not a rule).
const maxPlays = 20000

// DecisionKind says what a player must decide.
type DecisionKind string

const (
	DecideGear       DecisionKind = "gear"
	DecideMove       DecisionKind = "move"
	DecideSlipstream DecisionKind = "slipstream"
)

// Decision is what is pending: who must decide what, and the legal options
// with their consequences.
type Decision struct {
	Car     int
	Kind    DecisionKind
	Options []Option
	// Rolled is the die face this decision follows (move and slipstream).
	Rolled int
	// Distance is the number of spaces the car must move (move).
	Distance int
	// Session is "qualifying" for a decision of a qualifying lap.
	Session string
}

// Option is one legal answer to a decision.
type Option struct {
	Letter string
	Gear   int              // DecideGear
	Path   []tracks.SpaceID // DecideMove / DecideSlipstream: the spaces entered, in order; empty: stay
	End    tracks.SpaceID
	// Cost is the wear this option costs for sure (brakes, blocking,
	// downshift, overshoot).
	Cost Wear
	// Eliminated: choosing this option eliminates the car.
	Eliminated bool
	Cause      string
	// Why is Cause for players, said in their language by the catalog
	// (Cause stays the record's text).
	Why Reason
	// Dangerous counts the dangerous spaces entered (one handling roll each).
	Dangerous int
	Overshoot int  // spaces overshot, all corners together
	Spin      bool // the overshoot takes the last tyre point (R-OVS-07)
	// RailsKept is the chance the rail table (league 10-A's rails) keeps
	// in the race a car whose tyres cannot pay this option's overshoot;
	// zero when no rail roll decides it.
	RailsKept float64
	Braked    int  // spaces not moved by choice
	Blocked   int  // spaces not moved because of a block (T-04)
	Pit       bool // ends in the pit lane or the box
	Stop      bool // DecideSlipstream: no slipstream, end the move here
	Bonus     bool // takes the soft-tyre +1 (O-TYR-04)
	Compound  int  // with Bonus on a TyreCompound's tyre: its bonus spaces (league 8-B: 1 or 2)
	Slide     int  // spaces of rain slide included (O-TYR-08)

	Build     Wear // DecideBuild: the configuration
	Tyre      Tyre // DecideTyres, DecidePit: the tyre type
	Technical bool // DecidePit: a technical stop (O-PIT-02); under fdr the long stop (R19.17)
	Repair    Wear // DecidePit: the points recovered from the pool
	Engineer  int  // DecidePit: league variant 19-F, the engineer points spent (a sure quick stop, repairs)

	// The competition rules (fdr) only:
	Wall      int // wall tests on entering the wall lane (FDR R15.2)
	Penalty   int // qualifying penalty rolls for overshooting (FDR R1.9)
	SlipBrake int // brake points for slipstreaming into a corner (FDR R18.7)
	Pits      int // DecideBuild: the pit points left by the configuration (FDR R5.2)
	Box       int // DecideBox: the 1-based pit box, counted from the pit-lane entry (FDR R4.1)
	Top       int // DecideMove: league variant 6-A, the Top spent: +1 or −1 space

	Wing string // DecideWing: league variant 5-B, the wing set for the race
	Lock string // DecideLock: league variant 5-C, the steering lock set for the race
	// DecidePit: the downforce setting fitted at the stop (DownforceRule,
	// league 5-B's wing, 5-C's lock; "" unchanged), and its steps toward
	// more downforce, a repair each
	Downforce   string
	DownforceUp int

	// Street races only (§2.18):
	Nitro  int    // DecideMove: the nitro bonus included (U-NIT-01; Montoya gear+3)
	Drop   bool   // DecideMove: Temana drops debris on the space he leaves (U-DRV-02)
	Drift  int    // DecideMove: Jack's drift, +1 or −1 space for 1 tyre PS (U-DRV-02)
	Radio  int    // DecideMove: Stanley's radio at this car after the move (U-DRV-02, T-14)
	Cute   bool   // DecideMove: overtakes Li-Tsu on a straight, 1 space less (U-DRV-02)
	Reroll bool   // street.DecideReroll: Julien re-rolls the race weather (U-DRV-02); DecideMove: the telemetry point's reroll (league 5-E2)
	Driver string // street.DecideDriver: the driver's key (U-DRV-01)
}

// Declared is the mark of the declaration a gear option makes before the
// roll, the letter after its gear ("S" of "5S"; modules.go Declaration),
// "" for a plain gear.
//
// The gear's digits are skipped byte by byte, as strings.TrimLeft with the
// ten digits did: TrimLeft built its cutset on every call, about 0.9 % of
// an autopilot race (issue 14).
func (op Option) Declared() string { return declaredMark(op.Letter) }

// declaredMark is Declared read from the option's letter alone: the engine's
// own callers hand it the letter, since Declared's value receiver copied
// the whole option (528 bytes) on each call (issue 14).
func declaredMark(letter string) string {
	i := 0
	for i < len(letter) && '0' <= letter[i] && letter[i] <= '9' {
		i++
	}
	return letter[i:]
}

// Order is a player's answer.
type Order struct {
	Car    int
	Gear   int    // for DecideGear
	Letter string // for DecideMove and DecideSlipstream
	// Build is a configuration given as numbers (DecideBuild, O-BLD).
	Build Wear
	// Boosters are the booster points the player builds with his
	// configuration when BoostersChosen (league 5-A, 16-F: a
	// characteristic of the build, league AMB-14), with numbers or a preset's
	// letter; unchosen, the variant's.
	Boosters       int
	BoostersChosen bool
	// Session is "qualifying" for an order of a qualifying lap; it may be
	// left empty, the car's pending decision tells.
	Session string
}

// Game is one Formula Dé race under the complete rules. It is a pure state
// machine: dice come in through a dice.Source, and every roll and every
// consequence is appended to Events.
type Game struct {
	ID     string
	Config Config
	Track  *tracks.Circuit
	Cars   []Car // Cars[i].Number == i+1
	Debris map[tracks.SpaceID]bool
	// markerKinds and passages are the markers' state the league
	// variants add (markers.go): 17-B's kinds, 17-D's passages
	markerKinds map[tracks.SpaceID]MarkerKind
	passages    map[tracks.SpaceID]int
	// runaways are league 10-A's runaway cars still spinning this game
	// turn (variants/10a.go): a position writes them (runaway=)
	runaways []runaway
	// shortened is the laps a formation lap cut the race to (league 9-A),
	// 0 when it was not: a position writes it (race-laps=)
	shortened int

	Round int
	Order []int // car numbers in play order this round
	next  int   // index in Order of the next car to play
	Play  int   // plays so far; a play is one car's turn
	Over  bool
	// adjusted are the officials' changes to the classification (FDR
	// R1.14), in order
	adjusted []adjustment

	Events []Event
	// lineMem holds the record lines' argument lists (events_fast.go),
	// behind a pointer: a copy of the game (bot's board copy) cuts from
	// the same block after the original's lists, never over them
	lineMem *lineMem
	// shared is a qualifying session's lines not copied yet into the
	// race's record, with the room for their copies' q= and qs= (nil in
	// any other game; copyQualiEvents)
	shared   *sharedLines
	finishes int
	counters dice.Counters
	pending  *Decision
	turn     *turn
	// turnPaths hold the path memory of the last two plays ended
	// (endTurn), newest first: a play appends its path into the memory of
	// the play two before (takeTurnPath), which nothing reads any more,
	// instead of growing a new array each play (issue 14). The turns
	// themselves stay fresh: a module tells plays apart by their turn
	// (street's play state).
	turnPaths [2][]tracks.SpaceID
	// spareTurns are likewise the turns of the last two plays ended that
	// OpenPlay opened (fdr's plays), newest first: OpenPlay takes the
	// older (recyclePlays, host_fdr.go). Nothing compares fdr's turns by
	// identity; the other rulesets' turns stay fresh.
	spareTurns [2]*turn

	weather      WeatherState
	qualiWeather WeatherState
	setupStage   int
	setupPending map[int]*Decision
	startWear    map[int]Wear // O-BLD configurations
	pitPool      map[int]int  // O-PIT pools, by car (or by team under O-TEAM)
	started      bool

	// 20-A rule A (AccidentRule): the accidents read from the events as
	// they are emitted and not tested yet, and the car of a serious one the
	// round has not stopped for yet
	accidentLog       accidentReader
	accidentsUntested []Accident
	seriousAccident   int
	hurt              map[int]bool // cars whose pilot a serious accident hurt: never restarted

	// 21-B (StoppageRule): the cars completing each lap in crossing order,
	// and Part 1's standing of a two-part race (noteRedFlagEvent)
	redFlagLaps map[int][]int
	redFlagPart map[int][2]int

	quali       map[int]*Game // O-QUA sessions, by car
	qualiCopied map[int]int
	// qualiKinds are the "q-" kinds of the session lines copied so far,
	// each written once (copyQualiKind; issue 14)
	qualiKinds   []qualiKind
	qualiResults map[int]QualifyingResult
	// a qualifying session's own state
	qualifying       bool
	qRolls, qPenalty int

	// caps are the ruleset's capabilities from the rulesets table: what
	// this game's turn does differently (rulesets.go); read them by can
	caps *Capabilities
	// hooks are the league variants' modules, found once by NewGame
	hooks hooks
	// moduleStates are this game's own states of the stateful modules
	// (StatefulModule, hooks.stateful), made with the game; read them by
	// moduleStateOf
	moduleStates []any

	// turnRules is the ruleset's rules module (phases.go), made by
	// NewGame from the rulesets table (setRules): the street races'
	// streetRules, fdr's fdrRules, nil for the rulesets without one
	// (rules gives baseRules then)
	turnRules RulesModule
	// module is the same module when the hot paths of the turn (the
	// move's options, each space crossed, the scores, the order's ties)
	// call it, nil when the ruleset has none or its module changes none of
	// those phases (the table's quietMove): they skip the call then
	module RulesModule
	// describe is what turnRules says of its own options and decisions
	// (modules_describe.go), found with it
	describe describers

	// scratch is the path searches' reusable memory (scratch.go); it
	// holds nothing of the game's state
	scratch *scratch
	// fixedHazards are the spaces that are hazards for the whole race
	// (mover.hazard): the circuit's dangerous spaces, an oval's wall
	// under FDR
	fixedHazards spaceBits
	// optionLists holds the decisions' option lists (scratch.go)
	optionLists optionLists
	// carSet is where the cars stand, worked out by the autopilot once for
	// the options of the decision it scores (CarSpaces, autopilot.go;
	// issue 14), read only while it scores them
	carSet CarSpaces
	// steps are the circuit's edges for the walks (stepTable)
	steps *steps
	// movers are the movers borrowMover lends, the first moversLent of
	// them lent now
	movers     []*mover
	moversLent int
}

// turn is the state of the car whose turn it is.
type turn struct {
	car      *Car
	stage    int
	face     int
	distance int
	engine   bool // R-ENG-01 triggered by the gear die
	// R-STA-03, AMB-30: a super start moves 4 spaces with at most 2 lane
	// changes
	superStart bool
	start      tracks.SpaceID
	path       []tracks.SpaceID // every space entered this move, in order
	braked     bool
	lossBody   bool
	// the corner and stops at the start of the move
	startCorner, startStops int
	segmentStart            int // index in path where the current segment starts
	overshot                bool
	// R-DWN-05: an engine point lost by downshifting leaves its debris
	// where the move ends, not where it starts
	downshiftDebris bool
	// declared is the declaration made with the gear (modules.go
	// Declaration); chosen: a ChosenMove, the length is picked among
	// distance…distance+span, no die rolled
	declared Declaration
	chosen   bool
	span     int
	raw      int // the raw d20 of a GearRoller's roll (league AMB-01), 0 for none

	blackRerolled bool // 4-B(b): the pilot point held for the black die is spent
	testRefused   bool // 23-A(d), 6-B: the refusal held this play is spent

	// rules is the rules module value the play runs under when it has one
	// of its own: the competition rules' holds the play's state (FDR R6.11,
	// fdr/state.go); nil otherwise
	rules RulesModule

	// between: no car's play, but one the rules module opened between two
	// plays (RulesModule.BetweenPlays: a street spread owed, U-POL-01)
	between bool
	// spare: opened by OpenPlay, taken back two plays after it ends
	// (spareTurns)
	spare bool
}

const (
	stageGear = iota
	stageMove
	stageSlip
	stagePit // O-PIT: the player chooses the stop
	// stageModule (phases.go) follows: the rules module holds the play
)

// ErrNotYourTurn and friends classify refused orders.
var (
	ErrNoDecision  = errors.New("no decision is pending")
	ErrNotYourTurn = errors.New("not this car's decision")
	ErrIllegal     = errors.New("illegal order")
)

// NewGame seats n cars on an embedded or hand-made circuit. Call Start to
// roll the grid.
func NewGame(id string, cfg Config, c *tracks.Circuit, n int) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxCars {
		return nil, fmt.Errorf("%d cars: a race has 1 to %d cars (R-GEN-02)", n, MaxCars)
	}
	if len(c.Grid) < n {
		return nil, fmt.Errorf("circuit %s has %d grid slots for %d cars", c.ID, len(c.Grid), n)
	}
	ruleset := cfg.Rules.entry()
	if err := ruleset.moduleMissing(); err != nil {
		return nil, err
	}
	variants, err := cfg.variantHooks()
	if err != nil {
		return nil, err
	}
	if b := variants.pitBoxes; b != nil && b.Teams() != nil && len(b.Teams()) != n {
		return nil, fmt.Errorf("variant %s: teams names %d cars, the race has %d", variants.pitBoxesBy, len(b.Teams()), n)
	}
	g := &Game{ID: id, Config: cfg, caps: &ruleset.Can, hooks: variants, moduleStates: variants.newModuleStates(), Track: c, Debris: map[tracks.SpaceID]bool{},
		setupPending: map[int]*Decision{}, startWear: map[int]Wear{}, pitPool: map[int]int{}, qualiResults: map[int]QualifyingResult{}}
	g.setRules(ruleset)
	for i := range n {
		g.Cars = append(g.Cars, Car{Number: i + 1, Space: tracks.NoSpace, Wear: cfg.Start, Corner: -1})
	}
	if err := g.rules().Prepare(g, n); err != nil {
		return nil, err
	}
	return g, nil
}

// can is what the game's ruleset does differently (the rulesets table);
// a game built by hand rather than by NewGame reads its ruleset's line.
func (g *Game) can() *Capabilities {
	if g.caps != nil {
		return g.caps
	}
	return &g.Config.Rules.entry().Can
}

// Can is what the game's ruleset does differently, for the autopilots,
// bot and render (a copy: the table is read-only).
func (g *Game) Can() Capabilities { return *g.can() }

func (g *Game) emit(e Event) {
	// field by field: an Event (40 bytes, pointers in it) appended whole
	// is copied through typedmemmove, a bulk write barrier while the
	// collector marks (issue 14; candidate's swap, move.go)
	if len(g.Events) == cap(g.Events) {
		g.Events = slices.Grow(g.Events, 1)
	}
	g.Events = g.Events[:len(g.Events)+1]
	last := &g.Events[len(g.Events)-1]
	last.Kind, last.Args = e.Kind, e.Args
	if g.shared != nil {
		g.shared.note(g.lineMem, e)
	}
	if g.hooks.accidents != nil && !g.qualifying { // 20-A: read now, a live game keeps no record; a qualifying lap has QUALI instead
		if a, ok := g.accidentLog.read(g, e); ok {
			g.accidentsUntested = append(g.accidentsUntested, a)
		}
	}
	if len(g.hooks.stoppage) > 0 { // 21-B, 15-A: likewise
		g.noteRedFlagEvent(e)
	}
}

func (g *Game) car(n int) *Car { return &g.Cars[n-1] }

// roll rolls a die for a car and records it. Keys are a pure function of
// the game's committed state, so a retry never rolls differently.
func (g *Game) roll(src dice.Source, car int, purpose string, d dice.Die) (int, error) {
	// the counters keep only the current play's: a game's memory no
	// longer grows with every play (issue 14)
	n, err := g.counters.Next(g.Play, car, purpose)
	if err != nil {
		return 0, err
	}
	k := dice.Key{Game: g.ID, Play: g.Play, Car: car, Purpose: purpose, Counter: n}
	r, err := src.Roll(k, d)
	if err != nil {
		return 0, fmt.Errorf("rolling %s for car %d (%s): %w", d.Name, car, purpose, err)
	}
	g.emit(RollEvent{Play: g.Play, Car: car, For: purpose, N: n, Die: d.Name, Value: r.Value}.lineIn(g.lines()))
	return r.Value, nil
}

func (g *Game) black(src dice.Source, car int, purpose string) (int, error) {
	return g.roll(src, car, purpose, g.Config.Dice.Black)
}

// Start plays the setup (the optional rules' weather, configurations,
// tyres and qualifying), rolls or sets the grid (R-SET-02: highest black die
// takes pole, ties re-roll among themselves) and plays until the first
// decision.
func (g *Game) Start(src dice.Source) error {
	if g.started || g.Round != 0 {
		return errors.New("the game has already started")
	}
	g.started = true
	for i := range g.Cars {
		g.pitPool[g.poolOf(g.Cars[i].Number)] = g.poolSize()
	}
	return g.advance(src)
}

func carNumbers(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// rollGrid orders cars by black die, re-rolling ties among the tied cars.
func (g *Game) rollGrid(src dice.Source, cars []int) ([]int, error) {
	if len(cars) <= 1 {
		return cars, nil
	}
	rolls := map[int]int{}
	for _, n := range cars {
		v, err := g.black(src, n, "grid")
		if err != nil {
			return nil, err
		}
		rolls[n] = v
	}
	byValue := map[int][]int{}
	var values []int
	for _, n := range cars {
		v := rolls[n]
		if len(byValue[v]) == 0 {
			values = append(values, v)
		}
		byValue[v] = append(byValue[v], n)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(values)))
	var out []int
	for _, v := range values {
		tied := byValue[v]
		if len(tied) > 1 {
			var first []int
			first, tied = g.rules().GridFirst(g, tied) // street U-DRV-02: Diane wins grid ties
			out = append(out, first...)
		}
		sub, err := g.rollGrid(src, tied)
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// Pending returns a decision the game waits for (the lowest car's when
// several players decide at once), or nil when it is over.
func (g *Game) Pending() *Decision {
	if g.pending != nil {
		g.optionLists.lend()
		d := *g.pending // PendingAll lists the race's decision first
		return &d
	}
	all := g.PendingAll()
	if len(all) == 0 {
		return nil
	}
	return &all[0]
}

// Submit applies a player's order to the pending decision, then plays on
// until the next decision. An illegal order changes nothing and its error
// lists what is legal.
func (g *Game) Submit(o Order, src dice.Source) error {
	if d := g.setupPending[o.Car]; d != nil && g.pending == nil {
		if err := g.submitSetup(o, d); err != nil {
			return err
		}
		return g.advance(src)
	}
	if sub := g.quali[o.Car]; sub != nil && sub.pending != nil && g.pending == nil {
		if err := g.submitQualifying(o, src); err != nil {
			return err
		}
		return g.advance(src)
	}
	d := g.pending
	if d == nil {
		if len(g.PendingAll()) > 0 {
			return fmt.Errorf("%w: car %d has no decision pending; waiting for %s", ErrNotYourTurn, o.Car, g.describeWaiting())
		}
		return ErrNoDecision
	}
	if o.Car != d.Car {
		return fmt.Errorf("%w: car %d must decide (%s), not car %d", ErrNotYourTurn, d.Car, d.Kind, o.Car)
	}
	var chosen *Option
	for i := range d.Options {
		op := &d.Options[i]
		if (d.Kind == DecideGear && o.Gear == op.Gear && o.Letter == "") || (o.Letter != "" && strings.EqualFold(o.Letter, op.Letter)) {
			chosen = op
			break
		}
	}
	if chosen == nil {
		if why := g.refusal(d, o); why != "" {
			return fmt.Errorf("%w: %s; %s", ErrIllegal, why, describeLegal(d))
		}
		return fmt.Errorf("%w: %s", ErrIllegal, describeLegal(d))
	}
	if d.Kind == DecideGear && declaredMark(chosen.Letter) == "" {
		g.emit(OrderEvent{Car: o.Car, Gear: chosen.Gear}.lineIn(g.lines()))
	} else {
		g.emit(OrderEvent{Car: o.Car, Choose: chosen.Letter}.lineIn(g.lines()))
	}
	g.pending = nil
	if err := g.apply(*chosen, d.Kind, src); err != nil {
		return err
	}
	return g.advance(src)
}

func describeLegal(d *Decision) string {
	var parts []string
	for _, op := range d.Options {
		if d.Kind == DecideGear && op.Declared() == "" {
			parts = append(parts, fmt.Sprintf("gear %d", op.Gear))
		} else {
			parts = append(parts, op.Letter)
		}
	}
	return fmt.Sprintf("car %d must choose a %s; legal: %s", d.Car, d.Kind, strings.Join(parts, ", "))
}

func (g *Game) apply(op Option, kind DecisionKind, src dice.Source) error {
	if m := g.turnRules; m != nil { // nil-guarded: the call copies the option
		if handled, err := m.PlayApply(g, op, kind, src); handled {
			return err // fdr R6.11: the consolidated play
		}
	}
	t := g.turn
	if t != nil && t.stage == stageModule {
		return g.rules().Apply(g, op, src) // street U-DRV-02 Julien, U-POL-01, U-CHK-01
	}
	switch kind {
	case DecideGear:
		return g.engageGear(op, src)
	case DecideMove:
		return g.moveSegment(op, src, false)
	case DecidePit:
		if err := g.pitStop(t.car, op, src); err != nil {
			return err
		}
		return g.finishMove(src)
	case DecideSlipstream:
		if op.Stop {
			return g.endMove(src)
		}
		// R-SLP-05: the corner-entry brake, the brakes that shorten the
		// slipstream and a block (R-SLP-03) are paid now; the overshoot
		// tyres in op.Cost are charged once, by endMove (R-OVS-03)
		c := t.car
		block, ok := blockCost(op.Blocked, c.Wear, g.Config.StrictBlockTable)
		if !ok {
			return fmt.Errorf("%w: the slipstream is blocked %d short and cannot be paid (R-BLK-03)", ErrIllegal, op.Blocked)
		}
		corner := op.Cost[Brakes] - block[Brakes] - op.Braked
		if corner > 0 {
			c.Wear[Brakes] -= corner
			g.emit(WearEvent{Car: c.Number, WearPoints: onePoint("brakes", -corner), Cause: "slipstream into a corner (R-SLP-05)"}.line())
		}
		if op.Braked > 0 || op.Blocked > 0 {
			t.braked = true // R-SLP-04: a shortened segment cannot be chained
			cut := block
			cut[Brakes] += op.Braked
			cause := fmt.Sprintf("slipstream shortened by %d (R-SLP-03)", op.Braked)
			if op.Blocked > 0 {
				cause = fmt.Sprintf("slipstream blocked %d short (R-SLP-03, T-04)", op.Blocked)
			}
			for cat := Category(0); cat < NumCategories; cat++ {
				if cut[cat] > 0 && !g.lose(c, cat, cut[cat], cause) {
					if err := g.owedRolls(src); err != nil { // §2.19
						return err
					}
					g.endTurn()
					return nil
				}
			}
		}
		return g.moveSegment(op, src, true)
	}
	return fmt.Errorf("unknown decision %q", kind)
}

func sub(a, b Wear) Wear {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

// advance plays automatic steps until a player must decide or the race is
// over.
func (g *Game) advance(src dice.Source) error {
	if g.setupStage < setupDone {
		done, err := g.advanceSetup(src)
		if err != nil || !done {
			return err
		}
	}
	for g.pending == nil && !g.Over {
		if g.turn == nil {
			if err := g.beginTurn(src); err != nil {
				return err
			}
			continue
		}
		g.optionLists.nextDecision()
		d, err := g.decisionFor(g.turn, src)
		if err != nil {
			return err
		}
		if d == nil {
			continue
		}
		if len(d.Options) == 1 {
			// nothing to choose: play it, as the table would
			if err := g.apply(d.Options[0], d.Kind, src); err != nil {
				return err
			}
			continue
		}
		g.pending = d
	}
	return nil
}

// beginTurn picks the next car (starting a round when needed) and plays the
// automatic start of its turn.
func (g *Game) beginTurn(src dice.Source) error {
	if m := g.turnRules; m != nil {
		if handled, err := m.BeginTurn(g, src); handled {
			return err // fdr R6.6–R6.10, AMB-40: the leader order
		}
	}
	if m := g.module; m != nil && m.BetweenPlays(g) {
		return nil // street U-POL-01: a contest completed by an elimination
	}
	if g.next >= len(g.Order) {
		if g.raceOver() {
			g.finish()
			return nil
		}
		g.Round++
		g.Order = g.playOrder()
		g.next = 0
		g.emit(RoundEvent{N: g.Round, Order: g.Order}.lineIn(g.lines()))
		if len(g.Order) == 0 {
			g.finish()
			return nil
		}
	}
	c := g.car(g.Order[g.next])
	g.next++
	if c.Status != Racing {
		return nil
	}
	g.Play++
	if g.Play > maxPlays {
		return fmt.Errorf("game %s: more than %d plays; the race cannot end", g.ID, maxPlays)
	}
	t := &turn{car: c, start: c.Space, path: g.takeTurnPath(), startCorner: c.Corner, startStops: c.Stops}
	g.turn = t
	g.emit(TurnEvent{Play: g.Play, Car: c.Number}.lineIn(g.lines()))
	switch {
	case !c.Started && g.qualifying:
		// O-QUA-02: the 1st-gear die is the first roll, no start roll
		c.Started = true
		return g.engageGear(Option{Gear: 1}, src)
	case !c.Started:
		// R-STA-01: the start roll
		v, err := g.black(src, c.Number, "start")
		if err != nil {
			return err
		}
		c.Started = true
		switch {
		case v == 1:
			c.Stalled = true
			g.emit(Encode(StartEvent{Car: c.Number, Result: "stall"}))
			g.endTurn()
			return nil
		case v == 20:
			g.emit(Encode(StartEvent{Car: c.Number, Result: "super"}))
			c.Gear = 1
			t.distance = 4 // R-STA-01: 4 spaces, no gear die
			t.superStart = true
			t.stage = stageMove
			return nil
		default:
			g.emit(Encode(StartEvent{Car: c.Number, Result: "normal"}))
			return g.engageGear(Option{Gear: 1}, src)
		}
	case c.Stalled:
		c.Stalled = false // R-STA-01: 1st gear without a new start roll
		return g.engageGear(Option{Gear: 1}, src)
	case c.Spun:
		c.Spun = false // R-OVS-07: turned back, forced into 1st, no penalty
		t.car.SpinTurn = true
		return g.engageGear(Option{Gear: 1}, src)
	}
	t.stage = stageGear
	return nil
}

func (g *Game) raceOver() bool {
	for i := range g.Cars {
		if g.Cars[i].Status == Racing {
			return false
		}
	}
	return true
}

func (g *Game) finish() {
	if g.Over {
		return
	}
	g.Over = true
	g.pending = nil
	g.turn = nil
	g.emit(Encode(OverEvent{Rounds: g.Round, Plays: g.Play}))
}

// playOrder sorts the racing cars for a round (R-ORD-01..04).
func (g *Game) playOrder() []int {
	type key struct {
		car, prog, exact, gear int
		inside                 float64
	}
	var onStack [16]key // a race's cars fit: no list grown on the heap
	ks := onStack[:0]
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.Status != Racing {
			continue
		}
		ks = append(ks, key{c.Number, g.orderProgress(c), progress(g.Track, c), c.Gear, g.insideDistance(c)})
	}
	playsFirst := func(a, b *key) bool {
		if a.prog != b.prog {
			return a.prog > b.prog
		}
		if a.exact != b.exact {
			// R-ORD-01 among pit-lane cars, which orderProgress puts all
			// at the pit entry: the one further along plays first
			return a.exact > b.exact
		}
		if m := g.module; m != nil {
			if d := m.OrderTie(g, a.car, b.car); d != 0 {
				return d < 0 // street U-DRV-02: Diane wins every position tie
			}
		}
		if a.gear != b.gear {
			return a.gear > b.gear // R-ORD-02
		}
		if a.inside != b.inside {
			return a.inside < b.inside // R-ORD-03
		}
		return a.car < b.car // AMB-08
	}
	// slices.SortStableFunc is sort.SliceStable's algorithm (insertion
	// sorts of 20, then merges) asking only whether cmp(a, b) < 0 where
	// sort.SliceStable asked less(i, j): the same comparisons in the same
	// order, without reflection's swapper (issue 14)
	slices.SortStableFunc(ks, func(a, b key) int {
		if playsFirst(&a, &b) {
			return -1
		}
		return 0
	})
	out := make([]int, len(ks))
	for i, k := range ks {
		out[i] = k.car
	}
	return out
}

// orderProgress doubles the progress so that a car in the pit lane can sit
// half a level behind the pit-entry limit: track cars on the pit straight
// play first (R-ORD-04).
func (g *Game) orderProgress(c *Car) int {
	s := &g.Track.Spaces[c.Space]
	if s.Kind == tracks.KindTrack || len(g.Track.Pit.Entry) == 0 {
		return 2 * progress(g.Track, c)
	}
	entry := g.Track.Spaces[g.Track.Pit.Entry[0]].Level
	laps := c.Laps
	if s.Level < entry {
		laps-- // already crossed the line inside the pit lane
	}
	return 2*(laps*g.Track.Levels+entry) - 1
}

// insideDistance is how far the car is from the inside lane of its corner,
// or of the next one (R-ORD-03).
func (g *Game) insideDistance(c *Car) float64 {
	s := &g.Track.Spaces[c.Space]
	k := s.Corner
	if k < 0 {
		k = g.Track.NextCorner(s.Level)
	}
	if k < 0 {
		return 0
	}
	corner := &g.Track.Corners[k]
	if corner.Direction == tracks.Left {
		return float64(s.Lane)
	}
	return float64(g.laneCount(c.Space) - 1 - s.Lane)
}

func (g *Game) laneCount(id tracks.SpaceID) int {
	s := &g.Track.Spaces[id]
	if s.Segment >= 0 && s.Segment < len(g.Track.Segments) {
		return g.Track.Segments[s.Segment].Lanes
	}
	return g.Track.Lanes
}

// decisionFor builds the decision of the current turn's stage, or runs an
// automatic stage and returns nil.
func (g *Game) decisionFor(t *turn, src dice.Source) (*Decision, error) {
	if m := g.turnRules; m != nil {
		if d, handled, err := m.PlayDecision(g, src); handled {
			return d, err // fdr R6.11: the consolidated play
		}
	}
	switch t.stage {
	case stageGear:
		d := g.optionLists.decision()
		*d = Decision{Car: t.car.Number, Kind: DecideGear, Options: g.gearOptions(t.car)}
		return d, nil
	case stageMove:
		opts := g.moveOptions(t)
		d := g.optionLists.decision()
		*d = Decision{Car: t.car.Number, Kind: DecideMove, Options: opts, Rolled: t.face, Distance: t.distance}
		return d, nil
	case stageSlip:
		opts := g.slipOptions(t)
		if len(opts) == 0 {
			return nil, g.endMove(src)
		}
		opts = append(opts, Option{Stop: true, End: t.car.Space, Letter: letter(len(opts))})
		return &Decision{Car: t.car.Number, Kind: DecideSlipstream, Options: opts}, nil
	case stagePit:
		return &Decision{Car: t.car.Number, Kind: DecidePit, Options: g.pitOptions(t.car)}, nil
	case stageModule:
		return g.rules().Decision(g, src) // street U-DRV-02 Julien, U-POL-01, U-CHK-01
	}
	return nil, fmt.Errorf("turn stage %d", t.stage)
}

func letter(i int) string {
	if i < len(letters) {
		return letters[i]
	}
	return letterOf(i)
}

func letterOf(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return string(rune('A'+i/26-1)) + string(rune('A'+i%26))
}

// letters are the options' letters written once, not once per option.
var letters = func() []string {
	out := make([]string, 26*27)
	for i := range out {
		out[i] = letterOf(i)
	}
	return out
}()

func (g *Game) endTurn() {
	if t := g.turn; t != nil {
		t.car.SpinTurn = false
		g.turnPaths[1], g.turnPaths[0] = g.turnPaths[0], t.path[:0]
		if t.spare {
			g.spareTurns[1], g.spareTurns[0] = g.spareTurns[0], t
		}
	}
	g.turn = nil
}

// takeTurnPath is the path memory of the play ended two plays before,
// empty, for the play beginning now (turnPaths); nil when there is none.
func (g *Game) takeTurnPath() []tracks.SpaceID {
	path := g.turnPaths[1]
	g.turnPaths[1] = nil
	return path
}

// eliminate removes a car from the board, leaving debris (R-DEB-01,
// R-OVS-10).
func (g *Game) eliminate(c *Car, cause string) {
	if c.Status != Racing {
		return
	}
	c.Status = Eliminated
	c.Cause = cause
	c.LastLevel = progress(g.Track, c)
	g.emit(Encode(EliminatedEvent{Car: c.Number, Cause: cause}))
	if c.Space != tracks.NoSpace {
		g.dropDebris(c.Space)
	}
	c.Space = tracks.NoSpace
}

// dropDebris puts a debris marker on s, on the track or in the pit lane:
// R-DEB-01 "for any reason", so a car eliminated in the pit lane leaves its
// debris there (FDR AMB-53 likewise); one flag per space (R-DEB-06).
func (g *Game) dropDebris(s tracks.SpaceID) {
	if g.Debris[s] || !g.Track.Spaces[s].Playable() {
		return
	}
	g.Debris[s] = true
	g.emit(Encode(DebrisEvent{Space: g.Track.Spaces[s].Name}))
}

// lose takes points from a category and says whether the car survives
// (R-PS-03).
func (g *Game) lose(c *Car, cat Category, n int, cause string) bool {
	if n <= 0 {
		return true
	}
	before := c.Wear[cat]
	c.Wear[cat] = max(0, before-n)
	g.emit(WearEvent{Car: c.Number, WearPoints: onePoint(g.catName(cat), -min(n, before)), Cause: cause}.line())
	switch cat {
	case Tyres:
		if n > before {
			g.eliminate(c, fmt.Sprintf("lost more tyre points than it had (%s)", cause))
			return false
		}
	case Body, Engine, Handling:
		if c.Space != tracks.NoSpace && (cat == Body || cat == Engine) {
			g.dropDebris(c.Space) // R-DEB-01
		}
		if c.Wear[cat] == 0 {
			g.eliminate(c, fmt.Sprintf("lost its last %s point (%s)", cat, cause))
			return false
		}
	}
	return true
}

// Occupied reports which car stands on a space, or 0.
func (g *Game) Occupied(s tracks.SpaceID) int {
	for i := range g.Cars {
		if c := &g.Cars[i]; c.OnBoard() && c.Space == s {
			return c.Number
		}
	}
	return 0
}

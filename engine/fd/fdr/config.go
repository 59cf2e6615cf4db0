package fdr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The FD-Règles competition rules (fd-competition-rules.md, ruleset "fdr").
// The fd2008 machinery (turns, movers, decisions, records) is shared; the
// fdr_*.go files hold what the competition rules do differently, reached
// through their rules module (fdrRules, module.go) and, where a
// capability is still read outside the seam, from small hooks in the
// shared code that ask the rulesets table (Capabilities).

// R1.1: 1 or 2 sessions; the engine default is 1. (R5.2's pit points, 22
// per driver, 20 to 22 on the car and the rest in the pit, are the base's
// BaseSpread: every ruleset's pit pool is bounded by it.)
const fdrDefaultSessions = 1

// FDRDefaultBuild is the default configuration (AMB-45's league standard,
// used when a car is started without one): 9/3/2/2/2/2 and 2 pit points.
func FDRDefaultBuild() fd.Wear { return fd.Wear{9, 3, 2, 2, 2, 2} }

// FDRConfig is the competition rules: 3 laps (R0.1), one qualifying session
// (R1.1), the default configuration above (R5.2).
func FDRConfig() fd.Config {
	return fd.Config{Rules: fd.FDR, Laps: 3, Start: FDRDefaultBuild(), Dice: dice.DefaultSet(), Sessions: fdrDefaultSessions}
}

// validateFDR is the competition rules' check of a configuration, which
// replaces the complete rules' (fdrRules.ValidateConfig, ConfigModule).
func validateFDR(c fd.Config) error {
	if c.Laps < 1 || c.Laps > 9 {
		return fmt.Errorf("laps %d: from 1 to 9 (the competition rules race 3, AMB-57)", c.Laps)
	}
	if c.Sessions < 0 || (c.Sessions > 2 && c.Sessions != c.RuledSessions()) {
		return fmt.Errorf("sessions %d: 0 (grid by the black die), 1 or 2 qualifying sessions (R1.1)", c.Sessions)
	}
	if c.Optional != (fd.Optional{}) {
		return errors.New("the optional rules belong to fd2008; the competition rules (fdr) include their own weather, tyres, configurations, qualifying and pit stops")
	}
	if c.StrictBlockTable {
		return errors.New("strict-block-table is an fd2008 option; fdr blocking is always paid in full (R12.5)")
	}
	if err := ValidateFDRBuild(c.Start); err != nil {
		return fmt.Errorf("default configuration: %w", err)
	}
	return c.Dice.Validate()
}

// ValidateFDRBuild checks a car configuration against R5.2 and T10: every
// category at least 1, 20 to 22 points on the car (the rest, 22 − total,
// are pit points), no maximum per category (AMB-44).
func ValidateFDRBuild(w fd.Wear) error { return validateSpread(w, fd.BaseSpread) }

// validateSpread checks a configuration against a spread: every category
// at least 1 (R5.2), CarMin to CarMax on the car.
func validateSpread(w fd.Wear, sp fd.Spread) error {
	if sp.Only != (fd.Wear{}) && w != sp.Only {
		return fmt.Errorf("every car of this race is built %s and no other way", sp.Only.Compact())
	}
	total := 0
	for i, v := range w {
		if v < 1 {
			return fmt.Errorf("%s %d: every category starts with at least 1 (R5.2)", fd.CompetitionCategoryName(fd.Category(i)), v)
		}
		total += v
	}
	if total < sp.CarMin || total > sp.CarMax {
		return fmt.Errorf("the car has %d points; put %s on the car, the rest of the %d goes to the pit (R5.2)", total, countsOr(sp.CarMin, sp.CarMax), sp.Total)
	}
	return nil
}

// countsOr writes the whole numbers from lo to hi as "20, 21 or 22".
func countsOr(lo, hi int) string {
	var parts []string
	for n := lo; n <= hi; n++ {
		parts = append(parts, strconv.Itoa(n))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// ValidateFDRSpread checks a whole spread of the 22 points (T10, EX-C-35):
// the car's six categories and the pit.
func ValidateFDRSpread(w fd.Wear, pit int) error {
	if err := ValidateFDRBuild(w); err != nil {
		return err
	}
	if want := fdrPitPoints(w); pit != want {
		return fmt.Errorf("%d on the car and %d in the pit make %d; spread exactly 22 (R5.2)", fd.BaseSpread.Total-want, pit, fd.BaseSpread.Total-want+pit)
	}
	return nil
}

// fdrPitPoints is R5.2: pit = 22 − car total.
func fdrPitPoints(w fd.Wear) int { return fd.BaseSpread.Total - w.CarPoints() }

// FDRPresets are ready-made configurations offered by letter (R5.2); any
// other legal spread can be ordered as numbers (Order.Build).
var FDRPresets = []fd.Wear{
	{9, 3, 2, 2, 2, 2},  // A balanced, 2 pit points
	{8, 3, 2, 3, 3, 2},  // B sturdy, 1 pit point
	{7, 3, 2, 3, 4, 3},  // C endurance (engine tests, stickers), no pit point
	{10, 4, 2, 2, 2, 2}, // D tyres and brakes, no pit point
	{7, 4, 2, 3, 2, 2},  // E late braker, 2 pit points
	{11, 3, 2, 2, 2, 2}, // F no pit lane: tyres for the whole race
}

// Inertia states of a car whose engine blew (R16.4, R16.7).
const (
	InertiaNone         = iota
	InertiaPending      // the engine just blew: next play is the inertia move
	InertiaMoved        // the inertia move is done: removed at the next turn
	InertiaExtended     // blew after the penultimate corner: extended inertia next play
	InertiaExtendedMove // in extended inertia: one gear down each play
)

var inertiaNames = []string{"", "pending", "moved", "extended", "extended-moving"}

// fdrState is the per-game state of the competition rules.
type fdrState struct {
	// weather (R3): the ladder in Game.weather holds the state and the
	// track (Fine and Wet are final); wxLast is the last test result
	// (R3.6), -1 before the first; wxPending counts the tests owed at the
	// end of the round (R3.5, AMB-29).
	wxLast    tracks.Weather
	wxPending int
	// the last qualifying session's weather (R3.4); whether any was
	// RAIN (league 3-B: no heatwave after rain, league AMB-11)
	lastSession        tracks.Weather
	rainedInQualifying bool
	// the round scan (R6.10, AMB-40)
	inRound bool
	pointer scanKey
	played  map[int]int
	prePos  map[int]int
	// seq lists the cars whose play started this round, in that order
	// (a position's played=); resume is the car a position mid-round
	// names to play next (next=): the scan has already reached it
	seq    []int
	resume int
	// the arrival counter (R6.8)
	arrival int
	// setup (R1, R3, R4, R5)
	stage   int
	session int
	best    map[int]fd.QualifyingResult
	done    int // sessions completed so far, for the completion order
	grid    []int
	boxNext int // the next car, by grid index, to choose its pit (R4.1)
	// orderDraws: session 1's running-order d20s by car (1-A's unranked)
	orderDraws map[int]int
	// a qualifying session's own tie-break data (AMB-42)
	qPast int
	// qLane is the lane of the square a qualifying lap ended on, past the
	// line: AX-3's marathon carries it to the next circuit (league AMB-56)
	qLane int

	// sessions keeps every session's results in the order driven, for a
	// SessionRule that counts them all (a contest); only written then
	sessions []fd.QualifyingResult

	// spareValues are the play values of the last two plays started,
	// newest first: the older is the next play's (playValue)
	spareValues [2]*fdrPlayValue
}

func newFDRState() *fdrState {
	return &fdrState{wxLast: -1, lastSession: tracks.Sun, played: map[int]int{}, prePos: map[int]int{}, best: map[int]fd.QualifyingResult{}}
}

// fdrTurn is the play state the competition rules add to a turn.
type fdrTurn struct {
	slid     bool // R8.13: at most one slide per play
	bonus    bool // R8.10: the soft +1 at most once per play
	noSlip   bool // braked or blocked: no slipstream (R11.5)
	exit     bool // the quick-stop exit move (R19.16): no +1
	inertia  bool // an inertia move (R16.4, R16.7): forced, no slipstream
	coast    bool // the inertia move is a CoastRule's (16-A): straight ahead, no cost, no sticker
	braked   int  // brake points spent by choice (R11)
	slipCost int  // brake points of slipstreams into corners (R18.7)
	slips    int  // slipstreams taken this play (Turn.Slipstreams)
	flying   bool // the qualifying lap starts as a module says (QualifyingStart)
	blockK   int  // spaces not moved (R12.1)
	// resolved is the index in turn.path up to which the consequences are
	// settled; segFrom is where the unresolved part starts, with the corner
	// and stops that count there
	resolved             int
	segFrom              tracks.SpaceID
	segCorner, segStops  int
	finishAt             int  // index in turn.path where the car crossed the finishing line, -1
	wallDeferred         bool // R15.5
	blockFront           int  // R12.6: the car that lost the automatic body point
	crossedBefore        bool // the car had crossed the start line at the start of the play
	tyreAge              int  // the set's laps at the start of the play (R8.2)
	pitLaneStart         bool // the play started in the pit lane or the box
	overshotAny          bool
	stallStop, restarted bool
	lastRunning          bool // last of the running cars as the play began (MarkerRule, league AMB-39)
	// owed: points a module charged for the move (Turn.Charge), paid with
	// the brakes at step 8, no sticker
	owed      fd.Wear
	owedCause string
	// declared: the engine tests a DeclaredRoll calls after the move
	// (their thresholds), and whether they replace the car's own part in
	// the tests its roll calls
	declaredTests []int
	ownReplaced   bool
	fromGear      int // the gear as the play began (PitLaneRule: a gear imposed)
	freeBraked    int // of braked, the spaces a high wing spares (WingRule, league 5-B)
}

// prepareCompetition is the competition rules' part of NewGame: the
// circuit must suit them (AMB-02, AMB-59), and the game keeps their state.
func prepareCompetition(g *fd.Game, _ int) error {
	if err := fdrCheckCircuit(g); err != nil {
		return err
	}
	setFDRRaceState(g, newFDRState())
	return nil
}

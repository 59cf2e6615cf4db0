package variants

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 23-A Pilot experience points and 23-B Team points
// (league-variants.md ch. 23): ledgers the league keeps from each event's
// result (engine/league/ledger.go, bot/league_ledgers.go).
//
// 23-A's race side is the pilot point spent as ±1 square on one move
// (§0.4 step 4, the modifier the Top is): the league gives each event's
// game the uses each car's balance opens (uses=1/0/2, car 1 first); a car
// with a use left is offered the moves of its roll ±1 as it is under the
// Top (6-A), race only but under 23-A(i), whose point plays in
// qualifying too (qualifyingPoints), once a GP weekend. The module is the last link of the distance chain
// (modules.go DistanceModifier): the lap's Top, then 23-C's nationality
// point go first, and an earned point only once they are spent: one ±1 a
// move, never two [DEC]. Each point spent is a "pilot-point" event the
// league reads back to debit the ledger.
//
// The build point (23-A(h), the team side of 23-A(e) and (i), 23-B(a) and
// (b)) is a BuildBonus: the league gives each event's game the cars a
// ledger gives one more build point (build=1/0/1/0, car 1 first), and
// their configuration spreads 23 points, 21 to 23 on the car, at most 2
// in the pit (23-A(h)). The league spends a build point whenever the
// balance allows one: it always pays, and 23-A(h) says so [DEC].
// 23-B(c)'s whole team points raise the quick stop (quick=2/2/0/0, car 1
// first: each car's team's points) and bound its exit to 5 spaces, a
// PitStopRule added to 19-G's. 23-A(g)'s point is a new roll of the
// movement die instead (MoveReroll, as 5-E2's telemetry point): the move
// decision offers "roll the die again", the new result stands.
// 23-A(d)'s point may instead refuse a black-die test: held with the gear
// ("5R"), spent on the first test of the car's own in that move, which is
// not rolled (test_refusal.go, the mechanism 6-B's refuse_test shares).

func init() {
	fd.RegisterVariant("23-A", withKinds(variant23A))
	fd.RegisterVariant("23-B", variant23B)
}

func variant23A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "23-A", Group: "b", Name: "Pilot experience points", NameFR: "Points de pilotes", Chapter: fd.ChapterExperience, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("scheme", "c", "the earning and spending scheme of §2 23-A", "a1", "a2", "b", "c", "d", "e", "f", "g", "h", "i"),
			{Key: "uses", Default: "", OmitEmpty: true, Help: "each car's pilot points open this race, car 1 first, separated by / (the league fills it from its ledger)"},
			{Key: "grid_use", Default: "", OmitEmpty: true, Help: "schemes c and i: the worst qualified grid place whose earning opens each car one more pilot point this race (1: pole, 3: the top three, 0: none), car 1 first, separated by / (the league fills it from its ledger)"},
			{Key: "tokens", Default: "", OmitEmpty: true, Help: "scheme c: each car's season boost tokens left, a +1 on a move each, car 1 first, separated by / (the league fills it from its season ledger)"},
			buildParam,
		},
		Help: "a ledger of bonus points each pilot earns from his results (and, by scheme, his team), spent in whole units as ±1 square on a move, capped, carried to the next season; balances in the standings",
	}, func(p map[string]string) (any, error) {
		uses, err := parsePlaces(p["uses"])
		if err != nil {
			return nil, fmt.Errorf("variant 23-A: uses: %w", err)
		}
		for _, n := range uses {
			if n > 2 {
				return nil, fmt.Errorf("variant 23-A: uses: %d pilot points in one race, at most 2 (23-A(a1))", n)
			}
		}
		tokens, err := parsePlaces(p["tokens"])
		if err != nil {
			return nil, fmt.Errorf("variant 23-A: tokens: %w", err)
		}
		if len(tokens) > 0 && !hasSeasonTokens(p["scheme"]) {
			return nil, fmt.Errorf("variant 23-A: scheme %s has no season boost tokens; tokens is for scheme c", p["scheme"])
		}
		gridUse, err := parsePlaces(p["grid_use"])
		if err != nil {
			return nil, fmt.Errorf("variant 23-A: grid_use: %w", err)
		}
		for _, n := range gridUse {
			if n > 3 {
				return nil, fmt.Errorf("variant 23-A: grid_use: grid place %d earns nothing; the ledgers pay the first three places", n)
			}
		}
		if len(gridUse) > 0 && !creditsGrid(p["scheme"]) {
			return nil, fmt.Errorf("variant 23-A: scheme %s credits the grid with the race; grid_use is for schemes c and i", p["scheme"])
		}
		if err := oneSpendAWeekend(p["scheme"], uses, gridUse); err != nil {
			return nil, err
		}
		build, err := parseBuildPoints("23-A", p["build"])
		if err != nil {
			return nil, err
		}
		earned := earnedPoints{uses: uses, tokens: tokens, gridUse: gridUse, extraBuild: extraBuild(build), plusOnly: pilotPlusOnly(p["scheme"]), reroll: p["scheme"] == "g",
			qualifies: p["scheme"] == "i"} // 23-A(i): "in qualifying or in the race"
		if p["scheme"] == "d" { // 23-A(d): the point refuses a black-die test too (test_refusal.go)
			return fd.ModuleParts(earned, fd.NewTestRefusal(pilotRefusalMark, "fact.refuse-test-pilot", earned.refusalsLeft, earned.spendRefusal)), nil
		}
		return earned, nil
	})
}

func variant23B() fd.Variant {
	return fd.ModuleVariant(fd.LeagueVariant(fd.Variant{ID: "23-B", Group: "b", Engine: true, Name: "Team points", NameFR: "Points d'écuries", Chapter: fd.ChapterExperience, Scope: fd.ScopeLeague,
		Params: []fd.VariantParam{fd.NewParam("scheme", "c", "a: build point per 3 wins, b: decimal bonus, c: quick-stop bonus", "a", "b", "c"),
			buildParam,
			{Key: "quick", Default: "", OmitEmpty: true, Help: "scheme c: each car's team's whole team points, car 1 first, separated by / (the league fills it): its quick stops succeed that much higher"},
		},
		Help: "a team ledger: a permanent build point per 3 wins, a decimal team bonus, or a quick-stop success per whole team point; balances in the standings",
	}), func(p map[string]string) (any, error) {
		build, err := parseBuildPoints("23-B", p["build"])
		if err != nil {
			return nil, err
		}
		quick, err := parsePlaces(p["quick"])
		if err != nil {
			return nil, fmt.Errorf("variant 23-B: quick: %w", err)
		}
		if p["scheme"] == "c" && len(build) > 0 {
			return nil, fmt.Errorf("variant 23-B: scheme c raises the quick stops and gives no build point; build is for schemes a and b")
		}
		if p["scheme"] != "c" && len(quick) > 0 {
			return nil, fmt.Errorf("variant 23-B: scheme %s gives build points; quick is for scheme c", p["scheme"])
		}
		return teamLedger{extraBuild: extraBuild(build), quick: quick, quickStops: p["scheme"] == "c"}, nil
	})
}

// oneSpendAWeekend refuses what would open a car more than 23-A(i)'s one
// spend a GP weekend ("a pilot who has collected 28 points can use at
// most 10 in the weekend"): two uses, or a use and a grid place's point.
func oneSpendAWeekend(scheme string, uses, gridUse []int) error {
	if scheme != "i" {
		return nil
	}
	for i := range max(len(uses), len(gridUse)) {
		if n := useOf(uses, i+1); n > 1 || n == 1 && useOf(gridUse, i+1) > 0 {
			return fmt.Errorf("variant 23-A: car %d: scheme i spends one Super Pilot point a GP weekend, qualifying or race (23-A(i)); give it uses=1 or a grid_use place, not more", i+1)
		}
	}
	return nil
}

// buildParam is the build point a ledger gives each car (23-A, 23-B).
var buildParam = fd.VariantParam{Key: "build", Default: "", OmitEmpty: true,
	Help: "each car's extra build point for this race, 1 or 0, car 1 first, separated by / (the league fills it from its ledger)"}

// parseBuildPoints reads a ledger's build parameter: at most one point a
// car a race (23-A(h), 23-A(i) team, 23-B(a)(b): "max +1 per car").
func parseBuildPoints(id, s string) ([]int, error) {
	build, err := parsePlaces(s)
	if err != nil {
		return nil, fmt.Errorf("variant %s: build: %w", id, err)
	}
	for _, n := range build {
		if n > 1 {
			return nil, fmt.Errorf("variant %s: build: %d build points on one car, at most 1 a race", id, n)
		}
	}
	return build, nil
}

// extraBuild is a BuildBonus: each car's build points beyond its spread.
type extraBuild []int

// ExtraBuild: the car's point from the ledger.
func (e extraBuild) ExtraBuild(car int) int { return useOf(e, car) }

// teamLedger is the 23-B module: the build point of schemes a and b, and
// scheme c's quick stops.
type teamLedger struct {
	extraBuild
	quick      []int
	quickStops bool
}

// AmendPitStop: scheme c's quick stop made higher by the team's whole
// points, on top of 19-G's, its exit at most 5 spaces (23-B(c)'s WARNING,
// §2 19-G "23-B(c) caps them at 5").
func (t teamLedger) AmendPitStop(c *fd.Car, r *fd.PitStopRules) {
	if !t.quickStops {
		return
	}
	r.QuickStopTop += useOf(t.quick, c.Number)
	r.QuickExitMax = 5
}

// CarStatus: scheme c's team points and the faces they add to the car's
// quick stops, schemes a and b's build point of this race (issue 16).
func (t teamLedger) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if t.quickStops {
		return []phrase.Phrase{phrase.New("status.team-points", useOf(t.quick, c.Number))}
	}
	if t.ExtraBuild(c.Number) > 0 {
		return []phrase.Phrase{phrase.New("status.team-build-point")}
	}
	return nil
}

// TellsBuild: schemes a and b tell a build point, which 5-D hides;
// scheme c's team points are the league's standings, public.
func (t teamLedger) TellsBuild() bool { return !t.quickStops }

// earnedPoints is 23-A's race side, a DistanceModifier last in the chain:
// an earned point stays in the ledger when unspent, so the Top (6-A) and
// the nationality point (23-C), lost sooner, go first. The points spent
// are the car's earnedPointsSpent.
type earnedPoints struct {
	uses []int
	// tokens: 23-A(c)'s season boost tokens each car has left, a +1 on a
	// move each, spent before the bonus point on a +1 (lost at the
	// season's end, the bonus carried over) [DEC].
	tokens []int
	// gridUse: the worst qualified grid place whose earning, credited
	// before the race (23-A(c), (i)), opens each car one more point.
	gridUse []int
	extraBuild
	// plusOnly: the scheme's point is "+1 on a move" (23-A(a1)), never −1.
	plusOnly bool
	// reroll: the scheme's point is a new roll of the movement die
	// (23-A(g)), offered by the MoveReroll hook, never a square.
	reroll bool
	// qualifies: the scheme's point may be spent in qualifying too
	// (23-A(i): "in qualifying or in the race"); session: this is the
	// copy a qualifying session plays, its one car's uses the race car's
	// points left (qualifyingPoints).
	qualifies, session bool
}

// QualifyingCopy (QualifyingLedger) is 23-A(i)'s point in car's
// qualifying session, with the points the race car has left (the
// session's car is number 1). The other schemes play in the race only
// (Spec "qualifying or race" is 23-A(i)'s).
func (e earnedPoints) QualifyingCopy(car *fd.Car) (fd.DistanceModifier, bool) {
	if !e.qualifies {
		return nil, false
	}
	return earnedPoints{uses: []int{e.left(car)}, plusOnly: e.plusOnly, qualifies: true, session: true}, true
}

// 23-A's per-car counts (slot.go), each a position flag repeated once a
// unit.
var (
	// earnedPointsSpent: 23-A, the earned pilot points spent this race,
	// one of a position's "pilot-point" flags each (shared with 23-C's and
	// 4-B's spent points: pilotPointsSpent)
	earnedPointsSpent = fd.NewVariantSharedSlot[int]("pilot-point")
	// seasonTokensSpent: 23-A(c), the season boost tokens spent this race
	// (a +1 each, lost at the season's end): "season-token"
	seasonTokensSpent = fd.NewVariantSlot[int]("season-token")
	// gridPilotPoints: 23-A(c), (i), the pilot point the car's qualified
	// grid place opened this race (its earning credited before the race):
	// "grid-point"
	gridPilotPoints = fd.NewVariantSlot[int]("grid-point")
	// qualifyingPilotPoints: 23-A(i), the pilot points of earnedPointsSpent
	// spent in qualifying (the weekend's one spend): "qualifying-point"
	qualifyingPilotPoints = fd.NewVariantSlot[int]("qualifying-point")
)

// The base counts a qualifying session's spent point on the race car and
// reads a position inside qualifying back into these slots
// (pilot_points.go).
func init() { fd.KeepEarnedPilotPoints(earnedPointsSpent, qualifyingPilotPoints) }

// hasSeasonTokens says 23-A's scheme letter keeps season boost tokens
// (league.UseSeasonBoost: 23-A(c)).
func hasSeasonTokens(letter string) bool {
	schemes, err := league.Schemes23A(letter)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(schemes, func(s league.Scheme) bool { return s.Use == league.UseSeasonBoost })
}

// creditsGrid says 23-A's scheme letter credits the qualified grid's
// earning before the race (league.Scheme.GridCredit: 23-A(c), (i)).
func creditsGrid(letter string) bool {
	schemes, err := league.Schemes23A(letter)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(schemes, func(s league.Scheme) bool { return !s.Team && s.GridCredit })
}

// CreditQualifyingGrid (QualifyingLedger) opens the pilot point a
// qualified grid place earns (23-A(c) "credited at GRID, before the
// race", 23-A(i)): each car at or before its grid_use place gets one, a
// "grid-point" event.
func (e earnedPoints) CreditQualifyingGrid(g *fd.Game, order []int) {
	if len(e.gridUse) == 0 {
		return
	}
	for i, n := range order {
		if worst := useOf(e.gridUse, n); worst > 0 && i+1 <= worst {
			gridPilotPoints.Set(g.Car(n), 1)
			g.Emit(fd.Encode(GridPointEvent{Car: n, Place: i + 1}))
		}
	}
}

// pilotPlusOnly says the pilot ledger a race spends as a move under 23-A's
// scheme letter is +1 only (league.Scheme.PlusOnly, where the schemes are
// written down); 23-A(c)'s season tokens, +1 alone, are tokensLeft's.
func pilotPlusOnly(letter string) bool {
	schemes, err := league.Schemes23A(letter)
	if err != nil {
		return false // the scheme parameter's own check refuses it
	}
	for _, s := range schemes {
		if !s.Team && s.PlusOnly && (s.Use == league.UseMove || s.Use == league.UseMoveOrTest) {
			return true
		}
	}
	return false
}

// Precedence: after what is lost at the line or the flag.
func (earnedPoints) Precedence() int { return fd.PrecedenceLedger }

// Open: the car has an earned point left this race, spent as a square,
// or a season token.
func (e earnedPoints) Open(c *fd.Car) bool { return e.squaresLeft(c) || e.tokensLeft(c) > 0 }

// squaresLeft: the bonus point is a square (not 23-A(g)'s reroll) and the
// car has one left this race.
func (e earnedPoints) squaresLeft(c *fd.Car) bool { return !e.reroll && e.left(c) > 0 }

// tokensLeft are the car's season boost tokens not spent (23-A(c)).
func (e earnedPoints) tokensLeft(c *fd.Car) int {
	return max(useOf(e.tokens, c.Number)-seasonTokensSpent.Of(c), 0)
}

// RerollOpen (MoveReroll, 23-A(g)): a race move its die rolled, a point
// left. "Only the movement die, never the black D20": the hook is the
// move decision's, no test is ever offered again.
func (e earnedPoints) RerollOpen(t fd.Turn) bool {
	return e.reroll && e.left(t.Car()) > 0 && !t.Qualifying() && t.Rolled() > 0 && !t.Forced()
}

// SpendReroll spends the point (a "pilot-point" event before the new
// roll, use=reroll, point=earned: the league debits it as any other).
func (earnedPoints) SpendReroll(t fd.Turn) {
	earnedPointsSpent.Set(t.Car(), earnedPointsSpent.Of(t.Car())+1)
	t.Emit(fd.Encode(fd.PilotPointEvent{Car: t.Car().Number, Use: "reroll", Was: t.Rolled(), Point: "earned"}))
}

// pilotRefusalMark letters the gear option that holds a pilot point to
// refuse a test (23-A(d), "5R").
const pilotRefusalMark = "R"

// refusalsLeft: a refused test is one of the race's earned points
// (23-A(d) "one of {+1, −1, cancel one black-die test}").
func (e earnedPoints) refusalsLeft(c *fd.Car) int { return e.left(c) }

// spendRefusal spends an earned point, which the league debits.
func (earnedPoints) spendRefusal(c *fd.Car) string {
	earnedPointsSpent.Set(c, earnedPointsSpent.Of(c)+1)
	return "earned"
}

// Reserved: the point is the ledger's, not a build point (5-E2's).
func (earnedPoints) Reserved(int) int { return 0 }

// RerollFact says the reroll option: the face rolled again, the points
// left (23-A(g)).
func (e earnedPoints) RerollFact(t fd.Turn) phrase.Phrase {
	return phrase.New("opt.pilot-reroll", t.Rolled(), e.left(t.Car()))
}

// PilotPointsLeft (PilotPointLedger): the race's earned points left.
func (e earnedPoints) PilotPointsLeft(c *fd.Car) int { return e.left(c) }

func (e earnedPoints) left(c *fd.Car) int {
	return max(useOf(e.uses, c.Number)+gridPilotPoints.Of(c)-earnedPointsSpent.Of(c), 0)
}

// Deltas are a pilot point's moves open to this play (oneSquare), +1
// alone where the scheme never takes a square away (23-A(a1)) or where
// only a season token is left (23-A(c): "+1 on a gear").
func (e earnedPoints) Deltas(t fd.Turn) []int {
	d := fd.OneSquareDeltas(t)
	if e.session {
		d = fd.QualifyingSquareDeltas(t) // 23-A(i): the qualifying lap's move
	}
	if e.plusOnly || !e.squaresLeft(t.Car()) {
		d = slices.DeleteFunc(d, func(n int) bool { return n < 0 })
	}
	return d
}

// Spend spends a season token on a +1 when the car has one (it is lost at
// the season's end, the bonus point carried over), else an earned point:
// a "pilot-point" event before the move, point=token or point=earned,
// which the league debits from the season ledger or the bonus.
func (e earnedPoints) Spend(t fd.Turn, delta int) {
	c := t.Car()
	if e.SpendsSeasonToken(c, delta) {
		seasonTokensSpent.Set(c, seasonTokensSpent.Of(c)+1)
		t.Emit(fd.Encode(fd.PilotPointEvent{Car: c.Number, Delta: delta, Point: "token"}))
		return
	}
	earnedPointsSpent.Set(c, earnedPointsSpent.Of(c)+1)
	t.Emit(fd.Encode(fd.PilotPointEvent{Car: c.Number, Delta: delta, Point: "earned"}))
}

// SpendsSeasonToken (SeasonTokens) says a move delta longer spends a
// season token (23-A(c)).
func (e earnedPoints) SpendsSeasonToken(c *fd.Car, delta int) bool {
	return delta > 0 && e.tokensLeft(c) > 0
}

// SeasonTokensLeft (SeasonTokens): the car's tokens left, where the race
// has any (23-A(c)).
func (e earnedPoints) SeasonTokensLeft(c *fd.Car) (n int, ok bool) {
	if len(e.tokens) == 0 {
		return 0, false
	}
	return e.tokensLeft(c), true
}

// RestorePilotPointsSpent (PilotPointLedger) takes the pilot points a
// position says spent that are its own: all of them once the nationality
// point (spent first) is counted.
func (earnedPoints) RestorePilotPointsSpent(c *fd.Car, n int) int {
	earnedPointsSpent.Set(c, n)
	return 0
}

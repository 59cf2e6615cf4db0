package variants

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 4-B Teams (league-variants.md ch. 4): a team's two cars are built
// together. Form (a): the cars are identical for the first 18 build
// points, the rest is each pilot's. Hook: TeamBuildRule, when a car's
// configuration is given (R5.2).
//
// Decision where the booklet is silent (league AMB-13 asks for a base
// vector the team submits first): the base is what the two cars have in
// common, so a car's configuration is refused when it shares fewer than
// 18 points with a teammate's given one (the sum, category by category, of
// the smaller of the two). No extra decision: the first car of the team
// to build sets what the second must share, and the second is offered the
// presets that share enough and its teammate's own configuration.
//
// Form (b), teamBudget below: a 46-point team budget over two identical
// cars, the pilots' points and the engineers'.

func variant4B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "4-B", Group: "b", Name: "Teams", NameFR: "Écuries", Chapter: fd.ChapterPits, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("mode", "a", "a: the team's cars share their first 18 build points; b: a 46-point team budget over two identical cars, the pilots and the engineers", "a", "b"),
			fd.NewParam("shared", "18", "a: the build points the team's two cars must have in common (1 to 22)"),
			{Key: "totals", Default: "", OmitEmpty: true, Help: "b: each car's build points, car 1 first, separated by / (20 to 23, the same for teammates; empty: 20 each)"},
			{Key: "pilots", Default: "", OmitEmpty: true, Help: "b: each car's pilot points this race, car 1 first, separated by / (0 to 3; empty: 3 each); the team's rest of 46 goes to its engineers (19-F)"},
			{Key: "teams", Default: "", OmitEmpty: true, Help: "each car's team, car 1 first, separated by /, e.g. 1/1/2/3/3; empty: as 4-A says, else cars 1 and 2 are team 1, 3 and 4 team 2 …"},
		},
		Help: "a team's two cars are built alike: (a) the same for their first 18 build points, the rest each pilot's; (b) identical from a 46-point team budget shared with the pilots' points (±1 square) and the engineers",
	}, func(p map[string]string) (any, error) {
		teams, err := fd.ParseTeams(p["teams"])
		if err != nil {
			return nil, fmt.Errorf("variant 4-B: %w", err)
		}
		if p["mode"] != "a" {
			return newTeamBudget(teams, p)
		}
		n, err := strconv.Atoi(p["shared"])
		if err != nil || n < 1 || n > 22 {
			return nil, fmt.Errorf("variant 4-B: shared is a number of build points from 1 to 22, not %q", p["shared"])
		}
		return teamBuild{teams: teams, shared: n}, nil
	})
}

// teamBuild is the 4-B module, form (a).
type teamBuild struct {
	teams  []int // each car's team; nil: the game's teams (4-A's or pairs)
	shared int
}

// TeamBuild refuses w for car when a teammate already built shares fewer
// than the shared points with it.
func (b teamBuild) TeamBuild(s fd.Setup, car int, w fd.Wear) error {
	g := s.Game()
	for _, mate := range teammates(g, b.teams, car) {
		built, ok := g.GivenBuild(mate)
		if !ok {
			continue
		}
		// 5-A's booster points are build points too (league AMB-14): the
		// two cars have the smaller count in common
		common := sharedPoints(w, built) + min(g.BuiltShare(car), g.BuiltShare(mate))
		if common < b.shared {
			return fmt.Errorf("car %d's team builds alike (4-B): this configuration shares %d points with car %d's %s, it must share %d",
				car, common, mate, built.Compact(), b.shared)
		}
	}
	return nil
}

// sharedPoints is what two configurations have in common on the car: the
// smaller of each category's points.
func sharedPoints(a, b fd.Wear) int {
	n := 0
	for i := range a {
		n += min(a[i], b[i])
	}
	return n
}

// teamIn is car's team by a variant's teams parameter (car 1 first),
// else the game's teams (4-A's, or cars 1–2 team 1 …).
func teamIn(g *fd.Game, teams []int, car int) int {
	if car >= 1 && car <= len(teams) {
		return teams[car-1]
	}
	return g.TeamOfCar(car)
}

// teammates lists the other cars of car's team.
func teammates(g *fd.Game, teams []int, car int) []int {
	var out []int
	for n := 1; n <= len(g.Cars); n++ {
		if n != car && teamIn(g, teams, n) == teamIn(g, teams, car) {
			out = append(out, n)
		}
	}
	return out
}

func init() { fd.RegisterVariant("4-B", withKinds(variant4B)) }

// 4-B form (b): each team has 46 points for its two cars, built the same
// (at least 20 each), its pilots (at most 3 each) and its engineers (the
// rest, at most 6: 19-F's pool). league AMB-13: the pit points are inside
// a car's total, at most 2, and the car keeps at least 20 on it; pilot
// points are per race, each ±1 square on one move (§0.4 step 4, a link of
// the distance chain lost at the flag, spent after 23-C's nationality
// point and before an earned 23-A point). The booklet's other use, a new
// roll of the black die, is declared with the gear ("5P", a Declaration:
// an asynchronous player cannot answer in the middle of a move) and spent
// only when a black die of the car's own test fails in that play, the
// first one, the new result standing (BlackReroll) [DEC]. A team's
// split is parameters (totals=, pilots=; a league fills them from the
// team's build, bot/league_teambuild.go), and with 19-F on, 19-F's points
// are how the team's rest is shared between its cars, so the two must
// agree (Check). A car racing without its teammate (a team of one in the
// game) may have its team's whole pool: 19-F gives it at most what 46
// leaves after two such cars and its own pilot's points.
const (
	teamBudgetPoints = 46 // 4-B(b): a team of two cars
	teamCarMin       = 20 // 4-B(b): at least 20 life points a car
	teamCarMax       = teamBudgetPoints / 2
	teamPilotMax     = 3 // 4-B(b): at most 3 a pilot
)

// teamPointsSpent: 4-B(b), the pilot points of the team's budget spent
// this race, one of a position's "pilot-point" flags each (shared with
// 23-A's and 23-C's spent points: pilotPointsSpent).
var teamPointsSpent = fd.NewVariantSharedSlot[int]("pilot-point")

// teamBudget is the 4-B module, form (b): a BuildRule (each car's total),
// a TeamBuildRule (teammates identical), a DistanceModifier (the pilot
// points) and a ConfigRule (each team's points add up to 46).
type teamBudget struct {
	teams  []int // each car's team; nil: the game's teams (4-A's or pairs)
	totals []int // each car's build points; teamCarMin past the list
	pilots []int // each car's pilot points; teamPilotMax past the list
}

func newTeamBudget(teams []int, p map[string]string) (teamBudget, error) {
	b := teamBudget{teams: teams}
	var err error
	if b.totals, err = parsePlaces(p["totals"]); err != nil {
		return b, fmt.Errorf("variant 4-B: totals: %w", err)
	}
	for i, n := range b.totals {
		if n < teamCarMin || n > teamCarMax {
			return b, fmt.Errorf("variant 4-B: car %d is built on %d points; in mode b a car has %d to %d", i+1, n, teamCarMin, teamCarMax)
		}
	}
	if b.pilots, err = parsePlaces(p["pilots"]); err != nil {
		return b, fmt.Errorf("variant 4-B: pilots: %w", err)
	}
	for i, n := range b.pilots {
		if n > teamPilotMax {
			return b, fmt.Errorf("variant 4-B: car %d's pilot has %d pilot points; at most %d", i+1, n, teamPilotMax)
		}
	}
	return b, nil
}

// total is car's build points.
func (b teamBudget) total(car int) int {
	if car >= 1 && car <= len(b.totals) {
		return b.totals[car-1]
	}
	return teamCarMin
}

// pilotPoints are car's pilot's points this race.
func (b teamBudget) pilotPoints(car int) int {
	if car >= 1 && car <= len(b.pilots) {
		return b.pilots[car-1]
	}
	return teamPilotMax
}

// Spread: the car's total, at least 20 of it on the car and at most 2 in
// its pit (league AMB-13).
func (b teamBudget) Spread(car int) fd.Spread {
	c := b.total(car)
	return fd.Spread{Total: c, CarMin: max(teamCarMin, c-2), CarMax: c}
}

// TeamBuild refuses w for car when a teammate already built another
// configuration: the team's cars are identical.
func (b teamBudget) TeamBuild(s fd.Setup, car int, w fd.Wear) error {
	for _, mate := range teammates(s.Game(), b.teams, car) {
		if built, ok := s.Game().GivenBuild(mate); ok && built != w {
			return fmt.Errorf("car %d's team builds identical cars (4-B): this configuration is not car %d's %s", car, mate, built.Compact())
		}
	}
	return nil
}

// Precedence: lost at the flag, after 23-C's point of the home GP.
func (teamBudget) Precedence() int { return fd.PrecedenceRace + 1 }

// Open: the car's pilot has a point left this race.
func (b teamBudget) Open(c *fd.Car) bool { return b.left(c) > 0 }

// PilotPointsLeft (PilotPointLedger): the pilot's points left this race.
func (b teamBudget) PilotPointsLeft(c *fd.Car) int { return b.left(c) }

func (b teamBudget) left(c *fd.Car) int {
	return max(b.pilotPoints(c.Number)-teamPointsSpent.Of(c), 0)
}

// Deltas are a pilot point's moves open to this play (OneSquareDeltas).
func (teamBudget) Deltas(t fd.Turn) []int { return fd.OneSquareDeltas(t) }

// Spend spends a pilot point of the team's budget (a "pilot-point" event
// before the move, point=team: no league ledger debits it).
func (teamBudget) Spend(t fd.Turn, delta int) {
	teamPointsSpent.Set(t.Car(), teamPointsSpent.Of(t.Car())+1)
	t.Emit(fd.Encode(fd.PilotPointEvent{Car: t.Car().Number, Delta: delta, Point: "team"}))
}

// pilotRerollMark letters the gear option that holds a pilot point for
// the black die ("5P").
const pilotRerollMark = "P"

// Mark: "P".
func (teamBudget) Mark() string { return pilotRerollMark }

// Declarable: in the race, the pilot has a point left.
func (b teamBudget) Declarable(t fd.Turn, _ int) bool {
	return b.left(t.Car()) > 0 && !t.Qualifying() && !t.Forced()
}

// Declare spends nothing yet: the point goes when a test fails.
func (teamBudget) Declare(fd.Turn) {}

// Pays: the autopilot holds a point for the black die when a failed test
// would take the car's last engine, handling or body point.
func (teamBudget) Pays(t fd.Turn, _ int) bool {
	c := t.Car()
	return c.Wear[fd.Engine] == 1 || c.Wear[fd.Body] == 1 || c.Wear[fd.Handling] == 1
}

// Fact: the points the pilot has, and what holding one does.
func (b teamBudget) Fact(c *fd.Car, _ dice.Set, _ int) phrase.Phrase {
	return phrase.New("fact.pilot-reroll", b.left(c))
}

// RerollsBlack spends the point held this play on the first failed test
// of the car (a "pilot-reroll" event with the failed die).
func (b teamBudget) RerollsBlack(t fd.Turn, c *fd.Car, purpose string, failed int) bool {
	if _, held := t.Declared().(teamBudget); !held || t.BlackRerolled() || b.left(c) == 0 {
		return false
	}
	t.SpendBlackReroll()
	teamPointsSpent.Set(c, teamPointsSpent.Of(c)+1)
	t.Emit(fd.Encode(PilotRerollEvent{Car: c.Number, For: purpose, Value: failed}))
	return true
}

// RestorePilotPointsSpent (PilotPointLedger) takes the points a position
// says spent, up to the car's own, after the nationality point's.
func (b teamBudget) RestorePilotPointsSpent(c *fd.Car, n int) int {
	k := min(n, b.pilotPoints(c.Number))
	teamPointsSpent.Set(c, k)
	return n - k
}

// Configure sets nothing else of the configuration.
func (teamBudget) Configure(*fd.Config) {}

// Check refuses a team whose cars differ in total or whose points do not
// add up: 46 for two cars, the rest its engineers (at most 6, as the cars
// have 20 points at least and the pilots none at least), shared between
// its cars by 19-F's points when 19-F is on.
func (b teamBudget) Check(c fd.Config) error {
	shares, with19F := c.PlayedParam("19-F", "points")
	engineers, err := parsePlaces(shares)
	if err != nil {
		return nil // 19-F refuses it with its own sentence
	}
	named := max(len(b.totals), len(b.pilots), len(engineers))
	for _, cars := range c.TeamsOfCars(named) {
		first := cars[0]
		spent, pilots := 0, make([]string, len(cars))
		shared := 0
		for i, n := range cars {
			if b.total(n) != b.total(first) {
				return fmt.Errorf("variant 4-B: cars %d and %d are teammates built on %d and %d points; in mode b a team's cars are identical", first, n, b.total(first), b.total(n))
			}
			spent += b.total(n) + b.pilotPoints(n)
			pilots[i] = strconv.Itoa(b.pilotPoints(n))
			shared += useOf(engineers, n)
		}
		if len(cars) == 1 { // the teammate is not in this race: its car is the same
			spent += b.total(first)
		}
		rest := teamBudgetPoints - spent
		how := fmt.Sprintf("%d − 2×%d for the cars − %s for the pilots", teamBudgetPoints, b.total(first), strings.Join(pilots, "−"))
		switch {
		case rest < 0:
			return fmt.Errorf("variant 4-B: the team of car %d spends %d of its %d points (%s)", first, spent, teamBudgetPoints, how)
		case with19F && len(cars) == 1 && shared > rest:
			return fmt.Errorf("variant 4-B: the team of car %d has at most %d points left for its engineers (%s), and 19-F gives its car %d", first, rest, how, shared)
		case with19F && len(cars) == 2 && shared != rest:
			return fmt.Errorf("variant 4-B: the team of car %d has %d points left for its engineers (%s), and 19-F gives its cars %d: the two must agree", first, rest, how, shared)
		}
	}
	return nil
}

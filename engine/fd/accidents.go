package fd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The race's injury tests and accidents (the AccidentRule,
// AccidentStop and QualifyingAccidentRule hooks): rolling each accident's
// test with the game's dice as the race goes, the stoppage a serious one
// makes, the accidents read from a record and the tests the league reads
// back. League variant 20-A (variants/20a.go) fills the hooks; the round's
// end, the play's end, qualifying, emit, bot's league results and the
// tests call these, so they are the base's and ask the module only
// through its hooks.

// fdrQualifyingInjuryTests rolls rule A's test (QualifyingAccidentRule,
// 20-A's QUALI) of each overshoot car n's qualifying lap (sub) has just
// made (its new events) that triggers one, with the game's dice, each a
// qualifying-injury event. A pilot hurt or killed ends his lap there and
// does not start this race (he may be replaced from the next, bot's
// line-ups): his car is out before the grid, and tested no more.
func (g *Game) fdrQualifyingInjuryTests(src dice.Source, n int, sub *Game, events []Event) error {
	if g.hooks.qualiHurt == nil {
		return nil
	}
	c := g.car(n)
	for _, e := range events {
		over, ok := decoded[OvershootEvent](e)
		if !ok || c.Status != Racing {
			continue
		}
		o, tested, err := g.hooks.qualiHurt.TestQualifying(over.Spaces, over.Stops, over.Required, func(d dice.Die, purpose string) (int, error) {
			return g.roll(src, n, purpose, d)
		})
		if err != nil {
			return err
		}
		if !tested {
			continue
		}
		g.emit(Encode(QualifyingInjuryEvent{Car: n, Corner: over.Corner, Spaces: over.Spaces, Stops: over.Stops, Required: over.Required,
			Rolls: o.Rolls, Result: injuryResult(o)}))
		if !o.Serious() {
			continue
		}
		g.EliminateCar(c, ReasonInjury, "its pilot was hurt in qualifying")
		if !sub.Over { // the lap ends with him
			sub.Cars[0].Status = Eliminated
			sub.finish()
			g.copyQualiEvents(n)
		}
	}
	return nil
}

// injuryResult is an injury test's outcome as its event says it.
func injuryResult(o AccidentOutcome) string {
	switch {
	case o.Dead:
		return "dead"
	case o.Injured:
		return "injured"
	}
	return "unhurt"
}

// AccidentOutcome is an accident's injury test rolled in the race (20-A
// rule A): the rolls in order and what they did to the pilot.
type AccidentOutcome struct {
	Car      int
	Cause    string
	Rolls    []int
	Injured  bool
	Dead     bool
	RacesOut int  // races the pilot misses; 0 when dead
	Stops    bool // the outcome stops the race: rule A's serious one, rule B's death
}

// Serious: an injury or a death stops the race (league AMB-43).
func (o AccidentOutcome) Serious() bool { return o.Injured || o.Dead }

// fdrInjuryTests rolls the tests of the accidents since the last ones
// (AccidentRule), each an injury event; the first serious one is kept for
// fdrStoppage.
func (g *Game) fdrInjuryTests(src dice.Source) error {
	if g.hooks.accidents == nil {
		return nil
	}
	accidents := g.accidentsUntested
	g.accidentsUntested = nil
	for _, a := range accidents {
		o, tested, err := g.hooks.accidents.TestAccident(a, func(d dice.Die, purpose string) (int, error) {
			return g.roll(src, a.Car, purpose, d)
		})
		if err != nil {
			return err
		}
		if !tested {
			continue
		}
		g.emit(Encode(InjuryEvent{Car: a.Car, Cause: a.Cause, Rolls: o.Rolls, Result: injuryResult(o), Races: o.RacesOut}))
		if !o.Serious() {
			continue
		}
		if g.seriousAccident == 0 && o.Stops {
			g.seriousAccident = a.Car
		}
		if g.hurt == nil {
			g.hurt = map[int]bool{}
		}
		g.hurt[a.Car] = true
	}
	return nil
}

// accidentStoppage stops the race after a serious accident (20-A rule A,
// league AMB-43, 21-B's procedure): on lap 1 a restart from the original
// grid without the crashed cars (their pilots hurt), every other car, a
// retired one too, restored to its start state [DEC] (l.1184, restartFrom);
// after it the race over in the current order, full points. Rule B's
// death (AccidentStop) stops it its own way: on lap 1 a new start for two
// laps (accidentNewStart), after it the race over in the track order at
// that instant (trackOrder), full points. It reports whether it stopped
// the race.
func (g *Game) accidentStoppage() bool {
	car := g.seriousAccident
	g.seriousAccident = 0
	if car == 0 || g.finishes > 0 {
		return false
	}
	leader := g.Leader()
	if leader == nil {
		return false
	}
	lap := leader.Laps + 1
	outcome := "restart"
	if lap > 1 {
		outcome = "ended"
	}
	atOnce := g.accidentsAtOnce()
	if atOnce && lap == 1 {
		outcome = "new-start"
	}
	g.emit(Encode(AccidentStopEvent{Car: car, Lap: lap, Outcome: outcome}))
	switch {
	case atOnce && lap == 1:
		g.accidentNewStart()
		return true
	case atOnce:
		g.finishInOrder(g.trackOrder())
		return true
	case lap == 1:
		g.restartFrom(g.originalGrid(), restartAccident)
		return true
	}
	var running []*Car
	for i := range g.Cars {
		if c := &g.Cars[i]; c.Status == Racing {
			running = append(running, c)
		}
	}
	slices.SortStableFunc(running, func(a, b *Car) int { return progress(g.Track, b) - progress(g.Track, a) })
	order := make([]int, len(running))
	for i, c := range running {
		order[i] = c.Number
	}
	g.finishInOrder(order)
	return true
}

// accidentsAtOnce: the AccidentRule tests each accident at the end of the
// play it happened in and stops the race there (AccidentStop: 20-A rule B).
func (g *Game) accidentsAtOnce() bool {
	s, ok := g.hooks.accidents.(AccidentStop)
	return ok && s.StopsAtOnce()
}

// fdrInstantInjuryTests rolls, at the end of a play, the tests of the
// accidents it made when the AccidentRule stops the race at once (20-A
// rule B): a death ends the race or starts it again before the next car
// plays; a new start begins a new round. It reports whether the race was
// stopped.
func (g *Game) fdrInstantInjuryTests(src dice.Source) (bool, error) {
	if !g.accidentsAtOnce() || len(g.accidentsUntested) == 0 {
		return false, nil
	}
	if err := g.fdrInjuryTests(src); err != nil {
		return false, err
	}
	return g.accidentStoppage(), nil
}

// accidentNewStart is rule B's stoppage on lap 1 (spec B, l.1198): a new
// start for two laps, the grid in the track order at the accident, every
// car still running restarting as it is, its life points and tyres kept
// (the tyres frozen: no change before the restart) [DEC]; the cars out of
// the race, the dead pilot's among them, stay out (restartFrozen).
func (g *Game) accidentNewStart() {
	grid := g.trackOrder()
	g.SetRaceGrid(grid)
	g.Config.Laps, g.shortened = 2, 2
	g.restartFrom(grid, restartFrozen)
}

// trackOrder is the running cars in the order they stand in the race at
// this instant: distance (laps, then level), then the base order of play
// (R6.8), as the leader is found (CompareStanding).
func (g *Game) trackOrder() []int {
	var running []*Car
	for i := range g.Cars {
		if c := &g.Cars[i]; c.Status == Racing && c.Space != tracks.NoSpace {
			running = append(running, c)
		}
	}
	slices.SortStableFunc(running, g.CompareStanding)
	order := make([]int, len(running))
	for i, c := range running {
		order[i] = c.Number
	}
	return order
}

// InjuryTests are the injury tests the race rolled (20-A rule A), its
// qualifying's (cause AccidentQualifying, no race out after this one: the
// pilot missed it) first, in the order of its accidents; rolled is false for a race that rolled none of
// its own (another rule, or a game recorded before), whose tests the
// league rolls.
func (g *Game) InjuryTests() (tests []AccidentOutcome, rolled bool) {
	if g.hooks.accidents == nil {
		return nil, false
	}
	if r, ok := g.hooks.accidents.(racesTests); ok && !r.RollsInRace() {
		return nil, false
	}
	for _, e := range g.Events {
		var o AccidentOutcome
		if x, ok := decoded[InjuryEvent](e); ok {
			o = AccidentOutcome{Car: x.Car, Cause: x.Cause, Rolls: x.Rolls, RacesOut: x.Races,
				Injured: x.Result != "unhurt", Dead: x.Result == "dead"}
		} else if x, ok := decoded[QualifyingInjuryEvent](e); ok {
			o = AccidentOutcome{Car: x.Car, Cause: AccidentQualifying, Rolls: x.Rolls,
				Injured: x.Result != "unhurt", Dead: x.Result == "dead"}
		} else {
			continue
		}
		tests = append(tests, o)
	}
	return tests, true
}

// racesTests is an AccidentRule that says whether the race rolls its
// tests (20-A: rule A always, rule B with b_tests=race) or the league does
// after it; one that does not say rolls them in the race. An interface,
// so that InjuryTests needs no module's type.
type racesTests interface{ RollsInRace() bool }

// The causes of an accident as Accidents reads them (engine/league's
// AccidentCause has the same words).
const (
	AccidentBody        = "body"
	AccidentStandStill  = "stand-still"
	AccidentOvershoot   = "overshoot"
	AccidentRoadHolding = "road-holding"
	AccidentWhiplash    = "whiplash"
	AccidentQualifying  = "qualifying" // rule A's QUALI: an off in a qualifying lap
)

// Accident is one car's accident in a race, for 20-A: the cause, the gear
// the car was in and the squares it left unpaid.
type Accident struct {
	Car    int
	Cause  string
	Gear   int
	Gears  int // the box's top gear: 7 with 6-D's seventh (league AMB-02)
	Unpaid int
}

// Accidents reads from a race's record the accidents 20-A tests (only
// eliminating ones, league AMB-43), in the order they happened: each car
// eliminated by its last body point (a collision or the wall), its last
// handling point, a bend overshoot or a blocking it could not pay, and the
// car right in front of a fatal blocking, hit by it (R12.6: the whiplash).
// Engine, fuel and black-flag eliminations are no accident.
//
// Unpaid squares [DEC]: for a blocking, the squares the car was blocked
// short (R12.5); for an overshoot, its squares when the car left the bend
// with too few stops (R10.3), else the squares its tyre points left unpaid
// (the squares less the tyre points it had, at the tyres' factor), at
// least 1.
func (g *Game) Accidents() []Accident {
	var out []Accident
	var r accidentReader
	for _, e := range g.Events {
		if a, ok := r.read(g, e); ok {
			out = append(out, a)
		}
	}
	return out
}

// accidentReader finds the accidents in a race's events one event at a
// time (Accidents over a whole record; emit as the race goes, for 20-A's
// in-race tests, since a service keeps no record in a live game): an
// eliminating overshoot needs the overshoot before it, a whiplash the
// fatal blocking behind it.
type accidentReader struct {
	lastOvershoot map[int]OvershootEvent
	blockedBehind map[int]bool // cars whose fatal blocking hits the car in front
}

func (r *accidentReader) read(g *Game, e Event) (Accident, bool) {
	if e.Kind != "overshoot" && e.Kind != "wear" && e.Kind != "eliminated" {
		return Accident{}, false // the only lines an accident is read from
	}
	if r.lastOvershoot == nil {
		r.lastOvershoot, r.blockedBehind = map[int]OvershootEvent{}, map[int]bool{}
	}
	gears := 6
	if g.hooks.extraGear != nil {
		gears = g.hooks.extraGear.TopGear()
	}
	if over, ok := decoded[OvershootEvent](e); ok {
		r.lastOvershoot[over.Car] = over
	} else if wear, ok := decoded[WearEvent](e); ok {
		var behind int
		if _, err := fmt.Sscanf(wear.Cause, "fatal blocking of car %d behind it", &behind); err == nil && r.blockedBehind[behind] {
			delete(r.blockedBehind, behind)
			return Accident{Car: wear.Car, Cause: AccidentWhiplash, Gears: gears}, true
		}
	} else if elim, ok := decoded[EliminatedEvent](e); ok {
		n := elim.Car
		if n < 1 || n > len(g.Cars) {
			return Accident{}, false
		}
		c := g.car(n)
		a := Accident{Car: n, Gear: c.Gear, Gears: gears}
		switch elim.Reason {
		case ReasonCollision, ReasonWall:
			a.Cause = AccidentBody
		case ReasonHandling:
			a.Cause = AccidentRoadHolding
		case ReasonBlocking:
			a.Cause = AccidentStandStill
			if _, err := fmt.Sscanf(elim.Cause, "blocked %d spaces short", &a.Unpaid); err != nil {
				a.Unpaid = 1
			}
			r.blockedBehind[n] = true
		case ReasonOvershoot:
			over, seen := r.lastOvershoot[n]
			a.Cause, a.Unpaid = AccidentOvershoot, g.overshootUnpaid(c, over, seen, elim.Cause)
		default:
			return Accident{}, false
		}
		return a, true
	}
	return Accident{}, false
}

// overshootUnpaid is the squares an eliminating overshoot left unpaid
// (Accidents): none are paid when the car left the bend short of stops.
func (g *Game) overshootUnpaid(c *Car, over OvershootEvent, seen bool, cause string) int {
	if !seen || !strings.HasPrefix(cause, "overshot") {
		return max(over.Spaces, 1) // left short of stops, or pushed off after a spin
	}
	paid := c.Wear[Tyres] / max(g.overshootFactor(c), 1)
	return max(over.Spaces-paid, 1)
}

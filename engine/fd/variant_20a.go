package fd

import (
	"fmt"
	"strings"
)

// 20-A Injury and death (league-variants.md ch. 20, league AMB-43): the
// league rolls a pilot's injury and death on a race's result with its own
// dice (engine/league/injury.go, bot/league_injury.go), so the race and its
// record are unchanged; the engine's part is reading the accidents from a
// finished race (Accidents).

func variant20A() Variant {
	return Variant{ID: "20-A", Group: "c", byLeague: true, Name: "Injury and death", NameFR: "Blessure et mort", Chapter: chElim, Scope: ScopeLeague,
		Params: []VariantParam{
			param("rule", "A", "A, B or C of §2 20-A", "A", "B", "C"),
			param("race", "a", "rule A's race triggers: a (any accident, d20 1 hurts) or b (thresholds by cause, whiplash)", "a", "b"),
		},
		Help: "pilots injured or killed after the accidents that eliminated them, rolled by the league on the race's result: suspensions, the dead replaced by a new pilot"}
}

// The causes of an accident as Accidents reads them (engine/league's
// AccidentCause has the same words).
const (
	AccidentBody        = "body"
	AccidentStandStill  = "stand-still"
	AccidentOvershoot   = "overshoot"
	AccidentRoadHolding = "road-holding"
	AccidentWhiplash    = "whiplash"
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
	gears := 6
	if g.hooks.extraGear != nil {
		gears = g.hooks.extraGear.TopGear()
	}
	lastOvershoot := map[int]Event{}
	blockedBehind := map[int]bool{} // cars whose fatal blocking hits the car in front
	for _, e := range g.Events {
		n, err := e.Int("car")
		if err != nil {
			continue
		}
		switch e.Kind {
		case "overshoot":
			lastOvershoot[n] = e
		case "wear":
			var behind int
			if _, err := fmt.Sscanf(e.Get("cause"), "fatal blocking of car %d behind it", &behind); err == nil && blockedBehind[behind] {
				delete(blockedBehind, behind)
				out = append(out, Accident{Car: n, Cause: AccidentWhiplash, Gears: gears})
			}
		case "eliminated":
			if n < 1 || n > len(g.Cars) {
				continue
			}
			c := g.car(n)
			a := Accident{Car: n, Gear: c.Gear, Gears: gears}
			switch e.Get("reason") {
			case ReasonCollision, ReasonWall:
				a.Cause = AccidentBody
			case ReasonHandling:
				a.Cause = AccidentRoadHolding
			case ReasonBlocking:
				a.Cause = AccidentStandStill
				if _, err := fmt.Sscanf(e.Get("cause"), "blocked %d spaces short", &a.Unpaid); err != nil {
					a.Unpaid = 1
				}
				blockedBehind[n] = true
			case ReasonOvershoot:
				a.Cause, a.Unpaid = AccidentOvershoot, g.overshootUnpaid(c, lastOvershoot[n], e)
			default:
				continue
			}
			out = append(out, a)
		}
	}
	return out
}

// overshootUnpaid is the squares an eliminating overshoot left unpaid
// (Accidents): none are paid when the car left the bend short of stops.
func (g *Game) overshootUnpaid(c *Car, over, elim Event) int {
	spaces, err := over.Int("spaces")
	if err != nil || !strings.HasPrefix(elim.Get("cause"), "overshot") {
		return max(spaces, 1) // left short of stops, or pushed off after a spin
	}
	paid := c.Wear[Tyres] / max(g.fdrOvershootFactor(c), 1)
	return max(spaces-paid, 1)
}

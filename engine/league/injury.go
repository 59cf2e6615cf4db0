package league

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
)

// The injury and death rolls of league variant 20-A (league-variants.md
// ch. 20, league AMB-43): after an accident that eliminated a car, its
// pilot may be hurt (he misses races) or killed (his career ends). The
// three forms of the booklet are three tables; this file is those tables
// and their rolls, given the accident, and the availability they leave.
// The accidents of a race are read by engine/fd (Game.Accidents), rolled
// and kept by bot (bot/league_injury.go); under rule A a game rolls them
// itself with the same table (RollInjuryWith, engine/fd's 20-A).

// InjuryForm is one of 20-A's forms: "A" with its race triggers (a) or
// (b), "B" or "C".
type InjuryForm string

// The forms of 20-A.
const (
	InjuryAa InjuryForm = "A-a" // any accident: d20 1 hurts, reroll ≤2 kills
	InjuryAb InjuryForm = "A-b" // thresholds by cause, reroll 1 kills
	InjuryB  InjuryForm = "B"   // a serious accident in 4th or above: 19–20 hurts, reroll ≤2 kills
	InjuryC  InjuryForm = "C"   // the table of light injuries and the injury table
)

// InjuryFormOf is the form a league's 20-A parameters choose: rule A, B or
// C, and for A its race triggers a or b (league-variants.md ch. 20).
func InjuryFormOf(rule, race string) (InjuryForm, error) {
	switch {
	case rule == "A" && (race == "a" || race == ""):
		return InjuryAa, nil
	case rule == "A" && race == "b":
		return InjuryAb, nil
	case rule != "A" && rule != "B" && rule != "C":
		return "", fmt.Errorf("variant 20-A: rule=%s: the booklet's rules are A, B and C", rule)
	case race != "" && race != "a":
		return "", fmt.Errorf("variant 20-A: race=%s chooses rule A's race triggers; rule %s has its own", race, rule)
	}
	return InjuryForm(rule), nil
}

// AccidentCause is what eliminated the car (or, for a whiplash, what
// eliminated the car behind it).
type AccidentCause string

// The accidents 20-A looks at (league AMB-43: only eliminating ones).
const (
	AccidentBody        AccidentCause = "body"         // its last body point
	AccidentStandStill  AccidentCause = "stand-still"  // a blocked stand-still it could not pay
	AccidentOvershoot   AccidentCause = "overshoot"    // a bend overshoot it could not pay
	AccidentRoadHolding AccidentCause = "road-holding" // its last road-holding point
	AccidentSpin        AccidentCause = "spin"         // a severe spin (10-A)
	AccidentWhiplash    AccidentCause = "whiplash"     // the car right ahead of a stand-still elimination
	AccidentQualifying  AccidentCause = "qualifying"   // rule A's QUALI: a qualifying lap's off (QualifyingAccident)
)

// Accident is one eliminating accident of a race.
type Accident struct {
	Pilot  string
	Cause  AccidentCause
	Gear   int // the gear it was in
	Gears  int // the box's top gear; 7 (6-D) shifts rule C's road-holding gears up one (league AMB-02)
	Unpaid int // the stand-still or overshoot squares left unpaid
}

// InjuryOutcome is what an accident did to its pilot, with the rolls that
// decided it, in order.
type InjuryOutcome struct {
	Pilot    string `json:"pilot"`
	Rolls    []int  `json:"rolls,omitempty"`
	Injured  bool   `json:"injured"`
	Dead     bool   `json:"dead"`
	RacesOut int    `json:"races_out"` // races the pilot misses; 0 when dead (the career is over)
}

// InjuryDie rolls one die of an injury test for purpose ("injury",
// "death", "injury-table", "suspension").
type InjuryDie func(d dice.Die, purpose string) (int, error)

// injuryRoller rolls 20-A's dice and keeps them on the outcome.
type injuryRoller struct {
	die InjuryDie
	out *InjuryOutcome
}

func (r *injuryRoller) roll(d dice.Die, purpose string) (int, error) {
	v, err := r.die(d, purpose)
	if err != nil {
		return 0, err
	}
	r.out.Rolls = append(r.out.Rolls, v)
	return v, nil
}

// RollInjury rolls the injury test of an accident under form, and the
// death roll when the pilot is hurt, at keys of their own under game (the
// league's roll after the race).
func RollInjury(form InjuryForm, a Accident, src dice.Source, game string) (InjuryOutcome, error) {
	n := 0
	return RollInjuryWith(form, a, func(d dice.Die, purpose string) (int, error) {
		n++
		got, err := src.Roll(dice.Key{Game: game, Purpose: purpose, Counter: n}, d)
		return got.Value, err
	})
}

// RollInjuryWith rolls the injury test of an accident under form with
// die, and the death roll when the pilot is hurt: the league after the
// race (RollInjury) and the race itself (engine/fd, rule A in the race)
// roll the same table. An accident the form does not test (a road-holding
// one under B, say) rolls nothing.
func RollInjuryWith(form InjuryForm, a Accident, die InjuryDie) (InjuryOutcome, error) {
	out := InjuryOutcome{Pilot: a.Pilot}
	r := &injuryRoller{die: die, out: &out}
	d20 := dice.DefaultSet().Black
	hurt := func(injured func(v int) bool) (bool, error) {
		v, err := r.roll(d20, "injury")
		return err == nil && injured(v), err
	}
	atMost := func(n int) func(int) bool { return func(v int) bool { return v <= n } }
	var injured bool
	var err error
	deathAtMost := 0 // the death reroll kills at this or below; 0: no death roll
	switch form {
	case InjuryAa:
		if a.Cause == AccidentWhiplash {
			return out, nil
		}
		injured, err = hurt(atMost(1))
		deathAtMost = 2
	case InjuryAb:
		threshold, tested := 0, true
		switch a.Cause {
		case AccidentBody, AccidentWhiplash:
			threshold = 1
		case AccidentStandStill, AccidentOvershoot:
			threshold = min(a.Unpaid, 20)
		default:
			tested = false
		}
		if !tested || threshold <= 0 {
			return out, nil // nothing unpaid: no elimination of that kind to test
		}
		injured, err = hurt(atMost(threshold))
		if a.Cause != AccidentWhiplash { // no death roll for a whiplash (20-A spec A(b))
			deathAtMost = 1
		}
	case InjuryB:
		serious := a.Cause == AccidentBody ||
			a.Cause == AccidentOvershoot && a.Gear >= 4 ||
			a.Cause == AccidentStandStill && a.Gear >= 4
		if !serious {
			return out, nil
		}
		injured, err = hurt(func(v int) bool { return v >= 19 })
		deathAtMost = 2
	case InjuryC:
		return rollInjuryC(a, r, d20)
	default:
		return out, fmt.Errorf("20-A has the forms A-a, A-b, B and C, not %q", form)
	}
	if err != nil || !injured {
		return out, err
	}
	out.Injured, out.RacesOut = true, 1
	if deathAtMost > 0 {
		v, err := r.roll(d20, "death")
		if err != nil {
			return out, err
		}
		if v <= deathAtMost {
			out.Dead, out.RacesOut = true, 0
		}
	}
	return out, nil
}

// QualifyingAccident is rule A's qualifying trigger (QUALI): a qualifying
// lap's bend left more than six squares past its end, or with no stop in
// a 2-stop bend, or one stop at most in a 3-stop bend; stops and required
// are the stops made and the bend's.
func QualifyingAccident(spaces, stops, required int) bool {
	return spaces > 6 || required == 2 && stops == 0 || required == 3 && stops <= 1
}

// RollQualifyingInjury is rule A's qualifying test (QUALI) with die: a d20
// of 1 hurts the pilot, who does not start this race (RacesOut 0: he may
// race the next), and a reroll of 1 or 2 kills him.
func RollQualifyingInjury(pilot string, die InjuryDie) (InjuryOutcome, error) {
	out := InjuryOutcome{Pilot: pilot}
	r := &injuryRoller{die: die, out: &out}
	d20 := dice.DefaultSet().Black
	v, err := r.roll(d20, "injury")
	if err != nil || v != 1 {
		return out, err
	}
	out.Injured = true
	if v, err = r.roll(d20, "death"); err != nil {
		return out, err
	}
	out.Dead = v <= 2
	return out, nil
}

// rollInjuryC is form C: a light injury (one race out) on the table of
// causes, and on an off-track the injury table, whose rows 2–4 suspend the
// pilot for a roll of the 1st, 2nd or 3rd gear's die and whose row 1 ends
// the career (treated as death).
func rollInjuryC(a Accident, r *injuryRoller, d20 dice.Die) (InjuryOutcome, error) {
	threshold := 0
	switch a.Cause {
	case AccidentBody, AccidentWhiplash:
		threshold = 1
	case AccidentStandStill:
		threshold = min(a.Unpaid, 20)
	case AccidentRoadHolding:
		gear := a.Gear - max(a.Gears-6, 0) // a seventh gear: 6th and 7th test as 5th and 6th
		switch {
		case gear == 5:
			threshold = 1
		case gear >= 6:
			threshold = 2
		}
	case AccidentOvershoot:
		threshold = min(a.Unpaid-4, 20) // the first 4 unpaid squares are free
	}
	if threshold <= 0 {
		return *r.out, nil
	}
	v, err := r.roll(d20, "injury")
	if err != nil || v > threshold {
		return *r.out, err
	}
	if a.Cause != AccidentOvershoot {
		r.out.Injured, r.out.RacesOut = true, 1
		return *r.out, nil
	}
	row, err := r.roll(d20, "injury-table")
	if err != nil {
		return *r.out, err
	}
	switch {
	case row == 1:
		r.out.Injured, r.out.Dead = true, true
	case row <= 4:
		gearDie, err := dice.DefaultSet().Gear(row - 1)
		if err != nil {
			return *r.out, err
		}
		races, err := r.roll(gearDie, "suspension")
		if err != nil {
			return *r.out, err
		}
		r.out.Injured, r.out.RacesOut = true, races
	case row <= 15:
		r.out.Injured, r.out.RacesOut = true, 1
	}
	return *r.out, nil // 16–20: bruises only
}

// Availability is the league's side of 20-A (LF-31): the pilots an injury
// keeps out for some races, and the dead, whose careers are over (LF-01:
// the player may enter a new pilot). The zero value has everyone
// available.
type Availability struct {
	Out  map[string]int  `json:"out,omitempty"`  // races still to miss
	Dead map[string]bool `json:"dead,omitempty"` // careers over
}

// Apply books an accident's outcome after its race: a hurt pilot misses
// the next races, a dead one every race.
func (a *Availability) Apply(o InjuryOutcome) {
	switch {
	case o.Dead:
		if a.Dead == nil {
			a.Dead = map[string]bool{}
		}
		a.Dead[o.Pilot] = true
		delete(a.Out, o.Pilot)
	case o.Injured && o.RacesOut > 0:
		if a.Out == nil {
			a.Out = map[string]int{}
		}
		a.Out[o.Pilot] = max(a.Out[o.Pilot], o.RacesOut)
	}
}

// AvailabilityAfter is the availability after the races held, in order,
// each with the injuries of its accidents: the pilots out at a race miss
// it, then its injuries are booked.
func AvailabilityAfter(races [][]InjuryOutcome) Availability {
	var a Availability
	for _, injuries := range races {
		a.RaceHeld()
		for _, o := range injuries {
			a.Apply(o)
		}
	}
	return a
}

// RaceHeld counts a race run without the injured: each misses one fewer.
func (a *Availability) RaceHeld() {
	for p, n := range a.Out {
		if n <= 1 {
			delete(a.Out, p)
		} else {
			a.Out[p] = n - 1
		}
	}
}

// Check says, as a sentence, why a pilot may not enter the next race; nil
// when he may.
func (a *Availability) Check(pilot string) error {
	if a.Dead[pilot] {
		return fmt.Errorf("%s died of his injuries: his career is over, enter a new pilot (20-A)", pilot)
	}
	if n := a.Out[pilot]; n == 1 {
		return fmt.Errorf("%s is injured and misses the next race (20-A)", pilot)
	} else if n > 1 {
		return fmt.Errorf("%s is injured and misses the next %d races (20-A)", pilot, n)
	}
	return nil
}

package fd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
)

// 2-B Race chess clock (league-variants.md ch. 2, AMB-09), played
// asynchronously: each pilot has a bank of response time for the race
// (`capital`, default 48h). The engine has no clock: the service measures
// the time a player takes to answer, and enters into the record the moment
// a car's bank runs out (a "clock-out" line, like 7-A's exclusion). From
// then on the car rolls a black d20 before each of its move rolls, and on
// 4 + the boosts it used this race (5-A, 16-F) or less it is out of fuel:
// eliminated where it stands, classified by its distance (21-A). Errors
// cost no time asynchronously and a clock is never reset (AMB-09).
// Hook: MoveRollTest.

// clockFuelBase is the out-of-fuel test's threshold before boosts (AMB-09).
const clockFuelBase = 4

// maxClockCapitalMinutes bounds the capital: a race of a year is a typo.
const maxClockCapitalMinutes = 366 * 24 * 60

func variant2B() Variant {
	return moduleVariant(Variant{ID: "2-B", Group: "c", Name: "Race chess clock", NameFR: "Le chrono en course", Chapter: chRace, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			{Key: "capital", Default: "48h", Help: "the time capital of a race, a bank of response time per pilot (like 48h, 90m or 1h30m)", Aliases: []string{"time_capital"}},
		},
		Help: "a bank of response time per pilot and race; once spent, an out-of-fuel test (4 + boosts used) before every move",
	}, func(p map[string]string) (any, error) {
		if _, err := ParseClockCapital(p["capital"]); err != nil {
			return nil, fmt.Errorf("variant 2-B: capital: %w", err)
		}
		return chessClock{}, nil
	})
}

// ParseClockCapital reads a 2-B capital, hours and minutes ("48h", "90m",
// "1h30m"), into minutes. The engine reads no clock; this is the
// parameter's syntax, shared with the service that keeps the clocks.
func ParseClockCapital(s string) (int, error) {
	bad := fmt.Errorf("%q is not a time like 48h, 90m or 1h30m", s)
	rest, total, units := strings.TrimSpace(s), 0, 0
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) || i > 6 {
			return 0, bad
		}
		n, err := strconv.Atoi(rest[:i])
		if err != nil {
			return 0, bad
		}
		switch {
		case rest[i] == 'h' && units == 0:
			total, units = n*60, 1
		case rest[i] == 'm' && units < 2:
			total, units = total+n, 2
		default:
			return 0, bad
		}
		rest = rest[i+1:]
	}
	if total <= 0 {
		return 0, fmt.Errorf("%q: the capital must be more than no time", s)
	}
	if total > maxClockCapitalMinutes {
		return 0, fmt.Errorf("%q: the capital is at most a year (8784h)", s)
	}
	return total, nil
}

// ClockCapital is the capital of a game playing 2-B, in minutes; false when
// 2-B is off.
func ClockCapital(c Config) (int, bool) {
	v, _ := LookupVariant("2-B")
	p, on := v.get(c)
	if !on {
		return 0, false
	}
	m, err := ParseClockCapital(p["capital"])
	return m, err == nil
}

// chessClock is the 2-B module.
type chessClock struct{}

// raceClockOut: the car's race clock ran out (a position's "clock-out"
// flag).
var raceClockOut = newSlot[bool]("clock-out")

// BeforeMoveRoll: a car whose clock ran out rolls its fuel test before
// each move roll of the race (AMB-09: from the moment it ran out).
func (chessClock) BeforeMoveRoll(t Turn, src dice.Source) (bool, error) {
	c := t.Car()
	if !raceClockOut.Of(c) || t.Qualifying() {
		return false, nil
	}
	v, err := t.Roll(src, "fuel", t.Dice().Black)
	if err != nil {
		return false, err
	}
	if v > clockFuelBase+boostsUsed(c) {
		return false, nil
	}
	t.OutOfFuel(fmt.Sprintf("out of fuel with its race clock spent (%d or less on the d20)", clockFuelBase+boostsUsed(c)))
	return true, nil
}

// ClockOut enters into the record that a racing car's 2-B clock ran out:
// the service, which keeps the clocks, calls it when the car's bank of
// response time is spent. It is a "clock-out" line that replays like an
// order. A refused clock-out changes nothing.
//
// Under AX-5 (FD Blitz) the bank is the heat's time bank, and the line is
// a "time-out": the car is frozen where it stands (variant_ax5.go).
func (g *Game) ClockOut(car int, capital string, src dice.Source) error {
	_, clock := ClockCapital(g.Config)
	_, blitz := BlitzTimeBank(g.Config)
	if !clock && !blitz {
		return fmt.Errorf("%w: the race plays no chess clock (2-B) and no time bank (AX-5)", ErrIllegal)
	}
	if !g.started || g.Over || g.setupStage < setupDone || g.qualifying {
		return fmt.Errorf("%w: a clock runs out while the race runs (2-B)", ErrIllegal)
	}
	if car < 1 || car > len(g.Cars) {
		return fmt.Errorf("%w: there is no car %d", ErrIllegal, car)
	}
	c := g.car(car)
	if c.Status != Racing || raceClockOut.Of(c) {
		return fmt.Errorf("%w: car %d is not racing on time (2-B)", ErrIllegal, car)
	}
	if blitz {
		g.emit(Encode(TimeOutEvent{Car: car, Bank: capital}))
		g.stopWhereItStands(c, ReasonTime, blitzTimeOutCause(capital))
		return g.advance(src)
	}
	raceClockOut.Set(c, true)
	g.emit(Encode(ClockOutEvent{Car: car, Capital: capital}))
	return g.advance(src)
}

// clockOutFromEvent enters a clock-out line (2-B) or a blitz time-out
// (AX-5, whose bank= is the capital spent): replayed, or given by an
// official (Contract.Official). A line without its car, or whose car is
// not a number, is the codec's DecodeError.
func (g *Game) clockOutFromEvent(e Event, src dice.Source) error {
	if e.Kind == "time-out" {
		x, err := decodeGiven[TimeOutEvent](e, "car")
		if err != nil {
			return err
		}
		return g.ClockOut(x.Car, x.Bank, src)
	}
	x, err := decodeGiven[ClockOutEvent](e, "car")
	if err != nil {
		return err
	}
	return g.ClockOut(x.Car, x.Capital, src)
}

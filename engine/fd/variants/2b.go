package variants

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
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
// Hooks: MoveRollTest, ClockBank (Game.ClockOut enters the clock-out).

// clockFuelBase is the out-of-fuel test's threshold before boosts (AMB-09).
const clockFuelBase = 4

// maxClockCapitalMinutes bounds the capital: a race of a year is a typo.
const maxClockCapitalMinutes = 366 * 24 * 60

func variant2B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "2-B", Group: "c", Name: "Race chess clock", NameFR: "Le chrono en course", Chapter: fd.ChapterRace, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
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
func ClockCapital(c fd.Config) (int, bool) {
	p, on := variant2BOnce().ParamsIn(c)
	if !on {
		return 0, false
	}
	m, err := ParseClockCapital(p["capital"])
	return m, err == nil
}

func init() { fd.RegisterVariant("2-B", variant2B) }

// variant2BOnce is 2-B as fd.LookupVariant finds it, looked up once: the
// lookup builds the whole variant list, and every order's notices ask
// the clock of every seat (issue 14's load profile: 30 % of the service's
// CPU). The list is fixed once the variants' init functions have run.
var variant2BOnce = sync.OnceValue(func() fd.Variant { v, _ := fd.LookupVariant("2-B"); return v })

// chessClock is the 2-B module.
type chessClock struct{}

// RanOut: a car's clock runs out once (its "clock-out" flag).
func (chessClock) RanOut(c *fd.Car) bool { return raceClockOut.Of(c) }

// RunOut: the car's clock ran out; from now on it rolls its fuel test
// before each move roll (BeforeMoveRoll).
func (chessClock) RunOut(g *fd.Game, c *fd.Car, capital string) {
	raceClockOut.Set(c, true)
	g.Emit(fd.Encode(fd.ClockOutEvent{Car: c.Number, Capital: capital}))
}

// raceClockOut: the car's race clock ran out (a position's "clock-out"
// flag).
var raceClockOut = fd.NewVariantSlot[bool]("clock-out")

// BeforeMoveRoll: a car whose clock ran out rolls its fuel test before
// each move roll of the race (AMB-09: from the moment it ran out).
func (chessClock) BeforeMoveRoll(t fd.Turn, src dice.Source) (bool, error) {
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

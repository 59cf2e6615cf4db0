package fd

import (
	"fmt"
	"slices"
	"strings"
)

// 5-C Steering lock (league-variants.md ch. 5, league AMB-16): a car's
// steering lock takes compulsory spaces off every move it rolls in the
// high gears of a six-speed box (§0.4 step 3, before the player's own
// modifiers; a move never goes below 0):
//
//	A1 (large)   3rd −1, 4th −2, 5th −3, 6th −5
//	A2 (medium)  4th −1, 5th −2, 6th −4
//	A3 (small)   5th −1, 6th −2
//
// The booklet states no benefit for a lock, and league AMB-16 keeps the
// benefit for the league to define: Pitwall plays the reductions alone,
// the handicap as printed, and gives none. Every car has level (default
// A2) unless levels gives each car its own, car 1 first (none: no lock).
// Changing the lock during the race (a pit-stop repair) is not built. A
// CompulsoryModifier: the gear options' facts and the "compulsory" event
// say the spaces lost, and the autopilot's look-ahead counts them.

func variant5C() Variant {
	return moduleVariant(Variant{ID: "5-C", Group: "c", Name: "Steering lock", NameFR: "Braquage", Chapter: chCar, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			param("level", "A2", "every car's lock: A1 large, A2 medium, A3 small, none", "A1", "A2", "A3", "none"),
			param("levels", "", "each car's own lock, car 1 first, e.g. A1/none/A3 (empty: level for every car)")},
		Help: "a steering lock takes compulsory spaces off the moves of high gears (A2: 4th −1, 5th −2, 6th −4); the booklet gives no benefit, and none is played",
	}, func(p map[string]string) (any, error) {
		lock := steeringLock{every: p["level"]}
		if !slices.Contains(lockNames, lock.every) {
			return nil, fmt.Errorf("variant 5-C: level is A1, A2, A3 or none, not %q", lock.every)
		}
		if p["levels"] != "" {
			lock.cars = strings.Split(p["levels"], "/")
			for i, l := range lock.cars {
				if !slices.Contains(lockNames, l) {
					return nil, fmt.Errorf("variant 5-C: car %d's level is A1, A2, A3 or none, not %q", i+1, l)
				}
			}
		}
		return lock, nil
	})
}

var lockNames = []string{"A1", "A2", "A3", "none"}

// lockReductions are the spaces each lock takes off a move, by gear (1st
// to 6th).
var lockReductions = map[string][7]int{
	"A1": {0, 0, 0, 1, 2, 3, 5},
	"A2": {0, 0, 0, 0, 1, 2, 4},
	"A3": {0, 0, 0, 0, 0, 1, 2},
}

// steeringLock is the 5-C module: every car's lock, or each car's.
type steeringLock struct {
	every string
	cars  []string
}

// Configure: nothing; 5-C implies nothing of the rest.
func (steeringLock) Configure(*Config) {}

// Check refuses 5-B with 5-C: the booklet's NOTA offers the lock as the
// wing's alternative, and league AMB-15 decides they may not both be on.
func (steeringLock) Check(c Config) error {
	if wing, _ := LookupVariant("5-B"); wing.get != nil {
		if _, on := wing.get(c); on {
			return taken("5-C", "5-B", "sets the car's downforce: the booklet offers the wing and the steering lock as alternatives (league AMB-15)")
		}
	}
	return nil
}

// CompulsoryDelta: the car's lock's reduction in gear.
func (l steeringLock) CompulsoryDelta(c *Car, gear int) int {
	level := l.every
	if c.Number <= len(l.cars) {
		level = l.cars[c.Number-1]
	}
	r, ok := lockReductions[level]
	if !ok || gear < 0 || gear >= len(r) {
		return 0
	}
	return -r[gear]
}

package variants

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
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
// the handicap as printed, and gives none (no bend benefit). Each
// player sets the car's lock at the race set-up, once its tyres are
// fitted (a "lock" decision, spec l.391), unless the league fixes it:
// level for every car, levels each car its own, car 1 first. At a pit
// stop the crew may change it "as in 5-B" (DownforceRule): a step toward
// more reduction (A3 → A2 → A1) is one repair of a long stop, a step
// toward less is free; a car raced with no lock has no downforce to
// change (the booklet: "except if you have no wings"). A
// CompulsoryModifier: the gear options' facts and the "compulsory" event
// say the spaces lost, and the autopilot's look-ahead counts them.

func init() { fd.RegisterVariant("5-C", withKinds(variant5C)) }

func variant5C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-C", Group: "c", Name: "Steering lock", NameFR: "Braquage", Chapter: fd.ChapterCar, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("level", lockChoose, "every car's lock: choose (each player sets it before the race), or A1 large, A2 medium, A3 small, none for every car", "choose", "A1", "A2", "A3", "none"),
			fd.NewParam("levels", "", "each car's own lock, car 1 first, e.g. A1/none/A3 (empty: level for every car)")},
		Help: "a steering lock, set by each player before the race and changed at the pits, takes compulsory spaces off the moves of high gears (A2: 4th −1, 5th −2, 6th −4); the booklet gives no benefit, and none is played",
	}, func(p map[string]string) (any, error) {
		lock := steeringLock{every: p["level"]}
		if lock.every != lockChoose && !slices.Contains(lockNames, lock.every) {
			return nil, fmt.Errorf("variant 5-C: level is choose, A1, A2, A3 or none, not %q", lock.every)
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

// lockChoose is 5-C's default level: each player sets the car's lock.
const lockChoose = "choose"

// lockNames are the locks a car may race with, the setup's options in
// this order.
var lockNames = []string{"A1", "A2", "A3", "none"}

// lockSet is each car's lock fitted, chosen at the setup or changed at a
// stop: 0 before one is (the league's then), i+1 lockNames[i]; a position
// says it "lock-A1" … "lock-none".
var lockSet = fd.NewVariantChoiceSlot("lock", lockNames)

// fittedLock is the lock fitted to car c, "" before one is.
func fittedLock(c *fd.Car) string {
	if v := lockSet.Of(c); v > 0 {
		return lockNames[v-1]
	}
	return ""
}

// fitLock fits lock l (one of lockNames) to car c.
func fitLock(c *fd.Car, l string) {
	lockSet.Set(c, slices.Index(lockNames, l)+1)
}

// SetUpSettings: the setup's locks, lockNames in order.
func (steeringLock) SetUpSettings() []string { return lockNames }

// FittedSetting: the lock fitted to the car, "" before one is.
func (steeringLock) FittedSetting(c *fd.Car) string { return fittedLock(c) }

// FitSetting fits the lock the car's player set.
func (steeringLock) FitSetting(c *fd.Car, setting string) { fitLock(c, setting) }

// lockLadder are the locks a crew may fit at a stop, least reduction
// (downforce) first.
var lockLadder = []string{"A3", "A2", "A1"}

// lockReductions are the spaces each lock takes off a move, by gear (1st
// to 6th).
var lockReductions = map[string][7]int{
	"A1": {0, 0, 0, 1, 2, 3, 5},
	"A2": {0, 0, 0, 0, 1, 2, 4},
	"A3": {0, 0, 0, 0, 0, 1, 2},
}

// steeringLock is the 5-C module: every car's lock, or each car's, or
// each player's choice (the car's lockSet).
type steeringLock struct {
	every string
	cars  []string
}

// Configure: nothing; 5-C implies nothing of the rest.
func (steeringLock) Configure(*fd.Config) {}

// Check refuses 5-B with 5-C: the booklet's NOTA offers the lock as the
// wing's alternative, and league AMB-15 decides they may not both be on.
func (steeringLock) Check(c fd.Config) error {
	if c.PlaysVariant("5-B") {
		return fd.VariantTaken("5-C", "5-B", "sets the car's downforce: the booklet offers the wing and the steering lock as alternatives (league AMB-15)")
	}
	return nil
}

// lockOf is the car's lock: fitted (chosen, or changed at a stop), else
// the league's for the car, else none (not chosen yet).
func (l steeringLock) lockOf(c *fd.Car) string {
	switch fitted := fittedLock(c); {
	case fitted != "":
		return fitted
	case c.Number <= len(l.cars):
		return l.cars[c.Number-1]
	case l.every != lockChoose:
		return l.every
	}
	return "none"
}

// CompulsoryDelta: the car's lock's reduction in gear.
func (l steeringLock) CompulsoryDelta(c *fd.Car, gear int) int {
	r, ok := lockReductions[l.lockOf(c)]
	if !ok || gear < 0 || gear >= len(r) {
		return 0
	}
	return -r[gear]
}

// AskedAtSetUp: the lock decision, for a car the league leaves to its
// player.
func (l steeringLock) AskedAtSetUp(car int) (fd.DecisionKind, bool) {
	return fd.DecideLock, l.every == lockChoose && car > len(l.cars)
}

// Ladder: A3, A2, A1.
func (steeringLock) Ladder() []string { return lockLadder }

// Downforce: the car's lock; none has no downforce to change.
func (l steeringLock) Downforce(c *fd.Car) (string, bool) {
	lock := l.lockOf(c)
	return lock, lock != "none"
}

// ChangeDownforce fits the lock (a "lock-change" event).
func (steeringLock) ChangeDownforce(t fd.Turn, setting string, repairs int) {
	fitLock(t.Car(), setting)
	t.Emit(fd.Encode(LockChangeEvent{Car: t.Car().Number, Level: setting, Repairs: repairs}))
}

// DownforceFact: "steering lock large (A1) fitted: one repair".
func (steeringLock) DownforceFact(setting string, repairs int) phrase.Phrase {
	return phrase.New("fact.lock-change", phrase.Term("lock."+setting), repairs)
}

// CarStatus: the car's lock ("steering lock medium (A2)").
func (l steeringLock) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	return []phrase.Phrase{phrase.New("status.lock", phrase.Term("lock."+l.lockOf(c)))}
}

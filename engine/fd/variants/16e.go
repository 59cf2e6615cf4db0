package variants

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 16-E Supercharging (league-variants.md ch. 16, §0.2, AMB-01, AMB-36): in
// 4th, 5th or 6th a driver may declare a supercharge with his gear, before
// the roll ("5C"). A high roll then must move more — 4th 10–12 +2, 5th
// 16–20 +3, 6th 26–30 +4 (on a 6-C box, the raw d20 from 10, 11, 11) — and
// whatever the roll the car takes an engine test after its move, 1–4, or
// 1–6 on the top face (20 or 30; a raw 19 or 20), the weather aside. On a
// top face that test stands for the car's own part in the engine tests its
// roll calls; the other cars still test (AMB-36). Not from the pit lane,
// and a supercharged move may not enter it (the driver declares before he
// knows where the die takes him). Hooks: Declaration, DeclaredRoll,
// MoveLimit.

func init() { fd.RegisterVariant("16-E", withKinds(variant16E)) }

func variant16E() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-E", Group: "b", Name: "Supercharging", NameFR: "Suralimentation", Chapter: fd.ChapterEngine, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "declared before the roll in 4th–6th: +2/+3/+4 on high results, and always an engine test",
	}, func(map[string]string) (any, error) { return supercharge{}, nil })
}

// supercharge is the 16-E module.
type supercharge struct{}

// superchargeMark letters the gear option of a supercharge ("5C").
const superchargeMark = "C"

// superchargeTable: per gear, the least value and the least raw d20 that
// bring the bonus, and the bonus (§0.2's conversion table).
var superchargeTable = map[int]struct{ value, raw, bonus int }{
	4: {10, 10, 2}, 5: {16, 11, 3}, 6: {26, 11, 4},
}

// Mark: "C".
func (supercharge) Mark() string { return superchargeMark }

// Declarable: 4th to 6th, in the race, not from the pit lane.
func (supercharge) Declarable(t fd.Turn, gear int) bool {
	_, ok := superchargeTable[gear]
	return ok && !t.Qualifying() && !t.Forced() && !t.InPitLane()
}

// Declare says it (a "supercharge" event).
func (supercharge) Declare(t fd.Turn) {
	t.Emit(fd.Encode(SuperchargeEvent{Car: t.Car().Number}))
}

// AfterRoll: the bonus on a high roll, one engine test 1–4 or 1–6 on the
// top face, which then replaces the car's own part in the global tests.
func (supercharge) AfterRoll(t fd.Turn, gear int) (int, []int, bool) {
	row := superchargeTable[gear]
	die, _ := t.Dice().Gear(gear)
	high, top := t.Rolled() >= row.value, t.Rolled() == die.Max()
	if r := t.Raw(); r > 0 { // a 6-C box: the raw d20 (AMB-01)
		high, top = r >= row.raw, r >= gearboxEngineRaw
	}
	top = top && gear >= 5 // "20 or 30"
	bonus := 0
	if high {
		bonus = row.bonus
		t.Emit(fd.Encode(SuperchargeBonusEvent{Car: t.Car().Number, Spaces: bonus}))
	}
	if top {
		return bonus, []int{6}, true
	}
	return bonus, []int{4}, false
}

// Allows: no supercharged move into the pit lane.
func (supercharge) Allows(op fd.Option) bool { return !op.Pit }

// Pays: the autopilot supercharges in 5th or 6th with three engine points
// or more, when even the top face and the bonus stay short of the next
// corner it must stop in.
func (supercharge) Pays(t fd.Turn, gear int) bool {
	die, err := t.Dice().Gear(gear)
	if err != nil || gear < 5 || t.Car().Wear[fd.Engine] < 3 {
		return false
	}
	room := t.Room()
	return room < 0 || die.Max()+superchargeTable[gear].bonus <= room
}

// Fact: "supercharged: +3 spaces from 16, an engine test after the move".
func (supercharge) Fact(_ *fd.Car, _ dice.Set, gear int) phrase.Phrase {
	row := superchargeTable[gear]
	return phrase.New("fact.supercharge", row.bonus, row.value)
}

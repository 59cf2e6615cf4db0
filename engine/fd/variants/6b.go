package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 6-B The Super Top (league-variants.md ch. 6, AMB-20): once a race a
// driver may, with his gear and before the roll, declare his Super Top
// and move any number of spaces the gear's die shows instead of rolling
// it. No die is rolled, so nothing a die calls follows (the engine tests
// of a 20 or 30, the weather test). Or, kept, it cancels one point of a
// loss that would take the last engine, handling or body point: the car
// keeps that point and no sticker is placed. It hooks the gear decision
// (Declaration, ChosenMove: the gear option "5S") and the loss of a last
// point (LastPointSave). The save is made for the driver, with no prompt:
// a car eliminated has no use left for its Super Top (parameter save=no
// leaves the Super Top to the move alone). Option refuse_test=yes (the
// other championships' use 3) holds it with the gear instead ("5T") to
// refuse the move's first black-die test: test_refusal.go, the mechanism
// 23-A(d)'s pilot point shares.

func init() { fd.RegisterVariant("6-B", withKinds(variant6B)) }

func variant6B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "6-B", Group: "b", Name: "Super Top", NameFR: "Super Top", Chapter: fd.ChapterGearbox, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("save", "yes", "yes: a Super Top not spent on a move cancels the loss of a last engine, handling or body point; no: the move only", "yes", "no"),
			refuseTestParam},
		Help: "once a race: choose the move instead of rolling, or cancel a loss of engine, road-holding or body point that would eliminate the car",
	}, func(p map[string]string) (any, error) {
		var st superTop
		switch p["save"] {
		case "yes":
			st.save = true
		case "no":
		default:
			return nil, fmt.Errorf("variant 6-B: save is yes or no, not %q", p["save"])
		}
		switch p["refuse_test"] {
		case "yes": // use 3: the refused test of test_refusal.go, held as "5T"
			return fd.ModuleParts(st, fd.NewTestRefusal(superTopRefusalMark, "fact.refuse-test-super-top", st.refusalsLeft, st.spendRefusal)), nil
		case "no":
			return st, nil
		}
		return nil, fmt.Errorf("variant 6-B: refuse_test is yes or no, not %q", p["refuse_test"])
	})
}

// refuseTestParam is 6-B's use 3, added after games were recorded without
// it: left out of a header at its default.
var refuseTestParam = func() fd.VariantParam {
	p := fd.NewParam("refuse_test", "no", "yes: the Super Top may instead be held with the gear to refuse the move's first black-die test, not rolled (use 3, the spec's super_top_refuse_test)", "yes", "no")
	p.OmitDefault = true
	return p
}()

// superTop is the 6-B module; the spent Super Top is the car's
// superTopSpent.
type superTop struct{ save bool }

// superTopSpent: the race's Super Top is spent (a position's
// "super-top-used" flag).
var superTopSpent = fd.NewVariantSlot[bool]("super-top-used")

// superTopMark letters the gear option of a Super Top ("5S").
const superTopMark = "S"

// Mark: "S".
func (superTop) Mark() string { return superTopMark }

// Declarable: once a race, in the race, in any gear.
func (superTop) Declarable(t fd.Turn, _ int) bool {
	return !superTopSpent.Of(t.Car()) && !t.Qualifying() && !t.Forced()
}

// Declare spends the Super Top (a "super-top" event with the gear).
func (superTop) Declare(t fd.Turn) {
	superTopSpent.Set(t.Car(), true)
	t.Emit(fd.Encode(SuperTopEvent{Car: t.Car().Number, Use: "move"}))
}

// ChoosesMove: the length is chosen among the gear's faces.
func (superTop) ChoosesMove() {}

// Pays: the autopilot spends its Super Top on the move of its last lap,
// in 4th or above (lost at the flag anyway), unless it keeps it to save
// a car down to its last engine, handling or body point.
func (s superTop) Pays(t fd.Turn, gear int) bool {
	c := t.Car()
	if s.save && (c.Wear[fd.Engine] == 1 || c.Wear[fd.Body] == 1 || c.Wear[fd.Handling] == 1) {
		return false
	}
	return gear >= 4 && t.LastLap()
}

// superTopRefusalMark letters the gear option that holds the Super Top to
// refuse a test (use 3, "5T").
const superTopRefusalMark = "T"

// refusalsLeft: the Super Top, unless spent.
func (superTop) refusalsLeft(c *fd.Car) int {
	if superTopSpent.Of(c) {
		return 0
	}
	return 1
}

// spendRefusal spends the Super Top.
func (superTop) spendRefusal(c *fd.Car) string {
	superTopSpent.Set(c, true)
	return "super-top"
}

// SavesLastPoint spends a Super Top still held to cancel the point that
// would eliminate the car (a "super-top" event naming the category).
func (s superTop) SavesLastPoint(t fd.Turn, c *fd.Car, cat fd.Category) bool {
	if !s.save || superTopSpent.Of(c) {
		return false
	}
	superTopSpent.Set(c, true)
	t.Emit(fd.Encode(SuperTopEvent{Car: c.Number, Use: "save", Kept: cat.String()}))
	return true
}

// CarStatus: the race's Super Top, still held or spent, for the status
// text (issue 16).
func (superTop) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if superTopSpent.Of(c) {
		return []phrase.Phrase{phrase.New("status.super-top-spent")}
	}
	return []phrase.Phrase{phrase.New("status.super-top-left")}
}

// Fact: the lengths the Super Top lets the driver choose from in gear.
func (superTop) Fact(_ *fd.Car, dice dice.Set, gear int) phrase.Phrase {
	die, err := dice.Gear(gear)
	if err != nil {
		return phrase.Phrase{}
	}
	return phrase.New("fact.super-top", die.Min(), die.Max())
}

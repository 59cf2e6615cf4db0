package variants

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 6-D The seventh gear (league-variants.md ch. 6, league AMB-22): from 6th a car
// may shift into a 7th gear that rolls the 5th and the 6th gear dice
// together and moves their sum (32–50 with the standard dice or B60).
// After every 7th-gear move the car takes an engine test, one more for a
// 20 on the 5th die and one more for a 30 on the 6th (on a 6-C box, a raw
// 19 or 20); a 20 and a 30 together also make every other car in 5th to
// 7th test once. A single 20 or 30 calls no test of the others. Down from
// 7th the gas costs of the complete rules apply, 7th being the top gear.
// The évo and supercharge bonuses (16-C, 16-E) have no 7th row. Hook:
// ExtraGear.

// seventhGear is the gear 6-D adds.
const seventhGear = 7

func init() { fd.RegisterVariant("6-D", withKinds(variant6D)) }

func variant6D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "6-D", Group: "c", Name: "Seventh gear", NameFR: "La Septième", Chapter: fd.ChapterGearbox, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "from 6th a 7th gear rolls the 5th and 6th gear dice together (32–50 squares), with an engine test after every such move",
	}, func(map[string]string) (any, error) { return sevenSpeed{}, nil })
}

// sevenSpeed is the 6-D module.
type sevenSpeed struct{}

// TopGear: 7.
func (sevenSpeed) TopGear() int { return seventhGear }

// ExtraDie is the sum of the 5th and 6th dice, every pair of faces one
// face: the exact distribution of the 7th gear ("d20+d30").
func (sevenSpeed) ExtraDie(s dice.Set, _ int) dice.Die {
	fifth, sixth := s.Gears[4], s.Gears[5]
	faces := make([]int, 0, len(fifth.Faces)*len(sixth.Faces))
	for _, a := range fifth.Faces {
		for _, b := range sixth.Faces {
			faces = append(faces, a+b)
		}
	}
	return dice.Die{Name: fifth.Name + "+" + sixth.Name, Faces: faces}
}

// RollExtra rolls the 5th then the 6th die (each recorded as the box rolls
// it) and adds them: one engine test, one more per top face, and the
// others' tests on both top faces (league AMB-22).
func (sevenSpeed) RollExtra(t fd.Turn, gear int, roll func(int) (int, bool, error)) (v, tests int, others bool, err error) {
	v5, top5, err := roll(5)
	if err != nil {
		return 0, 0, false, err
	}
	v6, top6, err := roll(6)
	if err != nil {
		return 0, 0, false, err
	}
	t.SetRaw(0) // no raw roll of the 7th: the raw-triggered bonuses have no 7th row
	tests = 1
	for _, top := range []bool{top5, top6} {
		if top {
			tests++
		}
	}
	t.Emit(fd.Encode(SeventhGearEvent{Car: t.Car().Number, Fifth: v5, Sixth: v6, Value: v5 + v6, Tests: tests}))
	return v5 + v6, tests, top5 && top6, nil
}

// Fact: "7th gear: an engine test after the move, one more for each 20
// or 30".
func (sevenSpeed) Fact(int) phrase.Phrase { return phrase.New("fact.seventh-gear") }

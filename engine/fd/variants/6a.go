package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 6-A The Top (league-variants.md ch. 6, AMB-19): once per lap a driver
// may move one space more or one less than the die says, after seeing it;
// an unused Top is lost when the car crosses the line. Race only, not in
// qualifying; a −1 costs no brake point. The move options then include,
// beside those of the roll V, those of V+1 and V−1 (marked Top), each
// judged as a move of that many spaces (§0.4: the Top is a modifier before
// the move).

func init() { fd.RegisterVariant("6-A", withKinds(variant6A)) }

func variant6A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "6-A", Name: "The Top", NameFR: "Le Top", Chapter: "6 Gearbox and movement", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "once per lap, one space more or one less than the roll, chosen after seeing it; lost at the line if unused",
	}, func(map[string]string) (any, error) { return theTop{}, nil })
}

// theTop is the 6-A module: a DistanceModifier, first in the chain (what
// is lost at the line goes before a pilot point of 23-C or 23-A), and a
// LapHook; the spent Top is the car's lapTopSpent.
type theTop struct{}

// lapTopSpent: this lap's Top is spent (a position's "top-used" flag).
var lapTopSpent = fd.NewVariantSlot[bool]("top-used")

// Precedence: the Top is lost at the line, the soonest of the ±1s.
func (theTop) Precedence() int { return fd.PrecedenceLap }

// Open: this lap's Top is not spent yet.
func (theTop) Open(c *fd.Car) bool { return !lapTopSpent.Of(c) }

// Deltas are the Top's moves open to this play (OneSquareDeltas).
func (theTop) Deltas(t fd.Turn) []int { return fd.OneSquareDeltas(t) }

// Spend spends the lap's Top (a "top" event before the move).
func (theTop) Spend(t fd.Turn, delta int) {
	lapTopSpent.Set(t.Car(), true)
	t.Emit(fd.Encode(TopEvent{Car: t.Car().Number, Delta: delta}))
}

// NewLap: a new lap, a new Top.
func (theTop) NewLap(c *fd.Car) { lapTopSpent.Set(c, false) }

// CarStatus: this lap's Top, still free or spent, for the status text
// (issue 16: a Top left is what a player decides on).
func (theTop) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if lapTopSpent.Of(c) {
		return []phrase.Phrase{phrase.New("status.top-spent")}
	}
	return []phrase.Phrase{phrase.New("status.top-left")}
}

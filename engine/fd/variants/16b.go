package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 16-B Pedal to the metal (league-variants.md ch. 16, AMB-33): once a
// lap, after seeing the roll, a driver may move one space more for one
// engine point, which leaves no sticker. The point is paid with the
// brakes at the end of the move (Turn.Charge); the last one blows the
// engine as any engine loss does (R16.4, inertia in 5th or 6th), still
// without a sticker (AMB-33: allowed). It is a link of the distance chain
// (DistanceModifier, PricedModifier): a move carries one ±1, so with 6-A
// on the free Top goes first and the pedal is offered once the lap's Top
// is spent; it is lost at the line (LapHook).

func init() { fd.RegisterVariant("16-B", withKinds(variant16B)) }

func variant16B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-B", Group: "b", Name: "Pedal to the metal", NameFR: "Pédale au plancher", Chapter: fd.ChapterEngine, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "once a lap, +1 square for one engine point, no debris",
	}, func(map[string]string) (any, error) { return pedal{}, nil })
}

// pedal is the 16-B module; the lap's spent pedal is the car's
// lapPedalSpent.
type pedal struct{}

// lapPedalSpent: this lap's pedal to the metal is spent (a position's
// "pedal-used" flag).
var lapPedalSpent = fd.NewVariantSlot[bool]("pedal-used")

// precedencePedal: lost at the line like the Top, but it costs a point,
// so the free Top goes first.
const precedencePedal = fd.PrecedenceLap + 1

// Precedence: after the Top.
func (pedal) Precedence() int { return precedencePedal }

// Open: this lap's pedal is not spent yet.
func (pedal) Open(c *fd.Car) bool { return !lapPedalSpent.Of(c) }

// Deltas: one space more, where a ±1 may be played (OneSquareDeltas).
func (pedal) Deltas(t fd.Turn) []int {
	if len(fd.OneSquareDeltas(t)) == 0 {
		return nil
	}
	return []int{+1}
}

// Spend spends the lap's pedal (a "pedal" event before the move) and
// charges its engine point for the end of the move.
func (pedal) Spend(t fd.Turn, _ int) {
	lapPedalSpent.Set(t.Car(), true)
	t.Emit(fd.Encode(PedalEvent{Car: t.Car().Number}))
	t.Charge(fd.Engine, 1, "pedal to the metal")
}

// NewLap: a new lap, a new pedal.
func (pedal) NewLap(c *fd.Car) { lapPedalSpent.Set(c, false) }

// Price: one engine point.
func (pedal) Price() fd.Wear { return fd.Wear{fd.Engine: 1} }

// Fact: "pedal to the metal: one space more for an engine point".
func (pedal) Fact(int) phrase.Phrase { return phrase.New("fact.pedal") }

// CarStatus: this lap's pedal, still to spend or spent.
func (pedal) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if lapPedalSpent.Of(c) {
		return []phrase.Phrase{phrase.New("status.pedal-spent")}
	}
	return []phrase.Phrase{phrase.New("status.pedal-left")}
}

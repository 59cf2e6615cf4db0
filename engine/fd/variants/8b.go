package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 8-B Super-soft tyres (league-variants.md ch. 8): a fourth tyre, a dry
// compound that grips better and wears faster. On the set's first lap it
// adds up to two spaces where the soft's +1 is open (R8.5, R8.10: a dry
// track, never leaving the pits, once a play), and a square overshot costs
// the soft's factor +1 (3 in the dry); on its second lap no bonus and 3 a
// square ("×3"); a set may not start a third lap: crossing the line into
// it spends its tyre points, so any overshoot is unpaid (R10.9) until a
// pit stop fits new tyres. In qualifying (set lap 1, R8.12) an overshot
// square costs 3 penalty rolls. Elsewhere it is a soft tyre: the wet
// slide, the weather columns of 3-A and 3-B (league AMB-25). It hooks the
// tyre choices (TyreCompound). From the pit entry of the set's second lap
// a move's options warn that the set will be spent at the line ([DEC]
// "the bot warns from the pit-entry point of lap 2": the base's
// compoundSpentFact, host_variants.go).

func init() { fd.RegisterVariant("8-B", variant8B) }

func variant8B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "8-B", Group: "b", Name: "Super-soft tyres", NameFR: "Pneus super tendres", Chapter: fd.ChapterTyres, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("exact_bonus", "no", "force exactly +2 instead of up to +2 (league AMB-25)", "no", "yes").AlsoCalled("supersoft_bonus_exact")},
		Help:   "a third dry compound: up to +2 squares, overshoots cost one more a square, three a square on the second lap, no third lap",
	}, func(p map[string]string) (any, error) {
		switch p["exact_bonus"] {
		case "no":
			return superSoft{bonus: []int{1, 2}}, nil
		case "yes":
			return superSoft{bonus: []int{2}}, nil
		}
		return nil, fmt.Errorf("variant 8-B: exact_bonus is no or yes, not %q", p["exact_bonus"])
	})
}

// superSoft is the 8-B module.
type superSoft struct{ bonus []int }

// Compound: the super-soft.
func (superSoft) Compound() fd.Tyre { return fd.SuperSoft }

// BonusSpaces: up to +2, or exactly +2.
func (s superSoft) BonusSpaces() []int { return s.bonus }

// OvershootFactor: the soft's +1 on the first lap, 3 on the second.
func (superSoft) OvershootFactor(soft, setLap int) int {
	if setLap == 1 {
		return soft + 1
	}
	return 3
}

// SetLaps: two.
func (superSoft) SetLaps() int { return 2 }

// CarStatus: the lap of the super-softs' set a car is on, the one thing
// that changes what its moves are worth (the bonus open on the first lap,
// ×3 and no bonus on the second, every overshoot unpaid once the set is
// spent); a car on another compound says nothing.
func (superSoft) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if c.Tyre != fd.SuperSoft {
		return nil
	}
	switch {
	case c.TyreAge == 0:
		return []phrase.Phrase{phrase.New("status.supersoft-first")}
	case c.TyreAge == 1:
		return []phrase.Phrase{phrase.New("status.supersoft-second")}
	}
	return []phrase.Phrase{phrase.New("status.supersoft-spent")}
}

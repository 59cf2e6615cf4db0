package variants

import (
	"slices"

	"github.com/pitwall/pitwall/engine/fd"
)

// 2-A Tyre choice (league-variants.md ch. 2): a pilot who qualified on
// soft or hard tyres starts the race on them unless the race starts wet
// (rain); on rain tyres in qualifying, or on a wet start, the choice is
// free. It hooks the race's tyre decision (TyreChoiceRule, R8.1): the
// decision offers the one compound, so the autopilot and the player's
// reply agree. Decisions where the spec is silent: the tyres of the last
// qualifying session count (R1.5: they are declared per session); a
// changeable start on a dry track is dry (the spec's decision); pit-stop tyre changes
// are free; a grid without qualifying (1-C, 1-D, no session) locks
// nothing.

func init() { fd.RegisterVariant("2-A", variant2A) }

func variant2A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "2-A", Group: "b", Name: "Tyre choice locked from qualifying", NameFR: "Choix des pneus", Chapter: fd.ChapterRace, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "the dry compound of qualifying is kept for the race unless it rains",
	}, func(map[string]string) (any, error) { return qualifyingTyres{}, nil })
}

// qualifyingTyres is the 2-A module.
type qualifyingTyres struct{}

// RaceTyres: the qualifying compound alone on a dry start.
func (qualifyingTyres) RaceTyres(c *fd.Car, qualified, wet bool, offered []fd.Tyre) []fd.Tyre {
	if !qualified || wet || c.Tyre == fd.RainTyre || !slices.Contains(offered, c.Tyre) {
		return offered
	}
	return []fd.Tyre{c.Tyre}
}

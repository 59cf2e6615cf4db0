package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
)

// 8-A Non-rain tyres sliding in the rain (league-variants.md ch. 8): the
// slide of a car on soft or hard tyres on a wet track is counted by its
// gear instead of the base's 3 spaces (T3, R8.4, R8.6): (a) 1 in 1st, 2 in
// 2nd, 3 above; (b) the gear's number. When a slide happens is unchanged
// (R8.13: a wet track, a stop still owed inside the corner, once a play);
// rain tyres keep their 1. It hooks the slide amount (SlideRule), which
// the move's options, their facts and the autopilot all read.

func init() { fd.RegisterVariant("8-A", variant8A) }

func variant8A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "8-A", Group: "b", Name: "Dry tyres sliding in rain", NameFR: "Glissade des pneus non pluie sous la pluie", Chapter: fd.ChapterTyres, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("slide", "a", "a: 1/2/3 squares, b: the gear's number", "a", "b").AlsoCalled("dry_tyre_rain_slide")},
		Help:   "the slide of non-rain tyres on a wet track: (a) 1 square in 1st, 2 in 2nd, 3 above, or (b) the gear's number",
	}, func(p map[string]string) (any, error) {
		switch p["slide"] {
		case "a":
			return gearSlide{capped: true}, nil
		case "b":
			return gearSlide{}, nil
		}
		return nil, fmt.Errorf("variant 8-A: slide is a or b, not %q", p["slide"])
	})
}

// gearSlide is the 8-A module: the slide is the gear's number, capped at
// the base's amount in form (a).
type gearSlide struct{ capped bool }

// DryTyreSlide: the gear, at most the base's 3 in form (a).
func (s gearSlide) DryTyreSlide(c *fd.Car, base int) int {
	if s.capped {
		return min(c.Gear, base)
	}
	return c.Gear
}

package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
)

// 1-B Flying-start qualifying (league-variants.md ch. 1, AMB-05): the
// qualifying lap starts in a gear the driver chooses, any of 1st to 6th,
// at no cost (R1.1: no points in qualifying), instead of the standing
// start in 1st (R1.3); the lap's rolls count from that first roll. The
// source's second form, the start space chosen too, is not built.

// Its row of engine/fd's variants table (variants.go) names the id; the
// constructor is registered from this file's init (issue 13).
func init() { fd.RegisterVariant("1-B", variant1B) }

func variant1B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "1-B", Name: "Flying-start qualifying", NameFR: "Vitesse lancée", Chapter: "1 Qualifying", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{{Key: "mode", Default: "gear", Values: []string{"gear"}, Help: "gear: the driver chooses the starting gear of the qualifying lap (the start space chosen too is not built)"}},
		Help:   "the qualifying lap starts in a gear the driver chooses instead of 1st",
	}, func(map[string]string) (any, error) { return flyingStart{}, nil })
}

// flyingStart is the 1-B module: a QualifyingStart.
type flyingStart struct{}

// StartGears: any gear, free.
func (flyingStart) StartGears(fd.Turn) []fd.Option { return flyingGears() }

// flyingGears are the gears of a flying start: any, free.
func flyingGears() []fd.Option {
	var out []fd.Option
	for gear := 6; gear >= 1; gear-- {
		out = append(out, fd.Option{Gear: gear, Letter: fmt.Sprint(gear)})
	}
	return out
}

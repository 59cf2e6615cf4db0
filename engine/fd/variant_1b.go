package fd

import "fmt"

// 1-B Flying-start qualifying (league-variants.md ch. 1, AMB-05): the
// qualifying lap starts in a gear the driver chooses, any of 1st to 6th,
// at no cost (R1.1: no points in qualifying), instead of the standing
// start in 1st (R1.3); the lap's rolls count from that first roll. The
// source's second form, the start space chosen too, is not built.

// Its row of the variants table (variants.go) names the id; the
// constructor is registered, as a package of its own will (issue 13).
func init() { RegisterVariant("1-B", variant1B) }

func variant1B() Variant {
	return ModuleVariant(Variant{ID: "1-B", Name: "Flying-start qualifying", NameFR: "Vitesse lancée", Chapter: "1 Qualifying", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{{Key: "mode", Default: "gear", Values: []string{"gear"}, Help: "gear: the driver chooses the starting gear of the qualifying lap (the start space chosen too is not built)"}},
		Help:   "the qualifying lap starts in a gear the driver chooses instead of 1st",
	}, func(map[string]string) (any, error) { return flyingStart{}, nil })
}

// flyingStart is the 1-B module: a QualifyingStart.
type flyingStart struct{}

// StartGears: any gear, free.
func (flyingStart) StartGears(Turn) []Option { return flyingGears() }

// flyingGears are the gears of a flying start: any, free.
func flyingGears() []Option {
	var out []Option
	for gear := 6; gear >= 1; gear-- {
		out = append(out, Option{Gear: gear, Letter: fmt.Sprint(gear)})
	}
	return out
}

package fdr

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// What the competition rules say of the options their rules fill in
// (fd.PlacedFactsModule): engine/fd's option facts ask the module at the
// places players have always read these facts, among the base's, and name
// none of them. The texts are the catalog's (package phrasebook), in
// English and French.

var _ fd.PlacedFactsModule = (*fdrRules)(nil)

// PlacedFacts says the facts only fdr's rules make: a slipstream's brake
// points after the braking (R18.7), the qualifying penalty after the spin
// (R1.9), the wall tests after the dangerous spaces (R15.2), and a
// build's pit points after its points by category (R5.2).
func (*fdrRules) PlacedFacts(at fd.FactPlace, out []phrase.Phrase, op fd.Option) []phrase.Phrase {
	switch at {
	case fd.AfterBraking:
		if op.SlipBrake > 0 {
			out = append(out, phrase.New("fact.slip-brake", op.SlipBrake)) // R18.7
		}
	case fd.AfterSpin:
		if op.Penalty > 0 {
			out = append(out, phrase.New("fact.penalty", op.Penalty)) // R1.9
		}
	case fd.AfterDangerous:
		if op.Wall > 0 {
			out = append(out, phrase.New("fact.wall", op.Wall)) // R15.2
		}
	case fd.AfterBuildPoints:
		if op.Pits > 0 {
			out = append(out, phrase.New("fact.pit-points", op.Pits)) // R5.2
		}
	}
	return out
}

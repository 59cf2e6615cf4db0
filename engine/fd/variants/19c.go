package variants

// 19-C Fuel recovery (league-variants.md ch. 19): at a stop the gas
// (fuel) points come back free, without pit points, as the tyres do
// (R19.11). (a) one point refilled still allows a quick stop, more need a
// long stop; (b) any refill needs a long stop, even with no pit point
// left. A long stop refills them all; a quick stop, what its form allows,
// and may always be taken without refilling. Hook: PitStopRule.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("19-C", variant19C) }

func variant19C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-C", Group: "b", Name: "Fuel recovery", NameFR: "Récupération de la consommation", Chapter: fd.ChapterPitStops, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("mode", "a", "a: one point still allows a quick stop, more need a long stop; b: any refill needs a long stop", "a", "b")},
		Help:   "gas (fuel) points refilled free at a stop: (a) one with a quick stop, all with a long stop; (b) only with a long stop",
	}, func(p map[string]string) (any, error) {
		if p["mode"] == "b" {
			return fuelRefill{}, nil
		}
		return fuelRefill{quick: 1}, nil
	})
}

// fuelRefill is the 19-C module: quick is what a quick stop refills.
type fuelRefill struct{ quick int }

// AmendPitStop: the gas refilled free.
func (f fuelRefill) AmendPitStop(_ *fd.Car, r *fd.PitStopRules) {
	r.Refuel, r.QuickRefuel = true, f.quick
}

package variants

// 19-D Excessive repair (league-variants.md ch. 19): a long stop that
// repairs 3 points rolls the quick-stop die as well, and a miss keeps the
// car in its pit one more game turn; 4 points or more keep it there one
// more turn for sure (league AMB-03, AMB-40: "tour" is a game turn, 4 means
// 4 or more). The held car's next play passes in its pit ("pit-wait"); it
// leaves at the play after, as from a long stop (R19.17). What counts as
// repaired is the parameter counts (league AMB-40): every non-tyre point
// the stop repairs (default), or only those paid from pit points. A long
// stop repairs 3 points only with 19-E's points on top of the pit points
// (or 19-E's free_repairs of 3 or more): the competition rules' 2 pit
// points never reach it. Hook: PitStopRule.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("19-D", variant19D) }

func variant19D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-D", Group: "b", Name: "Excessive repair", NameFR: "Récupération excessive", Chapter: fd.ChapterPitStops, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("counts", "repairs", "what counts as repaired: repairs, every non-tyre point the long stop repairs; pit, only those paid from pit points (league AMB-40)", "repairs", "pit")},
		Help:   "3 points repaired in one stop: a long stop and a quick-stop roll to leave at the next play; 4 or more: a long stop and one more turn in the pit",
	}, func(p map[string]string) (any, error) {
		return excessiveRepairs{pitOnly: p["counts"] == "pit"}, nil
	})
}

// excessiveRepairs is the 19-D module.
type excessiveRepairs struct{ pitOnly bool }

// excessRepairHold: the car repaired too much and stays in its pit at its
// next play (a position's "pit-held" flag).
var excessRepairHold = fd.NewVariantSlot[bool]("pit-held")

// fdr's long stop holds the car, its play and the base's spare car and
// red-flag restart release it (pit_stop_slots.go).
func init() { fd.KeepPitHold(excessRepairHold) }

// AmendPitStop: 3 points roll, 4 are held.
func (e excessiveRepairs) AmendPitStop(_ *fd.Car, r *fd.PitStopRules) {
	r.ExcessRoll, r.ExcessHeld, r.ExcessPitOnly = 3, 4, e.pitOnly
}

package fd

import "fmt"

// 10-A Severe spin (league-variants.md ch. 10, core): a spun car's restart
// roll (R10.14, the black die at its next play) of 1 no longer just loses
// the play: the car has stalled, the marshals push it off and it is out of
// the race, classified by the distance it covered (21-A). 20 and 2–19 are
// the base's. A RestartRule; the move options' elimination risk and the
// autopilot count the 1 in 20 a spin now carries.
//
// The rail cases (rails=yes: an unpaid overshoot of two spaces or more out
// of a railed bend or along the pit straight, league AMB-28) need each
// bend's rails and the pit straight in the circuit data, which no circuit
// has; they are refused with a sentence rather than played half.

func variant10A() Variant {
	return moduleVariant(Variant{ID: "10-A", Group: "b", Name: "Severe spin", NameFR: "Tête-à-queue grave", Chapter: chBendExit, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{param("rails", "no", "the rail cases (need each bend's rails; not built)", "no", "yes")},
		Help:   "after a spin, a 1 on the restart roll stalls the car: the marshals push it off and it is out of the race",
	}, func(p map[string]string) (any, error) {
		if p["rails"] != "no" {
			return nil, fmt.Errorf("variant 10-A: the rail cases (rails=yes) need each bend's rails in the circuit, which no circuit has yet; play 10-A without them (rails=no)")
		}
		return severeSpin{}, nil
	})
}

// severeSpin is the 10-A module.
type severeSpin struct{}

// StallEliminates: the stall after a spin is the end of the race.
func (severeSpin) StallEliminates() bool { return true }

package fd

import "github.com/pitwall/pitwall/tracks"

// AX-3 Marathon qualifying (league-variants.md annex 3, league AMB-56): one
// session over circuits chained, fewest moves first. Pitwall's boards are
// single circuits, so a marathon is played circuit after circuit: on each
// one every pilot drives one lap alone in the dry (the weather set, never
// rolled), through the SessionRule hook, ranked by his moves through
// AX-2's GridRule; the league chains the circuits and adds each pilot's
// moves over them (engine/league/marathon.go). The car does not carry
// its gear and life points from one circuit to the next: each circuit
// starts standing from its qualifying start with the standard build
// [DEC, a departure from league AMB-56 forced by the single-circuit boards].

// marathonSessions is one circuit of AX-3: one dry lap.
var marathonSessions = []Session{{Weather: tracks.Sun, Laps: 1}}

func variantAX3() Variant {
	return moduleVariant(Variant{ID: "AX-3", Group: "c", Name: "Marathon qualifying", NameFR: "Essais marathon", Chapter: chAnnexes, Scope: ScopeSideEvent, Engine: true,
		Params: []VariantParam{},
		Help:   "one qualifying session over circuits chained (the league names them), the moves added up, fewest first",
	}, func(map[string]string) (any, error) {
		return qualifyingContest{sessions: marathonSessions, refusal: "variant AX-3 drives one dry lap on each circuit of the marathon"}, nil
	})
}

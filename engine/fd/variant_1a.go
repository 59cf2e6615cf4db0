package fd

import (
	"errors"
	"fmt"
	"slices"
)

// 1-A Qualifying running order (league-variants.md ch. 1, AMB-04): a club
// runs its qualifying laps one pilot at a time, in championship order,
// the second session in reverse order of the first's results. Pitwall's
// pilots drive their laps at the same time (fd2008 AMB-23), so what the order
// decides here is what it decided at the club without anyone saying so:
// between equal laps the competition rules prefer the earlier completion
// (fdr AMB-42), and the earlier runner is the one who completed first.
// Through the RunningOrder hook, session 1 runs in championship order
// (the league gives each car's place, car 1 first: championship=2/1/0;
// unranked cars after the ranked, by car number [DEC]: the booklet's d20
// is rolled on arrival at the club), session 2 in reverse order of the
// session-1 results, the slowest first. A running-order event says each
// session's order. The arrival form (a d20 on arrival, the 21:45 cut-off,
// letting one pilot go first) needs pilots at a table and is refused.

func variant1A() Variant {
	return moduleVariant(Variant{ID: "1-A", Group: "c", Name: "Qualifying running order", NameFR: "Ordre de passage", Chapter: chQualifying, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			param("order", "championship", "championship, or arrival: a d20 on arrival (the live form, refused in asynchronous play)", "championship", "arrival"),
			{Key: "championship", Default: "", OmitEmpty: true, Help: "each car's championship place, car 1 first, separated by / (0: not ranked; the league fills it)"},
		},
		Help: "qualifying in championship order, the second session in reverse order of the first: between equal laps the earlier runner goes first",
	}, func(p map[string]string) (any, error) {
		if p["order"] == "arrival" {
			return nil, errors.New("variant 1-A: order=arrival is the club's form (a d20 on arrival, pilots at the table); asynchronous qualifying runs in championship order")
		}
		places, err := parsePlaces(p["championship"])
		if err != nil {
			return nil, fmt.Errorf("variant 1-A: championship: %w", err)
		}
		return runningOrder{championship: places}, nil
	})
}

// runningOrder is the 1-A module: a RunningOrder. A game with no
// qualifying session (a grid by formula, 1-C) has nothing for it to order.
type runningOrder struct{ championship []int }

// RunningOrder: session 1 by championship place, unranked cars after by
// number; later sessions in reverse order of the earlier results.
func (r runningOrder) RunningOrder(session int, cars []int, earlier map[int]QualifyingResult) []int {
	out := slices.Clone(cars)
	if session > 1 && len(earlier) > 0 {
		slices.SortStableFunc(out, func(a, b int) int {
			ra, oka := earlier[a]
			rb, okb := earlier[b]
			switch {
			case oka && okb && qualifiesBefore(rb, ra):
				return -1 // the slower first
			case oka && okb && qualifiesBefore(ra, rb):
				return 1
			}
			return 0
		})
		return out
	}
	place := func(car int) int {
		if car <= len(r.championship) && r.championship[car-1] > 0 {
			return r.championship[car-1]
		}
		return MaxCars + 1 // unranked: after the ranked, by number
	}
	slices.SortStableFunc(out, func(a, b int) int { return place(a) - place(b) })
	return out
}

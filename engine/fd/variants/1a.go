package variants

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/fd"
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
// unranked cars after the ranked, by car number, or with unranked=d20 by
// a recorded d20 each, rolled as session 1 opens [DEC]), session 2 in reverse order of the
// session-1 results, the slowest first. A running-order event says each
// session's order. The arrival form (a d20 on arrival, the 21:45 cut-off,
// letting one pilot go first) needs pilots at a table and is refused.

func variant1A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "1-A", Group: "c", Name: "Qualifying running order", NameFR: "Ordre de passage", Chapter: fd.ChapterQualifying, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("order", "championship", "championship, or arrival: a d20 on arrival (the live form, refused in asynchronous play)", "championship", "arrival"),
			{Key: "championship", Default: "", OmitEmpty: true, Help: "each car's championship place, car 1 first, separated by / (0: not ranked; the league fills it)"},
			// number: the games recorded before the d20 (OmitDefault keeps
			// their headers); a league sets d20, the booklet's [DEC]
			{Key: "unranked", Default: "number", Values: []string{"number", "d20"}, OmitDefault: true, Help: "the unranked cars' order after the ranked: by car number, or d20 (a recorded d20 each, lowest first, ties by car number; the league's choice)"},
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
		return runningOrder{championship: places, drawUnranked: p["unranked"] == "d20"}, nil
	})
}

func init() { fd.RegisterVariant("1-A", variant1A) }

// runningOrder is the 1-A module: a RunningOrder. A game with no
// qualifying session (a grid by formula, 1-C) has nothing for it to order.
// drawUnranked: the unranked cars are ordered by a d20 each (1-A mode
// CHAMPIONSHIP, pilots with no ranking "ordered by d20" [DEC]).
type runningOrder struct {
	championship []int
	drawUnranked bool
}

// unranked are the cars with no championship place.
func (r runningOrder) unranked(cars []int) []int {
	var out []int
	for _, n := range cars {
		if n > len(r.championship) || r.championship[n-1] == 0 {
			out = append(out, n)
		}
	}
	return out
}

// Draws are the cars that roll a d20 for their place in session 1's
// order (modules.go's drawnRunningOrder): the unranked when the league asks for it.
func (r runningOrder) Draws(cars []int) []int {
	if !r.drawUnranked {
		return nil
	}
	return r.unranked(cars)
}

// RunningOrder: session 1 by championship place, unranked cars after by
// number; later sessions in reverse order of the earlier results.
func (r runningOrder) RunningOrder(session int, cars []int, earlier map[int]fd.QualifyingResult) []int {
	return r.DrawnOrder(session, cars, earlier, nil)
}

// DrawnOrder is RunningOrder with the unranked cars' d20s (draws by car):
// the lower d20 first, ties and cars without one by car number.
func (r runningOrder) DrawnOrder(session int, cars []int, earlier map[int]fd.QualifyingResult, draws map[int]int) []int {
	out := slices.Clone(cars)
	if session > 1 && len(earlier) > 0 {
		slices.SortStableFunc(out, func(a, b int) int {
			ra, oka := earlier[a]
			rb, okb := earlier[b]
			switch {
			case oka && okb && rb.RanksBefore(ra):
				return -1 // the slower first
			case oka && okb && ra.RanksBefore(rb):
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
		return fd.MaxCars + 1 + draws[car] // unranked: after the ranked, by d20 then number
	}
	slices.SortStableFunc(out, func(a, b int) int { return place(a) - place(b) })
	return out
}

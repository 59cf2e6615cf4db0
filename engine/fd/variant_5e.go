package fd

import (
	"fmt"
	"strconv"
	"strings"
)

// 5-E Season build pot (league-variants.md ch. 5, AMB-18): a pilot has
// a season's pot of build points (22 × the season's races, 352 for 16)
// and declares, before each race, the total he spends on it: 18 to 24,
// of which 18 to 22 on the car and 0 to 2 in the pit. The league keeps
// the pots (engine/league/pot.go) and gives each event's game the totals,
// car 1 first (totals=24/22/18); the game spreads each car's total by
// R5.2, through the BuildRule hook: the car's share from max(18, total−2)
// to min(22, total), the rest in the pit. A car without a declared total
// spreads the standard 22 (a substitute's car, AMB-18).

// The bounds of 5-E.
const (
	potCarMin   = 18
	potCarMax   = 22
	potPitMax   = 2
	potTotalMin = potCarMin
	potTotalMax = potCarMax + potPitMax
)

func variant5E() Variant {
	return moduleVariant(Variant{ID: "5-E", Group: "b", Name: "Season build pot", NameFR: "La Cagnotte", Chapter: chCar, Scope: ScopeLeague, Engine: true,
		Params: []VariantParam{
			param("pot", "352", "the season's build points (22 × the season's races)"),
			param("overspend", "allow", "allow with the penalty (the source: the pilot's best results cancelled, one a point over), or block", "allow", "block"),
			{Key: "totals", Default: "", OmitEmpty: true, Help: "each car's build total on this race, 18 to 24, car 1 first, separated by / (the league fills it; 0: the standard 22)"},
		},
		Help: "a season budget of build points: 18–22 on the car and 0–2 in the pits each race, an absence burns 22, overspending cancels the best results",
	}, func(p map[string]string) (any, error) {
		if n, err := strconv.Atoi(p["pot"]); err != nil || n < potTotalMin || n > 100000 {
			return nil, fmt.Errorf("variant 5-E: pot %q: a number of build points from %d to 100000", p["pot"], potTotalMin)
		}
		totals, err := parseBuildTotals(p["totals"])
		if err != nil {
			return nil, fmt.Errorf("variant 5-E: totals: %w", err)
		}
		return buildPot{totals: totals}, nil
	})
}

// buildPot is the 5-E module: a BuildRule.
type buildPot struct{ totals []int }

// Spread is a car's declared total spread by R5.2 within 5-E's bounds.
func (b buildPot) Spread(car int) Spread {
	total := fdrPoints
	if car >= 1 && car <= len(b.totals) && b.totals[car-1] > 0 {
		total = b.totals[car-1]
	}
	return Spread{Total: total, CarMin: max(potCarMin, total-potPitMax), CarMax: min(potCarMax, total)}
}

// parseBuildTotals reads "24/22/18": each 0 (the standard 22) or 18 to 24.
func parseBuildTotals(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, "/") {
		n, err := strconv.Atoi(f)
		if err != nil || (n != 0 && (n < potTotalMin || n > potTotalMax)) {
			return nil, fmt.Errorf("%q: %q is not a build total from %d to %d", s, f, potTotalMin, potTotalMax)
		}
		out = append(out, n)
	}
	return out, nil
}

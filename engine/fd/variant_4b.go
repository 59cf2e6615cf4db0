package fd

import (
	"fmt"
	"strconv"
)

// 4-B Teams (league-variants.md ch. 4): a team's two cars are built
// together. Form (a): the cars are identical for the first 18 build
// points, the rest is each pilot's. Hook: TeamBuildRule, when a car's
// configuration is given (R5.2).
//
// Decision where the booklet is silent (league AMB-13 asks for a base
// vector the team submits first): the base is what the two cars have in
// common, so a car's configuration is refused when it shares fewer than
// 18 points with a teammate's given one (the sum, category by category, of
// the smaller of the two). No extra decision: the first car of the team
// to build sets what the second must share, and the second is offered the
// presets that share enough and its teammate's own configuration. Form
// (b), the 46-point team budget with pilot and engineer points, is
// refused for now.

func variant4B() Variant {
	return moduleVariant(Variant{ID: "4-B", Group: "b", Name: "Teams", NameFR: "Écuries", Chapter: chPits, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			param("mode", "a", "a: the team's cars share their first 18 build points; b: a 46-point team budget over cars, pilots and engineers (not built yet)", "a", "b"),
			param("shared", "18", "a: the build points the team's two cars must have in common (1 to 22)"),
			{Key: "teams", Default: "", OmitEmpty: true, Help: "each car's team, car 1 first, separated by /, e.g. 1/1/2/3/3; empty: as 4-A says, else cars 1 and 2 are team 1, 3 and 4 team 2 …"},
		},
		Help: "a team's two cars are built alike: (a) the same for their first 18 build points, the rest each pilot's",
	}, func(p map[string]string) (any, error) {
		if p["mode"] != "a" {
			return nil, fmt.Errorf("variant 4-B: mode %s is not built yet; only mode a (the cars share their first 18 points) is", p["mode"])
		}
		n, err := strconv.Atoi(p["shared"])
		if err != nil || n < 1 || n > 22 {
			return nil, fmt.Errorf("variant 4-B: shared is a number of build points from 1 to 22, not %q", p["shared"])
		}
		teams, err := parseTeams(p["teams"])
		if err != nil {
			return nil, fmt.Errorf("variant 4-B: %w", err)
		}
		return teamBuild{teams: teams, shared: n}, nil
	})
}

// teamBuild is the 4-B module, form (a).
type teamBuild struct {
	teams  []int // each car's team; nil: the game's teams (4-A's or pairs)
	shared int
}

// TeamBuild refuses w for car when a teammate already built shares fewer
// than the shared points with it.
func (b teamBuild) TeamBuild(s Setup, car int, w Wear) error {
	g := s.g
	for _, mate := range teammates(g, b.teams, car) {
		built, ok := g.startWear[mate]
		if !ok {
			continue
		}
		if common := sharedPoints(w, built); common < b.shared {
			return fmt.Errorf("car %d's team builds alike (4-B): this configuration shares %d points with car %d's %s, it must share %d",
				car, common, mate, built.Compact(), b.shared)
		}
	}
	return nil
}

// sharedPoints is what two configurations have in common on the car: the
// smaller of each category's points.
func sharedPoints(a, b Wear) int {
	n := 0
	for i := range a {
		n += min(a[i], b[i])
	}
	return n
}

// teamIn is car's team by a variant's teams parameter (car 1 first),
// else the game's teams (4-A's, or cars 1–2 team 1 …).
func teamIn(g *Game, teams []int, car int) int {
	if car >= 1 && car <= len(teams) {
		return teams[car-1]
	}
	return g.teamOfCar(car)
}

// teammates lists the other cars of car's team.
func teammates(g *Game, teams []int, car int) []int {
	var out []int
	for n := 1; n <= len(g.Cars); n++ {
		if n != car && teamIn(g, teams, n) == teamIn(g, teams, car) {
			out = append(out, n)
		}
	}
	return out
}

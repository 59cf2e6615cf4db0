package fd

import (
	"fmt"
	"strconv"
	"strings"
)

// The teams of a game, which several variants read (4-A's pit boxes, 4-B's
// builds, 19-F's engineers, 20-B's spares, 21-B's reparations): the
// parameter that names them, the default pairs, and the teams of cars as
// 4-B's own parameter, else 4-A's boxes (PitBoxRule), else the pairs say
// them. They are the base's, beside pitBoxTeams, since variants of other
// files read them.

// parseTeams reads "1/1/2/3/3": each car's team, car 1 first; a team has
// one or two cars.
func parseTeams(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	count := map[int]int{}
	for _, p := range strings.Split(s, "/") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > MaxCars {
			return nil, fmt.Errorf("teams %q: %q is not a team number from 1 to %d", s, p, MaxCars)
		}
		if count[n]++; count[n] > 2 {
			return nil, fmt.Errorf("teams %q: team %d has more than two cars", s, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// teamsOfCars lists the teams of cars 1 to n (at least those a teams
// parameter names), each its cars in order: as 4-B's teams say, else
// 4-A's, else cars 1 and 2 are team 1, 3 and 4 team 2 …
func (c Config) teamsOfCars(n int) [][]int {
	own, _ := c.variantParam("4-B", "teams")
	teams, _ := parseTeams(own)
	pitTeams := c.pitBoxTeams()
	team := func(car int) int {
		switch {
		case car <= len(teams):
			return teams[car-1]
		case car <= len(pitTeams):
			return pitTeams[car-1]
		}
		return TeamOf(car)
	}
	return groupCars(max(n, len(teams), len(pitTeams)), team)
}

// groupCars lists the teams of cars 1 to n, each its cars in order, in
// the order of their first cars.
func groupCars(n int, team func(car int) int) [][]int {
	var out [][]int
	at := map[int]int{}
	for car := 1; car <= n; car++ {
		t := team(car)
		i, ok := at[t]
		if !ok {
			i = len(out)
			at[t] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], car)
	}
	return out
}

// teamOfCar is a car's team: as a PitBoxRule's teams say (4-A's), else
// cars 1–2 are team 1, 3–4 team 2 … The base's since 5-D's secrecy
// (SeesCar) reads it besides 4-A and 4-B.
func (g *Game) teamOfCar(car int) int {
	if h := g.hooks.pitBoxes; h != nil {
		if teams := h.Teams(); car >= 1 && car <= len(teams) {
			return teams[car-1]
		}
	}
	return TeamOf(car)
}

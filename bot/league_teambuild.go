package bot

import (
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// A team's build (LF-25, engine/league/teambuild.go): under 4-B(b) a
// pilot of the team declares its cars' points and its two pilots' before
// the season's first race (team-build 21 1/1), the rest of 46 going to
// its engineers; under 19-F alone, its engineer points (team-build 4).
// Each event's game gets 4-B's totals and pilots and 19-F's points from
// them, so its game master types none. A team that declared nothing
// builds 20-point cars with 3 pilot points each and no engineer.

// playsTeamBudget says the league plays 4-B in form (b).
func (doc *leagueDoc) playsTeamBudget() bool {
	for _, spec := range doc.Variants {
		if v, params, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "4-B" && params["mode"] == "b" {
			return true
		}
	}
	return false
}

// setTeamBuild declares e's team's build from text: "21 1/1" under
// 4-B(b), "4" under 19-F alone.
func (doc *leagueDoc) setTeamBuild(e *leagueEntry, text string) (league.TeamBuild, error) {
	budget := doc.playsTeamBudget()
	if !budget && !doc.playsVariant("19-F") {
		return league.TeamBuild{}, refusef("%s plays neither 4-B(b) (team budgets) nor 19-F (engineer points)", "%s ne joue ni la variante 4-B(b) (budget d'écurie) ni la 19-F (points ingénieurs)", doc.Name)
	}
	if e.Team == "" {
		return league.TeamBuild{}, refusef("%s has no team: a team build is a team's", "%s n'a pas d'écurie : le budget est celui d'une écurie", e.Pilot)
	}
	if len(doc.Events) > 0 && doc.Events[0].Game != "" {
		return league.TeamBuild{}, refusef("the season has started: a team builds before its first race", "la saison a commencé : une écurie construit avant la première course")
	}
	fields := strings.Fields(text)
	var b league.TeamBuild
	if budget {
		car, pilots, ok := parseBudgetWords(fields)
		if !ok {
			return b, refusef("write team-build, the points of each car (20 to 23) and of the No. 1 and No. 2 pilots (0 to 3), e.g. team-build 21 1/1", "écrivez budget-ecurie, les points de chaque voiture (20 à 23) et ceux des pilotes n° 1 et n° 2 (0 à 3), par exemple budget-ecurie 21 1/1")
		}
		if b, ok = league.BudgetBuild(car, pilots[0], pilots[1]); !ok {
			return b, refusef("two cars of %d and pilot points %d and %d spend %d of the team's 46 points", "deux voitures de %d et des points de pilote %d et %d font %d des 46 points de l'écurie", car, pilots[0], pilots[1], 2*car+pilots[0]+pilots[1])
		}
	} else {
		n, err := strconv.Atoi(strings.Join(fields, ""))
		if err != nil || len(fields) != 1 || n < 0 || n > league.EngineersMax {
			return b, refusef("write team-build and the team's engineer points, 0 to 6", "écrivez budget-ecurie et les points ingénieurs de l'écurie, de 0 à 6")
		}
		b.Engineers = n
	}
	if doc.TeamBuilds == nil {
		doc.TeamBuilds = map[string]league.TeamBuild{}
	}
	doc.TeamBuilds[e.Team] = b
	return b, nil
}

// parseBudgetWords reads "21 1/1".
func parseBudgetWords(fields []string) (car int, pilots [2]int, ok bool) {
	if len(fields) != 2 {
		return 0, pilots, false
	}
	car, err := strconv.Atoi(fields[0])
	first, second, found := strings.Cut(fields[1], "/")
	p1, err1 := strconv.Atoi(first)
	p2, err2 := strconv.Atoi(second)
	return car, [2]int{p1, p2}, err == nil && found && err1 == nil && err2 == nil
}

// teamBuildReply says a team's build in lang.
func teamBuildReply(team string, b league.TeamBuild, lang string) string {
	if b.Car == 0 {
		return inLangf(lang, "%s has %d engineer points.", "%s a %d points ingénieurs.", team, b.Engineers)
	}
	return inLangf(lang, "%s builds its cars on %d points; its No. 1 has %d pilot points, its No. 2 %d, its engineers %d.",
		"%s construit ses voitures sur %d points ; son n° 1 a %d points de pilote, son n° 2 %d, ses ingénieurs %d.",
		team, b.Car, b.Pilots[0], b.Pilots[1], b.Engineers)
}

// teamBudgets are 4-B(b)'s totals and pilots parameters of an event's
// game: each car's team's build, its pilot's points by his seat, car 1
// first.
func (doc *leagueDoc) teamBudgets(cars []eventCar) (totals, pilots string) {
	t, p := make([]string, len(cars)), make([]string, len(cars))
	for i, c := range cars {
		car, points := league.TeamCarMin, league.PilotMax // nothing declared
		if b, ok := doc.TeamBuilds[c.Team]; ok && c.Team != "" && b.Car > 0 {
			car, points = b.Car, b.Pilots[0]
			if doc.seatOf(c.entryPilot()) == 2 {
				points = b.Pilots[1]
			}
		}
		t[i], p[i] = strconv.Itoa(car), strconv.Itoa(points)
	}
	return strings.Join(t, "/"), strings.Join(p, "/")
}

// engineerShares is 19-F's points parameter of an event's game: each
// team's engineer points split between its cars there, car 1 first.
func (doc *leagueDoc) engineerShares(cars []eventCar) string {
	out := make([]string, len(cars))
	present := map[string]int{}
	for _, c := range cars {
		present[c.Team]++
	}
	taken := map[string]int{}
	for i, c := range cars {
		out[i] = "0"
		if b, ok := doc.TeamBuilds[c.Team]; ok && c.Team != "" {
			shares := b.EngineerShares(min(present[c.Team], 2))
			if k := taken[c.Team]; k < len(shares) {
				out[i] = strconv.Itoa(shares[k])
			}
			taken[c.Team]++
		}
	}
	return strings.Join(out, "/")
}

// seatOf is pilot's seat in his team (1, 2; 0 without one).
func (doc *leagueDoc) seatOf(pilot string) int {
	for _, e := range doc.Entries {
		if e.Pilot == pilot {
			return e.Seat
		}
	}
	return 0
}

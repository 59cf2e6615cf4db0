package bot

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/internal/phrasebook"
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
	b.Tunes = doc.TeamBuilds[e.Team].Tunes // 19-F's tune stays, if the engineers pay it
	if cost := b.TuneCost(1) + b.TuneCost(2); cost > b.Engineers {
		return b, refusef("%s's tune costs %d engineer points and this build leaves %d: change the tune first (team-tune -/-)", "le réglage de %s coûte %d points ingénieurs et ce budget en laisse %d : changez d'abord le réglage (reglage-ecurie -/-)", e.Team, cost, b.Engineers)
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
// team's engineer points split between its cars there, car 1 first, each
// car's tune paid first.
func (doc *leagueDoc) engineerShares(cars []eventCar) string {
	out := make([]string, len(cars))
	for i := range out {
		out[i] = "0"
	}
	for team, idx := range doc.teamCars(cars) {
		b, ok := doc.TeamBuilds[team]
		if !ok {
			continue
		}
		idx = idx[:min(len(idx), 2)]
		seats := make([]int, len(idx))
		for k, i := range idx {
			seats[k] = doc.carSeat(cars[i], k)
		}
		for k, n := range b.EngineerShares(seats...) {
			out[idx[k]] = strconv.Itoa(n)
		}
	}
	return strings.Join(out, "/")
}

// engineerTunes is 19-F's tune parameter of an event's game: each car's
// seat's tune of its team's build, car 1 first; "" when no team tunes.
func (doc *leagueDoc) engineerTunes(cars []eventCar) string {
	out, any := make([]string, len(cars)), false
	for i := range out {
		out[i] = "-"
	}
	for team, idx := range doc.teamCars(cars) {
		b := doc.TeamBuilds[team]
		for k, i := range idx[:min(len(idx), 2)] {
			if seat := doc.carSeat(cars[i], k); b.TuneCost(seat) > 0 {
				out[i], any = strings.Join(b.Tunes[seat-1], "+"), true
			}
		}
	}
	if !any {
		return ""
	}
	return strings.Join(out, "/")
}

// teamCars lists each team's cars in an event, by index, in their order.
func (doc *leagueDoc) teamCars(cars []eventCar) map[string][]int {
	out := map[string][]int{}
	for i, c := range cars {
		if c.Team != "" {
			out[c.Team] = append(out[c.Team], i)
		}
	}
	return out
}

// carSeat is the seat of an event's car in its team (1, 2), else its
// place among its team's cars there.
func (doc *leagueDoc) carSeat(c eventCar, k int) int {
	if seat := doc.seatOf(c.entryPilot()); seat == 1 || seat == 2 {
		return seat
	}
	return k + 1
}

// setTeamTune declares 19-F's pre-race tune of e's team's cars from text:
// "engine+brakes/tyres", the No. 1's then the No. 2's ("-": none), paid
// from the team's engineer points.
func (doc *leagueDoc) setTeamTune(e *leagueEntry, text string) (league.TeamBuild, error) {
	if !doc.playsVariant("19-F") {
		return league.TeamBuild{}, refusef("%s does not play 19-F (engineer points)", "%s ne joue pas la variante 19-F (points ingénieurs)", doc.Name)
	}
	if e.Team == "" {
		return league.TeamBuild{}, refusef("%s has no team: the engineers are a team's", "%s n'a pas d'écurie : les ingénieurs sont ceux d'une écurie", e.Pilot)
	}
	if len(doc.Events) > 0 && doc.Events[0].Game != "" {
		return league.TeamBuild{}, refusef("the season has started: a team tunes its cars before its first race", "la saison a commencé : une écurie règle ses voitures avant la première course")
	}
	first, second, _ := strings.Cut(strings.TrimSpace(text), "/")
	var tunes [][]string
	for _, car := range []string{first, second} {
		names, err := variants.ParseTune(strings.TrimSpace(car))
		if err != nil || strings.Count(text, "/") > 1 {
			return league.TeamBuild{}, refusef("write team-tune and, for the No. 1's car then the No. 2's, the characteristics its engineers improve by one point (tyres, brakes, gas, body, engine, handling, joined by +; - for none), e.g. team-tune engine+brakes/tyres",
				"écrivez reglage-ecurie et, pour la voiture du n° 1 puis celle du n° 2, les caractéristiques que ses ingénieurs améliorent d'un point (tyres, brakes, gas, body, engine, handling, jointes par + ; - pour aucune), par exemple reglage-ecurie engine+brakes/tyres")
		}
		tunes = append(tunes, names)
	}
	b := doc.TeamBuilds[e.Team]
	b.Tunes = tunes
	if cost := b.TuneCost(1) + b.TuneCost(2); cost > b.Engineers {
		return b, refusef("%s's tune costs %d engineer points and the team has %d", "le réglage de %s coûte %d points ingénieurs et l'écurie en a %d", e.Team, cost, b.Engineers)
	}
	if b.TuneCost(1)+b.TuneCost(2) == 0 {
		b.Tunes = nil
	}
	if doc.TeamBuilds == nil {
		doc.TeamBuilds = map[string]league.TeamBuild{}
	}
	doc.TeamBuilds[e.Team] = b
	return b, nil
}

// teamTuneReply says a team's tune in lang.
func teamTuneReply(team string, b league.TeamBuild, lang string) string {
	if b.TuneCost(1)+b.TuneCost(2) == 0 {
		return inLangf(lang, "%s's engineers tune neither car.", "Les ingénieurs de %s ne règlent aucune voiture.", team)
	}
	return inLangf(lang, "%s's engineers improve its No. 1's car by one point of %s and its No. 2's by %s, %d of their %d points.",
		"Les ingénieurs de %s améliorent d'un point la voiture de son n° 1 en %s et celle de son n° 2 en %s, %d de leurs %d points.",
		team, tuneWords(b.Tunes, 0, lang), tuneWords(b.Tunes, 1, lang), b.TuneCost(1)+b.TuneCost(2), b.Engineers)
}

// tuneWords names a seat's tuned characteristics in lang ("engine and
// brakes"; "nothing").
func tuneWords(tunes [][]string, seat int, lang string) string {
	var names []string
	if seat < len(tunes) {
		for _, n := range tunes[seat] {
			names = append(names, phrasebook.Template("cat."+n, lang))
		}
	}
	switch len(names) {
	case 0:
		return inLangf(lang, "nothing", "rien")
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + inLangf(lang, " and ", " et ") + names[len(names)-1]
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

// TeamBuildAccount is a team's build as the standings show it (LF-25).
type TeamBuildAccount struct {
	Team string `json:"team"`
	league.TeamBuild
}

// teamBuildAccounts are the teams' builds declared, by team name.
func (doc *leagueDoc) teamBuildAccounts() []TeamBuildAccount {
	var out []TeamBuildAccount
	for team, b := range doc.TeamBuilds {
		out = append(out, TeamBuildAccount{Team: team, TeamBuild: b})
	}
	slices.SortFunc(out, func(a, b TeamBuildAccount) int { return strings.Compare(a.Team, b.Team) })
	return out
}

// teamBuildParagraph says each team's build and tune in lang.
func teamBuildParagraph(accounts []TeamBuildAccount, lang string) []WebParagraph {
	if len(accounts) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Team builds (4-B, 19-F)", "Budgets d'écurie (4-B, 19-F)"})}
	for _, a := range accounts {
		line := teamBuildReply(a.Team, a.TeamBuild, lang)
		if a.TuneCost(1)+a.TuneCost(2) > 0 {
			line += " " + teamTuneReply(a.Team, a.TeamBuild, lang)
		}
		p.Lines = append(p.Lines, line)
	}
	return []WebParagraph{p}
}

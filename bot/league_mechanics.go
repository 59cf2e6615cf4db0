package bot

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// The mechanics points of 19-G (engine/league/mechanics.go): a league
// that plays it counts each team's quick stops made over the season's
// recorded events, on top of what the team carried from the season
// before, and gives each event's game its cars' teams' points.

// plays19G reports a league playing 19-G.
func plays19G(variants []string) bool {
	for _, spec := range variants {
		if v, _, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "19-G" {
			return true
		}
	}
	return false
}

// mechanicsPoints is 19-G's points parameter of an event's game: each
// car's team's points after the recorded events, car 1 first.
func (doc *leagueDoc) mechanicsPoints(cars []eventCar, results []league.Result) string {
	points := league.Mechanics(doc.MechanicsOpening, results)
	out := make([]string, len(cars))
	for i, c := range cars {
		out[i] = strconv.Itoa(points[league.MechanicsHolder(league.Car{Team: c.Team, Pilot: c.Pilot})])
	}
	return strings.Join(out, "/")
}

// carriedMechanics are the points a new season opens with: each team's
// carry (1, 2 or 3) from the latest season before it that played 19-G
// with that team.
func carriedMechanics(variants []string, before []storedLeague) map[string]int {
	if !plays19G(variants) {
		return nil
	}
	opening := map[string]int{}
	for _, prev := range before { // oldest first: a later season overrides
		if !plays19G(prev.doc.Variants) {
			continue
		}
		for team, n := range league.Mechanics(prev.doc.MechanicsOpening, prev.doc.results()) {
			opening[team] = league.MechanicsSteps(n)
		}
	}
	return opening
}

// MechanicsAccount is a team's mechanics points (19-G).
type MechanicsAccount struct {
	Team   string `json:"team"`
	Points int    `json:"points"`
	// QuickStopTop: its quick stops are made on 1 to this.
	QuickStopTop int `json:"quick_stop_top"`
}

// mechanicsAccounts are the teams' mechanics points after results, most
// first (then by name), when the league plays 19-G.
func (doc *leagueDoc) mechanicsAccounts(results []league.Result) []MechanicsAccount {
	if !plays19G(doc.Variants) {
		return nil
	}
	var out []MechanicsAccount
	for team, n := range league.Mechanics(doc.MechanicsOpening, results) {
		out = append(out, MechanicsAccount{Team: team, Points: n, QuickStopTop: 10 + league.MechanicsSteps(n)})
	}
	slices.SortFunc(out, func(a, b MechanicsAccount) int {
		return cmp.Or(b.Points-a.Points, strings.Compare(a.Team, b.Team))
	})
	return out
}

// mechanicsParagraph says the teams' mechanics points in lang.
func mechanicsParagraph(accounts []MechanicsAccount, lang string) []WebParagraph {
	if len(accounts) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Mechanics points (19-G), one a quick stop made", "Points de mécaniciens (19-G), un par arrêt rapide réussi"})}
	for _, a := range accounts {
		p.Lines = append(p.Lines, inLangf(lang, "%s has %d: quick stops made on 1 to %d.", "%s en a %d : arrêts rapides réussis de 1 à %d.", a.Team, a.Points, a.QuickStopTop))
	}
	return []WebParagraph{p}
}

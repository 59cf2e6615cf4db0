package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// eventVariants are the variants an event's game plays, with the
// parameters that come from the league's own records filled in: 1-C's
// grid formula needs each car's place in the last race and in the
// championship, 4-A's pit allocation the team ranking. A parameter the
// league set itself is kept.
// round is the event's index in the calendar, from 0.
func (doc *leagueDoc) eventVariants(cars []eventCar, round int) []string {
	specs := gameVariants(doc.Variants)
	if len(specs) == 0 {
		return nil
	}
	results := doc.results()
	standings := doc.standings()
	out := make([]string, 0, len(specs))
	for _, spec := range specs {
		v, params, err := fd.ParseVariantSpec(spec)
		if err != nil {
			out = append(out, spec) // the game refuses it with its reason
			continue
		}
		switch v.ID {
		case "1-C":
			if params["last"] == "" && params["championship"] == "" {
				last := make([]string, len(cars))
				for i, c := range cars {
					last[i] = "0" // not raced (AMB-06)
					if n := len(results); n > 0 {
						for _, rc := range results[n-1].Cars {
							if rc.Pilot == c.entryPilot() && rc.Place > 0 {
								last[i] = fmt.Sprint(rc.Place)
							}
						}
					}
				}
				params["last"], params["championship"] = strings.Join(last, "/"), championshipPlaces(cars, standings)
			}
		case "1-D":
			if params["bids"] == "" {
				params["bids"] = doc.kittyBids(cars, round)
			}
			if params["championship"] == "" {
				params["championship"] = championshipPlaces(cars, standings)
			}
		case "1-A":
			if params["championship"] == "" && len(results) == 0 && len(doc.PreviousOrder) > 0 {
				params["championship"] = previousPlaces(cars, doc.PreviousOrder) // before GP1
			}
			if params["championship"] == "" {
				params["championship"] = championshipPlaces(cars, standings)
			}
			if !strings.Contains(spec, "unranked=") { // the booklet's d20 among the unranked
				params["unranked"] = "d20"
			}
		case "5-E":
			if params["totals"] == "" {
				params["totals"] = doc.buildTotals(cars, round)
			}
		case "23-A":
			if params["uses"] == "" {
				params["uses"] = doc.pilotPointUses(cars, results)
			}
			if params["tokens"] == "" { // 23-A(c): the season boost tokens
				params["tokens"] = doc.seasonTokenUses(cars, results)
			}
			if params["grid_use"] == "" { // 23-A(c), (i): the qualifying earning before the race
				params["grid_use"] = doc.gridPointUses(cars, results)
			}
			if params["build"] == "" { // 23-A(h), the team side of (e) and (i)
				params["build"] = doc.ledgerGrants("23-A", league.UseBuild, cars, results)
			}
		case "23-B":
			if params["build"] == "" && params["quick"] == "" {
				if params["scheme"] == "c" {
					params["quick"] = doc.ledgerGrants("23-B", league.UseQuickStop, cars, results)
				} else {
					params["build"] = doc.ledgerGrants("23-B", league.UseBuild, cars, results)
				}
			}
		case "19-G":
			if params["points"] == "" {
				params["points"] = doc.mechanicsPoints(cars, results)
			}
		case "16-D":
			if params["limits"] == "" && params["bonus"] == "" {
				if limits, bonus, err := doc.evoParams(cmp.Or(params["evo_model"], league.EvoLadder), cars, round); err == nil {
					params["limits"], params["bonus"] = limits, bonus
				}
			}
		case "4-B": // form (b): each team's build
			if params["mode"] == "b" && params["totals"] == "" && params["pilots"] == "" {
				params["totals"], params["pilots"] = doc.teamBudgets(cars)
				if teams, _ := gameTeams(cars); params["teams"] == "" {
					params["teams"] = teams
				}
			}
		case "19-F":
			if params["points"] == "" {
				params["points"] = doc.engineerShares(cars)
			}
			if params["tune"] == "" {
				params["tune"] = doc.engineerTunes(cars)
			}
		case "23-C":
			if params["uses"] == "" {
				params["uses"] = doc.homeRoundUses(cars, round)
			}
		case "21-B": // the lap-1 restart's one spare car a team
			if params["teams"] == "" {
				if teams, number := gameTeams(cars); teams != "" {
					params["teams"] = teams
				} else if len(number) > 0 {
					params["teams"] = "pairs"
				}
			}
		case "4-A":
			teams, number := gameTeams(cars)
			if params["teams"] == "" {
				params["teams"] = teams
			}
			if params["ranking"] == "" && params["teams"] == teams {
				params["ranking"] = teamRanking(number, standings.Teams)
			}
		}
		out = append(out, variantSpec(v, params))
	}
	return out
}

// championshipPlaces are the cars' places in the drivers' championship,
// car 1 first, 0 for a car not ranked (1-C, 1-D).
func championshipPlaces(cars []eventCar, standings league.Standings) string {
	champ := make([]string, len(cars))
	for i, c := range cars {
		champ[i] = "0"
		for _, row := range standings.Drivers {
			if row.Name == c.entryPilot() && row.Points > 0 {
				champ[i] = fmt.Sprint(row.Position)
			}
		}
	}
	return strings.Join(champ, "/")
}

// previousOrder is 1-A's order before GP1 (league-variants.md 1-A, mode
// CHAMPIONSHIP): the drivers ranked (with points) in the final standings
// of the latest league before doc with recorded results, the season
// before [DEC: a league is one season; the latest one played is the one
// before], first first. Nil when doc does not play 1-A or none has raced.
func previousOrder(doc *leagueDoc, before []storedLeague) []string {
	if !doc.playsVariant("1-A") {
		return nil
	}
	var out []string
	for _, prev := range before { // oldest first: the latest played wins
		if len(prev.doc.results()) == 0 {
			continue
		}
		out = out[:0]
		for _, row := range prev.doc.standings().Drivers {
			if row.Points > 0 {
				out = append(out, row.Name)
			}
		}
	}
	return out
}

// previousPlaces are the cars' places in order (1-A's previous season),
// car 1 first, 0 for a pilot it does not rank: the unranked run after.
func previousPlaces(cars []eventCar, order []string) string {
	places := make([]string, len(cars))
	for i, c := range cars {
		places[i] = fmt.Sprint(slices.Index(order, c.entryPilot()) + 1)
	}
	return strings.Join(places, "/")
}

// entryPilot is the pilot whose car this is: a substitute's car is the
// absent pilot's (LF-05).
func (c eventCar) entryPilot() string {
	if c.For != "" {
		return c.For
	}
	return c.Pilot
}

// gameTeams numbers the line-up's teams for 4-A, in the order of their
// first cars (teamOrdered puts teammates side by side), and says each
// car's team as 4-A's teams parameter: empty when the line-up is pairs
// (cars 1–2 team 1 …, the engine's default), "1/1/2/3/3" when a team
// has one car (a teammate absent, AMB-12) or a pilot races without a team.
// It returns no numbers when teammates are not side by side.
func gameTeams(cars []eventCar) (string, map[string]int) {
	number := map[string]int{} // team name → its number in the game
	var each []string
	pairs := len(cars)%2 == 0
	n := 0
	for i, c := range cars {
		if c.Team != "" && i > 0 && cars[i-1].Team == c.Team {
			each = append(each, fmt.Sprint(n))
			continue
		}
		if _, again := number[c.Team]; again && c.Team != "" {
			return "", nil // teammates apart: no numbering is right
		}
		n++
		if c.Team != "" {
			number[c.Team] = n
		}
		each = append(each, fmt.Sprint(n))
		if i%2 != 0 || i+1 >= len(cars) || c.Team == "" || cars[i+1].Team != c.Team {
			pairs = false
		}
	}
	if pairs {
		return "", number
	}
	return strings.Join(each, "/"), number
}

// teamRanking is 4-A's ranking: the game's team numbers in championship
// order, best first. It is empty (the first GP's rule) when there are no
// team points yet.
func teamRanking(number map[string]int, teams []league.Row) string {
	var ranking []string
	for _, row := range teams {
		if n, ok := number[row.Name]; ok && row.Points > 0 {
			ranking = append(ranking, fmt.Sprint(n))
		}
	}
	return strings.Join(ranking, "/")
}

// variantSpec writes a variant back as "ID:key=value,…", parameters in the
// registry's order.
func variantSpec(v fd.Variant, params map[string]string) string {
	var parts []string
	for _, p := range v.Params {
		if val, ok := params[p.Key]; ok && val != "" && !(p.OmitDefault && val == p.Default) { // as the game's header writes it
			parts = append(parts, p.Key+"="+val)
		}
	}
	if len(parts) == 0 {
		return v.ID
	}
	return v.ID + ":" + strings.Join(parts, ",")
}

// teamOrdered sorts a line-up's entries so teammates sit in consecutive
// cars (4-A counts cars 1–2 as team 1 …): teams in the order of their
// first car number, each team's first driver (LF-02 No. 1) in its first
// car, which takes the first box of the team's slot (4-A, 25-A.5);
// pilots without a team after them, by number.
func teamOrdered(entries []leagueEntry) []leagueEntry {
	first := map[string]int{}
	for _, e := range entries {
		if n, ok := first[e.Team]; e.Team != "" && (!ok || e.Number < n) {
			first[e.Team] = e.Number
		}
	}
	out := slices.Clone(entries)
	slices.SortStableFunc(out, func(a, b leagueEntry) int {
		ka, kb := first[a.Team], first[b.Team]
		if a.Team == "" {
			ka = 1 << 30
		}
		if b.Team == "" {
			kb = 1 << 30
		}
		if ka != kb {
			return ka - kb
		}
		if a.Seat != b.Seat {
			return a.Seat - b.Seat
		}
		return a.Number - b.Number
	})
	return out
}

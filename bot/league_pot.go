package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 5-E Season build pot (engine/fd/variants/5e.go, engine/league/pot.go):
// before each event opens a pilot declares the build total he spends on
// it, 18 to 24 (pot N / cagnotte N; the game master with league pot); an
// undeclared total is the standard 22. The event's game gets the totals
// and spreads each car's by R5.2. An entered pilot who does not drive
// (a substitute drives for him) burns 22; the substitute drives a
// standard 22 that is nobody's pot. With overspend=block a total beyond
// what is left is refused; with allow (the source) it is taken, and once
// every event has its result the pilot's best results are cancelled, one
// a point over.

// potTotalStandard is the total of a car whose pilot declared none
// (R5.2's 22).
const potTotalStandard = 22

// buildPot is the league's 5-E pot, its pot 22 × the league's races when
// not given; ok false when it does not play 5-E.
func (doc *leagueDoc) buildPot() (pot league.BuildPot, rules variants.PotRules, ok bool) {
	for _, spec := range doc.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "5-E" {
			rules, err := variants.ParsePotRules(p) // checked at league create
			if err != nil {
				return league.BuildPot{}, rules, false
			}
			return league.BuildPot{Pot: rules.SeasonPot(len(doc.Events)), Absence: rules.AbsenceCost}, rules, true
		}
	}
	return league.BuildPot{}, variants.PotRules{}, false
}

// declaredTotal is what pilot spends at event i: his declared total, or
// the standard 22.
func (ev leagueEvent) declaredTotal(pilot string) int {
	if n := ev.Totals[pilot]; n > 0 {
		return n
	}
	return potTotalStandard
}

// potAccount is pilot's pot over the events opened; with next, the event
// not opened yet that holds a declared total counts too (what a new
// declaration must fit beside).
func (doc *leagueDoc) potAccount(pot league.BuildPot, pilot string) league.PotAccount {
	var rounds []league.PotRound
	for i, ev := range doc.Events {
		if ev.Game == "" {
			continue
		}
		drove := false
		for _, c := range ev.Cars {
			drove = drove || (c.Pilot == pilot && c.For == "")
		}
		rounds = append(rounds, league.PotRound{Round: i, Spent: ev.declaredTotal(pilot), Absent: !drove})
	}
	return pot.Account(pilot, rounds)
}

// declareTotal sets pilot's build total on the next event not opened and
// returns its index (from 0).
func (doc *leagueDoc) declareTotal(pilot string, total int) (int, error) {
	pot, rules, ok := doc.buildPot()
	if !ok {
		return 0, refusef("%s does not play 5-E (the season build pot)", "%s ne joue pas la variante 5-E (la cagnotte)", doc.Name)
	}
	next := doc.nextOpen()
	if next < 0 {
		return 0, refusef("every event has opened: no race left to build for", "toutes les manches sont ouvertes : plus de course à configurer")
	}
	if total < rules.TotalMin() || total > rules.TotalMax() {
		return 0, refusef("a build total from %d to %d: %d to %d on the car and 0 to %d in the pits", "un total de %d à %d : de %d à %d sur la voiture et 0 à %d aux stands",
			rules.TotalMin(), rules.TotalMax(), rules.CarMin, rules.CarMax, rules.PitMax)
	}
	if left := doc.potAccount(pot, pilot).Left; rules.Block && total > left {
		return 0, refusef("only %d points are left in your season's pot: a total of %d is refused (this league blocks overspending)",
			"il ne reste que %d points dans votre cagnotte : un total de %d est refusé (cette ligue interdit le dépassement)", max(left, 0), total)
	}
	ev := &doc.Events[next]
	if ev.Totals == nil {
		ev.Totals = map[string]int{}
	}
	ev.Totals[pilot] = total
	return next, nil
}

// totalReply answers a declared total.
func (doc *leagueDoc) totalReply(pilot string, total, i int, lang string) string {
	pot, _, _ := doc.buildPot()
	left := doc.potAccount(pot, pilot).Left - total
	reply := inLangf(lang, "%s builds with %d points at round %d (%s); %d will be left in the season's pot after it.",
		"%s configure avec %d points à la manche %d (%s) ; il restera %d dans la cagnotte après elle.",
		pilot, total, i+1, doc.Events[i].Track, left)
	if left < 0 {
		reply += inLangf(lang, " That is %d over: at the end of the season your %d best result(s) will be cancelled.",
			" C'est %d de trop : à la fin de la saison vos %d meilleurs résultats seront annulés.", -left, -left)
	}
	return reply
}

// DeclareBuildTotal sets pilot's build total on the league's next event
// (the game master's league pot) and returns the reply.
func (s *Service) DeclareBuildTotal(ctx context.Context, name, pilot string, total int) (string, error) {
	var reply string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		i, err := doc.declareTotal(e.Pilot, total)
		if err != nil {
			return err
		}
		reply = doc.totalReply(e.Pilot, total, i, "en")
		return nil
	})
	return reply, err
}

// buildTotals is 5-E's totals parameter of event round (from 0): each
// car's declared total, car 1 first; 0 (the standard 22) for a
// substitute's car.
func (doc *leagueDoc) buildTotals(cars []eventCar, round int) string {
	totals := make([]string, len(cars))
	for i, c := range cars {
		totals[i] = "0"
		if c.For == "" {
			totals[i] = strconv.Itoa(doc.Events[round].declaredTotal(c.Pilot))
		}
	}
	return strings.Join(totals, "/")
}

// potAccounts are the entered pilots' pots.
func (doc *leagueDoc) potAccounts() []league.PotAccount {
	pot, _, ok := doc.buildPot()
	if !ok {
		return nil
	}
	out := make([]league.PotAccount, 0, len(doc.Entries))
	for _, e := range doc.Entries {
		out = append(out, doc.potAccount(pot, e.Pilot))
	}
	return out
}

// counted are results as the championship counts them: once every event
// of the season has its result, a pilot over his 5-E pot loses his best
// results, one a point over (overspend=allow).
func (doc *leagueDoc) counted(results []league.Result) []league.Result {
	if _, _, ok := doc.buildPot(); !ok || len(results) < len(doc.Events) {
		return results
	}
	over := map[string]int{}
	for _, a := range doc.potAccounts() {
		over[a.Pilot] = a.Over
	}
	return league.CancelBest(results, over, doc.Points)
}

// potParagraph says the pots in lang.
func potParagraph(accounts []league.PotAccount, lang string) []WebParagraph {
	if len(accounts) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Season build pot (5-E): 18 to 24 points a race, an absence burns 22", "La Cagnotte (5-E) : 18 à 24 points par course, une absence en coûte 22"})}
	for _, a := range accounts {
		line := inLangf(lang, "%s has used %d of %d, %d left", "%s a utilisé %d sur %d, il en reste %d", a.Pilot, a.Used, a.Pot, max(a.Left, 0))
		if a.Over > 0 {
			line += inLangf(lang, "; %d over, his %d best result(s) cancelled at the end of the season", " ; %d de trop, ses %d meilleurs résultats annulés en fin de saison", a.Over, a.Over)
		}
		p.Lines = append(p.Lines, line+".")
	}
	return []WebParagraph{p}
}

package bot

import (
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// 24-C's side trophies (engine/league/trophies.go), computed from the
// recorded results and said with the standings.

// trophies are 24-C's rankings after results, nil when the league does not
// play it.
func (doc *leagueDoc) trophies(results []league.Result) *league.Trophies {
	if !doc.playsVariant("24-C") {
		return nil
	}
	tr := league.ComputeTrophies(results, doc.Points)
	tr.RankFines(doc.Fines)
	tr.RankPlacementErrors(results, doc.PlacementErrors)
	return &tr
}

// checkLiveQualifying refuses 24-C's live_quali=yes (AMB-51): the two time
// trophies measure a qualifying played live against the clock, and
// Pitwall's qualifying laps are asynchronous orders with no meaningful
// time.
func checkLiveQualifying(variants []string) error {
	for _, spec := range variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "24-C" && p["live_quali"] == "yes" {
			return refusef("variant 24-C: live_quali=yes ranks the time of a qualifying played live, and Pitwall plays no live qualifying (its laps are orders sent at any time); leave live_quali=no",
				"variante 24-C : live_quali=yes classe le temps d'essais joués en direct, et Pitwall ne joue pas d'essais en direct (ses tours sont des ordres envoyés à toute heure) ; laissez live_quali=no")
		}
	}
	return nil
}

// trophySentences says each trophy's ranking in lang, a title and a
// sentence a line.
func trophySentences(tr *league.Trophies, lang string) []WebParagraph {
	if tr == nil {
		return nil
	}
	var out []WebParagraph
	rows := func(title [2]string, rows []league.Row, say func(league.Row) string) {
		p := WebParagraph{Title: inLang(lang, title)}
		for _, r := range rows {
			p.Lines = append(p.Lines, inLangf(lang, "%d. %s, ", "%d. %s, ", r.Position, r.Name)+say(r))
		}
		if len(p.Lines) > 0 {
			out = append(out, p)
		}
	}
	points := func(r league.Row) string { return pointsText(r.Points, lang) }
	rows([2]string{"Complete pilot (race and qualifying points)", "Pilote complet (points de course et d'essais)"}, tr.Complete, points)
	rows([2]string{"Most complete team", "Écurie la plus complète"}, tr.CompleteTeams, points)
	rows([2]string{"Best climb and worst fall (places gained in races)", "Meilleure remontée et pire chute (places gagnées en course)"}, tr.Climb, func(r league.Row) string {
		switch {
		case r.Points > 0:
			return inLangf(lang, "%d place(s) gained", "%d place(s) gagnée(s)", int(r.Points))
		case r.Points < 0:
			return inLangf(lang, "%d place(s) lost", "%d place(s) perdue(s)", -int(r.Points))
		}
		return inLang(lang, [2]string{"as many places gained as lost", "autant de places gagnées que perdues"})
	})
	lines := func(title [2]string, n int, say func(i int) string) {
		p := WebParagraph{Title: inLang(lang, title)}
		for i := range n {
			p.Lines = append(p.Lines, say(i))
		}
		if len(p.Lines) > 0 {
			out = append(out, p)
		}
	}
	lines([2]string{"Fewest retirements (pilots at half the races or more)", "Moins d'abandons (pilotes présents à la moitié des courses ou plus)"}, len(tr.Retirements), func(i int) string {
		r := tr.Retirements[i]
		return inLangf(lang, "%d. %s, %d retirement(s) in %d GP(s)", "%d. %s, %d abandon(s) en %d GP", r.Position, r.Name, r.Retired, r.Starts)
	})
	lines([2]string{"Fewest qualifying penalties (penalty rolls a session, pilots at half the sessions or more)", "Moins de pénalités aux essais (jets de pénalité par séance, pilotes présents à la moitié des séances ou plus)"}, len(tr.QualifyingPenalties), func(i int) string {
		r := tr.QualifyingPenalties[i]
		return inLangf(lang, "%d. %s, %d penalty roll(s) in %d session(s)", "%d. %s, %d jet(s) de pénalité en %d séance(s)", r.Position, r.Name, r.Rolls, r.Sessions)
	})
	lines([2]string{"Fewest placement errors (10 rolls an error entered by the game master, a session, pilots at half the sessions or more)", "Moins d'erreurs de placement (10 jets par erreur saisie par le directeur de course, par séance, pilotes présents à la moitié des séances ou plus)"}, len(tr.PlacementErrors), func(i int) string {
		r := tr.PlacementErrors[i]
		return inLangf(lang, "%d. %s, %d error roll(s) in %d session(s)", "%d. %s, %d jet(s) d'erreur en %d séance(s)", r.Position, r.Name, r.Rolls, r.Sessions)
	})
	lines([2]string{"Fines (total entered by the game master, the lowest first)", "Amendes (total saisi par le directeur de course, le plus bas d'abord)"}, len(tr.Fines), func(i int) string {
		r := tr.Fines[i]
		return inLangf(lang, "%d. %s, %s in fines", "%d. %s, %s d'amendes", r.Position, r.Name, r.Points)
	})
	return out
}

// writeParagraphs writes titled sentences as the standings text does.
func writeParagraphs(b *strings.Builder, ps []WebParagraph, lang string) {
	for _, p := range ps {
		b.WriteString(p.Title + inLang(lang, [2]string{":\n", " :\n"}))
		for _, line := range p.Lines {
			b.WriteString("  " + line + "\n")
		}
	}
}

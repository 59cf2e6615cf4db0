package bot

import (
	"context"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 5-D's configuration violations (league-variants.md ch. 5, spec: "keep
// config_violation_count for admin-entered violations"): the bot checks
// every wear event, so only a build set out of band (by hand) can be
// non-conforming; the league's game master enters it against a pilot's
// recorded round. The stored result is disqualified (league.Disqualify),
// so the standings, ledgers, trophies and careers all read the DSQ; the
// violation is kept on the league (doc.Violations) with the pilot's count,
// and from the second on a one-GP suspension from the next event not
// opened yet, which leaves the pilot out of its line-up as 20-A's injuries
// do (doc.unavailable): a substitute may drive his car.

// VerbViolation: the game master enters a configuration violation against
// a pilot at a recorded round (5-D): violation NAME N (infraction NOM N).
const VerbViolation Verb = "violation"

// playsHiddenConfig says whether the league plays 5-D.
func playsHiddenConfig(specs []string) bool {
	for _, spec := range specs {
		if v, _, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "5-D" {
			return true
		}
	}
	return false
}

// enterViolation enters pilot's configuration violation at round (from 1)
// and disqualifies his result there; it refuses, with a sentence, a league
// without 5-D, a round not recorded, a pilot who did not race it, the same
// violation twice.
func (doc *leagueDoc) enterViolation(pilot string, round int) (league.ConfigViolation, error) {
	if !playsHiddenConfig(doc.Variants) {
		return league.ConfigViolation{}, refusef("%s does not play 5-D (hidden configuration): there is no configuration violation to enter",
			"%s ne joue pas la 5-D (configuration cachée) : il n'y a pas d'infraction de configuration à saisir", doc.Name)
	}
	if round < 1 || round > len(doc.Events) {
		return league.ConfigViolation{}, refusef("%s has no round %d: its rounds are 1 to %d", "%s n'a pas de manche %d : ses manches vont de 1 à %d", doc.Name, round, len(doc.Events))
	}
	ev := &doc.Events[round-1]
	if ev.Result == nil {
		return league.ConfigViolation{}, refusef("round %d has no recorded result yet: a violation disqualifies a recorded result", "la manche %d n'a pas encore de résultat : une infraction disqualifie un résultat enregistré", round)
	}
	who := ""
	for _, c := range ev.Result.Cars {
		if normName(c.Pilot) == normName(pilot) {
			who = c.Pilot
		}
	}
	if who == "" {
		return league.ConfigViolation{}, refusef("no pilot %q raced round %d", "aucun pilote %q n'a couru la manche %d", pilot, round)
	}
	for _, v := range doc.Violations {
		if v.Pilot == who && v.Round == round {
			return league.ConfigViolation{}, refusef("%s's configuration violation at round %d is entered already", "l'infraction de configuration de %s à la manche %d est déjà saisie", who, round)
		}
	}
	v := league.NewViolation(doc.Violations, who, round, doc.nextGP())
	r, _ := league.Disqualify(*ev.Result, who)
	ev.Result = &r
	doc.Violations = append(doc.Violations, v)
	return v, nil
}

// EnterViolation is the organiser's entry of pilot's configuration
// violation at round (5-D), from the command line; it returns the
// violation as entered.
func (s *Service) EnterViolation(ctx context.Context, name, pilot string, round int) (league.ConfigViolation, error) {
	var got league.ConfigViolation
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		var err error
		got, err = doc.enterViolation(pilot, round)
		return err
	})
	return got, err
}

// ViolationReply says an entered violation and what it does, in lang.
func ViolationReply(v league.ConfigViolation, lang string) string {
	s := inLangf(lang, "%s is disqualified from round %d: a non-conforming car, configuration violation no. %d (5-D).",
		"%s est disqualifié de la manche %d : voiture non conforme, infraction de configuration n° %d (5-D).", v.Pilot, v.Round, v.Count)
	if v.Suspended > 0 {
		s += inLangf(lang, " A repeat offence: he is suspended from round %d; a substitute may drive his car.",
			" Récidive : il est suspendu pour la manche %d ; un remplaçant peut conduire sa voiture.", v.Suspended)
	}
	return s
}

// suspended refuses pilot an entry at event i (from 0) with a sentence,
// in both languages, when a repeat violation suspends him from it (5-D);
// nil when none does.
func (doc *leagueDoc) suspended(pilot string, i int) error {
	if v, out := league.SuspendedFrom(doc.Violations, pilot, i+1); out {
		return refusef("%s is suspended from round %d for a repeat configuration violation (5-D, round %d)",
			"%s est suspendu pour la manche %d pour une récidive d'infraction de configuration (5-D, manche %d)", pilot, i+1, v.Round)
	}
	return nil
}

// violationsUpTo are the violations at the first n rounds, in the order
// entered.
func (doc *leagueDoc) violationsUpTo(n int) []league.ConfigViolation {
	var out []league.ConfigViolation
	for _, v := range doc.Violations {
		if v.Round <= n {
			out = append(out, v)
		}
	}
	return out
}

// violationParagraph says the configuration violations in lang: each
// DSQ, the count, the suspension.
func violationParagraph(vs []league.ConfigViolation, lang string) []WebParagraph {
	if len(vs) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Configuration violations (5-D)", "Infractions de configuration (5-D)"})}
	for _, v := range vs {
		line := inLangf(lang, "Round %d: %s disqualified, a non-conforming car (violation no. %d)", "Manche %d : %s disqualifié, voiture non conforme (infraction n° %d)", v.Round, v.Pilot, v.Count)
		if v.Suspended > 0 {
			line += inLangf(lang, ", suspended from round %d", ", suspendu pour la manche %d", v.Suspended)
		}
		p.Lines = append(p.Lines, line+".")
	}
	return []WebParagraph{p}
}

// violationsOf fills an entry's count of configuration violations and
// the round, not opened yet, a repeat one suspends its pilot from (5-D).
func (doc *leagueDoc) violationsOf(e *LeagueEntryView) {
	e.ConfigViolations = league.ViolationCount(doc.Violations, e.Pilot)
	for _, v := range doc.Violations {
		if v.Pilot == e.Pilot && v.Suspended >= doc.nextGP() {
			e.SuspendedFrom = v.Suspended
		}
	}
}

// suspendedText says, after an entry of the list, the round 5-D's repeat
// violation suspends its pilot from ("" when none).
func suspendedText(e LeagueEntryView, lang string) string {
	if e.SuspendedFrom == 0 {
		return ""
	}
	return inLangf(lang, ", suspended from round %d for a repeat configuration violation", ", suspendu pour la manche %d pour récidive d'infraction de configuration", e.SuspendedFrom)
}

// nextGP is the round (from 1) of the next GP a pilot would race: the
// first event not opened yet, or when every event has opened the next one
// added to the calendar.
func (doc *leagueDoc) nextGP() int {
	if i := doc.nextOpen(); i >= 0 {
		return i + 1
	}
	return len(doc.Events) + 1
}

package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 20-A Injury and death (league-variants.md ch. 20, league AMB-43, LF-01,
// LF-31): when a race's result is recorded the league keeps on the event
// the injury tests the race rolled itself (rule A, rule B with
// b_tests=race: fd's InjuryTests), or else rolls, with its own dice (the
// event's seed under the league's secret, as AX-2's draw), the test of
// each accident the race's record holds (fd's Accidents): rule C, and
// games recorded before. A pilot hurt misses the next races
// (left out of their line-ups, a substitute may drive his car); a dead
// pilot's career is over: his player enters a new pilot, the dead one's
// name is refused.

// eventInjury is one accident's injury test at an event.
type eventInjury struct {
	Car   int    `json:"car"`
	Cause string `json:"cause"`
	league.InjuryOutcome
}

// injuryForm is the form of the league's 20-A; ok is false when the league
// does not play it.
func injuryForm(specs []string) (form league.InjuryForm, ok bool, err error) {
	for _, spec := range specs {
		v, p, err := fd.ParseVariantSpec(spec)
		if err != nil || v.ID != "20-A" {
			continue
		}
		form, err := league.InjuryFormOf(p["rule"], p["race"])
		if err != nil {
			return "", false, &UserError{Msg: err.Error(), Fr: frInjuryRefusal(p["rule"], p["race"])}
		}
		return form, true, nil
	}
	return "", false, nil
}

// frInjuryRefusal is InjuryFormOf's refusal in French.
func frInjuryRefusal(rule, race string) string {
	if rule == "A" || rule == "B" || rule == "C" {
		return fmt.Sprintf("variante 20-A : race=%s choisit les déclencheurs en course de la règle A ; la règle %s a les siens", race, rule)
	}
	return fmt.Sprintf("variante 20-A : rule=%s : le livret a les règles A, B et C", rule)
}

// rollInjuries rolls the injury tests of event i's race g (its line-up
// cars) under the league's 20-A form; an accident the form does not test
// is left out.
func (doc *leagueDoc) rollInjuries(leagueID string, i int, g *fd.Game, cars []eventCar, form league.InjuryForm) ([]eventInjury, error) {
	if tests, rolled := g.InjuryTests(); rolled {
		return raceInjuries(tests, cars), nil
	}
	src := dice.NewSeeded(fd.SeedFrom(eventSeed(doc.Secret, leagueID+"/injury", i)))
	var out []eventInjury
	for k, a := range g.Accidents() {
		if a.Car < 1 || a.Car > len(cars) || !doc.injuryTested(form, cars[a.Car-1].Pilot) {
			continue // rule C: the pilot did not opt in
		}
		accident := league.Accident{Pilot: cars[a.Car-1].Pilot, Cause: league.AccidentCause(a.Cause), Gear: a.Gear, Gears: a.Gears, Unpaid: a.Unpaid}
		o, err := league.RollInjury(form, accident, src, fmt.Sprintf("injury/%d/%d", i+1, k+1))
		if err != nil {
			return nil, err
		}
		if len(o.Rolls) > 0 {
			out = append(out, eventInjury{Car: a.Car, Cause: a.Cause, InjuryOutcome: o})
		}
	}
	return out, nil
}

// raceInjuries are the injury tests the race rolled itself (20-A rule A,
// fd's InjuryTests), read instead of the league's roll; a game recorded
// before the race rolled them keeps the league's.
func raceInjuries(tests []fd.AccidentOutcome, cars []eventCar) []eventInjury {
	var out []eventInjury
	for _, o := range tests {
		if o.Car < 1 || o.Car > len(cars) {
			continue
		}
		out = append(out, eventInjury{Car: o.Car, Cause: o.Cause, InjuryOutcome: league.InjuryOutcome{
			Pilot: cars[o.Car-1].Pilot, Rolls: o.Rolls, Injured: o.Injured, Dead: o.Dead, RacesOut: o.RacesOut}})
	}
	return out
}

// availability is who may race event i (from 0): the injuries of the
// events before it that were held, each pilot out missing them in turn.
func (doc *leagueDoc) availability(i int) league.Availability {
	var races [][]league.InjuryOutcome
	for _, ev := range doc.Events[:min(i, len(doc.Events))] {
		if ev.Result == nil {
			break
		}
		var outcomes []league.InjuryOutcome
		for _, inj := range ev.Injuries {
			outcomes = append(outcomes, inj.InjuryOutcome)
		}
		races = append(races, outcomes)
	}
	return league.AvailabilityAfter(races)
}

// unavailable refuses pilot an entry with the sentence of LF-31, in both
// languages, when 20-A keeps him out of event i (or 5-D's repeat
// violation suspends him from it); nil when he may race.
func (doc *leagueDoc) unavailable(pilot string, i int) error {
	if err := doc.suspended(pilot, i); err != nil { // 5-D's repeat violation: the same absence
		return err
	}
	a := doc.availability(i)
	if err := a.Check(pilot); err != nil {
		fr := fmt.Sprintf("%s est blessé et manque les %d prochaines courses (20-A)", pilot, a.Out[pilot])
		switch {
		case a.Dead[pilot]:
			fr = fmt.Sprintf("%s est mort de ses blessures : sa carrière est finie, engagez un nouveau pilote (20-A)", pilot)
		case a.Out[pilot] == 1:
			fr = fmt.Sprintf("%s est blessé et manque la prochaine course (20-A)", pilot)
		}
		return &UserError{Msg: err.Error(), Fr: fr}
	}
	return nil
}

// LeagueInjury is one injury test of a league's season (20-A).
type LeagueInjury struct {
	Round    int    `json:"round"`
	Pilot    string `json:"pilot"`
	Cause    string `json:"cause"`
	Rolls    []int  `json:"rolls"`
	Injured  bool   `json:"injured"`
	Dead     bool   `json:"dead"`
	RacesOut int    `json:"races_out"`
}

// injuries are the injury tests of the events recorded, in order.
func (doc *leagueDoc) injuries(res []league.Result) []LeagueInjury {
	var out []LeagueInjury
	for i := range res {
		for _, inj := range doc.Events[i].Injuries {
			out = append(out, LeagueInjury{Round: i + 1, Pilot: inj.Pilot, Cause: inj.Cause, Rolls: inj.Rolls,
				Injured: inj.Injured, Dead: inj.Dead, RacesOut: inj.RacesOut})
		}
	}
	return out
}

// accidentNames say an accident's cause in English and French.
var accidentNames = map[string][2]string{
	fd.AccidentBody:        {"a crash that took the last body point", "un choc qui a pris le dernier point de carrosserie"},
	fd.AccidentStandStill:  {"a blocking it could not pay", "un surplace qu'il n'a pu payer"},
	fd.AccidentOvershoot:   {"an off-track in a bend", "une sortie de virage"},
	fd.AccidentRoadHolding: {"the loss of its last road-holding point", "la perte de son dernier point de tenue de route"},
	fd.AccidentWhiplash:    {"a whiplash from the car blocked behind", "un coup du lapin de la voiture bloquée derrière"},
	fd.AccidentQualifying:  {"an off in qualifying", "une sortie de piste en qualifications"},
}

// injuryParagraph says the season's injury tests in lang, and who is out
// of the next race.
func injuryParagraph(injuries []LeagueInjury, out league.Availability, lang string) []WebParagraph {
	if len(injuries) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Injuries (20-A)", "Blessures (20-A)"})}
	for _, inj := range injuries {
		rolls := make([]string, len(inj.Rolls))
		for k, r := range inj.Rolls {
			rolls[k] = fmt.Sprint(r)
		}
		cause := inLang(lang, accidentNames[inj.Cause])
		what := inLang(lang, [2]string{"unhurt", "indemne"})
		switch {
		case inj.Dead:
			what = inLang(lang, [2]string{"killed: his career is over", "tué : sa carrière est finie"})
		case inj.Injured && inj.RacesOut == 0: // hurt in qualifying (QUALI): this race only
			what = inLang(lang, [2]string{"injured, did not start the race", "blessé, n'a pas pris le départ"})
		case inj.Injured && inj.RacesOut == 1:
			what = inLang(lang, [2]string{"injured, misses the next race", "blessé, manque la course suivante"})
		case inj.Injured:
			what = inLangf(lang, "injured, misses the next %d races", "blessé, manque les %d courses suivantes", inj.RacesOut)
		}
		p.Lines = append(p.Lines, inLangf(lang, "Round %d: %s, after %s, rolled %s: %s.", "Manche %d : %s, après %s, a tiré %s : %s.",
			inj.Round, inj.Pilot, cause, strings.Join(rolls, inLang(lang, [2]string{" then ", " puis "})), what))
	}
	said := map[string]bool{}
	for _, inj := range injuries {
		if n := out.Out[inj.Pilot]; n > 0 && !said[inj.Pilot] {
			said[inj.Pilot] = true
			if n == 1 {
				p.Lines = append(p.Lines, inLangf(lang, "%s is out of the next race.", "%s est absent de la prochaine course.", inj.Pilot))
			} else {
				p.Lines = append(p.Lines, inLangf(lang, "%s is out of the next %d races.", "%s est absent des %d prochaines courses.", inj.Pilot, n))
			}
		}
	}
	return []WebParagraph{p}
}

// enterAfterDeath is 20-A's side of an entry (LF-01, LF-31): a dead
// pilot's name is refused; a player whose pilot died enters a new one, who
// takes the dead pilot's car, number and team seat, from zero (the dead
// pilot's results stay his). replaced says the entry was made.
func (doc *leagueDoc) enterAfterDeath(player, pilot string) (replaced bool, err error) {
	if _, on, _ := injuryForm(doc.Variants); !on {
		return false, nil
	}
	next := doc.nextOpen()
	if next < 0 {
		next = len(doc.Events)
	}
	out := doc.availability(next)
	for dead := range out.Dead {
		if normName(dead) == normName(pilot) {
			return false, doc.unavailable(dead, next)
		}
	}
	for k := range doc.Entries {
		e := &doc.Entries[k]
		if e.Player == player && out.Dead[e.Pilot] {
			e.succeed(pilot)
			return true, nil
		}
	}
	return false, nil
}

// succeed gives a dead pilot's entry to his player's new pilot: his car,
// number and team seat; the results stay with the names that earned them.
func (e *leagueEntry) succeed(pilot string) {
	e.Pilot, e.StandIn = pilot, ""
}

// 20-A's replacement pilot (league-variants.md ch. 20: "a player whose
// pilot is suspended or dead may enter a replacement pilot"; LF-01,
// LF-31): the player himself names him (new-pilot NAME / nouveau-pilote
// NOM; the game master's new-pilot NAME for PILOT or pitwall league
// new-pilot). He is a new pilot: a name nobody has raced under, so he
// starts from zero points and zero experience (results, ledgers and
// careers go by pilot name) and the earlier results stay the hurt or
// dead pilot's. He races from the next event not opened: rule A's "only
// from the next race", rule B's "from the next GP under a new
// pseudonym". A dead pilot's replacement takes the entry for good (car,
// number, team seat); a hurt or suspended pilot's drives his car at each
// race he misses, and the pilot takes it back when he may race again.

// replacement is what entering a replacement pilot did.
type replacement struct {
	Pilot, For string // the new pilot, the pilot he replaces
	Car, Round int    // the car, the first round he races
	Dead       bool   // he takes a dead pilot's entry for good
}

// enterReplacement enters name as the replacement pilot of e, refusing
// with a sentence an entry that may race the next event, a season with no
// event left, or a name already raced under.
func (doc *leagueDoc) enterReplacement(leagues []storedLeague, e *leagueEntry, name string) (replacement, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 40 {
		return replacement{}, refusef("a pilot needs a name of 1 to 40 characters", "un pilote a besoin d'un nom de 1 à 40 caractères")
	}
	if e.Banned {
		return replacement{}, refusef("%s is banned from the championship (7-A): no pilot races in his place", "%s est exclu du championnat (7-A) : aucun pilote ne court à sa place", e.Pilot)
	}
	next := doc.nextOpen()
	if next < 0 {
		return replacement{}, refusef("every event has started: a replacement pilot races from the next event, and none is left", "toutes les courses ont commencé : un pilote de remplacement court à partir de la prochaine, et il n'en reste aucune")
	}
	if doc.unavailable(e.Pilot, next) == nil {
		return replacement{}, refusef("%s may race round %d: a replacement pilot is for a pilot hurt, suspended or dead (20-A)", "%s peut courir la manche %d : un pilote de remplacement est pour un pilote blessé, suspendu ou mort (20-A)", e.Pilot, next+1)
	}
	if league := pilotNameTaken(leagues, doc, name); league != "" {
		return replacement{}, refusef("the name %s has raced already (in %s): a replacement pilot is a new pilot, under a new name (20-A)", "le nom %s a déjà couru (dans %s) : un pilote de remplacement est un nouveau pilote, sous un nouveau nom (20-A)", name, league)
	}
	r := replacement{Pilot: name, For: e.Pilot, Car: e.Number, Round: next + 1, Dead: doc.availability(next).Dead[e.Pilot]}
	if r.Dead {
		e.succeed(name)
	} else {
		e.StandIn = name
	}
	return r, nil
}

// pilotNameTaken is the league in which a pilot already bears name
// (entered, raced, named a substitute or a replacement), "" when none:
// this league as being changed, then every stored one.
func pilotNameTaken(leagues []storedLeague, doc *leagueDoc, name string) string {
	taken := func(d *leagueDoc) bool {
		names := []string{}
		for _, p := range d.personas() {
			names = append(names, p.pilot)
		}
		for _, e := range d.Entries {
			names = append(names, e.StandIn)
		}
		for _, ev := range d.Events {
			for _, sub := range ev.Subs {
				names = append(names, sub.Name)
			}
		}
		return slices.ContainsFunc(names, func(n string) bool { return n != "" && normName(n) == normName(name) })
	}
	if taken(doc) {
		return doc.Name
	}
	for _, l := range leagues {
		if taken(l.doc) {
			return l.doc.Name
		}
	}
	return ""
}

// replacementReply says a replacement pilot's entry in lang.
func replacementReply(r replacement, lang string) string {
	if r.Dead {
		return inLangf(lang, "%s takes car %d of %s, who died, from round %d: a new pilot, with no points and no experience; %s's results stay his (20-A).",
			"%s prend la voiture %d de %s, mort, à partir de la manche %d : un nouveau pilote, sans points ni expérience ; les résultats de %s restent les siens (20-A).",
			r.Pilot, r.Car, r.For, r.Round, r.For)
	}
	return inLangf(lang, "%s drives car %d in place of %s from round %d, for as long as %s is out: a new pilot, with no points and no experience; %s's results stay his (20-A).",
		"%s conduit la voiture %d à la place de %s à partir de la manche %d, tant que %s est absent : un nouveau pilote, sans points ni expérience ; les résultats de %s restent les siens (20-A).",
		r.Pilot, r.Car, r.For, r.Round, r.For, r.For)
}

// EnterReplacement enters name as the replacement pilot of pilot (a
// pilot's or player's name), hurt, suspended or dead (20-A): the game
// master's pitwall league new-pilot. It returns the reply in English.
func (s *Service) EnterReplacement(ctx context.Context, leagueName, pilot, name string) (string, error) {
	var reply string
	err := s.changeLeague(ctx, leagueName, func(tx persistence.Tx, doc *leagueDoc) error {
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		leagues, err := leaguesByAge(tx)
		if err != nil {
			return err
		}
		r, err := doc.enterReplacement(leagues, e, name)
		if err != nil {
			return err
		}
		reply = replacementReply(r, "en")
		return nil
	})
	return reply, err
}

// injuredText says, after an entry of the list, what 20-A keeps its pilot
// out of ("" when he may race).
func injuredText(e LeagueEntryView, lang string) string {
	standIn := ""
	if e.StandIn != "" {
		standIn = inLangf(lang, "; %s drives his car meanwhile", " ; %s conduit sa voiture entre-temps", e.StandIn)
	}
	switch {
	case e.Dead:
		return inLang(lang, [2]string{", died of his injuries: his player enters a new pilot", ", mort de ses blessures : son joueur engage un nouveau pilote"})
	case e.RacesOut == 1:
		return inLang(lang, [2]string{", injured: out of the next race", ", blessé : absent de la prochaine course"}) + standIn
	case e.RacesOut > 1:
		return inLangf(lang, ", injured: out of the next %d races", ", blessé : absent des %d prochaines courses", e.RacesOut) + standIn
	}
	return ""
}

// 20-A rule C's opt-in (league-variants.md ch. 20, spec C): each player
// says before the season's first race whether his pilot plays the injury
// rule (the player flag injury_opt_in, on his entry: a new pilot after a
// death keeps it); fixed once that race has opened. Rule C's tests are
// rolled only for an opted-in pilot's accidents; a pilot who said nothing
// plays without [DEC: the booklet's rule is an opt-in].

// injuryOptInOpen refuses, with a sentence, a choice of rule C's opt-in
// the league cannot take: no rule C, or the season begun.
func (doc *leagueDoc) injuryOptInOpen() error {
	if form, on, err := injuryForm(doc.Variants); err != nil {
		return err
	} else if !on || form != league.InjuryC {
		return refusef("%s does not play 20-A's rule C: only there does each player choose to play the injuries", "%s ne joue pas la règle C de 20-A : c'est la seule où chaque joueur choisit de jouer les blessures", doc.Name)
	}
	if len(doc.Events) > 0 && doc.Events[0].Game != "" {
		return refusef("the season has started: the injury rule is chosen before its first race (20-A)", "la saison a commencé : la règle des blessures se choisit avant sa première course (20-A)")
	}
	return nil
}

// setInjuryOptIn is entry e's choice of rule C's injuries.
func (doc *leagueDoc) setInjuryOptIn(e *leagueEntry, in bool) error {
	if err := doc.injuryOptInOpen(); err != nil {
		return err
	}
	e.InjuryOptIn = in
	return nil
}

// SetInjuryOptIn is pilot's player's choice of rule C's injuries (20-A),
// before the season's first race: the player's own command, or the game
// master's. It returns the pilot's name.
func (s *Service) SetInjuryOptIn(ctx context.Context, name, pilot string, in bool) (string, error) {
	got := ""
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if err := doc.injuryOptInOpen(); err != nil {
			return err
		}
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		got = e.Pilot
		return doc.setInjuryOptIn(e, in)
	})
	return got, err
}

// InjuryOptInReply says a player's choice of rule C in lang.
func InjuryOptInReply(pilot string, in bool, lang string) string {
	if in {
		return inLangf(lang, "%s plays the injury rule this season (20-A): his accidents are tested.", "%s joue la règle des blessures cette saison (20-A) : ses accidents sont testés.", pilot)
	}
	return inLangf(lang, "%s does not play the injury rule this season (20-A): his accidents are not tested.", "%s ne joue pas la règle des blessures cette saison (20-A) : ses accidents ne sont pas testés.", pilot)
}

// injuryTested says whether pilot's accidents are tested under form: under
// rule C only an opted-in entry's.
func (doc *leagueDoc) injuryTested(form league.InjuryForm, pilot string) bool {
	if form != league.InjuryC {
		return true
	}
	for _, e := range doc.Entries {
		if normName(e.Pilot) == normName(pilot) {
			return e.InjuryOptIn
		}
	}
	return false
}

// injuryOptInText says, after an entry of the list, its choice under rule
// C ("" under another rule).
func injuryOptInText(e LeagueEntryView, lang string) string {
	switch {
	case e.InjuryOptIn == nil:
		return ""
	case *e.InjuryOptIn:
		return inLang(lang, [2]string{", plays the injury rule", ", joue la règle des blessures"})
	}
	return inLang(lang, [2]string{", does not play the injury rule", ", ne joue pas la règle des blessures"})
}

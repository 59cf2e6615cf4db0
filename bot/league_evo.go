package bot

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
)

// The évo engines of 16-D (engine/league/evo.go): a league that plays it
// rolls each team's development after every event recorded, at dice of
// its own secret (the same rolls every time it asks), and gives each
// event's game its cars' engine-test limits and évo bonus.

// evoModel is the AMB-35 reading a league plays 16-D with; ok false when
// it does not play 16-D.
func evoModel(variants []string) (model string, ok bool) {
	for _, spec := range variants {
		if v, params, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "16-D" {
			return cmp.Or(params["evo_model"], league.EvoLadder), true
		}
	}
	return "", false
}

// evoTeams are the teams' engines as event round (from 0) begins, with
// the development rolls made after the events before it.
func (doc *leagueDoc) evoTeams(model string, round int) (map[string]league.EvoTeam, []league.EvoRoll, error) {
	var holders []string
	for _, e := range doc.Entries {
		holders = append(holders, league.MechanicsHolder(league.Car{Team: e.Team, Pilot: e.Pilot}))
	}
	src := dice.NewSeeded(fd.SeedFrom(eventSeed(doc.Secret, "16-D", -1)))
	return league.EvoSeason(model, holders, round, src, "16-D")
}

// evoParams are 16-D's limits and bonus parameters of an event's game:
// each car's team's engine, car 1 first.
func (doc *leagueDoc) evoParams(model string, cars []eventCar, round int) (limits, bonus string, err error) {
	teams, _, err := doc.evoTeams(model, round)
	if err != nil {
		return "", "", err
	}
	lim, bon := make([]int, len(cars)), make([]string, len(cars))
	for i, c := range cars {
		e := teams[league.MechanicsHolder(league.Car{Team: c.Team, Pilot: c.Pilot})]
		lim[i], bon[i] = e.EngineLimit(model), "0"
		if e.Bonus() {
			bon[i] = "1"
		}
	}
	return variants.EvoLimits(lim), strings.Join(bon, "/"), nil
}

// EvoAccount is a team's évo engine (16-D) for the next event.
type EvoAccount struct {
	Team  string `json:"team"`
	Level int    `json:"level"` // 0: no évo yet
	// EngineLimit: its engine tests fail on 1 to this, the weather aside.
	EngineLimit int  `json:"engine_limit"`
	Bonus       bool `json:"bonus"`
	// Streak: development rolls failed in a row; the next develops on 1
	// to 4 × (Streak + 1).
	Streak int `json:"streak"`
}

// evoAccounts are the teams' évo engines for the event after results,
// when the league plays 16-D.
func (doc *leagueDoc) evoAccounts(raced int) []EvoAccount {
	model, ok := evoModel(doc.Variants)
	if !ok {
		return nil
	}
	teams, _, err := doc.evoTeams(model, raced)
	if err != nil {
		return nil
	}
	var out []EvoAccount
	for _, e := range teams {
		out = append(out, EvoAccount{Team: e.Team, Level: e.Level, EngineLimit: e.EngineLimit(model), Bonus: e.Bonus(), Streak: e.Streak})
	}
	slices.SortFunc(out, func(a, b EvoAccount) int { return strings.Compare(a.Team, b.Team) })
	return out
}

// evoParagraph says the teams' évo engines in lang.
func evoParagraph(accounts []EvoAccount, lang string) []WebParagraph {
	if len(accounts) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Évo engines (16-D) for the next GP", "Moteurs évo (16-D) pour le prochain GP"})}
	for _, a := range accounts {
		if a.Level == 0 {
			p.Lines = append(p.Lines, inLangf(lang, "%s has no évo yet: engine tests fail on 1 to %d, no bonus; its next development roll succeeds on 1 to %d.",
				"%s n'a pas encore d'évo : les tests moteur échouent de 1 à %d, sans bonus ; son prochain jet de développement réussit de 1 à %d.", a.Team, a.EngineLimit, 4*(a.Streak+1)))
			continue
		}
		p.Lines = append(p.Lines, inLangf(lang, "%s races Évo%d: engine tests fail on 1 to %d, with the évo's bonus squares.",
			"%s court en Évo%d : les tests moteur échouent de 1 à %d, avec les cases de bonus de l'évo.", a.Team, a.Level, a.EngineLimit))
	}
	return []WebParagraph{p}
}

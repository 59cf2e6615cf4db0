package bot

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence/memory"
)

// placeOf is pilot's place and status in event i's stored result.
func placeOf(doc *leagueDoc, i int, pilot string) (int, string) {
	for _, c := range doc.Events[i].Result.Cars {
		if c.Pilot == pilot {
			return c.Place, c.Status
		}
	}
	return -1, ""
}

// driverPoints are the drivers' championship points by pilot.
func driverPoints(st LeagueStandingsView) map[string]int {
	out := map[string]int{}
	for _, r := range st.Drivers {
		out[r.Name] = int(r.Points)
	}
	return out
}

// 5-D's violations entered by the game master, through the command
// language: the first disqualifies Cleo's round 1 (no points, not
// classified, the others move up; the standings and the league say it in
// English and French), the second her round 2 and suspends her from round
// 3, which opens without her; each refusal is a sentence.
func TestVariant5DViolationsInALeague(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Sealed Sheets", Variants: []string{"21-A", "5-D"}}, 4)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Dan", Language: "fr"})
	require.NoError(t, err)

	addInjuryEvent(t, svc, id, 1)
	_, err = say("Maud", "violation Cleo 1")
	assert.Equal(t, "round 1 has no recorded result yet: a violation disqualifies a recorded result", userError(t, err).Msg)
	playSeason(t, svc, id, nil)
	before := readLeague(t, store, id)
	placeBefore, _ := placeOf(before, 0, "Cleo")
	require.Positive(t, placeBefore, "Cleo is classified before the violation")
	stBefore, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)

	_, err = say("Anna", "violation Cleo 1")
	assert.ErrorContains(t, err, "only the league's game master")
	_, err = say("Maud", "violation Zoe 1")
	assert.Equal(t, `no pilot "Zoe" raced round 1`, userError(t, err).Msg)
	_, err = say("Maud", "violation Cleo 4")
	assert.Equal(t, "Sealed Sheets has no round 4: its rounds are 1 to 1", userError(t, err).Msg)
	out, err := say("Maud", "violation Cleo 1")
	require.NoError(t, err)
	assert.Equal(t, "Cleo is disqualified from round 1: a non-conforming car, configuration violation no. 1 (5-D).", out)
	_, err = say("Maud", "infraction cleo 1")
	assert.Equal(t, "l'infraction de configuration de Cleo à la manche 1 est déjà saisie", userError(t, err).Fr, "the same violation twice")

	doc := readLeague(t, store, id)
	place, status := placeOf(doc, 0, "Cleo")
	assert.Equal(t, 0, place)
	assert.Equal(t, league.Excluded, status)
	for _, c := range before.Events[0].Result.Cars {
		if p, _ := placeOf(doc, 0, c.Pilot); c.Place > placeBefore {
			assert.Equal(t, c.Place-1, p, "%s moves up a place", c.Pilot)
		}
	}
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 0, driverPoints(st)["Cleo"])
	assert.Positive(t, driverPoints(stBefore)["Cleo"]+driverPoints(stBefore)["Dan"], "Blue scored before")
	assert.Contains(t, st.Text("en"), "Configuration violations (5-D):\n  Round 1: Cleo disqualified, a non-conforming car (violation no. 1).\n")
	assert.Contains(t, st.Text("fr"), "Infractions de configuration (5-D) :\n  Manche 1 : Cleo disqualifié, voiture non conforme (infraction n° 1).\n")
	again, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, st.Text("en"), again.Text("en"), "the standings read the same every time")
	_, results := doc.resultsText(0, "en")
	assert.Contains(t, results, "  not classified: Cleo (Blue), disqualified, a non-conforming car (5-D)\n")
	_, results = doc.resultsText(0, "fr")
	assert.Contains(t, results, "  non classé : Cleo (Blue), disqualifié, voiture non conforme (5-D)\n")

	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	addInjuryEvent(t, svc, id, 3) // round 3 not opened yet: the next GP
	out, err = say("Dan", "infraction Cleo 2")
	assert.ErrorContains(t, err, "seul le directeur de course")
	assert.Empty(t, out)
	out, err = say("Maud", "violation Cleo 2")
	require.NoError(t, err)
	assert.Equal(t, "Cleo is disqualified from round 2: a non-conforming car, configuration violation no. 2 (5-D). A repeat offence: he is suspended from round 3; a substitute may drive his car.", out)
	doc = readLeague(t, store, id)
	assert.Equal(t, []league.ConfigViolation{{Pilot: "Cleo", Round: 1, Count: 1}, {Pilot: "Cleo", Round: 2, Count: 2, Suspended: 3}}, doc.Violations)
	e := userError(t, doc.unavailable("Cleo", 2))
	assert.Equal(t, "Cleo is suspended from round 3 for a repeat configuration violation (5-D, round 2)", e.Msg)
	assert.Equal(t, "Cleo est suspendu pour la manche 3 pour une récidive d'infraction de configuration (5-D, manche 2)", e.Fr)

	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, lv.Text("en"), "car 3: Cleo (Cleo), first driver of Blue, suspended from round 3 for a repeat configuration violation\n")
	assert.Contains(t, lv.Text("fr"), "voiture 3 : Cleo (Cleo), premier pilote de Blue, suspendu pour la manche 3 pour récidive d'infraction de configuration\n")
	assert.Contains(t, lv.Text("en"), "  Round 2: Cleo disqualified, a non-conforming car (violation no. 2), suspended from round 3.\n")
	raw, err := json.Marshal(lv)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"config_violations":[{"pilot":"Cleo","round":1,"count":1},{"pilot":"Cleo","round":2,"count":2,"suspended":3}]`)
	assert.Contains(t, string(raw), `"config_violations":2,"suspended_from":3`)

	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Equal(t, []string{"Anna", "Bob", "Dan"}, linedUp(doc, 2), "round 3 without Cleo")
	require.NoError(t, doc.unavailable("Cleo", 3), "one GP only")
	lv, err = svc.League(ctx, id)
	require.NoError(t, err)
	assert.NotContains(t, lv.Text("en"), "Cleo (Cleo), first driver of Blue, suspended", "the suspension is served")
}

// A suspended pilot's car may be driven by a substitute (LF-05), who
// scores as his own pilot; a league without 5-D refuses a violation.
func TestVariant5DSuspensionTakesASubstitute(t *testing.T) {
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store, Random: fixedRandom})
	t.Cleanup(svc.Close)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Second Offence", Rules: "fdr", Variants: []string{"5-D"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:3] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	addInjuryEvent(t, svc, id, 1)
	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	first, err := svc.EnterViolation(ctx, id, "anna", 1)
	require.NoError(t, err)
	assert.Zero(t, first.Suspended, "a first violation: a DSQ alone")
	second, err := svc.EnterViolation(ctx, id, "Anna", 2)
	require.NoError(t, err)
	assert.Equal(t, 3, second.Suspended, "every event had opened: the next one added")
	addInjuryEvent(t, svc, id, 3)
	round, err := svc.SubstituteLeague(ctx, id, "Sam", "Anna")
	require.NoError(t, err)
	require.Equal(t, 3, round)
	playSeason(t, svc, id, nil)
	doc := readLeague(t, store, id)
	assert.Equal(t, []string{"Sam", "Bob", "Cleo"}, linedUp(doc, 2), "Sam drives Anna's car")

	other, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Open Books", Rules: "fdr", MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.EnterViolation(ctx, other, "Anna", 1)
	assert.Equal(t, "Open Books does not play 5-D (hidden configuration): there is no configuration violation to enter", userError(t, err).Msg)
}

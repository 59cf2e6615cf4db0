package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
)

// 24-C's placement errors (AMB-51, FDR R1.12): only the game master enters
// them, in English or French, against a pilot who drove a recorded
// round's qualifying, 1 to league.MaxPlacementErrors at a time, each
// refusal a sentence that leaves the league as it was; league show lists
// them (text and placement_errors in --json) and the standings rank 10
// rolls an error per qualifying session, the lowest first, every eligible
// pilot at 0 when never entered; a league without 24-C has none.
func TestPlacementErrorsByTheGameMaster(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Misplaced", Variants: []string{"24-C"}}, 3)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	addInjuryEvent(t, svc, id, 1)
	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	addInjuryEvent(t, svc, id, 3) // round 3: not raced yet
	before := readLeague(t, store, id)

	_, err := say("Anna", "placement-error Cleo 1")
	assert.ErrorContains(t, err, "only the league's game master")
	_, err = say("Maud", "placement-error Zoe 1")
	assert.Equal(t, `no pilot "Zoe" in this league`, userError(t, err).Msg)
	_, err = say("Maud", "placement-error Cleo 3")
	assert.Equal(t, "round 3 has no recorded result yet: placement errors are entered once its qualifying is over", userError(t, err).Msg)
	_, err = say("Maud", "placement-error Cleo 4")
	assert.Equal(t, "Misplaced has no round 4: its rounds are 1 to 3", userError(t, err).Msg)
	_, err = say("Maud", "placement-error Cleo 1 0")
	assert.Equal(t, "a pilot makes 1 to 50 placement errors in a lap, not 0", userError(t, err).Msg)
	_, err = say("Maud", "erreur-placement Cleo 1 -2")
	assert.Equal(t, "un pilote fait de 1 à 50 erreurs de placement dans un tour, pas -2", userError(t, err).Fr)
	assert.Equal(t, before, readLeague(t, store, id), "every refusal leaves the league as it was")

	out, err := say("Maud", "placement-error cleo 1 2")
	require.NoError(t, err)
	assert.Equal(t, "Cleo: 2 placement errors at round 1's qualifying, 20 rolls more (R1.12); 2 placement errors this season.", out)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Maud", Language: "fr"})
	require.NoError(t, err)
	out, err = say("Maud", "erreur-placement Cleo 2")
	require.NoError(t, err)
	assert.Equal(t, "Cleo : 1 erreur de placement aux essais de la manche 2, 10 jets de plus (R1.12) ; 3 erreurs de placement cette saison.", out)
	reply, err := svc.EnterPlacementError(ctx, id, "Bob", 2, 1)
	require.NoError(t, err)
	assert.Equal(t, "Bob: 1 placement error at round 2's qualifying, 10 rolls more (R1.12); 1 placement error this season.", reply)
	assert.Equal(t, []league.PlacementError{{Pilot: "Cleo", Round: 1, Count: 2}, {Pilot: "Cleo", Round: 2, Count: 1}, {Pilot: "Bob", Round: 2, Count: 1}},
		readLeague(t, store, id).PlacementErrors)

	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, v.Text("en"), "Placement errors (24-C):\n  Cleo, 2 placement errors at round 1.\n  Cleo, 1 placement error at round 2.\n  Bob, 1 placement error at round 2.\n")
	assert.Contains(t, v.Text("fr"), "Erreurs de placement (24-C) :\n  Cleo, 2 erreurs de placement à la manche 1.\n")
	data, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"placement_errors":[{"pilot":"Cleo","round":1,"count":2}`)

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, st.Trophies)
	sessions := st.Trophies.QualifyingPenalties[0].Sessions // one a round: 2
	require.Equal(t, 2, sessions)
	assert.Equal(t, []league.SessionRow{
		{Position: 1, Name: "Anna", Rolls: 0, Sessions: 2},
		{Position: 2, Name: "Bob", Rolls: 10, Sessions: 2},
		{Position: 3, Name: "Cleo", Rolls: 30, Sessions: 2},
	}, st.Trophies.PlacementErrors)
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "Fewest placement errors (10 rolls an error entered by the game master, a session, pilots at half the sessions or more):\n  1. Anna, 0 error roll(s) in 2 session(s)\n  2. Bob, 10 error roll(s) in 2 session(s)\n  3. Cleo, 30 error roll(s) in 2 session(s)\n")
	assert.Contains(t, fr, "Moins d'erreurs de placement (10 jets par erreur saisie par le directeur de course, par séance, pilotes présents à la moitié des séances ou plus) :\n  1. Anna, 0 jet(s) d'erreur en 2 séance(s)\n")
	data, err = json.Marshal(st)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"placement_errors":[{"position":1,"name":"Anna","rolls":0,"sessions":2}`)
	assert.False(t, strings.Contains(en, "="), "sentences, not key=value")

	plain, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Placed", Rules: "fdr", MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.EnterPlacementError(ctx, plain, "Bob", 1, 1)
	assert.Equal(t, "Placed does not play 24-C (side trophies): there is no placement errors ranking", userError(t, err).Msg)
}

// placement-error NAME ROUND [COUNT]: the name is every word before the
// numbers written last; the count is 1 when unsaid.
func TestParsePlacementError(t *testing.T) {
	for in, want := range map[string]Command{
		"placement-error Anna Speed 2":     {Verb: VerbPlacementError, Lang: "en", Name: "Anna Speed", Numbers: []int{2, 1}},
		"placement-error Cleo 3 4":         {Verb: VerbPlacementError, Lang: "en", Name: "Cleo", Numbers: []int{3, 4}},
		"erreur-placement Éloïse 1 0":      {Verb: VerbPlacementError, Lang: "fr", Name: "Éloïse", Numbers: []int{1, 0}},
		"erreur-placement Jean Pierre 2 3": {Verb: VerbPlacementError, Lang: "fr", Name: "Jean Pierre", Numbers: []int{2, 3}},
	} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"placement-error", "placement-error Cleo", "placement-error 2", "placement-error Cleo 0", "placement-error Cleo two"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
}

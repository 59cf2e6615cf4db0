package bot

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
)

// 24-C's fines ledger (LF-32): only the game master fines, in English or
// French, a pilot entered, a whole amount from 1 to league.MaxFine, each
// refusal a sentence that leaves the ledger as it was; league show lists
// the fines (text and fines in --json) and the standings rank the totals,
// the lowest first; a league without 24-C has no ledger.
func TestFinesLedgerByTheGameMaster(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Fined", Variants: []string{"24-C"}}, 3)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}

	_, err := say("Anna", "fine Cleo 50")
	assert.ErrorContains(t, err, "only the league's game master")
	_, err = say("Maud", "fine Zoe 50")
	assert.Equal(t, `no pilot "Zoe" in this league`, userError(t, err).Msg)
	_, err = say("Maud", "fine Cleo 0")
	assert.Equal(t, "a fine is a whole amount from 1 to 1000000, not 0", userError(t, err).Msg)
	_, err = say("Maud", "fine Cleo 1000001")
	assert.Equal(t, "une amende est un montant entier de 1 à 1000000, pas 1000001", userError(t, err).Fr)
	assert.Empty(t, readLeague(t, store, id).Fines, "every refusal leaves the ledger as it was")

	out, err := say("Maud", "fine Cleo 50 late orders")
	require.NoError(t, err)
	assert.Equal(t, "Cleo is fined 50 (late orders), 50 in all.", out)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Maud", Language: "fr"})
	require.NoError(t, err)
	out, err = say("Maud", "amende cleo 20")
	require.NoError(t, err)
	assert.Equal(t, "Cleo reçoit une amende de 20, 70 en tout.", out)
	reply, err := svc.FineLeague(ctx, id, "Bob", 5, "")
	require.NoError(t, err)
	assert.Equal(t, "Bob is fined 5, 5 in all.", reply)
	assert.Equal(t, []league.Fine{{Pilot: "Cleo", Amount: 50, Reason: "late orders"}, {Pilot: "Cleo", Amount: 20}, {Pilot: "Bob", Amount: 5}}, readLeague(t, store, id).Fines)

	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, v.Text("en"), "Fines (24-C):\n  Cleo fined 50 (late orders).\n  Cleo fined 20.\n  Bob fined 5.\n")
	assert.Contains(t, v.Text("fr"), "Amendes (24-C) :\n  Cleo, amende de 50 (late orders).\n")
	data, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"fines":[{"pilot":"Cleo","amount":50,"reason":"late orders"}`)

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, st.Trophies)
	assert.Equal(t, []league.Row{{Position: 1, Name: "Bob", Points: 5}, {Position: 2, Name: "Cleo", Points: 70}}, st.Trophies.Fines)
	assert.Contains(t, st.Text("en"), "Fines (total entered by the game master, the lowest first):\n  1. Bob, 5 in fines\n  2. Cleo, 70 in fines\n")
	assert.Contains(t, st.Text("fr"), "Amendes (total saisi par le directeur de course, le plus bas d'abord) :\n  1. Bob, 5 d'amendes\n")

	plain, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Unfined", Rules: "fdr", MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.FineLeague(ctx, plain, "Bob", 5, "")
	assert.Equal(t, "Unfined does not play 24-C (side trophies): there is no fines ledger", userError(t, err).Msg)
}

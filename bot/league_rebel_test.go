package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// newEnteredLeague creates a league of the competition rules, with Maud
// its organiser (req's name, variants and deadline), and enters the first
// n of seasonPilots.
func newEnteredLeague(t *testing.T, svc *Service, req LeagueRequest, n int) string {
	t.Helper()
	ctx := context.Background()
	req.Rules, req.MasterName = "fdr", "Maud"
	id, err := svc.CreateLeague(ctx, req)
	require.NoError(t, err)
	for _, p := range seasonPilots[:n] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	return id
}

// userError is err as the sentence a user reads, English and French;
// the test stops when err is no such refusal.
func userError(t *testing.T, err error) *UserError {
	t.Helper()
	var ue *UserError
	require.ErrorAs(t, err, &ue)
	return ue
}

// AX-4 as a league side event (LF-53): a challenge issued and accepted by
// command opens a duel of two seats at once; nobody orders, so after each
// deadline the autopilot does; the league books the result in the
// Glory/Shame ledger, shown in English, French and JSON. Refused: a league
// without AX-4, a pilot not entered, oneself, a pair a second time (in
// either order), accepting a challenge never issued.
func TestRebelSideEvent(t *testing.T) {
	store := memory.New()
	defer store.Close()
	now := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()

	plain := newSeason(t, svc, "No Rebels", "21-A")
	_, err := svc.Challenge(ctx, plain, "Anna", "Bob")
	assert.ErrorContains(t, err, "does not play AX-4")

	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Rebels", Variants: []string{"AX-4:faster=squares"}, Deadline: 24 * time.Hour}, 4)
	n, err := svc.Challenge(ctx, id, "Anna", "bob")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, err = svc.Challenge(ctx, id, "Bob", "Anna")
	assert.ErrorContains(t, err, "a pair meets once")
	_, err = svc.Challenge(ctx, id, "Anna", "Anna")
	assert.ErrorContains(t, err, "cannot challenge himself")
	_, err = svc.Challenge(ctx, id, "Anna", "Zed")
	assert.ErrorContains(t, err, "no pilot Zed")
	_, err = svc.AcceptChallenge(ctx, id, "Cleo", "Anna")
	assert.ErrorContains(t, err, "no challenge from Anna")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Anna challenges Bob: waiting for the answer.")
	assert.Contains(t, st.Text("fr"), "Anna défie Bob : en attente de la réponse.")

	game, err := svc.AcceptChallenge(ctx, id, "Bob", "Anna")
	require.NoError(t, err)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(game)
		require.NoError(t, err)
		meta, err := decodeMeta(row)
		require.NoError(t, err)
		assert.Equal(t, string(duel.Chicken), meta.Mode)
		assert.Equal(t, []string{"faster=squares", "marsh=50"}, meta.Options, "the league's parameter reaches the duel")
		return nil
	}))
	for range 1000 {
		var next persistence.Deadline
		var have bool
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			next, have, err = tx.NextDeadline()
			return err
		}))
		if !have {
			break
		}
		now = next.Due
		require.NoError(t, svc.Fire(ctx, next))
	}
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	out, err := svc.Verify(ctx, game)
	require.NoError(t, err)
	assert.Contains(t, out, "matches the seed")

	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	t.Log(st.Text("en"))
	require.Len(t, st.Rebel, 2, "both pilots of the duel are in the ledger")
	glory, shame := 0, 0
	for _, r := range st.Rebel {
		assert.Equal(t, 1, r.Duels)
		glory, shame = glory+r.Glory, shame+r.Shame
	}
	assert.Equal(t, glory, shame, "a Glory for every Shame")
	assert.Contains(t, st.Text("en"), "Fureur de vivre (AX-4), Glory and Shame")
	assert.Contains(t, st.Text("fr"), "Fureur de vivre (AX-4), Gloire et Honte")
	_, err = svc.Challenge(ctx, id, "Bob", "Anna")
	assert.ErrorContains(t, err, "a pair meets once", "played, the pair stays spent")
}

// AX-4 by the players' own commands, English and French: the sender's
// pilot challenges (defier), the other accepts (accept), and the duel
// opens at the league's next pass.
func TestRebelByCommand(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Rebels", Variants: []string{"AX-4"}}, 3)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Cleo"), League: id, Text: "defier Anna"})
	require.NoError(t, err)
	assert.Contains(t, reply, "Cleo challenges Anna to a Fureur de vivre duel; Anna accepts with: accept Cleo.", "the French verb, the player's language")
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), League: id, Text: "accept Cleo"})
	assert.ErrorContains(t, err, "Bob has no challenge from Cleo")
	reply, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "accept Cleo"})
	require.NoError(t, err)
	assert.Contains(t, reply, "Anna accepts Cleo's challenge")
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	doc := readLeague(t, store, id)
	require.Len(t, doc.Rebels, 1)
	assert.NotEmpty(t, doc.Rebels[0].Game, "the accepted duel is open")
	_, err = svc.Autoplay(ctx, doc.Rebels[0].Game, 0)
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Len(t, st.Rebel, 2)
}

// AX-4's marsh_at (the spec's default 50): the league's square reaches
// its duels' games (the marsh option of engine/duel's Config.MarshAt);
// league create refuses, with a sentence, a marsh that is no square from
// 10 to 200.
func TestRebelMarshAt(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	for _, bad := range []string{"AX-4:marsh_at=5", "AX-4:marsh_at=201", "AX-4:marsh_at=far"} {
		_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Bad Marsh " + bad, Rules: "fdr", Variants: []string{bad}, MasterName: "Maud"})
		assert.ErrorContains(t, err, "variant AX-4: marsh_at", bad)
		assert.ErrorContains(t, err, "is not a square from 10 to 200", bad)
	}

	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Short Marsh", Variants: []string{"AX-4:marsh_at=30"}}, 2)
	_, err := svc.Challenge(ctx, id, "Anna", "Bob")
	require.NoError(t, err)
	game, err := svc.AcceptChallenge(ctx, id, "Bob", "Anna")
	require.NoError(t, err)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(game)
		require.NoError(t, err)
		meta, err := decodeMeta(row)
		require.NoError(t, err)
		assert.Equal(t, []string{"faster=gear", "marsh=30"}, meta.Options, "the league's marsh reaches the duel")
		cfg, err := duel.ParseConfig(meta.Mode, meta.Options)
		require.NoError(t, err)
		assert.Equal(t, 30, cfg.MarshAt)
		return nil
	}))
}

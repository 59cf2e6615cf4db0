package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// readLeague is the league document as the store holds it.
func readLeague(t *testing.T, store persistence.Store, id string) *leagueDoc {
	t.Helper()
	var doc *leagueDoc
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		var err error
		_, doc, err = findLeague(tx, id)
		return err
	}))
	return doc
}

// AX-4 (LF-53), issue 16: the challenger withdraws a challenge not yet
// accepted, in English or French; the ledger is untouched (decision:
// nothing is booked for a challenge withdrawn), the pair may meet later,
// and the withdrawal is recorded in the league, the challenge keeping its
// number. Refused with a sentence: another's challenge, an accepted one, a
// challenge never issued, an unknown pilot.
func TestWithdrawChallenge(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newEnteredLeague(t, svc, LeagueRequest{Name: "Rebels", Variants: []string{"AX-4"}}, 4)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), League: id, Text: text})
	}
	_, err := say("Anna", "challenge Bob")
	require.NoError(t, err)
	_, err = say("Cleo", "challenge Dan")
	require.NoError(t, err)
	before, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)

	_, err = say("Bob", "withdraw challenge Anna")
	assert.ErrorContains(t, err, "only its challenger withdraws it")
	_, err = say("Anna", "withdraw challenge Dan")
	assert.ErrorContains(t, err, "Anna has no challenge to Dan to withdraw")
	_, err = say("Anna", "withdraw challenge Zed")
	assert.ErrorContains(t, err, "no pilot Zed")
	_, err = say("Anna", "withdraw")
	assert.Error(t, err, "withdraw what?")

	reply, err := say("Anna", "renoncer défi Bob")
	require.NoError(t, err)
	assert.Contains(t, reply, "Anna withdraws his challenge to Bob; no Glory, no Shame.")
	doc := readLeague(t, store, id)
	require.Len(t, doc.Rebels, 2, "the withdrawn challenge is kept, so the others keep their number")
	assert.True(t, doc.Rebels[0].Withdrawn)
	_, err = say("Anna", "withdraw challenge Bob")
	assert.ErrorContains(t, err, "Anna has no challenge to Bob to withdraw", "withdrawn once")
	_, err = say("Bob", "accept Anna")
	assert.ErrorContains(t, err, "Bob has no challenge from Anna", "a withdrawn challenge cannot be accepted")

	after, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, before.Rebel, after.Rebel, "the ledger is untouched")
	assert.NotContains(t, after.Text("en"), "Anna challenges Bob")
	assert.Contains(t, before.Text("en"), "Anna challenges Bob: waiting for the answer.")
	assert.Contains(t, after.Text("fr"), "Cleo défie Dan : en attente de la réponse.")

	_, err = say("Dan", "accept Cleo")
	require.NoError(t, err)
	_, err = say("Cleo", "withdraw challenge Dan")
	assert.ErrorContains(t, err, "Dan accepted the challenge already")

	n, err := svc.Challenge(ctx, id, "Bob", "Anna")
	require.NoError(t, err, "the pair may meet after a withdrawal")
	assert.Equal(t, 3, n)
	require.NoError(t, svc.WithdrawChallenge(ctx, id, "Bob", "Anna"), "the service call the CLI uses")
	assert.True(t, readLeague(t, store, id).Rebels[2].Withdrawn)
}

// AX-1 (LF-50), issue 16: a pilot withdraws from a tournament before its
// draw (renoncer dragster N), which leaves him out; once drawn it is
// refused. The game master cancels the tournament (decommander dragster
// N): the run under way stops without a result (its game paused) and no
// run opens after it; the standings say so. Refused: another than the
// game master, an unknown or cancelled tournament.
func TestDragsterWithdrawAndCancel(t *testing.T) {
	f := newDragsterLeague(t)
	svc, store, id, date, ctx, say := f.svc, f.store, f.id, f.date, context.Background(), f.say
	var err error
	_, err = say("Dan", "withdraw dragster 9")
	assert.ErrorContains(t, err, "has no Dragster tournament 9")
	reply, err := say("Dan", "renoncer dragster 1")
	require.NoError(t, err)
	assert.Contains(t, reply, "Dan withdraws from Dragster tournament 1")
	_, err = say("Dan", "withdraw dragster 1")
	assert.ErrorContains(t, err, "Dan has withdrawn from Dragster tournament 1 already")

	*f.now = date
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	d := readLeague(t, store, id).Dragsters[0]
	assert.ElementsMatch(t, []string{"Anna", "Bob", "Cleo"}, d.Pilots, "the draw leaves the pilot who withdrew out")
	require.True(t, d.running(), "the first run is open")
	_, err = say("Anna", "withdraw dragster 1")
	assert.ErrorContains(t, err, "Dragster tournament 1 is drawn already")

	_, err = say("Anna", "cancel dragster 1")
	assert.ErrorContains(t, err, "only the league's game master")
	reply, err = say("Maud", "decommander dragster 1")
	require.NoError(t, err)
	assert.Contains(t, reply, "Dragster tournament 1 is cancelled")
	run := d.Runs[0].Game
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(run)
		require.NoError(t, err)
		assert.Equal(t, persistence.GamePaused, row.State, "the run under way is stopped, without a result")
		return nil
	}))
	for range 3 {
		_, err = svc.leagueTick(ctx)
		require.NoError(t, err)
	}
	d = readLeague(t, store, id).Dragsters[0]
	assert.True(t, d.Cancelled)
	assert.Len(t, d.Runs, 1, "no run opens after the cancelling")
	assert.False(t, d.Runs[0].Done, "the stopped run books no result")
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Dragster, 1)
	assert.True(t, st.Dragster[0].Cancelled)
	assert.Equal(t, run, st.Dragster[0].Stopped)
	assert.Empty(t, st.Dragster[0].Bracket.Champion)
	assert.Contains(t, st.Text("en"), "Cancelled by the organiser: no champion.")
	assert.Contains(t, st.Text("fr"), "Annulé par l'organisateur : pas de vainqueur.")
	assert.Contains(t, st.Text("fr"), "La manche en cours (partie "+run+") a été arrêtée sans résultat.")
	assert.ErrorContains(t, svc.CancelDragster(ctx, id, 1), "Dragster tournament 1 was cancelled")
	_, err = say("Bob", "withdraw dragster 1")
	assert.ErrorContains(t, err, "was cancelled")
}

// AX-1 (LF-50), issue 16: a pilot gives up his match running (forfait
// dragster N): the run under way stops without a result, the other goes
// through by walkover, and the next match opens; the standings say it in
// English and French, not as a crash. Refused: a pilot with no match
// running, a tournament not drawn yet (withdraw instead).
func TestDragsterForfeit(t *testing.T) {
	f := newDragsterLeague(t)
	svc, store, id, date, ctx, say := f.svc, f.store, f.id, f.date, context.Background(), f.say
	var err error
	_, err = say("Anna", "forfeit dragster 1")
	assert.ErrorContains(t, err, "is not drawn yet")

	*f.now = date
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	d := readLeague(t, store, id).Dragsters[0]
	require.True(t, d.running())
	m := d.bracket().Matches[0]
	stopped := d.Runs[0].Game
	idle := d.Pilots[2] // in the second match, not running yet
	_, err = say(idle, "forfeit dragster 1")
	assert.ErrorContains(t, err, idle+" has no match running in Dragster tournament 1")

	reply, err := say(m.Left, "forfait dragster 1")
	require.NoError(t, err)
	assert.Contains(t, reply, m.Left+" gives up his match in Dragster tournament 1")
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	d = readLeague(t, store, id).Dragsters[0]
	b := d.bracket()
	first := b.Matches[0]
	assert.Equal(t, m.Right, first.Winner, "the other goes through")
	assert.True(t, first.Walkover)
	assert.Equal(t, 0, first.Runs, "the stopped run does not count")
	assert.Equal(t, 1, b.Next, "the second match runs next")
	require.Len(t, d.Runs, 2)
	assert.True(t, d.running(), "the second match's first run is open")
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(stopped)
		require.NoError(t, err)
		assert.Equal(t, persistence.GamePaused, row.State, "the run under way is stopped")
		return nil
	}))
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, m.Right+" goes through by forfeit.")
	assert.Contains(t, en, "Gave up a match, the other through by walkover: "+m.Left+".")
	assert.Contains(t, fr, "A déclaré forfait, l'autre passe sans courir : "+m.Left+".")
	assert.NotContains(t, en, "after a crash", "a forfeit is no crash")
	assert.ErrorContains(t, svc.ForfeitDragster(ctx, id, m.Left, 1), m.Left+" has no match running", "out, he forfeits nothing more")
}

// AX-1 (LF-50), issue 16: a tournament the game master calls off before
// its draw never runs (no draw at its date) and still stands in the
// standings, cancelled, with no bracket and no champion.
func TestDragsterCancelledBeforeItsDraw(t *testing.T) {
	f := newDragsterLeague(t)
	svc, store, id, date, ctx := f.svc, f.store, f.id, f.date, context.Background()
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, st.Dragster, "a tournament not drawn yet is not in the standings")

	require.NoError(t, svc.CancelDragster(ctx, id, 1))
	*f.now = date.Add(time.Hour)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	d := readLeague(t, store, id).Dragsters[0]
	assert.Nil(t, d.Pilots, "a cancelled tournament is not drawn at its date")
	assert.Empty(t, d.Runs)
	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Dragster, 1)
	assert.True(t, st.Dragster[0].Cancelled)
	assert.Empty(t, st.Dragster[0].Bracket.Matches)
	assert.Empty(t, st.Dragster[0].Bracket.Champion)
	assert.Contains(t, st.Text("en"), "Dragster (AX-1), tournament 1")
	assert.Contains(t, st.Text("en"), "Cancelled by the organiser: no champion.")
	assert.Contains(t, st.Text("fr"), "Annulé par l'organisateur : pas de vainqueur.")
}

// dragsterLeague is a league of four pilots playing AX-1, its tournament 1
// at date, on a clock the test moves (an hour before date at first).
type dragsterLeague struct {
	svc   *Service
	store *memory.Store
	id    string
	date  time.Time
	now   *time.Time
}

func newDragsterLeague(t *testing.T) *dragsterLeague {
	t.Helper()
	f := &dragsterLeague{date: time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)}
	now := f.date.Add(-time.Hour)
	f.now = &now
	f.svc, f.store = newMemoryServiceAt(t, f.now)
	ctx := context.Background()
	var err error
	f.id, err = f.svc.CreateLeague(ctx, LeagueRequest{Name: "Drag Strip", Rules: "fdr", Variants: []string{"AX-1"}, MasterName: "Maud", Deadline: 24 * time.Hour})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, f.svc.EnterLeague(ctx, EnterRequest{League: f.id, Player: p.player, Team: p.team}))
	}
	_, err = f.svc.AddDragster(ctx, f.id, f.date)
	require.NoError(t, err)
	return f
}

// say is who's text to the league, as a chat command.
func (f *dragsterLeague) say(who, text string) (string, error) {
	return f.svc.Handle(context.Background(), Request{Identity: cli(who), League: f.id, Text: text})
}

package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// AX-2 as a league side event: a contest added to the side calendar opens
// at its date as a game of its own with every entered pilot, plays its
// three sessions under the autopilot and is recorded with its ranking;
// the standings add each pilot's fraction (LF-52); the events' races do
// not play AX-2. Refused: a league without AX-2, an unknown track.
func TestQualifyingContestSideEvent(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	plain := newSeason(t, svc, "No Contest", "21-A")
	_, err := svc.AddContest(ctx, plain, time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), "test-oval")
	assert.ErrorContains(t, err, "does not play AX-2")

	id := newSeason(t, svc, "Contest", "AX-2")
	_, err = svc.AddContest(ctx, id, time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), "nowhere")
	assert.Error(t, err)
	n, err := svc.AddContest(ctx, id, time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), "test-oval")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	var doc *leagueDoc
	read := func() {
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			_, doc, err = findLeague(tx, id)
			return err
		}))
	}
	playContests(t, svc, id)
	read()
	c := doc.Contests[0]
	require.Len(t, c.Order, 4, "every entered pilot ranked")
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(c.Game)
		require.NoError(t, err)
		m, err := decodeMeta(row)
		require.NoError(t, err)
		assert.Equal(t, []string{"AX-2"}, m.Variants)
		l, err := svc.load(tx, c.Game)
		require.NoError(t, err)
		assert.Equal(t, c.Order, contestOrder(l.race(), c.Cars))
		ev, err := tx.Game(doc.Events[0].Game)
		require.NoError(t, err)
		em, err := decodeMeta(ev)
		require.NoError(t, err)
		assert.NotContains(t, em.Variants, "AX-2", "the events race, they are no contest")
		return nil
	}))

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Contest, 4)
	assert.Equal(t, c.Order[0], st.Contest[0].Pilot)
	assert.Equal(t, [2]int{5, 5}, [2]int{st.Contest[0].Numerator, st.Contest[0].Denominator}, "the winner of 4: 5/5")
	assert.Equal(t, [2]int{1, 5}, [2]int{st.Contest[3].Numerator, st.Contest[3].Denominator})
	assert.Contains(t, st.Text("en"), "1. "+c.Order[0]+", 5/5 over 1 circuit(s).")
	assert.Contains(t, st.Text("fr"), "Concours d'essais (AX-2)")
}

// playContests lets the scheduler's league pass open a league's contests
// and the autopilot drive them until each is recorded.
func playContests(t *testing.T, svc *Service, id string) {
	t.Helper()
	ctx := context.Background()
	for range 10000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		var contests []contestEvent
		require.NoError(t, svc.store.View(ctx, func(tx persistence.ReadTx) error {
			_, doc, err := findLeague(tx, id)
			if err == nil {
				contests = doc.Contests
			}
			return err
		}))
		running := false
		for _, c := range contests {
			require.NotEmpty(t, c.Game, "a contest opens at its date")
			if c.Order == nil {
				running = true
				_, err = svc.Autoplay(ctx, c.Game, 1)
				require.NoError(t, err)
			}
		}
		if !running {
			return
		}
	}
	t.Fatal("the contests never ended")
}

// AX-2's "participants ≥ 4": a contest whose date has come does not open
// with three pilots entered; the standings say, in English and French,
// that it waits for four, and it opens at the next league pass once a
// fourth pilot enters.
func TestQualifyingContestWaitsForFourPilots(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Small Contest", Rules: "fdr", Variants: []string{"AX-2"}, MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.AddLeagueEvent(ctx, id, "test-oval", time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), 1)
	require.NoError(t, err)
	for _, p := range seasonPilots[:3] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	_, err = svc.AddContest(ctx, id, time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), "test-oval")
	require.NoError(t, err)

	contest := func() contestEvent {
		var doc *leagueDoc
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			_, doc, err = findLeague(tx, id)
			return err
		}))
		return doc.Contests[0]
	}
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err, "a postponed contest is no error of the league pass")
	assert.Empty(t, contest().Game, "three pilots: the contest does not open")
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, st.ContestWaiting)
	assert.Contains(t, st.Text("en"), "Contest 1 waits for at least 4 pilots entered before it opens.")
	assert.Contains(t, st.Text("fr"), "Le concours 1 attend au moins 4 pilotes inscrits pour ouvrir.")

	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: seasonPilots[3].player, Team: seasonPilots[3].team}))
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	c := contest()
	assert.NotEmpty(t, c.Game, "a fourth pilot entered: the contest opens")
	assert.Len(t, c.Cars, 4)
	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, st.ContestWaiting)
	assert.NotContains(t, st.Text("en"), "waits for at least")
}

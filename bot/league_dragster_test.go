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

// AX-1 as a league side event (LF-50): a tournament added to the side
// calendar draws the entered pilots into a bracket at its date, then
// opens its runs one at a time, each a duel game of the two pilots of the
// match running; the autopilot plays them here, the bracket goes to its
// champion, every run's record replays and verifies, and the standings
// tell the bracket in English, French and JSON. Refused: a league
// without AX-1.
func TestDragsterSideEvent(t *testing.T) {
	store := memory.New()
	defer store.Close()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	now := date
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()

	plain := newSeason(t, svc, "No Dragster", "21-A")
	_, err := svc.AddDragster(ctx, plain, date)
	assert.ErrorContains(t, err, "does not play AX-1")

	// a league of side events only, its runs under a day's deadline
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Drag Strip", Rules: "fdr", Variants: []string{"AX-1"}, MasterName: "Maud", Deadline: 24 * time.Hour})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	n, err := svc.AddDragster(ctx, id, date)
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	var doc *leagueDoc
	for range 10000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		doc = readLeague(t, store, id)
		d := doc.Dragsters[0]
		require.Len(t, d.Pilots, 4, "the bracket is drawn at the tournament's date")
		if !d.running() {
			break
		}
		// nobody orders: each deadline passes and the autopilot orders
		var next persistence.Deadline
		var have bool
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			next, have, err = tx.NextDeadline()
			return err
		}))
		require.True(t, have, "the run's orders have a deadline")
		require.Equal(t, d.Runs[len(d.Runs)-1].Game, next.Game)
		now = next.Due
		require.NoError(t, svc.Fire(ctx, next))
	}
	d := doc.Dragsters[0]
	b := d.bracket()
	require.NotEmpty(t, b.Champion, "the tournament ends with a champion")
	assert.ElementsMatch(t, []string{"Anna", "Bob", "Cleo", "Dan"}, d.Pilots)
	games := map[string]bool{}
	for _, r := range d.Runs {
		require.True(t, r.Done)
		games[r.Game] = true
		out, err := svc.Verify(ctx, r.Game)
		require.NoError(t, err, "run %s verifies", r.Game)
		assert.Contains(t, out, "matches the seed")
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(r.Game)
			require.NoError(t, err)
			meta, err := decodeMeta(row)
			require.NoError(t, err)
			assert.Equal(t, gameDuel, meta.Game)
			assert.Equal(t, string(duel.Dragster), meta.Mode)
			assert.Equal(t, 24*60, meta.Deadline, "a run has the league's deadline")
			return nil
		}))
	}
	assert.Len(t, games, len(d.Runs), "a game a run, each of its own seed")
	assert.GreaterOrEqual(t, len(d.Runs), 3*2, "two matches of the first round and the final, best of 5 (walkovers aside)")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Dragster, 1)
	assert.Equal(t, b.Champion, st.Dragster[0].Bracket.Champion)
	t.Log(st.Text("en"))
	assert.Contains(t, st.Text("en"), "Dragster (AX-1), tournament 1, best of 5 runs")
	assert.Contains(t, st.Text("en"), b.Champion+" wins the tournament.")
	assert.Contains(t, st.Text("fr"), b.Champion+" remporte le tournoi.")
	assert.Contains(t, st.Text("fr"), "Tour 2 : ")
}

package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// playLeague plays a new season (newSeason, playSeason) to its end;
// order, when it answers, gives a player's order instead of the
// autopilot's.
func playLeague(t *testing.T, svc *Service, name string, order func(PendingView) string, variants ...string) string {
	t.Helper()
	id := newSeason(t, svc, name, variants...)
	playSeason(t, svc, id, order)
	return id
}

// newSeason creates a league of four pilots in two teams with the
// variants given and three events.
func newSeason(t *testing.T, svc *Service, name string, variants ...string) string {
	t.Helper()
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: name, Rules: "fdr", Variants: variants, MasterName: "Maud"})
	require.NoError(t, err)
	for i := range 3 {
		_, err := svc.AddLeagueEvent(ctx, id, "test-oval", time.Date(2020, 1, 1+i, 20, 0, 0, 0, time.UTC), 1)
		require.NoError(t, err)
	}
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	return id
}

// playSeason lets the scheduler's league pass and the autopilot (or
// order) play a league to its end.
func playSeason(t *testing.T, svc *Service, id string, order func(PendingView) string) {
	t.Helper()
	ctx := context.Background()
	for range 100000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		finished := 0
		for _, e := range v.Events {
			switch e.State {
			case "finished":
				finished++
			case "running":
				gv, err := svc.Show(ctx, e.Game)
				require.NoError(t, err)
				if len(gv.Pending) > 0 && order != nil {
					if text := order(gv.Pending[0]); text != "" {
						_, err := svc.Handle(ctx, Request{Identity: cli(gv.Pending[0].Player), Game: e.Game, Text: text})
						require.NoError(t, err, text)
						continue
					}
				}
				_, err = svc.Autoplay(ctx, e.Game, 1)
				require.NoError(t, err)
			}
		}
		if finished == len(v.Events) {
			return
		}
	}
	t.Fatalf("league %s did not end", id)
}

// A season with 23-A (scheme c) and 23-B (scheme b) on autoplays to its
// end; each pilot's and team's balance is the ledger of the recorded
// results, shown in the standings in English and French; the next season
// opens with the balances carried over.
func TestLedgersSeasonAndCarryOver(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	first := playLeague(t, svc, "Season One", nil, "23-A:scheme=c", "23-B:scheme=b", "24-A")

	st, err := svc.LeagueStandings(ctx, first)
	require.NoError(t, err)
	require.Len(t, st.Ledgers, 4, "23-A(c)'s bonus and season tokens, 23-B(b)'s bonus and its token per 5 wins")
	pilots, teams := st.Ledgers[0], st.Ledgers[2]
	assert.Equal(t, "23-A(c) season", st.Ledgers[1].Scheme)
	assert.Equal(t, "23-B(b) wins", st.Ledgers[3].Scheme)
	assert.Equal(t, "23-A(c)", pilots.Scheme)
	assert.Equal(t, "23-B(b)", teams.Scheme)
	assert.True(t, teams.Team)
	require.Len(t, pilots.Accounts, 4, "every pilot who raced has an account")

	// the balances are the ledger of the stored results, and the winners
	// of the season earned
	var results []league.Result
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, first)
		results = doc.results()
		return err
	}))
	require.Len(t, results, 3)
	s23A, err := league.Schemes23A("c")
	require.NoError(t, err)
	book := s23A[0].Book(nil, results, nil, league.DefaultScale)
	want := map[string]string{}
	for _, a := range book {
		want[a.Holder] = a.Balance.String()
	}
	got := map[string]string{}
	for _, a := range pilots.Accounts {
		got[a.Holder] = a.Balance
	}
	assert.Equal(t, want, got)
	assert.NotEqual(t, "0", pilots.Accounts[0].Balance, "three wins' worth of tenths went somewhere")

	en, fr := st.Text("en"), st.Text("fr")
	top := pilots.Accounts[0]
	assert.Contains(t, en, "Pilot points (23-A(c)); 1 point(s) spent buy one square more or less on a move:")
	assert.Contains(t, en, "  "+top.Holder+" has "+top.Balance)
	assert.Contains(t, en, "Team points (23-B(b)); 1 point(s) spent buy one more build point for a race:")
	assert.Contains(t, en, "Team points (23-B(b) wins); 5 point(s) spent buy one more build point for a race:")
	assert.Contains(t, en, "Pilot points (23-A(c) season); 30 point(s) spent buy one square more on a move, once this season:")
	assert.Contains(t, fr, "Points de pilotes (23-A(c) season) ; 30 point(s) dépensé(s) achètent une case de plus sur un déplacement, une fois dans la saison :")
	assert.Contains(t, fr, "Points d'écuries (23-B(b) wins) ; 5 point(s) dépensé(s) achètent un point de configuration de plus pour une course :")
	assert.Contains(t, fr, "Points de pilotes (23-A(c)) ; 1 point(s) dépensé(s) achètent une case de plus ou de moins sur un déplacement :")
	assert.Contains(t, fr, "  "+top.Holder+" a "+strings.ReplaceAll(top.Balance, ".", ","), "a French decimal comma")
	assert.NotContains(t, en, "=", "sentences, not key=value")

	// season two opens with season one's balances
	second, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Season Two", Rules: "fdr", Variants: []string{"23-A:scheme=c"}, MasterName: "Maud"})
	require.NoError(t, err)
	st2, err := svc.LeagueStandings(ctx, second)
	require.NoError(t, err)
	require.Len(t, st2.Ledgers, 2)
	for _, a := range st2.Ledgers[1].Accounts {
		assert.Equal(t, "0", a.Opening, "23-A(c)'s season tokens expire with the season")
	}
	opened := map[string]string{}
	for _, a := range st2.Ledgers[0].Accounts {
		opened[a.Holder] = a.Opening
		assert.Equal(t, a.Opening, a.Balance, "nothing raced yet")
	}
	for h, b := range want {
		if b != "0" {
			assert.Equal(t, b, opened[h], "%s's balance carried over", h)
		}
	}
	assert.Contains(t, st2.Text("en"), top.Holder+" has "+top.Balance+" ("+top.Balance+" carried over)")
	frBalance := strings.ReplaceAll(top.Balance, ".", ",")
	assert.Contains(t, st2.Text("fr"), top.Holder+" a "+frBalance+" (dont "+frBalance+" reportés)")

	// season three raced: a player who holds a point spends it on the first
	// move that offers it; the record says so and the ledger is debited
	spender := top.Holder
	spent := 0
	order := func(p PendingView) string {
		if p.Player != spender || p.Decision != "move" || spent > 0 {
			return ""
		}
		for i, f := range p.Facts {
			if f.Top != 0 && !f.Eliminated && !f.Spin {
				spent++
				return "choose " + p.Options[i]
			}
		}
		return ""
	}
	third := playLeague(t, svc, "Season Three", order, "23-A:scheme=c")
	require.Equal(t, 1, spent, "%s was offered the ±1 of a pilot point", spender)
	st3, err := svc.LeagueStandings(ctx, third)
	require.NoError(t, err)
	var doc3 *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc3, err = findLeague(tx, third)
		return err
	}))
	// the three events opened at once: the first holds the point, the
	// others get none of it (overlapping events never spend it twice)
	assert.Equal(t, map[string]int{spender: 1}, doc3.Events[0].PointUses)
	assert.Empty(t, doc3.Events[1].PointUses)
	assert.Empty(t, doc3.Events[2].PointUses)
	spentAt := -1
	for i, ev := range doc3.Events {
		for _, c := range ev.Result.Cars {
			if c.Pilot == spender && c.PointsSpent > 0 {
				spentAt = i
				assert.Equal(t, 1, c.PointsSpent)
			}
		}
	}
	require.GreaterOrEqual(t, spentAt, 0, "the race's record shows the pilot point spent")
	book3 := s23A[0].Book(doc3.LedgerOpening["23-A(c)"], doc3.results(), spentInRaces(s23A[0], doc3.results()), league.DefaultScale)
	for _, a := range book3 {
		if a.Holder == spender {
			assert.Equal(t, 1, a.Entries[spentAt].Spent)
			var earned league.Milli
			for _, e := range a.Entries {
				earned += e.Earned
			}
			assert.Equal(t, a.Opening-league.Point+earned, a.Balance, "one whole point debited")
			for _, l := range st3.Ledgers[0].Accounts {
				if l.Holder == spender {
					assert.Equal(t, a.Balance.String(), l.Balance)
				}
			}
		}
	}
}

// newMemoryService is a service on an in-memory store with the tests'
// fixed random source, both closed when the test ends.
func newMemoryService(t *testing.T) (*Service, *memory.Store) {
	return newMemoryServiceAt(t, nil)
}

// newMemoryServiceAt is newMemoryService on the clock *now (the test moves
// it), or the real clock when now is nil.
func newMemoryServiceAt(t *testing.T, now *time.Time) (*Service, *memory.Store) {
	store := memory.New()
	opts := Options{Store: store, Random: fixedRandom}
	if now != nil {
		opts.Now = func() time.Time { return *now }
	}
	svc := New(opts)
	t.Cleanup(func() {
		svc.Close()
		store.Close()
	})
	return svc, store
}

// 23-A(a1)'s point is "+1 on a move": the standings say so, in both
// languages, where the other schemes say more or less.
func TestLedgerSentencesPlusOnly(t *testing.T) {
	l := LeagueLedger{Scheme: "23-A(a1)", Use: string(league.UseMove), Unit: "30", PlusOnly: true}
	en, _ := ledgerSentences(l, "en")
	fr, _ := ledgerSentences(l, "fr")
	assert.Equal(t, "Pilot points (23-A(a1)); 30 point(s) spent buy one square more on a move", en)
	assert.Equal(t, "Points de pilotes (23-A(a1)) ; 30 point(s) dépensé(s) achètent une case de plus sur un déplacement", fr)
}

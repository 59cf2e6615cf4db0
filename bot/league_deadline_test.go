package bot

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// A league's deadline paces every event's race; one that cannot be kept is
// refused when the league is created.
func TestLeagueDeadlineGoesToEveryEvent(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Too Fast", Deadline: 30 * time.Second})
	assert.ErrorContains(t, err, "whole minutes")

	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Paced", Rules: "fd2008", Deadline: 48 * time.Hour})
	require.NoError(t, err)
	_, err = svc.AddLeagueEvent(ctx, id, "test-oval", svc.opts.Now().Add(time.Hour), 1)
	require.NoError(t, err)
	for _, p := range []string{"Anna", "Bob"} {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p}))
	}
	require.NoError(t, svc.openEvent(ctx, id, 0))
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Events[0].Game)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(v.Events[0].Game)
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		assert.Equal(t, 48*60, m.Deadline, "the event's game has the league's deadline, in minutes")
		return nil
	}))
}

// decisionDeadlines are a game's pending decisions (car → session) and
// their decision deadlines (car → due).
func decisionDeadlines(t *testing.T, svc *Service, store persistence.Store, game string) (map[int]string, map[int]time.Time) {
	t.Helper()
	gv, err := svc.Show(context.Background(), game)
	require.NoError(t, err)
	sessions := map[int]string{}
	for _, p := range gv.Pending {
		sessions[p.Car] = p.Session
	}
	due := map[int]time.Time{}
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		ds, err := tx.Deadlines(game)
		for _, d := range ds {
			if d.Kind == persistence.DeadlineDecision {
				due[d.Seat] = d.Due
			}
		}
		return err
	}))
	return sessions, due
}

// Qualifying is an asynchronous session with its own deadline (issue 15):
// under league create --qualifying-deadline 2h --deadline 48h a
// qualifying decision times out two hours after it is asked, and a race
// decision 48 hours after; fdr's qualifying and 1-B's flying lap alike.
func TestQualifyingHasItsOwnDeadline(t *testing.T) {
	for _, variants := range [][]string{nil, {"1-B"}} {
		t.Run(strings.Join(append([]string{"fdr"}, variants...), "+"), func(t *testing.T) {
			testQualifyingDeadline(t, variants)
		})
	}
}

func testQualifyingDeadline(t *testing.T, variants []string) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store, Random: fixedRandom})
		ctx, cancel := context.WithCancel(context.Background())
		id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Paced", Rules: "fdr", Variants: variants, MasterName: "Maud", Deadline: 48 * time.Hour, QualifyingDeadline: 2 * time.Hour})
		require.NoError(t, err)
		start := time.Now().Add(time.Hour)
		_, err = svc.AddLeagueEvent(ctx, id, "test-oval", start, 1)
		require.NoError(t, err)
		for _, p := range []string{"Anna", "Bob", "Cleo"} {
			require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p}))
		}
		out := &syncBuffer{}
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, out) }()

		time.Sleep(time.Hour)
		synctest.Wait()
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		game := v.Events[0].Game
		require.NotEmpty(t, game, "opened at its date")
		gridSet := func() bool {
			rec, err := svc.GameRecord(ctx, game)
			require.NoError(t, err)
			return strings.Contains(rec, "\ngrid order=")
		}
		require.False(t, gridSet(), "qualifying comes first")
		if len(variants) > 0 {
			rec, err := svc.GameRecord(ctx, game)
			require.NoError(t, err)
			assert.Contains(t, rec, "option variant.1-B", "the game plays the flying lap")
		}
		sessions, due := decisionDeadlines(t, svc, store, game)
		require.NotEmpty(t, sessions)
		for car := range sessions {
			assert.True(t, start.Add(2*time.Hour).Equal(due[car]), "car %d: the qualifying deadline, not %v", car, due[car])
		}

		// a minute before the qualifying deadline nobody has missed it;
		// at the deadline the pending qualifying decisions time out
		time.Sleep(2*time.Hour - time.Minute)
		synctest.Wait()
		assert.NotContains(t, out.String(), "missed its deadline")
		time.Sleep(time.Minute + time.Second)
		synctest.Wait()
		assert.Contains(t, out.String(), "missed its deadline", "a qualifying decision times out at the qualifying deadline")
		missed := strings.Count(out.String(), "missed its deadline")

		// the session ends (the autopilot plays the rest of it); the race's
		// decisions get the race's 48 hours
		sawLap := false
		for !gridSet() {
			sessions, _ = decisionDeadlines(t, svc, store, game)
			for _, s := range sessions {
				sawLap = sawLap || s == "qualifying"
			}
			n, err := svc.Autoplay(ctx, game, 1)
			require.NoError(t, err)
			require.Equal(t, 1, n)
		}
		assert.True(t, sawLap, "the session had its laps")
		now := time.Now()
		sessions, due = decisionDeadlines(t, svc, store, game)
		require.NotEmpty(t, sessions, "the race asks for decisions")
		for car := range sessions {
			assert.True(t, now.Add(48*time.Hour).Equal(due[car]), "car %d: the race deadline, not %v", car, due[car])
		}
		time.Sleep(2*time.Hour + time.Minute)
		synctest.Wait()
		assert.Equal(t, missed, strings.Count(out.String(), "missed its deadline"), "a race decision does not time out at the qualifying deadline")
		time.Sleep(46 * time.Hour)
		synctest.Wait()
		assert.Greater(t, strings.Count(out.String(), "missed its deadline"), missed, "a race decision times out at the race deadline")

		cancel()
		require.NoError(t, <-done)
		svc.Close()
	})
}

// The qualifying deadline goes from the league (or the event, which
// overrides it) to the event's game; one that cannot be kept is refused.
func TestQualifyingDeadlineGoesToEachEvent(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Too Fast", QualifyingDeadline: 90 * time.Second})
	assert.ErrorContains(t, err, "whole minutes")
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Paced", Rules: "fdr", Deadline: 48 * time.Hour, QualifyingDeadline: 3 * time.Hour})
	require.NoError(t, err)
	_, err = svc.AddEvent(ctx, id, EventRequest{Track: "test-oval", Date: svc.opts.Now().Add(time.Hour), QualifyingDeadline: 30 * time.Second})
	assert.ErrorContains(t, err, "whole minutes")
	_, err = svc.AddEvent(ctx, id, EventRequest{Track: "test-oval", Date: svc.opts.Now().Add(time.Hour), Laps: 1, QualifyingDeadline: 90 * time.Minute})
	require.NoError(t, err)
	_, err = svc.AddEvent(ctx, id, EventRequest{Track: "test-oval", Date: svc.opts.Now().Add(2 * time.Hour), Laps: 1})
	require.NoError(t, err)
	for _, p := range []string{"Anna", "Bob"} {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p}))
	}
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, [2]int{48 * 60, 3 * 60}, [2]int{v.Deadline, v.QualifyingDeadline})
	assert.Equal(t, 90, v.Events[0].QualifyingDeadline)
	assert.Zero(t, v.Events[1].QualifyingDeadline, "the league's")
	assert.Contains(t, v.Text("en"), "Decisions: 48 hours in a race, 3 hours in qualifying.")
	assert.Contains(t, v.Text("en"), ", 1 hour 30 minutes a qualifying decision")
	assert.Contains(t, v.Text("fr"), "Décisions : 48 heures en course, 3 heures aux essais.")

	for i, want := range []int{90, 180} {
		require.NoError(t, svc.openEvent(ctx, id, i))
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(v.Events[i].Game)
			if err != nil {
				return err
			}
			m, err := decodeMeta(row)
			if err != nil {
				return err
			}
			assert.Equal(t, [2]int{48 * 60, want}, [2]int{m.Deadline, m.QualifyingDeadline}, "round %d", i+1)
			return nil
		}))
	}
}

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

// orderText answers a pending decision with its first option.
func orderText(p PendingView) string {
	if p.Decision == "gear" {
		return "gear " + p.Options[0]
	}
	return "choose " + p.Options[0]
}

func deadlinesOf(t *testing.T, store persistence.Store, id string) map[int]time.Time {
	t.Helper()
	out := map[int]time.Time{}
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		ds, err := tx.Deadlines(id)
		for _, d := range ds {
			if d.Kind == persistence.DeadlineDecision {
				out[d.Seat] = d.Due
			}
		}
		return err
	}))
	return out
}

// A deadline read before an order replaced it does nothing when it
// fires: no miss for a player who answered in time, and the next decision
// gets its whole period from the answer.
func TestStaleDeadlineDoesNotFire(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store})
		defer svc.Close()
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "stale", Deadline: time.Minute})
		require.NoError(t, err)
		// the decision deadline as the scheduler read it before sleeping
		p := pendingFor(t, svc, id)
		var stale persistence.Deadline
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			ds, err := tx.Deadlines(id)
			for _, d := range ds {
				if d.Seat == p.Car && d.Kind == persistence.DeadlineDecision {
					stale = d
				}
			}
			return err
		}))
		require.Equal(t, p.Car, stale.Seat)
		name := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
		time.Sleep(time.Second)
		_, err = svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: orderText(p)})
		require.NoError(t, err)
		answered := time.Now()
		before, err := svc.Show(ctx, id)
		require.NoError(t, err)

		time.Sleep(time.Until(stale.Due))
		require.NoError(t, svc.Fire(ctx, stale))
		after, err := svc.Show(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, before.Plays, after.Plays, "the stale deadline played nothing")
		assert.Equal(t, before.Pending, after.Pending)
		assert.Zero(t, seatOf(t, store, id, p.Car).Misses, "no miss for a player who answered in a second")
		for car, due := range deadlinesOf(t, store, id) {
			assert.True(t, answered.Add(time.Minute).Equal(due), "car %d: the new decision has its whole minute from the answer (due %s)", car, due)
		}
		svc.Close()
	})
}

// Decisions pending at the same time keep their own deadlines: one
// player's answer never moves another's.
func TestRearmingNeverMovesAnotherDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store})
		defer svc.Close()
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Rules: "fdr", Seats: []string{"Anna", "Bob", "Carl"}, Seed: "rearm", Deadline: 10 * time.Minute})
		require.NoError(t, err)
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.GreaterOrEqual(t, len(v.Pending), 2, "the configuration is decided by all at once")
		first := deadlinesOf(t, store, id)
		require.Len(t, first, len(v.Pending))

		time.Sleep(3 * time.Minute)
		p := v.Pending[0]
		name := map[int]string{1: "Anna", 2: "Bob", 3: "Carl"}[p.Car]
		_, err = svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: orderText(p)})
		require.NoError(t, err)
		now := deadlinesOf(t, store, id)
		for _, other := range v.Pending[1:] {
			assert.True(t, first[other.Car].Equal(now[other.Car]), "car %d's deadline did not move", other.Car)
		}
		svc.Close()
	})
}

// With a one-minute deadline the reminder goes at half time, before the
// deadline; at the deadline the autopilot decides, the absent player is
// mailed what it did, and the game master hears of the miss by mail.
func TestReminderAutopilotNoticeAndMasterByMail(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store, Boards: stateBoard{}})
		defer svc.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		for name, addr := range map[string]string{"Anna": "anna@a.test", "Bob": "bob@b.test", "Gail": "gail@g.test"} {
			_, err := svc.RegisterEmail(ctx, name, addr)
			require.NoError(t, err)
		}
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
		require.NoError(t, err)
		start := time.Now()
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "absent", Deadline: time.Minute,
			Master: Identity{Kind: KindEmail, Value: "gail@g.test"}})
		require.NoError(t, err)
		first := pendingFor(t, svc, id)
		absent := map[int]string{1: "anna@a.test", 2: "bob@b.test"}[first.Car]
		takeMail(t, svc, absent)
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, &syncBuffer{}) }()

		time.Sleep(30*time.Second - time.Millisecond)
		synctest.Wait()
		assert.Empty(t, takeMail(t, svc, absent), "no reminder before half time")
		time.Sleep(time.Millisecond)
		synctest.Wait()
		got := takeMail(t, svc, absent)
		require.Len(t, got, 1, "the reminder, at half time")
		assert.True(t, strings.HasPrefix(got[0].Subject, "Reminder: car") || strings.HasPrefix(got[0].Subject, "Rappel : voiture"), got[0].Subject)

		time.Sleep(30*time.Second - 2*time.Millisecond)
		synctest.Wait()
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, first.Car, v.Pending[0].Car, "nothing decided before the deadline")
		assert.Equal(t, first.Decision, v.Pending[0].Decision)
		time.Sleep(2 * time.Millisecond)
		synctest.Wait()
		assert.Equal(t, start.Add(time.Minute), time.Now())
		assert.Equal(t, 1, seatOf(t, store, id, first.Car).Misses, "the autopilot decided at the deadline, to the millisecond")
		got = takeMail(t, svc, absent)
		require.NotEmpty(t, got)
		notice := got[0].Text
		if absent == "bob@b.test" {
			assert.Contains(t, notice, "le pilote automatique a décidé pour la voiture")
		} else {
			assert.Contains(t, notice, "the autopilot decided for car")
		}
		master := takeMail(t, svc, "gail@g.test")
		require.Len(t, master, 1, "the game master hears of the miss by mail")
		assert.Contains(t, master[0].Subject, "Missed deadline: car")
		cancel()
		require.NoError(t, <-done)
		svc.Close()
	})
}

// A deadline that could not be kept is refused with a clear message.
func TestDeadlineBelowAMinuteIsRefused(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "30s", Deadline: 30 * time.Second})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	assert.Contains(t, err.Error(), "at least one")
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "1m", Deadline: time.Minute})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "deadline 30s"})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "deadline 90s"})
	require.Error(t, err)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "deadline 2h"})
	require.NoError(t, err)
	assert.Equal(t, "decisions now have 2 hours", reply)
}

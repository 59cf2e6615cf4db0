package bot

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// Deadlines run on the clock: with testing/synctest the hours pass in
// microseconds, and the scheduler must remind at half time, then let the
// autopilot decide when the deadline passes, count the miss, and after
// three misses put the seat on autopilot.
func TestDeadlinesRemindThenAutopilot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store})
		ctx, cancel := context.WithCancel(context.Background())
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "dl", Deadline: time.Hour})
		require.NoError(t, err)
		first, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Len(t, first.Pending, 1)
		car := first.Pending[0].Car

		out := &syncBuffer{}
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, out) }()

		// half an hour in: a reminder is queued for the player, nothing is decided
		time.Sleep(31 * time.Minute)
		synctest.Wait()
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, first.Plays, v.Plays, "nothing decided before the deadline")
		time.Sleep(time.Minute) // the relay's next pass
		synctest.Wait()
		assert.Contains(t, out.String(), "Reminder: car", "a reminder was sent")

		// past the deadline: the autopilot decided for the car, a miss is counted
		time.Sleep(30 * time.Minute)
		synctest.Wait()
		v, err = svc.Show(ctx, id)
		require.NoError(t, err)
		assert.NotEqual(t, first.Pending, v.Pending, "the autopilot answered the decision")
		assert.Equal(t, 1, seatOf(t, store, id, car).Misses)
		time.Sleep(time.Minute)
		synctest.Wait()
		assert.Contains(t, out.String(), "missed its deadline")

		// nobody speaks for hours: three misses put seats on autopilot
		time.Sleep(6 * time.Hour)
		synctest.Wait()
		onAuto := 0
		for _, n := range []int{1, 2} {
			if seatOf(t, store, id, n).Autopilot {
				onAuto++
			}
		}
		assert.Positive(t, onAuto, "after three misses a seat drives itself")

		cancel()
		require.NoError(t, <-done)
		svc.Close()
	})
}

// Vacation puts the seat on autopilot for its dates only.
func TestVacationDrivesTheSeat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store})
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "vac"})
		require.NoError(t, err)
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		car := v.Pending[0].Car
		name := map[int]string{1: "Anna", 2: "Bob"}[car]
		today := time.Now().UTC().Format("2006-01-02")
		later := time.Now().UTC().Add(72 * time.Hour).Format("2006-01-02")
		reply, err := svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: "vacation " + today + " " + later})
		require.NoError(t, err)
		assert.Contains(t, reply, "vacation noted")
		v2, err := svc.Show(ctx, id)
		require.NoError(t, err)
		for _, p := range v2.Pending {
			assert.NotEqual(t, car, p.Car, "the car on vacation does not wait for its player")
		}
		svc.Close()
	})
}

// syncBuffer collects the relay's output from another goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func seatOf(t *testing.T, store persistence.Store, game string, n int) persistence.Seat {
	t.Helper()
	var s persistence.Seat
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		var err error
		s, err = tx.Seat(game, n)
		return err
	}))
	return s
}

// Notifications say by when to decide, in each player's time zone.
func TestNotificationsSayByWhen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store})
		ctx := context.Background()
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", TimeZone: "Asia/Tokyo"})
		require.NoError(t, err)
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "due", Deadline: 24 * time.Hour})
		require.NoError(t, err)
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		var texts []string
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			msgs, err := tx.Pending(time.Now(), 100)
			for _, m := range msgs {
				if m.Target == "anna" {
					texts = append(texts, m.Text)
				}
			}
			return err
		}))
		require.NotEmpty(t, texts)
		due := time.Now().Add(24 * time.Hour).In(mustZone(t, "Asia/Tokyo")).Format("Mon 2 Jan 15:04 MST")
		assert.Contains(t, texts[len(texts)-1], "Decide by "+due)
		svc.Close()
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

// AMB-17, AMB-48: a missed deadline takes the rules' stated defaults
// (fd.TimeoutFor) unless the game chose the autopilot; the game master is
// told which.
func TestTimeoutDefaultsOrAutopilot(t *testing.T) {
	for _, auto := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			store := memory.New()
			svc := New(Options{Store: store})
			ctx, cancel := context.WithCancel(context.Background())
			id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob"}, Seed: "timeout", Deadline: time.Hour, TimeoutAutopilot: auto})
			require.NoError(t, err)
			first, err := svc.Show(ctx, id)
			require.NoError(t, err)
			out := &syncBuffer{}
			done := make(chan error, 1)
			go func() { done <- svc.Run(ctx, out) }()
			time.Sleep(62 * time.Minute)
			synctest.Wait()
			v, err := svc.Show(ctx, id)
			require.NoError(t, err)
			assert.NotEqual(t, first.Pending, v.Pending, "the missed decision was answered")
			if auto {
				assert.Contains(t, out.String(), "missed its deadline: the autopilot decided")
			} else {
				assert.Contains(t, out.String(), "missed its deadline: the rules' default was applied")
			}
			cancel()
			require.NoError(t, <-done)
			svc.Close()
		})
	}
}

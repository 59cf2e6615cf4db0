package bot

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// corruptStores are the stores a corrupt row is tried on: the memory
// store and SQLite (issue 13).
func corruptStores(t *testing.T) map[string]func() persistence.Store {
	return map[string]func() persistence.Store{
		"memory": func() persistence.Store { return memory.New() },
		"sqlite": func() persistence.Store {
			s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "corrupt.db"))
			require.NoError(t, err)
			return s
		},
	}
}

// corruptSeed overwrites a game's stored seed, as a bad hand edit or a
// disk fault would.
func corruptSeed(t *testing.T, store persistence.Store, id string) {
	t.Helper()
	require.NoError(t, store.Update(context.Background(), func(tx persistence.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		var m map[string]any
		if err := json.Unmarshal(g.Meta, &m); err != nil {
			return err
		}
		m["seed"] = "not hex"
		if g.Meta, err = json.Marshal(m); err != nil {
			return err
		}
		_, err = tx.UpdateGame(g)
		return err
	}))
}

// A game row whose stored seed is corrupt stops that game with a clear
// error; the service does not panic and the other games keep running:
// orders, the web's list of games, and the scheduler, whose earliest
// deadline is the broken game's.
func TestCorruptSeedStopsOnlyItsGame(t *testing.T) {
	for name, open := range corruptStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			store := open()
			defer store.Close()
			created := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
			first := New(Options{Store: store, Now: func() time.Time { return created }})
			broken, err := first.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "c1", Deadline: time.Minute})
			require.NoError(t, err)
			healthy, err := first.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Chloe", "Dan"}, Seed: "c2", Deadline: 2 * time.Minute})
			require.NoError(t, err)
			first.Close()
			corruptSeed(t, store, broken)

			// both deadlines have passed when the service starts again
			svc := New(Options{Store: store, Now: func() time.Time { return created.Add(3 * time.Minute) }})
			defer svc.Close()
			before := recordLen(t, store, broken)
			_, err = svc.Show(ctx, broken)
			require.Error(t, err)
			assert.Contains(t, err.Error(), broken)
			assert.Contains(t, err.Error(), "dice seed is unreadable")
			p, err := svc.Show(ctx, healthy)
			require.NoError(t, err)
			require.NotEmpty(t, p.Pending)
			_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: broken, Text: "gear 1"})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "dice seed is unreadable")
			assert.Equal(t, before, recordLen(t, store, broken), "nothing written to the broken game")

			list, _, err := svc.RecentGames(ctx, 10, "")
			require.NoError(t, err, "the web's list of games")
			var ids []string
			for _, g := range list {
				ids = append(ids, g.ID)
			}
			assert.Contains(t, ids, healthy)

			// the scheduler: the broken game's deadline, due first, is
			// reported and put off; the healthy game's fires
			out := &syncBuffer{}
			runCtx, cancel := context.WithCancel(ctx)
			done := make(chan error, 1)
			go func() { done <- svc.Run(runCtx, out) }()
			// read without require: the condition runs on Eventually's goroutine
			seatMissed := func() bool {
				missed := false
				_ = store.View(ctx, func(tx persistence.ReadTx) error {
					seats, err := tx.Seats(healthy)
					for _, s := range seats {
						missed = missed || s.Misses > 0
					}
					return err
				})
				return missed
			}
			fired := assert.Eventually(t, func() bool {
				return seatMissed() && strings.Contains(out.String(), "seed is unreadable")
			}, 10*time.Second, 10*time.Millisecond)
			cancel()
			require.NoError(t, <-done)
			require.True(t, fired, "the healthy game's deadline fired and the broken game's was reported: %s", out.String())
			assert.Contains(t, out.String(), "pitwall: deadline "+broken)
			assert.Equal(t, before, recordLen(t, store, broken), "nothing written to the broken game")
			require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
				ds, err := tx.Deadlines(broken)
				for _, d := range ds {
					assert.True(t, d.Due.After(created.Add(3*time.Minute)), "put off to the next poll: %+v", d)
				}
				return err
			}))
		})
	}
}

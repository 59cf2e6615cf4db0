package bot

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence/memory"
)

// A game nobody plays leaves memory: its goroutine ends once it has folded
// the game (FoldAfter), and its folded state is dropped after GameIdle
// (issue 14: every game kept a goroutine forever). The next order loads it
// again from the store and plays on.
func TestIdleGameLeavesMemory(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		defer store.Close()
		svc := New(Options{Store: store, GameIdle: time.Minute})
		defer svc.Close()
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "idle"})
		require.NoError(t, err)
		names := map[int]string{1: "Anna", 2: "Bob"}
		order := func() {
			t.Helper()
			p := pendingFor(t, svc, id)
			_, err := svc.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: p.Options[0]})
			require.NoError(t, err)
		}
		loaded := func() (actors, cached int) {
			svc.mu.Lock()
			defer svc.mu.Unlock()
			return len(svc.actors), len(svc.cache)
		}

		order()
		actors, cached := loaded()
		assert.Equal(t, 1, actors, "a game at work has its goroutine")
		assert.Equal(t, 1, cached, "and its state")
		time.Sleep(3 * time.Second)
		synctest.Wait()
		actors, cached = loaded()
		assert.Zero(t, actors, "3 s without work: its goroutine has ended (FoldAfter)")
		assert.Equal(t, 1, cached, "its state stays, folded")

		time.Sleep(27 * time.Second)
		synctest.Wait()
		order() // work keeps it loaded
		time.Sleep(45 * time.Second)
		synctest.Wait()
		actors, cached = loaded()
		assert.Zero(t, actors, "75 s after its first order, 45 s after its last: no goroutine")
		assert.Equal(t, 1, cached, "but still in memory")

		time.Sleep(time.Minute)
		synctest.Wait()
		actors, cached = loaded()
		assert.Zero(t, actors, "idle for a minute: its goroutine has ended")
		assert.Zero(t, cached, "and its state has left memory")

		before, err := svc.Show(ctx, id)
		require.NoError(t, err)
		order()
		after, err := svc.Show(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, before.Orders+1, after.Orders, "the next order loads the game again and plays")
	})
}

// ChannelsOf reads where a game posts from its settings, as Table does,
// without rebuilding the game.
func TestChannelsOf(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "channels"})
	require.NoError(t, err)
	thread := Channel{Transport: KindDiscord, Target: "thread-1"}
	require.NoError(t, svc.AddChannel(ctx, id, thread))
	got, err := svc.ChannelsOf(ctx, id)
	require.NoError(t, err)
	table, err := svc.Table(ctx, id, "")
	require.NoError(t, err)
	assert.Equal(t, table.Channels, got)
	assert.Contains(t, got, thread)
	_, err = svc.ChannelsOf(ctx, "g-nope")
	assert.True(t, IsUserError(err), "an unknown game is refused: %v", err)
}

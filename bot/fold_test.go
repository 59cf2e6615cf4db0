package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence/memory"
)

// Folding never changes a race (issue 14): the same 10-car race played
// decision by decision on a service that folds its games between orders
// and on one that keeps them whole gives the same record, byte for byte.
// The folding service keeps the game folded between most orders, at gear
// and at move decisions alike, and unfolds it for each.
func TestFoldedGamePlaysAsWhole(t *testing.T) {
	ctx := context.Background()
	req := CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "fold", Laps: 1}
	foldingStore, wholeStore := memory.New(), memory.New()
	folding := New(Options{Store: foldingStore, FoldAfter: -1}) // at once, before answering
	whole := New(Options{Store: wholeStore})
	whole.noFold = true
	t.Cleanup(func() { folding.Close(); whole.Close(); foldingStore.Close(); wholeStore.Close() })
	id, err := folding.Create(ctx, req)
	require.NoError(t, err)
	twin, err := whole.Create(ctx, req)
	require.NoError(t, err)
	require.Equal(t, id, twin)
	steps, folded, midPlay := 0, 0, 0
	lastFold := "\x00"
	for {
		n, err := folding.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		m, err := whole.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		require.Equal(t, m, n)
		if n == 0 {
			break
		}
		steps++
		folding.mu.Lock()
		l := folding.cache[id]
		folding.mu.Unlock()
		if l != nil && l.isFolded() {
			folded++
			if l.folded != lastFold && strings.HasPrefix(l.folded, lastFold) {
				midPlay++ // lines added to the fold of the gear decision
			}
			lastFold = l.folded
		}
	}
	t.Logf("%d decisions, folded after %d (%d of them mid-play)", steps, folded, midPlay)
	assert.Greater(t, folded, steps*9/10, "the game waits folded")
	assert.Positive(t, midPlay, "folded at move decisions too")
	assert.Equal(t, recordText(t, wholeStore, id), recordText(t, foldingStore, id))
}

// BenchmarkOrderFoldedGame: one autopilot decision applied and committed
// through the service (memory store, so the engine and bot's work show,
// not the disk), on a 10-car, 3-lap race folded after every order
// (`folded`: unfold, order, fold, as for a game whose orders come more
// than Options.FoldAfter apart) and kept whole (`whole`, orders in a
// burst): what folding costs an order.
func BenchmarkOrderFoldedGame(b *testing.B) {
	ctx := context.Background()
	for _, mode := range []string{"folded", "whole"} {
		b.Run(mode, func(b *testing.B) {
			store := memory.New()
			defer store.Close()
			opts := Options{Store: store, FoldAfter: -1}
			if mode == "whole" {
				opts.FoldAfter = time.Hour
			}
			svc := New(opts)
			defer svc.Close()
			games := 0
			newGame := func() string {
				games++
				id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: fmt.Sprint("fold-", games), Laps: 3})
				if err != nil {
					b.Fatal(err)
				}
				return id
			}
			id := newGame()
			b.ReportAllocs()
			for b.Loop() {
				n, err := svc.Autoplay(ctx, id, 1)
				if err != nil {
					b.Fatal(err)
				}
				if n == 0 {
					b.StopTimer()
					id = newGame()
					b.StartTimer()
				}
			}
		})
	}
}

// A game's goroutine folds its game once it has waited Options.FoldAfter
// without work, not before: orders in a burst find it whole. In
// testing/synctest time.
func TestGameFoldsAfterWaiting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		defer store.Close()
		svc := New(Options{Store: store, FoldAfter: 2 * time.Second})
		defer svc.Close()
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "waits"})
		require.NoError(t, err)
		folded := func() bool {
			svc.mu.Lock()
			defer svc.mu.Unlock()
			return svc.cache[id].isFolded()
		}
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		synctest.Wait()
		assert.False(t, folded(), "just played: whole")
		time.Sleep(time.Second)
		synctest.Wait()
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		time.Sleep(1500 * time.Millisecond)
		synctest.Wait()
		assert.False(t, folded(), "1.5 s after its last order: whole")
		time.Sleep(time.Second)
		synctest.Wait()
		assert.True(t, folded(), "2.5 s after: folded")
		before, err := svc.Show(ctx, id)
		require.NoError(t, err)
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		after, err := svc.Show(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, before.Orders+1, after.Orders, "the next order unfolds it and plays")
	})
}

// A game whose orders come in bursts folds only now and then: at a fold,
// the lines since the position it folded at last must all be in the
// folded text, including the orders of the burst that came before it
// (each order's cached game forgets its events). Folded at every k-th
// decision, the race gives the same record as one never folded, and
// every unfold replays (none falls back to loading the whole record).
func TestFoldedAfterABurstPlaysAsWhole(t *testing.T) {
	ctx := context.Background()
	for _, every := range []int{2, 3, 5} {
		req := CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: fmt.Sprint("burst-", every), Laps: 1}
		foldingStore, wholeStore := memory.New(), memory.New()
		folding := New(Options{Store: foldingStore, FoldAfter: time.Hour}) // folds only when told here
		whole := New(Options{Store: wholeStore})
		whole.noFold = true
		id, err := folding.Create(ctx, req)
		require.NoError(t, err)
		_, err = whole.Create(ctx, req)
		require.NoError(t, err)
		for step := 1; ; step++ {
			n, err := folding.Autoplay(ctx, id, 1)
			require.NoError(t, err)
			_, err = whole.Autoplay(ctx, id, 1)
			require.NoError(t, err)
			if n == 0 {
				break
			}
			if step%every == 0 {
				_, err := folding.onGame(ctx, id, func() (string, error) {
					folding.fold(id)
					folding.mu.Lock()
					l := folding.cache[id]
					folding.mu.Unlock()
					if l == nil || !l.isFolded() {
						return "", nil
					}
					if !folding.unfold(l) {
						return "", fmt.Errorf("decision %d: the folded game does not replay", step)
					}
					l.forgetEvents() // as Service.loaded does after unfolding
					return "", nil
				})
				require.NoError(t, err, "every %d", every)
			}
		}
		assert.Equal(t, recordText(t, wholeStore, id), recordText(t, foldingStore, id), "every %d", every)
		folding.Close()
		whole.Close()
		foldingStore.Close()
		wholeStore.Close()
	}
}

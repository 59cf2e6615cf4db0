package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// recordText is a game's stored record, as verify and the download see it.
func recordText(t *testing.T, store persistence.Store, id string) string {
	t.Helper()
	var text string
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		_, _, rec, _, err := storedRecord(tx, id)
		if err == nil {
			text = rec.Text()
		}
		return err
	}))
	return text
}

// A refused order keeps the live game (issue 14: a typo used to cost a
// replay of the whole record), and the race goes on exactly as a race
// without the typos: same record, byte for byte, as a twin game on
// another service.
func TestRefusalKeepsTheLiveGame(t *testing.T) {
	ctx := context.Background()
	names := map[int]string{1: "Anna", 2: "Bob"}
	play := func(typos bool) (string, int) {
		svc, store := newTestService(t)
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "typos", Laps: 1})
		require.NoError(t, err)
		kept := 0
		for range 400 {
			v, err := svc.Show(ctx, id)
			require.NoError(t, err)
			if len(v.Pending) == 0 {
				break
			}
			p := v.Pending[0]
			if typos {
				svc.mu.Lock()
				cached := svc.cache[id]
				svc.mu.Unlock()
				for _, text := range []string{"choose Z", "gear 9", "frobnicate", "vitesse 0"} {
					_, err := svc.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: text})
					require.Error(t, err, text)
					require.True(t, IsUserError(err), "%s: %v", text, err)
				}
				_, err = svc.Handle(ctx, Request{Identity: cli(names[3-p.Car]), Game: id, Text: p.Options[0]})
				require.Error(t, err, "not their turn")
				svc.mu.Lock()
				after := svc.cache[id]
				svc.mu.Unlock()
				if cached != nil && after == cached {
					kept++
				}
			}
			_, err = svc.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: p.Options[len(p.Options)-1]})
			require.NoError(t, err)
		}
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "finished", v.State)
		return recordText(t, store, id), kept
	}
	clean, _ := play(false)
	withTypos, kept := play(true)
	assert.Equal(t, clean, withTypos, "refused orders leave no trace in the record")
	assert.Greater(t, kept, 20, "the live game survives refusals")
}

// BenchmarkRefusedOrder: a mistyped order deep into a 10-car race (1,500
// decisions recorded), refused. Each used to drop the live game, so the
// next command replayed the whole record (issue 14: 3 → 33 ms).
func BenchmarkRefusedOrder(b *testing.B) {
	ctx := context.Background()
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "bench-typo", Laps: 3})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := svc.Autoplay(ctx, id, 1500); err != nil {
		b.Fatal(err)
	}
	v, err := svc.Show(ctx, id)
	if err != nil || len(v.Pending) == 0 {
		b.Fatal("the race should still be running", err)
	}
	who := persistence.Identity{Kind: persistence.IdentityCLI, Value: Fold(soakSeats[v.Pending[0].Car-1])}
	for b.Loop() {
		if _, err := svc.Handle(ctx, Request{Identity: who, Game: id, Text: "choose Z"}); !IsUserError(err) {
			b.Fatal("a typo is refused", err)
		}
	}
}

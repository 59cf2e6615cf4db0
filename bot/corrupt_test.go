package bot

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// A game row whose stored seed is corrupt stops that game with a clear
// error; the service does not panic and the other games keep running.
func TestCorruptSeedStopsOnlyItsGame(t *testing.T) {
	ctx := context.Background()
	store := memory.New()
	defer store.Close()
	now := func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }
	first := New(Options{Store: store, Now: now})
	broken, err := first.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "c1"})
	require.NoError(t, err)
	healthy, err := first.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Chloe", "Dan"}, Seed: "c2"})
	require.NoError(t, err)
	first.Close()

	// the broken game's seed is overwritten in its row, as a bad hand edit or a disk fault would
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		g, err := tx.Game(broken)
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

	svc := New(Options{Store: store, Now: now})
	defer svc.Close()
	before := recordLen(t, store, broken)
	_, err = svc.Show(ctx, broken)
	require.Error(t, err)
	assert.Contains(t, err.Error(), broken)
	assert.Contains(t, err.Error(), "dice seed is unreadable")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: broken, Text: "gear 1"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "dice seed is unreadable")
	assert.Equal(t, before, recordLen(t, store, broken), "nothing written to the broken game")

	// the other game plays on
	p := pendingFor(t, svc, healthy)
	who := map[int]string{1: "Chloe", 2: "Dan"}[p.Car]
	n := recordLen(t, store, healthy)
	_, err = svc.Handle(ctx, Request{Identity: cli(who), Game: healthy, Text: p.Options[0]})
	require.NoError(t, err)
	assert.Greater(t, recordLen(t, store, healthy), n)
}

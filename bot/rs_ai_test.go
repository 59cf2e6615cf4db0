package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/rs"
	rsai "github.com/pitwall/pitwall/engine/rs/ai"
	"github.com/pitwall/pitwall/persistence"
)

// An ai:legend seat of a Racing Simulator race orders at once, every turn,
// the legend's order (engine/rs/ai, seeded from the game's seed), not the
// autopilot's.
func TestRSAISeatPlaysAtItsLevel(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-ai", Seats: []string{"ai:legend"}})
	differs := 0
	for range 4 {
		var l *served
		require.NoError(t, tb.store.View(context.Background(), func(tx persistence.ReadTx) error {
			var err error
			l, err = tb.svc.loadServed(tx, tb.id)
			return err
		}))
		assert.Equal(t, "legend", l.meta.AI[1])
		g := l.game.(rs.Contract).G
		require.NotNil(t, g.Sealed[0], "the AI ordered at once")
		sealed := *g.Sealed[0]
		g.Sealed[0] = nil
		seed, err := l.meta.seed()
		require.NoError(t, err)
		want, ok := rsai.Driver{Level: ai.Legend, Seed: ai.SeedFor(seed[:])}.Key(g, 0)
		require.True(t, ok)
		assert.Equal(t, want, sealed.Key(), "turn %d: the legend's order", g.Turn)
		if want != g.Autopilot(0).Key() {
			differs++
		}
		for s := 1; s < len(g.Seats); s++ { // the players order: seat s is rsPlayers[s-1]
			key := g.Options(s)[0].Key
			_, err := tb.say(s-1, RSOrderWords(key, rsPlayers[s-1].lang))
			require.NoError(t, err)
		}
	}
	assert.Positive(t, differs, "the legend is not the autopilot")
}

// TestRSReplaceWithAnAIDriver: the game master puts an AI driver at a
// level in an absent player's seat (replace NAME with ai:LEVEL); it orders
// as that level would, and the player takes the seat back by ordering.
func TestRSReplaceWithAnAIDriver(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-replace"})
	load := func() *served {
		t.Helper()
		var l *served
		require.NoError(t, tb.store.View(context.Background(), func(tx persistence.ReadTx) error {
			var err error
			l, err = tb.svc.loadServed(tx, tb.id)
			return err
		}))
		return l
	}
	_, err := tb.say(0, "replace Bob with ai:wizard")
	require.Error(t, err, "an unknown level is refused")
	assert.Empty(t, load().meta.AI)

	reply, err := tb.say(0, "replace Bob with ai:legend")
	require.NoError(t, err)
	assert.Equal(t, "seat 2 is now driven by an AI driver, level legend, until its player orders again", reply)
	l := load()
	assert.Equal(t, "legend", l.meta.AI[2])
	g := l.game.(rs.Contract).G
	require.NotNil(t, g.Sealed[1], "the substitute ordered at once")
	sealed := g.Sealed[1].Key()
	g.Sealed[1] = nil
	seed, err := l.meta.seed()
	require.NoError(t, err)
	want, ok := rsai.Driver{Level: ai.Legend, Seed: ai.SeedFor(seed[:])}.Key(g, 1)
	require.True(t, ok)
	assert.Equal(t, want, sealed, "the legend's order")

	// Bob is back: his own order replaces the substitute's, and the seat is his
	key := g.Options(1)[len(g.Options(1))-1].Key
	_, err = tb.say(1, RSOrderWords(key, "fr"))
	require.NoError(t, err)
	l = load()
	assert.NotContains(t, l.meta.AI, 2, "the substitute has left")
	assert.False(t, l.seat(1).Autopilot)
}

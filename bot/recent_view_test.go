package bot

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence/memory"
)

// drawnBoard "draws" what a board shows as text: where the cars stand,
// what is pending, and the plays of the last round with their paths and
// events (render draws these, fd.Game.PlaysSince).
type drawnBoard struct{}

func (drawnBoard) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	fmt.Fprintf(w, "%s play %d round %d\n%+v\n%+v\n%+v\n", lang, g.Play, g.Round, g.Position(), g.PendingAll(), g.Results())
	for _, p := range g.PlaysSince(g.Play - len(g.Cars) - 1) {
		fmt.Fprintf(w, "play %d round %d car %d from %d path %v:", p.Play, p.Round, p.Car, p.From, p.Path())
		for _, e := range p.Events {
			fmt.Fprintf(w, " %s;", e)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// The Discord post reads a recent view (the game from its snapshot, the
// record's last lines as its events): its table and board say exactly
// what they say from the game rebuilt whole, at many points of a 10-car,
// 3-lap race.
func TestRecentViewDrawsAsWhole(t *testing.T) {
	store := memory.New()
	defer store.Close()
	ctx := context.Background()
	recent := New(Options{Store: store})
	defer recent.Close()
	whole := New(Options{Store: store})
	whole.noRecent = true
	defer whole.Close()
	id, err := recent.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "recent", Laps: 3})
	require.NoError(t, err)
	checked := 0
	for step := 0; ; step++ {
		if step%23 == 0 {
			sameTableAndBoard(t, recent, whole, id, drawnBoard{}, step)
			checked++
		}
		n, err := recent.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		if n == 0 {
			break
		}
	}
	assert.Greater(t, checked, 40)
	recent.mu.Lock()
	v := recent.views[id]
	recent.mu.Unlock()
	require.NotNil(t, v)
	assert.True(t, v.recent, "the recent view was used")
}

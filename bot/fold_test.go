package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Folding never changes a race (issue 14): the same 10-car race played
// decision by decision on a service that folds its games between orders
// and on one that keeps them whole gives the same record, byte for byte.
// The folding service keeps the game folded between most orders, at gear
// and at move decisions alike, and unfolds it for each.
func TestFoldedGamePlaysAsWhole(t *testing.T) {
	ctx := context.Background()
	req := CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "fold", Laps: 1}
	folding, foldingStore := newTestService(t)
	whole, wholeStore := newTestService(t)
	whole.noFold = true
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

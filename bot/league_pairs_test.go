package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// Each pair of variants the spec says interact (fd.InteractingPairs) that
// holds a league rule, both on in one league: either the league refuses
// the pair with a sentence naming the other variant, or a one-lap event
// of four pilots plays to its end and its result is recorded; its race
// record verifies. The pairs of game switches alone are raced by
// engine/fd's TestVariantPairsTheSpecNames.
func TestVariantPairsInALeague(t *testing.T) {
	svc, _ := newMemoryService(t)
	ctx := context.Background()
	played, refused := 0, 0
	for _, pair := range fd.InteractingPairs() {
		a, _ := fd.LookupVariant(pair[0])
		b, _ := fd.LookupVariant(pair[1])
		if a.Engine && b.Engine {
			continue // raced by engine/fd
		}
		name := fmt.Sprintf("Pair %s %s", a.ID, b.ID)
		id, err := svc.CreateLeague(ctx, LeagueRequest{Name: name, Rules: "fdr", Variants: []string{a.ID, b.ID}, MasterName: "Maud"})
		if err != nil {
			other := b.ID
			if !a.Implemented {
				other = a.ID
			}
			assert.Contains(t, err.Error(), other, "%v: refused together, the sentence names the other", pair)
			t.Logf("%v refused together: %v", pair, err)
			refused++
			continue
		}
		_, err = svc.AddLeagueEvent(ctx, id, "test-oval", time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC), 1)
		require.NoError(t, err, name)
		for _, p := range seasonPilots[:4] {
			require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}), name)
		}
		playSeason(t, svc, id, nil)
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		require.Len(t, v.Events, 1)
		_, err = svc.Verify(ctx, v.Events[0].Game)
		assert.NoError(t, err, "%s: the event's record verifies", name)
		played++
	}
	t.Logf("%d pairs played in a league, %d refused together", played, refused)
	assert.Positive(t, played)
}

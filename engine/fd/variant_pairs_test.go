package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Each pair of game switches the spec says interact, both on: either the
// game refuses the pair with a sentence naming the other variant (the
// spec makes them alternatives), or autopilot races with both on end,
// replay and verify.
func TestVariantPairsTheSpecNames(t *testing.T) {
	races := 2
	ids := tracks.IDs()
	raced, refused := 0, 0
	for _, pair := range InteractingPairs() {
		a, okA := LookupVariant(pair[0])
		b, okB := LookupVariant(pair[1])
		require.True(t, okA && okB, "%v: both are listed", pair)
		if !a.Engine || !b.Engine {
			continue // a league rule: bot's TestVariantPairsInALeague
		}
		cfg := fdrConfig()
		err := cfg.EnableVariant(variantSpec(a.ID))
		if err == nil {
			err = cfg.EnableVariant(variantSpec(b.ID))
		}
		if err == nil {
			err = cfg.Validate()
		}
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
		for i := range races {
			id := ids[(raced+i)%len(ids)]
			c, err := tracks.Get(id)
			require.NoError(t, err)
			cfg := cfg
			cfg.Laps = 2
			seedWord := fmt.Sprintf("pair-%s-%s-%d", a.ID, b.ID, i)
			t.Run(seedWord, func(t *testing.T) {
				g := checkedVariantRace(t, cfg, c, id, 4, seedWord)
				assert.True(t, g.Over, "the race ends")
			})
		}
		raced++
	}
	t.Logf("%d pairs raced, %d refused together", raced, refused)
	assert.Positive(t, raced)
}

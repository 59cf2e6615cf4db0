package fd

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// League AMB-01 names 6-C with 8-C, 9-A, 16-C, 16-D and 16-E: their thresholds
// read the raw d20 of the gear roll, which differs from the squares moved
// only on a box other than B60. TestVariantPairsTheSpecNames plays these
// pairs on 6-C's default box (B60); here each is raced on B61 and B62,
// where a raw roll moves other than on B60 (the gearbox events show it),
// and every race ends, replays and verifies.
func TestRawThresholdVariantsOnEveryBox(t *testing.T) {
	ids := tracks.IDs()
	n := 0
	// B60's table, as the game with 6-C's default box rolls its gears
	b60 := fdrConfig()
	require.NoError(t, b60.EnableVariant("6-C:box=B60"))
	for _, box := range []string{"B61", "B62"} {
		for _, other := range []string{"8-C", "9-A", "16-C", "16-D", "16-E"} {
			require.Contains(t, InteractingPairs(), pairOf(other, "6-C"), "AMB-01 names 6-C with %s", other)
			cfg := fdrConfig()
			require.NoError(t, cfg.EnableVariant("6-C:box="+box))
			require.NoError(t, cfg.EnableVariant(variantSpec(other)))
			require.NoError(t, cfg.Validate())
			cfg.Laps = 2
			id := ids[n%len(ids)]
			n++
			c, err := tracks.Get(id)
			require.NoError(t, err)
			seedWord := fmt.Sprintf("raw-box-%s-%s", box, other)
			t.Run(seedWord, func(t *testing.T) {
				g := checkedVariantRace(t, cfg, c, id, 4, seedWord)
				assert.True(t, g.Over, "the race ends")
				parted := 0
				for _, e := range g.Events {
					if e.Kind != "gearbox" {
						continue
					}
					gear, err1 := e.Int("gear")
					raw, err2 := e.Int("raw")
					value, err3 := e.Int("value")
					require.NoError(t, errors.Join(err1, err2, err3))
					if value != b60.Dice.Gears[gear-1].Faces[raw-1] {
						parted++
					}
				}
				assert.Positive(t, parted, "on %s some raw roll moves other than on B60", box)
			})
		}
	}
}

// pairOf is a pair as InteractingPairs lists it, its ids in string order.
func pairOf(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

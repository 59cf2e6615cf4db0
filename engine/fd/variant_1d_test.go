package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 1-D: the grid is the bids, highest on pole, no qualifying session; ties
// go to the better championship place (unranked after the ranked), then
// to the higher d20, a new d20 among those still tied.
func TestVariant1DGridByBids(t *testing.T) {
	cfg := fdrVariantCfg(t, "1-D")
	assert.Zero(t, cfg.Sessions, "no qualifying session")
	cfg.Sessions = 1
	assert.ErrorContains(t, cfg.Validate(), "no qualifying session")

	// bids 50, 120, 80: car 2 on pole; no tie, only the race weather rolls
	g, err := gridGame(t, "1-D:bids=50/120/80", 3, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 3, 1}, g.RaceGrid())
	assert.Contains(t, eventsText(g), "grid-bid car=2 bid=120 championship=1")

	// equal bids: the better championship place; car 3 unranked comes after
	g, err = gridGame(t, "1-D:bids=100/100/100,championship=2/1/0", 3, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 1, 3}, g.RaceGrid())
	assert.Contains(t, eventsText(g), "grid-bid car=3 bid=100 championship=3")

	// equal bids and places (no bids at all): the higher d20 first, a new
	// d20 between the two still tied
	g, err = gridGame(t, "1-D", 3, 5, 12, 5, 9, 3, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 1, 3}, g.RaceGrid(), "car 2's 12, then car 1's new 9 over car 3's 3")

	c := fdrConfig()
	assert.ErrorContains(t, c.EnableVariant("1-D:bids=10/x"), "not a bid")
	assert.ErrorContains(t, c.EnableVariant("1-D:per_circuit=0"), "per_circuit")
	c = fdrConfig()
	require.NoError(t, c.EnableVariant("1-C"))
	require.NoError(t, c.EnableVariant("1-D"))
	assert.ErrorContains(t, c.Validate(), "not with 1-C")
}

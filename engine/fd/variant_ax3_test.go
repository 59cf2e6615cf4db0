package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AX-3 through the SessionRule hook: one circuit of a marathon is one dry
// lap per pilot, never rolled, each alone, ranked by its moves through
// the GridRule hook, and the game ends there. With the same seed, the
// game without AX-3 rolls its session's weather and races.
func TestVariantAX3DrivesOneDryLapACircuit(t *testing.T) {
	c := fdrLab(t)
	leg, _ := fdrCheckedRace(t, fdrVariantCfg(t, "AX-3"), c, "lab", 3, SeedFrom("marathon"))
	text := eventsText(leg)
	assert.Contains(t, text, "weather session=qualifying n=1 result=sun state=fine")
	assert.NotContains(t, text, "for=weather-qualifying", "no session weather is rolled")
	assert.NotContains(t, text, "session=qualifying n=2")
	assert.Equal(t, 3, strings.Count(text, "\nqualified "), "one session of three cars")
	assert.Contains(t, text, "contest order=")
	assert.NotContains(t, text, "session=race")
	assert.True(t, leg.Over)

	// the ranking is the single lap's moves, fewest first (ended laps last)
	scores := leg.ContestScores()
	require.Len(t, scores, 3)
	places := map[int]int{}
	for _, car := range leg.Cars {
		places[car.Number] = car.Place
	}
	for _, a := range scores {
		assert.Positive(t, a.Moves)
		for _, b := range scores {
			if !a.Ended && (b.Ended || a.Moves < b.Moves) {
				assert.Less(t, places[a.Car], places[b.Car], "car %d (%d moves) before car %d (%d)", a.Car, a.Moves, b.Car, b.Moves)
			}
		}
	}

	race, _ := fdrCheckedRace(t, FDRConfig(), c, "lab", 3, SeedFrom("marathon"))
	assert.Contains(t, eventsText(race), "session=race")
	assert.NotContains(t, eventsText(race), "contest")

	cfg := fdrVariantCfg(t, "AX-3")
	cfg.Sessions = 2
	assert.ErrorContains(t, cfg.Validate(), "one dry lap")
	cfg = FDRConfig()
	require.NoError(t, cfg.EnableVariant("AX-2"))
	require.NoError(t, cfg.EnableVariant("AX-3"))
	assert.ErrorContains(t, cfg.Validate(), "not with AX-2")
}

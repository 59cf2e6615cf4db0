package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// gridGame plays the grid stage of a competition-rules game with 1-C or
// 1-D and the rolls given (one d20 per car, any re-rolls, then the race
// weather). Both drive no qualifying session, so the setup's first stage
// is the grid (R1.1).
func gridGame(t *testing.T, spec string, cars int, rolls ...int) (*Game, error) {
	t.Helper()
	g, err := NewGame("grid", fdrVariantCfg(t, spec), fdrLab(t), cars)
	require.NoError(t, err)
	require.Zero(t, g.Config.Sessions, "%s: no qualifying session before the grid", spec)
	g.started = true
	src := dice.NewScripted(rolls...)
	err = g.advance(src)
	if err == nil {
		assert.Zero(t, src.Remaining(), "every scripted roll used")
	}
	return g, err
}

// 1-C: 2 × the last race place + the championship place + a d20, the
// lowest on pole; ties to the better last race, then the lower d20, then
// a new d20.
func TestVariant1CGridByFormula(t *testing.T) {
	cfg := fdrVariantCfg(t, "1-C")
	assert.Zero(t, cfg.Sessions, "no qualifying session")
	cfg.Sessions = 1
	assert.ErrorContains(t, cfg.Validate(), "sessions must be 0")

	// car 1: 4 + 1 + 10 = 15; car 2: 2 + 3 + 12 = 17; car 3: 6 + 2 + 3 = 11
	g, err := gridGame(t, "1-C:last=2/1/3,championship=1/3/2", 3, 10, 12, 3, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{3, 1, 2}, g.RaceGrid())
	assert.Contains(t, eventsText(g), "grid-formula car=1 last=2 championship=1 roll=10 score=15")
	assert.Contains(t, eventsText(g), "roll play=0 car=3 for=grid n=0 die=black value=3")

	// 2 + 2 + 11 = 15 and 4 + 1 + 10 = 15: car 1 was better in the last race
	g, err = gridGame(t, "1-C:last=1/2,championship=2/1", 2, 11, 10, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, g.RaceGrid())

	// no history (the "+1" defaults) and the same d20: a new d20, lower first
	g, err = gridGame(t, "1-C", 2, 7, 7, 15, 4, 8)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 1}, g.RaceGrid())
	assert.Contains(t, eventsText(g), "grid-formula car=2 last=1 championship=1 roll=7 score=10")

	// a car that did not start the last race counts as the classified + 1
	g, err = gridGame(t, "1-C:last=1/0/2,championship=1/2/3", 3, 1, 1, 1, 8)
	require.NoError(t, err)
	assert.Contains(t, eventsText(g), "grid-formula car=2 last=3 championship=2 roll=1 score=9")

	_, err = gridGame(t, "1-C:last=1/2", 3)
	assert.ErrorContains(t, err, "2 last-race places for 3 cars")
	assert.ErrorContains(t, fdrConfigPtr().EnableVariant("1-C:last=1/x"), "not a place")
}

func fdrConfigPtr() *Config { c := fdrConfig(); return &c }

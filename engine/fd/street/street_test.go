package street

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The module's own tables and registration. The street races' scenarios
// with scripted dice are rules_test.go and abilities_test.go, the
// autopilot races properties_test.go: they drive a game through
// engine/fd/fdtest, the exported harness of rules modules' tests.

// T-14: the black die picks the category Stanley's radio costs its target
// (U-DRV-02, EX-F-45).
func TestRadioLossT14(t *testing.T) {
	want := map[int]fd.Category{1: fd.Tyres, 4: fd.Tyres, 5: fd.Brakes, 7: fd.Brakes, 8: fd.Gearbox, 10: fd.Gearbox,
		11: fd.Body, 13: fd.Body, 14: fd.Engine, 17: fd.Engine, 18: fd.Handling, 20: fd.Handling}
	for v, cat := range want {
		assert.Equal(t, cat, radioLoss(v), "roll %d", v)
	}
}

// T-12: the noise area costs 1 PS on 16–20 only (U-GANG-01).
func TestNoiseLossT12(t *testing.T) {
	for v := 1; v <= 20; v++ {
		cat, lost := noiseLoss(v)
		assert.Equal(t, v >= 16, lost, "roll %d", v)
		switch {
		case v >= 16 && v <= 18:
			assert.Equal(t, fd.Tyres, cat)
		case v == 19:
			assert.Equal(t, fd.Body, cat)
		case v == 20:
			assert.Equal(t, fd.Engine, cat)
		}
	}
}

// The package's init registers the module under the name the street row
// of the rulesets table gives it: fd.NewGame makes a fresh street module
// for each game, and a street game plays the driver draft (U-DRV-01).
func TestRegisteredForTheStreetRow(t *testing.T) {
	a, b := New(), New()
	assert.NotSame(t, a, b, "each game has its own street state")
	_, ok := a.(*streetRules)
	assert.True(t, ok)
	assert.Contains(t, fd.Street.Info().Modules, Module, "the street row names this module")

	city, err := tracks.Get("race-city")
	require.NoError(t, err)
	g, err := fd.NewGame("s", Config(), city, 3)
	require.NoError(t, err)
	require.NoError(t, g.Start(dice.NewScripted()))
	pend := g.PendingAll()
	require.Len(t, pend, 3, "every car picks a driver (U-DRV-01)")
	for _, d := range pend {
		assert.Equal(t, DecideDriver, d.Kind)
		assert.Len(t, d.Options, 9, "without the weather rule Julien stays out (U-GEN-01)")
	}
	_, err = fd.NewGame("s", Config(), mustTrack(t, "oval"), 2)
	assert.ErrorContains(t, err, "not a street circuit", "Prepare: §2.18")
}

func mustTrack(t *testing.T, id string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get(id)
	require.NoError(t, err)
	return c
}

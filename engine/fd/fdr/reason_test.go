package fdr

import (
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fdr names its reason slot and T8's table to the base once, at init, and
// Car.EliminationReason reads that slot: each index of fdr's slot reads
// back as fdrReasons' text and each text is kept at its index in that
// slot (the base holds fdr's table and slot, asked through the exported
// API as a package fdr test can), and no second table can be named.
func TestFDRNamesItsReasonTableOnce(t *testing.T) {
	for i, r := range fdrReasons {
		var c fd.Car
		eliminationReason.Set(&c, i)
		require.Equal(t, r, c.EliminationReason(), "fdr's init names T8's table: index %d", i)
		var byText fd.Car
		require.True(t, byText.SetEliminationReason(r), "T8's %q is in the base's table", r)
		assert.Equal(t, i, eliminationReason.Of(&byText), "the base keeps %q in fdr's slot at T8's index", r)
	}
	assert.PanicsWithValue(t, "fd: KeepEliminationReasons called twice", func() { fd.KeepEliminationReasons(eliminationReason, fdrReasons[:]) })

	var c fd.Car
	assert.Empty(t, c.EliminationReason(), "a car starts with no reason")
	eliminationReason.Set(&c, 3)
	assert.Equal(t, fdrReasons[3], c.EliminationReason(), "the base reads fdr's slot")
}

// A car holds its reason of elimination (T8) as an index into fdrReasons:
// every reason the engine eliminates with reads back as its text, and a
// text outside the table is refused, not held as another.
func TestEliminationReasonKeepsItsText(t *testing.T) {
	for _, r := range []string{fd.ReasonOvershoot, fd.ReasonBlocking, fd.ReasonCollision, fd.ReasonWall, fd.ReasonEngine, fd.ReasonHandling, fd.ReasonFuel, fd.ReasonTime, fd.ReasonInjury, fd.ReasonBlackFlag, ""} {
		var c fd.Car
		require.True(t, c.SetEliminationReason(r), r)
		assert.Equal(t, r, c.EliminationReason())
	}
	var c fd.Car
	setEliminationReason(&c, fd.ReasonWall)
	assert.False(t, c.SetEliminationReason("bored"))
	assert.Equal(t, fd.ReasonWall, c.EliminationReason(), "a refused text changes nothing")
	assert.Panics(t, func() { setEliminationReason(&c, "bored") }, "the engine's own reasons are all in the table")
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fdr names its reason slot and T8's table to the base once, at init, and
// Car.EliminationReason reads that slot: a reason set through fdr's own
// slot reads back as its text, and no second table can be named.
func TestFDRNamesItsReasonTableOnce(t *testing.T) {
	require.Equal(t, fdrReasons[:], reasonTable.texts, "fdr's init names T8's table")
	assert.Equal(t, eliminationReason, reasonTable.slot)
	assert.PanicsWithValue(t, "fd: KeepEliminationReasons called twice", func() { KeepEliminationReasons(eliminationReason, fdrReasons[:]) })

	var c Car
	assert.Empty(t, c.EliminationReason(), "a car starts with no reason")
	eliminationReason.Set(&c, 3)
	assert.Equal(t, fdrReasons[3], c.EliminationReason(), "the base reads fdr's slot")
}

// A table of reasons must start with none and name each text once.
func TestReasonTableFaults(t *testing.T) {
	assert.Empty(t, reasonTableFault(fdrReasons[:]))
	assert.Equal(t, `the table starts with "", no reason`, reasonTableFault(nil))
	assert.Equal(t, `the table starts with "", no reason`, reasonTableFault([]string{ReasonWall}))
	assert.Equal(t, "wall twice in the table", reasonTableFault([]string{"", ReasonWall, ReasonEngine, ReasonWall}))
}

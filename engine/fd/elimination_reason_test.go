package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A table of reasons must start with none and name each text once; the
// table the rules module named (fdr's T8, TestFDRNamesItsReasonTableOnce)
// has no fault.
func TestReasonTableFaults(t *testing.T) {
	require.NotNil(t, reasonTable.texts, "a linked module names its reasons (fdr, at init)")
	assert.Empty(t, reasonTableFault(reasonTable.texts))
	assert.Equal(t, `the table starts with "", no reason`, reasonTableFault(nil))
	assert.Equal(t, `the table starts with "", no reason`, reasonTableFault([]string{ReasonWall}))
	assert.Equal(t, "wall twice in the table", reasonTableFault([]string{"", ReasonWall, ReasonEngine, ReasonWall}))
}

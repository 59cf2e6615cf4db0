package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// U-POL-01, U-CHK-01: a street car spreading recovered points reads its
// options as prose, in English and in French.
func TestRepairOptionsInProse(t *testing.T) {
	w := fd.Wear{fd.Brakes: 2, fd.Body: 1}
	assert.Equal(t, "+2 brakes, +1 body", repairText(w, "en"))
	assert.Equal(t, "+2 freins, +1 carrosserie", repairText(w, "fr"))
	d := fd.Decision{Car: 2, Kind: fd.DecideRepair, Options: []fd.Option{
		{Letter: "A", Repair: fd.Wear{fd.Body: 2}, Cause: "police speed record (U-POL-01)"},
		{Letter: "B", Repair: fd.Wear{fd.Body: 1, fd.Engine: 1}, Cause: "police speed record (U-POL-01)"},
	}}
	n, why := repairWhy(d, "fr")
	assert.Equal(t, 2, n)
	assert.Equal(t, "record de vitesse au poste de police", why)
	d.Options[0].Cause, d.Options[0].Repair = "checkpoint (U-CHK-01)", fd.Wear{fd.Brakes: 3, fd.Body: 1}
	n, why = repairWhy(d, "en")
	assert.Equal(t, 4, n)
	assert.Equal(t, "checkpoint", why)
}

// replay --events: record lines said in words.
func TestEventText(t *testing.T) {
	for line, want := range map[string]string{
		"move car=2 path=back.1.1,back.2.1 braked=1 blocked=0": "car 2 moves 2 spaces to back.2.1, by back.1.1, back.2.1, braking 1",
		`wear car=1 brakes=-3 cause="braked 3 (R-BRK-01)"`:     "car 1 loses 3 brakes (braked 3 (R-BRK-01))",
		"classification car=3 place=1 reason=tables":           "an official classifies car 3 in place 1: tables",
		"roll play=4 car=0 for=weather n=0 die=black value=20": "the table rolls 20 on the black die (weather)",
		"pit-technical car=2 pool=0":                           "pit technical: car 2, pool 0",
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		assert.Equal(t, want, EventText(e), line)
	}
}

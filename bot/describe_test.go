package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"

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

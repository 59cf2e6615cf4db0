package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 5-C (league AMB-16), hook CompulsoryModifier: the lock takes its spaces
// off the roll of the high gears, whatever the player wants — the move
// decision's distance, the "compulsory" event, the gear option's fact; no
// benefit is played. Without 5-C the roll is the distance.
func TestVariant5CSteeringLock(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		spec     string
		gear     int
		roll     int
		distance int
	}{
		{"without 5-C", "", 4, 10, 10},
		{"A2 (the default), 4th: −1", "5-C", 4, 10, 9},
		{"A2, 3rd: nothing", "5-C", 3, 6, 6},
		{"A1, 6th: −5", "5-C:level=A1", 6, 25, 20},
		{"A3, 5th: −1", "5-C:level=A3", 5, 15, 14},
		{"car 1 has none of its own", "5-C:level=A1,levels=none/A1", 6, 25, 25},
		{"car 1 has A1 of its own", "5-C:level=none,levels=A1", 5, 15, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := FDRConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, tc.spec)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("c.2.1", tc.gear).laps(1), fdrAt("long.2.1", 2)}})
			facts := h.g.OptionFacts(h.pending(), h.gearOption(tc.gear))
			h.gear(tc.gear, tc.roll)
			d := h.expect(1, DecideMove)
			assert.Equal(t, tc.roll, d.Rolled, "the die as rolled")
			assert.Equal(t, tc.distance, d.Distance, "the move")
			told := false
			for _, f := range facts {
				told = told || f.Key == "fact.compulsory"
			}
			assert.Equal(t, tc.distance != tc.roll, told, "the gear option says the lock's spaces")
			if tc.distance != tc.roll {
				assert.Contains(t, h.since(), "compulsory car=1 gear="+itoa(tc.gear)+" delta="+itoa(tc.distance-tc.roll))
			}
		})
	}
}

// 5-C refuses a level it does not know, naming the car.
func TestVariant5CRefusesBadLevels(t *testing.T) {
	for spec, why := range map[string]string{
		"5-C:level=A4":        "must be one of A1, A2, A3, none",
		"5-C:levels=A1/B2/A3": "car 2's level",
		"5-C:level=a1":        "must be one of A1, A2, A3, none",
		"5-C:levels=A1//none": "car 2's level",
	} {
		cfg := FDRConfig()
		err := cfg.EnableVariant(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), why, spec)
	}
}

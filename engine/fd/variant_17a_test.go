package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// 17-A: a car crossing a dangerous space in 1st gear takes no handling
// test (the R17.2 hook), the move's facts count none; in 2nd, or without
// the variant, R17.2 tests it.
func TestVariant17ALowSpeed(t *testing.T) {
	c := fdrLab(t)
	stickers := []string{"long.7.0", "long.7.1", "long.7.2"} // no way round
	for _, tc := range []struct {
		name    string
		variant bool
		gear    int
		tested  bool
	}{
		{"17-A in 1st: no test", true, 1, false},
		{"17-A in 2nd: the test of R17.2", true, 2, true},
		{"without 17-A in 1st: the test of R17.2", false, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "17-A")
			}
			car := fdrAt("long.5.1", tc.gear)
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: stickers, Cars: []CarPosition{car}})
			h.gear(tc.gear, 2)
			op := h.option("long.7.1", 2)
			if !tc.tested {
				assert.Zero(t, op.Dangerous, "the option counts no handling test")
				h.move("long.7.1")
				assert.Empty(t, rolledFor(h.since(), "handling"))
				assert.Equal(t, fdrDefaultBuild()[Handling], h.car(1).Wear[Handling])
				return
			}
			assert.Equal(t, 1, op.Dangerous)
			h.move("long.7.1", 4) // a 4 fails the dry test (T6)
			assert.Len(t, rolledFor(h.since(), "handling"), 1)
			assert.Equal(t, fdrDefaultBuild()[Handling]-1, h.car(1).Wear[Handling])
		})
	}
}

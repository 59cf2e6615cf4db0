package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 17-C (league AMB-39), hook MarkerRule: the car last of the running cars as its
// play begins cleans the debris markers it crosses, after its own handling
// test of R17.2 there; a car with a car behind it, or any car without the
// variant, leaves them.
func TestVariant17CSweeperCar(t *testing.T) {
	c := fdrLab(t)
	stickers := []string{"long.7.0", "long.7.1", "long.7.2"} // no way round
	for _, tc := range []struct {
		name    string
		variant bool
		other   string // the second car's space: ahead of car 1 or behind it
		swept   bool
	}{
		{"17-C, the last car sweeps", true, "long.20.1", true},
		{"17-C, a car with one behind it does not", true, "long.2.1", false},
		{"without 17-C the last car does not", false, "long.20.1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "17-C")
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: stickers,
				Cars: []CarPosition{fdrAt("long.5.1", 2), fdrAt(tc.other, 2)}})
			if h.pending().Car == 2 { // the leader plays first (R6)
				h.gear(2, 2)
				h.move("long.22.1")
			}
			h.expect(1, DecideGear)
			h.gear(2, 2)
			h.move("long.7.1", 5) // a 5 passes the dry test (T6): the car stays
			events := h.since()
			require.Len(t, rolledFor(events, "handling"), 1, "the sweeper takes its own test first")
			assert.Equal(t, !tc.swept, h.g.Debris[h.id("long.7.1")], "the marker under the car")
			assert.True(t, h.g.Debris[h.id("long.7.0")], "a marker the move did not cross stays")
			if tc.swept {
				assert.Contains(t, events, "debris-cleared car=1 space=long.7.1")
				return
			}
			for _, e := range events {
				assert.NotContains(t, e, "debris-cleared")
			}
		})
	}
}

// 17-C's sweep is news a player reads (internal/phrasebook says it in
// English and French), naming the car.
func TestVariant17CSweepIsTold(t *testing.T) {
	p := EventPhrase(fdrLab(t), ev("debris-cleared", "car", 1, "space", "long.7.1"))
	require.False(t, p.IsZero())
	assert.Equal(t, "ev.debris-cleared", p.Key)
	assert.NotEmpty(t, p.Args)
}

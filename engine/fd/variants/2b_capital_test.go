package variants

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// 2-B's own parser of a race clock's capital (ParseClockCapital, which bot
// reads through ClockCapital): a unit test of the variant's code that no
// game asks directly, so it moves with 2b.go to engine/fd/variants
// (issue 13) and names nothing of engine/fd but its exported API.

// 2-B's capital: hours and minutes, refused with a sentence otherwise.
func TestVariant2BCapital(t *testing.T) {
	for in, want := range map[string]int{"48h": 48 * 60, "90m": 90, "1h30m": 90, " 2h ": 120, "0h5m": 5} {
		got, err := ParseClockCapital(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "0h", "48", "h", "30m1h", "1h1h", "1d", "-5m", "9999999h", "10000h"} {
		_, err := ParseClockCapital(in)
		assert.Error(t, err, in)
	}
	cfg := fd.ConfigFor(fd.FDR)
	assert.ErrorContains(t, cfg.EnableVariant("2-B:capital=soon"), "not a time like 48h")
	withClock := fd.ConfigFor(fd.FDR)
	require.NoError(t, withClock.EnableVariant("2-B"))
	m, on := ClockCapital(withClock)
	assert.True(t, on)
	assert.Equal(t, 48*60, m, "the default capital")
	_, on = ClockCapital(fd.ConfigFor(fd.FDR))
	assert.False(t, on)
}

func FuzzParseClockCapital(f *testing.F) {
	for _, s := range []string{"48h", "90m", "1h30m", "", "30m1h", "999999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseClockCapital(s)
		if err != nil {
			return
		}
		if m <= 0 || m > maxClockCapitalMinutes {
			t.Fatalf("%q: %d minutes accepted", s, m)
		}
	})
}

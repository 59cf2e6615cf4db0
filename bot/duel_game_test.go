package bot

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A duel's orders in words, English and French (AX-1, AX-4).
func TestParseDuelOrder(t *testing.T) {
	for in, want := range map[string]string{"3": "3", "gear 4": "4", "3rd": "3", "rapport 2": "2", "5e": "5", "1st": "1",
		"stop": "stop", "Arrêt": "stop", "parachute": "parachute", "neutral": "0", "point mort": "0", "0": "0"} {
		got, err := ParseDuelOrder(in)
		assert.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"7", "gear", "status", "card 3", "33", ""} {
		_, err := ParseDuelOrder(in)
		assert.ErrorIs(t, err, errNotOrder, in)
	}
}

func FuzzParseDuelOrder(f *testing.F) {
	f.Add("gear 3")
	f.Add("point mort")
	f.Add("parachute")
	f.Fuzz(func(t *testing.T, in string) {
		key, err := ParseDuelOrder(in)
		if err != nil {
			if !errors.Is(err, errNotOrder) {
				t.Errorf("%q: %v", in, err)
			}
			return
		}
		if back, err := ParseDuelOrder(key); err != nil || back != key {
			t.Errorf("%q: key %q does not read back (%q, %v)", in, key, back, err)
		}
	})
}

package street

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd/fdtest"
)

// BenchmarkStreetOptionFacts: the facts of every option of Jack's move
// through a corner (drift options among them, U-DRV-02), as a board says
// them.
func BenchmarkStreetOptionFacts(b *testing.B) {
	h := fdtest.Start(b, raceCity(b), Config(), []fdtest.CarAt{driving("grand-hotel.0.1", 3, DriverJack)}, nil)
	h.Gear(3, 5)
	d := h.Pending()
	require.NotEmpty(b, d.Options)
	b.ReportAllocs()
	for b.Loop() {
		for _, op := range d.Options {
			h.G.OptionFacts(d, op)
		}
	}
}

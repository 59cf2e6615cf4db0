package fd

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkOptionFacts10Cars: the facts of every option of a move
// decision (a board and a reply say them per option), after a 6th-gear
// roll of 30 with ten cars on test-oval's long straights.
func BenchmarkOptionFacts10Cars(b *testing.B) {
	p := perftPositions[3] // "ten cars"
	h := play(b, ovalTrack(b), DefaultConfig(), p.cars(6), p.debris)
	h.gear(6, 30)
	d := h.pending()
	require.Equal(b, DecideMove, d.Kind)
	require.NotEmpty(b, d.Options)
	b.ReportAllocs()
	for b.Loop() {
		for _, op := range d.Options {
			h.g.OptionFacts(d, op)
		}
	}
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkRaceEngineOptions: what the engine and gearbox variants (5-A,
// 6-B, 16-A, 16-B, 16-C, 16-E; the gear options they declare, the longer
// moves, the extra engine tests) cost a whole 10-car 3-lap autopilot race
// under the competition rules, beside the same race without them.
func BenchmarkRaceEngineOptions(b *testing.B) {
	id, c := largestCircuit(b)
	for _, set := range []struct {
		name     string
		variants []string
	}{
		{"none", nil},
		{"engine-options", []string{"5-A", "6-B", "16-A", "16-B", "16-C", "16-E"}},
	} {
		b.Run(set.name, func(b *testing.B) {
			cfg := fdrConfig()
			cfg.Laps = 3
			for _, v := range set.variants {
				require.NoError(b, cfg.EnableVariant(v))
			}
			seed := SeedFrom("bench")
			b.ReportAllocs()
			plays := 0
			for b.Loop() {
				g, _, err := Simulate(cfg, c, id, 10, seed)
				if err != nil {
					b.Fatal(err)
				}
				plays = g.Play
			}
			b.ReportMetric(float64(plays), "plays/race")
		})
	}
}

package bot

import (
	"fmt"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// BenchmarkEventResult reads a finished race's result for its league
// (grid, finish, laps and turns led, the points spent, the luck index's
// rolls and tests: eventResult reads every line once), for an fdr race of
// ten cars over three laps with qualifying: what recording a season's
// results does once a race.
func BenchmarkEventResult(b *testing.B) {
	c, err := tracks.Get("port-azur")
	if err != nil {
		b.Fatal(err)
	}
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps, cfg.Sessions = 3, 1
	g, _, err := fd.Simulate(cfg, c, "port-azur", 10, fd.SeedFrom("bench-event-result"))
	if err != nil {
		b.Fatal(err)
	}
	lineup := make([]eventCar, len(g.Cars))
	for i := range lineup {
		lineup[i] = eventCar{Car: i + 1, Pilot: fmt.Sprintf("Pilot %d", i+1)}
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := eventResult(g, lineup, nil, 1); len(r.Cars) != len(g.Cars) {
			b.Fatal("not every car classified")
		}
	}
	b.ReportMetric(float64(len(g.Events)), "lines")
}

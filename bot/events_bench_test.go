package bot

import (
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// BenchmarkEventsOf5D is `replay --events` of a three-car 5-D race (one
// lap of the test oval, qualifying included) as another car's seat reads
// it: every line handed out as the game stood at its play, the other
// cars' build lines as their stand-ins.
func BenchmarkEventsOf5D(b *testing.B) {
	c, err := tracks.Get("test-oval")
	if err != nil {
		b.Fatal(err)
	}
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	for _, v := range []string{"5-D", "5-A"} {
		if err := cfg.EnableVariant(v); err != nil {
			b.Fatal(err)
		}
	}
	_, rec, err := fd.Simulate(cfg, c, "test-oval", 3, fd.SeedFrom("hidden-golden-records"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		evs, err := EventsOf(rec, c, 2)
		if err != nil || len(evs) != len(rec.Events) {
			b.Fatal(err)
		}
	}
}

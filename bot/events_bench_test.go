package bot

import "testing"

// BenchmarkEventsOf5D is `replay --events` of a three-car 5-D race (one
// lap of the test oval, qualifying included) as another car's seat reads
// it: every line handed out as the game stood at its play, the other
// cars' build lines as their stand-ins.
func BenchmarkEventsOf5D(b *testing.B) {
	c, rec := hidden5DRace(b)
	for b.Loop() {
		evs, err := EventsOf(rec, c, 2)
		if err != nil || len(evs) != len(rec.Events) {
			b.Fatal(err)
		}
	}
}

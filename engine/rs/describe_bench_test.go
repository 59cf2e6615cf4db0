package rs

import "testing"

// BenchmarkDescribeRace says every event of a finished standard race (the
// weather race of the pinned ones) in English and French, as a board or
// a record listing does.
func BenchmarkDescribeRace(b *testing.B) {
	g := playDescribeRace(b, 2, func(*Game, []Event) {})
	b.ReportMetric(float64(len(g.Events)), "events")
	for b.Loop() {
		for _, e := range g.Events {
			_ = describe(g, e, English)
			_ = describe(g, e, French)
		}
	}
}

package render

import (
	"bytes"
	"slices"
	"testing"
	"time"
)

// goalCircuits are the embedded circuits a 10-car Formula Dé race is run
// on (test-oval is a unit-test circuit too small for ten cars).
var goalCircuits = []string{"port-azur", "hollowmere", "kestrel-downs", "race-city", "oval"}

// BenchmarkBoardEveryCircuit draws and encodes the full 10-car board of
// every circuit halfway through a race, at the default size (1600 px),
// as BoardPNG does after every play. Issue 14's goal: a median of at most
// 10 ms on one core and at most 120 KB on every circuit. Each circuit
// reports the median of its iterations (median-ms) and the PNG's size in
// KB (1000 bytes).
//
//	go test ./render -run '^$' -bench BoardEveryCircuit -benchtime 100x -cpu 1 -benchmem -count 3
func BenchmarkBoardEveryCircuit(b *testing.B) {
	r := New()
	for _, track := range goalCircuits {
		g := midRace(b, track, 10)
		b.Run(track, func(b *testing.B) {
			var buf bytes.Buffer
			if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil { // the circuit layer is drawn once per circuit
				b.Fatal(err)
			}
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				buf.Reset()
				if err := r.BoardPNG(&buf, g, BoardOptions{}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2])/1e6, "median-ms")
			b.ReportMetric(float64(buf.Len())/1000, "KB")
		})
	}
}

package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// BenchmarkOrderCommit: one decision applied and committed (no image) on a
// real SQLite file with synchronous=FULL, on a 10-car race. It reports the
// 99th percentile as p99-ms (goal: under 2 ms).
func BenchmarkOrderCommit(b *testing.B) {
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	newGame := func(n int) string {
		id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: fmt.Sprint("bench-", n), Laps: 3})
		if err != nil {
			b.Fatal(err)
		}
		return id
	}
	games := 0
	id := newGame(games)
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		n, err := svc.Autoplay(ctx, id, 1)
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		if n == 0 { // that race is over: start another
			b.StopTimer()
			games++
			id = newGame(games)
			b.StartTimer()
		}
	}
	slices.Sort(took)
	if len(took) > 0 {
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	}
}

// BenchmarkLiveGamesMemory measures the heap a service holds for its live
// games (each loaded and cached, as a running service holds them; the
// records themselves stay in the store), per game and for 10,000 games
// (goal: under 100 MB).
func BenchmarkLiveGamesMemory(b *testing.B) {
	ctx := context.Background()
	const games = 1000
	for b.Loop() {
		store := memory.New()
		maker := New(Options{Store: store})
		ids := make([]string, games)
		for i := range games {
			id, err := maker.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats[:6], Seed: fmt.Sprint("mem-", i)})
			if err != nil {
				b.Fatal(err)
			}
			ids[i] = id
		}
		maker.Close()
		svc := New(Options{Store: store})
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, id := range ids {
			if err := store.View(ctx, func(tx persistence.ReadTx) error { _, err := svc.loaded(tx, id); return err }); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		per := float64(after.HeapAlloc-before.HeapAlloc) / games
		b.ReportMetric(per/1024, "KB/game")
		b.ReportMetric(per*10000/(1<<20), "MB/10k-games")
		svc.Close()
		store.Close()
	}
}

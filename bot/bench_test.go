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
// games (each loaded, cached and folded, as a running service holds them
// between orders; the records themselves stay in the store), per game and for 10,000 games
// (issue 14's goal: 10,000 live 10-car games in 50 MB). `fresh`: 10-car
// races just created; `mid-race`: 10-car, 3-lap races 750 decisions in
// (one race played, then copied under other ids in the store with its
// snapshot, as bot wrote it).
func BenchmarkLiveGamesMemory(b *testing.B) {
	ctx := context.Background()
	const games = 1000
	for _, stage := range []string{"fresh", "mid-race"} {
		b.Run(stage, func(b *testing.B) {
			store := memory.New()
			defer store.Close()
			maker := New(Options{Store: store})
			ids := make([]string, games)
			for i := range games {
				if stage == "mid-race" && i > 0 {
					ids[i] = copyGame(b, store, ids[0], fmt.Sprint("mid-", i))
					continue
				}
				id, err := maker.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: fmt.Sprint("mem-", i), Laps: 3})
				if err != nil {
					b.Fatal(err)
				}
				ids[i] = id
				if stage == "mid-race" {
					if _, err := maker.Autoplay(ctx, id, 750); err != nil {
						b.Fatal(err)
					}
				}
			}
			maker.Close()
			for b.Loop() {
				svc := New(Options{Store: store})
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				for _, id := range ids {
					if err := store.View(ctx, func(tx persistence.ReadTx) error { _, err := svc.loaded(tx, id); return err }); err != nil {
						b.Fatal(err)
					}
					svc.fold(id) // as the game's goroutine does after each order
				}
				runtime.GC()
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				per := float64(after.HeapAlloc-before.HeapAlloc) / games
				b.ReportMetric(per/1024, "KB/game")
				b.ReportMetric(per*10000/(1<<20), "MB/10k-games")
				svc.Close()
			}
		})
	}
}

// copyGame copies a game in the store under another id: its row, seats,
// record (chained afresh) and snapshot (bound to the copy's line), so a
// benchmark has many games deep in a race without playing each.
func copyGame(tb testing.TB, store persistence.Store, from, to string) string {
	tb.Helper()
	if err := store.Update(context.Background(), func(tx persistence.Tx) error { return copyGameTx(tx, from, to) }); err != nil {
		tb.Fatal(err)
	}
	return to
}

// copyGameTx is copyGame inside a transaction of the caller's.
func copyGameTx(tx persistence.Tx, from, to string) error {
	row, err := tx.Game(from)
	if err != nil {
		return err
	}
	if _, err := tx.CreateGame(persistence.Game{ID: to, Created: row.Created, Meta: row.Meta, State: row.State}); err != nil {
		return err
	}
	seats, err := tx.Seats(from)
	if err != nil {
		return err
	}
	for _, seat := range seats {
		seat.Game = to
		if err := tx.PutSeat(seat); err != nil {
			return err
		}
	}
	evs, err := tx.Events(from, 0, 0)
	if err != nil {
		return err
	}
	lines := make([]string, len(evs))
	for i, e := range evs {
		lines[i] = e.Line
	}
	if _, err := tx.Append(to, 0, lines...); err != nil {
		return err
	}
	stored, ok, err := tx.Snapshot(from)
	if err != nil || !ok {
		return err
	}
	snap, err := decodeSnapshot(stored)
	if err != nil {
		return err
	}
	at, err := tx.Events(to, stored.Seq-1, 1)
	if err != nil {
		return err
	}
	return tx.PutSnapshot(encodeSnapshot(to, stored.Seq, at[0].Hash, snap))
}

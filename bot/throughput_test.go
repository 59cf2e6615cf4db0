package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// BenchmarkOrdersPerSecond: committed orders per second with 8 races
// played at once (one decision per order, no image), by one process on
// SQLite, and by one and by three processes on PostgreSQL. A "process" is
// a Service with a store (a connection pool) of its own; each race stays
// on one of them, as its lease keeps it while it is busy. One b.Loop
// iteration is one order in each of the 8 races; it reports orders/s.
//
//	go test -run '^$' -bench OrdersPerSecond -benchtime 40x ./bot   # with PITWALL_TEST_POSTGRES set
func BenchmarkOrdersPerSecond(b *testing.B) {
	b.Run("sqlite-1", func(b *testing.B) {
		store, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		benchOrders(b, []persistence.Store{store})
	})
	for _, procs := range []int{1, 3} {
		b.Run(fmt.Sprintf("postgres-%d", procs), func(b *testing.B) {
			url := pgtest.URL(b)
			var stores []persistence.Store
			for range procs {
				s, err := postgres.Open(context.Background(), url)
				if err != nil {
					b.Fatal(err)
				}
				stores = append(stores, s)
			}
			benchOrders(b, stores)
		})
	}
}

func benchOrders(b *testing.B, stores []persistence.Store) {
	ctx := context.Background()
	var svcs []*Service
	for i, s := range stores {
		svc := New(Options{Store: s, Holder: fmt.Sprintf("bench-%d", i)})
		defer func() { svc.Close(); s.Close() }()
		svcs = append(svcs, svc)
	}
	const races = 8
	ids := make([]string, races)
	for i := range ids {
		id, err := svcs[0].Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: fmt.Sprint("tput-", i), Laps: 3})
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = id
	}
	var orders atomic.Int64
	var elapsed time.Duration
	for b.Loop() {
		start := time.Now()
		var wg sync.WaitGroup
		errs := make([]error, races)
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := svcs[i%len(svcs)].Autoplay(ctx, id, 1)
				orders.Add(int64(n))
				errs[i] = err
			}()
		}
		wg.Wait()
		elapsed += time.Since(start)
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	if elapsed > 0 {
		b.ReportMetric(float64(orders.Load())/elapsed.Seconds(), "orders/s")
	}
}

package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/persistence"
)

// BenchmarkAppendCommit is what one order costs on a real file with
// synchronous=FULL: one Update appending 10 record lines, its inbound key
// and one outbox message, committed (fsync). Besides ns/op it reports the
// 50th and 99th percentile of the Update's duration.
func BenchmarkAppendCommit(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.Update(ctx, func(tx persistence.Tx) error {
		_, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning, Meta: []byte(`{"rules":"fd2008","track":"port-azur"}`)})
		return err
	}); err != nil {
		b.Fatal(err)
	}
	lines := make([]string, 10)
	for i := range lines {
		lines[i] = fmt.Sprintf("p12 car%d gear 4 roll d8=7 move 31.2>38.1 wear tyres-1 %s", i, strings.Repeat("·", 20))
	}
	reply := strings.Repeat("Car 3 moves 7 spaces to 38.1 (2 stops in corner 4). ", 4)
	var last int64
	var durations []time.Duration
	n := 0
	for b.Loop() {
		n++
		start := time.Now()
		err := s.Update(ctx, func(tx persistence.Tx) error {
			in, seen, err := tx.SeenInbound("discord", fmt.Sprint(n))
			if err != nil || seen {
				return fmt.Errorf("seen %v: %w", in, err)
			}
			first := last + 1
			if last, err = tx.Append("g", last, lines...); err != nil {
				return err
			}
			if err := tx.RecordInbound(persistence.Inbound{Source: "discord", Key: fmt.Sprint(n), Game: "g",
				FirstSeq: first, LastSeq: last, Reply: reply, Received: t0}); err != nil {
				return err
			}
			_, err = tx.Enqueue(persistence.Message{Game: "g", Transport: "discord", Target: "1234567890", Text: reply, Created: t0})
			return err
		})
		durations = append(durations, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(durations)
	pct := func(p float64) float64 {
		return float64(durations[min(len(durations)-1, int(p*float64(len(durations))))].Nanoseconds())
	}
	b.ReportMetric(pct(0.50), "p50-ns")
	b.ReportMetric(pct(0.99), "p99-ns")
}

// BenchmarkViewRecord reads a 1000-line record and verifies its chain.
func BenchmarkViewRecord(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	lines := make([]string, 1000)
	for i := range lines {
		lines[i] = fmt.Sprintf("p%d car3 gear 4 roll d8=7 move 31.2>38.1", i)
	}
	if err := s.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning}); err != nil {
			return err
		}
		_, err := tx.Append("g", 0, lines...)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := s.View(ctx, func(tx persistence.ReadTx) error {
			if _, err := tx.Events("g", 0, 0); err != nil {
				return err
			}
			return tx.VerifyChain("g")
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOrderVsBare measures one order's commit (the Update of
// BenchmarkAppendCommit: inbound key check, 10 record lines, inbound key,
// one outbox message) against a bare transaction inserting one row, on the
// same driver and pragmas (WAL, synchronous=FULL), interleaved in one loop
// in a rotating order, so that the load of the machine hits all three
// alike: the store as it
// opens (hot statements prepared), the same store with its statements
// sent as text (as before), and the bare transaction. It reports p50 and
// p99 of each in ns and the ratios of the prepared order to the bare
// transaction (the goal: p99 at most 1 ms and at most 5× the bare one).
func BenchmarkOrderVsBare(b *testing.B) {
	ctx := context.Background()
	open := func(name string) *Store {
		s, err := Open(ctx, filepath.Join(b.TempDir(), name))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		if err := s.Update(ctx, func(tx persistence.Tx) error {
			_, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning, Meta: []byte(`{"rules":"fd2008","track":"port-azur"}`)})
			return err
		}); err != nil {
			b.Fatal(err)
		}
		return s
	}
	prepared, unprepared, bare := open("prepared.db"), open("unprepared.db"), open("bare.db")
	if err := unprepared.stmts.Close(); err != nil {
		b.Fatal(err)
	}
	unprepared.stmts = nil
	if _, err := bare.writer.ExecContext(ctx, `CREATE TABLE bare (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	lines := make([]string, 10)
	for i := range lines {
		lines[i] = fmt.Sprintf("p12 car%d gear 4 roll d8=7 move 31.2>38.1 wear tyres-1 %s", i, strings.Repeat("·", 20))
	}
	reply := strings.Repeat("Car 3 moves 7 spaces to 38.1 (2 stops in corner 4). ", 4)
	lasts := map[*Store]int64{}
	order := func(s *Store, n int) error {
		return s.Update(ctx, func(tx persistence.Tx) error {
			key := fmt.Sprint(n)
			if _, seen, err := tx.SeenInbound("discord", key); err != nil || seen {
				return fmt.Errorf("seen %v: %w", seen, err)
			}
			first := lasts[s] + 1
			last, err := tx.Append("g", lasts[s], lines...)
			if err != nil {
				return err
			}
			lasts[s] = last
			if err := tx.RecordInbound(persistence.Inbound{Source: "discord", Key: key, Game: "g",
				FirstSeq: first, LastSeq: last, Reply: reply, Received: t0}); err != nil {
				return err
			}
			_, err = tx.Enqueue(persistence.Message{Game: "g", Transport: "discord", Target: "1234567890", Text: reply, Created: t0})
			return err
		})
	}
	bareTx := func() error {
		stx, err := bare.writer.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := stx.ExecContext(ctx, `INSERT INTO bare (body) VALUES ($1)`, reply); err != nil {
			stx.Rollback()
			return err
		}
		return stx.Commit()
	}
	var dPrep, dText, dBare []time.Duration
	timed := func(d *[]time.Duration, fn func() error) {
		start := time.Now()
		err := fn()
		*d = append(*d, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	for b.Loop() {
		n++
		steps := []func(){ // rotated, so that none always runs first
			func() { timed(&dPrep, func() error { return order(prepared, n) }) },
			func() { timed(&dText, func() error { return order(unprepared, n) }) },
			func() { timed(&dBare, bareTx) },
		}
		for i := range steps {
			steps[(n+i)%len(steps)]()
		}
	}
	pct := func(ds []time.Duration, p float64) float64 {
		s := slices.Clone(ds)
		slices.Sort(s)
		return float64(s[min(len(s)-1, int(p*float64(len(s))))].Nanoseconds())
	}
	b.ReportMetric(pct(dPrep, 0.50), "order-p50-ns")
	b.ReportMetric(pct(dPrep, 0.99), "order-p99-ns")
	b.ReportMetric(pct(dText, 0.50), "unprepared-p50-ns")
	b.ReportMetric(pct(dText, 0.99), "unprepared-p99-ns")
	b.ReportMetric(pct(dBare, 0.50), "bare-p50-ns")
	b.ReportMetric(pct(dBare, 0.99), "bare-p99-ns")
	b.ReportMetric(pct(dPrep, 0.50)/pct(dBare, 0.50), "p50-x-bare")
	b.ReportMetric(pct(dPrep, 0.99)/pct(dBare, 0.99), "p99-x-bare")
}

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

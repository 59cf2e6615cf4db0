package rs

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

var updateRecords = flag.Bool("update-rs-records", false, "rewrite testdata/records/v1/mixed-4.rec")

// writeMixedRecord writes a frozen record with what the autopilot never
// does: risk taken, orders changed, deadlines (go test -run
// TestFrozenRecordsReplay -update-rs-records).
func writeMixedRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	seed := SeedFrom("fixture-mixed")
	src := dice.NewSeeded(seed)
	g, err := NewGame("fixture-mixed", Config{Mode: Family, Seats: 4}, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over {
		pend := g.Pending()
		if rng.IntN(5) == 0 {
			g.Expire(src)
			continue
		}
		if _, err := g.Submit(randomOrder(g, pend[rng.IntN(len(pend))].Seat, rng), src); err != nil {
			t.Fatal(err)
		}
	}
	rec := &Record{Game: "fixture-mixed", Mode: Family, Seats: 4, Track: "windmere", Commitment: dice.Commitment(seed), Seed: dice.FormatSeed(seed), Events: g.Events}
	if err := os.WriteFile("testdata/records/v1/mixed-4.rec", []byte(rec.Text()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Frozen records (testdata/records/v1): every stored game must replay and
// verify forever. If a change breaks one, the change broke every stored
// game of that kind: fix the change, or bump the record version. The two
// standard-*.rec were written by the standard game before its advanced
// rules and variants (R-MODE-01) came: an optional rule switched off
// changes nothing. The two league-risk-*.rec carry a league's risk deck
// in the risk-deck block written before the deck-begin blocks (AMB-30).
func TestFrozenRecordsReplay(t *testing.T) {
	if *updateRecords {
		writeMixedRecord(t)
	}
	files, err := filepath.Glob("testdata/records/v1/*.rec")
	if err != nil || len(files) == 0 {
		t.Fatalf("no frozen records: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ParseRecord(string(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if rec.Text() != string(b) {
			t.Fatalf("%s: the record text is not stable", f)
		}
		g, err := Replay(rec)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !g.Over {
			t.Fatalf("%s: not over", f)
		}
		if _, _, err := Verify(rec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

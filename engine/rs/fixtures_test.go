package rs

import (
	"os"
	"path/filepath"
	"testing"
)

// Frozen records (testdata/records/v1): every stored game must replay and
// verify forever. If a change breaks one, the change broke every stored
// game of that kind: fix the change, or bump the record version.
func TestFrozenRecordsReplay(t *testing.T) {
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

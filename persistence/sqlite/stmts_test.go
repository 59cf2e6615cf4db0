package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/persistence"
)

// The statements of one order's commit are prepared when the store opens,
// and appends of every length, cut into the INSERTs of the sizes kept
// prepared, give the record and hash chain that line-by-line appends give.
func TestPreparedAppendsMatchLineByLine(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.stmts.Len() < 8 {
		t.Fatalf("%d statements prepared at open, want the hot ones (at least 8)", s.stmts.Len())
	}
	var all []string
	for _, n := range []int{1, 10, 16, 17, 33, 64, 65, 100, 131} {
		for i := range n {
			all = append(all, fmt.Sprintf("batch %d line %d", n, i))
		}
	}
	if err := s.Update(ctx, func(tx persistence.Tx) error {
		for _, id := range []string{"batched", "single"} {
			if _, err := tx.CreateGame(persistence.Game{ID: id, Created: t0, State: persistence.GameRunning}); err != nil {
				return err
			}
		}
		var last int64
		for _, n := range []int{1, 10, 16, 17, 33, 64, 65, 100, 131} {
			var err error
			if last, err = tx.Append("batched", last, all[last:last+int64(n)]...); err != nil {
				return err
			}
		}
		for i, l := range all {
			if _, err := tx.Append("single", int64(i), l); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.View(ctx, func(tx persistence.ReadTx) error {
		a, err := tx.Events("batched", 0, 0)
		if err != nil {
			return err
		}
		b, err := tx.Events("single", 0, 0)
		if err != nil {
			return err
		}
		if len(a) != len(all) || len(b) != len(all) {
			return fmt.Errorf("%d and %d events, want %d", len(a), len(b), len(all))
		}
		ha, hb := persistence.ChainStart("batched"), persistence.ChainStart("single")
		for i := range a {
			ha, hb = persistence.ChainNext(ha, all[i]), persistence.ChainNext(hb, all[i])
			if a[i].Seq != int64(i+1) || a[i].Line != all[i] || string(a[i].Hash) != string(ha) {
				return fmt.Errorf("event %d batched: %+v, want line %q hash %x", i+1, a[i], all[i], ha)
			}
			if b[i].Seq != int64(i+1) || b[i].Line != all[i] || string(b[i].Hash) != string(hb) {
				return fmt.Errorf("event %d line by line: %+v, want line %q hash %x", i+1, b[i], all[i], hb)
			}
		}
		if err := tx.VerifyChain("batched"); err != nil {
			return err
		}
		return tx.VerifyChain("single")
	}); err != nil {
		t.Fatal(err)
	}
}

package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// record.txt is told line by line as a spectator reads it only when the
// game contract hands a line out to fewer readers than everyone
// (toldToSome): under league variant 5-D a racing car's build lines are
// then comments with the build total (league AMB-17); without it the running
// race's record.txt is the stored record, whole.
func TestRecordTextToldLineByLineOnlyWhenALineIsSecret(t *testing.T) {
	for _, variants := range [][]string{nil, {"5-D"}} {
		svc, store := newTestService(t)
		ctx := context.Background()
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "record-text-told", Variants: variants})
		require.NoError(t, err)
		var whole string
		var secret bool
		for step := 0; !strings.Contains(whole, "\nconfiguration car=2 "); step++ {
			require.Less(t, step, 400, "%v: car 2 is built", variants)
			_, err = svc.Autoplay(ctx, id, 1)
			require.NoError(t, err)
			require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
				_, _, rec, _, err := storedRecord(tx, id)
				if err != nil {
					return err
				}
				whole = rec.Text()
				return svc.withView(tx, id, func(l *live) error {
					secret = toldToSome(l.contract(), rec.Events)
					return nil
				})
			}))
		}
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, persistence.GameRunning, v.State, "%v: the race runs", variants)
		told, err := svc.GameRecord(ctx, id)
		require.NoError(t, err)
		if variants == nil {
			assert.False(t, secret, "without 5-D every line is everyone's")
			assert.Equal(t, whole, told, "without 5-D record.txt is the record")
			continue
		}
		assert.True(t, secret, "5-D: the racing cars' builds are their owners'")
		assert.NotEqual(t, whole, told)
		assert.Contains(t, told, "# configuration car=2 ")
	}
}

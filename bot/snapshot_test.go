package bot

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// liveAndWhole loads a game twice, as the live game (from its snapshot
// when it fits) and rebuilt from its whole record.
func liveAndWhole(t *testing.T, svc *Service, store persistence.Store, id string) (live, whole *live) {
	t.Helper()
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		var err error
		if live, err = svc.loadLive(tx, id); err != nil {
			return err
		}
		whole, err = svc.load(tx, id)
		return err
	}))
	return live, whole
}

// fromSnapshot reports whether a loaded game was resumed from a snapshot:
// its events then start with the position's lines.
func fromSnapshot(l *live) bool {
	return len(l.race().Events) > 0 && l.race().Events[0].Kind == "position"
}

// playOn plays the game to its end with the autopilot and the game's own
// seeded dice, and returns the events it produced.
func playOn(t *testing.T, svc *Service, l *live) []string {
	t.Helper()
	from := len(l.race().Events)
	src := svc.dice(l)
	for !l.race().Over {
		o, ok := fd.Autopilot(l.race())
		require.True(t, ok)
		require.NoError(t, l.race().Submit(o, src))
	}
	return eventLines(l.race().Events[from:])
}

// A snapshot never changes behaviour (issue 14). A 10-car, 3-lap race is
// played through the service, which stores a snapshot every snapshotEvery
// plays in the order's transaction; at many points of the race the game
// loaded as after a restart (from its latest snapshot and the lines after
// it) waits on the same decisions, in the same position, as the game
// rebuilt from its whole record, and both play on to the flag with
// identical events.
func TestSnapshotLoadsAsTheWholeRecord(t *testing.T) {
	ctx := context.Background()
	svc, store := newTestService(t)
	id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "snapshots", Laps: 3})
	require.NoError(t, err)
	checked, resumed := 0, 0
	for step := 0; ; step++ {
		n, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		if n == 0 {
			break
		}
		if step%97 != 0 {
			continue
		}
		live, whole := liveAndWhole(t, svc, store, id)
		if fromSnapshot(live) {
			resumed++
		}
		require.Equal(t, whole.race().PendingAll(), live.race().PendingAll(), "step %d", step)
		require.Equal(t, whole.race().Position(), live.race().Position(), "step %d", step)
		require.Equal(t, whole.race().Play, live.race().Play, "step %d", step)
		require.Equal(t, playOn(t, svc, whole), playOn(t, svc, live), "step %d: the race plays on identically", step)
		checked++
	}
	t.Logf("%d points checked, %d of them loaded from a snapshot", checked, resumed)
	assert.Greater(t, resumed, checked*3/4, "deep in the race every load starts from a snapshot")
}

// storedSnapshot is the game's snapshot row.
func storedSnapshot(t *testing.T, store persistence.Store, id string) persistence.Snapshot {
	t.Helper()
	var snap persistence.Snapshot
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		var ok bool
		var err error
		snap, ok, err = tx.Snapshot(id)
		if err == nil && !ok {
			t.Fatal("the game has no snapshot")
		}
		return err
	}))
	return snap
}

// A snapshot that does not fit its record is ignored: the record is the
// truth. A damaged row, one naming another line of the record, one whose
// position was edited (its checksum no longer matching), and one a
// take-back has since cut into all load the game from its whole record,
// and the race goes on as before.
func TestSnapshotThatDoesNotFitIsIgnored(t *testing.T) {
	ctx := context.Background()
	svc, store := newTestService(t)
	id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "damaged", Laps: 1})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 4*snapshotEvery)
	require.NoError(t, err)
	good := storedSnapshot(t, store, id)
	live, _ := liveAndWhole(t, svc, store, id)
	require.True(t, fromSnapshot(live), "the intact snapshot is used")

	edited := good
	edited.Data = append([]byte(nil), good.Data...)
	edited.Data[len(edited.Data)-2] ^= 1
	elsewhere := good
	elsewhere.Seq--
	decoded, err := decodeSnapshot(good)
	require.NoError(t, err)
	longTail := encodeSnapshot(id, good.Seq, good.Hash, engine.Snapshot{Lines: decoded.Lines, Tail: 99999})
	for name, bad := range map[string]persistence.Snapshot{
		"garbage":           {Game: id, Seq: good.Seq, Hash: good.Hash, Data: []byte("not a snapshot")},
		"another line":      elsewhere,
		"edited position":   edited,
		"tail past the end": longTail,
	} {
		t.Run(name, func(t *testing.T) {
			require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error { return tx.PutSnapshot(bad) }))
			live, whole := liveAndWhole(t, svc, store, id)
			assert.False(t, fromSnapshot(live), "ignored")
			assert.Equal(t, whole.race().Position(), live.race().Position())
			assert.Equal(t, len(whole.race().Events), len(live.race().Events), "rebuilt from the whole record")
		})
	}
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error { return tx.PutSnapshot(good) }))

	// a take-back after the snapshot: its cut may reach into the play the
	// snapshot starts from
	_, err = svc.Handle(ctx, Request{Identity: cli("A"), Game: id, Text: "takeback test"})
	require.NoError(t, err)
	live, whole := liveAndWhole(t, svc, store, id)
	assert.False(t, fromSnapshot(live), "a take-back after the snapshot: the whole record")
	assert.Equal(t, whole.race().Position(), live.race().Position())
	assert.Equal(t, playOn(t, svc, whole), playOn(t, svc, live))

	// and the race goes on through the service, snapshots again
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error { return tx.VerifyChain(id) }))
}

// BenchmarkFirstOrderAfterRestart: the first order a service applies to a
// game after a restart (or after the game left memory, Options.GameIdle),
// 1,500 decisions into a 10-car, 3-lap race on a SQLite file: the game is
// loaded, the order applied and committed. `snapshot` loads from the
// latest snapshot; `whole-record` replays the whole record, as before
// snapshots (issue 14: 4 → 39 ms over a race).
func BenchmarkFirstOrderAfterRestart(b *testing.B) {
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "restart.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	setup := New(Options{Store: store})
	id, err := setup.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "restart", Laps: 3})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := setup.Autoplay(ctx, id, 1500); err != nil {
		b.Fatal(err)
	}
	setup.Close()
	for _, mode := range []string{"snapshot", "whole-record"} {
		b.Run(mode, func(b *testing.B) {
			var took []time.Duration
			for b.Loop() {
				svc := New(Options{Store: store}) // a restart: nothing in memory
				svc.noSnapshots = mode == "whole-record"
				start := time.Now()
				n, err := svc.Autoplay(ctx, id, 1)
				took = append(took, time.Since(start))
				svc.Close()
				if err != nil || n != 1 {
					b.Fatalf("%d orders: %v", n, err)
				}
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		})
	}
}

// A restart replays no more lines than the snapshot's and those after it
// (issue 14; issue 13 group 5 moved the load behind engine.Replayer): the
// game loaded after a restart holds exactly the snapshot's position lines
// and the record lines stored after the snapshot, far fewer than the
// whole record. Counted, not timed (BenchmarkFirstOrderAfterRestart times
// it).
func TestRestartReplaysOnlyTheSnapshotAndTheLinesAfter(t *testing.T) {
	ctx := context.Background()
	svc, store := newTestService(t)
	id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "restart-count", Laps: 2})
	require.NoError(t, err)
	for _, decisions := range []int{150, 97, 211} {
		_, err = svc.Autoplay(ctx, id, decisions)
		require.NoError(t, err)
		stored := storedSnapshot(t, store, id)
		snap, err := decodeSnapshot(stored)
		require.NoError(t, err)
		restarted := New(Options{Store: store, Now: svc.opts.Now})
		var l *live
		var last int64
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(id)
			last = row.LastSeq
			if err == nil {
				l, err = restarted.loadLive(tx, id)
			}
			return err
		}))
		restarted.Close()
		require.True(t, fromSnapshot(l), "after %d more decisions", decisions)
		assert.Equal(t, len(snap.Lines)+int(last-stored.Seq), len(l.race().Events),
			"replayed: the snapshot's lines and the lines after it")
		assert.Less(t, len(l.race().Events), int(last)/2, "far fewer than the whole record (%d lines)", last)
	}
}

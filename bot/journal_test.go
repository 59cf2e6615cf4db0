package bot

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/stretchr/testify/require"
)

// storedState is what a refused commit must leave as it was: the record,
// the game row's version and the messages queued.
func storedState(t *testing.T, svc *Service, store persistence.Store, id string) (string, int64, int) {
	t.Helper()
	ctx := context.Background()
	record, err := svc.GameRecord(ctx, id)
	require.NoError(t, err)
	var version int64
	var queued int
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(id)
		if err != nil {
			return err
		}
		version = row.Version
		msgs, err := tx.Pending(time.Now().Add(time.Hour), 10000)
		queued = len(msgs)
		return err
	}))
	return record, version, queued
}

// TestCommitRefusesAChangeOutsideTheContract: the journal is trusted but
// checked (journal.check). An order given through the contract, then a
// line the race's record gained without a step (a hook appending an
// event, or altering one, on the *fd.Game directly) is a bug: the commit
// names the game and stores and sends nothing, and the game plays on as
// its twin that never met the bug.
func TestCommitRefusesAChangeOutsideTheContract(t *testing.T) {
	bypasses := map[string]func(g *fd.Game){
		"a line appended": func(g *fd.Game) {
			g.Events = append(g.Events, fd.Event{Kind: "note", Args: []fd.Arg{{Key: "text", Val: "written past the contract"}}})
		},
		"a line altered": func(g *fd.Game) {
			last := &g.Events[len(g.Events)-1]
			last.Args = append(append([]fd.Arg(nil), last.Args...), fd.Arg{Key: "extra", Val: "1"})
		},
	}
	for name, bypass := range bypasses {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			req := CreateRequest{Track: "port-azur", Seats: []string{"Ann", "Bob"}, Seed: "journal-guard", Laps: 1}
			svc, store := newMemoryService(t)
			id, err := svc.Create(ctx, req)
			require.NoError(t, err)
			recordBefore, versionBefore, queuedBefore := storedState(t, svc, store, id)

			err = store.Update(ctx, func(tx persistence.Tx) error {
				l, err := svc.loaded(tx, id)
				if err != nil {
					return err
				}
				l.beginCommand()
				defer l.endCommand()
				pending := l.game.Pending()
				require.NotEmpty(t, pending)
				key, ok := l.game.Autopilot(pending[0].Seat)
				require.True(t, ok)
				_, err = svc.submitKey(l, pending[0].Seat+1, key)
				require.NoError(t, err)
				require.NotEmpty(t, l.caused, "the order's step is journaled")
				bypass(l.race())
				return svc.commit(tx, l, id, "en")
			})
			require.ErrorContains(t, err, id)
			require.ErrorContains(t, err, "outside the contract")
			svc.forget(id) // as every failed command does

			recordAfter, versionAfter, queuedAfter := storedState(t, svc, store, id)
			require.Equal(t, recordBefore, recordAfter, "nothing is stored")
			require.Equal(t, versionBefore, versionAfter)
			require.Equal(t, queuedBefore, queuedAfter, "nothing is sent")

			// unharmed: it plays on exactly as a twin that never met the bug
			twin, _ := newMemoryService(t)
			twinID, err := twin.Create(ctx, req)
			require.NoError(t, err)
			for _, s := range []struct {
				svc *Service
				id  string
			}{{svc, id}, {twin, twinID}} {
				made, err := s.svc.Autoplay(ctx, s.id, 5)
				require.NoError(t, err)
				require.Equal(t, 5, made)
			}
			played, err := svc.GameRecord(ctx, id)
			require.NoError(t, err)
			twinPlayed, err := twin.GameRecord(ctx, twinID)
			require.NoError(t, err)
			require.Equal(t, twinPlayed, played)
			require.NotEqual(t, recordBefore, played)
		})
	}
}

// TestNoJournalPastItsCommand: the journal lives for one command; the
// live game a service keeps between commands (its cache) holds none of
// it, whichever path applied the command — a player's order, a deadline's
// default, an autoplayed decision.
func TestNoJournalPastItsCommand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		store := memory.New()
		svc := New(Options{Store: store})
		defer svc.Close()
		svc.noFold = true // the cached game stays whole, journal field and all
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "journal-lines", Deadline: time.Minute})
		require.NoError(t, err)
		cachedJournal := func() int {
			svc.mu.Lock()
			defer svc.mu.Unlock()
			l := svc.cache[id]
			require.NotNil(t, l, "the game is cached")
			return len(l.caused)
		}

		p := pendingFor(t, svc, id)
		name := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
		_, err = svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: orderText(p)})
		require.NoError(t, err)
		require.Zero(t, cachedJournal(), "after a player's order")

		p = pendingFor(t, svc, id)
		var due persistence.Deadline
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			ds, err := tx.Deadlines(id)
			for _, d := range ds {
				if d.Seat == p.Car && d.Kind == persistence.DeadlineDecision {
					due = d
				}
			}
			return err
		}))
		require.Equal(t, p.Car, due.Seat)
		time.Sleep(time.Until(due.Due))
		require.NoError(t, svc.Fire(ctx, due))
		require.Equal(t, 1, seatOf(t, store, id, p.Car).Misses, "the deadline fired")
		require.Zero(t, cachedJournal(), "after a deadline's default")

		made, err := svc.Autoplay(ctx, id, 3)
		require.NoError(t, err)
		require.Equal(t, 3, made)
		require.Zero(t, cachedJournal(), "after Autoplay")
	})
}

// TestServedCommitRefusesAChangeOutsideTheContract: a contract game
// (Racing Simulator) keeps the same journal and the same guard. An order
// given straight to the engine.Game, not through served.submit, leaves the
// journal short of the record: the commit names the game, nothing is
// stored or sent, and the game plays on as it would have.
func TestServedCommitRefusesAChangeOutsideTheContract(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "cragsby", Mode: "standard", Seed: "rs-journal"})
	ctx := context.Background()
	recordBefore, versionBefore, queuedBefore := storedState(t, tb.svc, tb.store, tb.id)
	err := tb.store.Update(ctx, func(tx persistence.Tx) error {
		l, err := tb.svc.loadServed(tx, tb.id)
		if err != nil {
			return err
		}
		pending := l.game.Pending()
		require.NotEmpty(t, pending)
		key, ok := l.game.Autopilot(pending[0].Seat)
		require.True(t, ok)
		r, err := l.random()
		if err != nil {
			return err
		}
		step, err := l.game.Submit(pending[0].Seat, key, r) // past the journal
		require.NoError(t, err)
		require.NotEmpty(t, step.Events)
		return tb.svc.commitServed(tx, l)
	})
	require.ErrorContains(t, err, tb.id)
	require.ErrorContains(t, err, "outside the contract")
	recordAfter, versionAfter, queuedAfter := storedState(t, tb.svc, tb.store, tb.id)
	require.Equal(t, recordBefore, recordAfter, "nothing is stored")
	require.Equal(t, versionBefore, versionAfter)
	require.Equal(t, queuedBefore, queuedAfter, "nothing is sent")

	made, err := tb.svc.Autoplay(ctx, tb.id, 3)
	require.NoError(t, err)
	require.Equal(t, 3, made)
	played, err := tb.svc.GameRecord(ctx, tb.id)
	require.NoError(t, err)
	require.NotEqual(t, recordBefore, played)
}

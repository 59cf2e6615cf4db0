package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// Tampering is how Backend.Tamper damages a stored record line.
type Tampering int

const (
	// EditLine changes the text of the line (and not its hash).
	EditLine Tampering = iota
	// EditHash changes the stored hash of the line.
	EditHash
	// DeleteLine removes the line.
	DeleteLine
)

func (h Tampering) String() string {
	return [...]string{"EditLine", "EditHash", "DeleteLine"}[h]
}

// Backend is what the suite needs from a backend.
type Backend struct {
	// Open returns a new, empty store. The suite closes it.
	Open func(t *testing.T) persistence.Store
	// Tamper damages line seq of game's record behind the store's back
	// (raw SQL for SQLite). Nil skips the tamper tests.
	Tamper func(t *testing.T, s persistence.Store, game string, seq int64, how Tampering)
}

// Run runs the whole suite, each part as a subtest.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(*testing.T, Backend)
	}{
		{"Games", testGames},
		{"AppendAndChain", testAppendAndChain},
		{"AppendConflict", testAppendConflict},
		{"AppendInvalid", testAppendInvalid},
		{"Tamper", testTamper},
		{"InboundDedup", testInboundDedup},
		{"Atomicity", testAtomicity},
		{"PanicRollsBack", testPanicRollsBack},
		{"CanceledContext", testCanceledContext},
		{"FailedWriteKeepsTxUsable", testFailedWriteKeepsTxUsable},
		{"Outbox", testOutbox},
		{"Deadlines", testDeadlines},
		{"Players", testPlayers},
		{"Seats", testSeats},
		{"Leagues", testLeagues},
		{"Snapshots", testSnapshots},
		{"ViewIsReadOnly", testViewIsReadOnly},
		{"TxDoneAfterUpdate", testTxDone},
		{"Closed", testClosed},
		{"ConcurrentAppends", testConcurrentAppends},
		{"ConcurrentGames", testConcurrentGames},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, b) })
	}
}

// t0 has nanoseconds and a zone on purpose: stored times are UTC
// milliseconds.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 123_456_789, time.FixedZone("CET", 3600))

func open(t *testing.T, b Backend) persistence.Store {
	t.Helper()
	s := b.Open(t)
	t.Cleanup(func() { s.Close() })
	return s
}

func update(t *testing.T, s persistence.Store, fn func(persistence.Tx) error) {
	t.Helper()
	require.NoError(t, s.Update(context.Background(), fn))
}

func view(t *testing.T, s persistence.Store, fn func(persistence.ReadTx) error) {
	t.Helper()
	require.NoError(t, s.View(context.Background(), fn))
}

func newGame(t *testing.T, s persistence.Store, id string) persistence.Game {
	t.Helper()
	var g persistence.Game
	update(t, s, func(tx persistence.Tx) error {
		var err error
		g, err = tx.CreateGame(persistence.Game{ID: id, Created: t0, Meta: []byte(`{"rules":"fd2008"}`), State: persistence.GameRunning})
		return err
	})
	return g
}

func appendLines(t *testing.T, s persistence.Store, game string, after int64, lines ...string) int64 {
	t.Helper()
	var last int64
	update(t, s, func(tx persistence.Tx) error {
		var err error
		last, err = tx.Append(game, after, lines...)
		return err
	})
	return last
}

func events(t *testing.T, s persistence.Store, game string) []persistence.Event {
	t.Helper()
	var es []persistence.Event
	view(t, s, func(tx persistence.ReadTx) error {
		var err error
		es, err = tx.Events(game, 0, 0)
		return err
	})
	return es
}

func getGame(t *testing.T, s persistence.Store, id string) persistence.Game {
	t.Helper()
	var g persistence.Game
	view(t, s, func(tx persistence.ReadTx) error {
		var err error
		g, err = tx.Game(id)
		return err
	})
	return g
}

func verify(s persistence.Store, game string) error {
	return s.View(context.Background(), func(tx persistence.ReadTx) error { return tx.VerifyChain(game) })
}

func testGames(t *testing.T, b Backend) {
	s := open(t, b)
	g := newGame(t, s, "g1")
	assert.Equal(t, persistence.Game{
		ID: "g1", Created: persistence.Millis(t0), Meta: []byte(`{"rules":"fd2008"}`), State: persistence.GameRunning,
		Version: 1, LastSeq: 0, Head: persistence.ChainStart("g1"),
	}, g)
	assert.Equal(t, time.UTC, g.Created.Location())
	assert.Equal(t, 123_000_000, g.Created.Nanosecond(), "milliseconds kept, the rest dropped")
	assert.Equal(t, g, getGame(t, s, "g1"), "read back as created")

	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.CreateGame(persistence.Game{ID: "g1", Created: t0, State: persistence.GameSetup})
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrDuplicate)

	for _, bad := range []persistence.Game{
		{ID: "", Created: t0, State: persistence.GameSetup},
		{ID: "x", State: persistence.GameSetup},
		{ID: "x", Created: t0, State: "racing"},
		{ID: "a\nb", Created: t0, State: persistence.GameSetup},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error {
			_, err := tx.CreateGame(bad)
			return err
		})
		assert.ErrorIs(t, err, persistence.ErrInvalid, "%+v", bad)
	}

	// no meta: stored as empty
	update(t, s, func(tx persistence.Tx) error {
		_, err := tx.CreateGame(persistence.Game{ID: "g0", Created: t0.Add(-time.Hour), State: persistence.GameSetup})
		return err
	})
	assert.Equal(t, []byte{}, getGame(t, s, "g0").Meta)

	// update with the right version, then a stale one
	var g2 persistence.Game
	update(t, s, func(tx persistence.Tx) error {
		var err error
		g.State, g.Meta = persistence.GamePaused, []byte("paused by admin")
		g2, err = tx.UpdateGame(g)
		return err
	})
	assert.Equal(t, int64(2), g2.Version)
	assert.Equal(t, persistence.GamePaused, g2.State)
	assert.Equal(t, g2, getGame(t, s, "g1"))
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.UpdateGame(g) // still version 1
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrConflict)
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.UpdateGame(persistence.Game{ID: "nope", Version: 1, State: persistence.GameRunning})
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		bad := g2
		bad.State = "bogus"
		_, err := tx.UpdateGame(bad)
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrInvalid)

	// live games: not finished, oldest first, ties by id
	update(t, s, func(tx persistence.Tx) error {
		for _, g := range []persistence.Game{
			{ID: "g3", Created: t0, State: persistence.GameSetup},
			{ID: "done", Created: t0.Add(-2 * time.Hour), State: persistence.GameFinished},
			{ID: "g4", Created: t0.Add(time.Hour), State: persistence.GameRunning},
		} {
			if _, err := tx.CreateGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	view(t, s, func(tx persistence.ReadTx) error {
		live, err := tx.LiveGames()
		require.NoError(t, err)
		var ids []string
		for _, g := range live {
			ids = append(ids, g.ID)
			assert.True(t, g.Live())
		}
		assert.Equal(t, []string{"g0", "g1", "g3", "g4"}, ids)
		// every game, finished too, newest first, ties by id descending
		all, err := tx.RecentGames(0)
		require.NoError(t, err)
		ids = nil
		for _, g := range all {
			ids = append(ids, g.ID)
		}
		require.Len(t, ids, 5)
		assert.Equal(t, []string{"g4"}, ids[:1])
		assert.Equal(t, "done", ids[4], "the oldest game comes last")
		for i := 1; i < len(all); i++ {
			a, b := all[i-1], all[i]
			assert.True(t, a.Created.After(b.Created) || a.Created.Equal(b.Created) && a.ID > b.ID, "%s before %s", a.ID, b.ID)
		}
		two, err := tx.RecentGames(2)
		require.NoError(t, err)
		assert.Equal(t, all[:2], two)
		_, err = tx.Game("nope")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})

	// a slice handed back is a copy
	got := getGame(t, s, "g1")
	got.Meta[0] = 'X'
	got.Head[0] ^= 0xff
	assert.Equal(t, g2, getGame(t, s, "g1"))
}

func testAppendAndChain(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	last := appendLines(t, s, "g", 0, "start fd2008 test-oval", "roll d6 4", "move A 12")
	assert.Equal(t, int64(3), last)
	last = appendLines(t, s, "g", 3, "roll d6 3")
	assert.Equal(t, int64(4), last)

	es := events(t, s, "g")
	require.Len(t, es, 4)
	h := persistence.ChainStart("g")
	for i, e := range es {
		h = persistence.ChainNext(h, e.Line)
		assert.Equal(t, int64(i+1), e.Seq)
		assert.Equal(t, "g", e.Game)
		assert.Equal(t, h, e.Hash, "seq %d: hash_n = SHA-256(hash_n-1 || line)", e.Seq)
	}
	assert.Equal(t, []string{"start fd2008 test-oval", "roll d6 4", "move A 12", "roll d6 3"},
		[]string{es[0].Line, es[1].Line, es[2].Line, es[3].Line})

	g := getGame(t, s, "g")
	assert.Equal(t, int64(4), g.LastSeq)
	assert.Equal(t, h, g.Head)
	assert.Equal(t, int64(3), g.Version, "one version per Append call")
	assert.NoError(t, verify(s, "g"))

	view(t, s, func(tx persistence.ReadTx) error {
		part, err := tx.Events("g", 1, 2)
		require.NoError(t, err)
		require.Len(t, part, 2)
		assert.Equal(t, []int64{2, 3}, []int64{part[0].Seq, part[1].Seq})
		none, err := tx.Events("g", 4, 0)
		require.NoError(t, err)
		assert.Empty(t, none)
		_, err = tx.Events("nope", 0, 0)
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		assert.ErrorIs(t, tx.VerifyChain("nope"), persistence.ErrNotFound)
		return nil
	})

	// an empty record verifies too
	newGame(t, s, "empty")
	assert.NoError(t, verify(s, "empty"))

	// many lines in one append (more than one INSERT's worth)
	newGame(t, s, "long")
	lines := make([]string, 450)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d é", i+1)
	}
	assert.Equal(t, int64(450), appendLines(t, s, "long", 0, lines...))
	assert.NoError(t, verify(s, "long"))
	assert.Len(t, events(t, s, "long"), 450)
}

func testAppendConflict(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	appendLines(t, s, "g", 0, "a", "b")
	for _, after := range []int64{0, 1, 3} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error {
			_, err := tx.Append("g", after, "late")
			return err
		})
		assert.ErrorIs(t, err, persistence.ErrConflict, "after %d", after)
	}
	assert.Len(t, events(t, s, "g"), 2, "a conflicting append writes nothing")
	assert.Equal(t, int64(2), getGame(t, s, "g").Version)
	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.Append("nope", 0, "x")
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)
}

func testAppendInvalid(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	for _, lines := range [][]string{nil, {""}, {"ok", "two\nlines"}, {"cr\r"}, {"nul\x00"}, {"bad \xff utf8"}} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error {
			_, err := tx.Append("g", 0, lines...)
			return err
		})
		assert.ErrorIs(t, err, persistence.ErrInvalid, "%q", lines)
	}
	assert.Empty(t, events(t, s, "g"))
}

func testTamper(t *testing.T, b Backend) {
	if b.Tamper == nil {
		t.Skip("backend offers no way to tamper")
	}
	for _, how := range []Tampering{EditLine, EditHash, DeleteLine} {
		for _, seq := range []int64{1, 3, 5} {
			t.Run(fmt.Sprintf("%v/seq%d", how, seq), func(t *testing.T) {
				s := open(t, b)
				newGame(t, s, "victim")
				newGame(t, s, "other")
				appendLines(t, s, "victim", 0, "l1", "l2", "l3", "l4", "l5")
				appendLines(t, s, "other", 0, "l1", "l2", "l3", "l4", "l5")
				require.NoError(t, verify(s, "victim"))
				b.Tamper(t, s, "victim", seq, how)
				err := verify(s, "victim")
				require.ErrorIs(t, err, persistence.ErrTampered)
				var ce *persistence.ChainError
				require.ErrorAs(t, err, &ce)
				assert.Equal(t, "victim", ce.Game)
				assert.Equal(t, seq, ce.Seq, "names the first bad seq: %v", err)
				assert.Contains(t, err.Error(), fmt.Sprintf("seq %d", seq))
				assert.NoError(t, verify(s, "other"), "other games are untouched")
			})
		}
	}
}

// handle is what bot does with an inbound order: answer a duplicate from
// the stored reply, otherwise append, record the key and enqueue the reply
// in one transaction.
func handle(s persistence.Store, source, key, game string, lines ...string) (reply string, dup bool, err error) {
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		in, seen, err := tx.SeenInbound(source, key)
		if err != nil {
			return err
		}
		if seen {
			reply, dup = in.Reply, true
			return nil
		}
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		last, err := tx.Append(game, g.LastSeq, lines...)
		if err != nil {
			return err
		}
		reply = fmt.Sprintf("ok, %s applied as %d..%d", key, g.LastSeq+1, last)
		if err := tx.RecordInbound(persistence.Inbound{Source: source, Key: key, Game: game,
			FirstSeq: g.LastSeq + 1, LastSeq: last, Reply: reply, Received: t0}); err != nil {
			return err
		}
		_, err = tx.Enqueue(persistence.Message{Game: game, Transport: "discord", Target: "chan-1", Text: reply, Created: t0})
		return err
	})
	return reply, dup, err
}

func pending(t *testing.T, s persistence.Store, now time.Time) []persistence.Message {
	t.Helper()
	var ms []persistence.Message
	view(t, s, func(tx persistence.ReadTx) error {
		var err error
		ms, err = tx.Pending(now, 0)
		return err
	})
	return ms
}

func testInboundDedup(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	r1, dup, err := handle(s, "discord", "interaction-1", "g", "gear A 4", "roll d8 7")
	require.NoError(t, err)
	assert.False(t, dup)
	r2, dup, err := handle(s, "discord", "interaction-1", "g", "gear A 4", "roll d8 7")
	require.NoError(t, err)
	assert.True(t, dup, "the second delivery is recognised")
	assert.Equal(t, r1, r2, "and answered with the stored reply")
	assert.Len(t, events(t, s, "g"), 2, "never applied twice")
	assert.Len(t, pending(t, s, t0), 1, "one reply enqueued")

	// same key from another source is another message
	_, dup, err = handle(s, "imap", "interaction-1", "g", "gear B 3")
	require.NoError(t, err)
	assert.False(t, dup)

	view(t, s, func(tx persistence.ReadTx) error {
		in, seen, err := tx.SeenInbound("discord", "interaction-1")
		require.NoError(t, err)
		require.True(t, seen)
		assert.Equal(t, persistence.Inbound{Source: "discord", Key: "interaction-1", Game: "g", FirstSeq: 1, LastSeq: 2,
			Reply: r1, Received: persistence.Millis(t0)}, in)
		_, seen, err = tx.SeenInbound("discord", "never")
		require.NoError(t, err)
		assert.False(t, seen)
		return nil
	})

	// recording the same key twice is a duplicate, and the whole Update is undone
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		if _, err := tx.Append("g", 3, "would be applied twice"); err != nil {
			return err
		}
		return tx.RecordInbound(persistence.Inbound{Source: "discord", Key: "interaction-1", Reply: "x", Received: t0})
	})
	assert.ErrorIs(t, err, persistence.ErrDuplicate)
	assert.Len(t, events(t, s, "g"), 3)

	// a key with no game (e.g. "help") and invalid ones
	update(t, s, func(tx persistence.Tx) error {
		return tx.RecordInbound(persistence.Inbound{Source: "cli", Key: "k", Reply: "help text", Received: t0})
	})
	for _, bad := range []persistence.Inbound{
		{Source: "", Key: "k", Received: t0},
		{Source: "s", Key: "", Received: t0},
		{Source: "s", Key: "k"},
		{Source: "s", Key: "k2", FirstSeq: 1, LastSeq: 1, Received: t0},
		{Source: "s", Key: "k3", Game: "g", FirstSeq: 2, LastSeq: 1, Received: t0},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error { return tx.RecordInbound(bad) })
		assert.ErrorIs(t, err, persistence.ErrInvalid, "%+v", bad)
	}
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		return tx.RecordInbound(persistence.Inbound{Source: "s", Key: "k4", Game: "nope", FirstSeq: 1, LastSeq: 1, Received: t0})
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)
}

var errRefused = errors.New("refused by the rules")

func testAtomicity(t *testing.T, b Backend) {
	s := open(t, b)
	g := newGame(t, s, "g")
	appendLines(t, s, "g", 0, "before")
	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.Append("g", 1, "a", "b")
		require.NoError(t, err)
		require.NoError(t, tx.RecordInbound(persistence.Inbound{Source: "discord", Key: "k", Game: "g", FirstSeq: 2, LastSeq: 3, Reply: "r", Received: t0}))
		_, err = tx.Enqueue(persistence.Message{Game: "g", Transport: "discord", Target: "c", Text: "r", Created: t0})
		require.NoError(t, err)
		require.NoError(t, tx.PutDeadline(persistence.Deadline{Game: "g", Seat: 1, Kind: persistence.DeadlineDecision, Due: t0}))
		_, err = tx.CreateGame(persistence.Game{ID: "g2", Created: t0, State: persistence.GameSetup})
		require.NoError(t, err)
		require.NoError(t, tx.CreatePlayer(persistence.Player{ID: "p", Name: "P", Identities: []persistence.Identity{{Kind: "cli", Value: "p"}}}))
		require.NoError(t, tx.PutSeat(persistence.Seat{Game: "g", Number: 1, Player: "p"}))
		cur, err := tx.Game("g")
		require.NoError(t, err)
		cur.State = persistence.GamePaused
		_, err = tx.UpdateGame(cur)
		require.NoError(t, err)
		// the transaction sees its own writes
		es, err := tx.Events("g", 0, 0)
		require.NoError(t, err)
		assert.Len(t, es, 3)
		_, seen, err := tx.SeenInbound("discord", "k")
		require.NoError(t, err)
		assert.True(t, seen)
		return fmt.Errorf("order: %w", errRefused)
	})
	assert.ErrorIs(t, err, errRefused, "Update returns fn's error")

	assert.Len(t, events(t, s, "g"), 1, "no event kept")
	after := getGame(t, s, "g")
	assert.Equal(t, int64(1), after.LastSeq)
	assert.Equal(t, g.Version+1, after.Version, "only the earlier append counted")
	assert.Equal(t, persistence.GameRunning, after.State)
	assert.NoError(t, verify(s, "g"))
	assert.Empty(t, pending(t, s, t0.Add(time.Hour)), "no outbox message kept")
	view(t, s, func(tx persistence.ReadTx) error {
		_, seen, err := tx.SeenInbound("discord", "k")
		require.NoError(t, err)
		assert.False(t, seen, "no inbound key kept")
		_, found, err := tx.NextDeadline()
		require.NoError(t, err)
		assert.False(t, found, "no deadline kept")
		_, err = tx.Game("g2")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.Player("p")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.PlayerByIdentity("cli", "p")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.Seat("g", 1)
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})

	// and the same Update returning nil keeps it all
	_, dup, err := handle(s, "discord", "k", "g", "a", "b")
	require.NoError(t, err)
	assert.False(t, dup)
	assert.Len(t, events(t, s, "g"), 3)
}

func testPanicRollsBack(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	func() {
		defer func() { assert.Equal(t, "boom", recover(), "the panic goes on") }()
		_ = s.Update(context.Background(), func(tx persistence.Tx) error {
			if _, err := tx.Append("g", 0, "x"); err != nil {
				return err
			}
			panic("boom")
		})
	}()
	assert.Empty(t, events(t, s, "g"))
	// and the store still works
	assert.Equal(t, int64(1), appendLines(t, s, "g", 0, "y"))
}

func testCanceledContext(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := s.Update(ctx, func(tx persistence.Tx) error {
		_, err := tx.Append("g", 0, "x")
		return err
	})
	assert.ErrorIs(t, err, context.Canceled)

	ctx, cancel = context.WithCancel(context.Background())
	err = s.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.Append("g", 0, "x"); err != nil {
			return err
		}
		cancel() // the caller gave up before the commit
		return nil
	})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, events(t, s, "g"))
	assert.Equal(t, int64(1), appendLines(t, s, "g", 0, "y"))
}

func testFailedWriteKeepsTxUsable(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	update(t, s, func(tx persistence.Tx) error {
		return tx.CreatePlayer(persistence.Player{ID: "ann", Name: "Ann", Identities: []persistence.Identity{{Kind: "email", Value: "ann@example.org"}}})
	})
	update(t, s, func(tx persistence.Tx) error {
		// the second identity is taken: nothing of bob may remain
		err := tx.CreatePlayer(persistence.Player{ID: "bob", Name: "Bob", Identities: []persistence.Identity{
			{Kind: "discord", Value: "123"}, {Kind: "email", Value: "ann@example.org"}}})
		assert.ErrorIs(t, err, persistence.ErrDuplicate)
		_, err = tx.Append("g", 5, "conflict")
		assert.ErrorIs(t, err, persistence.ErrConflict)
		_, err = tx.Append("g", 0, "fine")
		return err
	})
	view(t, s, func(tx persistence.ReadTx) error {
		_, err := tx.Player("bob")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.PlayerByIdentity("discord", "123")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})
	es := events(t, s, "g")
	require.Len(t, es, 1)
	assert.Equal(t, "fine", es[0].Line)
}

func enqueue(t *testing.T, s persistence.Store, ms ...persistence.Message) []int64 {
	t.Helper()
	var ids []int64
	update(t, s, func(tx persistence.Tx) error {
		for _, m := range ms {
			id, err := tx.Enqueue(m)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	return ids
}

func ids(ms []persistence.Message) []int64 {
	out := []int64{}
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func testOutbox(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	png := []byte("\x89PNG\r\n\x1a\nfake")
	a := enqueue(t, s,
		persistence.Message{Game: "g", Transport: "discord", Target: "chan-1", Text: "your move", Created: t0},
		persistence.Message{Game: "g", Transport: "email", Target: "ann@example.org", Text: "board", PNG: png, Created: t0},
	)
	c := enqueue(t, s, persistence.Message{Transport: "cli", Target: "tty", Text: "not about a game", Created: t0})
	all := append(a, c...)
	require.Len(t, all, 3)
	assert.Less(t, all[0], all[1])
	assert.Less(t, all[1], all[2], "ids grow across transactions")

	got := pending(t, s, t0)
	assert.Equal(t, all, ids(got), "relay order is enqueue order")
	assert.Equal(t, persistence.Message{ID: all[1], Game: "g", Transport: "email", Target: "ann@example.org", Text: "board",
		PNG: png, Created: persistence.Millis(t0), NextAttempt: persistence.Millis(t0)}, got[1])
	assert.Nil(t, got[0].PNG)
	assert.Empty(t, pending(t, s, t0.Add(-time.Second)), "not before its time")
	view(t, s, func(tx persistence.ReadTx) error {
		two, err := tx.Pending(t0, 2)
		require.NoError(t, err)
		assert.Equal(t, all[:2], ids(two), "limit")
		return nil
	})

	// a delayed message waits for its time
	d := enqueue(t, s, persistence.Message{Transport: "discord", Target: "chan-2", Text: "later", Created: t0, NextAttempt: t0.Add(time.Minute)})[0]
	assert.NotContains(t, ids(pending(t, s, t0)), d)
	assert.Contains(t, ids(pending(t, s, t0.Add(time.Minute))), d)

	// first fails and is retried later; second is sent
	retry := t0.Add(30 * time.Second)
	update(t, s, func(tx persistence.Tx) error {
		require.NoError(t, tx.MarkFailed(all[0], errors.New("discord: 503"), retry))
		return tx.MarkSent(all[1], t0.Add(time.Second))
	})
	assert.Equal(t, []int64{all[2]}, ids(pending(t, s, t0.Add(29*time.Second))))
	got = pending(t, s, retry)
	assert.Equal(t, []int64{all[0], all[2]}, ids(got), "retried at retryAt, still in order")
	assert.Equal(t, 1, got[0].Attempts)
	assert.Equal(t, "discord: 503", got[0].LastError)
	assert.Equal(t, persistence.Millis(retry), got[0].NextAttempt)

	update(t, s, func(tx persistence.Tx) error {
		require.NoError(t, tx.MarkFailed(all[0], errors.New("discord: 503 again"), retry.Add(time.Minute)))
		m, err := tx.Message(all[0])
		require.NoError(t, err)
		assert.Equal(t, 2, m.Attempts)
		// sent is final: again is a no-op, failing is a conflict
		require.NoError(t, tx.MarkSent(all[1], t0.Add(time.Hour)))
		m, err = tx.Message(all[1])
		require.NoError(t, err)
		assert.Equal(t, persistence.Millis(t0.Add(time.Second)), m.SentAt)
		assert.True(t, m.NextAttempt.IsZero())
		assert.ErrorIs(t, tx.MarkFailed(all[1], errors.New("x"), retry), persistence.ErrConflict)
		// give up on the third
		require.NoError(t, tx.MarkFailed(all[2], errors.New("no such channel"), time.Time{}))
		assert.ErrorIs(t, tx.MarkSent(999999, t0), persistence.ErrNotFound)
		assert.ErrorIs(t, tx.MarkFailed(999999, errors.New("x"), t0), persistence.ErrNotFound)
		assert.ErrorIs(t, tx.MarkFailed(all[0], nil, t0), persistence.ErrInvalid)
		_, err = tx.Message(999999)
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})
	far := t0.Add(24 * time.Hour)
	assert.Equal(t, []int64{all[0], d}, ids(pending(t, s, far)), "sent and given-up messages are not pending")
	view(t, s, func(tx persistence.ReadTx) error {
		m, err := tx.Message(all[2])
		require.NoError(t, err)
		assert.Equal(t, "no such channel", m.LastError, "a given-up message stays readable")
		assert.True(t, m.SentAt.IsZero())
		return nil
	})

	for _, bad := range []persistence.Message{
		{Transport: "", Target: "t", Text: "x", Created: t0},
		{Transport: "discord", Target: "", Text: "x", Created: t0},
		{Transport: "discord", Target: "t", Created: t0},
		{Transport: "discord", Target: "t", Text: "x"},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error { _, err := tx.Enqueue(bad); return err })
		assert.ErrorIs(t, err, persistence.ErrInvalid, "%+v", bad)
	}
	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.Enqueue(persistence.Message{Game: "nope", Transport: "discord", Target: "t", Text: "x", Created: t0})
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)
}

func testDeadlines(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "a")
	newGame(t, s, "b")
	view(t, s, func(tx persistence.ReadTx) error {
		_, found, err := tx.NextDeadline()
		require.NoError(t, err)
		assert.False(t, found, "none yet")
		return nil
	})
	dl := func(game string, seat int, kind string, idx int, due time.Duration) persistence.Deadline {
		return persistence.Deadline{Game: game, Seat: seat, Kind: kind, Index: idx, Due: t0.Add(due)}
	}
	all := []persistence.Deadline{
		dl("b", 2, persistence.DeadlineDecision, 0, 48*time.Hour),
		dl("b", 2, persistence.DeadlineReminder, 1, 24*time.Hour),
		dl("b", 2, persistence.DeadlineReminder, 2, 40*time.Hour),
		dl("a", 1, persistence.DeadlineDecision, 0, 24*time.Hour), // tie with b/2 reminder: game a first
		dl("a", 0, persistence.DeadlineDecision, 0, 72*time.Hour), // game-wide
	}
	update(t, s, func(tx persistence.Tx) error {
		for _, d := range all {
			if err := tx.PutDeadline(d); err != nil {
				return err
			}
		}
		return nil
	})
	next := func() persistence.Deadline {
		var d persistence.Deadline
		view(t, s, func(tx persistence.ReadTx) error {
			var found bool
			var err error
			d, found, err = tx.NextDeadline()
			require.True(t, found)
			return err
		})
		return d
	}
	want := all[3]
	want.Due = persistence.Millis(want.Due)
	assert.Equal(t, want, next())

	view(t, s, func(tx persistence.ReadTx) error {
		ds, err := tx.Deadlines("b")
		require.NoError(t, err)
		require.Len(t, ds, 3)
		assert.Equal(t, []int{1, 2, 0}, []int{ds[0].Index, ds[1].Index, ds[2].Index}, "by due time")
		_, err = tx.Deadlines("nope")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})

	// a's seat 1 decides: its deadlines go; b's reminder is next
	update(t, s, func(tx persistence.Tx) error {
		n, err := tx.DeleteDeadlines("a", 1)
		assert.Equal(t, 1, n)
		return err
	})
	assert.Equal(t, "b", next().Game)
	assert.Equal(t, persistence.DeadlineReminder, next().Kind)

	// replacing: the same key moves
	update(t, s, func(tx persistence.Tx) error {
		return tx.PutDeadline(dl("b", 2, persistence.DeadlineReminder, 1, 50*time.Hour))
	})
	assert.Equal(t, 2, next().Index)
	update(t, s, func(tx persistence.Tx) error {
		n, err := tx.DeleteDeadlines("b", 2)
		assert.Equal(t, 3, n)
		return err
	})
	d := next()
	assert.Equal(t, [2]any{"a", 0}, [2]any{d.Game, d.Seat}, "the game-wide one is left")

	for _, bad := range []persistence.Deadline{
		{Game: "a", Seat: -1, Kind: persistence.DeadlineDecision, Due: t0},
		{Game: "a", Seat: 1, Kind: "alarm", Due: t0},
		{Game: "a", Seat: 1, Kind: persistence.DeadlineReminder, Index: -1, Due: t0},
		{Game: "a", Seat: 1, Kind: persistence.DeadlineDecision},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error { return tx.PutDeadline(bad) })
		assert.ErrorIs(t, err, persistence.ErrInvalid, "%+v", bad)
	}
	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		return tx.PutDeadline(dl("nope", 1, persistence.DeadlineDecision, 0, 0))
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)
}

func testPlayers(t *testing.T, b Backend) {
	s := open(t, b)
	ann := persistence.Player{ID: "ann", Name: "Ann", TimeZone: "Europe/Paris", Language: "fr",
		Identities: []persistence.Identity{{Kind: "email", Value: "ann@example.org"}, {Kind: "discord", Value: "1001"}}}
	update(t, s, func(tx persistence.Tx) error { return tx.CreatePlayer(ann) })
	want := ann
	want.Identities = []persistence.Identity{{Kind: "discord", Value: "1001"}, {Kind: "email", Value: "ann@example.org"}}
	view(t, s, func(tx persistence.ReadTx) error {
		p, err := tx.Player("ann")
		require.NoError(t, err)
		assert.Equal(t, want, p, "identities ordered by kind, value")
		p, err = tx.PlayerByIdentity("email", "ann@example.org")
		require.NoError(t, err)
		assert.Equal(t, want, p)
		_, err = tx.PlayerByIdentity("discord", "ann@example.org")
		assert.ErrorIs(t, err, persistence.ErrNotFound, "kind matters")
		_, err = tx.PlayerByIdentity("email", "ANN@example.org")
		assert.ErrorIs(t, err, persistence.ErrNotFound, "values compared exactly")
		return nil
	})

	bob := persistence.Player{ID: "bob", Name: "Bob", TimeZone: "UTC", Language: "en",
		Identities: []persistence.Identity{{Kind: "cli", Value: "bob"}}}
	for _, c := range []struct {
		p   persistence.Player
		err error
	}{
		{persistence.Player{ID: "ann", Name: "Other", Identities: []persistence.Identity{{Kind: "cli", Value: "x"}}}, persistence.ErrDuplicate},
		{persistence.Player{ID: "eve", Name: "Eve", Identities: []persistence.Identity{{Kind: "discord", Value: "1001"}}}, persistence.ErrDuplicate},
		{persistence.Player{ID: "eve", Name: "Eve", Identities: []persistence.Identity{{Kind: "cli", Value: "e"}, {Kind: "cli", Value: "e"}}}, persistence.ErrDuplicate},
		{persistence.Player{ID: "eve", Name: "Eve"}, persistence.ErrInvalid},
		{persistence.Player{ID: "eve", Name: " ", Identities: []persistence.Identity{{Kind: "cli", Value: "e"}}}, persistence.ErrInvalid},
		{persistence.Player{ID: "", Name: "Eve", Identities: []persistence.Identity{{Kind: "cli", Value: "e"}}}, persistence.ErrInvalid},
		{persistence.Player{ID: "eve", Name: "Eve", Identities: []persistence.Identity{{Kind: "irc", Value: "e"}}}, persistence.ErrInvalid},
		{persistence.Player{ID: "eve", Name: "Eve", Identities: []persistence.Identity{{Kind: "cli", Value: ""}}}, persistence.ErrInvalid},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error { return tx.CreatePlayer(c.p) })
		assert.ErrorIs(t, err, c.err, "%+v", c.p)
	}
	view(t, s, func(tx persistence.ReadTx) error {
		_, err := tx.Player("eve")
		assert.ErrorIs(t, err, persistence.ErrNotFound, "a refused player leaves nothing")
		_, err = tx.PlayerByIdentity("cli", "e")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})

	update(t, s, func(tx persistence.Tx) error {
		require.NoError(t, tx.CreatePlayer(bob))
		require.NoError(t, tx.AddIdentity("bob", persistence.Identity{Kind: "email", Value: "bob@example.org"}))
		assert.ErrorIs(t, tx.AddIdentity("bob", persistence.Identity{Kind: "email", Value: "ann@example.org"}), persistence.ErrDuplicate)
		assert.ErrorIs(t, tx.AddIdentity("bob", persistence.Identity{Kind: "cli", Value: "bob"}), persistence.ErrDuplicate)
		assert.ErrorIs(t, tx.AddIdentity("nobody", persistence.Identity{Kind: "cli", Value: "n"}), persistence.ErrNotFound)
		assert.ErrorIs(t, tx.AddIdentity("bob", persistence.Identity{Kind: "sms", Value: "n"}), persistence.ErrInvalid)
		// a changed address: the old one goes, and is free for another
		require.NoError(t, tx.RemoveIdentity("bob", persistence.Identity{Kind: "email", Value: "bob@example.org"}))
		assert.ErrorIs(t, tx.RemoveIdentity("bob", persistence.Identity{Kind: "email", Value: "bob@example.org"}), persistence.ErrNotFound)
		_, err := tx.PlayerByIdentity("email", "bob@example.org")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		require.NoError(t, tx.AddIdentity("bob", persistence.Identity{Kind: "email", Value: "bob@example.org"}))
		upd := bob
		upd.Name, upd.TimeZone, upd.Language, upd.MailMode, upd.Board = "Robert", "America/Montreal", "fr", "round", "phone"
		upd.Identities = nil
		require.NoError(t, tx.UpdatePlayer(upd))
		assert.ErrorIs(t, tx.UpdatePlayer(persistence.Player{ID: "nobody", Name: "N"}), persistence.ErrNotFound)
		assert.ErrorIs(t, tx.UpdatePlayer(persistence.Player{ID: "bob", Name: ""}), persistence.ErrInvalid)
		return nil
	})
	view(t, s, func(tx persistence.ReadTx) error {
		p, err := tx.PlayerByIdentity("email", "bob@example.org")
		require.NoError(t, err)
		assert.Equal(t, persistence.Player{ID: "bob", Name: "Robert", TimeZone: "America/Montreal", Language: "fr", MailMode: "round", Board: "phone",
			Identities: []persistence.Identity{{Kind: "cli", Value: "bob"}, {Kind: "email", Value: "bob@example.org"}}}, p)
		return nil
	})
}

func testSeats(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	newGame(t, s, "h")
	update(t, s, func(tx persistence.Tx) error {
		return tx.CreatePlayer(persistence.Player{ID: "ann", Name: "Ann", Identities: []persistence.Identity{{Kind: "cli", Value: "ann"}}})
	})
	from, to := t0.Add(24*time.Hour), t0.Add(8*24*time.Hour)
	update(t, s, func(tx persistence.Tx) error {
		require.NoError(t, tx.PutSeat(persistence.Seat{Game: "g", Number: 2, Player: "ann", VacationFrom: from, VacationTo: to}))
		require.NoError(t, tx.PutSeat(persistence.Seat{Game: "g", Number: 1, Autopilot: true}))
		require.NoError(t, tx.PutSeat(persistence.Seat{Game: "h", Number: 1, Player: "ann"}))
		return nil
	})
	view(t, s, func(tx persistence.ReadTx) error {
		seats, err := tx.Seats("g")
		require.NoError(t, err)
		assert.Equal(t, []persistence.Seat{
			{Game: "g", Number: 1, Autopilot: true},
			{Game: "g", Number: 2, Player: "ann", VacationFrom: persistence.Millis(from), VacationTo: persistence.Millis(to)},
		}, seats)
		_, err = tx.Seat("g", 3)
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.Seats("nope")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		return nil
	})
	// a miss, then the autopilot takes over and the vacation ends
	update(t, s, func(tx persistence.Tx) error {
		st, err := tx.Seat("g", 2)
		require.NoError(t, err)
		st.Misses, st.Autopilot, st.VacationFrom, st.VacationTo = 3, true, time.Time{}, time.Time{}
		return tx.PutSeat(st)
	})
	view(t, s, func(tx persistence.ReadTx) error {
		st, err := tx.Seat("g", 2)
		require.NoError(t, err)
		assert.Equal(t, persistence.Seat{Game: "g", Number: 2, Player: "ann", Autopilot: true, Misses: 3}, st)
		return nil
	})
	for _, c := range []struct {
		s   persistence.Seat
		err error
	}{
		{persistence.Seat{Game: "g", Number: 0}, persistence.ErrInvalid},
		{persistence.Seat{Game: "g", Number: 1, Misses: -1}, persistence.ErrInvalid},
		{persistence.Seat{Game: "g", Number: 1, VacationFrom: to, VacationTo: from}, persistence.ErrInvalid},
		{persistence.Seat{Game: "g", Number: 1, Player: "nobody"}, persistence.ErrNotFound},
		{persistence.Seat{Game: "nope", Number: 1}, persistence.ErrNotFound},
	} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error { return tx.PutSeat(c.s) })
		assert.ErrorIs(t, err, c.err, "%+v", c.s)
	}
	view(t, s, func(tx persistence.ReadTx) error {
		st, err := tx.Seat("g", 1)
		require.NoError(t, err)
		assert.Equal(t, persistence.Seat{Game: "g", Number: 1, Autopilot: true}, st, "refused writes changed nothing")
		return nil
	})
}

func testViewIsReadOnly(t *testing.T, b Backend) {
	s := open(t, b)
	view(t, s, func(tx persistence.ReadTx) error {
		_, ok := tx.(persistence.Tx)
		assert.False(t, ok, "a View cannot write, even by a type assertion")
		return nil
	})
}

func testTxDone(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	var kept persistence.Tx
	update(t, s, func(tx persistence.Tx) error { kept = tx; return nil })
	_, err := kept.Append("g", 0, "too late")
	assert.ErrorIs(t, err, persistence.ErrTxDone)
	_, err = kept.Game("g")
	assert.ErrorIs(t, err, persistence.ErrTxDone)
	assert.Empty(t, events(t, s, "g"))
}

func testClosed(t *testing.T, b Backend) {
	s := b.Open(t)
	require.NoError(t, s.Close())
	err := s.Update(context.Background(), func(tx persistence.Tx) error { return nil })
	assert.ErrorIs(t, err, persistence.ErrClosed)
	err = s.View(context.Background(), func(tx persistence.ReadTx) error { return nil })
	assert.ErrorIs(t, err, persistence.ErrClosed)
}

// testConcurrentAppends: writers race on one record with optimistic
// concurrency (read in a View, append in an Update, retry on conflict)
// while readers check that every snapshot is whole.
func testConcurrentAppends(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g")
	const writers, each = 8, 15
	var wg sync.WaitGroup
	errs := make(chan error, writers*each+16)
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for r := 0; r < 2; r++ {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := s.View(context.Background(), func(tx persistence.ReadTx) error {
					g, err := tx.Game("g")
					if err != nil {
						return err
					}
					es, err := tx.Events("g", 0, 0)
					if err != nil {
						return err
					}
					if int64(len(es)) != g.LastSeq {
						return fmt.Errorf("snapshot: game says %d lines, record has %d", g.LastSeq, len(es))
					}
					if len(es)%2 != 0 {
						return fmt.Errorf("snapshot: half an append (%d lines)", len(es))
					}
					return tx.VerifyChain("g")
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	conflicts := make(chan int, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for i := 0; i < each; i++ {
				for {
					var last int64
					if err := s.View(context.Background(), func(tx persistence.ReadTx) error {
						g, err := tx.Game("g")
						last = g.LastSeq
						return err
					}); err != nil {
						errs <- err
						return
					}
					key := fmt.Sprintf("w%d-%d", w, i)
					err := s.Update(context.Background(), func(tx persistence.Tx) error {
						end, err := tx.Append("g", last, key+" order", key+" roll")
						if err != nil {
							return err
						}
						if err := tx.RecordInbound(persistence.Inbound{Source: "test", Key: key, Game: "g", FirstSeq: end - 1, LastSeq: end, Reply: key, Received: t0}); err != nil {
							return err
						}
						_, err = tx.Enqueue(persistence.Message{Game: "g", Transport: "cli", Target: key, Text: key, Created: t0})
						return err
					})
					if errors.Is(err, persistence.ErrConflict) {
						n++
						continue
					}
					if err != nil {
						errs <- err
						return
					}
					break
				}
			}
			conflicts <- n
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	close(conflicts)
	for err := range errs {
		t.Error(err)
	}
	total := 0
	for n := range conflicts {
		total += n
	}
	t.Logf("%d conflicts retried", total)

	es := events(t, s, "g")
	require.Len(t, es, 2*writers*each)
	seen := map[string]bool{}
	for i := 0; i < len(es); i += 2 {
		k1, _, _ := cutLast(es[i].Line)
		k2, _, _ := cutLast(es[i+1].Line)
		assert.Equal(t, k1, k2, "an append's lines stay together")
		assert.False(t, seen[k1], "%s applied twice", k1)
		seen[k1] = true
	}
	assert.NoError(t, verify(s, "g"))
	assert.Len(t, pending(t, s, t0), writers*each)
	assert.Equal(t, int64(writers*each+1), getGame(t, s, "g").Version)
}

func cutLast(s string) (string, string, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// testConcurrentGames: many goroutines each drive their own game inside
// Update (no conflicts possible), all serialised correctly.
func testConcurrentGames(t *testing.T, b Backend) {
	s := open(t, b)
	const games, each = 10, 10
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for g := 0; g < games; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("game-%02d", g)
			err := s.Update(context.Background(), func(tx persistence.Tx) error {
				_, err := tx.CreateGame(persistence.Game{ID: id, Created: t0, State: persistence.GameRunning})
				return err
			})
			for i := 0; i < each && err == nil; i++ {
				err = s.Update(context.Background(), func(tx persistence.Tx) error {
					cur, err := tx.Game(id)
					if err != nil {
						return err
					}
					_, err = tx.Append(id, cur.LastSeq, fmt.Sprintf("%s play %d", id, i))
					if err != nil {
						return err
					}
					return tx.PutDeadline(persistence.Deadline{Game: id, Seat: 1, Kind: persistence.DeadlineDecision, Due: t0.Add(time.Duration(i) * time.Minute)})
				})
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	view(t, s, func(tx persistence.ReadTx) error {
		live, err := tx.LiveGames()
		require.NoError(t, err)
		assert.Len(t, live, games)
		for _, g := range live {
			assert.Equal(t, int64(each), g.LastSeq)
			assert.NoError(t, tx.VerifyChain(g.ID))
			es, err := tx.Events(g.ID, 0, 0)
			require.NoError(t, err)
			for i, e := range es {
				assert.Equal(t, fmt.Sprintf("%s play %d", g.ID, i), e.Line)
			}
		}
		return nil
	})
}

func testLeagues(t *testing.T, b Backend) {
	s := open(t, b)
	var created persistence.League
	update(t, s, func(tx persistence.Tx) error {
		var err error
		created, err = tx.CreateLeague(persistence.League{ID: "tuesday", Created: t0, Data: []byte(`{"v":1}`), Version: 9})
		return err
	})
	assert.Equal(t, persistence.League{ID: "tuesday", Created: persistence.Millis(t0), Data: []byte(`{"v":1}`), Version: 1}, created)
	err := s.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.CreateLeague(persistence.League{ID: "tuesday", Created: t0, Data: []byte(`{}`)})
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrDuplicate)
	for _, bad := range []persistence.League{{ID: "", Created: t0}, {ID: "x"}} {
		err := s.Update(context.Background(), func(tx persistence.Tx) error {
			_, err := tx.CreateLeague(bad)
			return err
		})
		assert.ErrorIs(t, err, persistence.ErrInvalid)
	}
	update(t, s, func(tx persistence.Tx) error {
		l, err := tx.UpdateLeague(persistence.League{ID: "tuesday", Data: []byte(`{"v":2}`), Version: 1})
		if err != nil {
			return err
		}
		assert.Equal(t, int64(2), l.Version)
		// a stale version is refused and leaves the transaction usable
		_, err = tx.UpdateLeague(persistence.League{ID: "tuesday", Data: []byte(`{"v":3}`), Version: 1})
		assert.ErrorIs(t, err, persistence.ErrConflict)
		_, err = tx.UpdateLeague(persistence.League{ID: "nope", Data: []byte(`{}`), Version: 1})
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = tx.CreateLeague(persistence.League{ID: "monday", Created: t0, Data: []byte(`{"m":1}`)})
		return err
	})
	// a failed update keeps nothing
	sentinel := errors.New("no")
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		if _, err := tx.UpdateLeague(persistence.League{ID: "tuesday", Data: []byte(`{"v":99}`), Version: 2}); err != nil {
			return err
		}
		if _, err := tx.CreateLeague(persistence.League{ID: "sunday", Created: t0, Data: []byte(`{}`)}); err != nil {
			return err
		}
		return sentinel
	})
	require.ErrorIs(t, err, sentinel)
	view(t, s, func(tx persistence.ReadTx) error {
		l, err := tx.League("tuesday")
		require.NoError(t, err)
		assert.Equal(t, `{"v":2}`, string(l.Data))
		assert.Equal(t, int64(2), l.Version)
		_, err = tx.League("sunday")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		ls, err := tx.Leagues()
		require.NoError(t, err)
		var ids []string
		for _, l := range ls {
			ids = append(ids, l.ID)
		}
		assert.Equal(t, []string{"monday", "tuesday"}, ids)
		return nil
	})
}

// snapshotOf reads a game's snapshot in a View.
func snapshotOf(t *testing.T, s persistence.Store, game string) (persistence.Snapshot, bool) {
	t.Helper()
	var snap persistence.Snapshot
	var ok bool
	view(t, s, func(tx persistence.ReadTx) error {
		var err error
		snap, ok, err = tx.Snapshot(game)
		return err
	})
	return snap, ok
}

// A game keeps its latest snapshot, after a line of its record; a failed
// transaction keeps the one before; what does not name a line of the
// record is refused.
func testSnapshots(t *testing.T, b Backend) {
	s := open(t, b)
	newGame(t, s, "g1")
	_, ok := snapshotOf(t, s, "g1")
	assert.False(t, ok, "a new game has no snapshot")
	err := s.View(context.Background(), func(tx persistence.ReadTx) error {
		_, _, err := tx.Snapshot("nope")
		return err
	})
	assert.ErrorIs(t, err, persistence.ErrNotFound)

	appendLines(t, s, "g1", 0, "a", "b", "c")
	evs := events(t, s, "g1")
	put := func(snap persistence.Snapshot) error {
		return s.Update(context.Background(), func(tx persistence.Tx) error { return tx.PutSnapshot(snap) })
	}
	assert.ErrorIs(t, put(persistence.Snapshot{Game: "nope", Seq: 1, Hash: evs[0].Hash}), persistence.ErrNotFound)
	assert.ErrorIs(t, put(persistence.Snapshot{Game: "g1", Seq: 0, Hash: evs[0].Hash}), persistence.ErrInvalid)
	assert.ErrorIs(t, put(persistence.Snapshot{Game: "g1", Seq: 4, Hash: evs[0].Hash}), persistence.ErrInvalid, "past the record's end")
	assert.ErrorIs(t, put(persistence.Snapshot{Game: "g1", Seq: 2}), persistence.ErrInvalid, "no hash")
	_, ok = snapshotOf(t, s, "g1")
	assert.False(t, ok, "a refused snapshot is not stored")

	first := persistence.Snapshot{Game: "g1", Seq: 2, Hash: evs[1].Hash, Data: []byte("position round=1\nsecond line")}
	require.NoError(t, put(first))
	got, ok := snapshotOf(t, s, "g1")
	require.True(t, ok)
	assert.Equal(t, first, got)

	latest := persistence.Snapshot{Game: "g1", Seq: 3, Hash: evs[2].Hash, Data: []byte{}}
	require.NoError(t, put(latest))
	got, ok = snapshotOf(t, s, "g1")
	require.True(t, ok)
	assert.Equal(t, latest, got, "the latest replaces the one before")

	failed := errors.New("the order failed")
	err = s.Update(context.Background(), func(tx persistence.Tx) error {
		if err := tx.PutSnapshot(first); err != nil {
			return err
		}
		return failed
	})
	require.ErrorIs(t, err, failed)
	got, _ = snapshotOf(t, s, "g1")
	assert.Equal(t, latest, got, "a rolled-back transaction keeps the snapshot before")
}

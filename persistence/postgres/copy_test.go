package postgres

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// Every kind of row, with every kind of value (NULL times, booleans, an
// image, a failed and a sent message), reads back from PostgreSQL as it
// read from SQLite.
func TestCopyFromSQLite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "src.db")
	src, err := sqlite.Open(ctx, path)
	require.NoError(t, err)
	t1 := c0.Add(90 * time.Minute)
	require.NoError(t, src.Update(ctx, func(tx persistence.Tx) error {
		for _, id := range []string{"g1", "g2"} {
			if _, err := tx.CreateGame(persistence.Game{ID: id, Created: c0, State: persistence.GameRunning, Meta: []byte(`{"m":1}`)}); err != nil {
				return err
			}
			if _, err := tx.Append(id, 0, id+" one", id+" two", "é ü"); err != nil {
				return err
			}
		}
		g, err := tx.Game("g2")
		if err != nil {
			return err
		}
		g.State = persistence.GameFinished
		if _, err := tx.UpdateGame(g); err != nil {
			return err
		}
		if err := tx.CreatePlayer(persistence.Player{ID: "ann", Name: "Ann", TimeZone: "Europe/Paris", Language: "fr", MailMode: "round", Board: "phone",
			Identities: []persistence.Identity{{Kind: "email", Value: "ann@example.org"}, {Kind: "discord", Value: "42"}}}); err != nil {
			return err
		}
		if err := tx.PutSeat(persistence.Seat{Game: "g1", Number: 1, Player: "ann", Autopilot: true, Misses: 2, VacationFrom: c0, VacationTo: t1}); err != nil {
			return err
		}
		if err := tx.PutSeat(persistence.Seat{Game: "g1", Number: 2}); err != nil {
			return err
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: "discord", Key: "i-1", Game: "g1", FirstSeq: 1, LastSeq: 2, Reply: "ok", Received: c0}); err != nil {
			return err
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: "settings", Key: "secret", Reply: "xyz", Received: c0}); err != nil {
			return err
		}
		for i, m := range []persistence.Message{
			{Game: "g1", Transport: "discord", Target: "c", Text: "sent", Created: c0},
			{Transport: "email", Target: "ann@example.org", Text: "failing", PNG: []byte{0x89, 'P', 'N', 'G'}, Created: c0},
			{Game: "g1", Transport: "email", Target: "ann@example.org", Text: "pending", Created: c0},
		} {
			id, err := tx.Enqueue(m)
			if err != nil {
				return err
			}
			switch i {
			case 0:
				err = tx.MarkSent(id, t1)
			case 1:
				err = tx.MarkFailed(id, errors.New("451 try later"), t1)
			}
			if err != nil {
				return err
			}
		}
		if _, err := tx.CreateLeague(persistence.League{ID: "tuesday", Created: c0, Data: []byte(`{"name":"Tuesday"}`)}); err != nil {
			return err
		}
		if err := tx.PutSnapshot(persistence.Snapshot{Game: "g1", Seq: 2, Hash: []byte{1, 2, 3}, Data: []byte("position")}); err != nil {
			return err
		}
		return tx.PutDeadline(persistence.Deadline{Game: "g1", Seat: 1, Kind: persistence.DeadlineDecision, Due: t1})
	}))
	snap := func(s persistence.Store) map[string]any {
		got := map[string]any{}
		require.NoError(t, s.View(ctx, func(tx persistence.ReadTx) error {
			for _, id := range []string{"g1", "g2"} {
				g, err := tx.Game(id)
				require.NoError(t, err)
				es, err := tx.Events(id, 0, 0)
				require.NoError(t, err)
				seats, err := tx.Seats(id)
				require.NoError(t, err)
				ds, err := tx.Deadlines(id)
				require.NoError(t, err)
				require.NoError(t, tx.VerifyChain(id))
				sn, ok, err := tx.Snapshot(id)
				require.NoError(t, err)
				got[id] = []any{g, es, seats, ds, sn, ok}
			}
			p, err := tx.Player("ann")
			require.NoError(t, err)
			got["ann"] = p
			ls, err := tx.Leagues()
			require.NoError(t, err)
			got["leagues"] = ls
			for _, k := range [][2]string{{"discord", "i-1"}, {"settings", "secret"}} {
				in, seen, err := tx.SeenInbound(k[0], k[1])
				require.NoError(t, err)
				require.True(t, seen)
				got[k[0]] = in
			}
			for id := int64(1); id <= 3; id++ {
				m, err := tx.Message(id)
				require.NoError(t, err)
				got[string(rune('0'+id))] = m
			}
			return nil
		}))
		return got
	}
	want := snap(src)
	require.NoError(t, src.Close())

	ro, err := sqlite.OpenReadOnly(ctx, path)
	require.NoError(t, err)
	defer ro.Close()
	dst := openTest(t)
	defer dst.Close()
	n, err := dst.CopyFrom(ctx, ro, sqlite.SchemaVersion())
	require.NoError(t, err)
	assert.Equal(t, CopyCounts{Games: 2, Events: 6, Players: 1, Identities: 2, Seats: 2, Inbound: 2, Outbox: 3, Deadlines: 1, Leagues: 1, Snapshots: 1}, n)
	assert.Equal(t, want, snap(dst))

	_, err = dst.CopyFrom(ctx, ro, sqlite.SchemaVersion())
	assert.ErrorContains(t, err, "not empty")
	other := openTest(t)
	defer other.Close()
	_, err = other.CopyFrom(ctx, ro, 1)
	assert.ErrorContains(t, err, "schema version 1")
}

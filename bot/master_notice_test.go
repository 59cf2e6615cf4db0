package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// masterNotices takes the outbox rows of one transport addressed to
// target (marking them sent) and returns their texts.
func masterNotices(t *testing.T, svc *Service, kind, target string) []string {
	t.Helper()
	ctx := context.Background()
	out, err := svc.PendingOutgoing(ctx, kind, 0)
	require.NoError(t, err)
	var got []string
	for _, o := range out {
		if o.Target == target {
			got = append(got, o.Text)
			require.NoError(t, svc.MarkSent(ctx, o.ID))
		}
	}
	return got
}

// A game master's notices (an undo request, a missed deadline) reach them
// on every transport they have: a Discord DM (direct: target, sent even
// when the race has a thread), a mail, the terminal (issue 13).
func TestMasterNoticesReachEveryTransport(t *testing.T) {
	ctx := context.Background()
	store := memory.New()
	defer store.Close()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Now: func() time.Time { return now }})
	defer svc.Close()
	gail := persistence.Player{ID: "gail", Name: "Gail", TimeZone: "UTC", Language: "fr", Identities: []persistence.Identity{
		{Kind: persistence.IdentityDiscord, Value: "u-gail"},
		{Kind: persistence.IdentityEmail, Value: "gail@g.test"},
		{Kind: persistence.IdentityCLI, Value: "gail"},
	}}
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error { return tx.CreatePlayer(gail) }))
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "gm", Deadline: time.Minute,
		Master: persistence.Identity{Kind: persistence.IdentityCLI, Value: "gail"}})
	require.NoError(t, err)
	require.NoError(t, svc.AddChannel(ctx, id, Channel{Transport: KindDiscord, Target: "thread-1"}))
	transports := []struct{ kind, target string }{
		{KindDiscord, DirectPrefix + "u-gail"}, {KindEmail, "gail@g.test"}, {KindCLI, "gail"},
	}
	for _, tr := range transports {
		masterNotices(t, svc, tr.kind, tr.target) // what the game's opening sent
	}

	// an undo request, in the game master's language
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "undo wrong gear"})
	require.NoError(t, err)
	for _, tr := range transports {
		got := masterNotices(t, svc, tr.kind, tr.target)
		require.Len(t, got, 1, "%s: one undo request", tr.kind)
		assert.Contains(t, got[0], "Anna (voiture 1) demande d'annuler le dernier coup : wrong gear", tr.kind)
		if tr.kind == KindEmail {
			h, _, ok := DecodeMail(got[0])
			require.True(t, ok)
			assert.Equal(t, "Demande d'annulation : voiture 1", h.Subject)
		}
	}

	// a missed deadline
	p := pendingFor(t, svc, id)
	var due persistence.Deadline
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		ds, err := tx.Deadlines(id)
		for _, d := range ds {
			if d.Kind == persistence.DeadlineDecision && d.Seat == p.Car {
				due = d
			}
		}
		return err
	}))
	require.NotZero(t, due.Seat, "the decision's deadline is stored")
	now = due.Due
	require.NoError(t, svc.Fire(ctx, due))
	for _, tr := range transports {
		got := masterNotices(t, svc, tr.kind, tr.target)
		require.Len(t, got, 1, "%s: one missed-deadline notice", tr.kind)
		assert.True(t, strings.Contains(got[0], "n'a pas décidé à temps"), "%s: %q", tr.kind, got[0])
	}
}

package bot

import (
	"bytes"
	"context"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

func TestEmailTokens(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	ta, err := svc.RegisterEmail(ctx, "Anna", "Anna <ANNA@a.test>")
	require.NoError(t, err)
	assert.Len(t, ta, TokenLen)
	again, err := svc.RegisterEmail(ctx, "anna", "anna@a.test")
	require.NoError(t, err)
	assert.Equal(t, ta, again, "the token is stable")
	tb, err := svc.RegisterEmail(ctx, "Bob", "bob@b.test")
	require.NoError(t, err)
	assert.NotEqual(t, ta, tb)
	_, err = svc.RegisterEmail(ctx, "Bob", "anna@a.test")
	assert.True(t, IsUserError(err))

	ok, err := svc.CheckToken(ctx, "anna@a.test", ta)
	require.NoError(t, err)
	assert.True(t, ok)
	ok, _ = svc.CheckToken(ctx, "anna@a.test", tb)
	assert.False(t, ok, "another player's token")
	ok, _ = svc.CheckToken(ctx, "mallory@x.test", ta)
	assert.False(t, ok, "an unknown address")

	// the player speaks by mail under that identity
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "tok"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: Identity{Kind: KindEmail, Value: "anna@a.test"}, Game: id, Text: "status"})
	require.NoError(t, err)
	m, err := svc.MasterEmail(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []string{"anna@a.test"}, m)

	// bounces: counted once per bounce key
	for _, k := range []string{"b1", "b2", "b2"} {
		_, err := svc.RecordBounce(ctx, "bob@b.test", k)
		require.NoError(t, err)
	}
	n, err := svc.Bounces(ctx, "BOB@b.test")
	require.NoError(t, err)
	assert.Equal(t, 2, n)
}

// pngRenderer stands in for render in bot's tests: a fixed PNG signature.
type pngRenderer struct{}

func (pngRenderer) BoardPNG(w io.Writer, g engine.Game, lang string) error {
	_, err := w.Write([]byte("\x89PNG\r\n\x1a\nboard"))
	return err
}

// Mail notifications carry the board; terminal ones do not.
func TestMailNotificationsCarryTheBoard(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store, Boards: pngRenderer{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "mailpng"})
	require.NoError(t, err)
	_, err = svc.RegisterEmail(ctx, "Anna", "anna@example.org")
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 1)
	require.NoError(t, err)
	mail, err := svc.PendingOutgoing(ctx, persistence.IdentityEmail, 10)
	require.NoError(t, err)
	require.NotEmpty(t, mail)
	assert.True(t, bytes.HasPrefix(mail[0].PNG, []byte("\x89PNG")))
	term, err := svc.PendingOutgoing(ctx, persistence.IdentityCLI, 10)
	require.NoError(t, err)
	require.NotEmpty(t, term)
	assert.Empty(t, term[0].PNG)
}

// player set --email with a new address changes it: the old one no longer
// speaks for the player.
func TestRegisterEmailChangesTheAddress(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	tok1, err := svc.RegisterEmail(ctx, "Anna", "anna@old.test")
	require.NoError(t, err)
	tok2, err := svc.RegisterEmail(ctx, "Anna", "anna@new.test")
	require.NoError(t, err)
	assert.Equal(t, tok1, tok2, "the token belongs to the player, not the address")
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, err := tx.PlayerByIdentity(persistence.IdentityEmail, "anna@old.test")
		assert.ErrorIs(t, err, persistence.ErrNotFound)
		p, err := tx.PlayerByIdentity(persistence.IdentityEmail, "anna@new.test")
		assert.Equal(t, "Anna", p.Name)
		return err
	}))
}

// register by mail: once a day per address, and at most RegistersPerHour
// answers an hour for all addresses together, refusals included; the
// next hour opens again.
func TestRegisterByMailRateLimits(t *testing.T) {
	ctx := context.Background()
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 25, 13, 5, 0, 0, time.UTC).UnixNano())
	svc := New(Options{Store: memory.New(), RegistersPerHour: 3, Now: func() time.Time { return time.Unix(0, now.Load()).UTC() }})
	t.Cleanup(svc.Close)

	_, err := svc.RegisterByMail(ctx, "Ada", "ada@a.test")
	require.NoError(t, err)
	_, err = svc.RegisterByMail(ctx, "Ada", "eve@e.test")
	require.True(t, IsUserError(err), "a taken name is refused: %v", err)
	_, err = svc.RegisterByMail(ctx, "Eve", "eve@e.test")
	require.True(t, IsUserError(err), "once a day per address: %v", err)
	assert.Contains(t, err.Error(), "already asked to register today")

	// three answers this hour, the refusals included: the fourth is not answered
	_, err = svc.RegisterByMail(ctx, "Bea", "bea@b.test")
	require.ErrorIs(t, err, ErrRegisterLimit)
	_, registered, err := svc.EmailToken(ctx, "bea@b.test")
	require.NoError(t, err)
	assert.False(t, registered, "nothing is registered past the limit")

	// the next hour, Bea may register
	now.Add(int64(time.Hour))
	tok, err := svc.RegisterByMail(ctx, "Bea", "bea@b.test")
	require.NoError(t, err)
	ok, err := svc.CheckToken(ctx, "bea@b.test", tok)
	require.NoError(t, err)
	assert.True(t, ok)
}

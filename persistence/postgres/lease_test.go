package postgres

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
)

func TestLeaseOneHolderAtATime(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	a, ok, err := s.Acquire(ctx, "game/g1", "proc-a", time.Minute)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, int64(1), a.Epoch)
	assert.Equal(t, "proc-a", a.Holder)

	b, ok, err := s.Acquire(ctx, "game/g1", "proc-b", time.Minute)
	require.NoError(t, err)
	assert.False(t, ok, "held by proc-a")
	assert.Equal(t, "proc-a", b.Holder, "says who holds it")
	assert.Equal(t, a.Expires, b.Expires)

	// renewing keeps the epoch and moves the expiry on
	time.Sleep(5 * time.Millisecond)
	r, ok, err := s.Acquire(ctx, "game/g1", "proc-a", 2*time.Minute)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, int64(1), r.Epoch)
	assert.True(t, r.Expires.After(a.Expires))

	// another name is another lease
	_, ok, err = s.Acquire(ctx, "game/g2", "proc-b", time.Minute)
	require.NoError(t, err)
	assert.True(t, ok)

	// released: the next holder takes it at once, with a new epoch
	require.NoError(t, s.Release(ctx, "game/g1", "proc-b"), "not the holder: nothing happens")
	_, ok, err = s.Acquire(ctx, "game/g1", "proc-b", time.Minute)
	require.NoError(t, err)
	assert.False(t, ok, "proc-b's release did not free proc-a's lease")
	require.NoError(t, s.Release(ctx, "game/g1", "proc-a"))
	b, ok, err = s.Acquire(ctx, "game/g1", "proc-b", time.Minute)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "proc-b", b.Holder)
}

// A holder that stops renewing (a dead process) loses the lease when it
// expires by the database's clock; the taker gets a greater epoch.
func TestLeaseExpiresAndIsTakenOver(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	a, ok, err := s.Acquire(ctx, "mailbox/INBOX", "dead", 300*time.Millisecond)
	require.NoError(t, err)
	require.True(t, ok)
	_, ok, err = s.Acquire(ctx, "mailbox/INBOX", "alive", time.Minute)
	require.NoError(t, err)
	require.False(t, ok, "not expired yet")
	time.Sleep(400 * time.Millisecond)
	b, ok, err := s.Acquire(ctx, "mailbox/INBOX", "alive", time.Minute)
	require.NoError(t, err)
	require.True(t, ok, "expired: taken over")
	assert.Equal(t, a.Epoch+1, b.Epoch)
	// the old holder cannot renew what it lost
	_, ok, err = s.Acquire(ctx, "mailbox/INBOX", "dead", time.Minute)
	require.NoError(t, err)
	assert.False(t, ok)
}

// Many processes racing for one lease: exactly one wins each round.
func TestLeaseRace(t *testing.T) {
	u := pgtest.URL(t)
	ctx := context.Background()
	const procs = 6
	stores := make([]*Store, procs)
	for i := range stores {
		var err error
		stores[i], err = Open(ctx, u)
		require.NoError(t, err)
		defer stores[i].Close()
	}
	for round := 0; round < 10; round++ {
		name := fmt.Sprintf("game/r%d", round)
		var wg sync.WaitGroup
		wins := make(chan string, procs)
		for i, s := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				holder := fmt.Sprintf("p%d", i)
				_, ok, err := s.Acquire(ctx, name, holder, time.Minute)
				if err != nil {
					wins <- "error: " + err.Error()
				} else if ok {
					wins <- holder
				}
			}()
		}
		wg.Wait()
		close(wins)
		var got []string
		for w := range wins {
			got = append(got, w)
		}
		assert.Len(t, got, 1, "round %d: %v", round, got)
	}
}

func TestLeaseInvalid(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	_, _, err := s.Acquire(ctx, "", "p", time.Minute)
	assert.ErrorIs(t, err, persistence.ErrInvalid)
	_, _, err = s.Acquire(ctx, "x", "p", 0)
	assert.ErrorIs(t, err, persistence.ErrInvalid)
}

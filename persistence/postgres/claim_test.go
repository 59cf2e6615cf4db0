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

var c0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func enqueueN(t *testing.T, s *Store, n int, transport string) []int64 {
	t.Helper()
	var ids []int64
	require.NoError(t, s.Update(context.Background(), func(tx persistence.Tx) error {
		for i := 0; i < n; i++ {
			id, err := tx.Enqueue(persistence.Message{Transport: transport, Target: "chan", Text: fmt.Sprintf("m%d", i), Created: c0})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	}))
	return ids
}

// Three relays (three processes' pools) claim from one outbox at once:
// every message is claimed by exactly one of them.
func TestClaimRacingRelays(t *testing.T) {
	u := pgtest.URL(t)
	ctx := context.Background()
	var stores []*Store
	for i := 0; i < 3; i++ {
		s, err := Open(ctx, u)
		require.NoError(t, err)
		defer s.Close()
		stores = append(stores, s)
	}
	ids := enqueueN(t, stores[0], 300, "discord")
	enqueueN(t, stores[0], 20, "email")
	var mu sync.Mutex
	claimed := map[int64]int{}
	var wg sync.WaitGroup
	for _, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ms, err := s.Claim(ctx, "discord", c0, 7, c0.Add(time.Minute))
				if err != nil {
					t.Error(err)
					return
				}
				if len(ms) == 0 {
					return
				}
				mu.Lock()
				for i, m := range ms {
					claimed[m.ID]++
					assert.Equal(t, "discord", m.Transport)
					if i > 0 {
						assert.Less(t, ms[i-1].ID, m.ID, "in enqueue order")
					}
				}
				mu.Unlock()
				for _, m := range ms {
					if err := s.Update(ctx, func(tx persistence.Tx) error { return tx.MarkSent(m.ID, c0) }); err != nil {
						t.Error(err) // not require: this is not the test's goroutine
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	require.Len(t, claimed, len(ids))
	for _, id := range ids {
		assert.Equal(t, 1, claimed[id], "message %d claimed once", id)
	}
	var left []persistence.Message
	require.NoError(t, stores[1].View(ctx, func(tx persistence.ReadTx) error {
		var err error
		left, err = tx.Pending(c0.Add(time.Hour), 0)
		return err
	}))
	assert.Len(t, left, 20, "only the mail is left")
}

// A relay that claims and dies before marking anything: its messages come
// back after the claim's time, to be sent again (with the same ID, so the
// same nonce or Message-ID).
func TestClaimOfADeadRelayComesBack(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	ctx := context.Background()
	ids := enqueueN(t, s, 3, "email")
	ms, err := s.Claim(ctx, "email", c0, 10, c0.Add(time.Minute))
	require.NoError(t, err)
	require.Len(t, ms, 3)
	again, err := s.Claim(ctx, "email", c0.Add(30*time.Second), 10, c0.Add(2*time.Minute))
	require.NoError(t, err)
	assert.Empty(t, again, "claimed: hidden until the claim's time")
	again, err = s.Claim(ctx, "email", c0.Add(time.Minute), 10, c0.Add(2*time.Minute))
	require.NoError(t, err)
	require.Len(t, again, 3, "the dead relay's messages come back")
	for i, m := range again {
		assert.Equal(t, ids[i], m.ID)
		assert.Equal(t, 0, m.Attempts, "a claim is not a failed attempt")
	}
	_, err = s.Claim(ctx, "email", c0, 10, c0)
	assert.ErrorIs(t, err, persistence.ErrInvalid)
}

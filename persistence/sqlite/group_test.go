package sqlite

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// groupOutcome is what one Update of a group round returned, or the
// value its fn panicked with.
type groupOutcome struct {
	err      error
	panicked any
}

// groupRound holds the writer with one Update until an Update per
// behaviour waits behind it, so that those are committed as one group,
// and returns each one's outcome. A behaviour is "ok" (creates player
// id), "fail" (creates it, then returns an error) or "panic" (creates it,
// then panics).
func groupRound(t *testing.T, s *Store, round string, behaviours []string) []groupOutcome {
	t.Helper()
	ctx := context.Background()
	release := make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- s.Update(ctx, func(tx persistence.Tx) error {
			<-release
			return tx.CreatePlayer(groupPlayer(round + "-holder"))
		})
	}()
	waitGroup(t, s, func(g *groupQueue) bool { return g.leading && len(g.waiting) == 0 })
	outcomes := make([]groupOutcome, len(behaviours))
	done := make(chan int, len(behaviours))
	for i, b := range behaviours {
		go func() {
			defer func() {
				outcomes[i].panicked = recover()
				done <- i
			}()
			outcomes[i].err = s.Update(ctx, func(tx persistence.Tx) error {
				if err := tx.CreatePlayer(groupPlayer(fmt.Sprintf("%s-%d", round, i))); err != nil {
					return err
				}
				switch b {
				case "fail":
					return errors.New("refused")
				case "panic":
					panic("broken " + b)
				}
				return nil
			})
		}()
		// queued in this order, so that the first one leads the group
		waitGroup(t, s, func(g *groupQueue) bool { return len(g.waiting) == i+1 })
	}
	close(release)
	require.NoError(t, <-held)
	for range behaviours {
		<-done
	}
	return outcomes
}

func groupPlayer(id string) persistence.Player {
	return persistence.Player{ID: id, Name: id, Identities: []persistence.Identity{{Kind: "cli", Value: id}}}
}

// waitGroup waits until the writer's queue is as cond says.
func waitGroup(t *testing.T, s *Store, cond func(*groupQueue) bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		s.group.mu.Lock()
		ok := cond(&s.group)
		s.group.mu.Unlock()
		if ok {
			return
		}
	}
	t.Fatal("the writer's queue never got there")
}

// committedPlayers reports which of round's players are in the file.
func committedPlayers(t *testing.T, s *Store, round string, n int) []bool {
	t.Helper()
	in := make([]bool, n)
	require.NoError(t, s.View(context.Background(), func(tx persistence.ReadTx) error {
		for i := range in {
			_, err := tx.Player(fmt.Sprintf("%s-%d", round, i))
			if err != nil && !errors.Is(err, persistence.ErrNotFound) {
				return err
			}
			in[i] = err == nil
		}
		return nil
	}))
	return in
}

// Updates that waited for the writer together are committed in one
// transaction, and each is still its own: a failing or panicking one
// leaves nothing and returns its error or panics in its own goroutine,
// the others are committed when they return.
func TestGroupCommitKeepsEachUpdateApart(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	behaviours := []string{"ok", "fail", "ok", "panic", "ok", "fail", "ok", "ok"}
	got := groupRound(t, s, "a", behaviours)
	s.group.mu.Lock()
	shared := s.group.shared
	s.group.mu.Unlock()
	assert.Equal(t, 1, shared, "the waiting Updates shared one transaction")
	in := committedPlayers(t, s, "a", len(behaviours))
	for i, b := range behaviours {
		switch b {
		case "ok":
			assert.NoError(t, got[i].err, "update %d", i)
			assert.Nil(t, got[i].panicked, "update %d", i)
			assert.True(t, in[i], "update %d committed", i)
		case "fail":
			assert.EqualError(t, got[i].err, "refused", "update %d", i)
			assert.False(t, in[i], "update %d left nothing", i)
		case "panic":
			assert.Equal(t, "broken panic", got[i].panicked, "update %d panicked in its own goroutine", i)
			assert.False(t, in[i], "update %d left nothing", i)
		}
	}
}

// When the Update that leads a group panics, the group's transaction is
// rolled back and every other Update of it returns an error: none says
// committed what is not.
func TestGroupCommitLeaderPanicCommitsNothing(t *testing.T) {
	s := openTest(t)
	defer s.Close()
	behaviours := []string{"panic", "ok", "ok", "ok"}
	got := groupRound(t, s, "b", behaviours)
	assert.Equal(t, "broken panic", got[0].panicked)
	in := committedPlayers(t, s, "b", len(behaviours))
	for i := range behaviours {
		assert.False(t, in[i], "update %d committed nothing", i)
		if i > 0 {
			assert.ErrorIs(t, got[i].err, errBatchAborted, "update %d", i)
		}
	}
	// the writer is free again, and a lone Update commits as before
	require.NoError(t, s.Update(context.Background(), func(tx persistence.Tx) error {
		return tx.CreatePlayer(groupPlayer("b-after"))
	}))
}

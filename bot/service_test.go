package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

func newTestService(t *testing.T) (*Service, persistence.Store) {
	t.Helper()
	store := memory.New()
	svc := New(Options{Store: store, Now: func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }})
	t.Cleanup(func() { svc.Close(); store.Close() })
	return svc, store
}

func cli(name string) persistence.Identity {
	return persistence.Identity{Kind: persistence.IdentityCLI, Value: Fold(name)}
}

func recordLen(t *testing.T, store persistence.Store, id string) int64 {
	t.Helper()
	var n int64
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		g, err := tx.Game(id)
		n = g.LastSeq
		return err
	}))
	return n
}

// pendingFor returns the decision the game waits for from a car.
func pendingFor(t *testing.T, svc *Service, id string) PendingView {
	t.Helper()
	v, err := svc.Show(context.Background(), id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Pending)
	return v.Pending[0]
}

func TestCreateSayAndShow(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "t1"})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "running", v.State)
	assert.Empty(t, v.Seed, "the seed stays secret while the race runs")
	require.Len(t, v.Pending, 1)

	p := v.Pending[0]
	names := map[int]string{1: "Anna", 2: "Bob"}
	other := names[3-p.Car]
	// the wrong player is refused and nothing changes
	before := recordLen(t, store, id)
	_, err = svc.Handle(ctx, Request{Identity: cli(other), Game: id, Text: p.Options[0]})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	assert.Equal(t, before, recordLen(t, store, id))

	// an illegal letter lists what is legal and changes nothing
	_, err = svc.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: "choose Z"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "legal")
	assert.Equal(t, before, recordLen(t, store, id))

	// the right player's order is applied, committed and answered
	shown, err := svc.Show(ctx, id)
	require.NoError(t, err)
	orders := shown.Orders
	reply, err := svc.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: p.Options[0]})
	require.NoError(t, err)
	assert.NotEmpty(t, reply)
	assert.Greater(t, recordLen(t, store, id), before)
	shown, err = svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, orders+1, shown.Orders, "game show counts the orders committed")
}

func TestUnknownPlayerIsRefused(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "t2"})
	require.NoError(t, err)
	before := recordLen(t, store, id)
	_, err = svc.Handle(ctx, Request{Identity: cli("Mallory"), Game: id, Text: "gear 2"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown player")
	assert.Equal(t, before, recordLen(t, store, id))
}

func TestDuplicateInboundIsAnsweredAgainNotAppliedTwice(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "t3"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	name := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
	req := Request{Identity: cli(name), Game: id, Text: p.Options[0], Source: "discord", Key: "interaction-1"}
	r1, err := svc.Handle(ctx, req)
	require.NoError(t, err)
	after := recordLen(t, store, id)
	r2, err := svc.Handle(ctx, req)
	require.NoError(t, err)
	assert.Equal(t, r1, r2, "the same reply again")
	assert.Equal(t, after, recordLen(t, store, id), "never applied twice")
}

func TestAutoplayFinishesAndVerifies(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"A", "B", "C"}, Seed: "t4"})
	require.NoError(t, err)
	n, err := svc.Autoplay(ctx, id, 5)
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "once the race is over")
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", v.State)
	assert.Len(t, v.Seed, 64, "the seed is revealed at the end")
	out, err = svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches the seed")

	// the same seed in another store gives the same race
	svc2, _ := newTestService(t)
	id2, err := svc2.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"A", "B", "C"}, Seed: "t4"})
	require.NoError(t, err)
	assert.Equal(t, id, id2)
	_, err = svc2.Autoplay(ctx, id2, 0)
	require.NoError(t, err)
	v2, err := svc2.Show(ctx, id2)
	require.NoError(t, err)
	assert.Equal(t, v, v2)
}

func TestPreMoveIsPlayedWhenTheTurnComes(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "t5"})
	require.NoError(t, err)
	// play until a gear decision is pending, then let the other player
	// pre-move: when its turn comes its gear is taken without asking
	for i := 0; i < 40; i++ {
		p := pendingFor(t, svc, id)
		if p.Decision == "gear" && contains(p.Options, "2") {
			waiting := p.Car
			otherName := map[int]string{1: "Anna", 2: "Bob"}[3-waiting]
			reply, err := svc.Handle(ctx, Request{Identity: cli(otherName), Game: id, Text: "next 2"})
			require.NoError(t, err)
			assert.Contains(t, reply, "gear 2")
			_, err = svc.Autoplay(ctx, id, 2) // the waiting car decides gear and move
			require.NoError(t, err)
			v, err := svc.Show(ctx, id)
			require.NoError(t, err)
			for _, pv := range v.Pending {
				assert.False(t, pv.Car == 3-waiting && pv.Decision == "gear", "the pre-move answered the gear")
			}
			return
		}
		_, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	t.Fatal("no gear decision with 2nd gear legal came up")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestAutopilotSeatAndGameMaster(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "t6"})
	require.NoError(t, err)
	// only the master (Anna, seat 1) may pause
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "pause"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game master")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "pause"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	_, err = svc.Handle(ctx, Request{Identity: cli(map[int]string{1: "Anna", 2: "Bob"}[p.Car]), Game: id, Text: p.Options[0]})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "paused")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "reprendre"})
	require.NoError(t, err)

	// both seats on autopilot: the race runs to the end by itself
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "auto on"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "auto on"})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", v.State)
}

func TestParseErrorReachesThePlayer(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna"}, Seed: "t7"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "gaer 4"})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	assert.Contains(t, err.Error(), `did you mean "gear"`)
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: "nope", Text: "status"})
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "no game"))
	var ue *UserError
	assert.True(t, errors.As(err, &ue))
}

func TestCreateRefusesBadRequests(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.Create(ctx, CreateRequest{Track: "nowhere", Seats: []string{"A"}})
	assert.True(t, IsUserError(err))
	_, err = svc.Create(ctx, CreateRequest{Track: "test-oval"})
	assert.True(t, IsUserError(err))
	_, err = svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: make([]string, 11)})
	assert.True(t, IsUserError(err))
	_, err = svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"A"}, Optional: []string{"nitro"}})
	assert.True(t, IsUserError(err))
	_ = fd.MaxCars
}

// A take-back is recorded with its reason (nothing erased), rewinds to the
// start of the last decided play, and the same dice come back.
func TestTakeBack(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "tb"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 6)
	require.NoError(t, err)
	before, err := svc.Show(ctx, id)
	require.NoError(t, err)
	linesBefore := recordLen(t, store, id)

	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "takeback misclick"})
	require.Error(t, err, "only the game master")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "takeback"})
	require.Error(t, err, "a reason is required")

	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "takeback Bob misclicked"})
	require.NoError(t, err)
	assert.Contains(t, reply, "taken back")
	after, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Less(t, after.Plays, before.Plays+1)
	assert.Greater(t, recordLen(t, store, id), linesBefore, "nothing is erased: the take-back is appended")

	// the game goes on and ends, and it still verifies
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches the seed")
}

// A race opened in a lobby: players join, only the creator starts it, and
// then it plays like any other.
func TestLobbyJoinStart(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	anna := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "1001"}
	bob := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "1002"}
	id, err := svc.Open(ctx, OpenRequest{Track: "test-oval", Seed: "lobby", Creator: anna, Name: "Anna", Channel: &Channel{Transport: "discord", Target: "thread-9"}})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "setup", v.State)

	// Bob is not a player yet: a transport registers him when he speaks
	require.NoError(t, svc.store.Update(ctx, func(tx persistence.Tx) error { _, err := svc.EnsurePlayer(tx, bob, "Bob"); return err }))
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "gear 2"})
	require.Error(t, err, "nothing to play before the start")
	reply, err := svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "rejoindre"})
	require.NoError(t, err)
	assert.Contains(t, reply, "car 2")
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "join"})
	require.Error(t, err, "already seated")
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "start"})
	require.Error(t, err, "only the creator starts")
	reply, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "start"})
	require.NoError(t, err)
	assert.Contains(t, reply, "2 cars")
	v, err = svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "running", v.State)
	assert.Len(t, v.Results, 2)
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches")
}

// A league game under the competition rules runs to the end from the
// service: three laps, configurations, qualifying in parallel.
func TestFDRGameFromTheService(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "fdr"})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "fdr", v.Rules)
	assert.Equal(t, 3, v.Laps)
	assert.GreaterOrEqual(t, len(v.Pending), 2, "several players decide at once during the setup")
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err = svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", v.State)
	assert.Contains(t, v.Results[0].Wear, "gas")
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches")
}

// FDR R1.14: the game master adjusts the final classification; the change
// is recorded (the record still verifies) and the results show it.
func TestMasterAdjustsClassification(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"A", "B", "C"}, Seed: "classify"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("A"), Game: id, Text: "classify 1 1"})
	require.Error(t, err, "not before the race is over")
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, "finished", v.State)
	last := v.Results[2].Car
	_, err = svc.Handle(ctx, Request{Identity: cli("B"), Game: id, Text: fmt.Sprintf("classify %d 1", last)})
	require.Error(t, err, "only the game master")
	// A reads French: replies are in the player's language
	require.NoError(t, svc.store.Update(ctx, func(tx persistence.Tx) error {
		p, err := tx.PlayerByIdentity(persistence.IdentityCLI, Fold("A"))
		if err != nil {
			return err
		}
		p.Language = "fr"
		return tx.UpdatePlayer(p)
	}))
	reply, err := svc.Handle(ctx, Request{Identity: cli("A"), Game: id, Text: fmt.Sprintf("classer %d 1 tables séparées", last)})
	require.NoError(t, err)
	assert.Contains(t, reply, "classée 1re")
	v, err = svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, last, v.Results[0].Car)
	assert.Equal(t, "tables séparées", v.Results[0].Adjusted)
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
}

// game show --json lists each option's path and facts, not letters alone.
func TestShowListsOptionFacts(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "facts"})
	require.NoError(t, err)
	for range 6 { // a few plays in, a move decision is pending
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.NotEmpty(t, v.Pending)
		p := v.Pending[0]
		require.Len(t, p.Facts, len(p.Options))
		for i, f := range p.Facts {
			assert.Equal(t, p.Options[i], f.Option)
			assert.NotEmpty(t, f.Text)
			assert.NotContains(t, f.Text, "=", "prose, not record syntax")
		}
		if p.Decision == "move" {
			moved := 0
			for _, f := range p.Facts {
				if len(f.Path) > 0 {
					moved++
					assert.Equal(t, f.Path[len(f.Path)-1], f.End)
				}
			}
			assert.Positive(t, moved)
			b, err := json.Marshal(p)
			require.NoError(t, err)
			assert.Contains(t, string(b), `"path":[`)
			return
		}
		name := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
		_, err = svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: p.Options[0]})
		require.NoError(t, err)
	}
	t.Fatal("no move decision in six plays")
}

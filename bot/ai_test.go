package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// A seat "ai:LEVEL" is raced by an AI driver: it decides as soon as its
// decision comes, in the same transaction as the order before it, so a
// player only ever waits for players; its orders are in the record like a
// player's, and the finished race verifies.
func TestAISeatsDriveThemselves(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "ai:legend", "AI:Rookie"}, Seed: "ai-1"})
	require.NoError(t, err)
	for n := 0; ; n++ {
		require.Less(t, n, 2000, "the race never ends")
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == "finished" {
			require.Len(t, v.Results, 3)
			break
		}
		require.Len(t, v.Pending, 1)
		p := v.Pending[0]
		require.Equal(t, 1, p.Car, "only Anna's car ever waits")
		_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: p.Options[0]})
		require.NoError(t, err)
	}
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches the seed")
	orders := map[string]int{}
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		lines, err := tx.Events(id, 0, 0)
		for _, l := range lines {
			if strings.HasPrefix(l.Line, "order ") {
				orders[strings.Fields(l.Line)[1]]++
			}
		}
		return err
	}))
	for _, car := range []string{"car=1", "car=2", "car=3"} {
		assert.Positive(t, orders[car], "orders of %s in the record", car)
	}
}

func TestAISeatsRefused(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "ai:ace"}})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	assert.Contains(t, err.Error(), "rookie, pro, legend")
	_, err = svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"ai:pro", "ai:legend"}})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
}

// In the lobby the game master seats AI drivers with "bots N LEVEL"
// ("ia N NIVEAU"); at the start they decide at once, so the race waits for
// its one player only.
func TestBotsInTheLobby(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	anna := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "2001"}
	bob := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "2002"}
	id, err := svc.Open(ctx, OpenRequest{Track: "test-oval", Seed: "bots", Creator: anna, Name: "Anna"})
	require.NoError(t, err)
	require.NoError(t, svc.store.Update(ctx, func(tx persistence.Tx) error { _, err := svc.EnsurePlayer(tx, bob, "Bob"); return err }))
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "join"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "bots 3 pro"})
	require.Error(t, err, "only the game master seats AI drivers")
	reply, err := svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "bots 3 pro"})
	require.NoError(t, err)
	assert.Equal(t, "cars 3 to 5: AI drivers, level pro", reply)
	reply, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "ia 1 légende"})
	require.NoError(t, err)
	// replies are in the player's language (Anna's is English), whatever
	// the language of the command typed
	assert.Equal(t, "car 6: an AI driver, level legend", reply)
	assert.Equal(t, "voiture 6 : un pilote IA de niveau légende", botsText(6, 6, "legend", "fr"))
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "bots 5 rookie"})
	require.Error(t, err, "the grid holds ten cars")
	assert.Contains(t, err.Error(), "4 free places")
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "start"})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Len(t, v.Results, 6)
	for _, p := range v.Pending {
		assert.LessOrEqual(t, p.Car, 2, "an AI car is waiting: %+v", p)
	}
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "bots 1 pro"})
	require.Error(t, err, "no bots after the start")
}

func TestParseBots(t *testing.T) {
	for in, want := range map[string]Command{
		"bots 3 pro":       {Verb: VerbBots, Lang: "en", Number: 3, Word: "pro"},
		"Bots 2 LEGEND":    {Verb: VerbBots, Lang: "en", Number: 2, Word: "legend"},
		"bots 1":           {Verb: VerbBots, Lang: "en", Number: 1, Word: "pro"},
		"ia 4 débutant":    {Verb: VerbBots, Lang: "fr", Number: 4, Word: "rookie"},
		"/race bots 9 pro": {Verb: VerbBots, Lang: "en", Number: 9, Word: "pro"},
	} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"bots", "bots 0 pro", "bots 10 pro", "bots three pro", "bots 3 ace", "bots 3 pro now"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
}

// A league's absent pilot: the game master puts an AI driver at a level in
// the seat ("replace Bob with ai:legend"); the seat stays Bob's, and Bob
// takes his car back with "auto off".
func TestSubstituteAtALevel(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "sub-1"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "replace Anna with ai:pro"})
	require.Error(t, err, "only the game master")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "replace Bob with ai:legend"})
	require.NoError(t, err)
	assert.Contains(t, reply, "seat 2 is now driven by an AI driver, level legend, until its player sends auto off")
	for range 20 {
		p := pendingFor(t, svc, id)
		require.Equal(t, 1, p.Car, "Bob's car never waits while the AI drives it")
		_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: p.Options[len(p.Options)-1]})
		require.NoError(t, err)
	}
	reply, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "auto off"})
	require.NoError(t, err)
	assert.Contains(t, reply, "AI driver stands down")
	for range 10 {
		p := pendingFor(t, svc, id)
		name := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
		_, err = svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: p.Options[len(p.Options)-1]})
		require.NoError(t, err)
		if p.Car == 2 {
			return // Bob decides again
		}
	}
	t.Fatal("Bob's car never waited for Bob again")
}

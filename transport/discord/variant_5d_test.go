package discord_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/tracks"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// League variant 5-D on Discord (the fake Discord). Gina is the game
// master; Anna (car 1) plays with the buttons of the race's thread; Bob
// (car 2) drives on autopilot. No post in the thread tells either build
// (car 2's is told by its total alone), and no reply to Anna's buttons
// tells Bob's; a reply tells Anna her own.
func TestVariant5DDiscordHidesOtherBuilds(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	store := memory.New()
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		for _, p := range []struct{ name, discord string }{{"Anna", "u1"}, {"Bob", "u2"}, {"Gina", "u3"}} {
			n := strings.ToLower(p.name)
			if err := tx.CreatePlayer(persistence.Player{ID: "cli:" + n, Name: p.name, Language: "en", TimeZone: "UTC",
				Identities: []persistence.Identity{{Kind: persistence.IdentityCLI, Value: n}, {Kind: persistence.IdentityDiscord, Value: p.discord}}}); err != nil {
				return err
			}
		}
		return nil
	}))
	h := startWith(t, ctx, store)
	f := h.fake
	const thread = "thread-5d"
	id, err := h.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "hidden-discord", Variants: []string{"5-D"},
		Master: persistence.Identity{Kind: persistence.IdentityCLI, Value: "gina"}})
	require.NoError(t, err)
	require.NoError(t, h.svc.AddChannel(ctx, id, bot.Channel{Transport: bot.KindDiscord, Target: thread}))
	_, err = h.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityDiscord, Value: "u2"}, Game: id, Text: "auto on"})
	require.NoError(t, err)
	oval, err := tracks.Get("test-oval")
	require.NoError(t, err)
	builds := func(car int) []string {
		s, err := hiddenbuild.Stored(ctx, store, oval, id, car)
		require.NoError(t, err)
		return s
	}
	// Anna's first order on the terminal: its commit opens the thread's posts
	v, err := h.svc.Show(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Pending)
	_, err = h.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: "anna"}, Game: id, Text: v.Pending[0].Options[0]})
	require.NoError(t, err)

	anna := discordtest.User{ID: "u1", Name: "Anna"}
	seen, hiddenTold, ownTold := 0, false, false
	for step := 0; ; step++ {
		require.Less(t, step, 400, "the race ends")
		ms, err := f.WaitMessages(ctx, thread, seen+1)
		require.NoError(t, err)
		bobs, own := builds(2), builds(1)
		for _, m := range ms[seen:] {
			for _, h := range append(bobs, own...) {
				assert.NotContains(t, m.Content, h, "a post in the thread")
			}
			hiddenTold = hiddenTold || strings.Contains(m.Content, "Car 2 is set up: ")
		}
		seen = len(ms)
		post := ms[len(ms)-1]
		comps := post.Buttons()
		if len(comps) == 0 {
			require.Contains(t, post.Content, "The race is over")
			break
		}
		c := comps[0]
		var car int
		fmt.Sscan(strings.Split(c.CustomID, "|")[2], &car)
		require.Equal(t, 1, car, "Bob is on autopilot: the game waits for Anna")
		var r *discordtest.Reply
		if c.Type == 2 { // a button, else a select menu
			r, err = f.Press(ctx, anna, post, c.CustomID)
		} else {
			r, err = f.Select(ctx, anna, post, c.CustomID, c.Options[0].Value)
		}
		require.NoError(t, err)
		for _, h := range builds(2) {
			assert.NotContains(t, r.Content, h, "Anna's reply")
		}
		hiddenTold = hiddenTold || strings.Contains(r.Content, "Car 2 is set up: ")
		ownTold = ownTold || hiddenbuild.In(r.Content, builds(1))
	}
	assert.True(t, hiddenTold, "car 2's build was told by its total: the checks saw it")
	assert.True(t, ownTold, "a reply tells Anna her own build")
}

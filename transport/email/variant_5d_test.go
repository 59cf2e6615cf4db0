package email

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D by mail, read as the players read their mail (the
// recording SMTP server, decoded). Gina is the game master. Anna (car 1)
// orders by mail; Bob (car
// 2) drives on autopilot, so his build is made in the commit of one of
// Anna's orders; the race also mails a channel. While car 2 races, no
// mail to Anna — her order replies and the outbox's mails — nor to the
// channel tells Bob's build (its total alone); Anna's own mails tell hers;
// the channel's tell neither.
func TestVariant5DMailsHideOtherBuilds(t *testing.T) {
	ctx := context.Background()
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	f := newFixture(t, "", store, Config{})
	anna, channel := addrs["Anna"], "race@example.org"
	f.register(t, "Anna", anna)
	f.register(t, "Bob", addrs["Bob"])
	f.register(t, "Gina", "gina@g.test") // the game master, who reads every build
	id, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "hidden-mail", Variants: []string{"5-D"},
		Master: persistence.Identity{Kind: persistence.IdentityEmail, Value: "gina@g.test"}})
	require.NoError(t, err)
	require.NoError(t, f.svc.AddChannel(ctx, id, bot.Channel{Transport: bot.KindEmail, Target: channel}))
	_, err = f.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityEmail, Value: addrs["Bob"]}, Game: id, Text: "auto on"})
	require.NoError(t, err)
	oval, err := tracks.Get("test-oval")
	require.NoError(t, err)
	builds := func(car int) []string {
		s, err := hiddenbuild.Stored(ctx, store, oval, id, car)
		require.NoError(t, err)
		return s
	}

	read := map[string]int{} // mails already checked, by address
	hiddenTold, ownTold := false, false
	for step := 0; ; step++ {
		require.Less(t, step, 400, "the race ends")
		v, err := f.svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == persistence.GameFinished {
			break
		}
		require.NotEmpty(t, v.Pending)
		p := v.Pending[0]
		require.Equal(t, 1, p.Car, "Bob is on autopilot: the game waits for Anna")
		raw := order(anna, "Re: [pitwall "+id+" "+f.tokens[anna]+"] my turn", fmt.Sprintf("hidden%d@a.test", step), p.Options[0])
		deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
		require.NoError(t, f.m.PollOnce(ctx))
		_, err = f.m.FlushOutbox(ctx)
		require.NoError(t, err)
		if v, err = f.svc.Show(ctx, id); err == nil && v.State == persistence.GameFinished {
			break // the commit that ends the race reveals every build
		}
		require.NoError(t, err)
		bob, own := builds(2), builds(1)
		for _, addr := range []string{anna, channel} {
			mails := readAll(t, f.rec.to(addr))
			for _, m := range mails[read[addr]:] {
				text := m.Subject + "\n" + m.Text
				for _, h := range append(bob, map[string][]string{channel: own}[addr]...) {
					assert.NotContains(t, text, h, "a mail to %s while car 2 races", addr)
				}
				hiddenTold = hiddenTold || strings.Contains(text, "Car 2 is set up: ")
				ownTold = ownTold || addr == anna && hiddenbuild.In(text, own)
			}
			read[addr] = len(mails)
		}
	}
	assert.True(t, hiddenTold, "a mail told car 2's build by its total: the checks saw it")
	assert.True(t, ownTold, "Anna's mails tell her own build")
}

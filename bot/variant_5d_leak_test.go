package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D through every transport's text. Anna (car 1,
// English) orders on the terminal and on her personal web link; Bob (car
// 2, French) drives on autopilot, so his build is made in the commit of
// Anna's order that opens the builds and told in its reply. Each plays on
// the terminal, by mail and on Discord; the race posts in a Discord thread
// and to a mail channel. While car 2 races, no text Anna or the public
// receives — her order replies (on the terminal, and the web page's JSON
// reply), her mails and Discord notices, the thread's posts and the
// channel's mails, the web page's log and its record.txt — tells Bob's
// build; Bob's own mails and Discord notices tell it, Anna's replies hers.
// After the flag Anna's log, the public web log and record.txt tell it.
func TestVariant5DTransportsHideOtherBuilds(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	readers := map[string]int{} // outbox target: the car of its reader, 0 anyone
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		for car, p := range []struct{ name, lang string }{{"Anna", "en"}, {"Bob", "fr"}} {
			n := Fold(p.name)
			ids := []persistence.Identity{{Kind: persistence.IdentityCLI, Value: n}, {Kind: persistence.IdentityEmail, Value: n + "@example.org"}, {Kind: persistence.IdentityDiscord, Value: "d-" + n}}
			for _, id := range ids {
				readers[id.Value] = car + 1
			}
			if err := tx.CreatePlayer(persistence.Player{ID: "cli:" + n, Name: p.name, Language: p.lang, TimeZone: "UTC", Identities: ids}); err != nil {
				return err
			}
		}
		return nil
	}))
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Gina"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Master: cli("Gina"), Seed: "hidden-transports", Variants: []string{"5-D"}})
	require.NoError(t, err)
	for _, ch := range []Channel{{Transport: KindDiscord, Target: "thread-1"}, {Transport: KindEmail, Target: "race@example.org"}} {
		require.NoError(t, svc.AddChannel(ctx, id, ch))
		readers[ch.Target] = 0
	}
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "auto on"})
	require.NoError(t, err)
	link, err := svc.PersonalLink(ctx, "Anna", false)
	require.NoError(t, err)
	_, token, ok := strings.Cut(link, "?t=")
	require.True(t, ok, link)
	bobLink, err := svc.PersonalLink(ctx, "Bob", false)
	require.NoError(t, err)
	_, bobToken, _ := strings.Cut(bobLink, "?t=")

	// the record lines as the store keeps them, whole: the builds to look for
	stored := func() []fd.Event {
		var evs []fd.Event
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			_, _, rec, _, err := storedRecord(tx, id)
			if err == nil {
				evs = rec.Events
			}
			return err
		}))
		return evs
	}
	configured := func(evs []fd.Event, car int) bool {
		for _, e := range evs {
			if e.Kind == "configuration" && e.Get("car") == strconv.Itoa(car) {
				return true
			}
		}
		return false
	}
	webLogText := func(tok string) string {
		v, err := svc.WebGame(ctx, id, tok, "en", false)
		require.NoError(t, err)
		var b strings.Builder
		for _, p := range v.Log {
			b.WriteString(p.Text + "\n")
		}
		return b.String()
	}

	oval, err := tracks.Get("test-oval")
	require.NoError(t, err)
	var bobHidden, annaBuild []string
	var replies []string
	told := map[string]bool{} // transport: a player's own texts told their build
	hiddenTold := false       // a text Anna read told car 2's build by its total alone
	for step := 0; step < 400; step++ {
		table, err := svc.Table(ctx, id, "en")
		require.NoError(t, err)
		if table.State == persistence.GameFinished {
			break
		}
		require.NotEmpty(t, table.Pending, "Bob is on autopilot: the game waits for Anna")
		d := table.Pending[0]
		require.Equal(t, 1, d.Car)
		var reply string
		if step%2 == 0 {
			reply, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: d.Options[0].Command})
		} else { // the web page's JSON reply carries this text
			reply, err = svc.WebHandle(ctx, WebOrder{Game: id, Token: token, Text: d.Options[0].Command, Car: 1, Decision: d.Token, Key: strings.Repeat("k", 16) + string(rune('a'+step%26)) + strings.Repeat("0", step/26)})
		}
		require.NoError(t, err, "step %d: %s", step, d.Options[0].Command)
		evs := stored()
		if bobHidden == nil && configured(evs, 2) {
			bobHidden = hiddenBuildStrings(t, oval, evs, 2)
		}
		if annaBuild == nil && configured(evs, 1) {
			annaBuild = hiddenBuildStrings(t, oval, evs, 1)
		}
		replies = append(replies, reply)
		msgs := map[string][]Outgoing{} // by transport
		for _, tr := range []string{KindCLI, KindEmail, KindDiscord} {
			ms, err := svc.PendingOutgoing(ctx, tr, 0)
			require.NoError(t, err)
			for _, m := range ms {
				require.NoError(t, svc.MarkSent(ctx, m.ID))
			}
			msgs[tr] = ms
		}
		if bobHidden == nil {
			continue
		}
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == persistence.GameFinished {
			break // the commit that ends the race tells every build
		}
		hiddenTold = hiddenTold || strings.Contains(reply, "Car 2 is set up: ")
		assertHidesBuild(t, reply, bobHidden, "Anna's reply to %s", d.Options[0].Command)
		for tr, ms := range msgs {
			for _, m := range ms {
				if own := map[int][]string{1: annaBuild, 2: bobHidden}[readers[m.Target]]; own != nil {
					told[tr] = told[tr] || hiddenbuild.In(m.Text, own)
				}
				if readers[m.Target] == 2 {
					continue
				}
				hiddenTold = hiddenTold || strings.Contains(m.Text, "is set up: ") || strings.Contains(m.Text, "est réglée : ")
				assertHidesBuild(t, m.Text, bobHidden, "%s to %s", tr, m.Target)
			}
		}
		assertHidesBuild(t, webLogText(""), bobHidden, "the public web log")
		assertHidesBuild(t, webLogText(token), bobHidden, "Anna's web log")
		assertTellsBuild(t, webLogText(bobToken), bobHidden, "Bob's web log")
		rec, err := svc.GameRecord(ctx, id)
		require.NoError(t, err)
		assertHidesBuild(t, rec, bobHidden, "record.txt")
		assertHidesBuild(t, rec, annaBuild, "record.txt")
		assert.Contains(t, rec, "# configuration car=2 pit=")
	}
	require.NotNil(t, bobHidden, "car 2 was built")
	require.NotNil(t, annaBuild, "car 1 was built")
	assert.True(t, hiddenTold, "Anna or the public read car 2's build by its total: the checks saw it")
	assert.True(t, told[KindEmail], "a player's mails tell their own build")
	assert.True(t, told[KindDiscord], "a player's Discord notices tell their own build")
	assertTellsBuild(t, strings.Join(replies, "\n"), annaBuild, "Anna's replies tell her own build")

	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, persistence.GameFinished, v.State)
	log, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "log 200"})
	require.NoError(t, err)
	assertTellsBuild(t, log, bobHidden, "at the flag Anna's log")
	assertTellsBuild(t, webLogText(""), bobHidden, "at the flag the public web log")
	rec, err := svc.GameRecord(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, rec, bobHidden[1], "at the flag record.txt is whole")
	assert.NotContains(t, rec, "# ")
}

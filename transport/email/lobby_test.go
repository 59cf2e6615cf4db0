package email

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	tokenInMailRE = regexp.MustCompile(`Your secret token is ([a-z2-7]{16})\.`)
	openedRE      = regexp.MustCompile(`Race (g-[0-9a-f]+) is open`)
)

// lastText is the text of the newest mail to addr.
func lastText(t *testing.T, f *fixture, addr string) string {
	t.Helper()
	got := readAll(t, f.rec.to(addr))
	require.NotEmpty(t, got, "no mail to %s", addr)
	return got[len(got)-1].Subject + "\n" + got[len(got)-1].Text
}

// A lobby by mail: a new address registers and gets its token (once a
// day, never a taken name), opens a race, another player joins, the game
// master starts it and everyone seated hears of it.
func TestLobbyByMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	f.register(t, "Bob", addrs["Bob"])
	send := func(from, subject, id string, lines ...string) {
		t.Helper()
		deliver(t, f.imap, "pitwall", "secret", "INBOX", order(from, subject, id, lines...))
		require.NoError(t, f.m.PollOnce(ctx))
		_, err := f.m.FlushOutbox(ctx)
		require.NoError(t, err)
	}

	// a stranger who says nothing useful gets nothing
	send("eve@e.test", "hello", "h1@e.test", "gear 4")
	assert.Empty(t, f.rec.to("eve@e.test"), "no backscatter")

	// register NAME: the token, to the address that wrote
	send("Dora <dora@d.test>", "hello", "r1@d.test", "register Dora")
	text := lastText(t, f, "dora@d.test")
	m := tokenInMailRE.FindStringSubmatch(text)
	require.NotNil(t, m, text)
	dora := m[1]
	ok, err := f.svc.CheckToken(ctx, "dora@d.test", dora)
	require.NoError(t, err)
	assert.True(t, ok, "the token mailed is Dora's")
	send("dora@d.test", "again", "r2@d.test", "register Dora")
	assert.Contains(t, lastText(t, f, "dora@d.test"), "REFUSED", "already registered")
	send("mallory@m.test", "hi", "r3@m.test", "register Bob")
	assert.Contains(t, lastText(t, f, "mallory@m.test"), "is taken", "a name already taken is refused")
	send("mallory@m.test", "hi", "r4@m.test", "register Mallory")
	assert.Contains(t, lastText(t, f, "mallory@m.test"), "already asked to register today", "once a day")

	// new race: Dora opens it, with her token in the body
	send("dora@d.test", "a race", "n1@d.test", "new race test-oval fd2008 1", "token "+dora)
	text = lastText(t, f, "dora@d.test")
	om := openedRE.FindStringSubmatch(text)
	require.NotNil(t, om, text)
	game := om[1]
	assert.Contains(t, text, "[pitwall "+game+" "+dora+"]", "the answer carries the new game's tag")
	// the same mail delivered again opens nothing more
	before := len(f.rec.to("dora@d.test"))
	send("dora@d.test", "a race", "n1@d.test", "new race test-oval fd2008 1", "token "+dora)
	assert.Len(t, f.rec.to("dora@d.test"), before, "a duplicate is not answered again")
	assert.Contains(t, f.logs.String(), "duplicate")

	// Bob joins by mail, Dora starts it from a reply
	bob := f.tokens[addrs["Bob"]]
	send(addrs["Bob"], "join", "j1@b.test", "join "+game, "token "+bob)
	assert.Contains(t, lastText(t, f, addrs["Bob"]), "takes car 2")
	send("dora@d.test", "Re: [pitwall "+game+" "+dora+"] Race waiting to start", "s1@d.test", "start")
	v, err := f.svc.Show(ctx, game)
	require.NoError(t, err)
	assert.Equal(t, "running", v.State)
	assert.Equal(t, 2, v.Cars)
	assert.Contains(t, lastText(t, f, addrs["Bob"]), "You drive car 2", "the game tells its players when it starts")
	assert.True(t, strings.Contains(lastText(t, f, "dora@d.test"), "car 1"))
}

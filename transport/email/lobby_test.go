package email

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
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

// crashStore fails the next outbox write when armed: the transaction it
// belongs to is rolled back, as if the process died before its commit.
type crashStore struct {
	persistence.Store
	armed atomic.Bool
}

type crashTx struct {
	persistence.Tx
	s *crashStore
}

func (s *crashStore) Update(ctx context.Context, fn func(persistence.Tx) error) error {
	return s.Store.Update(ctx, func(tx persistence.Tx) error { return fn(crashTx{tx, s}) })
}

func (tx crashTx) Enqueue(m persistence.Message) (int64, error) {
	if tx.s.armed.CompareAndSwap(true, false) {
		return 0, errors.New("simulated crash before the answer")
	}
	return tx.Tx.Enqueue(m)
}

// new race by mail opens the race and answers it in one transaction keyed
// by the mail: a crash before the answer leaves no race, and the mail
// delivered again (as IMAP does after a crash) opens exactly one.
func TestNewRaceByMailSurvivesACrash(t *testing.T) {
	ctx := context.Background()
	store := &crashStore{Store: memory.New()}
	f := newFixture(t, "", store, Config{})
	dora := f.register(t, "Dora", "dora@d.test")
	races := func() []string {
		t.Helper()
		var ids []string
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			games, err := tx.LiveGames()
			for _, g := range games {
				ids = append(ids, g.ID)
			}
			return err
		}))
		return ids
	}
	raw := order("dora@d.test", "a race", "crash1@d.test", "new race test-oval fd2008 1", "token "+dora)
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)

	store.armed.Store(true)
	require.Error(t, f.m.PollOnce(ctx), "the crash fails the pass")
	assert.Empty(t, races(), "no race without its answer")
	assert.Equal(t, uint32(1), mailboxCount(t, f.imap, "pitwall", "secret", "INBOX"), "the mail waits to be handled again")

	// the restart handles the mail again: one race, one answer
	require.NoError(t, f.m.PollOnce(ctx))
	_, err := f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	ids := races()
	require.Len(t, ids, 1)
	got := readAll(t, f.rec.to("dora@d.test"))
	require.Len(t, got, 1, "exactly one answer")
	text := got[0].Subject + "\n" + got[0].Text
	assert.Contains(t, text, "Race "+ids[0]+" is open")
	assert.Contains(t, text, "[pitwall "+ids[0]+" "+dora+"] Race waiting to start: ", "the answer's subject says what it is, with the new game's tag")
	assert.Equal(t, "<crash1@d.test>", got[0].InReplyTo, "threaded under Dora's mail")

	// delivered once more (the server lost the move): still one race
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
	require.NoError(t, f.m.PollOnce(ctx))
	_, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, ids, races())
	assert.Len(t, f.rec.to("dora@d.test"), 1, "a duplicate is not answered again")
}

// The answer to new race is in the creator's language.
func TestNewRaceByMailInFrench(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	tok := f.register(t, "Lea", "lea@l.test")
	_, err := f.svc.SetPlayer(ctx, bot.PlayerSettings{Name: "Lea", Language: "fr"})
	require.NoError(t, err)
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order("lea@l.test", "course", "fr1@l.test", "nouvelle course test-oval", "jeton "+tok))
	require.NoError(t, f.m.PollOnce(ctx))
	_, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	text := lastText(t, f, "lea@l.test")
	assert.Contains(t, text, "Course en attente : ")
	assert.Regexp(t, `La course g-[0-9a-f]+ est ouverte sur test-oval : vous prenez la voiture 1`, text)
}

// A flood of register mails (forged senders, say) is answered up to the
// hour's limit for all addresses together, then not at all.
func TestRegisterByMailGlobalLimit(t *testing.T) {
	ctx := context.Background()
	f := newFixtureWith(t, "", nil, Config{}, bot.Options{RegistersPerHour: 2})
	for i := range 4 {
		from := fmt.Sprintf("p%d@flood.test", i)
		deliver(t, f.imap, "pitwall", "secret", "INBOX", order(from, "hi", fmt.Sprintf("flood%d@flood.test", i), fmt.Sprintf("register Racer%d", i)))
	}
	require.NoError(t, f.m.PollOnce(ctx))
	_, err := f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Len(t, f.rec.sent(), 2, "two answers, then none")
	assert.Regexp(t, tokenInMailRE, lastText(t, f, "p0@flood.test"))
	assert.Regexp(t, tokenInMailRE, lastText(t, f, "p1@flood.test"))
	assert.Empty(t, f.rec.to("p2@flood.test"))
	assert.Empty(t, f.rec.to("p3@flood.test"))
	assert.Equal(t, 2, strings.Count(f.logs.String(), "never answered: register from"))
	assert.Equal(t, uint32(0), mailboxCount(t, f.imap, "pitwall", "secret", "INBOX"), "the ignored mail is handled, not retried")
}

// A Racing Simulator lobby by mail: "new race windmere" opens a Racing
// Simulator race (its circuit names the game), a player joins, the game
// master starts it, and each seat gets its first turn mail, private, with
// its legal orders one a line.
func TestRacingSimulatorLobbyByMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	anna, bob := f.register(t, "Anna", addrs["Anna"]), f.register(t, "Bob", addrs["Bob"])
	send := func(from, subject, id string, lines ...string) {
		t.Helper()
		deliver(t, f.imap, "pitwall", "secret", "INBOX", order(from, subject, id, lines...))
		require.NoError(t, f.m.PollOnce(ctx))
		_, err := f.m.FlushOutbox(ctx)
		require.NoError(t, err)
	}
	send(addrs["Anna"], "a race", "rs-n1@a.test", "new race windmere family", "token "+anna)
	text := lastText(t, f, addrs["Anna"])
	om := openedRE.FindStringSubmatch(text)
	require.NotNil(t, om, text)
	game := om[1]
	send(addrs["Bob"], "join", "rs-j1@b.test", "join "+game, "token "+bob)
	assert.Contains(t, lastText(t, f, addrs["Bob"]), "Bob takes car 2")
	send(addrs["Anna"], "[pitwall "+game+" "+anna+"] go", "rs-s1@a.test", "start")
	for _, a := range []string{addrs["Anna"], addrs["Bob"]} {
		var turn string
		for _, m := range readAll(t, f.rec.to(a)) {
			if strings.Contains(m.Subject, "Turn 1: your order") {
				turn = m.Text
			}
		}
		require.NotEmpty(t, turn, "%s gets the first turn mail", a)
		assert.Contains(t, turn, "Your hand")
		assert.Regexp(t, `answer with one of these lines\.\r?\ncard 29\d`, turn)
	}
}

package email

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

var names = map[int]string{1: "Anna", 2: "Bob", 3: "Chloe"}
var addrs = map[string]string{"Anna": "anna@a.test", "Bob": "bob@b.test", "Chloe": "chloe@c.test"}

// twoPlayerGame registers Anna and Bob and opens a game for them.
func twoPlayerGame(t testing.TB, f *fixture, seed string) string {
	f.register(t, "Anna", addrs["Anna"])
	f.register(t, "Bob", addrs["Bob"])
	id, err := f.svc.Create(context.Background(), bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: seed})
	require.NoError(t, err)
	return id
}

func pending(t testing.TB, svc *bot.Service, id string) (string, bot.PendingView) {
	v, err := svc.Show(context.Background(), id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Pending)
	p := v.Pending[0]
	return names[p.Car], p
}

func record(t *testing.T, svc *bot.Service, id string) string {
	v, err := svc.Show(context.Background(), id)
	require.NoError(t, err)
	return strings.Join([]string{v.State, itoa(v.Plays), itoa(v.Rounds), pendingKey(v)}, "/")
}

func pendingKey(v *bot.GameView) string {
	var b strings.Builder
	for _, p := range v.Pending {
		b.WriteString(itoa(p.Car) + p.Decision + strings.Join(p.Options, ","))
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestOrderByMailIsAppliedAnsweredAndMovedAfterCommit(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "mail-1")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)

	raw := order("Someone <"+strings.ToUpper(addr)+">", "Re: [pitwall "+id+" "+f.tokens[addr]+"] my turn", "m1@a.test",
		p.Options[0], "plan safe", "", "-- ", "my signature", "gear 99")
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
	require.NoError(t, f.m.PollOnce(ctx))

	assert.NotEqual(t, before, record(t, f.svc, id), "the order was applied")
	got := f.rec.to(addr)
	require.Len(t, got, 1, f.logs.String())
	h := got[0].header(t)
	assert.Equal(t, "auto-replied", h.Get("Auto-Submitted"))
	subject, err := h.Subject()
	require.NoError(t, err)
	assert.Contains(t, subject, "[pitwall "+id+" "+f.tokens[addr]+"]")
	assert.Contains(t, h.Get("In-Reply-To"), "m1@a.test")
	assert.Contains(t, got[0].text(), "> plan safe")
	assert.Contains(t, got[0].text(), "standing order noted")
	assert.NotContains(t, got[0].text(), "gear 99", "the signature is not read")
	assert.Equal(t, uint32(0), mailboxCount(t, f.imap, "pitwall", "secret", "INBOX"))
	assert.Equal(t, uint32(1), mailboxCount(t, f.imap, "pitwall", "secret", "Processed"))

	// the outbox: every seated player's email hears of the play, threaded,
	// tagged with their own token
	n, err := f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Positive(t, n)
	for _, name := range []string{"Anna", "Bob"} {
		a := addrs[name]
		var found bool
		for _, m := range f.rec.to(a) {
			h := m.header(t)
			if strings.HasPrefix(h.Get("Message-Id"), "<out.") {
				found = true
				subject, err := h.Subject()
				require.NoError(t, err)
				assert.Contains(t, subject, "[pitwall "+id+" "+f.tokens[a]+"]")
				assert.Equal(t, "auto-replied", h.Get("Auto-Submitted"))
				assert.NotEmpty(t, h.Get("References"))
			}
		}
		assert.True(t, found, "no outbox mail to %s", name)
	}
	n, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Zero(t, n, "sent once")
}

func TestMailDeliveredTwiceIsAppliedOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "mail-2")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	raw := order(addr, "[pitwall "+id+" "+f.tokens[addr]+"]", "twice@a.test", p.Options[0])
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
	require.NoError(t, f.m.PollOnce(ctx))
	after := record(t, f.svc, id)
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
	require.NoError(t, f.m.PollOnce(ctx))
	assert.Equal(t, after, record(t, f.svc, id))
	assert.Len(t, f.rec.to(addr), 1, "the duplicate is not answered")
	assert.Contains(t, f.logs.String(), "duplicate")
}

func TestWithoutTokenOrFromAStrangerNothingChanges(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "mail-3")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)

	// spoofed From, no token, a Reply-To pointing elsewhere
	spoof := order(addr, "[pitwall "+id+"]", "spoof@evil.test", p.Options[0])
	spoof = []byte(strings.Replace(string(spoof), "Subject:", "Reply-To: evil@evil.test\r\nSubject:", 1))
	deliver(t, f.imap, "pitwall", "secret", "INBOX", spoof)
	// a wrong token
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order(addr, "[pitwall "+id+" aaaaaaaaaaaaaaaa]", "wrong@evil.test", p.Options[0]))
	// an unregistered address
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order("mallory@evil.test", "[pitwall "+id+" "+f.tokens[addr]+"]", "m@evil.test", p.Options[0]))
	require.NoError(t, f.m.PollOnce(ctx))

	assert.Equal(t, before, record(t, f.svc, id), "the game is untouched")
	for _, m := range f.rec.sent() {
		assert.Equal(t, []string{addr}, m.To, "refusals go only to the registered address")
		assert.Contains(t, m.text(), "REFUSED")
	}
	assert.Len(t, f.rec.sent(), 2)
	assert.Empty(t, f.rec.to("evil@evil.test"))
	assert.Empty(t, f.rec.to("mallory@evil.test"))

	// the token may also be a body line
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order(addr, "[pitwall "+id+"]", "ok@a.test", "token "+f.tokens[addr], p.Options[0]))
	require.NoError(t, f.m.PollOnce(ctx))
	assert.NotEqual(t, before, record(t, f.svc, id))
}

func TestAuthenticationResultsOfTheTrustedServer(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{AuthServID: "mx.league.test"})
	id := twoPlayerGame(t, f, "mail-4")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)
	tag := "[pitwall " + id + " " + f.tokens[addr] + "]"
	withAR := func(msgID string, ars ...string) []byte {
		raw := string(order(addr, tag, msgID, p.Options[0]))
		var hs string
		for _, ar := range ars {
			hs += "Authentication-Results: " + ar + "\r\n"
		}
		return []byte(hs + raw)
	}
	// forged: the trusted server's real header (fail) on top, a forged pass below
	deliver(t, f.imap, "pitwall", "secret", "INBOX", withAR("f1@x", "mx.league.test; dmarc=fail header.from="+addr[strings.Index(addr, "@")+1:],
		"mx.league.test; dmarc=pass"))
	// forged: another server's pass
	deliver(t, f.imap, "pitwall", "secret", "INBOX", withAR("f2@x", "evil.test; dmarc=pass"))
	require.NoError(t, f.m.PollOnce(ctx))
	assert.Equal(t, before, record(t, f.svc, id))
	deliver(t, f.imap, "pitwall", "secret", "INBOX", withAR("ok@x", "mx.league.test; dkim=pass header.d="+addr[strings.Index(addr, "@")+1:]+"; dmarc=pass"))
	require.NoError(t, f.m.PollOnce(ctx))
	assert.NotEqual(t, before, record(t, f.svc, id))
}

func TestOutboxRetriesTemporaryAndReportsPermanentFailures(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{Backoff: time.Millisecond})
	id := twoPlayerGame(t, f, "mail-5")
	who, p := pending(t, f.svc, id)
	_, err := f.svc.Handle(ctx, bot.Request{Identity: bot.Identity{Kind: bot.KindEmail, Value: addrs[who]}, Game: id, Text: p.Options[0]})
	require.NoError(t, err)

	tries := map[string]int{}
	f.rec.fail = func(to []string) error {
		tries[to[0]]++
		switch {
		case to[0] == addrs["Bob"]:
			return &smtp.SMTPError{Code: 550, Message: "no such user"}
		case tries[to[0]] == 1:
			return &smtp.SMTPError{Code: 451, Message: "try later"}
		}
		return nil
	}
	n, err := f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)
	time.Sleep(5 * time.Millisecond)
	n, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "Anna's mail went on the second attempt")
	bobTries := tries[addrs["Bob"]]
	require.Positive(t, bobTries)
	time.Sleep(5 * time.Millisecond)
	n, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.Equal(t, bobTries, tries[addrs["Bob"]], "a 5xx is not retried")
	// Anna is the game master: she hears of Bob's failure
	var report bool
	for _, m := range f.rec.to(addrs["Anna"]) {
		if strings.Contains(m.text(), "could not deliver") {
			report = true
		}
	}
	assert.True(t, report)
}

func TestRunWakesOnIdle(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(t, "", nil, Config{Poll: 5 * time.Second})
	id := twoPlayerGame(t, f, "mail-6")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	done := make(chan error, 1)
	go func() { done <- f.m.Run(ctx) }()
	time.Sleep(300 * time.Millisecond) // in IDLE now
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order(addr, "[pitwall "+id+" "+f.tokens[addr]+"]", "idle@a.test", p.Options[0]))
	require.Eventually(t, func() bool { return len(f.rec.to(addr)) >= 1 }, 3*time.Second, 20*time.Millisecond, "IDLE woke the reader")
	cancel()
	require.NoError(t, <-done)
}

func TestPollingWithoutIdleAndFlagsWithoutMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	imapAddr := startIMAP(t) // IMAP4rev1 only: no IDLE, no MOVE
	f := newFixture(t, imapAddr, nil, Config{Poll: 100 * time.Millisecond})
	id := twoPlayerGame(t, f, "mail-7")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	done := make(chan error, 1)
	go func() { done <- f.m.Run(ctx) }()
	deliver(t, f.imap, "pitwall", "secret", "INBOX", order(addr, "[pitwall "+id+" "+f.tokens[addr]+"]", "poll@a.test", p.Options[0]))
	require.Eventually(t, func() bool { return len(f.rec.to(addr)) >= 1 }, 3*time.Second, 20*time.Millisecond)
	cancel()
	require.NoError(t, <-done)
	assert.Equal(t, uint32(1), mailboxCount(t, f.imap, "pitwall", "secret", "INBOX"), "flagged, not moved")
}

func botReq(addr, game, text string) bot.Request {
	return bot.Request{Identity: bot.Identity{Kind: bot.KindEmail, Value: addr}, Game: game, Text: text}
}

// A mail with neither Message-ID nor Date is still handled (without
// de-duplication keys) and two such mails alike are both applied.
func TestMailWithoutMessageIDOrDate(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "mail-8")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)
	raw := "From: " + addr + "\r\nSubject: [pitwall " + id + " " + f.tokens[addr] + "]\r\n\r\n" + p.Options[0] + "\r\n"
	deliver(t, f.imap, "pitwall", "secret", "INBOX", []byte(raw))
	require.NoError(t, f.m.PollOnce(ctx))
	assert.NotEqual(t, before, record(t, f.svc, id))
	assert.Len(t, f.rec.to(addr), 1)
}

func TestTokenInPlusAddress(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "mail-9")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)
	raw := order(addr, "[pitwall "+id+"]", "plus@a.test", p.Options[0])
	raw = []byte(strings.Replace(string(raw), "To: pitwall@league.test", "To: pitwall+"+f.tokens[addr]+"@league.test", 1))
	deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
	require.NoError(t, f.m.PollOnce(ctx))
	assert.NotEqual(t, before, record(t, f.svc, id))
}

// A message carrying the board has it attached as board.png, after the
// text; threading and Auto-Submitted as on every mail.
func TestBoardPNGIsAttached(t *testing.T) {
	f := newFixture(t, "", nil, Config{})
	png := []byte("\x89PNG\r\n\x1a\nnot really a png")
	raw, err := f.m.build("anna@a.test", "[pitwall g-1 tok] g-1", "out.1.g-1@league.test", "game.g-1@league.test", []string{"game.g-1@league.test"}, "your turn", png)
	require.NoError(t, err)
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	assert.Equal(t, "auto-replied", r.Header.Get("Auto-Submitted"))
	var text string
	var attached []byte
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b, _ := io.ReadAll(p.Body)
		switch h := p.Header.(type) {
		case *gomail.InlineHeader:
			text = string(b)
		case *gomail.AttachmentHeader:
			name, _ := h.Filename()
			assert.Equal(t, "board.png", name)
			attached = b
		}
	}
	assert.Contains(t, text, "your turn")
	assert.Equal(t, png, attached)
}

package email

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// rsBoards is a stand-in renderer whose "picture" of a Racing Simulator
// race is the board view it was asked to draw, as JSON: the test reads
// whose hand a mailed board could show.
type rsBoards struct{}

func (rsBoards) BoardPNG(io.Writer, engine.Game, string) error { return nil }
func (rsBoards) ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	return json.NewEncoder(w).Encode(g.(rs.Contract).G.Board(seat))
}

// handClock is the service's clock, moved by hand to a deadline.
type handClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *handClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *handClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// rsMail is a sent mail as its reader reads it: subject, text, board.
type rsMail struct {
	to, subject, text string
	board             []byte
	inReplyTo         string
}

func readSent(t *testing.T, m sentMail) rsMail {
	t.Helper()
	r, err := parseSent(m)
	require.NoError(t, err)
	return r
}

// parseSent reads one sent mail, or says why it cannot: conditions that
// testify runs on another goroutine call it (never require there).
func parseSent(m sentMail) (rsMail, error) {
	r, err := gomail.CreateReader(bytes.NewReader(m.Data))
	if err != nil {
		return rsMail{}, err
	}
	subject, _ := r.Header.Subject()
	out := rsMail{to: m.To[0], subject: subject, inReplyTo: r.Header.Get("In-Reply-To")}
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rsMail{}, err
		}
		b, err := io.ReadAll(p.Body)
		if err != nil {
			return rsMail{}, err
		}
		if _, ok := p.Header.(*gomail.AttachmentHeader); ok {
			out.board = b
		} else {
			out.text += strings.ReplaceAll(string(b), "\r\n", "\n")
		}
	}
	return out, nil
}

// orderLinesOf are the orders a turn mail offers, one a line, after the
// line that asks for them.
func orderLinesOf(text string) []string {
	var out []string
	asked := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.Contains(line, "answer with one of these lines") || strings.Contains(line, "répondez avec l'une de ces lignes") {
			asked = true
			continue
		}
		if !asked {
			continue
		}
		if _, err := bot.ParseRSOrder(line); err != nil || line == "" {
			break
		}
		out = append(out, line)
	}
	return out
}

// TestDovecotRacingSimulatorByMail plays a whole family race of Racing
// Simulator by three players through a real IMAP server (dovecot): each
// turn every player gets one private turn mail (their own board with
// their hand, their legal orders one a line) and answers with one of its
// lines; Bob reads and writes French. In turn 2 Chloe does not answer:
// the deadline passes and the autopilot orders for her. An order not in
// the hand is refused with the legal orders. No mail tells its reader an
// event addressed to another seat, and every mailed board is its
// reader's. The stored race verifies against its seed.
func TestDovecotRacingSimulatorByMail(t *testing.T) {
	addr := startDovecot(t)
	ctx := context.Background()
	store := memory.New()
	clock := &handClock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	f := newFixtureWith(t, addr, store, Config{Poll: 200 * time.Millisecond}, bot.Options{Now: clock.now, Boards: rsBoards{}})
	players := []string{"Anna", "Bob", "Chloe"}
	seatOf := map[string]int{}
	for i, n := range players {
		f.register(t, n, addrs[n])
		seatOf[addrs[n]] = i
	}
	_, err := f.svc.SetPlayer(ctx, bot.PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := f.svc.Create(ctx, bot.CreateRequest{Game: "rs", Mode: "family", Track: "windmere", Seats: players, Seed: "rs-by-mail", Deadline: time.Hour})
	require.NoError(t, err)

	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- f.m.Run(runCtx) }()

	// turnMail waits for the turn mail of turn n to addr.
	turnMail := func(a string, n int) rsMail {
		t.Helper()
		subject := map[bool]string{false: fmt.Sprintf("Turn %d: your order", n), true: fmt.Sprintf("Tour %d : votre ordre", n)}[a == addrs["Bob"]]
		var found rsMail
		if !assert.Eventually(t, func() bool {
			// a mail that does not read is not the turn mail; the
			// checks at the end read every mail on the test's goroutine
			for _, m := range f.rec.to(a) {
				if r, err := parseSent(m); err == nil && strings.Contains(r.subject, subject) {
					found = r
					return true
				}
			}
			return false
		}, 20*time.Second, 10*time.Millisecond, "%s gets the mail of turn %d", a, n) {
			t.Fatalf("no turn mail; the mailer's log:\n%s", f.log())
		}
		return found
	}
	// replyTo counts the answers to a's mails; it runs inside Eventually's
	// conditions (another goroutine), so a mail that does not read is
	// simply not counted (the checks at the end read every mail)
	replyTo := func(a string) int {
		n := 0
		for _, m := range f.rec.to(a) {
			if r, err := parseSent(m); err == nil && strings.Contains(r.inReplyTo, "rs-") {
				n++
			}
		}
		return n
	}
	replayed := func() *rs.Game {
		rec := &rs.Record{Game: id, Mode: rs.Family, Seats: 3, Track: "windmere"}
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			lines, err := tx.Events(id, 0, 0)
			for _, l := range lines {
				e, perr := rs.ParseEvent(l.Line)
				if perr != nil {
					return perr
				}
				rec.Events = append(rec.Events, e)
			}
			return err
		}))
		g, err := rs.Replay(rec)
		require.NoError(t, err)
		return g
	}
	rng := rand.New(rand.NewPCG(5, 29))
	lateTurn, refused := 2, false
	for turn := 1; !replayed().Over; turn++ {
		require.Less(t, turn, 60, "the race does not end")
		for seat, who := range players {
			a := addrs[who]
			mail := turnMail(a, turn)
			require.NotNil(t, mail.board, "the turn mail to %s carries their board", who)
			lines := orderLinesOf(mail.text)
			require.NotEmpty(t, lines, "the turn mail to %s lists the legal orders: %s", who, mail.text)
			if seat == 2 && turn == lateTurn {
				continue // Chloe is late
			}
			subject := "Re: " + mail.subject
			if !refused && seat == 0 {
				// a card not in her hand: refused, with what is legal
				bad := ""
				for c := 293; c <= 300 && bad == ""; c++ {
					if !strings.Contains(mail.text, fmt.Sprintf("card %d\n", c)) {
						bad = fmt.Sprintf("card %d", c)
					}
				}
				before := replyTo(a)
				deliver(t, addr, "pitwall", "secret", "INBOX", order(who+" <"+a+">", subject, fmt.Sprintf("rs-bad.%s", a), bad))
				require.Eventually(t, func() bool { return replyTo(a) > before }, 20*time.Second, 10*time.Millisecond, "the refusal")
				got := f.rec.to(a)
				text := readSent(t, got[len(got)-1]).text
				assert.Contains(t, text, "REFUSED")
				assert.Contains(t, text, "Legal: "+lines[0])
				refused = true
			}
			before := replyTo(a)
			deliver(t, addr, "pitwall", "secret", "INBOX", order(who+" <"+a+">", subject, fmt.Sprintf("rs-%d.%s", turn, a), lines[rng.IntN(len(lines))]))
			require.Eventually(t, func() bool { return replyTo(a) > before }, 20*time.Second, 10*time.Millisecond, "the answer to %s's order of turn %d", who, turn)
		}
		if turn == lateTurn {
			// the deadline passes: the autopilot orders for Chloe
			for replayed().Turn == lateTurn {
				var next persistence.Deadline
				var have bool
				require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
					var err error
					next, have, err = tx.NextDeadline()
					return err
				}))
				require.True(t, have, "Chloe's order has a deadline")
				clock.set(next.Due)
				require.NoError(t, f.svc.Fire(ctx, next))
			}
		}
	}
	// the outbox reaches everyone
	require.Eventually(t, func() bool {
		pend, err := f.svc.PendingOutgoing(ctx, bot.KindEmail, 1)
		return err == nil && len(pend) == 0
	}, 20*time.Second, 20*time.Millisecond)
	cancel()
	require.NoError(t, <-done)

	g := replayed()
	turnMails := map[string]int{}
	for _, m := range f.rec.sent() {
		r := readSent(t, m)
		seat, ok := seatOf[r.to]
		require.True(t, ok, "a mail to %s, who is no player", r.to)
		if r.inReplyTo == "" {
			turnMails[r.to]++
		}
		lang := map[bool]string{false: "en", true: "fr"}[seat == 1]
		mine := map[string]bool{}
		for _, e := range g.Events {
			if e.VisibleTo(seat, false) {
				mine[phrasebook.Text(lang, g.EventPhrase(e))] = true
			}
		}
		for _, e := range g.Events {
			if d := phrasebook.Text(lang, g.EventPhrase(e)); !e.VisibleTo(seat, false) && !mine[d] && d != "" {
				assert.NotContains(t, r.text, d, "the mail %q to %s tells an event addressed to others: %s", r.subject, r.to, e.Text())
			}
		}
		if r.board != nil {
			var v rs.BoardView
			require.NoError(t, json.Unmarshal(r.board, &v))
			assert.Equal(t, seat, v.Seat, "the board mailed to %s is drawn for its reader", r.to)
		}
	}
	// one mail a turn, not one per order: the last orderer's turn mail is
	// the answer to their order, so nobody gets more mails than turns + 1
	for _, who := range players {
		assert.LessOrEqual(t, turnMails[addrs[who]], g.Turn+1, "%s's unsolicited mails", who)
	}
	late := 0
	for _, e := range g.Events {
		if e.Kind == "deadline" || e.Get("by") == "autopilot" {
			late++
		}
	}
	assert.Equal(t, 2, late, "one deadline, one autopilot order (Chloe's)")
	out, err := f.svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
}

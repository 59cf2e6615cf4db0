package email

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// stateBoard's "PNG" says what it was given to draw, so that a test can
// read back, from the attachment of a mail, which play the board shows.
type stateBoard struct{}

func (stateBoard) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	_, err := fmt.Fprintf(w, "\x89PNG\r\n\x1a\nlang=%s round=%d play=%d", lang, g.Round, g.Play)
	return err
}

// fakeClock is the service's clock, moved by the test.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

// readMail is a mail as its reader sees it: decoded subject, text and the
// attached board.
type readMail struct {
	ID, InReplyTo, Subject, Text string
	Board                        []byte
}

func readAll(t *testing.T, ms []sentMail) []readMail {
	t.Helper()
	var out []readMail
	for _, s := range ms {
		r, err := gomail.CreateReader(bytes.NewReader(s.Data))
		require.NoError(t, err)
		subject, err := r.Header.Subject()
		require.NoError(t, err)
		m := readMail{ID: r.Header.Get("Message-Id"), InReplyTo: r.Header.Get("In-Reply-To"), Subject: subject}
		for {
			p, err := r.NextPart()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			b, err := io.ReadAll(p.Body)
			require.NoError(t, err)
			switch p.Header.(type) {
			case *gomail.InlineHeader:
				m.Text += string(b)
			case *gomail.AttachmentHeader:
				m.Board = b
			}
		}
		out = append(out, m)
	}
	return out
}

var (
	subjectRoundRE = regexp.MustCompile(`\((?:[^,]+), (?:round|tour) (\d+)\)`)
	digestRE       = regexp.MustCompile(`\] (?:Round|Tour) (\d+) ?: (?:car|voiture) \d`)
	boardRE        = regexp.MustCompile(`^lang=(\w+) round=(\d+) play=(\d+)$`)
	machineRE      = regexp.MustCompile(`\b[a-z][a-z-]*=\S|\(R-[A-Z]{3}-\d\d\)|\b[a-z]+\.\d+\.\d+\b`)
	englishRE      = regexp.MustCompile(`(?i)\b(the|car|your|turn|round|gear|spaces?|moves|rolls|brakes|tyres|stays?|decide|choose|results|finished|lap)\b`)
)

// Three players by mail — Anna in English (a mail per turn), Bruno in
// French (a digest a round) and Carl (every play), silent for his first
// two decisions — play a race to the end through a real dovecot, from a
// game created by the command line: the pitwall binary's player set
// --email and game create --deadline, as an organiser types them. The
// test reads their mail as they would.
func TestDovecotPlayersReadTheirMail(t *testing.T) {
	addr := startDovecot(t)
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "league.db")
	anna, bruno, carl := "anna@a.test", "bruno@b.test", "carl@c.test"
	pitwall := pitwallCLI(t)
	tokens := map[string]string{
		anna:  pitwall("--db", db, "player", "set", "Anna", "--email", anna),
		bruno: pitwall("--db", db, "player", "set", "Bruno", "--email", bruno, "--lang", "fr", "--tz", "Europe/Paris", "--mail-mode", "round"),
		carl:  pitwall("--db", db, "player", "set", "Carl", "--email", carl, "--mail-mode", "every"),
	}
	id := pitwall("--db", db, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seat", "Bruno", "--seat", "Carl",
		"--seed", "read-by-mail", "--laps", "1", "--deadline", "1h")
	require.Regexp(t, `^g-[0-9a-f]+$`, id)
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	// the service's clock starts when the command line armed the first
	// deadline, an hour before it
	var first persistence.Deadline
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		ds, err := tx.Deadlines(id)
		for _, d := range ds {
			if d.Kind == persistence.DeadlineDecision {
				first = d
			}
		}
		return err
	}))
	require.False(t, first.Due.IsZero(), "game create --deadline 1h arms the first decision's deadline")
	clock := &fakeClock{now: first.Due.Add(-time.Hour)}
	f := newFixtureWith(t, addr, store, Config{Poll: time.Second}, bot.Options{Boards: stateBoard{}, Now: clock.Now})
	for a, tok := range tokens {
		require.Regexp(t, `^[a-z2-7]{16}$`, tok, "player set --email prints the token")
		f.tokens[a] = tok
	}
	who := map[int]string{1: anna, 2: bruno, 3: carl}
	lang := map[string]string{anna: "en", bruno: "fr", carl: "en"}

	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- f.m.Run(runCtx) }()
	defer func() { cancel(); <-done }()

	nextDeadline := func(seat int, kind string) persistence.Deadline {
		var d persistence.Deadline
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			ds, err := tx.Deadlines(id)
			for _, x := range ds {
				if x.Seat == seat && x.Kind == kind {
					d = x
				}
			}
			return err
		}))
		require.Equal(t, seat, d.Seat, "no %s deadline for car %d", kind, seat)
		return d
	}
	silent := 2
	var reminders, notices int
	var firstDue time.Time
	for step := 0; ; step++ {
		require.Less(t, step, 500, "the race does not end")
		v, err := f.svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == "finished" {
			break
		}
		p := v.Pending[0]
		a := who[p.Car]
		before := fmt.Sprint(v.Plays, v.Pending)
		if a == carl && silent > 0 {
			// Carl says nothing: the reminder at half time, then the
			// autopilot at the deadline
			silent--
			dl := nextDeadline(p.Car, persistence.DeadlineDecision)
			rem := nextDeadline(p.Car, persistence.DeadlineReminder)
			if firstDue.IsZero() {
				firstDue = dl.Due
			}
			assert.Equal(t, 30*time.Minute, dl.Due.Sub(rem.Due), "the reminder at half time")
			assert.Equal(t, time.Hour, dl.Due.Sub(clock.Now()), "the decision has its hour")
			clock.Set(rem.Due)
			require.NoError(t, f.svc.Fire(ctx, rem))
			clock.Set(dl.Due)
			require.NoError(t, f.svc.Fire(ctx, dl))
			reminders++
			notices++
		} else {
			text := "choose " + p.Options[0]
			if lang[a] == "fr" {
				text = "choisir " + p.Options[0]
			}
			if p.Decision == string(fd.DecideGear) {
				text = "gear " + p.Options[0]
				if lang[a] == "fr" {
					text = "vitesse " + p.Options[0]
				}
			}
			clock.Set(clock.Now().Add(time.Minute))
			deliver(t, addr, "pitwall", "secret", "INBOX", order(a, "Re: [pitwall "+id+" "+f.tokens[a]+"] "+id, fmt.Sprintf("s%d.%s", step, a), text))
		}
		require.Eventually(t, func() bool {
			v, err := f.svc.Show(ctx, id)
			return err == nil && fmt.Sprint(v.Plays, v.Pending) != before
		}, 10*time.Second, 5*time.Millisecond, "step %d not applied", step)
	}
	require.Eventually(t, func() bool {
		pend, err := f.svc.PendingOutgoing(ctx, bot.KindEmail, 1)
		return err == nil && len(pend) == 0
	}, 20*time.Second, 20*time.Millisecond)
	v, err := f.svc.Show(ctx, id)
	require.NoError(t, err)

	perRound := map[string]map[string]int{}
	for car, a := range who {
		mails := readAll(t, f.rec.to(a))
		require.NotEmpty(t, mails)
		perRound[a] = map[string]int{}
		seen := map[string]bool{}
		start := mails[0]
		if lang[a] == "fr" {
			assert.Contains(t, start.Text, fmt.Sprintf("Vous pilotez la voiture %d", car), "the start mail")
		} else {
			assert.Contains(t, start.Text, fmt.Sprintf("You drive car %d", car), "the start mail")
		}
		// the start mail left the command line with the real board
		cfg, err := png.DecodeConfig(bytes.NewReader(start.Board))
		require.NoError(t, err, "the start mail carries the board")
		assert.Greater(t, cfg.Width, 100)
		for i, m := range mails {
			assert.Contains(t, m.Subject, "[pitwall "+id+" "+f.tokens[a]+"]", "the game's tag is kept")
			key := m.Subject + "\n" + m.Text
			assert.False(t, seen[key], "%s got the same mail twice: %q", a, m.Subject)
			seen[key] = true
			assert.NotRegexp(t, machineRE, m.Text, "machine text in a mail to %s", a)
			if lang[a] == "fr" {
				text := strings.NewReplacer("Test Oval", "", "North Bend", "", "South Bend", "").Replace(m.Subject + "\n" + m.Text)
				assert.NotRegexp(t, englishRE, text, "English in a mail to Bruno: %q", englishRE.FindString(text))
			}
			if m.Board != nil && i > 0 {
				sm := boardRE.FindStringSubmatch(strings.TrimPrefix(string(m.Board), "\x89PNG\r\n\x1a\n"))
				require.NotNil(t, sm, "board %q", m.Board)
				assert.Equal(t, lang[a], sm[1], "the board in the reader's language")
			}
			if strings.Contains(m.Subject, "Your turn: car") || strings.Contains(m.Subject, "À vous : voiture") {
				require.NotEmpty(t, m.Board, "a mail that asks for a decision carries the board: %q", m.Subject)
				rm := subjectRoundRE.FindStringSubmatch(m.Subject)
				require.NotNil(t, rm, m.Subject)
				if i == 0 {
					continue // the start mail's real board, decoded above
				}
				assert.Equal(t, rm[1], boardRE.FindStringSubmatch(strings.TrimPrefix(string(m.Board), "\x89PNG\r\n\x1a\n"))[2], "the board shows the current round: %q", m.Subject)
			}
			if m.InReplyTo == "" || strings.Contains(m.InReplyTo, "game.") {
				if rm := digestRE.FindStringSubmatch(m.Subject); rm != nil {
					perRound[a][rm[1]]++
				}
			}
		}
		last := mails[len(mails)-1]
		if lang[a] == "fr" {
			assert.Equal(t, "[pitwall "+id+" "+f.tokens[a]+"] Résultats : Test Oval", last.Subject)
		} else {
			assert.Equal(t, "[pitwall "+id+" "+f.tokens[a]+"] Results: Test Oval", last.Subject)
		}
		assert.Contains(t, last.Text, v.Seed, "the results reveal the seed")
		assert.Contains(t, last.Text, "pitwall game verify "+id)
	}
	// the modes: Anna only her turns, Bruno one digest a round, Carl every play
	assert.Empty(t, perRound[anna], "turn: no digest")
	for r, n := range perRound[bruno] {
		assert.Equal(t, 1, n, "round: one digest in round %s", r)
	}
	assert.NotEmpty(t, perRound[bruno])
	assert.Greater(t, len(f.rec.to(carl)), len(f.rec.to(anna)), "every: Carl hears of every play")

	// Carl's silence: two reminders with the deadline's time, two notices
	carlText := ""
	for _, m := range readAll(t, f.rec.to(carl)) {
		carlText += m.Subject + "\n" + m.Text + "\n"
	}
	assert.Equal(t, reminders, strings.Count(carlText, "Reminder: car 3 must decide before"))
	assert.Equal(t, notices, strings.Count(carlText, "the autopilot decided for car 3"))
	assert.Contains(t, carlText, "must decide before "+firstDue.Format("Mon 2 Jan 15:04 MST"), "the first reminder names the deadline")
	// the game master (Anna) heard of the misses by mail
	masterText := ""
	for _, m := range readAll(t, f.rec.to(anna)) {
		masterText += m.Subject + "\n"
	}
	assert.Equal(t, notices, strings.Count(masterText, "Missed deadline: car 3"))
	t.Logf("mails: Anna %d, Bruno %d, Carl %d", len(f.rec.to(anna)), len(f.rec.to(bruno)), len(f.rec.to(carl)))
}

// pitwallCLI builds the pitwall binary and returns a function that runs
// it and returns what it printed on standard output, trimmed.
func pitwallCLI(t *testing.T) func(args ...string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "pitwall")
	out, err := exec.Command(goBin, "build", "-o", bin, "github.com/pitwall/pitwall/cmd/pitwall").CombinedOutput()
	require.NoError(t, err, "go build ./cmd/pitwall: %s", out)
	return func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "pitwall %s: %s", strings.Join(args, " "), stderr.String())
		return strings.TrimSpace(stdout.String())
	}
}

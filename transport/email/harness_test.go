package email

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// sentMail is one mail the recording SMTP server accepted.
type sentMail struct {
	From string
	To   []string
	Data []byte
}

func (s sentMail) header(t testing.TB) gomail.Header {
	r, err := gomail.CreateReader(bytes.NewReader(s.Data))
	require.NoError(t, err)
	return r.Header
}

func (s sentMail) text() string { return string(s.Data) }

// recorder is a recording go-smtp server; fail, when set, answers DATA.
type recorder struct {
	mu   sync.Mutex
	mail []sentMail
	fail func(to []string) error
	addr string
}

type recSession struct {
	r    *recorder
	from string
	to   []string
}

func (s *recSession) Reset()        { s.from, s.to = "", nil }
func (s *recSession) Logout() error { return nil }
func (s *recSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}
func (s *recSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *recSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if s.r.fail != nil {
		if err := s.r.fail(s.to); err != nil {
			return err
		}
	}
	s.r.mail = append(s.r.mail, sentMail{From: s.from, To: s.to, Data: b})
	return nil
}

func startRecorder(t testing.TB) *recorder {
	rec := &recorder{}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &recSession{r: rec}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	rec.addr = ln.Addr().String()
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return rec
}

func (r *recorder) sent() []sentMail {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]sentMail(nil), r.mail...)
}

func (r *recorder) to(addr string) []sentMail {
	var out []sentMail
	for _, m := range r.sent() {
		for _, t := range m.To {
			if t == addr {
				out = append(out, m)
			}
		}
	}
	return out
}

// startIMAP runs go-imap's in-memory server with user pitwall/secret.
func startIMAP(t testing.TB, caps ...imap.Cap) string {
	mem := imapmemserver.New()
	user := imapmemserver.NewUser("pitwall", "secret")
	require.NoError(t, user.Create("INBOX", nil))
	mem.AddUser(user)
	cs := imap.CapSet{imap.CapIMAP4rev1: {}}
	for _, c := range caps {
		cs[c] = struct{}{}
	}
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		InsecureAuth: true,
		Caps:         cs,
		Logger:       discardLogger{},
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}

// deliver appends a raw mail to a mailbox, as an MTA would.
func deliver(t testing.TB, imapAddr, user, pass, mailbox string, raw []byte) {
	t.Helper()
	c, err := imapclient.DialInsecure(imapAddr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(user, pass).Wait())
	cmd := c.Append(mailbox, int64(len(raw)), nil)
	_, err = cmd.Write(raw)
	require.NoError(t, err)
	require.NoError(t, cmd.Close())
	_, err = cmd.Wait()
	require.NoError(t, err)
}

// mailbox counts the mail in a folder.
func mailboxCount(t testing.TB, imapAddr, user, pass, mailbox string) uint32 {
	t.Helper()
	n, err := countMailbox(imapAddr, user, pass, mailbox)
	require.NoError(t, err)
	return n
}

// countMailbox is mailboxCount without the test's failure: safe inside a
// require.Eventually condition, which runs on another goroutine where
// t.FailNow must not be called.
func countMailbox(imapAddr, user, pass, mailbox string) (uint32, error) {
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		return 0, err
	}
	st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return 0, nil // the mailbox does not exist yet: nothing in it
	}
	return *st.NumMessages, nil
}

type fixture struct {
	svc    *bot.Service
	m      *Mailer
	rec    *recorder
	imap   string
	tokens map[string]string // address → token
	logs   *strings.Builder
	mu     *sync.Mutex
}

func newFixture(t testing.TB, imapAddr string, store persistence.Store, cfg Config) *fixture {
	return newFixtureWith(t, imapAddr, store, cfg, bot.Options{})
}

// newFixtureWith is newFixture with service options (a renderer, a clock).
func newFixtureWith(t testing.TB, imapAddr string, store persistence.Store, cfg Config, opts bot.Options) *fixture {
	if store == nil {
		store = memory.New()
	}
	opts.Store = store
	svc := bot.New(opts)
	t.Cleanup(svc.Close)
	rec := startRecorder(t)
	if imapAddr == "" {
		imapAddr = startIMAP(t, imap.CapIdle, imap.CapMove, imap.CapUIDPlus)
	}
	f := &fixture{svc: svc, rec: rec, imap: imapAddr, tokens: map[string]string{}, logs: &strings.Builder{}, mu: &sync.Mutex{}}
	if cfg.IMAPURL == "" {
		cfg.IMAPURL = "imap://pitwall:secret@" + imapAddr + "/INBOX"
	}
	cfg.SMTPURL = "smtp://" + rec.addr
	cfg.From = "pitwall@league.test"
	cfg.Logf = func(format string, a ...any) {
		f.mu.Lock()
		fmt.Fprintf(f.logs, format+"\n", a...)
		f.mu.Unlock()
	}
	if cfg.Poll == 0 {
		cfg.Poll = 200 * time.Millisecond
	}
	m, err := New(svc, cfg)
	require.NoError(t, err)
	f.m = m
	return f
}

// log is what the mailer has logged so far.
func (f *fixture) log() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.logs.String()
}

func (f *fixture) register(t testing.TB, name, addr string) string {
	tok, err := f.svc.RegisterEmail(context.Background(), name, addr)
	require.NoError(t, err)
	f.tokens[addr] = tok
	return tok
}

// mailClock gives every test mail its own Date, as real clients do.
var mailClock atomic.Int64

// order is a mail from addr about game with the lines as body.
func order(from, subject, msgID string, lines ...string) []byte {
	var b strings.Builder
	date := time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC).Add(time.Duration(mailClock.Add(1)) * time.Second)
	fmt.Fprintf(&b, "From: %s\r\nTo: pitwall@league.test\r\nSubject: %s\r\nDate: %s\r\n", from, subject, date.Format(time.RFC1123Z))
	if msgID != "" {
		fmt.Fprintf(&b, "Message-ID: <%s>\r\n", msgID)
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	for _, l := range lines {
		b.WriteString(l + "\r\n")
	}
	return []byte(b.String())
}

package email

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/stretchr/testify/require"
)

// The IMAP server goes away and comes back on the same address: Run
// reconnects and reads the mail that arrived meanwhile.
func TestRunReconnectsAfterTheServerGoesAway(t *testing.T) {
	mem := imapmemserver.New()
	user := imapmemserver.NewUser("pitwall", "secret")
	require.NoError(t, user.Create("INBOX", nil))
	mem.AddUser(user)
	serve := func(addr string) (*imapserver.Server, string) {
		srv := imapserver.New(&imapserver.Options{
			NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
				return mem.NewSession(), nil, nil
			},
			InsecureAuth: true,
			Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIdle: {}, imap.CapMove: {}},
			Logger:       discardLogger{},
		})
		var ln net.Listener
		var err error
		for i := 0; i < 50; i++ { // the port may linger a moment
			if ln, err = net.Listen("tcp", addr); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		require.NoError(t, err)
		go srv.Serve(ln)
		return srv, ln.Addr().String()
	}
	srv, addr := serve("127.0.0.1:0")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(t, addr, nil, Config{Poll: 200 * time.Millisecond})
	id := twoPlayerGame(t, f, "reconnect")
	done := make(chan error, 1)
	go func() { done <- f.m.Run(ctx) }()

	who, p := pending(t, f.svc, id)
	a := addrs[who]
	deliver(t, addr, "pitwall", "secret", "INBOX", order(a, "[pitwall "+id+" "+f.tokens[a]+"]", "r1@x", p.Options[0]))
	require.Eventually(t, func() bool { return len(f.rec.to(a)) >= 1 }, 3*time.Second, 10*time.Millisecond)

	srv.Close()
	time.Sleep(100 * time.Millisecond)
	srv, _ = serve(addr)
	defer srv.Close()
	who, p = pending(t, f.svc, id)
	b := addrs[who]
	n := len(f.rec.to(b))
	deliver(t, addr, "pitwall", "secret", "INBOX", order(b, "[pitwall "+id+" "+f.tokens[b]+"]", "r2@x", p.Options[0]))
	require.Eventually(t, func() bool { return len(f.rec.to(b)) > n }, 10*time.Second, 10*time.Millisecond, "reconnected")
	cancel()
	require.NoError(t, <-done)
	require.Contains(t, f.logs.String(), "reconnecting")
}

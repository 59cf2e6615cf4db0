package email

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// startDovecot runs Debian's dovecot-imapd as a child process on a free
// 127.0.0.1 port with user pitwall/secret, and returns the address. The
// login process refuses to run as root: it runs as dovenull, mail as
// nobody.
func startDovecot(t *testing.T) string {
	bin, err := exec.LookPath("dovecot")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/dovecot"); serr != nil {
			t.Skip("dovecot is not installed (apt-get install dovecot-imapd; .ci/run installs it): end-to-end test skipped")
		}
		bin = "/usr/sbin/dovecot"
	}
	dir, err := os.MkdirTemp("", "pitwall-dovecot-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	mail := filepath.Join(dir, "mail")
	require.NoError(t, os.MkdirAll(mail, 0o777))
	require.NoError(t, os.Chmod(mail, 0o777))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	passwd := filepath.Join(dir, "passwd")
	require.NoError(t, os.WriteFile(passwd, []byte(fmt.Sprintf("pitwall:{PLAIN}secret:65534:65534::%s/pitwall\n", mail)), 0o644))
	conf := filepath.Join(dir, "dovecot.conf")
	require.NoError(t, os.WriteFile(conf, []byte(fmt.Sprintf(`base_dir = %[1]s/run
state_dir = %[1]s/state
log_path = %[1]s/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
default_internal_group = dovecot
mail_location = maildir:%[1]s/mail/%%u
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = %[1]s/passwd
}
userdb {
  driver = passwd-file
  args = %[1]s/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = %[2]d
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`, dir, port)), 0o644))
	cmd := exec.Command(bin, "-F", "-c", conf)
	out, _ := os.Create(filepath.Join(dir, "stdout.log"))
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := imapclient.DialInsecure(addr, nil)
		if err == nil {
			err = c.Login("pitwall", "secret").Wait()
			c.Close()
			if err == nil {
				return addr
			}
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "dovecot.log"))
			so, _ := os.ReadFile(filepath.Join(dir, "stdout.log"))
			t.Fatalf("dovecot did not start: %v\n%s\n%s", err, log, so)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A whole game by mail against a real IMAP server: three players, from
// the first order to the final classification, a mail delivered twice,
// and a restart in the middle.
func TestDovecotWholeGameByMail(t *testing.T) {
	addr := startDovecot(t)
	ctx := context.Background()
	dbPath := filepath.Join(t.TempDir(), "league.db")
	store, err := sqlite.Open(ctx, dbPath)
	require.NoError(t, err)
	f := newFixture(t, addr, store, Config{Poll: time.Second})
	for _, n := range []string{"Anna", "Bob", "Chloe"} {
		f.register(t, n, addrs[n])
	}
	id, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob", "Chloe"}, Seed: "by-mail", Laps: 1})
	require.NoError(t, err)

	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- f.m.Run(runCtx) }()

	mails, restarted, twice := 0, false, false
	earlier := "" // the log before the restart
	for step := 0; ; step++ {
		require.Less(t, step, 2000, "the game does not end")
		v, err := f.svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == "finished" {
			require.Len(t, v.Results, 3)
			break
		}
		if !restarted && step == 15 {
			// a restart in the middle: stop everything, reopen the database
			cancel()
			require.NoError(t, <-done)
			f.svc.Close()
			require.NoError(t, store.Close())
			earlier = f.logs.String()
			store, err = sqlite.Open(ctx, dbPath)
			require.NoError(t, err)
			f2 := newFixture(t, addr, store, Config{Poll: time.Second})
			f2.rec, f2.tokens = f.rec, f.tokens
			f2.m.smtpEP = f.m.smtpEP // the same recording relay
			f = f2
			runCtx, cancel = context.WithCancel(ctx)
			go func() { done <- f.m.Run(runCtx) }()
			restarted = true
		}
		require.NotEmpty(t, v.Pending)
		p := v.Pending[0]
		who := names[p.Car]
		a := addrs[who]
		lines := []string{p.Options[0]}
		if step == 0 {
			lines = append(lines, "plan safe") // several commands in one mail
		}
		raw := order(who+" <"+a+">", "Re: [pitwall "+id+" "+f.tokens[a]+"] "+id, fmt.Sprintf("step%d.%s", step, a), lines...)
		before := pendingKey(v) + itoa(v.Plays)
		deliver(t, addr, "pitwall", "secret", "INBOX", raw)
		mails++
		if !twice && step == 7 {
			deliver(t, addr, "pitwall", "secret", "INBOX", raw) // delivered twice
			mails++
			twice = true
		}
		var showErr error // the last answer of Show, if an error
		var seen string   // the last decision and play Show said
		if !assert.Eventually(t, func() bool {
			v, err := f.svc.Show(ctx, id)
			if showErr = err; err != nil {
				return false
			}
			seen = pendingKey(v) + itoa(v.Plays)
			return v.State == "finished" || seen != before
		}, 10*time.Second, 5*time.Millisecond, "order %d not applied", step) {
			t.Fatalf("Show: %v; before the order %q, last seen %q; the mailer's log:\n%s", showErr, before, seen, f.log())
		}
	}
	// the outbox reaches everyone, the last mail says the race is over
	require.Eventually(t, func() bool {
		pend, err := f.svc.PendingOutgoing(ctx, bot.KindEmail, 1)
		return err == nil && len(pend) == 0
	}, 20*time.Second, 20*time.Millisecond)
	// every mail handled once: the duplicate answered nothing
	require.Eventually(t, func() bool {
		n, err := countMailbox(addr, "pitwall", "secret", "Processed")
		return err == nil && n == uint32(mails)
	}, 10*time.Second, 20*time.Millisecond)
	cancel()
	require.NoError(t, <-done)
	assert.Equal(t, uint32(0), mailboxCount(t, addr, "pitwall", "secret", "INBOX"))
	replies := 0
	for _, n := range []string{"Anna", "Bob", "Chloe"} {
		got := f.rec.to(addrs[n])
		require.NotEmpty(t, got)
		last := got[len(got)-1]
		for _, m := range got {
			h := m.header(t)
			if strings.Contains(h.Get("In-Reply-To"), "step") {
				replies++
			}
		}
		_ = last
	}
	assert.Equal(t, mails-1, replies, "one reply per mail; none for the duplicate")
	f.mu.Lock()
	assert.Contains(t, earlier+f.logs.String(), "duplicate")
	f.mu.Unlock()
	t.Logf("%d mails, %d sent", mails, len(f.rec.sent()))
}

package email

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostile builds the corpus: each mail must be refused (or ignored) fast,
// change nothing, and leave the good mail beside it processed.
func hostile(id, from, token string) map[string][]byte {
	tag := "[pitwall " + id + " " + token + "]"
	head := "From: " + from + "\r\nTo: pitwall@league.test\r\nSubject: " + tag + "\r\nDate: Sun, 22 Nov 2026 03:00:00 +0000\r\nMIME-Version: 1.0\r\n"
	big := bytes.Repeat([]byte("gear 4 gear 4 gear 4 gear 4 gear 4 gear 4 gear 4 gear 4 gear 4 gear 4\r\n"), 25<<20/72+1)
	deep := bytes.Replace(nested(5000), []byte("From: e@e.test\r\nSubject: deep\r\n"), []byte("From: "+from+"\r\nSubject: "+tag+"\r\n"), 1)
	parts := bytes.Replace(manyParts(100000), []byte("From: e@e.test\r\nSubject: parts\r\n"), []byte("From: "+from+"\r\nSubject: "+tag+"\r\n"), 1)
	return map[string][]byte{
		"25 MiB":           append([]byte(head+"Message-ID: <big@x>\r\nContent-Type: text/plain\r\n\r\n"), big...),
		"nested 5000 deep": deep,
		"100000 parts":     parts,
		"unknown charset":  []byte(head + "Message-ID: <cs1@x>\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\ngear 4\r\n"),
		"broken utf-8":     []byte(head + "Message-ID: <cs2@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ngear \xff\xfe\r\n"),
		"broken base64":    []byte(head + "Message-ID: <cs3@x>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!not base64\xff\r\n"),
		"spoofed From":     []byte("From: " + from + "\r\nTo: pitwall@league.test\r\nSubject: [pitwall " + id + "]\r\nReply-To: evil@evil.test\r\nMessage-ID: <spoof@x>\r\n\r\ngear 4\r\n"),
		"forged Authentication-Results": []byte("Authentication-Results: mx.league.test; dmarc=fail\r\nAuthentication-Results: mx.league.test; dmarc=pass\r\n" +
			"From: " + from + "\r\nTo: pitwall@league.test\r\nSubject: " + tag + "\r\nMessage-ID: <ar@x>\r\n\r\ngear 4\r\n"),
		"out of office": []byte(head + "Message-ID: <ooo@x>\r\nAuto-Submitted: auto-replied\r\nContent-Type: text/plain\r\n\r\nI am away until Monday.\r\n"),
		"bounce": []byte("From: MAILER-DAEMON@mx.b.test\r\nTo: pitwall@league.test\r\nSubject: Undelivered Mail\r\nMessage-ID: <bounce@x>\r\nReturn-Path: <>\r\n" +
			"MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=R\r\n\r\n--R\r\nContent-Type: text/plain\r\n\r\nfailed\r\n" +
			"--R\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; bob@b.test\r\nAction: failed\r\nStatus: 5.1.1\r\n--R--\r\n"),
	}
}

func splitHeader(raw []byte) []byte {
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		return raw[:i+2]
	}
	return raw
}

func TestHostileCorpusIsRefusedFastAndChangesNothing(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{AuthServID: "mx.league.test"})
	id := twoPlayerGame(t, f, "hostile")
	who, p := pending(t, f.svc, id)
	addr := addrs[who]
	before := record(t, f.svc, id)
	corpus := hostile(id, addr, f.tokens[addr])

	// Each one alone: refused, nothing changed (how fast:
	// BenchmarkHostileMail).
	for name, raw := range corpus {
		note, err := f.m.Handle(ctx, splitHeader(raw), int64(len(raw)), func() ([]byte, error) { return raw, nil })
		require.NoError(t, err, name)
		assert.Regexp(t, `^(refused|ignored|bounce)`, note, name)
		assert.NotContains(t, note, "unreadable header", name)
		if name == "forged Authentication-Results" {
			assert.Contains(t, note, "sender checks", name)
		}
		assert.Equal(t, before, record(t, f.svc, id), name)
	}
	for _, m := range f.rec.sent() {
		assert.Equal(t, []string{addr}, m.To, "refusals go only to the registered address")
	}
	assert.Empty(t, f.rec.to("evil@evil.test"))
	assert.Empty(t, f.rec.to("mailer-daemon@mx.b.test"))

	// Then all of them through the mailbox, with one good order among them.
	good := order(addr, "[pitwall "+id+" "+f.tokens[addr]+"]", "good@a.test", p.Options[0])
	good = append([]byte("Authentication-Results: mx.league.test; dmarc=pass\r\n"), good...)
	i := 0
	for _, raw := range corpus {
		if i == 4 {
			deliver(t, f.imap, "pitwall", "secret", "INBOX", good)
		}
		deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
		i++
	}
	require.NoError(t, f.m.PollOnce(ctx))
	assert.NotEqual(t, before, record(t, f.svc, id), "the good order was applied")
	assert.Equal(t, uint32(0), mailboxCount(t, f.imap, "pitwall", "secret", "INBOX"))
	assert.Contains(t, f.logs.String(), "1 done, 0 refused")
}

// BenchmarkHostileMail: each hostile mail handled alone, refused (goal:
// under 100 ms each, whatever its size or depth).
func BenchmarkHostileMail(b *testing.B) {
	ctx := context.Background()
	f := newFixture(b, "", nil, Config{AuthServID: "mx.league.test"})
	id := twoPlayerGame(b, f, "hostile")
	who, _ := pending(b, f.svc, id)
	addr := addrs[who]
	corpus := hostile(id, addr, f.tokens[addr])
	names := make([]string, 0, len(corpus))
	for name := range corpus {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		raw := corpus[name]
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			for b.Loop() {
				note, err := f.m.Handle(ctx, splitHeader(raw), int64(len(raw)), func() ([]byte, error) { return raw, nil })
				if err != nil || note == "" {
					b.Fatalf("%s: %q %v", name, note, err)
				}
			}
		})
	}
}

func TestRepeatedBouncesDisableMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	id := twoPlayerGame(t, f, "bounces")
	for i := 0; i < 3; i++ {
		b := hostile(id, "x@x.test", "")["bounce"]
		b = bytes.Replace(b, []byte("<bounce@x>"), []byte("<bounce"+itoa(i)+"@x>"), 1)
		deliver(t, f.imap, "pitwall", "secret", "INBOX", b)
	}
	// the same bounce delivered twice counts once
	deliver(t, f.imap, "pitwall", "secret", "INBOX", bytes.Replace(hostile(id, "x@x.test", "")["bounce"], []byte("<bounce@x>"), []byte("<bounce0@x>"), 1))
	require.NoError(t, f.m.PollOnce(ctx))
	n, err := f.svc.Bounces(ctx, "bob@b.test")
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.Empty(t, f.rec.sent(), "bounces are never answered")

	who, p := pending(t, f.svc, id)
	_, err = f.m.svc.Handle(ctx, botReq(addrs[who], id, p.Options[0]))
	require.NoError(t, err)
	_, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	assert.Empty(t, f.rec.to("bob@b.test"), "mail to a bouncing address is disabled")
	assert.NotEmpty(t, f.rec.to("anna@a.test"))
	assert.True(t, strings.Contains(f.logs.String(), "bounced"))
}

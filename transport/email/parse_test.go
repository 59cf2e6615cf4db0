package email

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseKeepsCommandsDropsQuotesAndSignatures(t *testing.T) {
	raw := "From: Ann <ann@a.test>\r\nTo: pitwall@league.test\r\nSubject: Re: [pitwall g-1234 abcdefghijklmnop] play 3\r\n" +
		"Message-ID: <x@a.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"vitesse 4\r\n  consigne prudent  \r\n\r\n> gear 5\r\nLe 21 nov. 2026 à 10:00, Pitwall <pitwall@league.test> a écrit :\r\n> choose B\r\n"
	m, err := ParseMail([]byte(raw), Limits{})
	require.NoError(t, err)
	assert.Equal(t, "ann@a.test", m.From)
	assert.Equal(t, "g-1234", m.Game)
	assert.Equal(t, "abcdefghijklmnop", m.Token)
	assert.Equal(t, "x@a.test", m.MessageID)
	assert.Equal(t, []string{"vitesse 4", "consigne prudent"}, m.Commands)

	sig := "From: b@b.test\r\nSubject: x\r\n\r\ngear 3\r\n-- \r\nBob, gear 6 always\r\n"
	m, err = ParseMail([]byte(sig), Limits{})
	require.NoError(t, err)
	assert.Equal(t, []string{"gear 3"}, m.Commands)

	wrote := "From: b@b.test\r\nSubject: x\r\n\r\ngear 3\r\ntoken ABCDEFGHIJKLMNOP\r\nOn Sat, Nov 21, 2026 at 10:00 AM Pitwall wrote:\r\ngear 6\r\n"
	m, err = ParseMail([]byte(wrote), Limits{})
	require.NoError(t, err)
	assert.Equal(t, []string{"gear 3"}, m.Commands)
	assert.Equal(t, "abcdefghijklmnop", m.BodyToken)
}

func TestParseHTMLAndAttachments(t *testing.T) {
	raw := "From: c@c.test\r\nSubject: [pitwall g-1]\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=OUT\r\n\r\n" +
		"--OUT\r\nContent-Type: multipart/alternative; boundary=ALT\r\n\r\n" +
		"--ALT\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><head><style>p{}</style></head><body><p>gear&nbsp;4</p><div>plan safe</div><blockquote>gear 6</blockquote></body></html>\r\n" +
		"--ALT--\r\n" +
		"--OUT\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=evil.txt\r\n\r\ngear 6\r\n--OUT--\r\n"
	m, err := ParseMail([]byte(raw), Limits{})
	require.NoError(t, err)
	assert.Equal(t, []string{"gear 4", "plan safe"}, m.Commands)
}

func TestParseLatin1(t *testing.T) {
	raw := []byte("From: d@d.test\r\nSubject: =?iso-8859-1?q?r=E9glage?=\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\nr\xe9glage A\r\n")
	m, err := ParseMail(raw, Limits{})
	require.NoError(t, err)
	assert.Equal(t, "réglage", m.Subject)
	assert.Equal(t, []string{"réglage A"}, m.Commands)
}

func TestParseRefusals(t *testing.T) {
	var ref *Refusal
	for name, raw := range map[string]string{
		"unknown charset": "From: d@d.test\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\ngear 4\r\n",
		"invalid utf-8":   "From: d@d.test\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ngear \xff\xfe 4\r\n",
		"two From":        "From: a@a.test, b@b.test\r\n\r\ngear 4\r\n",
		"no From":         "Subject: x\r\n\r\ngear 4\r\n",
	} {
		_, err := ParseMail([]byte(raw), Limits{})
		assert.True(t, errors.As(err, &ref), "%s: %v", name, err)
	}
}

func TestAutomaticMail(t *testing.T) {
	for name, hdr := range map[string]string{
		"out of office": "Auto-Submitted: auto-replied\r\n",
		"empty path":    "Return-Path: <>\r\n",
		"list":          "List-Id: <league.lists.test>\r\n",
		"bulk":          "Precedence: bulk\r\n",
	} {
		m, err := ParseMail([]byte("From: a@a.test\r\n"+hdr+"\r\ngear 4\r\n"), Limits{})
		require.NoError(t, err, name)
		assert.NotEmpty(t, m.Auto, name)
		assert.Empty(t, m.Commands, name)
	}
	m, err := ParseMail([]byte("From: a@a.test\r\nAuto-Submitted: no\r\n\r\ngear 4\r\n"), Limits{})
	require.NoError(t, err)
	assert.Empty(t, m.Auto)
}

func TestPrescanIsLinearAndBounded(t *testing.T) {
	var ref *Refusal
	deep := nested(5000)
	assert.True(t, errors.As(Prescan(deep, Limits{}), &ref))
	assert.True(t, errors.As(Prescan(manyParts(100000), Limits{MaxSize: 10 << 20}), &ref))
	assert.True(t, errors.As(Prescan(bytes.Repeat([]byte("a"), 2<<20), Limits{}), &ref))
}

func nested(depth int) []byte {
	var b bytes.Buffer
	b.WriteString("From: e@e.test\r\nSubject: deep\r\nMIME-Version: 1.0\r\n")
	for i := 0; i < depth; i++ {
		b.WriteString("Content-Type: multipart/mixed; boundary=b" + itoa(i) + "\r\n\r\n--b" + itoa(i) + "\r\n")
	}
	b.WriteString("Content-Type: text/plain\r\n\r\ngear 4\r\n")
	return b.Bytes()
}

func manyParts(n int) []byte {
	var b bytes.Buffer
	b.WriteString("From: e@e.test\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n")
	for i := 0; i < n; i++ {
		b.WriteString("--b\r\n\r\n")
	}
	b.WriteString("--b--\r\n")
	return b.Bytes()
}

func FuzzParseMail(f *testing.F) {
	f.Add([]byte("From: a@a.test\r\nSubject: [pitwall g-1 abcdefghijklmnop]\r\n\r\ngear 4\r\n> quoted\r\n-- \r\nsig\r\n"))
	f.Add([]byte("From: c@c.test\r\nContent-Type: multipart/mixed; boundary=X\r\n\r\n--X\r\nContent-Type: text/html\r\n\r\n<p>gear 4</p>\r\n--X--\r\n"))
	f.Add([]byte("From: d@d.test\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nr\xe9glage A\r\n"))
	f.Add(nested(20))
	f.Add(manyParts(10))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if _, err := ParseHeader(raw, Limits{}); err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("header: not a refusal: %v", err)
			}
		}
		m, err := ParseMail(raw, Limits{})
		if err != nil {
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if len(m.Commands) > 21 {
			t.Fatalf("%d commands", len(m.Commands))
		}
		for _, c := range m.Commands {
			if strings.ContainsAny(c, "\r\n") || strings.HasPrefix(c, ">") {
				t.Fatalf("bad command line %q", c)
			}
		}
	})
}

// A Racing Simulator order after a blank line is an order, not the start
// of a signature; a closing and a name still are one.
func TestParseKeepsRacingSimulatorOrdersAfterABlankLine(t *testing.T) {
	raw := "From: b@b.test\r\nSubject: x\r\n\r\nstatus\r\n\r\ncarte 297 risque\r\n\r\nCheers,\r\nBob\r\n"
	m, err := ParseMail([]byte(raw), Limits{})
	require.NoError(t, err)
	assert.Equal(t, []string{"status", "carte 297 risque"}, m.Commands)
	wrong := "From: b@b.test\r\nSubject: x\r\n\r\nstatus\r\n\r\ncard 999\r\n"
	m, err = ParseMail([]byte(wrong), Limits{})
	require.NoError(t, err)
	assert.Equal(t, []string{"status", "card 999"}, m.Commands, "a wrong order is read, to be refused with what is legal")
}

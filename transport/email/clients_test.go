package email

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Replies shaped as real mail clients write them: each must yield exactly
// the orders typed, nothing of the quoted mail, the attribution line or
// the signature.
func TestRepliesOfRealMailClients(t *testing.T) {
	const head = "From: Anna <anna@a.test>\r\nTo: pitwall@league.test\r\nSubject: Re: [pitwall g-1234 abcdefghijklmnop] Your turn: car 2\r\nMessage-ID: <r@a.test>\r\n"
	plain := func(body string) string {
		return head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
	}
	htmlOnly := func(body string) string {
		return head + "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + body + "\r\n"
	}
	quoted := "> Your turn: car 2 — choose a gear (Test Oval, round 3)\n> gear 1 2 3 4\n> B: 4 spaces\n"
	cases := []struct {
		name string
		raw  string
		want []string
	}{
		{"Thunderbird", plain("gear 4\n\nOn 24/11/2026 10:00, Pitwall wrote:\n" + quoted), []string{"gear 4"}},
		{"Thunderbird, attribution wrapped over two lines", plain("gear 4\n\nOn 24/11/2026 10:00, Pitwall <pitwall@league.test>\nwrote:\n" + quoted), []string{"gear 4"}},
		{"Thunderbird French, wrapped", plain("vitesse 3\nconsigne prudent\n\nLe 24/11/2026 à 10:00, Pitwall <pitwall@league.test> a\nécrit :\n" + quoted), []string{"vitesse 3", "consigne prudent"}},
		{"Gmail, attribution wrapped over three lines", plain("choose B\n\nOn Tue, Nov 24, 2026 at 10:00 AM\nPitwall <pitwall@league.test>\nwrote:\n\n" + quoted), []string{"choose B"}},
		{"Gmail French", plain("choisir B\n\nLe mar. 24 nov. 2026 à 10:00, Pitwall <pitwall@league.test> a écrit :\n\n" + quoted), []string{"choisir B"}},
		{"Gmail HTML only", htmlOnly(`<div dir="ltr">gear 4<br><div>plan safe</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Nov 24, 2026 at 10:00 AM Pitwall &lt;<a href="mailto:pitwall@league.test">pitwall@league.test</a>&gt;<br>wrote:<br></div><blockquote class="gmail_quote" style="margin:0px">Your turn: car 2<br>gear 5</blockquote></div>`), []string{"gear 4", "plan safe"}},
		{"Outlook", plain("choose B\n\n________________________________\nFrom: Pitwall <pitwall@league.test>\nSent: Tuesday, November 24, 2026 10:00 AM\nTo: Anna <anna@a.test>\nSubject: [pitwall g-1234] Your turn\n\nYour turn: car 2\ngear 5\n"), []string{"choose B"}},
		{"Outlook without the line", plain("choose B\nFrom: Pitwall <pitwall@league.test>\nSent: Tuesday, November 24, 2026 10:00 AM\nTo: Anna\n\ngear 5\n"), []string{"choose B"}},
		{"Outlook French", plain("choisir C\n\nDe : Pitwall <pitwall@league.test>\nEnvoyé : mardi 24 novembre 2026 10:00\nÀ : Anna\nObjet : [pitwall g-1234] À vous\n\nvitesse 5\n"), []string{"choisir C"}},
		{"Outlook HTML only", htmlOnly(`<html><body><div>choose B</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> Pitwall &lt;pitwall@league.test&gt;<br><b>Sent:</b> Tuesday, November 24, 2026 10:00 AM<br><b>To:</b> Anna<br></font></div><div>Your turn: car 2<br>gear 5</div></body></html>`), []string{"choose B"}},
		{"Apple Mail", plain("gear 5\n\n> On 24 Nov 2026, at 10:00, Pitwall <pitwall@league.test> wrote:\n> \n" + quoted), []string{"gear 5"}},
		{"Apple Mail on a phone", plain("gear 5\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 10:00, Pitwall <pitwall@league.test> wrote:\n" + quoted), []string{"gear 5"}},
		{"Yahoo", plain("gear 3\n\n\n    On Tuesday, November 24, 2026, 10:00:00 AM GMT+1, Pitwall <pitwall@league.test> wrote:  \n\n Your turn: car 2\n gear 6\n"), []string{"gear 3"}},
		{"signature after the delimiter", plain("gear 2\n-- \nAnna Karlsson\ngear 6 forever\n"), []string{"gear 2"}},
		{"signature without a delimiter", plain("gear 2\nplan safe\n\nCheers,\nAnna\n\nOn Tue, Nov 24, 2026 at 10:00 AM Pitwall wrote:\n" + quoted), []string{"gear 2", "plan safe"}},
		{"French closing", plain("vitesse 2\n\nBien à vous,\nAnne\n"), []string{"vitesse 2"}},
		{"commands after a blank line still count", plain("gear 2\n\nplan safe\n"), []string{"gear 2", "plan safe"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMail([]byte(tc.raw), Limits{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, m.Commands)
		})
	}
}

package email

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

// refusalEnglish are English words that betray an untranslated refusal.
var refusalEnglish = []string{"refused", "not", "no", "game", "legal", "nothing", "empty", "command", "type",
	"help", "it", "this", "that", "now", "must", "decide", "your", "turn", "gear", "illegal", "order",
	"paused", "available", "here", "write", "is", "the", "car", "mail", "changed", "done"}

func englishIn(text string) string {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r > 127 || r == '\'')
	}) {
		words[w] = true
	}
	for _, en := range refusalEnglish {
		if words[en] {
			return en
		}
	}
	return ""
}

// refusals are the refusal lines of a mail's text (what follows the
// quoted order).
func refusals(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "REFUS") {
			out = append(out, l)
		}
	}
	return out
}

// A French player's refusals by mail are French, the "REFUSED" head too;
// an English player's stay English.
func TestMailRefusalsInThePlayersLanguage(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	tokens := map[string]string{"anna@a.test": f.register(t, "Anna", "anna@a.test"), "lea@l.test": f.register(t, "Lea", "lea@l.test")}
	_, err := f.svc.SetPlayer(ctx, bot.PlayerSettings{Name: "Lea", Language: "fr"})
	require.NoError(t, err)
	id, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Lea"}, Seed: "mail-refusals"})
	require.NoError(t, err)
	_, err = f.m.FlushOutbox(ctx)
	require.NoError(t, err)
	v, err := f.svc.Show(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Pending)
	waiting := map[int]string{1: "lea@l.test", 2: "anna@a.test"}[v.Pending[0].Car] // not their turn

	n := 0
	sendRaw := func(addr string, raw []byte) string {
		t.Helper()
		before := len(f.rec.to(addr))
		deliver(t, f.imap, "pitwall", "secret", "INBOX", raw)
		require.NoError(t, f.m.PollOnce(ctx))
		_, err := f.m.FlushOutbox(ctx)
		require.NoError(t, err)
		got := readAll(t, f.rec.to(addr))
		require.Greater(t, len(got), before, "no answer to %s: %s", addr, f.logs.String())
		return got[len(got)-1].Text
	}
	send := func(addr, subject string, lines ...string) string {
		t.Helper()
		n++
		return sendRaw(addr, order(addr, subject, strings.Repeat("x", n)+"@t.test", lines...))
	}
	// a mail Pitwall cannot read (here, a charset it does not know)
	unreadable := func(addr, subject string) string {
		t.Helper()
		n++
		raw := order(addr, subject, strings.Repeat("x", n)+"@t.test", "vitesse 3")
		return sendRaw(addr, []byte(strings.Replace(string(raw), "charset=utf-8", "charset=x-klingon", 1)))
	}
	for addr, lang := range map[string]string{"lea@l.test": "fr", "anna@a.test": "en"} {
		tag := tagFor(id, tokens[addr])
		lines := []string{"vitesse 9", "frobnicate", "pilote Diane"}
		if addr == waiting {
			lines = []string{"vitesse 9", "frobnicate", "vitesse 3"}
		}
		var got []string
		got = append(got, refusals(send(addr, "Re: "+tag, lines...))...)
		got = append(got, refusals(send(addr, "Re: "+tag, "   "))...)                                                    // no command
		got = append(got, refusals(send(addr, "[pitwall] hello", "vitesse 3", "jeton "+tokens[addr]))...)                // no game named
		got = append(got, refusals(send(addr, "hello", "vitesse 3"))...)                                                 // no token
		got = append(got, refusals(send(addr, "[pitwall] course", "nouvelle course nowhere", "jeton "+tokens[addr]))...) // unknown circuit
		got = append(got, refusals(unreadable(addr, "Re: "+tag))...)                                                     // unreadable charset
		require.Len(t, got, 8, "%s: %q", addr, got)
		for _, r := range got {
			if lang == "fr" {
				assert.Empty(t, englishIn(r), "%s reads %q", addr, r)
				assert.True(t, strings.HasPrefix(r, "REFUSÉ : "), r)
			} else {
				assert.NotEmpty(t, englishIn(r), "%s reads %q", addr, r)
			}
		}
	}
}

// register written in French is answered in French, its refusals too (the
// address is new: the language is the command's).
func TestRegisterByMailInFrench(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	send := func(id string) string {
		t.Helper()
		deliver(t, f.imap, "pitwall", "secret", "INBOX", order("Zoé <zoe@z.test>", "bonjour", id, "inscription Zoe"))
		require.NoError(t, f.m.PollOnce(ctx))
		_, err := f.m.FlushOutbox(ctx)
		require.NoError(t, err)
		return lastText(t, f, "zoe@z.test")
	}
	welcome := send("z1@z.test")
	assert.Contains(t, welcome, "Votre jeton secret est ")
	assert.Empty(t, englishIn(strings.SplitN(welcome, "\n", 2)[1]), welcome)
	again := send("z2@z.test")
	require.Len(t, refusals(again), 1, again)
	assert.Empty(t, englishIn(refusals(again)[0]), again)
	assert.Contains(t, again, "REFUSÉ : ")
}

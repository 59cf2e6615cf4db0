package web

import (
	"context"
	"html"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

// The page's own refusals are in the language of the player whose
// personal link the request carries, whatever the browser says; without
// one, in the browser's Accept-Language; ?lang= wins over both.
func TestRefusalsInTheReadersLanguage(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("refusals-lang")
	who, _ := f.mover(id)
	_, err := f.svc.SetPlayer(context.Background(), bot.PlayerSettings{Name: who, Language: "fr"})
	require.NoError(t, err)
	tok := f.token(who)
	en := []string{"Accept-Language", "en-GB,en", "Accept", "application/json"}
	before := f.lines(id)

	// an unknown game, through the player's link: French
	resp, body := f.get("/g/nope?t="+tok, en...)
	assert.Equal(t, 404, resp.StatusCode)
	assert.Contains(t, body, msgNoGame.in("fr"))
	resp, body = f.get("/g/"+id+"/board.png?play=x&t="+tok, en...)
	assert.Equal(t, 400, resp.StatusCode)
	assert.Contains(t, body, msgBadPlay.in("fr"))
	// ?lang= wins
	_, body = f.get("/g/nope?lang=en&t="+tok, en...)
	assert.Contains(t, body, msgNoGame.in("en"))
	// nobody's link: the browser's language
	_, body = f.get("/g/nope", "Accept-Language", "fr-CA,fr;q=0.9")
	assert.Contains(t, body, html.EscapeString(msgNoGame.in("fr")))
	_, body = f.get("/g/nope?t="+strings.Repeat("a", bot.WebTokenLen), en...)
	assert.Contains(t, body, msgNoGame.in("en"))

	_, page := f.get("/g/" + id + "?t=" + tok)
	forms := buttons(t, page)
	require.NotEmpty(t, forms)
	with := func(k, v string) url.Values {
		out := url.Values{}
		for kk, vv := range forms[0] {
			out[kk] = vv
		}
		out.Set(k, v)
		return out
	}
	// a CSRF failure, a post from another site, a bad form: French
	resp, body = f.post("/g/"+id+"/play", with("csrf", strings.Repeat("0", 32)), en...)
	assert.Equal(t, 403, resp.StatusCode)
	assert.Contains(t, body, msgBadCSRF.in("fr"))
	resp, body = f.post("/g/"+id+"/play", forms[0], append(en, "Origin", "https://evil.example")...)
	assert.Equal(t, 403, resp.StatusCode)
	assert.Contains(t, body, msgCrossSite.in("fr"))
	resp, body = f.post("/g/"+id+"/play", with("key", "x"), en...)
	assert.Equal(t, 400, resp.StatusCode)
	assert.Contains(t, body, msgBadForm.in("fr"))
	resp, body = f.post("/g/nope/play", with("csrf", csrfFor(tok, "nope")), en...)
	assert.Equal(t, 404, resp.StatusCode)
	assert.Contains(t, body, msgNoGame.in("fr"))
	// the same refusals without JavaScript: the error page, in French
	resp, body = f.post("/g/"+id+"/play", with("csrf", strings.Repeat("0", 32)), "Accept-Language", "en")
	assert.Equal(t, 403, resp.StatusCode)
	assert.Contains(t, body, `lang="fr"`)
	assert.Contains(t, body, "rechargez la page")
	assert.Equal(t, before, f.lines(id), "nothing changed")

	// a stale option: French
	resp, body = f.post("/g/"+id+"/play", forms[0], en...)
	require.Equal(t, 200, resp.StatusCode, body)
	resp, body = f.post("/g/"+id+"/play", with("key", strings.Repeat("b", 32)), en...)
	assert.Equal(t, 409, resp.StatusCode)
	assert.Contains(t, body, "n'est plus en attente")

	// a link reset: the old token is refused, in the player's language
	after := f.lines(id)
	_, err = f.svc.PersonalLink(context.Background(), who, true)
	require.NoError(t, err)
	old := with("key", strings.Repeat("c", 32))
	resp, body = f.post("/g/"+id+"/play", old, en...)
	assert.Equal(t, 403, resp.StatusCode)
	assert.Contains(t, body, msgBadToken.in("fr"))
	assert.Equal(t, after, f.lines(id), "nothing changed")
}

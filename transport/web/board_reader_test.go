package web

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var boardURLRE = regexp.MustCompile(`/g/[^"\s]+/board\.png\?[^"\s]+`)

// boardURLs are the board addresses a page gives (src, srcset).
func boardURLs(page string) []string {
	return boardURLRE.FindAllString(strings.ReplaceAll(page, "&amp;", "&"), -1)
}

// Issue 13: a personal page's board URLs carry its token, as the page's
// own URL does, so that the board is drawn for its reader (5-D, checked
// with the real renderer in cmd/pitwall's TestWebBoard5DIsItsReaders); a
// spectator's page carries none. A token that names nobody is refused as
// the page's orders are; with a renderer that draws for no reader (and
// without 5-D) a player's board is the spectator's.
func TestBoardURLsCarryThePagesReader(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("board-reader")
	tok := f.token("Anna")

	_, public := f.get("/g/" + id)
	require.NotEmpty(t, boardURLs(public))
	for _, u := range boardURLs(public) {
		assert.NotContains(t, u, "t=", "a spectator's board URL names no reader")
	}
	assert.NotContains(t, public, "data-t=")

	_, mine := f.get("/g/" + id + "?t=" + tok)
	require.NotEmpty(t, boardURLs(mine))
	for _, u := range boardURLs(mine) {
		assert.Contains(t, u, "&t="+tok, "Anna's board URL carries her token")
	}
	assert.Contains(t, mine, `data-t="`+tok+`"`, "for the history slider's boards")

	resp, spectator := f.get("/g/" + id + "/board.png?play=0")
	require.Equal(t, 200, resp.StatusCode)
	resp, annas := f.get("/g/" + id + "/board.png?play=0&t=" + tok)
	require.Equal(t, 200, resp.StatusCode)
	assert.True(t, bytes.Equal([]byte(spectator), []byte(annas)), "without 5-D her board is the spectator's")

	for _, bad := range []string{strings.Repeat("a", 24), "x", ""} {
		resp, body := f.get("/g/"+id+"/board.png?play=0&t="+bad, "Accept-Language", "en")
		assert.Equal(t, 403, resp.StatusCode, "token %q", bad)
		assert.True(t, strings.Contains(body, msgBadToken.in("en")), "token %q: the page's refusal", bad)
	}
}

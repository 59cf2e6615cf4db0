package main

import (
	"bytes"
	"context"
	stdpng "image/png"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var linkRE = regexp.MustCompile(`^(\S+)/\?t=([a-z2-7]{24})\n$`)

// player link prints a player's personal link; --reset revokes it.
func TestPlayerLinkCLI(t *testing.T) {
	t.Setenv("PITWALL_HTTP", "")
	db := filepath.Join(t.TempDir(), "web.db")
	_, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seat", "Bob", "--seed", "link-1")
	require.NoError(t, err, stderr)
	out, stderr, err := runTrackCLI(t, "--db", db, "player", "link", "Anna")
	require.NoError(t, err, stderr)
	m := linkRE.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Equal(t, "http://localhost:8080", m[1], "serve's default address")
	out, _, err = runTrackCLI(t, "--db", db, "--public-url", "https://pitwall.example.org", "player", "link", "anna")
	require.NoError(t, err)
	assert.Equal(t, "https://pitwall.example.org/?t="+m[2]+"\n", out, "the same token behind the public address")
	out, _, err = runTrackCLI(t, "--db", db, "player", "link", "Anna", "--reset")
	require.NoError(t, err)
	n := linkRE.FindStringSubmatch(out)
	require.NotNil(t, n, out)
	assert.NotEqual(t, m[2], n[2], "a reset gives a new token")
	_, stderr, err = runTrackCLI(t, "--db", db, "player", "link", "Nobody")
	require.Error(t, err)
	assert.Contains(t, stderr, "no player")
}

// serve's web page shows a game with the board render draws, the one
// Discord and mail attach.
func TestServeWebPage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "web.db")
	out, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seat", "Bob", "--seed", "web-1")
	require.NoError(t, err, stderr)
	id := strings.TrimSpace(out)
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, db: db}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc, done, err := openService(ctx, e)
	require.NoError(t, err)
	defer done()

	wait, err := startWeb(ctx, e, svc, "127.0.0.1:0", true)
	require.NoError(t, err)
	require.NotNil(t, wait)
	addr := regexp.MustCompile(`web page on (http://\S+)`).FindStringSubmatch(e.stdout.(*bytes.Buffer).String())
	require.NotNil(t, addr, e.stdout)
	get := func(path string) (*http.Response, []byte) {
		resp, err := http.Get(addr[1] + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, b
	}
	resp, page := get("/g/" + id)
	require.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(page), `id="board"`)
	resp, png := get("/g/" + id + "/board.png")
	require.Equal(t, 200, resp.StatusCode)
	assert.True(t, bytes.HasPrefix(png, []byte("\x89PNG")) && len(png) > 10_000, "the board render draws")
	resp, crop := get("/g/" + id + "/board.png?view=crop")
	require.Equal(t, 200, resp.StatusCode)
	img, err := stdpng.Decode(bytes.NewReader(crop))
	require.NoError(t, err)
	assert.Equal(t, 800, img.Bounds().Dx(), "the phone crop")
	// at the widths the page asks for, drawn by render at that width
	for q, want := range map[string]int{"w=800": 800, "w=1200": 1200, "view=crop&w=390": 390, "view=crop&w=780": 780} {
		resp, b := get("/g/" + id + "/board.png?" + q)
		require.Equal(t, 200, resp.StatusCode, q)
		img, err := stdpng.Decode(bytes.NewReader(b))
		require.NoError(t, err, q)
		assert.Equal(t, want, img.Bounds().Dx(), q)
	}
	cancel()
	require.NoError(t, wait())

	// an address already taken: fatal when asked for, a warning by default
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, err = startWeb(context.Background(), e, svc, ln.Addr().String(), true)
	require.Error(t, err)
	w, err := startWeb(context.Background(), e, svc, ln.Addr().String(), false)
	require.NoError(t, err)
	assert.Nil(t, w)
	assert.Contains(t, e.stderr.(*bytes.Buffer).String(), "web page not started")
	w, err = startWeb(context.Background(), e, svc, "off", true)
	require.NoError(t, err)
	assert.Nil(t, w)
}

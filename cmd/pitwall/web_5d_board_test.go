package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/transport/web"
)

// seenBoards is cmd's renderer keeping the last game it drew, so that a
// test can draw that game for a reader itself.
type seenBoards struct {
	boardRenderer
	mu   sync.Mutex
	last *fd.Game
}

func (s *seenBoards) saw(g engine.Game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = g.(fd.Contract).G
}

func (s *seenBoards) game() *fd.Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

func (s *seenBoards) BoardPNG(w io.Writer, g engine.Game, lang string) error {
	s.saw(g)
	return s.boardRenderer.BoardPNG(w, g, lang)
}

func (s *seenBoards) CropPNG(w io.Writer, g engine.Game, lang string) error {
	s.saw(g)
	return s.boardRenderer.CropPNG(w, g, lang)
}

func (s *seenBoards) BoardPNGFor(w io.Writer, g engine.Game, lang string, car int, crop bool) error {
	s.saw(g)
	return s.boardRenderer.BoardPNGFor(w, g, lang, car, crop)
}

func (s *seenBoards) BoardPNGSized(w io.Writer, g engine.Game, lang string, crop bool, size bot.BoardSize) error {
	s.saw(g)
	return s.boardRenderer.BoardPNGSized(w, g, lang, crop, size)
}

func (s *seenBoards) BoardPNGSizedFor(w io.Writer, g engine.Game, lang string, crop bool, size bot.BoardSize, reader int) error {
	s.saw(g)
	return s.boardRenderer.BoardPNGSizedFor(w, g, lang, crop, size, reader)
}

// webBoards is the web page over a service on the in-memory store, its
// boards drawn by render.
type webBoards struct {
	t      *testing.T
	svc    *bot.Service
	boards *seenBoards
	srv    *httptest.Server
}

func newWebBoards(t *testing.T) *webBoards {
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	svc := bot.New(bot.Options{Store: memory.New(), Now: func() time.Time { return now }, LocalURL: "http://pitwall.test"})
	b := &seenBoards{boardRenderer: boardRenderer{render.New()}}
	srv := httptest.NewServer(web.New(svc, web.Config{Renderer: b, Logf: t.Logf}).Handler())
	t.Cleanup(srv.Close)
	for _, name := range []string{"Anna", "Bob", "Carl", "Gina"} {
		_, err := svc.SetPlayer(context.Background(), bot.PlayerSettings{Name: name})
		require.NoError(t, err)
	}
	return &webBoards{t: t, svc: svc, boards: b, srv: srv}
}

func (f *webBoards) token(name string) string {
	link, err := f.svc.PersonalLink(context.Background(), name, false)
	require.NoError(f.t, err)
	return link[strings.Index(link, "?t=")+3:]
}

func (f *webBoards) get(path string) (int, []byte) {
	resp, err := http.Get(f.srv.URL + path)
	require.NoError(f.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(f.t, err)
	return resp.StatusCode, b
}

// png is the board at path, which must be drawn.
func (f *webBoards) png(path string) []byte {
	status, b := f.get(path)
	require.Equal(f.t, http.StatusOK, status, "%s: %s", path, b)
	return b
}

// samePixels reports whether two PNGs decode to the same pixels.
func samePixels(t *testing.T, a, b []byte) bool {
	pa, pb := decodedPixels(t, a), decodedPixels(t, b)
	return pa.Rect == pb.Rect && bytes.Equal(pa.Pix, pb.Pix)
}

// play drives game id (Bob's car on autopilot) until car 1, Anna's, must
// decide with an option that costs something (5-D hides its costs from
// the others) and returns; the race must not end first.
func (f *webBoards) playToACost(id string) {
	ctx := context.Background()
	for step := 0; ; step++ {
		require.Less(f.t, step, 300, "car 1 never had an option with a cost")
		v, err := f.svc.Show(ctx, id)
		require.NoError(f.t, err)
		require.NotEqual(f.t, persistence.GameFinished, v.State, "the race ended first")
		require.NotEmpty(f.t, v.Pending)
		d := v.Pending[0]
		require.Equal(f.t, 1, d.Car, "Bob drives on autopilot")
		for _, op := range d.Facts {
			if len(op.Cost) > 0 && d.Decision == string(fd.DecideGear) {
				return
			}
		}
		// the highest gear: the car goes fast, and must shift down later
		cmd := "choose " + d.Options[0]
		if d.Decision == string(fd.DecideGear) {
			cmd = "gear " + d.Options[len(d.Options)-1]
		}
		_, err = f.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: "anna"}, Game: id, Text: cmd})
		require.NoError(f.t, err, cmd)
	}
}

// Issue 13, 5-D: the board of a player's own web page (its URL carries his
// personal token, as the page's does) is his seat's, drawn as render draws
// his (BoardPNGFor, his car): his options with their costs, as his page's
// texts list them. Another seat's token gets that seat's board, the game
// master's his; no token, or a player's who has no seat here, a
// spectator's; a token that names nobody is refused as the page's orders
// are. Without 5-D every reader's board is the spectator's, byte for byte.
func TestWebBoard5DIsItsReaders(t *testing.T) {
	f := newWebBoards(t)
	ctx := context.Background()
	id, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 2, Seats: []string{"Anna", "Bob"}, Seed: "web-board-5d",
		Variants: []string{"5-D"}, Master: persistence.Identity{Kind: persistence.IdentityCLI, Value: "gina"}})
	require.NoError(t, err)
	_, err = f.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: "bob"}, Game: id, Text: "auto on"})
	require.NoError(t, err)
	f.playToACost(id)

	// the page of Anna's link asks for her board
	status, page := f.get("/g/" + id + "?t=" + f.token("Anna"))
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(page), "/board.png?play=", "the page shows a board")
	assert.NotContains(t, string(page), "/board.png?play=0&", "the board as it stands")
	boardURL := "/g/" + id + "/board.png?lang=en&t=" + f.token("Anna")
	assert.Contains(t, strings.ReplaceAll(string(page), "&amp;", "&"), "&t="+f.token("Anna"), "the page's board URLs carry its token")

	spectator := f.png("/g/" + id + "/board.png?lang=en")
	g := f.boards.game()
	require.NotNil(t, g)
	var want bytes.Buffer
	require.NoError(t, boardRenderer{render.New()}.BoardPNG(&want, fd.NewContract(g, nil), "en"))
	require.True(t, samePixels(t, spectator, want.Bytes()), "without a token: a spectator's board")

	forCar := func(car int, crop bool) []byte {
		var b bytes.Buffer
		require.NoError(t, boardRenderer{render.New()}.BoardPNGFor(&b, fd.NewContract(g, nil), "en", car, crop))
		return b.Bytes()
	}
	annas := f.png(boardURL)
	assert.True(t, samePixels(t, annas, forCar(1, false)), "Anna's link: her seat's board")
	assert.False(t, samePixels(t, annas, spectator), "her seat's board tells her costs, a spectator's does not")
	assert.True(t, samePixels(t, f.png(boardURL+"&view=crop"), forCar(1, true)), "Anna's link: her seat's crop")
	var sized bytes.Buffer
	require.NoError(t, render.New().BoardPNG(&sized, g, render.BoardOptions{Lang: "en", Width: 1200, Reader: 1}))
	assert.True(t, samePixels(t, f.png(boardURL+"&w=1200"), sized.Bytes()), "Anna's link at the width the page asks: her seat's board")
	assert.True(t, samePixels(t, f.png("/g/"+id+"/board.png?lang=en&t="+f.token("Bob")), forCar(2, false)), "Bob's link: his seat's board")
	assert.True(t, samePixels(t, f.png("/g/"+id+"/board.png?lang=en&t="+f.token("Gina")), forCar(fd.GameMaster, false)), "the game master's link: his board")
	assert.True(t, samePixels(t, f.png("/g/"+id+"/board.png?lang=en&t="+f.token("Carl")), spectator), "a player with no seat here: a spectator's board")
	// the spectator's board again, after the seats' were drawn: not one
	// of theirs from the cache
	assert.True(t, samePixels(t, f.png("/g/"+id+"/board.png?lang=en"), spectator), "a spectator's board is not a seat's from the cache")

	for _, bad := range []string{strings.Repeat("a", bot.WebTokenLen), "not-a-token", ""} {
		status, body := f.get("/g/" + id + "/board.png?lang=en&t=" + bad)
		assert.Equal(t, http.StatusForbidden, status, "token %q", bad)
		assert.True(t, strings.Contains(string(body), "This personal link is not valid"), "token %q: the page's refusal", bad)
	}
	oldCarl := f.token("Carl")
	_, err = f.svc.PersonalLink(ctx, "Carl", true)
	require.NoError(t, err)
	status, _ = f.get("/g/" + id + "/board.png?lang=en&t=" + oldCarl)
	assert.Equal(t, http.StatusForbidden, status, "a link reset: its old token is refused")

	// without 5-D: every reader's board is the spectator's, byte for byte
	plain, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 2, Seats: []string{"Anna", "Bob"}, Seed: "web-board-plain",
		Master: persistence.Identity{Kind: persistence.IdentityCLI, Value: "gina"}})
	require.NoError(t, err)
	_, err = f.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: "bob"}, Game: plain, Text: "auto on"})
	require.NoError(t, err)
	f.playToACost(plain)
	for _, q := range []string{"", "&view=crop", "&w=800", "&view=crop&w=390"} {
		public := f.png("/g/" + plain + "/board.png?lang=en" + q)
		for _, who := range []string{"Anna", "Bob", "Gina"} {
			assert.True(t, bytes.Equal(public, f.png("/g/"+plain+"/board.png?lang=en"+q+"&t="+f.token(who))), "%s's board%s without 5-D", who, q)
		}
	}
}

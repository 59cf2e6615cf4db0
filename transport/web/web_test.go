package web

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// testBoards draws a small deterministic board: one square per car, its
// column the car's number, its row the play the game waits on, on a
// background whose shade says the language (and a blue band at the top
// for a crop). It stands in for render (which transport/web does not
// import); asked for a size, it draws that many pixels wide, the same
// picture scaled.
type testBoards struct{}

func (testBoards) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	return drawTestBoard(w, g, lang, false, 320)
}

func (testBoards) BoardPNGSized(w io.Writer, race engine.Game, lang string, crop bool, size bot.BoardSize) error {
	g := race.(fd.Contract).G
	if size.Width < 1 || size.Width > 2000 {
		return fmt.Errorf("test board: width %d", size.Width)
	}
	return drawTestBoard(w, g, lang, crop, size.Width)
}

func drawTestBoard(w io.Writer, g *fd.Game, lang string, crop bool, width int) error {
	k := float64(width) / 320
	sc := func(v int) int { return int(float64(v) * k) }
	hgt := 200
	if crop {
		hgt = 320
	}
	img := image.NewRGBA(image.Rect(0, 0, width, sc(hgt)))
	bg := color.RGBA{240, 240, 240, 255}
	if lang == "fr" {
		bg = color.RGBA{225, 235, 250, 255}
	}
	fill := func(x0, y0, x1, y1 int, c color.RGBA) {
		for y := y0; y < y1 && y < img.Rect.Max.Y; y++ {
			for x := x0; x < x1 && x < img.Rect.Max.X; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	fill(0, 0, width, sc(hgt), bg)
	if crop {
		fill(0, 0, width, sc(20), color.RGBA{0, 114, 178, 255})
	}
	palette := []color.RGBA{{213, 94, 0, 255}, {86, 180, 233, 255}, {240, 228, 66, 255}, {0, 158, 115, 255}}
	for _, c := range g.Position().Cars {
		x0 := 10 + (c.Car-1)*40
		y0 := 30 + (g.Play%8)*20
		fill(sc(x0), sc(y0), sc(x0+30), sc(y0+16), palette[((c.Car-1)/2)%len(palette)])
	}
	return png.Encode(w, img)
}

type fixture struct {
	t     testing.TB
	svc   *bot.Service
	store persistence.Store
	web   *Server
	srv   *httptest.Server
}

func newFixture(t testing.TB, cfg Config) *fixture {
	t.Helper()
	return newFixtureOpts(t, cfg, nil)
}

// newFixtureOpts is newFixture with the service's options changed by mod.
func newFixtureOpts(t testing.TB, cfg Config, mod func(*bot.Options)) *fixture {
	t.Helper()
	store := memory.New()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	opts := bot.Options{Store: store, Now: func() time.Time { return now }, LocalURL: "http://pitwall.test"}
	if mod != nil {
		mod(&opts)
	}
	svc := bot.New(opts)
	if cfg.Renderer == nil {
		cfg.Renderer = testBoards{}
	}
	if cfg.Poll == 0 {
		cfg.Poll = 20 * time.Millisecond
	}
	cfg.Logf = t.Logf
	w := New(svc, cfg)
	srv := httptest.NewServer(w.Handler())
	t.Cleanup(func() { srv.Close(); svc.Close(); store.Close() })
	return &fixture{t: t, svc: svc, store: store, web: w, srv: srv}
}

// create makes a two-seat game with a fixed seed.
func (f *fixture) create(seed string, seats ...string) string {
	f.t.Helper()
	if len(seats) == 0 {
		seats = []string{"Anna", "Bob"}
	}
	id, err := f.svc.Create(context.Background(), bot.CreateRequest{Track: "test-oval", Seats: seats, Seed: seed})
	require.NoError(f.t, err)
	return id
}

func (f *fixture) token(name string) string {
	f.t.Helper()
	link, err := f.svc.PersonalLink(context.Background(), name, false)
	require.NoError(f.t, err)
	return link[strings.Index(link, "?t=")+3:]
}

func (f *fixture) get(path string, hdr ...string) (*http.Response, string) {
	f.t.Helper()
	req, err := http.NewRequest("GET", f.srv.URL+path, nil)
	require.NoError(f.t, err)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(f.t, err)
	return resp, string(b)
}

func (f *fixture) post(path string, form url.Values, hdr ...string) (*http.Response, string) {
	f.t.Helper()
	req, err := http.NewRequest("POST", f.srv.URL+path, strings.NewReader(form.Encode()))
	require.NoError(f.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(f.t, err)
	return resp, string(b)
}

func (f *fixture) lines(id string) []string { return f.linesFor(f.t, id) }

func (f *fixture) linesFor(t testing.TB, id string) []string {
	t.Helper()
	var out []string
	require.NoError(t, f.store.View(context.Background(), func(tx persistence.ReadTx) error {
		evs, err := tx.Events(id, 0, 0)
		for _, e := range evs {
			out = append(out, e.Line)
		}
		return err
	}))
	return out
}

// mover is the name of the player the game waits on.
func (f *fixture) mover(id string) (string, int) {
	f.t.Helper()
	v, err := f.svc.Show(context.Background(), id)
	require.NoError(f.t, err)
	require.NotEmpty(f.t, v.Pending)
	return v.Pending[0].Player, v.Pending[0].Car
}

var formRE = regexp.MustCompile(`(?s)<form method="post" action="(/g/[^"]+/play)" class="order">(.*?)</form>`)
var inputRE = regexp.MustCompile(`<input type="hidden" name="([a-z]+)" value="([^"]*)">`)

// buttons reads the option forms of a page.
func buttons(t *testing.T, page string) []url.Values {
	t.Helper()
	var out []url.Values
	for _, m := range formRE.FindAllStringSubmatch(page, -1) {
		v := url.Values{}
		for _, in := range inputRE.FindAllStringSubmatch(m[2], -1) {
			v.Set(in[1], strings.ReplaceAll(in[2], "&#43;", "+"))
		}
		out = append(out, v)
	}
	return out
}

func TestIndexListsGamesNewestFirstAndMarksMine(t *testing.T) {
	f := newFixture(t, Config{})
	a := f.create("idx-a")
	b := f.create("idx-b", "Carl", "Dora")
	resp, page := f.get("/")
	require.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, page, "Games on this server")
	ia, ib := strings.Index(page, a), strings.Index(page, b)
	require.True(t, ia > 0 && ib > 0)
	// both created at the same instant: ties go by id, descending
	if a > b {
		assert.Less(t, ia, ib)
	} else {
		assert.Less(t, ib, ia)
	}
	assert.NotContains(t, page, "your game")
	tok := f.token("Carl")
	_, page = f.get("/?t=" + tok)
	assert.Contains(t, page, "Signed in by your personal link as <strong>Carl</strong>")
	assert.Contains(t, page, "/g/"+b+"?t="+tok, "Carl's game keeps his token")
	assert.NotContains(t, page, "/g/"+a+"?t=", "no token on others' games")
	_, page = f.get("/", "Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
	assert.Contains(t, page, "Parties sur ce serveur")
	assert.Contains(t, page, `lang="fr"`)
}

func TestSpectatorPageIsReadOnlyAndSecure(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("spec-1")
	who, car := f.mover(id)
	other := map[string]string{"Anna": "Bob", "Bob": "Anna"}[who]
	_, err := f.svc.Handle(context.Background(), bot.Request{Identity: persistence.Identity{Kind: "cli", Value: strings.ToLower(other)}, Game: id, Text: "next 3"})
	require.NoError(t, err)
	resp, page := f.get("/g/" + id)
	require.Equal(t, 200, resp.StatusCode)
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
		assert.NotEmpty(t, resp.Header.Get(h), h)
	}
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "script-src 'self'")
	assert.NotContains(t, resp.Header.Get("Content-Security-Policy"), "unsafe-inline")
	assert.Contains(t, page, "You are watching: this page is read-only.")
	assert.Contains(t, page, "Who must act")
	assert.Contains(t, page, fmt.Sprintf(`<strong>%s</strong>`, who))
	assert.Contains(t, page, fmt.Sprintf(`data-car="%d"`, car))
	assert.Empty(t, buttons(t, page), "no buttons for a spectator")
	assert.NotContains(t, page, `name="t"`)
	assert.NotContains(t, page, "next play", "no one's pre-move shown")
	assert.Contains(t, page, "/g/"+id+"/board.png?play=")
	assert.Contains(t, page, "The seed stays secret until the race is over.")
	assert.NotRegexp(t, `[a-z_]+=[a-z0-9]+ `, stripTags(page), "prose, not records")
}

// stripTags keeps the words of a page's body.
func stripTags(page string) string {
	if i := strings.Index(page, "<body"); i >= 0 {
		page = page[i:]
	}
	return regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(page, " ")
}

func TestPlayingFromThePersonalLink(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("play-1")
	who, _ := f.mover(id)
	tok := f.token(who)
	_, page := f.get("/g/" + id + "?t=" + tok)
	forms := buttons(t, page)
	require.NotEmpty(t, forms, "the mover gets buttons")
	assert.Contains(t, page, "Your options")
	before := f.lines(id)
	hdr := []string{"Accept", "application/json"}

	// a missing or wrong CSRF field, or a post from another site: refused, nothing changed
	bad := url.Values{}
	for k, v := range forms[0] {
		bad[k] = v
	}
	bad.Set("csrf", strings.Repeat("0", 32))
	resp, body := f.post("/g/"+id+"/play", bad, hdr...)
	assert.Equal(t, 403, resp.StatusCode, body)
	resp, _ = f.post("/g/"+id+"/play", forms[0], append(hdr, "Origin", "https://evil.example")...)
	assert.Equal(t, 403, resp.StatusCode)
	bad = url.Values{}
	for k, v := range forms[0] {
		bad[k] = v
	}
	bad.Set("t", strings.Repeat("a", bot.WebTokenLen))
	bad.Set("csrf", csrfFor(bad.Get("t"), id))
	resp, body = f.post("/g/"+id+"/play", bad, hdr...)
	assert.Equal(t, 403, resp.StatusCode)
	assert.Contains(t, body, "not valid")
	resp, _ = f.post("/g/"+id+"/play", url.Values{"cmd": {strings.Repeat("x", 20_000)}}, hdr...)
	assert.Equal(t, 413, resp.StatusCode)
	nope := url.Values{}
	for k, v := range forms[0] {
		nope[k] = v
	}
	nope.Set("csrf", csrfFor(tok, "nope"))
	resp, _ = f.post("/g/nope/play", nope, hdr...)
	assert.Equal(t, 404, resp.StatusCode)
	assert.Equal(t, before, f.lines(id), "nothing changed")

	// the click, twice (a double click): applied once, answered twice alike
	resp, first := f.post("/g/"+id+"/play", forms[0], hdr...)
	require.Equal(t, 200, resp.StatusCode, first)
	after := f.lines(id)
	require.Greater(t, len(after), len(before))
	resp, second := f.post("/g/"+id+"/play", forms[0], hdr...)
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, first, second)
	assert.Equal(t, after, f.lines(id), "a double click applies once")

	// the same button from a second copy of the old page: stale
	stale := url.Values{}
	for k, v := range forms[0] {
		stale[k] = v
	}
	stale.Set("key", strings.Repeat("b", 32))
	resp, body = f.post("/g/"+id+"/play", stale, hdr...)
	assert.Equal(t, 409, resp.StatusCode, body)
	assert.Equal(t, after, f.lines(id))

	// a typed command the engine refuses: a clear answer, nothing changed
	typed := url.Values{"t": {tok}, "csrf": {csrfFor(tok, id)}, "key": {strings.Repeat("c", 32)}, "cmd": {"gear 9"}}
	resp, body = f.post("/g/"+id+"/play", typed, hdr...)
	assert.Equal(t, 422, resp.StatusCode, body)
	assert.Equal(t, after, f.lines(id))

	// without JavaScript the answer is the page itself
	typed.Set("key", strings.Repeat("d", 32))
	typed.Set("cmd", "status")
	resp, body = f.post("/g/"+id+"/play", typed)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, body, "Pitwall answers")
}

func TestGameMasterCommandsFromThePage(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("gm-1")
	tok := f.token("Anna") // seat 1: the game master
	_, page := f.get("/g/" + id + "?t=" + tok)
	assert.Contains(t, page, "Pause the game")
	form := url.Values{"t": {tok}, "csrf": {csrfFor(tok, id)}, "key": {strings.Repeat("e", 32)}, "cmd": {"pause"}}
	resp, body := f.post("/g/"+id+"/play", form, "Accept", "application/json")
	require.Equal(t, 200, resp.StatusCode, body)
	v, err := f.svc.Show(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, "paused", v.State)
	_, page = f.get("/g/" + id + "?t=" + tok)
	assert.Contains(t, page, "Resume the game")
	// Bob is no game master
	btok := f.token("Bob")
	form = url.Values{"t": {btok}, "csrf": {csrfFor(btok, id)}, "key": {strings.Repeat("f", 32)}, "cmd": {"resume"}}
	resp, body = f.post("/g/"+id+"/play", form, "Accept", "application/json")
	assert.Equal(t, 422, resp.StatusCode)
	assert.Contains(t, body, "only the game master")
}

func TestBoardAndBadInput(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("board-1")
	_, err := f.svc.Autoplay(context.Background(), id, 6)
	require.NoError(t, err)
	resp, body := f.get("/g/" + id + "/board.png?play=0")
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "image/png", resp.Header.Get("Content-Type"))
	img, err := png.Decode(strings.NewReader(body))
	require.NoError(t, err)
	assert.Equal(t, 320, img.Bounds().Dx())
	_, now := f.get("/g/" + id + "/board.png")
	assert.NotEqual(t, body, now, "the grid is not the board as it stands")

	for path, status := range map[string]int{
		"/g/" + id + "/board.png?play=-1":    400,
		"/g/" + id + "/board.png?play=x":     400,
		"/g/" + id + "/board.png?lang=de":    400,
		"/g/" + id + "/board.png?view=x":     400,
		"/g/" + id + "/board.png?view=crop":  200,
		"/g/nope/board.png":                  404,
		"/g/" + strings.Repeat("a", 200):     404,
		"/g/" + id + "?play=99999999999":     400,
		"/g/nope":                            404,
		"/g/nope/events":                     404,
		"/g/nope/record.txt":                 404,
		"/g/nope/verify":                     404,
		"/nowhere":                           404,
		"/g/" + id + "?t=not-a-token":        200,
		"/g/" + id + "/record.txt":           200,
		"/g/" + id + "/verify":               200,
		"/g/%3Cscript%3E":                    404,
		"/g/" + id + "/board.png?play=99999": 200,
	} {
		resp, body := f.get(path)
		assert.Equal(t, status, resp.StatusCode, "%s: %s", path, body)
		if status >= 400 && !strings.HasSuffix(path, "events") {
			assert.NotContains(t, body, "<script>alert", path)
		}
	}
	_, page := f.get("/g/" + id + "/verify")
	assert.Contains(t, page, "hash chain intact")
	_, rec := f.get("/g/" + id + "/record.txt")
	assert.Contains(t, rec, "commitment ")
	assert.NotContains(t, rec, "\nseed ")
}

func TestFrenchPage(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("fr-1")
	_, page := f.get("/g/"+id, "Accept-Language", "fr")
	assert.Contains(t, page, `lang="fr"`)
	assert.Contains(t, page, "Qui doit agir")
	assert.Contains(t, page, "Vous regardez")
	_, err := f.svc.SetPlayer(context.Background(), bot.PlayerSettings{Name: "Anna", Language: "fr"})
	require.NoError(t, err)
	_, page = f.get("/g/"+id+"?t="+f.token("Anna"), "Accept-Language", "en")
	assert.Contains(t, page, "Qui doit agir", "a player reads their own language")
	_, page = f.get("/g/" + id + "?lang=en&t=" + f.token("Anna"))
	assert.Contains(t, page, "Who must act", "unless they ask for the other")
	assert.NotContains(t, page, "doit choisir", "the game's words too")
}

func TestEventStreamTellsOfCommitsAndIsBounded(t *testing.T) {
	f := newFixture(t, Config{MaxStreams: 1})
	id := f.create("sse-1")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", f.srv.URL+"/g/"+id+"/events", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	events := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
		close(events)
	}()
	first := <-events
	// a second stream is over the bound
	resp2, body := f.get("/g/" + id + "/events")
	assert.Equal(t, 503, resp2.StatusCode, body)
	assert.Equal(t, "60", resp2.Header.Get("Retry-After"))

	_, err = f.svc.Autoplay(context.Background(), id, 1)
	require.NoError(t, err)
	select {
	case v := <-events:
		assert.NotEqual(t, first, v)
		want, err := f.svc.GameVersion(context.Background(), id)
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprint(want), v)
	case <-time.After(10 * time.Second):
		t.Fatal("no event after a commit")
	}
}

func TestParsers(t *testing.T) {
	for h, want := range map[string]string{
		"":                          "en",
		"fr":                        "fr",
		"fr-CA,fr;q=0.9":            "fr",
		"en-GB,en;q=0.9,fr;q=0.8":   "en",
		"de-DE,fr;q=0.7,en;q=0.3":   "fr",
		"de,it":                     "en",
		"fr;q=0.2,en;q=0.5":         "en",
		"fr;q=bad,en;q=0.1":         "en",
		"FR-be":                     "fr",
		strings.Repeat("x,", 10000): "en",
	} {
		assert.Equal(t, want, parseAcceptLanguage(h), "%q", h)
	}
	for s, want := range map[string]int{"": -1, "0": 0, "12": 12} {
		n, err := parsePlay(s)
		require.NoError(t, err)
		assert.Equal(t, want, n)
	}
	for _, s := range []string{"-1", "x", "1e3", "99999999", " 1"} {
		_, err := parsePlay(s)
		assert.Error(t, err, s)
	}
}

// The deadline reads in the player's time zone through their link, and
// in the browser's (the page's script) for a spectator.
func TestDeadlineInTheReadersZone(t *testing.T) {
	f := newFixture(t, Config{})
	id, err := f.svc.Create(context.Background(), bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "due-1", Deadline: 24 * time.Hour})
	require.NoError(t, err)
	who, _ := f.mover(id)
	_, err = f.svc.SetPlayer(context.Background(), bot.PlayerSettings{Name: who, TimeZone: "Asia/Tokyo"})
	require.NoError(t, err)
	_, page := f.get("/g/" + id)
	assert.Contains(t, page, `datetime="2026-11-26T09:00:00Z" data-local="1">Thu 26 Nov 09:00 UTC</time>`)
	_, page = f.get("/g/" + id + "?t=" + f.token(who))
	assert.Contains(t, page, `datetime="2026-11-26T09:00:00Z">Thu 26 Nov 18:00 JST</time>`)
}

// The board at the width the browser asks for: the nearest width served
// at least as wide, the crop drawn for a 390-pixel phone; the page lists
// every width (srcset) so that the browser picks.
func TestBoardAtTheWidthAsked(t *testing.T) {
	f := newFixture(t, Config{})
	id := f.create("board-widths")
	_, err := f.svc.Autoplay(context.Background(), id, 3)
	require.NoError(t, err)
	for q, want := range map[string]int{
		"":                 320, // the renderer's default
		"w=800":            800,
		"w=700":            800,
		"w=1201":           1600,
		"w=99999":          1600,
		"w=1&view=crop":    390,
		"w=390&view=crop":  390,
		"w=500&view=crop":  780,
		"w=1170&view=crop": 1170,
		"w=2000&view=crop": 1170,
	} {
		resp, body := f.get("/g/" + id + "/board.png?play=2&" + q)
		require.Equal(t, 200, resp.StatusCode, "%s: %s", q, body)
		cfg, err := png.DecodeConfig(strings.NewReader(body))
		require.NoError(t, err, q)
		assert.Equal(t, want, cfg.Width, q)
	}
	for _, q := range []string{"w=0", "w=-5", "w=x", "w=123456", "w=8e2", "w=%20800"} {
		resp, body := f.get("/g/"+id+"/board.png?"+q, "Accept-Language", "fr")
		assert.Equal(t, 400, resp.StatusCode, q)
		assert.Contains(t, body, "La largeur doit être", q)
	}
	_, page := f.get("/g/" + id)
	assert.NotContains(t, page, "ZgotmplZ")
	for _, w := range []string{"&amp;w=800 800w", "&amp;w=1200 1200w", "&amp;w=1600 1600w", "view=crop&amp;w=390 390w", "view=crop&amp;w=780 780w", "view=crop&amp;w=1170 1170w"} {
		assert.Contains(t, page, w)
	}
}

package web

import (
	"bytes"
	"context"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

func FuzzParseAcceptLanguage(f *testing.F) {
	for _, s := range []string{"", "fr", "fr-CA,fr;q=0.9,en;q=0.8", "en;q=2", "*;q=0.1", ";;,,", "fr;q=NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		got := parseAcceptLanguage(h)
		if got != "en" && got != "fr" {
			t.Fatalf("%q gave %q", h, got)
		}
	})
}

func FuzzParsePlay(f *testing.F) {
	for _, s := range []string{"", "0", "12", "-1", "+3", "1e3", "0x10", "9999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parsePlay(s)
		if err == nil && (n < -1 || n > maxPlay || (s == "") != (n == -1)) {
			t.Fatalf("%q gave %d", s, n)
		}
	})
}

func FuzzParsePlayForm(f *testing.F) {
	f.Add("t=abcdefghijklmnopqrstuvwx&csrf=00000000000000000000000000000000&key=0123456789abcdef0123&cmd=gear+3&car=1&decision=0a0b0c0d")
	f.Add("cmd=&t=")
	f.Add("car=-1&decision=zz")
	f.Fuzz(func(t *testing.T, body string) {
		v, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		p, _, ok := parsePlayForm(v.Get)
		if !ok {
			return
		}
		// what passes is well formed
		if len(p.Token) != 24 || len(p.CSRF) != 32 || p.Command == "" || len(p.Command) > 500 || !utf8.ValidString(p.Command) ||
			(p.Decision != "" && (p.Car < 1 || p.Car > 99)) {
			t.Fatalf("accepted %+v", p)
		}
	})
}

// FuzzHandlers sends any method, path, query and body to the page: it
// always answers (never a 5xx), and a game nobody may play stays as it was.
func FuzzHandlers(f *testing.F) {
	fx := newFixture(f, Config{})
	id := fx.create("fuzz-1")
	before := strings.Join(fx.lines(id), "\n")
	h := fx.web.Handler()
	for _, s := range [][3]string{
		{"GET", "/", ""}, {"GET", "/g/" + id, ""}, {"GET", "/g/" + id + "?play=3&lang=fr", ""},
		{"GET", "/g/" + id + "/board.png?play=0", ""}, {"POST", "/g/" + id + "/play", "cmd=gear+2&t=aaaaaaaaaaaaaaaaaaaaaaaa"},
		{"GET", "/g/../../etc/passwd", ""}, {"POST", "/g/" + id + "/play", "%zz"}, {"GET", "/g/" + id + "/record.txt", ""},
		{"GET", "/static/app.js", ""}, {"DELETE", "/g/" + id, ""},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, method, target, body string) {
		if method != "GET" && method != "POST" && method != "PUT" && method != "DELETE" {
			method = "GET"
		}
		if !strings.HasPrefix(target, "/") || strings.Contains(target, "/events") {
			return // the stream is tested on its own: it does not end by itself
		}
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return
		}
		req := httptest.NewRequest(method, "http://pitwall.test/", strings.NewReader(body))
		req.URL = u
		req.RequestURI = target
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Less(t, rec.Code, 500, "%s %s: %s", method, target, rec.Body.String())
		if rec.Code >= 400 && rec.Code != http.StatusMethodNotAllowed {
			assert.NotEmpty(t, rec.Body.String(), "an error says what was wrong")
		}
		require.Equal(t, before, strings.Join(fx.linesFor(t, id), "\n"), "nothing changed")
	})
}

// FuzzLeaguePage sends any path under /l/ to the page: it always answers
// with the page, the image or a clear refusal (never a 5xx), and the
// league stays as it was.
func FuzzLeaguePage(f *testing.F) {
	fx := newFixture(f, Config{Standings: testStandings{}})
	ctx := context.Background()
	id, err := fx.svc.CreateLeague(ctx, bot.LeagueRequest{Name: "Fuzz Cup"})
	require.NoError(f, err)
	before, err := fx.svc.LeagueExport(ctx, id)
	require.NoError(f, err)
	h := fx.web.Handler()
	for _, s := range []string{"/l/" + id, "/l/" + id + "?lang=fr", "/l/" + id + "/standings.png", "/l/" + id + "/standings.png?lang=xx",
		"/l/Fuzz-Cup", "/l/", "/l/%00", "/l/../g/x", "/l/" + id + "/standings.png/..", "/l/a%2Fb/standings.png"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, target string) {
		if !strings.HasPrefix(target, "/l/") {
			return
		}
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return
		}
		req := httptest.NewRequest("GET", "http://pitwall.test/", nil)
		req.URL = u
		req.RequestURI = target
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Less(t, rec.Code, 500, "%s: %s", target, rec.Body.String())
		if rec.Code >= 300 && rec.Code < 400 {
			return // the mux cleaning a path
		}
		if rec.Code >= 400 {
			assert.NotEmpty(t, rec.Body.String(), "an error says what was wrong")
		} else if rec.Header().Get("Content-Type") == "image/png" {
			_, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			assert.NoError(t, err)
		} else {
			assert.Contains(t, rec.Body.String(), "Fuzz Cup", "%s: an answer of 200 is the league's page", target)
		}
		after, err := fx.svc.LeagueExport(ctx, id)
		require.NoError(t, err)
		require.Equal(t, string(before), string(after), "nothing changed")
	})
}

func FuzzBoardSize(f *testing.F) {
	for _, s := range []string{"", "390", "800", "0", "-1", "99999", "x", "1e3", "  800"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, crop bool) {
		size, err := boardSize(s, crop)
		if err != nil {
			return
		}
		if s == "" {
			if size != (bot.BoardSize{}) {
				t.Fatalf("no width asked: %+v", size)
			}
			return
		}
		widths := boardWidths
		if crop {
			widths = cropWidths
		}
		if !slices.Contains(widths, size.Width) {
			t.Fatalf("%q (crop %v): width %d is not served", s, crop, size.Width)
		}
		if crop != (size.Screen == phoneScreen) {
			t.Fatalf("%q (crop %v): screen %d", s, crop, size.Screen)
		}
	})
}

package web

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pitwall/pitwall/bot"
)

//go:embed templates/*.html static/*
var assets embed.FS

// Config configures the web page; the zero value of each field but the
// service works.
type Config struct {
	// Addr is where to listen (PITWALL_HTTP, --http), e.g. localhost:8080.
	Addr string
	// Renderer draws the boards (cmd wires render behind it); nil shows
	// no board.
	Renderer bot.BoardRenderer
	// MaxStreams bounds the event-stream connections open at once
	// (default 64); past it a page gets 503 and updates by reloading.
	MaxStreams int
	// Poll is how often a watched game's version is read (default
	// 300ms): commits by any process on the database reach the pages.
	Poll time.Duration
	// Heartbeat is how often an idle event stream gets a comment (default
	// 15s), so that proxies keep it open.
	Heartbeat time.Duration
	// Standings draws a league's standings image (cmd wires the
	// renderer of the league posts behind it); nil shows none.
	Standings bot.StandingsRenderer
	// Leagues, when set, lists the leagues on the index in place of the
	// service's leagues (each linked to its page /l/ID).
	Leagues func(ctx context.Context) ([]Listing, error)
	// Logf logs the server's own failures (default log.Printf).
	Logf func(format string, a ...any)
}

// Listing is one entry of a section of the index (a league, say).
type Listing struct {
	Title, Href, Detail string
}

// Limits of the requests the page accepts.
const (
	MaxBody        = 8 << 10 // a POST body
	MaxHeaderBytes = 16 << 10
	maxGameID      = 64
	maxPlay        = 1_000_000
	indexGames     = 100
)

// Server is the web page over a service.
type Server struct {
	svc     *bot.Service
	cfg     Config
	tmpl    *template.Template
	static  http.Handler
	streams chan struct{}
	hub     *hub
	boards  *boardCache
	// renders bounds the boards drawn at once (CPU)
	renders chan struct{}
}

// New builds the web page of svc.
func New(svc *bot.Service, cfg Config) *Server {
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = 64
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 300 * time.Millisecond
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 15 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s := &Server{svc: svc, cfg: cfg, streams: make(chan struct{}, cfg.MaxStreams), boards: newBoardCache(64), renders: make(chan struct{}, 2)}
	s.tmpl = template.Must(template.New("").Funcs(funcs).ParseFS(assets, "templates/*.html"))
	sub, _ := fs.Sub(assets, "static")
	s.static = http.StripPrefix("/static/", http.FileServerFS(sub))
	s.hub = newHub(svc, cfg.Poll)
	return s
}

// Handler is the page's HTTP handler, security headers included.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	quick := func(h http.HandlerFunc) http.Handler {
		return http.TimeoutHandler(h, 20*time.Second, "the server took too long to answer")
	}
	mux.Handle("GET /{$}", quick(s.index))
	mux.Handle("GET /g/{id}", quick(s.game))
	mux.Handle("GET /g/{id}/board.png", quick(s.board))
	mux.Handle("GET /g/{id}/record.txt", quick(s.record))
	mux.Handle("GET /g/{id}/verify", quick(s.verify))
	mux.Handle("POST /g/{id}/play", quick(s.play))
	mux.HandleFunc("GET /g/{id}/events", s.events)
	mux.Handle("GET /l/{id}", quick(s.league))
	mux.Handle("GET /l/{id}/standings.png", quick(s.standings))
	mux.Handle("GET /static/", s.static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, s.readerLang(r), msgNotFound)
	})
	return secure(mux)
}

// secure adds the security headers to every answer.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		hd.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		h.ServeHTTP(w, r)
	})
}

// HTTPServer is an http.Server for the page with its timeouts: no slow
// client holds a connection (the event streams extend their own write
// deadline event by event).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Addr:              s.cfg.Addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// Run serves on ln until ctx ends, then shuts down (the event streams
// are closed at once).
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	srv := s.HTTPServer()
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	<-done
	return err
}

// validID accepts game ids as bot makes them, and nothing long or odd.
func validID(id string) bool {
	if id == "" || len(id) > maxGameID {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// token reads a personal token from the query or the form: only a-z2-7
// of the right length, else none.
func token(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != bot.WebTokenLen {
		return ""
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return ""
		}
	}
	return s
}

// csrfFor is the CSRF field of a page's forms: an HMAC keyed by the
// personal token, which a cross-site page cannot know.
func csrfFor(tok, game string) string {
	m := hmac.New(sha256.New, []byte(tok))
	m.Write([]byte("pitwall web csrf\x00" + game))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// sameOrigin refuses a POST another site's page sent: its Origin (or, when
// absent, Sec-Fetch-Site) must be this host.
func sameOrigin(r *http.Request) bool {
	if o := r.Header.Get("Origin"); o != "" {
		if o == "null" {
			return false
		}
		host := strings.TrimPrefix(strings.TrimPrefix(o, "http://"), "https://")
		return host == r.Host
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
		return true
	}
	return false
}

func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		s.cfg.Logf("web: template %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// errorPage is what a refused request shows.
type errorPage struct {
	Lang, Title, Message string
	T                    func(string) string
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, lang string, msg message) {
	if wantsJSON(r) {
		writeJSON(w, status, playAnswer{OK: false, Message: msg.in(lang)})
		return
	}
	s.render(w, status, "error.html", errorPage{Lang: lang, Title: fmt.Sprintf("%d", status), Message: msg.in(lang), T: translator(lang)})
}

func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

type playAnswer struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// userText is the message of an error the service meant for the player,
// in their language, or "" for an internal error.
func userText(err error, lang string) string {
	var ue *bot.UserError
	if errors.As(err, &ue) {
		if lang == "fr" && ue.Fr != "" {
			return ue.Fr
		}
		return ue.Msg
	}
	return ""
}

// boardCache keeps the last boards drawn, by game version, play and
// language: a history slider dragged back and forth draws each once.
type boardCache struct {
	mu    sync.Mutex
	max   int
	order []string
	m     map[string][]byte
}

func newBoardCache(n int) *boardCache { return &boardCache{max: n, m: map[string][]byte{}} }

func (c *boardCache) get(k string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[k]
	return b, ok
}

func (c *boardCache) put(k string, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, k)
	c.m[k] = b
}

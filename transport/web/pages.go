package web

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pitwall/pitwall/bot"
)

var funcs = template.FuncMap{
	"add": func(a, b int) int { return a + b },
	"join": func(s []string, sep string) string {
		return strings.Join(s, sep)
	},
	"lines": func(s string) []string { return strings.Split(strings.TrimSpace(s), "\n") },
}

// indexPage is /.
type indexPage struct {
	Lang    string
	T       func(string) string
	Games   []gameRow
	Leagues []Listing
	Viewer  string
	Token   string
	Other   string // the page in the other language
}

type gameRow struct {
	bot.GameSummary
	Href, StateText, CreatedText string
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	lang := s.readerLang(r)
	tok := token(r.URL.Query().Get("t"))
	games, viewer, err := s.svc.RecentGames(r.Context(), indexGames, tok)
	if err != nil {
		s.cfg.Logf("web: index: %v", err)
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	p := indexPage{Lang: lang, T: translator(lang), Viewer: viewer}
	if viewer != "" {
		p.Token = tok
	}
	for _, g := range games {
		row := gameRow{GameSummary: g, Href: "/g/" + url.PathEscape(g.ID), StateText: translator(lang)(g.State), CreatedText: when(g.Created, "UTC", lang)}
		if g.Mine && p.Token != "" {
			row.Href += "?t=" + p.Token
		}
		p.Games = append(p.Games, row)
	}
	if p.Leagues, err = s.leagueListings(r, lang); err != nil {
		s.cfg.Logf("web: leagues: %v", err)
	}
	p.Other = otherLang(r, lang)
	s.render(w, http.StatusOK, "index.html", p)
}

// otherLang is the link to this page in the other language.
func otherLang(r *http.Request, lang string) string {
	q := r.URL.Query()
	if lang == "fr" {
		q.Set("lang", "en")
	} else {
		q.Set("lang", "fr")
	}
	return r.URL.Path + "?" + q.Encode()
}

// gamePage is /g/ID.
type gamePage struct {
	*bot.WebView
	T          func(string) string
	Token      string // the viewer's, to keep in forms and links
	CSRF       string
	Key        string // a fresh de-duplication key per form
	Play       int    // the play the board shows (the history)
	BoardSrc   string
	BoardSet   string // the board at each width served (srcset)
	CropSet    string // the phone crop around the car to move, likewise
	Pending    []pendingRow
	StateText  string
	Reply      string // what Pitwall answered the last order (no JavaScript)
	ReplyError bool
	Other      string
	HasBoard   bool
	Zone       string
}

type pendingRow struct {
	bot.WebDecision
	Mine    bool
	DueText string
	DueISO  string
	Keys    []string
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	s.showGame(w, r, http.StatusOK, "", false)
}

func (s *Server) showGame(w http.ResponseWriter, r *http.Request, status int, reply string, replyErr bool) {
	id := r.PathValue("id")
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	tok := token(r.FormValue("t"))
	play, err := parsePlay(r.URL.Query().Get("play"))
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadPlay)
		return
	}
	// ?lang= wins over the player's own language when they ask for it
	asked := r.URL.Query().Get("lang")
	v, err := s.svc.WebGame(r.Context(), id, tok, lang, asked == "fr" || asked == "en")
	if err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
			return
		}
		s.cfg.Logf("web: game %s: %v", id, err)
		if errors.Is(err, bot.ErrGameUnreadable) {
			s.fail(w, r, http.StatusServiceUnavailable, lang, msgUnreadable)
			return
		}
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	lang = v.Lang
	if play < 0 || play > v.Plays {
		play = v.Plays
	}
	p := gamePage{WebView: v, T: translator(lang), Play: play, Reply: reply, ReplyError: replyErr, HasBoard: s.cfg.Renderer != nil && !v.Lobby}
	p.StateText = p.T(v.State)
	slices.Reverse(v.Log) // the newest play first
	p.Other = otherLang(r, lang)
	if v.Viewer != nil {
		p.Token, p.CSRF, p.Key = tok, csrfFor(tok, id), newKey()
		p.Zone = v.Viewer.TimeZone
	}
	base := fmt.Sprintf("/g/%s/board.png?play=%d&lang=%s&v=%d", url.PathEscape(id), play, lang, v.Version)
	if p.Token != "" {
		// the board of the reader the page is for (5-D): as the page, by
		// his token, never by a car number a visitor could change
		base += "&t=" + url.QueryEscape(p.Token)
	}
	p.BoardSrc = base + "&w=1600"
	p.BoardSet = srcset(base, boardWidths)
	p.CropSet = srcset(base+"&view=crop", cropWidths)
	for i, d := range v.Pending {
		row := pendingRow{WebDecision: d, Mine: v.Viewer != nil && v.Viewer.Car == d.Car}
		if !d.Due.IsZero() {
			row.DueISO = d.Due.Format(time.RFC3339)
			zone := "UTC"
			if v.Viewer != nil && v.Viewer.TimeZone != "" {
				zone = v.Viewer.TimeZone
			}
			row.DueText = when(d.Due, zone, lang)
		}
		for j := range d.Options {
			row.Keys = append(row.Keys, fmt.Sprintf("%s-%d-%d", p.Key, i, j))
		}
		p.Pending = append(p.Pending, row)
	}
	s.render(w, status, "game.html", p)
}

func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	if l := r.URL.Query().Get("lang"); l != "" && l != "en" && l != "fr" {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadLang)
		return
	}
	play, err := parsePlay(r.URL.Query().Get("play"))
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadPlay)
		return
	}
	view := r.URL.Query().Get("view")
	if view != "" && view != "board" && view != "crop" {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadView)
		return
	}
	size, err := boardSize(r.URL.Query().Get("w"), view == "crop")
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadWidth)
		return
	}
	if s.cfg.Renderer == nil {
		s.fail(w, r, http.StatusNotFound, lang, msgNoBoard)
		return
	}
	version, err := s.svc.GameVersion(r.Context(), id)
	if err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
			return
		}
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	// the board of a player's own page is his (5-D: his build and his
	// options' costs), read from his token as the page reads it; a token
	// given that names nobody now is refused, as the page's orders are
	reader := bot.BoardReader{}
	if t, given := r.URL.Query()["t"]; given {
		tok := token(t[0])
		if tok == "" {
			s.fail(w, r, http.StatusForbidden, lang, msgBadToken)
			return
		}
		reader, err = s.svc.WebBoardReader(r.Context(), id, tok)
		switch {
		case errors.Is(err, bot.ErrBadToken):
			s.fail(w, r, http.StatusForbidden, lang, msgBadToken)
			return
		case bot.IsUserError(err):
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
			return
		case err != nil:
			s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
			return
		}
	}
	// keyed by reader too: a seat's board and a spectator's never share
	// an entry (the board that differs is known only once drawn)
	key := fmt.Sprintf("%s/%d/%d/%s/%s/%d/%s", id, version, play, lang, view, size.Width, reader.Key())
	png, ok := s.boards.get(key)
	if !ok {
		select {
		case s.renders <- struct{}{}:
		case <-r.Context().Done():
			return
		}
		var buf bytes.Buffer
		err = s.svc.BoardAtFor(r.Context(), id, play, lang, view == "crop", size, reader, s.cfg.Renderer, &buf)
		<-s.renders
		switch {
		case errors.Is(err, bot.ErrNoBoard):
			s.fail(w, r, http.StatusNotFound, lang, msgNoBoard)
			return
		case bot.IsUserError(err):
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
			return
		case err != nil:
			s.cfg.Logf("web: board %s: %v", id, err)
			s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
			return
		}
		png = buf.Bytes()
		s.boards.put(key, png)
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(png)
}

// The widths the page serves boards at: the board for a desktop's column
// (the browser picks by its width and pixel density), and the crop drawn
// for a 390-pixel phone at one, two and three pixels to a CSS pixel.
var (
	boardWidths = []int{800, 1200, 1600}
	cropWidths  = []int{phoneScreen, 2 * phoneScreen, 3 * phoneScreen}
)

// phoneScreen is the width, in CSS pixels, of the phone the crop is drawn
// for.
const phoneScreen = 390

// boardSize reads ?w=N, the width the browser asks for, as the nearest
// width served at least as wide (the widest past them); "" is the
// renderer's default size.
func boardSize(s string, crop bool) (bot.BoardSize, error) {
	if s == "" {
		return bot.BoardSize{}, nil
	}
	if len(s) > 5 {
		return bot.BoardSize{}, fmt.Errorf("width %q too long", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return bot.BoardSize{}, fmt.Errorf("bad width %q", s)
	}
	widths := boardWidths
	if crop {
		widths = cropWidths
	}
	w := widths[len(widths)-1]
	for i := len(widths) - 1; i >= 0; i-- {
		if widths[i] >= n {
			w = widths[i]
		}
	}
	size := bot.BoardSize{Width: w}
	if crop {
		size.Screen = phoneScreen
	}
	return size, nil
}

// srcset lists a board's URL at each width served.
func srcset(base string, widths []int) string {
	var b strings.Builder
	for i, w := range widths {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s&w=%d %dw", base, w, w)
	}
	return b.String()
}

func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	text, err := s.svc.GameRecord(r.Context(), id)
	if err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
			return
		}
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", id+".rec"))
	_, _ = w.Write([]byte(text))
}

// verifyPage is /g/ID/verify: the record checked again by the server.
type verifyPage struct {
	Lang, Game, Text string
	OK               bool
	T                func(string) string
}

func (s *Server) verify(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	if _, err := s.svc.GameVersion(r.Context(), id); err != nil {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	text, err := s.svc.Verify(r.Context(), id)
	p := verifyPage{Lang: lang, Game: id, Text: text, OK: err == nil, T: translator(lang)}
	if err != nil {
		p.Text = err.Error()
	}
	s.render(w, http.StatusOK, "verify.html", p)
}

// playForm is a POST to /g/ID/play, read and checked.
type playForm struct {
	Token, CSRF, Key, Decision, Command string
	Car                                 int
}

// parsePlayForm checks every field of an order form; the error says
// which message to show.
func parsePlayForm(get func(string) string) (playForm, message, bool) {
	f := playForm{Token: token(get("t")), CSRF: get("csrf"), Key: get("key"), Decision: get("decision"), Command: strings.TrimSpace(get("cmd"))}
	if f.Token == "" {
		return f, msgBadToken, false
	}
	if len(f.CSRF) != 32 || !isHex(f.CSRF) {
		return f, msgBadCSRF, false
	}
	if len(f.Key) < 16 || len(f.Key) > 80 || strings.Trim(f.Key, "0123456789abcdef-") != "" {
		return f, msgBadForm, false
	}
	if f.Decision != "" && (len(f.Decision) != 8 || !isHex(f.Decision)) {
		return f, msgBadForm, false
	}
	if c := get("car"); c != "" {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 || n > 99 {
			return f, msgBadForm, false
		}
		f.Car = n
	}
	if f.Decision != "" && f.Car == 0 {
		return f, msgBadForm, false
	}
	if f.Command == "" {
		return f, msgEmptyOrder, false
	}
	if len(f.Command) > bot.MaxCommandLength || !utf8.ValidString(f.Command) {
		return f, msgOrderTooBig, false
	}
	return f, message{}, true
}

func isHex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	// the form first (at most MaxBody): its token says in which language
	// to refuse
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	if err := r.ParseForm(); err != nil {
		lang := s.readerLang(r)
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.fail(w, r, http.StatusRequestEntityTooLarge, lang, msgTooBig)
			return
		}
		s.fail(w, r, http.StatusBadRequest, lang, msgBadForm)
		return
	}
	lang := s.readerLang(r)
	if !validID(id) {
		s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		return
	}
	if !sameOrigin(r) {
		s.fail(w, r, http.StatusForbidden, lang, msgCrossSite)
		return
	}
	f, msg, ok := parsePlayForm(r.PostFormValue)
	if !ok {
		status := http.StatusBadRequest
		if msg == msgBadToken {
			status = http.StatusForbidden
		}
		s.fail(w, r, status, lang, msg)
		return
	}
	if subtle.ConstantTimeCompare([]byte(f.CSRF), []byte(csrfFor(f.Token, id))) != 1 {
		s.fail(w, r, http.StatusForbidden, lang, msgBadCSRF)
		return
	}
	if _, err := s.svc.GameVersion(r.Context(), id); err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoGame)
		} else {
			s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		}
		return
	}
	reply, err := s.svc.WebHandle(r.Context(), bot.WebOrder{Game: id, Token: f.Token, Text: f.Command, Car: f.Car, Decision: f.Decision, Key: f.Key})
	status, text, failed := http.StatusOK, reply, false
	switch {
	case err == nil:
	case errors.Is(err, bot.ErrBadToken):
		s.fail(w, r, http.StatusForbidden, lang, msgBadToken)
		return
	case errors.Is(err, bot.ErrStale):
		status, text, failed = http.StatusConflict, msgStale.in(lang), true
	case errors.Is(err, bot.ErrBusy):
		status, text, failed = http.StatusServiceUnavailable, userText(err, lang), true
	default:
		if t := userText(err, lang); t != "" {
			status, text, failed = http.StatusUnprocessableEntity, t, true
		} else {
			s.cfg.Logf("web: order in %s: %v", id, err)
			s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
			return
		}
	}
	if wantsJSON(r) {
		writeJSON(w, status, playAnswer{OK: !failed, Message: text})
		return
	}
	// without JavaScript: the page as it now stands, with the answer
	r.URL.RawQuery = url.Values{"t": {f.Token}}.Encode()
	s.showGame(w, r, status, text, failed)
}

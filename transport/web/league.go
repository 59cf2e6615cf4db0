package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/pitwall/pitwall/bot"
)

// leaguePage is /l/ID.
type leaguePage struct {
	*bot.WebLeagueView
	Lang, Other, ImageSrc string
	T                     func(string) string
	HasImage              bool
	Calendar              []calendarRow
	Rankings              []ranking
	Results               []resultRow
	Variants              string
}

type calendarRow struct {
	bot.LeagueEventView
	DateText, StateText, Href, LapsText string
}

type ranking struct {
	ID, Title, Unit string
	Rows            []bot.WebRankRow
}

type resultRow struct {
	bot.WebLeagueResult
	Href string
}

// leagueID reads the league of /l/ID: ids as bot.LeagueID makes them.
func leagueID(r *http.Request) (string, bool) {
	id := r.PathValue("id")
	return id, validID(id) && id == bot.LeagueID(id)
}

func (s *Server) league(w http.ResponseWriter, r *http.Request) {
	lang := langOf(r, "")
	id, ok := leagueID(r)
	if !ok {
		s.fail(w, r, http.StatusNotFound, lang, msgNoLeague)
		return
	}
	v, err := s.svc.WebLeague(r.Context(), id, lang)
	if err != nil {
		if bot.IsUserError(err) {
			s.fail(w, r, http.StatusNotFound, lang, msgNoLeague)
			return
		}
		s.cfg.Logf("web: league %s: %v", id, err)
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	t := translator(lang)
	p := leaguePage{WebLeagueView: v, Lang: lang, T: t, Other: otherLang(r, lang), HasImage: s.cfg.Standings != nil,
		ImageSrc: fmt.Sprintf("/l/%s/standings.png?lang=%s&v=%d", url.PathEscape(id), lang, len(v.Results)), Variants: strings.Join(v.Variants, ", ")}
	for _, e := range v.Events {
		c := calendarRow{LeagueEventView: e, DateText: when(e.Date, "UTC", lang), StateText: t("event " + e.State)}
		if e.Laps > 0 {
			c.LapsText = fmt.Sprintf(lapCount.in(lang), e.Laps)
		}
		if e.Game != "" {
			c.Href = "/g/" + url.PathEscape(e.Game)
		}
		p.Calendar = append(p.Calendar, c)
	}
	for _, rk := range v.Rankings {
		unit := t("points")
		if strings.HasPrefix(rk.Kind, "media") {
			unit = t("turns led")
		}
		p.Rankings = append(p.Rankings, ranking{ID: rk.Kind, Title: t("ranking " + rk.Kind), Unit: unit, Rows: rk.Rows})
	}
	for _, res := range v.Results {
		rr := resultRow{WebLeagueResult: res}
		if res.Game != "" {
			rr.Href = "/g/" + url.PathEscape(res.Game)
		}
		p.Results = append(p.Results, rr)
	}
	s.render(w, http.StatusOK, "league.html", p)
}

// standings is /l/ID/standings.png: the image the league's posts carry.
func (s *Server) standings(w http.ResponseWriter, r *http.Request) {
	lang := langOf(r, "")
	id, ok := leagueID(r)
	if !ok {
		s.fail(w, r, http.StatusNotFound, lang, msgNoLeague)
		return
	}
	if l := r.URL.Query().Get("lang"); l != "" && l != "en" && l != "fr" {
		s.fail(w, r, http.StatusBadRequest, lang, msgBadLang)
		return
	}
	if s.cfg.Standings == nil {
		s.fail(w, r, http.StatusNotFound, lang, msgNoImage)
		return
	}
	select {
	case s.renders <- struct{}{}:
	case <-r.Context().Done():
		return
	}
	var buf bytes.Buffer
	err := s.svc.LeagueStandingsPNG(r.Context(), id, lang, s.cfg.Standings, &buf)
	<-s.renders
	switch {
	case bot.IsUserError(err):
		s.fail(w, r, http.StatusNotFound, lang, msgNoLeague)
		return
	case err != nil:
		s.cfg.Logf("web: standings %s: %v", id, err)
		s.fail(w, r, http.StatusInternalServerError, lang, msgInternal)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(buf.Bytes())
}

// leagueListings is the leagues section of the index: Config.Leagues when
// set, else the service's leagues, newest first.
func (s *Server) leagueListings(r *http.Request, lang string) ([]Listing, error) {
	if s.cfg.Leagues != nil {
		return s.cfg.Leagues(r.Context())
	}
	ls, err := s.svc.LeagueList(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]Listing, 0, len(ls))
	for _, l := range ls {
		out = append(out, Listing{Title: l.Name, Href: "/l/" + url.PathEscape(l.ID) + "?lang=" + lang,
			Detail: fmt.Sprintf(racedOf.in(lang), l.Raced, l.Events)})
	}
	return out, nil
}

var lapCount = message{"%d lap(s)", "%d tour(s)"}

var racedOf = message{"%d of %d round(s) raced", "%d manche(s) sur %d disputée(s)"}

package bot

// What the web page's league page (/l/ID) and index need: the leagues on
// this server, and a league with its standings and each raced event's
// classification in words.

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// LeagueSummary is one league in the list of the leagues on this server.
type LeagueSummary struct {
	ID, Name      string
	Events, Raced int // events in the calendar, events with a result
	Created       time.Time
}

// LeagueList lists the leagues on this server, newest first.
func (s *Service) LeagueList(ctx context.Context) ([]LeagueSummary, error) {
	var out []LeagueSummary
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		rows, err := tx.Leagues()
		if err != nil {
			return err
		}
		for _, row := range rows {
			var doc leagueDoc
			if err := json.Unmarshal(row.Data, &doc); err != nil {
				continue // one bad row does not hide the others
			}
			ls := LeagueSummary{ID: row.ID, Name: doc.Name, Events: len(doc.Events), Created: row.Created}
			for _, ev := range doc.Events {
				if ev.Result != nil {
					ls.Raced++
				}
			}
			out = append(out, ls)
		}
		return nil
	})
	slices.SortStableFunc(out, func(a, b LeagueSummary) int { return b.Created.Compare(a.Created) })
	return out, err
}

// WebLeagueView is a league as its page shows it: settings, calendar and
// entries, standings, and the classification of each raced event.
type WebLeagueView struct {
	LeagueView
	Standings LeagueStandingsView
	// Rankings are the standings' rankings that have rows: drivers,
	// teams, then the side rankings (24-A, 24-B, 24-D), which list only
	// who scored, as the league's posts do.
	Rankings []WebRanking
	// Results has one entry per raced event, in calendar order.
	Results []WebLeagueResult
	// Ledgers are the experience ledgers (23-A, 23-B) in sentences, and
	// Trophies 24-C's side rankings.
	Ledgers, Trophies []WebParagraph
}

// WebParagraph is a ledger or a trophy in words: a title and a sentence
// a line.
type WebParagraph struct {
	Title string
	Lines []string
}

// WebRanking is one ranking of the standings. Kind is drivers, teams,
// qualifying, qualifying-teams, media, media-teams or pas-de-bol; the
// media rankings count game turns led, the others points.
type WebRanking struct {
	Kind string
	Rows []WebRankRow
}

// WebRankRow is one line of a ranking.
type WebRankRow struct {
	Position int
	Name     string
	Points   league.Points
	Moved    int // places gained (+) or lost (−) with the last event
}

// WebLeagueResult is the classification of one raced event, in words.
type WebLeagueResult struct {
	Round int
	Track string
	Game  string // its game's id ("" when the league recorded none)
	Lines []string
}

// WebLeague describes league id for its page, the classifications in
// lang. An unknown league is a UserError.
func (s *Service) WebLeague(ctx context.Context, id, lang string) (*WebLeagueView, error) {
	lv, err := s.League(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &WebLeagueView{LeagueView: lv}
	err = s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, doc, err := findLeague(tx, id)
		if err != nil {
			return err
		}
		v.Standings = doc.standingsAfter(row.ID, len(doc.Events))
		st := v.Standings.Standings
		v.Ledgers = append(ledgerParagraphs(v.Standings.Ledgers, lang), nationalParagraph(v.Standings.National, lang)...)
		v.Ledgers = append(v.Ledgers, kittyParagraph(v.Standings.Kitty, lang)...)
		v.Ledgers = append(v.Ledgers, potParagraph(v.Standings.Pot, lang)...)
		v.Ledgers = append(v.Ledgers, contestParagraph(v.Standings, lang)...)
		v.Ledgers = append(v.Ledgers, mechanicsParagraph(v.Standings.Mechanics, lang)...)
		v.Ledgers = append(v.Ledgers, teamBuildParagraph(v.Standings.TeamBuilds, lang)...)
		v.Ledgers = append(v.Ledgers, evoParagraph(v.Standings.Evo, lang)...)
		v.Ledgers = append(v.Ledgers, marathonParagraphs(v.Standings.Marathon, lang)...)
		v.Ledgers = append(v.Ledgers, blitzParagraphs(v.Standings.Blitz, lang)...)
		v.Ledgers = append(v.Ledgers, injuryParagraph(v.Standings.Injuries, v.Standings.Out, lang)...)
		v.Ledgers = append(v.Ledgers, violationParagraph(v.Standings.Violations, lang)...)
		v.Ledgers = append(v.Ledgers, dragsterParagraphs(v.Standings.Dragster, lang)...)
		v.Ledgers = append(v.Ledgers, v.Standings.rebelText[inLang(lang, [2]string{"en", "fr"})]...)
		v.Trophies = trophySentences(v.Standings.Trophies, lang)
		for _, rk := range []struct {
			kind string
			rows []league.Row
		}{
			{"drivers", st.Drivers}, {"teams", st.Teams},
			{"qualifying", nonZero(st.Qualifying)}, {"qualifying-teams", nonZero(st.QualifyingTeams)},
			{"media", nonZero(st.Media)}, {"media-teams", nonZero(st.MediaTeams)}, {"pas-de-bol", nonZero(st.PasDeBol)},
		} {
			if len(rk.rows) == 0 {
				continue
			}
			wr := WebRanking{Kind: rk.kind}
			for _, r := range rk.rows {
				wr.Rows = append(wr.Rows, WebRankRow{Position: r.Position, Name: r.Name, Points: r.Points, Moved: r.Moved})
			}
			v.Rankings = append(v.Rankings, wr)
		}
		for i, ev := range doc.Events {
			if ev.Result == nil {
				continue
			}
			var b strings.Builder
			doc.writeClassification(&b, i, lang)
			r := WebLeagueResult{Round: i + 1, Track: ev.Track, Game: ev.Game}
			for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					r.Lines = append(r.Lines, line)
				}
			}
			v.Results = append(v.Results, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

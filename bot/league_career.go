package bot

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// A pilot persona (LF-01) is a player's pilot name: it keeps its name,
// number and career from one league (a season) to the next. Careers are
// read from the leagues' recorded results, never stored apart, so they
// cannot disagree with them.

// PilotCareerView is a pilot's career as `league pilot` gives it.
type PilotCareerView struct {
	Pilot  string `json:"pilot"`
	Player string `json:"player"`
	// Number and Team: on the pilot's latest entry list.
	Number int    `json:"number,omitempty"`
	Team   string `json:"team,omitempty"`
	league.Career
	// History: one record a season (league) the pilot was entered in or
	// raced, oldest first.
	History []league.SeasonRecord `json:"history"`
}

// storedLeague is one league read for careers.
type storedLeague struct {
	row persistence.League
	doc *leagueDoc
}

// leaguesByAge reads every league, oldest first (seasons in order).
func leaguesByAge(tx persistence.ReadTx) ([]storedLeague, error) {
	rows, err := tx.Leagues()
	if err != nil {
		return nil, err
	}
	out := make([]storedLeague, 0, len(rows))
	for _, row := range rows {
		var doc leagueDoc
		if err := json.Unmarshal(row.Data, &doc); err != nil {
			return nil, fmt.Errorf("league %s: %w", row.ID, err)
		}
		doc.fixSeats()
		out = append(out, storedLeague{row, &doc})
	}
	slices.SortStableFunc(out, func(a, b storedLeague) int {
		if c := a.row.Created.Compare(b.row.Created); c != 0 {
			return c
		}
		return cmp.Compare(a.row.ID, b.row.ID)
	})
	return out, nil
}

// persona is a player's pilot.
type persona struct{ player, pilot string }

// personas lists the pilots of a league: its entries and the substitutes
// who raced.
func (doc *leagueDoc) personas() []persona {
	var out []persona
	add := func(p persona) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, e := range doc.Entries {
		add(persona{e.Player, e.Pilot})
	}
	for _, ev := range doc.Events {
		for _, c := range ev.Cars {
			add(persona{c.Player, c.Pilot})
		}
	}
	return out
}

// lastPersona is the pilot a player raced as on their latest entry list
// (LF-01), with its number there; ok false when the player was never
// entered.
func lastPersona(leagues []storedLeague, player string) (e leagueEntry, ok bool) {
	for _, l := range leagues {
		for _, x := range l.doc.Entries {
			if x.Player == player {
				e, ok = x, true
			}
		}
	}
	return e, ok
}

// seasonOf is a persona's record in one league; ok false when the pilot
// neither was entered in it nor raced it.
func (doc *leagueDoc) seasonOf(id string, p persona) (league.SeasonRecord, bool) {
	in := false
	var entry *leagueEntry
	for i, e := range doc.Entries {
		if e.Player == p.player && e.Pilot == p.pilot {
			in, entry = true, &doc.Entries[i]
		}
	}
	var results []league.Result
	for _, ev := range doc.Events {
		if ev.Result == nil {
			break
		}
		raced := slices.ContainsFunc(ev.Cars, func(c eventCar) bool { return c.Player == p.player && c.Pilot == p.pilot })
		in = in || raced
		results = append(results, *ev.Result)
	}
	if !in {
		return league.SeasonRecord{}, false
	}
	over := len(doc.Events) > 0 && len(results) == len(doc.Events)
	r := league.PilotSeason(p.pilot, results, doc.Points, over)
	r.League, r.Name = id, doc.Name
	if entry != nil {
		r.Team, r.Number = entry.Team, entry.Number
	}
	return r, true
}

// reigningChampion says whether p won the last season it raced that is
// over (LF-03: car No. 1 moves with the champion).
func reigningChampion(leagues []storedLeague, p persona) bool {
	champion := false
	for _, l := range leagues {
		if r, ok := l.doc.seasonOf(l.row.ID, p); ok && r.Over && r.Starts > 0 {
			champion = r.Champion
		}
	}
	return champion
}

// PilotCareer is a pilot's career over every league (LF-01): name is a
// pilot's name, or a player's, whose latest pilot it gives. A name two
// players' pilots share is refused with their players' names.
func (s *Service) PilotCareer(ctx context.Context, name string) (PilotCareerView, error) {
	var v PilotCareerView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		v, err = careerIn(tx, name, "")
		return err
	})
	return v, err
}

// careerIn is PilotCareer in a transaction; an empty name is player's
// latest pilot.
func careerIn(tx persistence.ReadTx, name, player string) (PilotCareerView, error) {
	var v PilotCareerView
	err := func() error {
		leagues, err := leaguesByAge(tx)
		if err != nil {
			return err
		}
		n := normName(name)
		var found []persona
		if n == "" {
			e, ok := lastPersona(leagues, player)
			if !ok {
				return refusef("you have raced no pilot in a league yet", "vous n'avez encore couru avec aucun pilote en ligue")
			}
			found = append(found, persona{player, e.Pilot})
		}
		for _, l := range leagues {
			for _, p := range l.doc.personas() {
				if n != "" && normName(p.pilot) == n && !slices.Contains(found, p) {
					found = append(found, p)
				}
			}
		}
		if len(found) == 0 && n != "" { // a player's name: their latest pilot
			for _, l := range leagues {
				for _, p := range l.doc.personas() {
					if pl, err := tx.Player(p.player); err == nil && normName(pl.Name) == n {
						if e, ok := lastPersona(leagues, p.player); ok {
							p = persona{p.player, e.Pilot}
						}
						if !slices.Contains(found, p) {
							found = append(found, p)
						}
					}
				}
			}
		}
		playerName := func(id string) string {
			if p, err := tx.Player(id); err == nil {
				return p.Name
			}
			return id
		}
		switch {
		case len(found) == 0:
			return refusef("no pilot %q has raced in a league", "aucun pilote %q n'a couru dans une ligue", name)
		case len(found) > 1:
			var who []string
			for _, p := range found {
				who = append(who, p.pilot+" ("+playerName(p.player)+")")
			}
			return refusef("%q names several pilots: %s", "%q désigne plusieurs pilotes : %s", name, strings.Join(who, ", "))
		}
		p := found[0]
		v = PilotCareerView{Pilot: p.pilot, Player: playerName(p.player), History: []league.SeasonRecord{}}
		for _, l := range leagues {
			if r, ok := l.doc.seasonOf(l.row.ID, p); ok {
				v.History = append(v.History, r)
				if r.Number != 0 {
					v.Number, v.Team = r.Number, r.Team
				}
			}
		}
		v.Career = league.Add(v.History)
		return nil
	}()
	return v, err
}

// Text writes a career in prose, in lang.
func (v PilotCareerView) Text(lang string) string {
	var b strings.Builder
	b.WriteString(v.Pilot)
	if v.Player != v.Pilot {
		b.WriteString(" (" + v.Player + ")")
	}
	if v.Number > 0 {
		b.WriteString(inLangf(lang, ", car %d", ", voiture %d", v.Number))
	}
	b.WriteString(inLangf(lang, ": %d season(s), %d start(s), %d win(s), %d podium(s), %v point(s), %d retirement(s)",
		" : %d saison(s), %d départ(s), %d victoire(s), %d podium(s), %v point(s), %d abandon(s)",
		v.Seasons, v.Starts, v.Wins, v.Podiums, v.Points, v.DNFs))
	if v.DSQ > 0 {
		b.WriteString(inLangf(lang, ", %d black flag(s)", ", %d drapeau(x) noir(s)", v.DSQ))
	}
	if v.Best > 0 {
		b.WriteString(inLangf(lang, ", best finish %s", ", meilleure place : %s", ordinal(v.Best, lang)))
	}
	if v.Titles > 0 {
		b.WriteString(inLangf(lang, ", champion %d time(s)", ", champion %d fois", v.Titles))
	}
	b.WriteString(".\n")
	for _, r := range v.History {
		team := ""
		if r.Team != "" {
			team = inLangf(lang, " for %s", " chez %s", r.Team)
		}
		b.WriteString(inLangf(lang, "  %s%s: %d start(s), %d win(s), %d podium(s), %v point(s)", "  %s%s : %d départ(s), %d victoire(s), %d podium(s), %v point(s)",
			r.Name, team, r.Starts, r.Wins, r.Podiums, r.Points))
		switch {
		case r.Champion:
			b.WriteString(inLang(lang, [2]string{", champion", ", champion"}))
		case r.Position > 0 && r.Over:
			b.WriteString(inLangf(lang, ", %s in the championship", ", %s place au championnat", ordinal(r.Position, lang)))
		case r.Position > 0:
			b.WriteString(inLangf(lang, ", %s in the championship so far", ", %s place au championnat pour l'instant", ordinal(r.Position, lang)))
		}
		b.WriteString(".\n")
	}
	return b.String()
}

package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// LeagueView is a league as `league show` gives it.
type LeagueView struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Rules    string   `json:"rules"`
	Variants []string `json:"variants"`
	Points   []int    `json:"points"`
	Lang     string   `json:"lang"`
	Master   string   `json:"master"`
	// Deadline and QualifyingDeadline: the time limits of a race's and
	// of a qualifying session's decisions, in minutes (0: none; the
	// qualifying's 0 means the race's).
	Deadline           int               `json:"deadline_minutes"`
	QualifyingDeadline int               `json:"qualifying_deadline_minutes"`
	Events             []LeagueEventView `json:"events"`
	Entries            []LeagueEntryView `json:"entries"`
	Flags              []LeagueFlagView  `json:"black_flags"`
	Channels           []Channel         `json:"channels"`
	Created            time.Time         `json:"created"`

	// Violations: the configuration violations entered (5-D), each with
	// the pilot's count and the round a repeat suspends him from.
	Violations []league.ConfigViolation `json:"config_violations,omitempty"`
	// Fines: the fines the game master entered (24-C), in order.
	Fines []league.Fine `json:"fines,omitempty"`
	// PlacementErrors: the placement errors the game master entered
	// (24-C, R1.12), in order.
	PlacementErrors []league.PlacementError `json:"placement_errors,omitempty"`
}

// LeagueEventView is one event of the calendar.
type LeagueEventView struct {
	Round int       `json:"round"`
	Track string    `json:"track"`
	Date  time.Time `json:"date"`
	Laps  int       `json:"laps,omitempty"`
	// Qualifying: a qualifying session sets the grid (always under fdr).
	Qualifying bool `json:"qualifying"`
	// QualifyingDeadline: the time limit of its qualifying decisions in
	// minutes, when the event has its own.
	QualifyingDeadline int `json:"qualifying_deadline_minutes,omitempty"`
	// State: scheduled, running or finished (its result recorded).
	State       string             `json:"state"`
	Game        string             `json:"game,omitempty"`
	Substitutes []LeagueSubstitute `json:"substitutes"`
	// Waiting: why the event, its date come, is not opened yet (25-A.3),
	// in English; waitingFr in French.
	Waiting   string `json:"waiting,omitempty"`
	waitingFr string
}

// LeagueSubstitute: Player drives For's car at an event (LF-05).
type LeagueSubstitute struct {
	Player string `json:"player"`
	For    string `json:"for"`
}

// LeagueEntryView is one pilot on the entry list.
type LeagueEntryView struct {
	Number int    `json:"number"`
	Pilot  string `json:"pilot"`
	Player string `json:"player"`
	Team   string `json:"team,omitempty"`
	// Seat: 1 the team's first driver, 2 its second (LF-02); absent
	// without a team.
	Seat   int  `json:"seat,omitempty"`
	Banned bool `json:"banned,omitempty"`
	// RacesOut: the races an injury still keeps the pilot out of; Dead:
	// killed, his player to enter a new pilot (20-A).
	RacesOut int  `json:"races_out,omitempty"`
	Dead     bool `json:"dead,omitempty"`
	// InjuryOptIn: whether the player plays 20-A rule C's injuries this
	// season; absent under another rule.
	InjuryOptIn *bool `json:"injury_opt_in,omitempty"`
	// ConfigViolations: the pilot's config_violation_count (5-D);
	// SuspendedFrom the round, not opened yet, a repeat violation
	// suspends him from.
	ConfigViolations int `json:"config_violations,omitempty"`
	SuspendedFrom    int `json:"suspended_from,omitempty"`
	// StandIn: the replacement pilot his player races in this car while
	// he is hurt or suspended (20-A).
	StandIn string `json:"stand_in,omitempty"`
}

// LeagueFlagView is one black flag shown (7-A).
type LeagueFlagView struct {
	Round  int    `json:"round"`
	Pilot  string `json:"pilot"`
	Reason string `json:"reason"`
}

// League returns a league by id or name.
func (s *Service) League(ctx context.Context, name string) (LeagueView, error) {
	var v LeagueView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, doc, err := findLeague(tx, name)
		if err != nil {
			return err
		}
		playerName := func(id string) string {
			if p, err := tx.Player(id); err == nil {
				return p.Name
			}
			return id
		}
		v = LeagueView{ID: row.ID, Name: doc.Name, Rules: doc.Rules, Variants: append([]string{}, doc.Variants...), Points: doc.Points,
			Lang: doc.Lang, Master: playerName(doc.Master), Deadline: doc.Deadline, QualifyingDeadline: doc.QualifyingDeadline, Channels: append([]Channel{}, doc.Channels...), Created: row.Created,
			Events: []LeagueEventView{}, Entries: []LeagueEntryView{}, Flags: []LeagueFlagView{}}
		for i, ev := range doc.Events {
			e := LeagueEventView{Round: i + 1, Track: ev.Track, Date: ev.Date, Laps: ev.Laps, Qualifying: ev.Qualifying || fd.Ruleset(doc.Rules).Info().Can.Qualifying == fd.QualifyingSessions, QualifyingDeadline: ev.QualifyingDeadline, State: "scheduled", Game: ev.Game, Substitutes: []LeagueSubstitute{}}
			var waits *UserError
			if i == 0 && ev.Game == "" && errors.As(doc.singlePilotTeams(), &waits) {
				e.Waiting, e.waitingFr = waits.Msg, waits.Fr
			}
			switch {
			case ev.Result != nil:
				e.State = "finished"
			case ev.Game != "":
				e.State = "running"
			}
			for _, sub := range ev.Subs {
				e.Substitutes = append(e.Substitutes, LeagueSubstitute{Player: sub.Name, For: sub.For})
			}
			v.Events = append(v.Events, e)
		}
		out := doc.availability(len(doc.results()))
		form, _, _ := injuryForm(doc.Variants)
		for _, e := range doc.Entries {
			v.Entries = append(v.Entries, LeagueEntryView{Number: e.Number, Pilot: e.Pilot, Player: playerName(e.Player), Team: e.Team, Seat: e.Seat, Banned: e.Banned,
				RacesOut: out.Out[e.Pilot], Dead: out.Dead[e.Pilot], StandIn: e.StandIn})
			if form == league.InjuryC { // 20-A rule C: each player's choice
				v.Entries[len(v.Entries)-1].InjuryOptIn = &e.InjuryOptIn
			}
			doc.violationsOf(&v.Entries[len(v.Entries)-1])
		}
		for _, f := range doc.Flags {
			v.Flags = append(v.Flags, LeagueFlagView{Round: f.Event, Pilot: f.Pilot, Reason: f.Reason})
		}
		v.Violations = doc.Violations
		v.Fines = doc.Fines
		v.PlacementErrors = doc.PlacementErrors
		return nil
	})
	return v, err
}

// LeagueStandingsView is every ranking of a league after its recorded
// events.
type LeagueStandingsView struct {
	League string `json:"league"`
	Name   string `json:"name"`
	// Events are the tracks of the events recorded, in order: the columns
	// of each row's results.
	Events []string `json:"events"`
	// Rounds is the calendar's length.
	Rounds int `json:"rounds"`
	league.Standings
	// Ledgers: the experience ledgers' balances (23-A, 23-B).
	Ledgers []LeagueLedger `json:"ledgers,omitempty"`
	// Trophies: 24-C's side rankings, when the league plays it.
	Trophies *league.Trophies `json:"trophies,omitempty"`
	// National: the home GPs declared (23-C).
	National []NationalPoint `json:"national,omitempty"`
	// Kitty: each pilot's qualifying kitty (1-D), bids revealed.
	Kitty []KittyAccount `json:"kitty,omitempty"`
	// Pot: each pilot's season build pot (5-E).
	Pot []league.PotAccount `json:"pot,omitempty"`
	// Contest: the qualifying contest's ranking (AX-2).
	Contest []league.ContestRow `json:"contest,omitempty"`
	// ContestWaiting: the contests (from 1) postponed until four pilots
	// are entered (AX-2: participants ≥ 4).
	ContestWaiting []int `json:"contest_waiting,omitempty"`
	// Mechanics: each team's mechanics points (19-G), most first.
	Mechanics []MechanicsAccount `json:"mechanics,omitempty"`
	// Evo: each team's évo engine for the next event (16-D).
	Evo []EvoAccount `json:"evo,omitempty"`
	// TeamBuilds: each team's build declared (4-B(b), 19-F: LF-25).
	TeamBuilds []TeamBuildAccount `json:"team_builds,omitempty"`
	// Marathon: each marathon's ranking over its circuits recorded (AX-3).
	Marathon []marathonView `json:"marathon,omitempty"`
	// Blitz: each FD Blitz's bracket once drawn (AX-5).
	Blitz []blitzView `json:"blitz,omitempty"`
	// Injuries: the injury tests of the events recorded (20-A), and Out,
	// who they keep out of the races to come (dead pilots included).
	Injuries []LeagueInjury      `json:"injuries,omitempty"`
	Out      league.Availability `json:"out,omitzero"`
	// Dragster: each Dragster tournament's bracket once drawn (AX-1).
	Dragster []dragsterView `json:"dragster,omitempty"`
	// Violations: the configuration violations at the rounds recorded
	// (5-D).
	Violations []league.ConfigViolation `json:"config_violations,omitempty"`
	// Rebel: the Fureur de vivre ledger (AX-4), and the challenges as
	// sentences in Text (rebelText).
	Rebel     []league.GloryRow `json:"rebel,omitempty"`
	rebelText map[string][]WebParagraph
}

// StandingsRenderer draws a league's standings as a PNG, in lang.
type StandingsRenderer interface {
	StandingsPNG(w io.Writer, v LeagueStandingsView, lang string) error
}

// standingsAfter is the standings view after event i (from 0).
func (doc *leagueDoc) standingsAfter(id string, i int) LeagueStandingsView {
	res := doc.results()
	if i+1 < len(res) {
		res = res[:i+1]
	}
	v := LeagueStandingsView{League: id, Name: doc.Name, Events: []string{}, Rounds: len(doc.Events), Standings: league.Compute(doc.counted(res), doc.Points), Ledgers: doc.ledgers(res), Trophies: doc.trophies(res), National: doc.nationalPoints(), Kitty: doc.kittyAccounts(), Pot: doc.potAccounts(), Contest: doc.contestStandings(), ContestWaiting: doc.contestsWaiting(), Marathon: doc.marathonStandings(), Blitz: doc.blitzStandings()}
	v.Mechanics = doc.mechanicsAccounts(res)
	v.Injuries, v.Out = doc.injuries(res), doc.availability(len(res))
	v.Violations = doc.violationsUpTo(len(res))
	v.Evo = doc.evoAccounts(len(res))
	v.Dragster = doc.dragsterStandings()
	v.Rebel = doc.rebelStandings()
	v.rebelText = map[string][]WebParagraph{"en": doc.rebelParagraph(v.Rebel, "en"), "fr": doc.rebelParagraph(v.Rebel, "fr")}
	v.TeamBuilds = doc.teamBuildAccounts()
	for j := range res {
		v.Events = append(v.Events, doc.Events[j].Track)
	}
	for k := range v.Drivers {
		r := &v.Drivers[k]
		for _, e := range doc.Entries {
			if e.Pilot == r.Name {
				r.Number, r.Team, r.Seat = e.Number, e.Team, e.Seat
			}
		}
	}
	return v
}

// LeagueStandings computes a league's standings.
func (s *Service) LeagueStandings(ctx context.Context, name string) (LeagueStandingsView, error) {
	var v LeagueStandingsView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, doc, err := findLeague(tx, name)
		if err != nil {
			return err
		}
		v = doc.standingsAfter(row.ID, len(doc.Events))
		return nil
	})
	return v, err
}

// Text writes the standings as sentences, in lang.
func (v LeagueStandingsView) Text(lang string) string {
	var b strings.Builder
	b.WriteString(inLangf(lang, "%s after %d of %d round(s).\n", "%s après %d manche(s) sur %d.\n", v.Name, len(v.Events), v.Rounds))
	for _, part := range []struct {
		title [2]string
		rows  []league.Row
		unit  func(league.Points, string) string
	}{
		{[2]string{"Drivers' championship", "Championnat des pilotes"}, v.Drivers, pointsText},
		{[2]string{"Constructors' championship", "Championnat des constructeurs"}, v.Teams, pointsText},
		{[2]string{"Qualifying ranking", "Classement des essais"}, nonZero(v.Qualifying), pointsText},
		{[2]string{"Qualifying ranking of the teams", "Classement des essais par écurie"}, nonZero(v.QualifyingTeams), pointsText},
		{[2]string{"Media ranking", "Classement médiatique"}, nonZero(v.Media), turnsLedText},
		{[2]string{"Media ranking of the teams", "Classement médiatique par écurie"}, nonZero(v.MediaTeams), turnsLedText},
		{[2]string{"Coupe Pas de Bol", "Coupe Pas de Bol"}, nonZero(v.PasDeBol), pointsText},
	} {
		if len(part.rows) == 0 {
			continue
		}
		b.WriteString(inLang(lang, part.title) + inLang(lang, [2]string{":\n", " :\n"}))
		writeRowsIn(&b, part.rows, lang, part.unit)
	}
	writeLedgers(&b, v.Ledgers, lang)
	writeParagraphs(&b, nationalParagraph(v.National, lang), lang)
	writeParagraphs(&b, kittyParagraph(v.Kitty, lang), lang)
	writeParagraphs(&b, potParagraph(v.Pot, lang), lang)
	writeParagraphs(&b, contestParagraph(v, lang), lang)
	writeParagraphs(&b, mechanicsParagraph(v.Mechanics, lang), lang)
	writeParagraphs(&b, evoParagraph(v.Evo, lang), lang)
	writeParagraphs(&b, teamBuildParagraph(v.TeamBuilds, lang), lang)
	writeParagraphs(&b, marathonParagraphs(v.Marathon, lang), lang)
	writeParagraphs(&b, blitzParagraphs(v.Blitz, lang), lang)
	writeParagraphs(&b, injuryParagraph(v.Injuries, v.Out, lang), lang)
	writeParagraphs(&b, violationParagraph(v.Violations, lang), lang)
	writeParagraphs(&b, dragsterParagraphs(v.Dragster, lang), lang)
	writeParagraphs(&b, v.rebelText[inLang(lang, [2]string{"en", "fr"})], lang)
	writeParagraphs(&b, trophySentences(v.Trophies, lang), lang)
	if len(v.Events) == 0 {
		b.WriteString(inLang(lang, [2]string{"No event has been raced yet.\n", "Aucune course n'a encore été disputée.\n"}))
	}
	return b.String()
}

// Text writes the league as sentences, in lang.
func (v LeagueView) Text(lang string) string {
	var b strings.Builder
	b.WriteString(inLangf(lang, "%s (%s): rules %s, points %s", "%s (%s) : règles %s, barème %s",
		v.Name, v.ID, v.Rules, league.Scale(v.Points).String()))
	if v.Master != "" {
		b.WriteString(inLangf(lang, ", game master %s.\n", ", directeur de course %s.\n", v.Master))
	} else {
		b.WriteString(inLangf(lang, ", no game master yet (league create --master NAME).\n", ", pas encore de directeur de course (league create --master NOM).\n"))
	}
	if len(v.Variants) > 0 {
		b.WriteString(inLangf(lang, "Variants: %s.\n", "Variantes : %s.\n", strings.Join(v.Variants, ", ")))
	}
	race := inLang(lang, [2]string{"no time limit", "sans limite de temps"})
	if v.Deadline > 0 {
		race = periodText(v.Deadline, lang)
	}
	b.WriteString(inLangf(lang, "Decisions: %s in a race", "Décisions : %s en course", race))
	if v.QualifyingDeadline > 0 {
		b.WriteString(inLangf(lang, ", %s in qualifying", ", %s aux essais", periodText(v.QualifyingDeadline, lang)))
	}
	b.WriteString(".\n")
	b.WriteString(inLang(lang, [2]string{"Calendar:\n", "Calendrier :\n"}))
	if len(v.Events) == 0 {
		b.WriteString(inLang(lang, [2]string{"  no event yet\n", "  aucune course pour l'instant\n"}))
	}
	for _, e := range v.Events {
		state := map[string][2]string{"scheduled": {"to come", "à venir"}, "running": {"racing now", "en cours"}, "finished": {"raced", "disputée"}}[e.State]
		laps := ""
		if e.Laps > 0 {
			laps = inLangf(lang, ", %d lap(s)", ", %d tour(s)", e.Laps)
		}
		if e.QualifyingDeadline > 0 {
			laps += inLangf(lang, ", %s a qualifying decision", ", %s par décision aux essais", periodText(e.QualifyingDeadline, lang))
		}
		b.WriteString(inLangf(lang, "  round %d: %s on %s%s, %s", "  manche %d : %s le %s%s, %s", e.Round, e.Track, e.Date.Format("2006-01-02 15:04 UTC"), laps, inLang(lang, state)))
		if e.Game != "" {
			b.WriteString(inLangf(lang, " (game %s)", " (partie %s)", e.Game))
		}
		b.WriteString("\n")
		if e.Waiting != "" {
			b.WriteString(inLangf(lang, "    waits: %s\n", "    en attente : %s\n", inLang(lang, [2]string{e.Waiting, e.waitingFr})))
		}
		for _, sub := range e.Substitutes {
			b.WriteString(inLangf(lang, "    %s drives for %s\n", "    %s remplace %s\n", sub.Player, sub.For))
		}
	}
	b.WriteString(inLang(lang, [2]string{"Entry list:\n", "Engagés :\n"}))
	if len(v.Entries) == 0 {
		b.WriteString(inLang(lang, [2]string{"  nobody yet\n", "  personne pour l'instant\n"}))
	}
	for _, e := range v.Entries {
		team := ""
		if e.Team != "" {
			team = inLangf(lang, ", %s driver of %s", ", %s pilote de %s", seatName(e.Seat, lang), e.Team)
		}
		banned := ""
		if e.Banned {
			banned = inLang(lang, [2]string{", banned from the championship", ", exclu du championnat"})
		}
		b.WriteString(inLangf(lang, "  car %d: %s (%s)%s%s%s\n", "  voiture %d : %s (%s)%s%s%s\n", e.Number, e.Pilot, e.Player, team, banned, injuredText(e, lang)+injuryOptInText(e, lang)+suspendedText(e, lang)))
	}
	writeParagraphs(&b, violationParagraph(v.Violations, lang), lang)
	writeParagraphs(&b, finesParagraph(v.Fines, lang), lang)
	writeParagraphs(&b, placementErrorsParagraph(v.PlacementErrors, lang), lang)
	return b.String()
}

// LeagueExport is everything a league holds, as JSON, for backup and
// other tools: its settings, calendar, entries, each event's line-up,
// result (every statistic recorded) and votes, and the standings. The
// secret its dice seeds derive from is left out.
func (s *Service) LeagueExport(ctx context.Context, name string) ([]byte, error) {
	var out []byte
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, doc, err := findLeague(tx, name)
		if err != nil {
			return err
		}
		doc.Secret = ""
		for i := range doc.Events {
			if doc.Events[i].Game == "" {
				doc.Events[i].Bids = nil // 1-D: sealed until the event opens
			}
		}
		exp := struct {
			ID        string           `json:"id"`
			Created   time.Time        `json:"created"`
			League    *leagueDoc       `json:"league"`
			Standings league.Standings `json:"standings"`
		}{row.ID, row.Created, doc, doc.standings()}
		out, err = json.MarshalIndent(exp, "", "  ")
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		return nil
	})
	return out, err
}

// seatName names a team seat (LF-02) in lang: first or second.
func seatName(seat int, lang string) string {
	if seat == 1 {
		return inLang(lang, [2]string{"first", "premier"})
	}
	return inLang(lang, [2]string{"second", "second"})
}

// nonZero keeps the rows that scored: a side ranking lists only those.
func nonZero(rows []league.Row) []league.Row {
	var out []league.Row
	for _, r := range rows {
		if r.Points != 0 {
			out = append(out, r)
		}
	}
	return out
}

func turnsLedText(n league.Points, lang string) string {
	return inLangf(lang, "%d game turn(s) led", "%d tour(s) de jeu en tête", int(n))
}

// LeagueStandingsPNG draws a league's standings with r, in lang (the
// league's when empty).
func (s *Service) LeagueStandingsPNG(ctx context.Context, name, lang string, r StandingsRenderer, w io.Writer) error {
	v, err := s.League(ctx, name)
	if err != nil {
		return err
	}
	if lang == "" {
		lang = v.Lang
	}
	st, err := s.LeagueStandings(ctx, name)
	if err != nil {
		return err
	}
	return r.StandingsPNG(w, st, lang)
}

// standingsPNG draws the standings after event i for a post, nil without
// a renderer (or when drawing fails: the text still goes).
func (s *Service) standingsPNG(doc *leagueDoc, id string, i int, lang string, cache map[string][]byte) []byte {
	if s.opts.Standings == nil {
		return nil
	}
	if b, ok := cache[lang]; ok {
		return b
	}
	var buf bytes.Buffer
	var b []byte
	if err := s.opts.Standings.StandingsPNG(&buf, doc.standingsAfter(id, i), lang); err == nil {
		b = buf.Bytes()
	}
	cache[lang] = b
	return b
}

// AddLeagueChannel makes ch one of the league's channels: every result is
// posted there, and the league's commands sent there are for this league.
func (s *Service) AddLeagueChannel(ctx context.Context, name string, ch Channel) (string, error) {
	id := ""
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		id = LeagueID(doc.Name)
		for _, c := range doc.Channels {
			if c == ch {
				return nil
			}
		}
		doc.Channels = append(doc.Channels, ch)
		return nil
	})
	return id, err
}

// LeagueOfChannel is the league one of whose channels is ch ("" when none).
func (s *Service) LeagueOfChannel(ctx context.Context, ch Channel) (string, error) {
	found := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		rows, err := tx.Leagues()
		if err != nil {
			return err
		}
		for _, row := range rows {
			var doc leagueDoc
			if err := json.Unmarshal(row.Data, &doc); err != nil {
				return err
			}
			for _, c := range doc.Channels {
				if c == ch {
					found = row.ID
					return nil
				}
			}
		}
		return nil
	})
	return found, err
}

// LeagueMaster is one identity of the league's game master, for a
// transport acting in the master's name (Discord's Manage Server).
func (s *Service) LeagueMaster(ctx context.Context, name string) (Identity, error) {
	var ident Identity
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, name)
		if err != nil {
			return err
		}
		p, err := tx.Player(doc.Master)
		if err != nil || len(p.Identities) == 0 {
			return refusef("the league has no game master", "la ligue n'a pas de directeur de course")
		}
		ident = p.Identities[0]
		return nil
	})
	return ident, err
}

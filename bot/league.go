package bot

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// A league (issue 15, league-variants.md §3) is one persistence.League row
// holding leagueDoc as JSON: its settings, calendar, entry list, and each
// event's line-up, result and votes. Every change is one UpdateLeague with
// the version read, so that opening an event or recording its result
// happens once, whoever races to do it.

// leagueDoc is a league as stored.
type leagueDoc struct {
	Name     string   `json:"name"`
	Rules    string   `json:"rules"`
	Variants []string `json:"variants,omitempty"`
	Points   []int    `json:"points"`
	Lang     string   `json:"lang"`
	// Master is the player id of the game master (the creator).
	Master string `json:"master"`
	// Channels are told of every result besides the members (a Discord
	// channel, a mailing list address).
	Channels []Channel `json:"channels,omitempty"`
	// Secret derives each event's dice seed (eventSeed): a crash between
	// opening an event's game and recording it in the league opens the
	// same game again, not a second one. Never shown.
	Secret string `json:"secret,omitempty"`
	// Deadline is each event's decision time limit in minutes (0: none).
	Deadline int `json:"deadline_minutes,omitempty"`
	// QualifyingDeadline is the time limit of the decisions of each
	// event's qualifying session, in minutes (0: Deadline's).
	QualifyingDeadline int           `json:"qualifying_deadline_minutes,omitempty"`
	Events             []leagueEvent `json:"events"`
	Entries            []leagueEntry `json:"entries"`
	// Flags are the black flags shown (7-A), in order.
	Flags []blackFlag `json:"flags,omitempty"`
	// LedgerOpening: the balances each ledger (23-A, 23-B; by scheme id,
	// then holder) opens the season with, carried over from the seasons
	// before when the league was created (bot/league_ledgers.go).
	LedgerOpening map[string]map[string]league.Milli `json:"ledger_opening,omitempty"`
	// 25-A (bot/league_market.go): the pilots' wishes for the market, the
	// teams created for the next season, each team's engine supplier, the
	// market's outcome once run and the next season it opened, the teams
	// whose No. 1 and No. 2 swapped at mid-season.
	Market       map[string]marketWish `json:"market,omitempty"`
	CreatedTeams []string              `json:"created_teams,omitempty"`
	Suppliers    map[string]string     `json:"suppliers,omitempty"`
	Transition   *league.MarketOutcome `json:"transition,omitempty"`
	NextSeason   string                `json:"next_season,omitempty"`
	Swapped      []string              `json:"swapped,omitempty"`
	// Newcomers: the pilots new to the league registered for the next
	// season's market, in registration order (25-A.1: they roll for a
	// seat last).
	Newcomers []newcomer `json:"newcomers,omitempty"`
	// Contests: the side calendar of qualifying contests (AX-2,
	// bot/league_contest.go), apart from the events.
	Contests []contestEvent `json:"contests,omitempty"`
	// MechanicsOpening: the mechanics points (19-G) each team opens the
	// season with, carried from the seasons before (bot/league_mechanics.go).
	MechanicsOpening map[string]int `json:"mechanics_opening,omitempty"`
	// PreviousOrder: under 1-A, the drivers' final standings of the
	// season before (the latest league with results when this one was
	// created), the running order of qualifying before GP1.
	PreviousOrder []string `json:"previous_order,omitempty"`
	// Marathons: the side calendar of marathons (AX-3,
	// bot/league_marathon.go), each its circuits chained.
	Marathons []marathonEvent `json:"marathons,omitempty"`
	// Blitzes: the side calendar of FD Blitz brackets (AX-5,
	// bot/league_blitz.go).
	Blitzes []blitzEvent `json:"blitzes,omitempty"`
	// TeamBuilds: each team's build for 4-B(b) and 19-F, declared before
	// the season (bot/league_teambuild.go).
	TeamBuilds map[string]league.TeamBuild `json:"team_builds,omitempty"`
	// Dragsters: the side calendar of Dragster tournaments (AX-1,
	// bot/league_dragster.go), each its draw and its runs.
	Dragsters []dragsterEvent `json:"dragsters,omitempty"`
	// Rebels: the Fureur de vivre challenges (AX-4,
	// bot/league_rebel.go), issued, accepted, played.
	Rebels []rebelDuel `json:"rebels,omitempty"`
	// Violations: the configuration violations the game master entered
	// (5-D, bot/league_violation.go), in order.
	Violations []league.ConfigViolation `json:"violations,omitempty"`
	// Fines: the financial penalties the game master entered (24-C,
	// LF-32, bot/league_fines.go), in order.
	Fines []league.Fine `json:"fines,omitempty"`
	// PlacementErrors: the qualifying placement errors the game master
	// entered (24-C, R1.12, bot/league_placement_errors.go), in order.
	PlacementErrors []league.PlacementError `json:"placement_errors,omitempty"`
}

// leagueEvent is one date of the calendar.
type leagueEvent struct {
	Track string    `json:"track"`
	Date  time.Time `json:"date"`
	Laps  int       `json:"laps,omitempty"`
	// Qualifying: the grid comes from a qualifying session (fd2008's
	// optional rule; fdr always qualifies).
	Qualifying bool `json:"qualifying,omitempty"`
	// QualifyingDeadline overrides the league's for this event, in
	// minutes (0: the league's).
	QualifyingDeadline int `json:"qualifying_deadline_minutes,omitempty"`
	// Subs: substitutes named for this event (LF-05), applied when it
	// opens.
	Subs []substitution `json:"subs,omitempty"`
	// Game is the race opened at the date ("" before); Cars the line-up it
	// was opened with, car 1 first.
	Game string     `json:"game,omitempty"`
	Cars []eventCar `json:"cars,omitempty"`
	// PointUses: the pilot points (23-A) its game opened to each pilot,
	// reserved from the ledger until its result is recorded.
	PointUses map[string]int `json:"point_uses,omitempty"`
	// TokenUses: the season boost tokens (23-A(c)) its game opened to
	// each pilot, held from the next events until its result is recorded.
	TokenUses map[string]int `json:"token_uses,omitempty"`
	// Builds: the build points (23-A, 23-B) its game gave each car, car 1
	// first, debited from the ledgers when its result is recorded (nil:
	// an event opened before they were kept, whose cars are debited as
	// they come).
	Builds []int `json:"builds,omitempty"`
	// Bids: each pilot's bid on this event (1-D), sealed until it opens.
	Bids map[string]int `json:"bids,omitempty"`
	// Totals: each pilot's declared build total on this event (5-E).
	Totals map[string]int `json:"build_totals,omitempty"`
	// Result is recorded once, when the game is over.
	Result *league.Result `json:"result,omitempty"`
	// Injuries: the injury tests of its race's accidents (20-A), rolled
	// with its result.
	Injuries []eventInjury `json:"injuries,omitempty"`
	// Votes for the Pas de Bol (24-D): voter's pilot → pilot voted for.
	Votes map[string]string `json:"votes,omitempty"`
	// ResultAt is when the result was recorded: the Pas de Bol vote
	// closes PasDeBolWindow later.
	ResultAt time.Time `json:"result_at,omitzero"`
	// Warnings given at this event (7-A), and the black-flag votes:
	// accused pilot → the pilots voting yes.
	Warnings  []warning           `json:"warnings,omitempty"`
	FlagVotes map[string][]string `json:"flag_votes,omitempty"`
}

// warning is a request to change conduct (7-A), the step before a black
// flag.
type warning struct {
	Pilot  string `json:"pilot"`
	By     string `json:"by"`
	Reason string `json:"reason"`
}

// PasDeBolWindow is how long the members may vote for the Pas de Bol of
// an event after its result (24-D: 48 hours).
const PasDeBolWindow = 48 * time.Hour

// eventCar is who drove car Car at an event, and for which team.
type eventCar struct {
	Car    int    `json:"car"`
	Player string `json:"player"` // player id
	Pilot  string `json:"pilot"`
	Team   string `json:"team,omitempty"`
	// For is the pilot a substitute drove for (LF-05).
	For string `json:"for,omitempty"`
}

// leagueEntry is one pilot on the entry list (LF-01…LF-03).
type leagueEntry struct {
	Player string `json:"player"` // player id
	Pilot  string `json:"pilot"`
	Team   string `json:"team,omitempty"`
	// Seat is the pilot's role in the team (LF-02): 1 for its first
	// driver (No. 1), 2 for its second; 0 without a team. It moves with a
	// swap (SetFirstDriver) while the car number stays (LF-03, 25-A.5).
	Seat   int `json:"seat,omitempty"`
	Number int `json:"number"`
	// Banned: a second black flag in the championship (7-A).
	Banned bool `json:"banned,omitempty"`
	// HomeRound: the event (from 1) of the pilot's nationality point
	// (23-C), 0 when none is declared.
	HomeRound int `json:"home_round,omitempty"`
	// InjuryOptIn: the player plays 20-A rule C's injuries this season,
	// chosen before its first race (league_injury.go).
	InjuryOptIn bool `json:"injury_opt_in,omitempty"`
	// StandIn: the replacement pilot his player races in this car while
	// this pilot is hurt or suspended (20-A, league_injury.go).
	StandIn string `json:"stand_in,omitempty"`
}

// substitution: Player races Pilot's car as their own pilot Name.
type substitution struct {
	For    string `json:"for"`
	Player string `json:"player"`
	Name   string `json:"name"`
}

// blackFlag is a black flag shown to a pilot (7-A, LF-30).
type blackFlag struct {
	Event  int    `json:"event"` // from 1
	Pilot  string `json:"pilot"`
	Reason string `json:"reason"`
}

// gameVariants are the variants of a league that each of its games plays.
func gameVariants(specs []string) []string {
	var out []string
	for _, spec := range specs {
		// a side event plays in its own games, never in the events'
		if v, _, err := fd.ParseVariantSpec(spec); err == nil && v.Engine && v.Scope != fd.ScopeSideEvent {
			out = append(out, spec)
		}
	}
	return out
}

// variantIDs lists the variants of the registry a league may play (those
// built: the engine plays 6-C, 4-A, 18-A … in each event's game, the
// league applies 21-A, 7-A, 24-A/B/D), for a refusal.
func variantIDs() string {
	var ids []string
	for _, v := range fd.VariantList() {
		if v.Implemented {
			ids = append(ids, v.ID)
		}
	}
	return strings.Join(ids, ", ")
}

// LeagueRequest creates a league.
type LeagueRequest struct {
	Name     string
	Rules    string   // fdr (default), fd2008, street
	Variants []string // league-variants.md ids
	Points   string   // a points scale, "10,6,4,3,2,1" by default (AMB-59)
	Lang     string   // en (default) or fr
	// Master is the game master's identity, or MasterName a terminal
	// player's name (created when unknown).
	Master     persistence.Identity
	MasterName string
	// Channels are told of every result.
	Channels []Channel
	// Deadline is each event's decision time limit (0: a race waits for
	// every order; whole minutes, at least one).
	Deadline time.Duration
	// QualifyingDeadline is the time limit of the decisions of each
	// event's qualifying session, an asynchronous session with its own
	// deadline (0: Deadline's).
	QualifyingDeadline time.Duration
}

// LeagueID is the id of a league named name: its folded words joined by
// dashes ("Tuesday Night GP" → "tuesday-night-gp").
func LeagueID(name string) string {
	return strings.Join(strings.Fields(Fold(name)), "-")
}

// CreateLeague stores a new league and returns its id.
func (s *Service) CreateLeague(ctx context.Context, req LeagueRequest) (string, error) {
	id := LeagueID(req.Name)
	if id == "" {
		return "", refusef("a league needs a name", "une ligue a besoin d'un nom")
	}
	if err := persistence.CheckID("league id", id); err != nil {
		return "", &UserError{Msg: err.Error(), Fr: err.Error()}
	}
	rules := req.Rules
	if rules == "" {
		rules = "fdr"
	}
	for _, spec := range req.Variants {
		v, _, err := fd.ParseVariantSpec(spec)
		if err != nil {
			return "", refusef("unknown variant %q: a league may play %s", "variante inconnue %q : une ligue peut jouer %s", spec, variantIDs())
		}
		if v.NotBuilt() != nil {
			return "", refusef("variant %s is listed but not built yet: a league may play %s", "la variante %s est listée mais pas encore construite : une ligue peut jouer %s", v.ID, variantIDs())
		}
	}
	if _, _, _, err := marketSettings(req.Variants); err != nil { // 25-A's numbers
		return "", err
	}
	if _, _, err := injuryForm(req.Variants); err != nil { // 20-A's form
		return "", err
	}
	if _, err := rebelMarshOf(req.Variants); err != nil { // AX-4's marsh
		return "", err
	}
	if err := checkLiveQualifying(req.Variants); err != nil { // 24-C's time trophies (AMB-51)
		return "", err
	}
	if err := checkDeadline(req.Deadline); err != nil {
		return "", err
	}
	if err := checkDeadline(req.QualifyingDeadline); err != nil {
		return "", err
	}
	// the games' variants must suit the league's rules (they sit on fdr)
	if _, err := buildConfig(rules, 0, nil, gameVariants(req.Variants)...); err != nil {
		return "", err
	}
	scale := league.DefaultScale
	if strings.TrimSpace(req.Points) != "" {
		var err error
		if scale, err = league.ParseScale(req.Points); err != nil {
			return "", refusef("%v", "barème invalide : %v", err)
		}
	}
	lang := req.Lang
	switch lang {
	case "":
		lang = "en"
	case "en", "fr":
	default:
		return "", refusef("language %q: en or fr", "langue %q : en ou fr", lang)
	}
	secret := make([]byte, 32)
	if err := s.opts.Random(secret); err != nil {
		return "", err
	}
	doc := leagueDoc{Name: strings.TrimSpace(req.Name), Rules: rules, Variants: slices.Clone(req.Variants), Points: scale, Deadline: int(req.Deadline / time.Minute), QualifyingDeadline: int(req.QualifyingDeadline / time.Minute),
		Lang: lang, Channels: req.Channels, Secret: hex.EncodeToString(secret)}
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		switch {
		case req.Master.Value != "":
			p, err := tx.PlayerByIdentity(req.Master.Kind, req.Master.Value)
			if err != nil {
				return err
			}
			doc.Master = p.ID
		case req.MasterName != "":
			p, err := s.playerByName(tx, req.MasterName)
			if err != nil {
				return err
			}
			doc.Master = p.ID
		}
		before, err := leaguesByAge(tx)
		if err != nil {
			return err
		}
		if doc.LedgerOpening, err = carriedLedgers(doc.Variants, before); err != nil {
			return err
		}
		doc.MechanicsOpening = carriedMechanics(doc.Variants, before)
		doc.PreviousOrder = previousOrder(&doc, before)
		data, err := json.Marshal(doc)
		if err != nil {
			return err
		}
		_, err = tx.CreateLeague(persistence.League{ID: id, Created: s.opts.Now(), Data: data})
		if errors.Is(err, persistence.ErrDuplicate) {
			return refusef("a league %q exists already", "la ligue %q existe déjà", id)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	s.kick()
	return id, nil
}

// findLeague reads a league by id or name.
func findLeague(tx persistence.ReadTx, name string) (persistence.League, *leagueDoc, error) {
	row, err := tx.League(LeagueID(name))
	if errors.Is(err, persistence.ErrNotFound) {
		return row, nil, refusef("no league %q", "pas de ligue %q", name)
	}
	if err != nil {
		return row, nil, err
	}
	var doc leagueDoc
	if err := json.Unmarshal(row.Data, &doc); err != nil {
		return row, nil, fmt.Errorf("league %s: %w", row.ID, err)
	}
	doc.fixSeats()
	return row, &doc, nil
}

// fixSeats gives every team entry its seat (LF-02): a league stored
// before seats existed has none, and its teams' pilots get No. 1 and
// No. 2 in the order they entered, as enterDoc gives them now.
func (doc *leagueDoc) fixSeats() {
	for i := range doc.Entries {
		e := &doc.Entries[i]
		if e.Team == "" {
			e.Seat = 0
			continue
		}
		if e.Seat == 0 {
			e.Seat = doc.freeSeat(e.Team)
		}
	}
}

// freeSeat is the seat a new pilot of team gets: 1 unless a teammate
// holds it.
func (doc *leagueDoc) freeSeat(team string) int {
	for _, o := range doc.Entries {
		if o.Team == team && o.Seat == 1 {
			return 2
		}
	}
	return 1
}

// changeLeague applies fn to a league in one transaction and stores it.
func (s *Service) changeLeague(ctx context.Context, name string, fn func(tx persistence.Tx, doc *leagueDoc) error) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		row, doc, err := findLeague(tx, name)
		if err != nil {
			return err
		}
		if err := fn(tx, doc); err != nil {
			return err
		}
		return putLeague(tx, row, doc)
	})
}

func putLeague(tx persistence.Tx, row persistence.League, doc *leagueDoc) error {
	data, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	row.Data = data
	_, err = tx.UpdateLeague(row)
	return err
}

// ParseLeagueDate reads an event's date: "2026-12-01" (midnight UTC),
// "2026-12-01 20:00" or "2026-12-01T20:00" (UTC), or RFC 3339 with a zone.
func ParseLeagueDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, refusef("date %q: write 2026-12-01 or 2026-12-01 20:00 (UTC)", "date %q : écrivez 2026-12-01 ou 2026-12-01 20:00 (UTC)", s)
}

// EventRequest is an event to add to a league's calendar.
type EventRequest struct {
	Track string
	Date  time.Time
	Laps  int
	// Qualifying turns fd2008's optional qualifying on (fdr always
	// qualifies).
	Qualifying bool
	// QualifyingDeadline: the time limit of this event's qualifying
	// decisions (0: the league's).
	QualifyingDeadline time.Duration
}

// AddLeagueEvent adds an event to a league's calendar, kept in date
// order, and returns its round number (from 1).
func (s *Service) AddLeagueEvent(ctx context.Context, name, track string, date time.Time, laps int, qualifying ...bool) (int, error) {
	return s.AddEvent(ctx, name, EventRequest{Track: track, Date: date, Laps: laps, Qualifying: len(qualifying) > 0 && qualifying[0]})
}

// AddEvent adds an event to a league's calendar, kept in date order, and
// returns its round number (from 1).
func (s *Service) AddEvent(ctx context.Context, name string, req EventRequest) (int, error) {
	track, date, laps := req.Track, req.Date, req.Laps
	if err := checkDeadline(req.QualifyingDeadline); err != nil {
		return 0, err
	}
	if _, err := s.circuit(track); err != nil {
		return 0, refusef("%v", "%v", err)
	}
	if laps < 0 || laps > 20 {
		return 0, refusef("%d laps: from 1 to 20", "%d tours : de 1 à 20", laps)
	}
	if date.IsZero() {
		return 0, refusef("an event needs a date", "une course a besoin d'une date")
	}
	round := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		ev := leagueEvent{Track: track, Date: persistence.Millis(date), Laps: laps, Qualifying: req.Qualifying, QualifyingDeadline: int(req.QualifyingDeadline / time.Minute)}
		i := len(doc.Events)
		for i > 0 && doc.Events[i-1].Date.After(ev.Date) {
			if doc.Events[i-1].Game != "" {
				return refusef("round %d has already started: a new event cannot come before it", "la manche %d a déjà commencé : une nouvelle course ne peut pas la précéder", i)
			}
			i--
		}
		doc.Events = slices.Insert(doc.Events, i, ev)
		round = i + 1
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.kick()
	return round, nil
}

// EnterRequest enters a pilot in a league.
type EnterRequest struct {
	League string
	// Player is a terminal player's name (created when unknown), unless
	// Identity is set.
	Player   string
	Identity persistence.Identity
	Team     string
	Pilot    string // the pilot's name; the player's name by default
	Number   int    // car number; the next free one by default
}

// EnterLeague puts a pilot on a league's entry list (LF-01, LF-02, LF-03):
// a team has two seats; car numbers are unique.
func (s *Service) EnterLeague(ctx context.Context, req EnterRequest) error {
	return s.changeLeague(ctx, req.League, func(tx persistence.Tx, doc *leagueDoc) error {
		return s.enterDoc(tx, doc, req)
	})
}

// enterDoc puts a pilot on doc's entry list.
func (s *Service) enterDoc(tx persistence.Tx, doc *leagueDoc, req EnterRequest) error {
	var p persistence.Player
	var err error
	if req.Identity.Value != "" {
		p, err = tx.PlayerByIdentity(req.Identity.Kind, req.Identity.Value)
		if errors.Is(err, persistence.ErrNotFound) {
			return refusef("%s is not registered with Pitwall", "%s n'est pas inscrit sur Pitwall", req.Identity.Value)
		}
	} else {
		p, err = s.playerByName(tx, req.Player)
	}
	if err != nil {
		return err
	}
	leagues, err := leaguesByAge(tx)
	if err != nil {
		return err
	}
	// LF-01: a player's pilot keeps its name and number from one league
	// to the next; a pilot's name is its player's alone
	last, had := lastPersona(leagues, p.ID)
	pilot := strings.TrimSpace(req.Pilot)
	switch {
	case pilot == "" && had:
		pilot = last.Pilot
	case pilot == "":
		pilot = p.Name
	}
	if err := othersPilot(leagues, p.ID, pilot); err != nil {
		return err
	}
	if replaced, err := doc.enterAfterDeath(p.ID, pilot); replaced || err != nil {
		return err // 20-A: a dead pilot is refused; his player's new pilot takes his car
	}
	want := 0 // the number this pilot asks for by default
	if had && normName(last.Pilot) == normName(pilot) {
		want = last.Number
	}
	if reigningChampion(leagues, persona{p.ID, pilot}) {
		want = 1 // LF-03: No. 1 belongs to the reigning champion
	}
	team := strings.TrimSpace(req.Team)
	inTeam, used := 0, 0
	for _, e := range doc.Entries {
		if e.Player == p.ID {
			return refusef("%s is already entered (as %s)", "%s est déjà engagé (pilote %s)", p.Name, e.Pilot)
		}
		if normName(e.Pilot) == normName(pilot) {
			return refusef("a pilot named %s is already entered", "un pilote nommé %s est déjà engagé", pilot)
		}
		if team != "" && normName(e.Team) == normName(team) {
			inTeam++
			team = e.Team // one spelling
		}
		if req.Number != 0 && e.Number == req.Number {
			return refusef("car number %d is taken by %s", "le numéro %d est pris par %s", req.Number, e.Pilot)
		}
		used = max(used, e.Number)
	}
	if inTeam >= 2 {
		return refusef("team %s has two pilots already", "l'écurie %s a déjà deux pilotes", team)
	}
	n := req.Number
	if n == 0 {
		n = used + 1
		if want != 0 && !slices.ContainsFunc(doc.Entries, func(e leagueEntry) bool { return e.Number == want }) {
			n = want
		}
	}
	if n < 1 || n > 99 {
		return refusef("car number %d: from 1 to 99", "numéro %d : de 1 à 99", n)
	}
	seat := 0
	if team != "" {
		seat = doc.freeSeat(team)
	}
	doc.Entries = append(doc.Entries, leagueEntry{Player: p.ID, Pilot: pilot, Team: team, Seat: seat, Number: n})
	if len(doc.Events) > 0 && doc.Events[0].Game != "" { // the season's teams are set (25-A.3)
		return doc.singlePilotTeams()
	}
	return nil
}

// othersPilot refuses, with a sentence, a pilot name another player has
// raced under (LF-01: a pilot's name is its player's alone).
func othersPilot(leagues []storedLeague, player, pilot string) error {
	for _, l := range leagues {
		for _, o := range l.doc.personas() {
			if o.player != player && normName(o.pilot) == normName(pilot) {
				return refusef("the pilot %s is another player's (in %s): choose another name with --pilot", "le pilote %s est celui d'un autre joueur (dans %s) : choisissez un autre nom", o.pilot, l.doc.Name)
			}
		}
	}
	return nil
}

// SetFirstDriver makes pilot (a pilot's or player's name) the first driver
// (No. 1) of team, and its teammate the second (LF-02, 25-A.5). Car
// numbers do not change (LF-03, 25-A.5). It returns the team's name as
// entered and the pilot's.
func (s *Service) SetFirstDriver(ctx context.Context, name, team, pilot string) (string, string, error) {
	var gotTeam, gotPilot string
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		var err error
		gotTeam, gotPilot, err = doc.setFirst(tx, team, pilot)
		return err
	})
	return gotTeam, gotPilot, err
}

// setFirst makes pilot the first driver of team in doc; team "" means the
// pilot's own team.
func (doc *leagueDoc) setFirst(tx persistence.ReadTx, team, pilot string) (string, string, error) {
	e, err := doc.entry(tx, pilot)
	if err != nil {
		return "", "", err
	}
	if e.Team == "" {
		return "", "", refusef("%s drives for no team", "%s ne court pour aucune écurie", e.Pilot)
	}
	if team != "" && normName(team) != normName(e.Team) {
		return "", "", refusef("%s drives for %s, not %s", "%s court pour %s, pas pour %s", e.Pilot, e.Team, team)
	}
	for i := range doc.Entries {
		o := &doc.Entries[i]
		if o.Team == e.Team {
			o.Seat = 2
		}
	}
	e.Seat = 1
	return e.Team, e.Pilot, nil
}

// nextOpen is the index of the first event not opened yet, -1 if none.
func (doc *leagueDoc) nextOpen() int {
	for i, ev := range doc.Events {
		if ev.Game == "" {
			return i
		}
	}
	return -1
}

// entry finds an entry by pilot or player name.
func (doc *leagueDoc) entry(tx persistence.ReadTx, name string) (*leagueEntry, error) {
	n := normName(name)
	for i := range doc.Entries {
		e := &doc.Entries[i]
		if normName(e.Pilot) == n {
			return e, nil
		}
		if p, err := tx.Player(e.Player); err == nil && normName(p.Name) == n {
			return e, nil
		}
	}
	return nil, refusef("no pilot %q in this league", "pas de pilote %q dans cette ligue", name)
}

// SubstituteLeague names player sub to drive pilot's car at the next event
// not opened yet (LF-05): the substitute scores as his own pilot, the car's
// team keeps the constructors' points.
func (s *Service) SubstituteLeague(ctx context.Context, name, sub, pilot string) (int, error) {
	return s.SubstituteLeagueAs(ctx, name, persistence.Identity{}, sub, pilot)
}

// SubstituteLeagueAs is SubstituteLeague for the player an identity
// belongs to (a Discord user), or by name when ident is empty.
func (s *Service) SubstituteLeagueAs(ctx context.Context, name string, ident persistence.Identity, sub, pilot string) (int, error) {
	round := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		var err error
		round, err = s.substituteDoc(tx, doc, ident, sub, pilot)
		return err
	})
	return round, err
}

// substituteDoc names sub for pilot at doc's next event not opened yet and
// returns its round.
func (s *Service) substituteDoc(tx persistence.Tx, doc *leagueDoc, ident persistence.Identity, sub, pilot string) (int, error) {
	round := 0
	err := func() error {
		i := doc.nextOpen()
		if i < 0 {
			return refusef("every event has started: no substitute can be named", "toutes les courses ont commencé : aucun remplaçant possible")
		}
		e, err := doc.entry(tx, pilot)
		if err != nil {
			return err
		}
		var p persistence.Player
		if ident.Value != "" {
			p, err = tx.PlayerByIdentity(ident.Kind, ident.Value)
		} else {
			p, err = s.playerByName(tx, sub)
		}
		if err != nil {
			return err
		}
		for _, o := range doc.Entries {
			if o.Player == p.ID {
				return refusef("%s is entered already: a substitute is someone else", "%s est déjà engagé : un remplaçant est quelqu'un d'autre", p.Name)
			}
		}
		ev := &doc.Events[i]
		ev.Subs = slices.DeleteFunc(ev.Subs, func(x substitution) bool { return x.For == e.Pilot })
		ev.Subs = append(ev.Subs, substitution{For: e.Pilot, Player: p.ID, Name: p.Name})
		round = i + 1
		return nil
	}()
	return round, err
}

// qualifyingDeadline is the time limit of ev's qualifying decisions in
// minutes: the event's own, else the league's (0: the race's).
func (doc *leagueDoc) qualifyingDeadline(ev leagueEvent) int {
	if ev.QualifyingDeadline > 0 {
		return ev.QualifyingDeadline
	}
	return doc.QualifyingDeadline
}

// eventSeed is the dice seed of event i: HMAC-SHA256(secret, league/i).
// It is as secret as the league's secret, and the same every time, so that
// opening an event twice (after a crash) finds the game opened the first
// time.
func eventSeed(secret, id string, i int) string {
	key, _ := hex.DecodeString(secret)
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s/%d", id, i)
	return hex.EncodeToString(m.Sum(nil))
}

// gameIDOfSeed is the id Create gives the game of seed (64 hex digits).
func gameIDOfSeed(word string) string {
	return "g-" + dice.Commitment(fd.SeedFrom(word))[:10]
}

// leagueTick opens the events whose date has come and records the results
// of the events whose race is over. It returns the date of the next event
// to open (zero when none).
func (s *Service) leagueTick(ctx context.Context) (time.Time, error) {
	var rows []persistence.League
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		rows, err = tx.Leagues()
		return err
	}); err != nil {
		return time.Time{}, err
	}
	var next time.Time
	var errs []error
	for _, row := range rows {
		var doc leagueDoc
		if err := json.Unmarshal(row.Data, &doc); err != nil {
			errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			continue
		}
		now := s.opts.Now()
		for i, ev := range doc.Events {
			switch {
			case ev.Game == "" && !now.Before(ev.Date):
				if err := s.openEvent(ctx, row.ID, i); err != nil {
					errs = append(errs, fmt.Errorf("league %s round %d: %w", row.ID, i+1, err))
				}
			case ev.Game == "":
				if next.IsZero() || ev.Date.Before(next) {
					next = ev.Date
				}
			}
		}
		if err := s.recordResults(ctx, row.ID); err != nil {
			errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
		}
		if len(doc.Contests) > 0 {
			if err := s.contestTick(ctx, row.ID, &doc, now); err != nil { // AX-2
				errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			}
			for _, c := range doc.Contests {
				if c.Game == "" && now.Before(c.Date) && (next.IsZero() || c.Date.Before(next)) {
					next = c.Date
				}
			}
		}
		if len(doc.Marathons) > 0 {
			if err := s.marathonTick(ctx, row.ID, &doc, now); err != nil { // AX-3
				errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			}
			for _, m := range doc.Marathons {
				if len(m.Legs) == 0 && now.Before(m.Date) && (next.IsZero() || m.Date.Before(next)) {
					next = m.Date
				}
			}
		}
		if len(doc.Blitzes) > 0 {
			if err := s.blitzTick(ctx, row.ID, &doc, now); err != nil { // AX-5
				errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			}
			for _, b := range doc.Blitzes {
				if len(b.Rounds) == 0 && now.Before(b.Date) && (next.IsZero() || b.Date.Before(next)) {
					next = b.Date
				}
			}
		}
		if len(doc.Dragsters) > 0 {
			if err := s.dragsterTick(ctx, row.ID, now); err != nil { // AX-1
				errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			}
			for _, d := range doc.Dragsters {
				if d.Pilots == nil && !d.Cancelled && now.Before(d.Date) && (next.IsZero() || d.Date.Before(next)) {
					next = d.Date
				}
			}
		}
		if slices.ContainsFunc(doc.Rebels, func(d rebelDuel) bool { return d.Accepted && !d.Played }) {
			if err := s.rebelTick(ctx, row.ID, &doc); err != nil { // AX-4
				errs = append(errs, fmt.Errorf("league %s: %w", row.ID, err))
			}
		}
	}
	return next, errors.Join(errs...)
}

// openEvent opens event i of a league: its game with the entry list (the
// substitutes named for it in their pilots' cars), then the event is
// marked with its game. Opening again after a crash between the two finds
// the same game (eventSeed).
func (s *Service) openEvent(ctx context.Context, id string, i int) error {
	var doc *leagueDoc
	var cars []eventCar
	var names, ids []string
	var master persistence.Identity
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		if _, doc, err = findLeague(tx, id); err != nil {
			return err
		}
		if i >= len(doc.Events) || doc.Events[i].Game != "" {
			doc = nil
			return nil
		}
		if i == 0 && doc.singlePilotTeams() != nil {
			doc = nil // 25-A.3: round 1 waits for one single-pilot team at most (league show says why)
			return nil
		}
		ev := doc.Events[i]
		entries := slices.Clone(doc.Entries)
		slices.SortFunc(entries, func(a, b leagueEntry) int { return a.Number - b.Number })
		if slices.ContainsFunc(gameVariants(doc.Variants), func(v string) bool { return strings.HasPrefix(v, "4-A") }) {
			entries = teamOrdered(entries) // 4-A: teammates in consecutive cars
		}
		for _, e := range entries {
			if e.Banned {
				continue
			}
			c := eventCar{Car: len(cars) + 1, Player: e.Player, Pilot: e.Pilot, Team: e.Team}
			for _, sub := range ev.Subs {
				if sub.For == e.Pilot {
					c.Player, c.Pilot, c.For = sub.Player, sub.Name, e.Pilot
				}
			}
			if c.For == "" && doc.unavailable(e.Pilot, i) != nil {
				if e.StandIn == "" {
					continue // 20-A, LF-31: hurt or dead, and no substitute drives his car
				}
				c.Pilot, c.For = e.StandIn, e.Pilot // 20-A: his player's replacement pilot
			}
			p, err := tx.Player(c.Player)
			if err != nil {
				return err
			}
			cars = append(cars, c)
			names = append(names, p.Name)
			ids = append(ids, p.ID)
		}
		if m, err := tx.Player(doc.Master); err == nil && len(m.Identities) > 0 {
			master = m.Identities[0]
		}
		return nil
	}); err != nil || doc == nil {
		return err
	}
	ev := doc.Events[i]
	seed := eventSeed(doc.Secret, id, i)
	game := gameIDOfSeed(seed)
	exists, err := s.gameExists(ctx, game)
	if err != nil {
		return err
	}
	if !exists {
		if len(cars) == 0 {
			return fmt.Errorf("nobody is entered")
		}
		var optional []string
		if ev.Qualifying && fd.Ruleset(doc.Rules).Info().Can.Qualifying == fd.QualifyingOptional {
			optional = []string{"qualifying"}
		}
		got, err := s.Create(ctx, CreateRequest{Track: ev.Track, Rules: doc.Rules, Seats: names, SeatIDs: ids, Seed: seed,
			Laps: ev.Laps, Master: master, Variants: doc.eventVariants(cars, i), Optional: optional, Deadline: time.Duration(doc.Deadline) * time.Minute,
			QualifyingDeadline: time.Duration(doc.qualifyingDeadline(ev)) * time.Minute})
		if err != nil {
			return err
		}
		if got != game {
			return fmt.Errorf("opened %s, expected %s", got, game)
		}
	}
	return s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		if doc.Events[i].Game != "" {
			return nil
		}
		doc.Events[i].Game, doc.Events[i].Cars = game, cars
		var err error
		if doc.Events[i].PointUses, err = grantedPointUses(tx, game, cars, "uses"); err != nil {
			return err
		}
		if doc.Events[i].TokenUses, err = grantedPointUses(tx, game, cars, "tokens"); err != nil {
			return err
		}
		doc.Events[i].Builds, err = grantedBuilds(tx, game, len(cars))
		return err
	})
}

// gameExists says whether a game of that id is stored: a league opens an
// event's game once, whoever's pass comes first.
func (s *Service) gameExists(ctx context.Context, game string) (bool, error) {
	exists := false
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, err := tx.Game(game)
		exists = err == nil
		if errors.Is(err, persistence.ErrNotFound) {
			err = nil
		}
		return err
	})
	return exists, err
}

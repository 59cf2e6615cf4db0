package bot

import (
	"context"
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

// AX-2 Qualifying contest as a league side event (engine/fd/variants/ax2.go,
// engine/league/contest.go, LF-52): the game master adds contests to the
// league's side calendar (league add-contest), apart from its events: a
// contest opens at its date as a game of its own with every entered pilot
// (no substitute: a side event is the pilot's own), plays the three
// sessions and ends with its ranking, which the league records. The
// contest's standings add each pilot's fractions over the contests
// recorded; they never touch the championship.

// contestEvent is one contest of the side calendar.
type contestEvent struct {
	// Track is the circuit, drawn from Pool when the contest opens if the
	// game master named several (AX-2: a circuit drawn at random).
	Track string     `json:"track"`
	Pool  []string   `json:"pool,omitempty"`
	Date  time.Time  `json:"date"`
	Game  string     `json:"game,omitempty"`
	Cars  []eventCar `json:"cars,omitempty"`
	// Order: the pilots in the contest's ranking, once over.
	Order []string `json:"order,omitempty"`
}

// contestWinnerN is AX-2's winner parameter: true for N/(N+1).
func (doc *leagueDoc) contestWinnerN() bool {
	for _, spec := range doc.Variants {
		if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "AX-2" {
			return p["winner"] == "n"
		}
	}
	return false
}

// AddContest adds a qualifying contest (AX-2) to the league's side
// calendar at date and returns its number (from 1): on the one circuit
// named, or on one drawn from several when it opens.
func (s *Service) AddContest(ctx context.Context, name string, date time.Time, tracks ...string) (int, error) {
	if len(tracks) == 0 {
		return 0, refusef("a contest needs a circuit, or several to draw from", "un concours a besoin d'un circuit, ou de plusieurs à tirer au sort")
	}
	for _, track := range tracks {
		if _, err := s.circuit(track); err != nil {
			return 0, refusef("%v", "%v", err)
		}
	}
	c := contestEvent{Track: tracks[0], Date: persistence.Millis(date)}
	if len(tracks) > 1 {
		c.Track, c.Pool = "", slices.Clone(tracks)
	}
	if date.IsZero() {
		return 0, refusef("a contest needs a date", "un concours a besoin d'une date")
	}
	n := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if !doc.playsVariant("AX-2") {
			return refusef("%s does not play AX-2 (the qualifying contest)", "%s ne joue pas l'annexe AX-2 (concours d'essais)", doc.Name)
		}
		doc.Contests = append(doc.Contests, c)
		n = len(doc.Contests)
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.kick()
	return n, nil
}

// contestMinPilots is AX-2's "participants ≥ 4": a contest whose date
// has come waits for a fourth pilot rather than open with fewer.
const contestMinPilots = 4

// contestPilots counts the pilots a contest would seat: the entered, not
// banned (7-A).
func (doc *leagueDoc) contestPilots() int {
	n := 0
	for _, e := range doc.Entries {
		if !e.Banned {
			n++
		}
	}
	return n
}

// contestsWaiting are the numbers (from 1) of the contests not yet open
// while fewer than contestMinPilots pilots are entered.
func (doc *leagueDoc) contestsWaiting() []int {
	if doc.contestPilots() >= contestMinPilots {
		return nil
	}
	var out []int
	for i, c := range doc.Contests {
		if c.Game == "" {
			out = append(out, i+1)
		}
	}
	return out
}

// contestTick opens the contests whose date has come and records those
// whose game is over.
func (s *Service) contestTick(ctx context.Context, id string, doc *leagueDoc, now time.Time) error {
	for i, c := range doc.Contests {
		if c.Game == "" && !now.Before(c.Date) {
			if doc.contestPilots() < contestMinPilots {
				continue // postponed until a 4th pilot enters (AX-2); the standings say so
			}
			if err := s.openContest(ctx, id, i); err != nil {
				return fmt.Errorf("contest %d: %w", i+1, err)
			}
		}
	}
	if !slices.ContainsFunc(doc.Contests, func(c contestEvent) bool { return c.Game != "" && c.Order == nil }) {
		return nil // none running: nothing to record
	}
	return s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		for i := range doc.Contests {
			c := &doc.Contests[i]
			if c.Game == "" || c.Order != nil {
				continue
			}
			row, err := tx.Game(c.Game)
			if err != nil {
				return err
			}
			if row.State != persistence.GameFinished {
				continue
			}
			l, err := s.load(tx, c.Game)
			if err != nil {
				return err
			}
			c.Order = contestOrder(l.race(), c.Cars)
		}
		return nil
	})
}

// contestOrder is a finished contest's pilots in its ranking (the cars'
// places, engine/fd/variants/ax2.go).
func contestOrder(g *fd.Game, lineup []eventCar) []string {
	cars := slices.Clone(g.Cars)
	slices.SortStableFunc(cars, func(a, b fd.Car) int { return a.Place - b.Place })
	out := make([]string, 0, len(cars))
	for _, c := range cars {
		if c.Number-1 < len(lineup) {
			out = append(out, lineup[c.Number-1].Pilot)
		}
	}
	return out
}

// openContest opens contest i: a game of AX-2 with every entered pilot,
// then the contest is marked with it.
func (s *Service) openContest(ctx context.Context, id string, i int) error {
	game, cars, track, err := s.openSideGame(ctx, id, id+"/contest", i, "AX-2", func(doc *leagueDoc, seed string) (string, error) {
		return drawnTrack(doc.Contests[i], seed)
	})
	if err != nil {
		return err
	}
	return s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		if doc.Contests[i].Game == "" {
			doc.Contests[i].Game, doc.Contests[i].Cars, doc.Contests[i].Track = game, cars, track
		}
		return nil
	})
}

// openSideGame opens the game of a side event (AX-2, AX-3) with every
// entered pilot (no substitute: a side event is the pilot's own), on the
// track chosen by the event's own seed (seedKey, i), under the league's
// spec of variant alone. Opening again after a crash finds the same game
// (its seed is the league's); the caller marks its event with it.
func (s *Service) openSideGame(ctx context.Context, id, seedKey string, i int, variant string, pick func(doc *leagueDoc, seed string) (string, error)) (game string, cars []eventCar, track string, err error) {
	return s.openSideGameOf(ctx, id, seedKey, i, variant, "", nil, pick)
}

// openSideGameOf is openSideGame with the pilots named, seated in that
// order (an AX-5 heat: its pole-sitter car 1), nil for every entered
// pilot, and param added to the variant's spec (an AX-5 heat's
// start=symmetric), "" for none.
func (s *Service) openSideGameOf(ctx context.Context, id, seedKey string, i int, variant, param string, pilots []string, pick func(doc *leagueDoc, seed string) (string, error)) (game string, cars []eventCar, track string, err error) {
	return s.openSideGameFor(ctx, id, seedKey, i, variant, func([]eventCar) string { return param }, pilots, pick)
}

// openSideGameFor is openSideGameOf with the parameter added to the
// variant's spec made from the game's seats (an AX-3 circuit's carry,
// car by car).
func (s *Service) openSideGameFor(ctx context.Context, id, seedKey string, i int, variant string, paramOf func(cars []eventCar) string, pilots []string, pick func(doc *leagueDoc, seed string) (string, error)) (game string, cars []eventCar, track string, err error) {
	var doc *leagueDoc
	var names, ids []string
	var master persistence.Identity
	if err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		if _, doc, err = findLeague(tx, id); err != nil {
			return err
		}
		entries := doc.Entries
		if pilots != nil {
			entries = nil
			for _, name := range pilots {
				if k := slices.IndexFunc(doc.Entries, func(e leagueEntry) bool { return e.Pilot == name }); k >= 0 {
					entries = append(entries, doc.Entries[k])
				}
			}
		}
		for _, e := range entries {
			if e.Banned {
				continue
			}
			p, err := tx.Player(e.Player)
			if err != nil {
				return err
			}
			cars = append(cars, eventCar{Car: len(cars) + 1, Player: e.Player, Pilot: e.Pilot, Team: e.Team})
			names, ids = append(names, p.Name), append(ids, p.ID)
		}
		if m, err := tx.Player(doc.Master); err == nil && len(m.Identities) > 0 {
			master = m.Identities[0]
		}
		return nil
	}); err != nil {
		return "", nil, "", err
	}
	if len(cars) == 0 {
		return "", nil, "", errors.New("nobody is entered")
	}
	seed := eventSeed(doc.Secret, seedKey, i)
	game = gameIDOfSeed(seed)
	if track, err = pick(doc, seed); err != nil {
		return "", nil, "", err
	}
	exists, err := s.gameExists(ctx, game)
	if err != nil {
		return "", nil, "", err
	}
	if !exists {
		var spec []string
		for _, v := range doc.Variants {
			if got, _, err := fd.ParseVariantSpec(v); err == nil && got.ID == variant {
				spec = append(spec, withVariantParam(v, paramOf(cars)))
			}
		}
		got, err := s.Create(ctx, CreateRequest{Track: track, Rules: doc.Rules, Seats: names, SeatIDs: ids, Seed: seed,
			Master: master, Variants: spec, Deadline: time.Duration(doc.qualifyingDeadline(leagueEvent{})) * time.Minute})
		if err != nil {
			return "", nil, "", err
		}
		if got != game {
			return "", nil, "", fmt.Errorf("opened %s, expected %s", got, game)
		}
	}
	return game, cars, track, nil
}

// drawnTrack is a contest's circuit: the one named, or one of its pool
// drawn by a die of the contest's own seed (the same draw whenever the
// contest is opened again).
func drawnTrack(c contestEvent, seed string) (string, error) {
	if len(c.Pool) == 0 {
		return c.Track, nil
	}
	faces := make([]int, len(c.Pool))
	for i := range faces {
		faces[i] = i + 1
	}
	roll, err := dice.NewSeeded(fd.SeedFrom(seed)).Roll(dice.Key{Game: "contest-draw", Purpose: "circuit"}, dice.Die{Name: "circuit", Faces: faces})
	if err != nil {
		return "", err
	}
	return c.Pool[roll.Value-1], nil
}

// contestStandings are the contest's ranking over the contests recorded.
func (doc *leagueDoc) contestStandings() []league.ContestRow {
	var rounds []league.ContestRound
	for _, c := range doc.Contests {
		if c.Order != nil {
			rounds = append(rounds, league.ContestRound{Track: c.Track, Order: c.Order})
		}
	}
	if len(rounds) == 0 {
		return nil
	}
	return league.ContestStandings(rounds, doc.contestWinnerN())
}

// contestParagraph says the contest's ranking in lang, and the contests
// postponed for want of four pilots.
func contestParagraph(v LeagueStandingsView, lang string) []WebParagraph {
	rows := v.Contest
	if len(rows) == 0 && len(v.ContestWaiting) == 0 {
		return nil
	}
	p := WebParagraph{Title: inLang(lang, [2]string{"Qualifying contest (AX-2), the fractions of each circuit added up", "Concours d'essais (AX-2), les fractions de chaque circuit additionnées"})}
	for _, n := range v.ContestWaiting {
		p.Lines = append(p.Lines, inLangf(lang, "Contest %d waits for at least %d pilots entered before it opens.", "Le concours %d attend au moins %d pilotes inscrits pour ouvrir.", n, contestMinPilots))
	}
	for _, r := range rows {
		p.Lines = append(p.Lines, inLangf(lang, "%d. %s, %d/%d over %d circuit(s).", "%d. %s, %d/%d sur %d circuit(s).", r.Position, r.Pilot, r.Numerator, r.Denominator, r.Circuits))
	}
	return []WebParagraph{p}
}

// withVariantParam adds the parameter key=value param to a variant's
// spec ("AX-5" or "AX-5:time_bank=2h" with start=symmetric); "" leaves
// it as it is.
func withVariantParam(spec, param string) string {
	if param == "" {
		return spec
	}
	if _, rest, _ := strings.Cut(spec, ":"); rest != "" && rest != "on" {
		return spec + "," + param
	}
	id, _, _ := strings.Cut(spec, ":")
	return id + ":" + param
}

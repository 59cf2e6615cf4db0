package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// AX-5 FD Blitz as a league side event (engine/fd/variants/ax5.go,
// engine/league/blitz.go, LF-51, league AMB-58): the game master adds a
// Blitz to the side calendar with its short, medium and long circuit
// pools (league add-blitz). At its date the entered pilots, seeded in
// entry order, make the knock-out bracket; each match draws its circuit
// from its round's pool and plays its heats one after the other, each a
// game of the match's cars (two, or blitz_players) with the pole-sitter
// as car 1, a level match of two going on from the symmetric squares
// (AX-5's start=symmetric); the time bank is kept
// by the service as 2-B's clock (chess_clock.go). A heat over, its winner
// is read from the game and the clocks; the match decided, the next round
// opens when every match of the round is. It never touches the
// championship.

// blitzEvent is one Blitz of the side calendar.
type blitzEvent struct {
	Date  time.Time           `json:"date"`
	Pools map[string][]string `json:"pools"` // league.PoolShort … → circuits
	// Players is blitz_players, the cars of a heat and the pilots of a
	// match; 0 in a Blitz added before it was, 2.
	Players int `json:"players,omitempty"`
	// Rounds: the bracket as played, round 1 first.
	Rounds [][]blitzMatch `json:"rounds,omitempty"`
}

// blitzMatch is one match: its pilots and heats won, its circuit (drawn
// at its first heat) and its heats' games.
type blitzMatch struct {
	Match league.BlitzMatch `json:"match"`
	Track string            `json:"track,omitempty"`
	Games []blitzHeat       `json:"games,omitempty"`
}

// blitzHeat is one heat's game; Cars seat the pole-sitter as car 1.
type blitzHeat struct {
	Game string     `json:"game"`
	Cars []eventCar `json:"cars"`
	// Facts: each car's heat as its winner was read, once over.
	Facts []league.BlitzHeatCar `json:"facts,omitempty"`
}

// blitzPlayersMax is the most cars a heat may race: every circuit's grid
// has room for them (tracks.MinGridSlots).
const blitzPlayersMax = tracks.MinGridSlots

// per is the pilots of a match, blitz_players.
func (b blitzEvent) per() int { return cmp.Or(b.Players, 2) }

// AddBlitz adds an FD Blitz (AX-5) to the league's side calendar at date,
// with its circuit pools and blitz_players, the cars of a heat (the
// spec's default 2), and returns its number (from 1).
func (s *Service) AddBlitz(ctx context.Context, name string, date time.Time, short, medium, long []string, players int) (int, error) {
	if players < 2 || players > blitzPlayersMax {
		return 0, refusef("a Blitz heat races from 2 to %d cars (--players), not %d", "une manche de Blitz court de 2 à %d voitures (--players), pas %d", blitzPlayersMax, players)
	}
	pools := map[string][]string{league.PoolShort: short, league.PoolMedium: medium, league.PoolLong: long}
	for _, pool := range []string{league.PoolShort, league.PoolMedium, league.PoolLong} {
		if len(pools[pool]) == 0 {
			return 0, refusef("a Blitz needs its %s circuits (--%s)", "un Blitz a besoin de ses circuits %s (--%s)", pool, pool)
		}
		for _, track := range pools[pool] {
			if _, err := s.circuit(track); err != nil {
				return 0, refusef("%v", "%v", err)
			}
		}
		pools[pool] = slices.Clone(pools[pool])
	}
	if date.IsZero() {
		return 0, refusef("a Blitz needs a date", "un Blitz a besoin d'une date")
	}
	n := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if !doc.playsVariant("AX-5") {
			return refusef("%s does not play AX-5 (the FD Blitz)", "%s ne joue pas l'annexe AX-5 (FD Blitz)", doc.Name)
		}
		doc.Blitzes = append(doc.Blitzes, blitzEvent{Date: persistence.Millis(date), Pools: pools, Players: players})
		n = len(doc.Blitzes)
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.kick()
	return n, nil
}

// blitzTick moves every Blitz due at now one step: the bracket drawn,
// the heats over recorded, the next heats and rounds opened.
func (s *Service) blitzTick(ctx context.Context, id string, doc *leagueDoc, now time.Time) error {
	for i, b := range doc.Blitzes {
		if now.Before(b.Date) || b.champion() != "" {
			continue
		}
		if err := s.blitzStep(ctx, id, i); err != nil {
			return fmt.Errorf("Blitz %d: %w", i+1, err)
		}
	}
	return nil
}

// blitzStep records Blitz i's heats over, decides its matches and pairs
// the next round, then opens the heat each undecided match waits for.
func (s *Service) blitzStep(ctx context.Context, id string, i int) error {
	var open []blitzOpening
	if err := s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
		b := &doc.Blitzes[i]
		if len(b.Rounds) == 0 {
			var pilots []string
			for _, e := range doc.Entries {
				if !e.Banned {
					pilots = append(pilots, e.Pilot)
				}
			}
			first, err := league.BlitzFirstRoundOf(pilots, b.per())
			if err != nil {
				return err
			}
			b.Rounds = [][]blitzMatch{blitzMatches(first)}
		}
		round := b.Rounds[len(b.Rounds)-1]
		for k := range round {
			m := &round[k]
			if err := s.recordBlitzHeat(tx, m); err != nil {
				return err
			}
			_, done := m.Match.Winner()
			if running := len(m.Games) > 0 && m.Games[len(m.Games)-1].Facts == nil; !done && !running {
				if w, ok := doc.blitzWalkover(m.Match); ok {
					m.Match.Walkover = w
				}
			}
		}
		matches := make([]league.BlitzMatch, len(round))
		for k, m := range round {
			matches[k] = m.Match
		}
		if next, ok := league.BlitzNextRoundOf(matches, b.per()); ok {
			b.Rounds = append(b.Rounds, blitzMatches(next))
			round = b.Rounds[len(b.Rounds)-1]
		}
		r := len(b.Rounds)
		for k, m := range round {
			if _, done := m.Match.Winner(); done || (len(m.Games) > 0 && m.Games[len(m.Games)-1].Facts == nil) {
				continue
			}
			if w, ok := doc.blitzWalkover(m.Match); ok {
				round[k].Match.Walkover = w // a round just paired; the next pairs at the next pass (a minute)
				continue
			}
			open = append(open, blitzOpening{round: r, match: k, heat: len(m.Games), pilots: m.Match.GridOfNextHeat(),
				symmetric: m.Match.SymmetricNextHeat(), track: m.Track, pool: b.Pools[league.BlitzPool(r, b.rounds())]})
		}
		return nil
	}); err != nil {
		return err
	}
	for _, o := range open {
		key := fmt.Sprintf("%s/blitz/%d/%d/%d", id, i, o.round, o.match)
		param := ""
		if o.symmetric {
			param = "start=" + variants.BlitzStartSymmetric // neither pilot on pole
		}
		game, cars, track, err := s.openSideGameOf(ctx, id, key, o.heat, "AX-5", param, o.pilots, func(_ *leagueDoc, seed string) (string, error) {
			if o.track != "" {
				return o.track, nil // one circuit a match
			}
			return drawnTrack(contestEvent{Pool: o.pool}, seed)
		})
		if err != nil {
			return fmt.Errorf("round %d match %d heat %d: %w", o.round, o.match+1, o.heat+1, err)
		}
		if err := s.changeLeague(ctx, id, func(tx persistence.Tx, doc *leagueDoc) error {
			m := &doc.Blitzes[i].Rounds[o.round-1][o.match]
			if len(m.Games) == o.heat {
				m.Track = track
				m.Games = append(m.Games, blitzHeat{Game: game, Cars: cars})
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// blitzWalkover is the pilot of a match who goes through because the
// others are banned from the league, before a heat opens; false while two
// may race (all banned: the highest seed goes through). In a match of
// more than two a banned pilot races no more heats, last in them [DEC].
func (doc *leagueDoc) blitzWalkover(m league.BlitzMatch) (string, bool) {
	var racing []string
	for _, pilot := range m.Pilots() {
		if k := slices.IndexFunc(doc.Entries, func(e leagueEntry) bool { return e.Pilot == pilot }); k >= 0 && !doc.Entries[k].Banned {
			racing = append(racing, pilot)
		}
	}
	switch len(racing) {
	case 0:
		return m.A, true
	case 1:
		return racing[0], true
	}
	return "", false
}

// rounds is the number of rounds of the Blitz's bracket, once drawn.
func (b blitzEvent) rounds() int {
	return league.BlitzRoundsOf(len(b.Rounds[0])*b.per(), b.per())
}

// blitzOpening is a heat to open: its place in the bracket, its pilots
// (pole first, or car 1 first of a symmetric heat), whether it starts
// from the symmetric squares, and its circuit, or the pool to draw it
// from.
type blitzOpening struct {
	round, match, heat int
	pilots             []string
	symmetric          bool
	track              string
	pool               []string
}

// blitzMatches wraps a round's pairings.
func blitzMatches(ms []league.BlitzMatch) []blitzMatch {
	out := make([]blitzMatch, len(ms))
	for i, m := range ms {
		out[i] = blitzMatch{Match: m}
	}
	return out
}

// recordBlitzHeat reads the winner of a match's last heat once its game
// is over: the engine's facts and the time each car used of its bank.
func (s *Service) recordBlitzHeat(tx persistence.Tx, m *blitzMatch) error {
	if len(m.Games) == 0 || m.Games[len(m.Games)-1].Facts != nil {
		return nil
	}
	h := &m.Games[len(m.Games)-1]
	row, err := tx.Game(h.Game)
	if err != nil {
		return err
	}
	if row.State != persistence.GameFinished {
		return nil
	}
	l, err := s.load(tx, h.Game)
	if err != nil {
		return err
	}
	h.Facts = blitzFacts(l, h.Cars)
	if len(h.Facts) == 0 {
		return fmt.Errorf("heat %s: no car", h.Game)
	}
	// every pilot's place, by seed; one who did not race it (banned) last
	order := league.BlitzHeatOrder(h.Facts)
	pilots := m.Match.Pilots()
	places := make([]int, len(pilots))
	for i, pilot := range pilots {
		places[i] = len(pilots)
		if k := slices.IndexFunc(h.Facts, func(f league.BlitzHeatCar) bool { return f.Pilot == pilot }); k >= 0 {
			places[i] = order[k]
		}
	}
	m.Match.Heats = append(m.Match.Heats, league.BlitzHeatWinnerOf(places))
	if len(pilots) > 2 {
		m.Match.Places = append(m.Match.Places, places)
	}
	return nil
}

// blitzFacts are a finished heat's cars as its winner reads them, car 1
// first.
func blitzFacts(l *live, lineup []eventCar) []league.BlitzHeatCar {
	var out []league.BlitzHeatCar
	for _, c := range variants.BlitzHeat(l.race()) {
		if c.Car-1 >= len(lineup) {
			continue
		}
		out = append(out, league.BlitzHeatCar{Pilot: lineup[c.Car-1].Pilot, Crossed: c.Crossed, ToLine: c.ToLine, Order: c.Order,
			Moves: c.Moves, Used: l.meta.clockOf(c.Car).Used})
	}
	return out
}

// champion is the Blitz's winner once its final is decided.
func (b blitzEvent) champion() string {
	if len(b.Rounds) == 0 {
		return ""
	}
	last := b.Rounds[len(b.Rounds)-1]
	if len(last) != 1 {
		return ""
	}
	w, _ := last[0].Match.Winner()
	return w
}

// blitzView is one Blitz's bracket as shown.
type blitzView struct {
	Number   int              `json:"number"`
	Champion string           `json:"champion,omitempty"`
	Rounds   []blitzRoundView `json:"rounds"`
}

// blitzRoundView is one round: its pool and matches.
type blitzRoundView struct {
	Round   int              `json:"round"`
	Pool    string           `json:"pool"`
	Matches []blitzMatchView `json:"matches"`
}

// blitzMatchView is one match: its pilots, heats won, circuit and winner.
type blitzMatchView struct {
	A      string `json:"a"`
	B      string `json:"b,omitempty"`
	WinsA  int    `json:"wins_a"`
	WinsB  int    `json:"wins_b"`
	Heats  int    `json:"heats"`
	Track  string `json:"track,omitempty"`
	Winner string `json:"winner,omitempty"`
	// Walkover: the winner went through without the match ending.
	Walkover string `json:"walkover,omitempty"`
	// More and WinsMore: the third pilot on of a match of more than two,
	// and their heats won.
	More     []string `json:"more,omitempty"`
	WinsMore []int    `json:"wins_more,omitempty"`
}

// pilots are the match's pilots in seed order, with their heats won.
func (m blitzMatchView) pilots() ([]string, []int) {
	return append([]string{m.A, m.B}, m.More...), append([]int{m.WinsA, m.WinsB}, m.WinsMore...)
}

// blitzStandings are the brackets of the Blitzes drawn.
func (doc *leagueDoc) blitzStandings() []blitzView {
	var out []blitzView
	for i, b := range doc.Blitzes {
		if len(b.Rounds) == 0 {
			continue
		}
		v := blitzView{Number: i + 1, Champion: b.champion()}
		total := b.rounds()
		for r, round := range b.Rounds {
			rv := blitzRoundView{Round: r + 1, Pool: league.BlitzPool(r+1, total)}
			for _, m := range round {
				a, bw := m.Match.Wins()
				w, _ := m.Match.Winner()
				mv := blitzMatchView{A: m.Match.A, B: m.Match.B, WinsA: a, WinsB: bw, Heats: len(m.Match.Heats), Track: m.Track, Winner: w, Walkover: m.Match.Walkover}
				if len(m.Match.More) > 0 {
					mv.More, mv.WinsMore = m.Match.More, m.Match.HeatsWon()[2:]
				}
				rv.Matches = append(rv.Matches, mv)
			}
			v.Rounds = append(v.Rounds, rv)
		}
		out = append(out, v)
	}
	return out
}

// blitzPoolNames say a pool in each language.
var blitzPoolNames = map[string][2]string{
	league.PoolShort:  {"short circuits", "circuits courts"},
	league.PoolMedium: {"medium circuits", "circuits moyens"},
	league.PoolLong:   {"long circuits", "circuits longs"},
}

// blitzParagraphs say the Blitz brackets in lang.
func blitzParagraphs(views []blitzView, lang string) []WebParagraph {
	var out []WebParagraph
	for _, v := range views {
		p := WebParagraph{Title: inLangf(lang, "FD Blitz %d (AX-5), the knock-out bracket", "FD Blitz %d (AX-5), le tableau à élimination directe", v.Number)}
		if v.Champion != "" {
			p.Lines = append(p.Lines, inLangf(lang, "%s wins the Blitz.", "%s remporte le Blitz.", v.Champion))
		}
		for _, r := range v.Rounds {
			p.Lines = append(p.Lines, inLangf(lang, "Round %d, on %s:", "Tour %d, sur %s :", r.Round, inLang(lang, blitzPoolNames[r.Pool])))
			for _, m := range r.Matches {
				p.Lines = append(p.Lines, blitzMatchLine(m, lang))
			}
		}
		out = append(out, p)
	}
	return out
}

// blitzMatchLine says one match in lang.
func blitzMatchLine(m blitzMatchView, lang string) string {
	if len(m.More) > 0 {
		return blitzGroupLine(m, lang)
	}
	switch {
	case m.B == "":
		return inLangf(lang, "%s goes through without a match (a bye).", "%s passe sans match (exempt).", m.A)
	case m.Walkover != "":
		return inLangf(lang, "%s goes through: %s can no longer race (a walkover).", "%s passe : %s ne peut plus courir (forfait).", m.Winner, blitzLoser(m))
	case m.Winner != "":
		return inLangf(lang, "%s beats %s %d–%d in heats won, on %s.", "%s bat %s %d–%d en manches gagnées, sur %s.", m.Winner, blitzLoser(m), max(m.WinsA, m.WinsB), min(m.WinsA, m.WinsB), m.Track)
	case m.Heats == 0 && m.Track == "":
		return inLangf(lang, "%s against %s, to come.", "%s contre %s, à venir.", m.A, m.B)
	}
	return inLangf(lang, "%s against %s on %s, under way: %d–%d in heats won after %d heat(s).", "%s contre %s sur %s, en cours : %d–%d en manches gagnées après %d manche(s).", m.A, m.B, m.Track, m.WinsA, m.WinsB, m.Heats)
}

// blitzLoser is a decided match's loser.
func blitzLoser(m blitzMatchView) string {
	if m.Winner == m.A {
		return m.B
	}
	return m.A
}

// blitzGroupLine says a match of more than two pilots in lang.
func blitzGroupLine(m blitzMatchView, lang string) string {
	pilots, wins := m.pilots()
	var tally []string
	for i, p := range pilots {
		tally = append(tally, fmt.Sprintf("%s %d", p, wins[i]))
	}
	won := andList(tally, lang)
	var others []string
	for _, p := range pilots {
		if p != m.Winner {
			others = append(others, p)
		}
	}
	switch {
	case m.Walkover != "":
		return inLangf(lang, "%s goes through: %s can no longer race (a walkover).", "%s passe : %s ne peuvent plus courir (forfait).", m.Winner, andList(others, lang))
	case m.Winner != "":
		return inLangf(lang, "%s wins the match against %s, on %s; heats won: %s.", "%s gagne le match contre %s, sur %s ; manches gagnées : %s.", m.Winner, andList(others, lang), m.Track, won)
	case m.Heats == 0 && m.Track == "":
		return inLangf(lang, "%s in one match, to come.", "%s dans un même match, à venir.", andList(pilots, lang))
	}
	return inLangf(lang, "%s on %s, under way after %d heat(s); heats won: %s.", "%s sur %s, en cours après %d manche(s) ; manches gagnées : %s.", andList(pilots, lang), m.Track, m.Heats, won)
}

// andList joins names in lang: "A, B and C".
func andList(names []string, lang string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + inLangf(lang, " and ", " et ") + names[len(names)-1]
}

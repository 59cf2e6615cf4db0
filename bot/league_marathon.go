package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/variants"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// AX-3 Marathon qualifying as a league side event (engine/fd/variants/ax3.go,
// engine/league/marathon.go, LF-52): the game master adds a marathon to
// the side calendar with its circuits in order (league add-marathon). At
// its date the first circuit opens as a game of its own with every
// entered pilot, each driving one dry lap alone; when it is over its
// moves are recorded and the next circuit opens at once, and so on to the
// last. The marathon's ranking adds each pilot's moves over the circuits
// driven, shown while it runs; it never touches the championship. Each
// pilot's car carries its gear, lane and life points from a circuit to
// the next (league AMB-56): the next circuit's game gets them in its
// header (AX-3's carry parameter), so it replays alone.

// marathonEvent is one marathon of the side calendar.
type marathonEvent struct {
	Tracks []string      `json:"tracks"`
	Date   time.Time     `json:"date"`
	Legs   []marathonLeg `json:"legs,omitempty"`
}

// marathonLeg is one circuit of a marathon as driven: its game, its
// pilots, and once over their scores in its ranking.
type marathonLeg struct {
	Track  string                 `json:"track"`
	Game   string                 `json:"game"`
	Cars   []eventCar             `json:"cars"`
	Scores []league.MarathonScore `json:"scores,omitempty"`
	// Carry is what each pilot's car takes to the next circuit, by pilot
	// (league AMB-56), once the circuit is recorded.
	Carry map[string]fd.Carry `json:"carry,omitempty"`
}

// over reports a marathon whose every circuit is recorded.
func (m marathonEvent) over() bool {
	return len(m.Legs) == len(m.Tracks) && m.Legs[len(m.Legs)-1].Scores != nil
}

// due reports a marathon whose next circuit should open at now: its date
// come, and no circuit running.
func (m marathonEvent) due(now time.Time) bool {
	if now.Before(m.Date) || len(m.Legs) == len(m.Tracks) {
		return false
	}
	return len(m.Legs) == 0 || m.Legs[len(m.Legs)-1].Scores != nil
}

// AddMarathon adds a marathon (AX-3) to the league's side calendar at
// date, its circuits chained in the order given, and returns its number
// (from 1).
func (s *Service) AddMarathon(ctx context.Context, name string, date time.Time, tracks ...string) (int, error) {
	if len(tracks) < 2 {
		return 0, refusef("a marathon chains two circuits or more", "un marathon enchaîne deux circuits ou plus")
	}
	for _, track := range tracks {
		if _, err := s.circuit(track); err != nil {
			return 0, refusef("%v", "%v", err)
		}
	}
	if date.IsZero() {
		return 0, refusef("a marathon needs a date", "un marathon a besoin d'une date")
	}
	n := 0
	err := s.changeLeague(ctx, name, func(tx persistence.Tx, doc *leagueDoc) error {
		if !doc.playsVariant("AX-3") {
			return refusef("%s does not play AX-3 (the marathon qualifying)", "%s ne joue pas l'annexe AX-3 (essais marathon)", doc.Name)
		}
		doc.Marathons = append(doc.Marathons, marathonEvent{Tracks: slices.Clone(tracks), Date: persistence.Millis(date)})
		n = len(doc.Marathons)
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.kick()
	return n, nil
}

// marathonTick records the circuits whose game is over, then opens the
// next circuit of every marathon due.
func (s *Service) marathonTick(ctx context.Context, id string, doc *leagueDoc, now time.Time) error {
	running := slices.ContainsFunc(doc.Marathons, func(m marathonEvent) bool {
		return len(m.Legs) > 0 && m.Legs[len(m.Legs)-1].Scores == nil
	})
	if running {
		if err := s.changeLeague(ctx, id, func(tx persistence.Tx, d *leagueDoc) error {
			for i := range d.Marathons {
				m := &d.Marathons[i]
				if len(m.Legs) == 0 || m.Legs[len(m.Legs)-1].Scores != nil {
					continue
				}
				leg := &m.Legs[len(m.Legs)-1]
				row, err := tx.Game(leg.Game)
				if err != nil {
					return err
				}
				if row.State != persistence.GameFinished {
					continue
				}
				l, err := s.load(tx, leg.Game)
				if err != nil {
					return err
				}
				leg.Scores = marathonScores(l.race(), leg.Cars)
				leg.Carry = marathonCarry(l.race(), leg.Cars)
			}
			*doc = *d
			return nil
		}); err != nil {
			return err
		}
	}
	for i, m := range doc.Marathons {
		if !m.due(now) {
			continue
		}
		leg := len(m.Legs)
		var before map[string]fd.Carry // what the circuit before left each pilot's car
		if leg > 0 {
			before = m.Legs[leg-1].Carry
		}
		game, cars, track, err := s.openSideGameFor(ctx, id, fmt.Sprintf("%s/marathon/%d", id, i), leg, "AX-3", func(cars []eventCar) string {
			return carryParam(before, cars)
		}, nil, func(*leagueDoc, string) (string, error) {
			return m.Tracks[leg], nil
		})
		if err != nil {
			return fmt.Errorf("marathon %d circuit %d: %w", i+1, leg+1, err)
		}
		if err := s.changeLeague(ctx, id, func(tx persistence.Tx, d *leagueDoc) error {
			if len(d.Marathons[i].Legs) == leg {
				d.Marathons[i].Legs = append(d.Marathons[i].Legs, marathonLeg{Track: track, Game: game, Cars: cars})
			}
			*doc = *d
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// marathonScores are a finished circuit's scores by pilot, in its ranking
// (the cars' places, engine/fd/variants/ax3.go).
func marathonScores(g *fd.Game, lineup []eventCar) []league.MarathonScore {
	scores := map[int]fd.ContestScore{}
	for _, sc := range g.ContestScores() {
		scores[sc.Car] = sc
	}
	cars := slices.Clone(g.Cars)
	slices.SortStableFunc(cars, func(a, b fd.Car) int { return a.Place - b.Place })
	out := make([]league.MarathonScore, 0, len(cars))
	for _, c := range cars {
		if c.Number-1 < len(lineup) {
			sc := scores[c.Number]
			out = append(out, league.MarathonScore{Pilot: lineup[c.Number-1].Pilot, Moves: sc.Moves, Ended: sc.Ended})
		}
	}
	return out
}

// marathonCarry is what each car of a finished circuit takes to the next,
// by pilot (the carry-out events, engine/fd/variants/ax3.go).
func marathonCarry(g *fd.Game, lineup []eventCar) map[string]fd.Carry {
	out := map[string]fd.Carry{}
	for car, c := range variants.MarathonCarries(g) {
		if car-1 < len(lineup) {
			out[lineup[car-1].Pilot] = c
		}
	}
	return out
}

// carryParam is the AX-3 carry parameter of a circuit seating cars: each
// pilot's state left by the circuit before, under his new car number; ""
// on the first circuit. A pilot who did not drive the circuit before
// (entered since) carries nothing: standing in 1st with the build.
func carryParam(before map[string]fd.Carry, cars []eventCar) string {
	carry := map[int]fd.Carry{}
	for _, c := range cars {
		if state, ok := before[c.Pilot]; ok {
			carry[c.Car] = state
		}
	}
	if len(carry) == 0 {
		return ""
	}
	return "carry=" + variants.FormatCarries(carry)
}

// marathonView is one marathon's ranking over the circuits recorded.
type marathonView struct {
	Number   int                  `json:"number"`
	Circuits int                  `json:"circuits"`
	Driven   int                  `json:"driven"`
	Rows     []league.MarathonRow `json:"rows"`
	// Next is the circuit the cars go on to, Carry what each pilot's
	// car brings to it (league AMB-56); empty once the marathon is over.
	Next  string              `json:"next,omitempty"`
	Carry map[string]fd.Carry `json:"carry,omitempty"`
}

// marathonStandings are the rankings of the marathons with a circuit
// recorded.
func (doc *leagueDoc) marathonStandings() []marathonView {
	var out []marathonView
	for i, m := range doc.Marathons {
		var legs []league.MarathonLeg
		for _, l := range m.Legs {
			if l.Scores != nil {
				legs = append(legs, league.MarathonLeg{Track: l.Track, Scores: l.Scores})
			}
		}
		if len(legs) > 0 {
			v := marathonView{Number: i + 1, Circuits: len(m.Tracks), Driven: len(legs), Rows: league.MarathonStandings(legs)}
			if len(legs) < len(m.Tracks) {
				v.Next, v.Carry = m.Tracks[len(legs)], m.Legs[len(legs)-1].Carry
			}
			out = append(out, v)
		}
	}
	return out
}

// marathonParagraphs say the marathons' rankings in lang.
func marathonParagraphs(views []marathonView, lang string) []WebParagraph {
	var out []WebParagraph
	for _, v := range views {
		p := WebParagraph{Title: inLangf(lang, "Marathon qualifying %d (AX-3), %d of %d circuits driven, the moves added up",
			"Essais marathon %d (AX-3), %d circuits courus sur %d, les coups additionnés", v.Number, v.Driven, v.Circuits)}
		for _, r := range v.Rows {
			line := inLangf(lang, "%d. %s, %d moves over %d circuit(s).", "%d. %s, %d coups sur %d circuit(s).", r.Position, r.Pilot, r.Moves, r.Circuits)
			if r.Ended > 0 {
				line = inLangf(lang, "%d. %s, %d moves over %d circuit(s), a lap ended before the line on %d.", "%d. %s, %d coups sur %d circuit(s), un tour arrêté avant la ligne sur %d.", r.Position, r.Pilot, r.Moves, r.Circuits, r.Ended)
			}
			p.Lines = append(p.Lines, line)
		}
		for _, r := range v.Rows {
			if c, ok := v.Carry[r.Pilot]; ok {
				p.Lines = append(p.Lines, carrySentence(lang, r.Pilot, v.Next, c))
			}
		}
		out = append(out, p)
	}
	return out
}

// carryNames are the life points' categories, in English and French.
var carryNames = [fd.NumCategories][2]string{{"tyres", "pneus"}, {"brakes", "freins"}, {"gearbox", "boîte"}, {"body", "carrosserie"}, {"engine", "moteur"}, {"handling", "tenue de route"}}

// carrySentence says what a pilot's car brings to the next circuit of a
// marathon (league AMB-56).
func carrySentence(lang, pilot, next string, c fd.Carry) string {
	var points []string
	for i, n := range c.Wear {
		name := carryNames[i][0]
		if lang == "fr" {
			name = carryNames[i][1]
		}
		points = append(points, fmt.Sprintf("%s %d", name, n))
	}
	lp := strings.Join(points, ", ")
	if c.Gear == 0 {
		return inLangf(lang, "%s's car starts %s standing in 1st, its lap having ended before the line, with its life points %s.",
			"La voiture de %s part arrêtée en 1re à %s, son tour s'étant arrêté avant la ligne, avec ses points de vie %s.", pilot, next, lp)
	}
	return inLangf(lang, "%s's car goes on to %s in gear %d, in lane %d from the left, with its life points %s.",
		"La voiture de %s enchaîne %s en %de, dans la file %d depuis la gauche, avec ses points de vie %s.", pilot, next, c.Gear, c.Lane+1, lp)
}

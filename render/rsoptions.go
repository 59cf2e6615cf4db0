package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/rs"
)

// What the standard game's optional rules add to a Racing Simulator
// board (rs.BoardView's TwoCars, TyreSets, Manufacturer, FastRule, Teams
// and Quali): the legend under the running order, the marks on a car's
// name, and the advanced qualifying's columns. Everything here is public.

// rsSetTypes is the order a seat's tyre sets are listed in.
var rsSetTypes = []rs.Tyre{rs.Hard, rs.Soft, rs.Inter, rs.Rain}

// setsText is a seat's tyre sets left (rs R-ADV-01): "2 hard, 3 soft, 4
// intermediate, 3 rain".
func (p *rsPage) setsText(seat int) string {
	var parts []string
	for _, t := range rsSetTypes {
		parts = append(parts, p.lex.t("%d %s", p.v.TyreSets[seat][t], p.lex.t("tyre:"+string(t))))
	}
	return strings.Join(parts, ", ")
}

// manufacturerText is the race's piles under the manufacturer rule
// (rs R-ADV-08, rs T-19).
func (p *rsPage) manufacturerText() string {
	m := p.v.Manufacturer
	return p.lex.t("Tyre manufacturer: blue die %d, hard piles %s, soft piles %s (new/−3/−4/−5 cards)", m.Blue, m.Hard, m.Soft)
}

// fastCars lists the fast system cars' numbers: "5, 10, 15".
func (p *rsPage) fastCars() string {
	var ids []string
	for _, c := range p.v.File {
		if c.Fast && !c.Out {
			ids = append(ids, fmt.Sprint(c.ID))
		}
	}
	if len(ids) == 0 {
		return p.lex.t("none")
	}
	return strings.Join(ids, ", ")
}

// optionLines are the legend's sentences, one an optional rule that
// changes what a board shows.
func (p *rsPage) optionLines() []string {
	v, lex := p.v, p.lex
	var out []string
	if v.TwoCars {
		out = append(out, lex.t("Two cars a player (variant 10.5): a player's two cars share his colour and his order."))
	}
	if v.TyreSets != nil {
		var seats []string
		for s := range p.g.Seats {
			seats = append(seats, lex.t("%s: %s", p.carName(p.g.Seats[s].Car), p.setsText(s)))
		}
		out = append(out, lex.t("Tyre sets left (tyre allocation): %s.", strings.Join(seats, "; ")))
	}
	if v.Manufacturer != nil {
		out = append(out, p.manufacturerText()+".")
	}
	switch v.FastRule {
	case rs.OptFixedFast:
		out = append(out, lex.t("Fixed fast system cars (variant 10.3), always on the higher green card: %s.", p.fastCars()))
	case rs.OptThreeFast:
		out = append(out, lex.t("Fast system cars next turn (at most 3, variant 10.2): %s.", p.fastCars()))
	}
	if v.Teams {
		var pairs []string
		for _, c := range slices.SortedFunc(slices.Values(p.v.File), func(a, b rs.BoardCar) int { return a.ID - b.ID }) {
			if c.Mate > c.ID {
				pairs = append(pairs, fmt.Sprintf("%d–%d", c.ID, c.Mate))
			}
		}
		out = append(out, lex.t("Teams (a team's second car stopping on the same turn waits): %s.", strings.Join(pairs, ", ")))
	}
	return out
}

// optionFacts are what the phone crop adds about its car under the
// optional rules: its seat's tyre sets, its teammate, a fast system
// car, the race's piles.
func (p *rsPage) optionFacts(c rs.BoardCar) []string {
	v, lex := p.v, p.lex
	var out []string
	if v.TwoCars && c.Seat >= 0 {
		for _, o := range v.File {
			if o.Seat == c.Seat && o.ID != c.ID {
				place := lex.t("retired")
				if !o.Out {
					place = lex.ordinal(o.Place)
				}
				out = append(out, lex.t("The player's other car: %s, %s", p.carName(o.ID), place))
			}
		}
	}
	if v.Quali != nil {
		best, _ := p.qualiBest(c)
		tries, _ := p.qualiAttempts(c)
		out = append(out, lex.t("Best time %s · attempts %s", best, tries))
	}
	if v.TyreSets != nil && c.Seat >= 0 {
		out = append(out, lex.t("Sets left: %s", p.setsText(c.Seat)))
	}
	if c.Mate > 0 {
		out = append(out, lex.t("Teammate: car %d", c.Mate))
	}
	if c.Fast {
		out = append(out, lex.t("Fast system car"))
	}
	if v.Manufacturer != nil {
		out = append(out, lex.t("Piles: hard %s, soft %s", v.Manufacturer.Hard, v.Manufacturer.Soft))
	}
	return out
}

// carLabel is a car's name in the running order, marked when it is a
// fast system car.
func (p *rsPage) carLabel(c rs.BoardCar) string {
	if c.Fast {
		return p.lex.t("%s, fast", p.carName(c.ID))
	}
	return p.carName(c.ID)
}

// qualiTitle is the title band's phase under the advanced qualifying:
// "Qualifying Q2, phase 2 of 3".
func (p *rsPage) qualiTitle() string {
	q := p.v.Quali
	return p.lex.t("Qualifying %s, phase %d of %d", strings.ToUpper(q.Session), q.Phase, q.Phases)
}

// qualiConditions is the phase's weather and humidity and the tyres its
// attempts run on (rs R-QX-01, rs R-QX-03).
func (p *rsPage) qualiConditions() string {
	q, lex := p.v.Quali, p.lex
	s := lex.t("Humidity %d: attempts on %s tyres", q.Humidity, lex.t("tyre:"+string(q.Tyres)))
	if p.v.WeatherRule {
		s = lex.t("Weather: %s", lex.t("weather:"+string(q.Weather))) + " · " + s
	}
	return s
}

// qualiColumns replace the gap, lap and speed columns while the advanced
// qualifying is played: the best time so far, the attempts made, the
// last phase's choice.
func (p *rsPage) qualiColumns() []rsColumn {
	q, lex := p.v.Quali, p.lex
	return []rsColumn{
		{lex.t("Best"), 76, p.qualiBest},
		{lex.t("Attempts"), 84, p.qualiAttempts},
		{lex.t("Last"), 64, func(c rs.BoardCar) (string, hexColor) {
			if ch, ok := q.Choices[c.Seat]; ok && c.Seat >= 0 && q.In[c.ID] {
				return lex.t(ch), colInk
			}
			return "–", colPaperSub
		}},
	}
}

// qualiBest is a car's best time so far in the session: "0.512",
// "penalty" (rs R-QX-08), "–" without a time, "out" once knocked out.
func (p *rsPage) qualiBest(c rs.BoardCar) (string, hexColor) {
	q, lex := p.v.Quali, p.lex
	switch {
	case !q.In[c.ID]:
		return lex.t("out"), colPaperSub
	case q.Penalty[c.ID]:
		return lex.t("penalty"), colDeadly
	case q.Best[c.ID] == rs.NoTime:
		return "–", colPaperSub
	}
	return fmt.Sprintf("%d.%03d", q.Best[c.ID]/1000, q.Best[c.ID]%1000), colInk
}

// qualiAttempts is "1 of 2": the attempts a car made in the session
// (rs R-QX-06).
func (p *rsPage) qualiAttempts(c rs.BoardCar) (string, hexColor) {
	if !p.v.Quali.In[c.ID] {
		return "–", colPaperSub
	}
	return p.lex.t("%d of %d", p.v.Quali.Attempts[c.ID], rs.MaxAttempts), colInk
}

// qualiOrders are the last phase's revealed choices, one a seat, for the
// orders list: "attempts from the risky deck", "passes".
func (p *rsPage) qualiOrders() []rs.RevealedOrder {
	var out []rs.RevealedOrder
	for s := range p.g.Seats {
		if ch, ok := p.v.Quali.Choices[s]; ok {
			out = append(out, rs.RevealedOrder{Seat: s, Car: p.g.Seats[s].Car, Deck: ch})
		}
	}
	return out
}

// qualiOrderText is one seat's revealed choice in words.
func (p *rsPage) qualiOrderText(o rs.RevealedOrder) string {
	if o.Deck == "pass" {
		return p.lex.t("passes")
	}
	return p.lex.t("attempts from the %s deck", p.lex.t(o.Deck))
}

// rsQualiHappenings are the advanced qualifying's events a board says
// while it is played: the phases, the attempts and their times, the
// impacts.
var rsQualiHappenings = map[string]bool{"quali-weather": true, "quali-phase": true, "quali-impact": true, "chrono": true, "quali-best": true}

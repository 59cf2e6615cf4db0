package rs

import (
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
)

// The race as language-neutral phrases (engine.Reported, issue 13 group
// 3): the same facts Status and Facts write in sentences, for bot to say
// with its one catalog (internal/phrasebook catalog_rs.go). Secrets are
// left out here, not by the caller: a seat's hand and its sealed order
// are said to that seat alone (R-FAM-06, R-ORD-01), and a pending order's
// options and their facts to the seat that orders them. The game master
// reads a Racing Simulator race as a spectator does: the orders are
// simultaneous and secret for everyone until the reveal.

var _ engine.Reported = Contract{}

// Report is the race as reader (a seat, −1 a spectator, engine.Referee
// the game master) may read it: the turn and the conditions, each car in
// the file, who has ordered, and the reader's own hand and sealed order.
func (c Contract) Report(reader int) engine.Report {
	g := c.G
	if reader < 0 || reader >= len(g.Seats) {
		reader = -1 // the game master and a spectator read what is public
	}
	v := g.Board(reader)
	var r engine.Report
	turn := phrase.New("rs.turn", v.Turn, v.Turns)
	if v.Over {
		turn = phrase.New("rs.over", v.Turn)
	}
	var weather, safetyCar phrase.Phrase
	if v.WeatherRule {
		weather = phrase.New("rs.weather", phrase.Term("rs.weather."+string(v.Weather)), v.Humidity)
	}
	if v.SafetyCar {
		safetyCar = phrase.New("rs.safety-car")
	}
	r.Progress = phrase.New("rs.progress", turn, weather, safetyCar)
	for i, bc := range v.File {
		st := engine.Standing{Seat: bc.Seat}
		name := phrase.New("rs.name", g.carPhrase(bc.ID))
		if bc.Seat == reader && reader >= 0 {
			name = phrase.New("rs.name-you", g.carPhrase(bc.ID))
		}
		switch {
		case bc.Out:
			st.Facts = append(st.Facts, phrase.New("rs.out", name))
		case !v.Placed:
			st.Place = i + 1
			st.Facts = append(st.Facts, name)
		default:
			st.Place = bc.Place
			st.Facts = append(st.Facts, name, phrase.New("rs.position", bc.Lap, bc.Square, bc.Gap))
		}
		if bc.Tyre != "" {
			st.Facts = append(st.Facts, phrase.New("rs.tyres", phrase.Tyre(string(bc.Tyre)), bc.TyreCards))
		}
		if bc.Slow > 0 {
			st.Facts = append(st.Facts, phrase.New("rs.damage", bc.Slow))
		}
		r.Standings = append(r.Standings, st)
	}
	if g.Over {
		return r
	}
	var in, awaited phrase.List // who has sealed an order: never what (R-ORD-01)
	for s, o := range g.Sealed {
		if o != nil {
			in = append(in, g.carPhrase(g.Seats[s].Car))
		} else {
			awaited = append(awaited, g.carPhrase(g.Seats[s].Car))
		}
	}
	var ordered, waiting phrase.Phrase
	if len(in) > 0 {
		ordered = phrase.New("rs.ordered", in)
	}
	if len(awaited) > 0 {
		waiting = phrase.New("rs.awaited", awaited)
	}
	r.Notes = append(r.Notes, phrase.New("rs.who", ordered, waiting))
	if reader >= 0 {
		sv := g.View(reader)
		var mine phrase.Phrase
		if sv.Mine != nil {
			mine = g.minePhrase(reader)
		}
		r.Notes = append(r.Notes, phrase.New("rs.hand", strings.ReplaceAll(joinInts(sv.Hand), ",", ", "), sv.Pile, mine))
	}
	return r
}

// Asked lists the seats that must still order, in Pending's order. Every
// order is secret: reader reads the options and their facts of its own
// decision only; another seat's decision is Hidden, without options
// (they are that seat's hand). name is not used: a seat is asked by its
// car, which the status names.
func (c Contract) Asked(reader int, _ func(seat int) string) []engine.Asked {
	var out []engine.Asked
	for _, d := range c.G.Pending() {
		a := engine.Asked{Seat: d.Seat, Kind: d.Kind, Ask: phrase.New("rs.ask", d.Turn), Hidden: reader != d.Seat}
		if !a.Hidden {
			for _, o := range c.G.Options(d.Seat) {
				a.Options = append(a.Options, engine.AskedOption{Key: o.Key, Facts: c.G.factPhrases(d.Seat, o)})
			}
		}
		out = append(out, a)
	}
	return out
}

// carPhrase names a car: "the blue car" / "la voiture bleue", "system
// car 1" / "la voiture système 1".
func (g *Game) carPhrase(id int) phrase.Phrase {
	if id < 1 || id > len(g.Cars) {
		return phrase.New("rs.car-number", id)
	}
	c := g.Cars[id-1]
	if c.System() {
		return phrase.New("rs.car-system", strings.TrimPrefix(c.Name, "system-"))
	}
	colour := phrase.Term("rs.colour." + c.Name)
	if g.Seats[c.Seat].Car != c.ID { // a seat's second car, variant 10.5 (R-VAR-05)
		return phrase.New("rs.car-second", colour)
	}
	return phrase.New("rs.car", colour)
}

// minePhrase is seat's own sealed order as its last order event says it
// (Describe's "order").
func (g *Game) minePhrase(seat int) phrase.Phrase {
	for i := len(g.Events) - 1; i >= 0; i-- {
		if e := g.Events[i]; e.Kind == "order" && e.Int("seat") == seat+1 {
			return phrase.New("rs.mine", orderPhrase(e))
		}
	}
	return phrase.Phrase{}
}

// orderPhrase says an order event to its seat: what it ordered, sealed
// until everyone has ordered.
func orderPhrase(e Event) phrase.Phrase {
	var risk, by phrase.Phrase
	if e.Get("risk") == "1" {
		risk = phrase.New("rs.with-risk")
	}
	if e.Get("by") == "autopilot" {
		by = phrase.New("rs.by-autopilot")
	}
	switch {
	case e.Get("pass") == "1": // the advanced qualifying (R-QX-03)
		return phrase.New("rs.ev.order-pass", by)
	case e.Get("card") == "0" && e.Get("pit") == "" && e.Get("deck") != "":
		return phrase.New("rs.ev.order-deck", deckOrderPhrase(e), by)
	case e.Get("card") == "0":
		what := phrase.New("rs.stay-out")
		if e.Get("pit") != "" {
			what = phrase.New("rs.stop")
		}
		return phrase.New("rs.ev.order-safety-car", what, stdOrderPhrase(e), by)
	}
	return phrase.New("rs.ev.order", e.Get("card"), risk, stdOrderPhrase(e), by)
}

// stdOrderPhrase says the standard parts of an order, as stdOrderText.
func stdOrderPhrase(e Event) phrase.Phrase {
	var tapez, economise, pit phrase.Phrase
	if e.Get("tapez") == "1" {
		tapez = phrase.New("rs.tapez")
	}
	if e.Get("economise") == "1" {
		economise = phrase.New("rs.economise")
	}
	if t := e.Get("pit"); t != "" {
		var nose phrase.Phrase
		if e.Get("nose") == "keep" {
			nose = phrase.New("rs.keep-nose")
		}
		pit = phrase.New("rs.pit", phrase.Tyre(t), phrase.Term("rs.deck."+e.Get("deck")), nose)
	}
	return phrase.New("rs.std", tapez, economise, pit)
}

// deckOrderPhrase says a qualifying order, as deckOrderText.
func deckOrderPhrase(e Event) phrase.Phrase {
	var redraw, dir, tyres phrase.Phrase
	if n := e.Get("redraw"); n != "" {
		if e.Get("dir") != "" {
			redraw = phrase.New("rs.redraw-under", n)
		} else {
			redraw = phrase.New("rs.redraw-worse", "."+leftPad3(e.Int("redraw")))
		}
	}
	if d := e.Get("dir"); d != "" {
		dir = phrase.New("rs.dir", phrase.Term("rs.dir."+d))
	}
	if t := e.Get("tyres"); t != "" {
		tyres = phrase.New("rs.start-tyres", phrase.Tyre(t))
	}
	return phrase.New("rs.deck", phrase.Term("rs.deck."+e.Get("deck")), redraw, dir, tyres)
}

// leftPad3 writes n on at least three digits (a time's thousandths).
func leftPad3(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

// OptionFacts says what choosing key means for seat now, as Facts does,
// in one phrase: its speed, what passing the car ahead needs (R-OVT-03),
// and for the risk card what it risks (R-FAM-10). Nil for a key that is
// not one of seat's options. A seat reads its own options alone, also
// while its sealed order may still be changed.
func (c Contract) OptionFacts(seat int, key string) []phrase.Phrase {
	for _, o := range c.G.Options(seat) {
		if o.Key == key {
			return c.G.factPhrases(seat, o)
		}
	}
	return nil
}

// factPhrases is OptionFacts of option o: one phrase of up to three
// sentences.
func (g *Game) factPhrases(seat int, o Option) []phrase.Phrase {
	if seat < 0 || seat >= len(g.Seats) {
		return nil
	}
	c := g.car(g.Seats[seat].Car)
	speed := o.Card - 2*c.Slow
	if o.Risk {
		speed += 2
	}
	ahead := phrase.New("rs.lead")
	if a := g.ahead(c); a != nil {
		ahead = phrase.New("rs.pass", g.carPhrase(a.ID), g.need(c, a), g.Circuit.ZoneAt(a.Dist-1).String(), g.Gap(c))
	}
	var risk phrase.Phrase
	if o.Risk {
		sun := 0
		for _, k := range g.Cfg.Risk.Cards {
			if k.Kind == "sun" {
				sun++
			}
		}
		risk = phrase.New("rs.risk", sun, len(g.Cfg.Risk.Cards))
	}
	return []phrase.Phrase{phrase.New("rs.facts", speed, ahead, risk)}
}

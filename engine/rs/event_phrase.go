package rs

import (
	"strings"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// Racing Simulator's events as language-neutral phrases (issue 13, typed
// events, one description): EventPhrase says what an event holds with
// keys under "rs.ev." and the terms they name; internal/phrasebook
// (catalog_rs.go) writes them in English and French. It says only what
// the event holds, so a stand-in of a hidden event (EventsFor) tells
// nothing of its content.

// EventPhrase is e as players read it, in no language yet.
func (g *Game) EventPhrase(e Event) phrase.Phrase {
	car := func(k string) phrase.Phrase { return g.carPhrase(e.Int(k)) }
	p := func(key string, args ...any) phrase.Phrase { return phrase.New("rs.ev."+key, args...) }
	switch e.Kind {
	case "setup":
		if e.Get("mode") == string(Standard) {
			var opt phrase.Phrase
			if o := e.Get("optional"); o != "" && o != "-" {
				var names phrase.List
				for _, n := range strings.Split(o, ",") {
					names = append(names, optionalPhrase(n))
				}
				opt = phrase.New("rs.optional", names)
			}
			return p("setup-standard", e.Get("seats"), e.Get("turns"), g.decksPhrase(), opt)
		}
		return p("setup-family", e.Get("seats"), e.Get("turns"), g.decksPhrase())
	case "car":
		var who, fast, teammate phrase.Phrase
		switch {
		case e.Int("seat") == 0 && e.Get("follows") != "":
			who = p("car-follows", car("car"), e.Get("follows"))
		case e.Int("seat") == 0:
			who = p("car-rules", car("car"))
		default:
			who = p("car-seat", e.Get("seat"), car("car"))
		}
		if e.Get("fast") == "1" { // variant 10.3 (R-VAR-03)
			fast = phrase.New("rs.fast-car")
		}
		if e.Get("teammate") != "" { // team-pit-restriction (R-PIT-10)
			teammate = phrase.New("rs.teammate", car("teammate"))
		}
		return p("car", who, fast, teammate)
	case "shuffle":
		deck := strings.TrimPrefix(e.Get("for"), "deck-")
		switch deck {
		case "speed", "green", "risk":
			return p("shuffle", phrase.Term("rs.shuffled."+deck))
		}
		return p("shuffle", phrase.New("rs.shuffled", deck))
	case "deal":
		return p("deal", strings.ReplaceAll(e.Get("hand"), ",", ", "), e.Get("pile"))
	case "roll":
		return p("roll", known("rs.die.", e.Get("die"), "blue", "white", "red"), e.Get("value"))
	case "place":
		return p("place", car("car"), e.Get("square"))
	case "turn":
		return p("turn", e.Get("n"))
	case "order":
		return orderPhrase(e)
	case "sealed":
		if n := e.Int("seat"); n >= 1 && n <= len(g.Seats) { // players know each other by their cars
			return p("sealed", g.carPhrase(g.Seats[n-1].Car))
		}
		return p("sealed-seat", e.Get("seat"))
	case "deadline":
		return p("deadline", e.Get("turn"))
	case "reveal":
		return p("reveal", e.Get("turn"))
	case "play":
		var risk phrase.Phrase
		if e.Get("risk") == "1" {
			risk = phrase.New("rs.and-risk")
		}
		return p("play", car("car"), e.Get("card"), risk, stdOrderPhrase(e), e.Get("speed"))
	case "system-cards":
		cards := strings.Split(e.Get("cards"), ",")
		var all any = cards[0]
		for _, c := range cards[1:] {
			all = phrase.New("rs.and", all, c)
		}
		return p("system-cards", all)
	case "system-speed":
		return p("system-speed", car("car"), e.Get("speed"))
	case "pass":
		return p("pass", car("car"), car("over"), e.Get("speed"), e.Get("against"), e.Get("need"))
	case "close":
		return p("close", car("car"), e.Get("by"), car("on"), e.Get("gap"))
	case "move":
		return p("move", e.Get("by"))
	case "risk-card":
		return p("risk-card", car("car"), riskCardPhrase(e.Get("card")))
	case "drop":
		if e.Get("cause") == "team-wait" { // R-PIT-10
			return p("drop-team-wait", car("car"), e.Get("by"), e.Get("to"))
		}
		return p("drop", car("car"), e.Get("by"), e.Get("to"))
	case "pushed":
		return p("pushed", car("car"), e.Get("to"))
	case "slow":
		return p("slow", car("car"))
	case "draw":
		return p("draw", e.Get("card"), e.Get("pile"))
	case "finish":
		return p("finish", e.Get("place"), car("car"))
	case "over":
		return p("over", e.Get("turns"))
	case "advance":
		return p("advance", car("car"), e.Get("by"), e.Get("to"))
	case "tyre-card":
		return p("tyre-card", e.Get("seat"), e.Get("discarded"))
	case "wear":
		return p("wear", e.Get("seat"), e.Get("removed"), e.Get("left"))
	case "pit-card":
		value := phrase.New("rs.seconds", e.Get("card"))
		if e.Get("card") == "mecano" {
			value = phrase.New("rs.mecano")
		}
		deck := phrase.Term("rs.deck.careful")
		if e.Get("deck") == "risky" {
			deck = phrase.Term("rs.deck.risky")
		}
		return p("pit-card", e.Get("seat"), deck, known("rs.pit-for.", e.Get("for"), "system", "own", "base", "repair"), value)
	case "pit-incident":
		c, _ := decks.ParseCard(e.Get("card"))
		what := phrase.New("rs.drive-through")
		if c.Kind == "time" {
			what = phrase.New("rs.seconds-lost", c.N)
		}
		return p("pit-incident", car("car"), what)
	case "tyres":
		tyre := known("tyre.", e.Get("type"), "hard", "soft", "intermediate", "rain")
		var left phrase.Phrase
		if n := e.Get("sets-left"); n != "" { // tyre allocation (R-ADV-01)
			left = phrase.New("rs.sets-left", n, tyre)
		}
		return p("tyres", e.Get("seat"), tyre, left)
	case "event-card":
		c, _ := decks.ParseCard(e.Get("card"))
		switch c.Kind {
		case "sun", "rain":
			return p("event-card-blank")
		case "collision":
			return p("event-card-collision")
		}
		return p("event-card", c.Kind)
	case "retired":
		return p("retired", car("car"))
	case "safety-car":
		return p("safety-car", e.Get("laps"), e.Get("turns"))
	case "qualifying":
		return p("qualifying")
	case "advanced-qualifying": // §3.6.3
		return p("advanced-qualifying")
	case "quali-weather":
		return p("quali-weather", weatherTerm(e.Get("state")), e.Get("humidity"))
	case "quali-phase":
		return p("quali-phase", sessionArg(e.Get("session")), e.Get("phase"), e.Get("of"), e.Get("humidity"),
			known("tyre.", e.Get("tyres"), "hard", "soft", "intermediate", "rain"))
	case "quali-attempt":
		if e.Get("deck") == "pass" {
			return p("quali-pass", e.Get("seat"))
		}
		return p("quali-attempt", e.Get("seat"), known("rs.deck.", e.Get("deck"), "risky", "careful"))
	case "quali-impact":
		on := phrase.Term("rs.impact-on.earlier")
		if e.Get("on") == "this-and-next" {
			on = phrase.Term("rs.impact-on.this-and-next")
		}
		if e.Get("kind") == "weather" {
			return p("quali-impact-weather", e.Get("time"), on)
		}
		return p("quali-impact-track", e.Get("time"), on)
	case "quali-best":
		if e.Get("time") == "none" {
			return p("quali-best-none", car("car"), sessionArg(e.Get("session")))
		}
		return p("quali-best", car("car"), sessionArg(e.Get("session")), e.Get("time"))
	case "quali-order":
		return p("quali-order", e.Get("seat"), deckOrderPhrase(e))
	case "chrono":
		if e.Get("time") == "none" {
			return p("chrono-none", car("car"), sessionArg(e.Get("session")))
		}
		where := sessionArg(e.Get("session"))
		if ph := e.Get("phase"); ph != "" { // the advanced qualifying
			where = phrase.New("rs.chrono-phase", ph, where)
		}
		var tyres phrase.Phrase
		if t := e.Get("tyres"); t != "" {
			tyres = phrase.New("rs.chrono-tyres", t)
		}
		return p("chrono", car("car"), cardTimeArg(e.Get("time")), where, tyres)
	case "chrono-redraw":
		return p("chrono-redraw", car("car"), cardTimeArg(e.Get("discarded")))
	case "penalty":
		switch e.Get("result") {
		case "demoted":
			return p("penalty-demoted", car("car"), e.Get("places"))
		case "pit-lane":
			return p("penalty-pit-lane", car("car"))
		}
		return p("penalty-fuel", car("car"))
	case "grid":
		if e.Get("place") == "0" {
			return p("grid-pit-lane", car("car"))
		}
		return p("grid", e.Get("place"), car("car"))
	case "start-orders":
		return p("start-orders")
	case "start-redraw":
		return p("start-redraw", car("car"))
	case "start-card":
		switch e.Get("card") {
		case "jump":
			return p("start-card-jump", car("car"))
		case "incident":
			return p("start-card-incident", car("car"))
		}
		return p("start-card", car("car"), e.Get("card"))
	case "start-incident":
		c, _ := decks.ParseCard(e.Get("card"))
		if c.Kind == "stall" {
			return p("start-stall", car("car"))
		}
		return p("start-incident", car("car"), c.Kind)
	case "launch":
		return p("launch", car("car"), e.Get("points"), known("rs.dir.", e.Get("dir"), Straight, Inside, Outside), e.Get("row"), e.Get("lane"))
	case "penalty-due":
		return p("penalty-due", car("car"), e.Get("squares"))
	case "lapped":
		return p("lapped", car("car"), car("by"))
	case "rolling":
		return p("rolling", e.Get("need"))
	case "safety-car-out":
		if e.Get("pits") == "closed" {
			return p("safety-car-out-closed", e.Get("turns"))
		}
		return p("safety-car-out", e.Get("turns"))
	case "trapped":
		return p("trapped", car("car"))
	case "line-up":
		return p("line-up", car("leader"), e.Get("square"))
	case "wave-around":
		return p("wave-around", car("car"))
	case "restart":
		return p("restart", e.Get("turn"))
	case "sc-choice":
		if e.Get("pit") != "" {
			return p("sc-stop", e.Get("seat"), stdOrderPhrase(e))
		}
		return p("sc-stay-out", e.Get("seat"))
	case "pit-lane":
		return p("pit-lane", car("car"), e.Get("time"))
	case "exchange":
		return p("exchange", e.Get("seat"), e.Get("card"))
	case "weather":
		return p("weather", weatherTerm(e.Get("state")), e.Get("humidity"))
	case "second-car": // R-VAR-05
		var risk phrase.Phrase
		if e.Get("risk") == "1" {
			risk = phrase.New("rs.with-the-risk")
		}
		return p("second-car", car("car"), e.Get("seat"), risk, e.Get("speed"))
	case "manufacturer": // R-ADV-08, T-19
		args := []any{e.Get("blue")}
		for _, k := range []string{"hard", "soft"} {
			f := strings.Split(e.Get(k), "/")
			for len(f) < 4 {
				f = append(f, "?")
			}
			args = append(args, f[0], f[1], f[2], f[3])
		}
		return p("manufacturer", args...)
	case "to-tail":
		return p("to-tail", car("car"))
	}
	return p("unknown", e.Kind)
}

// known is the term prefix+name when name is one of names, else nothing
// (an empty word, as a record from a newer Pitwall would read).
func known(prefix, name string, names ...string) any {
	for _, n := range names {
		if n == name {
			return phrase.Term(prefix + name)
		}
	}
	return ""
}

func weatherTerm(w string) any {
	return known("rs.weather.", w, "sun", "cloudy", "light-rain", "rain", "heavy-rain")
}

// sessionArg is a qualifying session: "qualifying" for the one session of
// the quick method, else its name (Q1, Q2, Q3) in every language.
func sessionArg(s string) any {
	if s == "q" {
		return phrase.Term("rs.session.q")
	}
	return strings.ToUpper(s)
}

// cardTimeArg is a Chrono card: a time, or the penalty card.
func cardTimeArg(s string) any {
	if s == "penalty" {
		return phrase.Term("rs.time.penalty")
	}
	return s
}

// riskCardPhrase is what a risk card does (R-FAM-10); a card the house
// deck does not know is given as it is written.
func riskCardPhrase(s string) any {
	c, err := decks.ParseCard(s)
	if err != nil {
		return s
	}
	switch c.Kind {
	case "sun":
		return phrase.New("rs.risk-card.sun")
	case "off":
		return phrase.New("rs.risk-card.off", c.N)
	case "slow":
		return phrase.New("rs.risk-card.slow")
	}
	return s
}

// decksPhrase says which decks the game draws, for the setup's sentence:
// the house decks, or the league's own by kind and name (AMB-30).
func (g *Game) decksPhrase() phrase.Phrase {
	var league []any
	for _, d := range g.Cfg.LeagueDecks() {
		league = append(league, phrase.New("rs.league-deck", phrase.Term("rs.deck-kind."+d.ID), d.Name))
	}
	houseLeft := g.Cfg.Mode == Standard && len(league) < len(decks.DeckIDs)-1 // random-car is always the house's
	switch {
	case len(league) == 0 && g.Cfg.Mode == Family:
		return phrase.New("rs.decks.house-family")
	case len(league) == 0:
		return phrase.New("rs.decks.house")
	}
	var all any = league[len(league)-1]
	if len(league) > 1 {
		var first phrase.List
		for _, l := range league[:len(league)-1] {
			first = append(first, l.(phrase.Phrase))
		}
		all = phrase.New("rs.and", first, all)
	}
	if houseLeft {
		return phrase.New("rs.decks.league-and-house", all)
	}
	return phrase.New("rs.decks.league", all)
}

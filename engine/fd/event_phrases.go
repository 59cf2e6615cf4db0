package fd

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// What the record's events mean, said by the rules that write them as
// language-neutral phrases (issue 13): internal/phrasebook says them in
// English and French for replies, mails, Discord posts, the web page's log
// and the board's last-play summary alike. No event is said from its
// key=value text anywhere else.

// EventPhrase says one event as a sentence, without its final stop; the
// zero phrase for an event that carries state, not news (a turn line, an
// order, the record's header). c names the places of a move (nil: none
// named).
func EventPhrase(c *tracks.Circuit, e Event) phrase.Phrase {
	kind, qualifying := strings.CutPrefix(e.Kind, "q-")
	if !qualifying {
		return eventPhrase(c, kind, e)
	}
	e = e.InRace()
	var p phrase.Phrase
	switch kind {
	case "over": // the session's end, not the race's
		return phrase.New("ev.qualifying-over", e.Get("q"))
	case "finish": // the only car of its session: its place there is no place
		p = phrase.New("ev.qualifying-finish", phrase.New("ev.car", e.Get("car")))
	default:
		p = eventPhrase(c, kind, e)
	}
	if p.IsZero() {
		return p
	}
	return phrase.New("ev.qualifying", p) // O-QUA: the car's own session
}

// silentKinds carry state, not news.
var silentKinds = map[string]bool{
	"turn": true, "order": true, "position": true, "position-car": true, "drivers": true, "option": true,
	"pitwall-record": true, "game": true, "rules": true, "track": true, "cars": true, "seed": true,
	"commitment": true, "events": true,
}

// IsSilent reports whether events of kind (its "q-" prefix aside) are
// never told to players.
func IsSilent(kind string) bool { return silentKinds[strings.TrimPrefix(kind, "q-")] }

// carOnlyKinds are the events that say only that a car did something.
var carOnlyKinds = map[string]bool{
	"spin": true, "pit-lane": true, "pit-quick": true, "pit-stop": true, "pit-long": true, "pit-technical": true,
	"pit-slow": true, "engine-blown": true, "engine-test": true, "inertia": true, "wall": true, "penalty": true,
	"removed": true, "restart": true, "turned": true, "drift": true, "radio": true, "weather-reroll": true,
	"qualifying": true, "pit-held": true, "pit-wait": true, // pit-held, pit-wait: league variant 19-D
	"mechanics-point": true, "engineer-point": true, // league variants 19-G, 19-F
	"spare-car": true, // league variant 20-B
}

// rollPurposes are the rolls the catalog names ("roll.gear" …); any other
// is "a die".
var rollPurposes = map[string]bool{
	"gear": true, "start": true, "collision": true, "engine": true, "handling": true, "weather": true,
	"pit": true, "grid": true, "police": true,
	"fuel":  true, // league variant 16-F
	"rails": true, // league variant 10-A
	"spin":  true, // league variant 10-A: the spin die of a car the runaway car hit

	"running-order": true, // league variant 1-A: an unranked car's d20 for the qualifying order
}

func eventPhrase(c *tracks.Circuit, kind string, e Event) phrase.Phrase {
	if silentKinds[kind] {
		return phrase.Phrase{}
	}
	car := e.Get("car")
	who := phrase.New("ev.car", car)
	num := func(key string) int { n, _ := strconv.Atoi(e.Get(key)); return n }
	switch kind {
	case "roll":
		what := phrase.New("roll.any")
		if f := e.Get("for"); rollPurposes[f] {
			what = phrase.New("roll." + f)
		}
		if car == "" || car == "0" {
			return phrase.New("ev.roll", e.Get("value"), what)
		}
		return phrase.New("ev.car-roll", who, e.Get("value"), what)
	case "gear":
		return phrase.New("ev.gear", who, phrase.Ordinal(num("to")))
	case "top": // league variant 6-A
		if num("delta") < 0 {
			return phrase.New("ev.top-less", who)
		}
		return phrase.New("ev.top-more", who)
	case "engineer-tune": // league variant 19-F
		return phrase.New("ev.engineer-tune", who, phrase.Term("cat."+e.Get("category")))
	case "grid-point": // league variant 23-A(c), (i)
		return phrase.New("ev.grid-point", who, num("place"))
	case "pilot-point": // league variants 23-A, 23-C
		if e.Get("use") == "reroll" { // 23-A(g)
			return phrase.New("ev.pilot-point-reroll", who, e.Get("was"))
		}
		if e.Get("point") == "token" { // 23-A(c): a season boost token, +1 only
			return phrase.New("ev.season-token", who)
		}
		if num("delta") < 0 {
			return phrase.New("ev.pilot-point-less", who)
		}
		return phrase.New("ev.pilot-point-more", who)
	case "pilot-reroll": // league variant 4-B(b)
		what := phrase.New("roll.any")
		if f := e.Get("for"); rollPurposes[f] {
			what = phrase.New("roll." + f)
		}
		return phrase.New("ev.pilot-reroll", who, what, e.Get("value"))
	case "test-refused": // league variants 23-A(d), 6-B (test_refusal.go)
		what := phrase.New("roll.any")
		if f := e.Get("for"); rollPurposes[f] {
			what = phrase.New("roll." + f)
		}
		if e.Get("by") == "super-top" {
			return phrase.New("ev.test-refused-super-top", who, what)
		}
		return phrase.New("ev.test-refused-pilot", who, what)
	case "super-top": // league variant 6-B
		if e.Get("use") == "save" {
			return phrase.New("ev.super-top-save", who, phrase.Term("cat."+e.Get("kept")))
		}
		return phrase.New("ev.super-top-move", who)
	case "rails": // league variant 10-A's rail cases
		return phrase.New("ev.rails-"+e.Get("result"), who, e.Get("corner"), num("roll"), placeSuffix(c, "ev.at-place", e.Get("space")))
	case "runaway-hit", "runaway-missed": // league variant 10-A's runaway car
		return phrase.New("ev."+kind, who, num("runaway"), placeSuffix(c, "ev.at-place", e.Get("space")))
	case "runaway-stopped": // league variant 10-A's runaway car
		return phrase.New("ev.runaway-stopped", num("car"), placeSuffix(c, "ev.at-place", e.Get("space")))
	case "pedal": // league variant 16-B
		return phrase.New("ev.pedal", who)
	case "supercharge": // league variant 16-E
		return phrase.New("ev.supercharge", who)
	case "supercharge-bonus": // league variant 16-E
		return phrase.New("ev.supercharge-bonus", who, num("spaces"))
	case "red-flag": // league variant 21-B
		if e.Get("outcome") == "aggregate" {
			return phrase.New("ev.red-flag-aggregate", num("lap"), num("markers"), num("walls"))
		}
		if e.Get("outcome") == "restart" {
			return phrase.New("ev.red-flag-restart", num("lap"), num("markers"), num("walls"))
		}
		if e.Get("outcome") == "half-points" {
			return phrase.New("ev.red-flag-half-points", num("lap"), num("markers"), num("walls"), num("lap")-1)
		}
		return phrase.New("ev.red-flag-ended", num("lap"), num("markers"), num("walls"), num("lap")-1)
	case "spare-car-fresh": // league variant 20-B (b1)
		return phrase.New("ev.spare-car-fresh", who)
	case "spare-car-cut": // league variant 20-B (b2)
		first, second, _ := strings.Cut(e.Get("cut"), "+")
		return phrase.New("ev.spare-car-cut", who, phrase.Term("cat."+first), phrase.Term("cat."+second))
	case "red-flag-fresh": // league variant 21-B, a retired car back on lap 1
		return phrase.New("ev.red-flag-fresh", who)
	case "red-flag-repaired": // league variant 21-B, a team's second retired car
		if e.Get("cat") == Tyres.String() {
			return phrase.New("ev.red-flag-repaired-tyres", who)
		}
		return phrase.New("ev.red-flag-repaired", who, phrase.Term("cat."+e.Get("cat")))
	case "red-flag-part": // league variant 21-B, a middle lap's Part 1
		return phrase.New("ev.red-flag-part", who, phrase.Ordinal(num("place")), num("gap"))
	case "aggregate": // league variant 21-B, the two parts added
		return phrase.New("ev.aggregate", who, num("part1"), num("part2"), num("total"))
	case "injury": // league variant 20-A, rule A in the race
		switch e.Get("result") {
		case "dead":
			return phrase.New("ev.injury-dead", who, e.Get("rolls"))
		case "injured":
			return phrase.New("ev.injury-hurt", who, e.Get("rolls"), num("races"))
		}
		return phrase.New("ev.injury-unhurt", who, e.Get("rolls"))
	case "qualifying-injury": // league variant 20-A, rule A's QUALI
		off := phrase.New("ev.quali-off-squares", num("spaces"))
		if league.QualifyingAccident(0, num("stops"), num("required")) {
			off = phrase.New("ev.quali-off-stops", num("stops"), num("required"))
		}
		return phrase.New("ev.qualifying-injury-"+e.Get("result"), who, e.Get("corner"), off, e.Get("rolls"))
	case "accident-stop": // league variant 20-A
		switch e.Get("outcome") {
		case "restart":
			return phrase.New("ev.accident-stop-restart", who, num("lap"))
		case "new-start": // rule B's death on lap 1
			return phrase.New("ev.accident-stop-new-start", who, num("lap"))
		}
		return phrase.New("ev.accident-stop-ended", who, num("lap"))
	case "boost": // league variant 5-A
		return phrase.New("ev.boost", who, num("n"))
	case "evo-bonus": // league variant 16-C
		return phrase.New("ev.evo-bonus", who, num("spaces"))
	case "seventh-gear": // league variant 6-D
		return phrase.New("ev.seventh-gear", who, num("fifth"), num("sixth"), phrase.New("opt.spaces", num("value")), num("tests"))
	case "gearbox": // league variant 6-C
		return phrase.New("ev.gearbox", who, e.Get("raw"), phrase.Ordinal(num("gear")), e.Get("box"), phrase.New("opt.spaces", num("value")))
	case "move", "slipstream":
		return movePhrase(c, kind, who, e)
	case "stop":
		return phrase.New("ev.stop", who, e.Get("corner"), num("stops"), num("required"))
	case "overshoot":
		return phrase.New("ev.overshoot", who, e.Get("corner"), phrase.New("opt.spaces", num("spaces")), num("stops"), num("required"))
	case "wear", "repair", "refuel": // refuel: league variant 19-C
		var parts []phrase.Phrase
		for _, a := range e.Args {
			if !wearCategories[a.Key] {
				continue
			}
			n, _ := strconv.Atoi(a.Val)
			if n < 0 {
				n = -n
			}
			parts = append(parts, phrase.New("ev.points", n, phrase.Term("pt."+a.Key)))
		}
		return phrase.New("ev."+kind, who, listPhrase(parts), causeSuffix("ev.cause", e.Get("cause")))
	case "contact":
		return phrase.New("ev.contact", who, e.Get("with"))
	case "lap":
		return phrase.New("ev.lap", who, e.Get("laps"))
	case "start":
		switch e.Get("result") {
		case "stall", "stalled":
			return phrase.New("ev.stall", who)
		case "super":
			return phrase.New("ev.super-start", who)
		}
		return phrase.New("ev.start", who)
	case "finish":
		return phrase.New("ev.finish", who, phrase.Ordinal(num("place")))
	case "eliminated":
		return phrase.New("ev.eliminated", who, causeSuffix("ev.because", e.Get("cause")))
	case "excluded": // league variant 7-A, the black flag
		return phrase.New("ev.excluded", who, e.Get("reason"))
	case "clock-out": // league variant 2-B, the race chess clock
		return phrase.New("ev.clock-out", who, e.Get("capital"))
	case "time-out": // side event AX-5, FD Blitz
		return phrase.New("ev.time-out", who, e.Get("bank"))
	case "over":
		return phrase.New("ev.over")
	case "tyres":
		return phrase.New("ev.tyres", who, knownTerm("tyre.", e.Get("type"), tyreTypes))
	case "weather":
		result, state := e.Get("result"), e.Get("state")
		if result == "" { // a state alone, not "Weather:  (rain)"
			result, state = state, ""
		}
		extra := phrase.Phrase{}
		if state != "" && weatherTerm(state) != weatherTerm(result) {
			extra = phrase.New("ev.in-parens", weatherWord(state))
		}
		return phrase.New("ev.weather", weatherWord(result), extra)
	case "grid-formula": // league variant 1-C
		return phrase.New("ev.grid-formula", who, e.Get("last"), e.Get("championship"), e.Get("roll"), e.Get("score"))
	case "running-order": // league variant 1-A
		return phrase.New("ev.running-order", e.Get("session"), CarsPhrase(e.Get("order")))
	case "contest-score": // side event AX-2
		if e.Get("ended") == "true" {
			return phrase.New("ev.contest-ended", who, e.Get("moves"))
		}
		return phrase.New("ev.contest-moves", who, e.Get("moves"))
	case "contest": // side event AX-2
		return phrase.New("ev.contest", CarsPhrase(e.Get("order")))
	case "carry-in": // side event AX-3, league AMB-56
		if num("gear") == 0 {
			return phrase.New("ev.carry-in-standing", who, setUpPhrase(e.Get("wear")))
		}
		return phrase.New("ev.carry-in", who, phrase.Ordinal(num("gear")), num("lane")+1, setUpPhrase(e.Get("wear")))
	case "carry-out": // side event AX-3, league AMB-56
		if num("gear") == 0 {
			return phrase.New("ev.carry-out-ended", who, setUpPhrase(e.Get("wear")))
		}
		return phrase.New("ev.carry-out", who, phrase.Ordinal(num("gear")), num("lane")+1, setUpPhrase(e.Get("wear")))
	case "pit-teams": // league variant 4-A
		var teams []phrase.Phrase
		for _, t := range strings.Split(e.Get("order"), ",") {
			teams = append(teams, phrase.New("ev.team", t))
		}
		how := phrase.Phrase{}
		if m := e.Get("mode"); m >= "a" && m <= "d" && len(m) == 1 {
			how = phrase.New("pits." + m)
		}
		return phrase.New("ev.pit-teams", how, listPhrase(teams))
	case "pit-box": // fdr R4.1
		return phrase.New("ev.pit-box", who, e.Get("box"))
	case "configuration":
		return phrase.New("ev.configuration", who, setUpPhrase(e.Get("wear")), e.Get("pit"))
	case "driver":
		name := e.Get("driver")
		if d, ok := DriverByKey(name); ok {
			name = d.Name
		}
		return phrase.New("ev.driver", who, name)
	case "grid":
		if p, ok := symmetricGridPhrase(c, e); ok {
			return p
		}
		return phrase.New("ev.grid", CarsPhrase(e.Get("order")))
	case "round":
		return phrase.New("ev.round", e.Get("n"), CarsPhrase(e.Get("order")))
	case "nitro":
		return phrase.New("ev.nitro", who, e.Get("bonus"))
	case "too-cute":
		return phrase.New("ev.too-cute", who)
	case "debris":
		if k := e.Get("kind"); k != "" { // league 17-B: what the marker costs
			return phrase.New("ev.debris-"+k, placeSuffix(c, "ev.space-place", e.Get("space")))
		}
		return phrase.New("ev.debris", placeSuffix(c, "ev.space-place", e.Get("space")))
	case "wing": // league variant 5-B
		return phrase.New("ev.wing", who, knownTerm("wing.", e.Get("setting"), wingSettings))
	case "wing-change": // league variant 5-B: at a pit stop
		return phrase.New("ev.wing-change", who, knownTerm("wing.", e.Get("setting"), wingSettings), num("repairs"))
	case "lock": // league variant 5-C
		return phrase.New("ev.lock", who, knownTerm("lock.", e.Get("level"), lockLevels))
	case "lock-change": // league variant 5-C: at a pit stop
		return phrase.New("ev.lock-change", who, knownTerm("lock.", e.Get("level"), lockLevels), num("repairs"))
	case "telemetry": // league variant 5-E2
		return phrase.New("ev.telemetry", who, e.Get("was"))
	case "tyres-spent": // league variant 8-B
		return phrase.New("ev.tyres-spent", who, knownTerm("tyre.", e.Get("type"), tyreTypes), e.Get("lap"))
	case "aquaplaning": // league variant 8-C
		return phrase.New("ev.aquaplaning", who, knownTerm("tyre.", e.Get("type"), tyreTypes), e.Get("raw"), e.Get("gear"))
	case "monsoon-grace": // league variant 8-C
		return phrase.New("ev.monsoon-grace", who)
	case "compulsory": // league variant 5-C
		return phrase.New("ev.compulsory", who, phrase.Signed(num("delta")))
	case "formation": // league variant 9-A
		return phrase.New("ev.formation", e.Get("start"))
	case "formation-stall":
		return phrase.New("ev.formation-stall", who)
	case "jump-start":
		return phrase.New("ev.jump-start", who)
	case "race-shortened":
		return phrase.New("ev.race-shortened", e.Get("start"), e.Get("laps"))
	case "debris-worn": // league variant 17-D
		return phrase.New("ev.debris-worn", e.Get("passages"), placeSuffix(c, "ev.space-place", e.Get("space")))
	case "debris-cleared": // league variants 17-C, 17-D
		return phrase.New("ev.debris-cleared", who, placeSuffix(c, "ev.space-place", e.Get("space")))
	case "drop":
		return phrase.New("ev.drop", who, placeSuffix(c, "ev.space-place", e.Get("space")))
	case "police":
		return phrase.New("ev.police", who, e.Get("speed"))
	case "police-award":
		return phrase.New("ev.police-award", who, e.Get("lap"), e.Get("speed"))
	case "qualified":
		return phrase.New("ev.qualified", who, e.Get("rolls"), e.Get("penalty"))
	}
	if carOnlyKinds[kind] && car != "" {
		return phrase.New("ev.did."+kind, who)
	}
	return phrase.Phrase{} // not news a player needs; never the record's syntax
}

// movePhrase: how far a car moved, where it ends, what braking or a
// blocking cost it (R-MOV-05, R-BRK-01, R-BLK-01).
func movePhrase(c *tracks.Circuit, kind string, who phrase.Phrase, e Event) phrase.Phrase {
	n, last := 0, ""
	if path := e.Get("path"); path != "-" && path != "" {
		steps := strings.Split(path, ",")
		n, last = len(steps), steps[len(steps)-1]
	}
	braking, blocked := phrase.Phrase{}, phrase.Phrase{}
	if b, _ := strconv.Atoi(e.Get("braked")); b > 0 {
		braking = phrase.New("ev.braking", phrase.New("opt.spaces", b))
	}
	if b, _ := strconv.Atoi(e.Get("blocked")); b > 0 {
		blocked = phrase.New("ev.blocked", phrase.New("opt.spaces", b))
	}
	if n == 0 {
		return phrase.New("ev.stays", who, braking, blocked)
	}
	at := placeSuffix(c, "ev.at-place", last)
	return phrase.New("ev."+kind, who, phrase.New("opt.spaces", n), at, braking, blocked)
}

// placeSuffix is key said of the place of the space named name, or
// nothing when the circuit cannot name it.
func placeSuffix(c *tracks.Circuit, key, name string) phrase.Phrase {
	if c == nil {
		return phrase.Phrase{}
	}
	id, ok := c.Lookup(name)
	if !ok {
		return phrase.Phrase{}
	}
	p, ok := placeOn(c, id, true)
	if !ok {
		return phrase.Phrase{}
	}
	return phrase.New(key, p)
}

// listPhrase says parts one after the other, separated by commas.
func listPhrase(parts []phrase.Phrase) phrase.Phrase {
	if len(parts) == 0 {
		return phrase.Phrase{}
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = phrase.New("ev.list", out, p)
	}
	return out
}

// CarsPhrase says a record's list of car numbers ("1,4,3"): "car 1, car
// 4, car 3".
func CarsPhrase(order string) phrase.Phrase {
	var cars []phrase.Phrase
	for _, n := range strings.Split(order, ",") {
		if n = strings.TrimSpace(n); n != "" {
			cars = append(cars, phrase.New("ev.car-in-list", n))
		}
	}
	return listPhrase(cars)
}

// wearCategories are the categories a wear or repair event counts.
var wearCategories = map[string]bool{
	"tyres": true, "brakes": true, "gearbox": true, "gas": true, "body": true, "engine": true, "handling": true,
}

// setUpPhrase says a car's set-up, "8/3/2/3/3/2", category by category
// (O-BLD-01).
func setUpPhrase(v string) phrase.Phrase {
	cats := []string{"tyres", "brakes", "gearbox", "body", "engine", "handling"}
	var parts []phrase.Phrase
	for i, n := range strings.Split(v, "/") {
		if i < len(cats) {
			parts = append(parts, phrase.New("ev.category-value", phrase.Category(cats[i]), n))
		}
	}
	return listPhrase(parts)
}

var wingSettings = map[string]bool{WingNeutral: true, WingLoaded: true, WingUnloaded: true}

// lockLevels are 5-C's steering locks the catalog names ("lock.A1" …).
var lockLevels = map[string]bool{"A1": true, "A2": true, "A3": true, "none": true}

var tyreTypes = map[string]bool{"hard": true, "soft": true, "rain": true, "supersoft": true, "monsoon": true}

// knownTerm is the term prefix+v where v is known, else v as it is.
func knownTerm(prefix, v string, known map[string]bool) any {
	if known[v] {
		return phrase.Term(prefix + v)
	}
	return v
}

// weatherTerm is the catalog's word for a weather of the record ("" for
// one it does not know).
func weatherTerm(w string) string {
	switch w {
	case "sun", "fine", "rain", "changeable", "changeable-rain", "storm", "deluge", "heatwave":
		return "weather." + w
	case "cloud", "clouds":
		return "weather.clouds"
	}
	return ""
}

// weatherWord names a weather of the record; one the catalog does not
// know is shown as it is in English and left out of French.
func weatherWord(w string) phrase.Phrase {
	if t := weatherTerm(w); t != "" {
		return phrase.New(t)
	}
	return phrase.New("ev.english-only", w)
}

// Causes. The engine writes why a car lost points or was eliminated as
// English prose with the rule ids behind it ("collision with car 2
// (R-COL-03)"); the record keeps that text. A player reads it without
// its rule ids (why / pourquoi shows them) and, in French, translated.

// RuleIDExpr is the expression of the parenthesised rule ids the engine
// writes into causes and errors: (R-COL-03), (R15.2), (T-14; AMB-21).
const RuleIDExpr = `\s*\((?:(?:[A-Z]{1,5}-)+[A-Z0-9]+(?:-\d+)?|[A-Z]{1,3}\d+(?:\.\d+)*)(?:[ ,;]+(?:(?:[A-Z]{1,5}-)+[A-Z0-9]+(?:-\d+)?|[A-Z]{1,3}\d+(?:\.\d+)*|[A-Z][a-z]+))*\)`

var ruleIDRE = regexp.MustCompile(RuleIDExpr)

// spaceAtRE finds a record's space id in an engine text: " at main.12.2".
var spaceAtRE = regexp.MustCompile(`\s+(?:at|in|on)\s+[a-z][a-z0-9-]*\.\d+(?:\.\d+)?\b`)

// spaceNamedRE finds a space id after the word space: "dangerous space
// chapel.1.0" (the fdr handling test's cause).
var spaceNamedRE = regexp.MustCompile(`\bspace\s+[a-z][a-z0-9-]*\.\d+(?:\.\d+)?\b`)

// trailingRuleIDRE finds a rule id after a comma at the end of a
// parenthesis: "(dangerous space, R17.3)" (a cause that holds another).
var trailingRuleIDRE = regexp.MustCompile(`,\s*(?:(?:[A-Z]{1,5}-)+[A-Z0-9]+(?:-\d+)?|[A-Z]{1,3}\d+(?:\.\d+)*)\)`)

// RuleIDGroups finds the parenthesised rule ids of an engine text, each
// group as written ("(R-COL-03)", " (T-14; AMB-21)").
func RuleIDGroups(s string) []string { return ruleIDRE.FindAllString(s, -1) }

// StripRuleIDs removes rule ids and the record's space ids from an engine
// text.
func StripRuleIDs(s string) string {
	s = trailingRuleIDRE.ReplaceAllString(ruleIDRE.ReplaceAllString(s, ""), ")")
	s = spaceNamedRE.ReplaceAllString(s, "space")
	return strings.TrimSpace(spaceAtRE.ReplaceAllString(s, ""))
}

// causeKinds translate the engine's causes: the first that matches names
// the cause; its key's English is the cause itself ({0}), its French
// takes the submatches ({1} …).
var causeKinds = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^collision with car (\d+)$`), "cause.collision"},
	{regexp.MustCompile(`^excluded by the race direction: (.*)$`), "cause.excluded"},
	{regexp.MustCompile(`^downshift (\d)→(\d)$`), "cause.downshift-from-to"},
	{regexp.MustCompile(`^downshift$`), "cause.downshift"},
	{regexp.MustCompile(`^braking$|^brakes$|^braked (\d+)$`), "cause.braking"},
	{regexp.MustCompile(`^overshoot(?:ing)? (.+?) by (\d+)$`), "cause.overshooting"},
	{regexp.MustCompile(`^overshoot.*$`), "cause.overshoot"},
	{regexp.MustCompile(`^left (.+) with (\d+) of (\d+) stops$`), "cause.left-stops"},
	{regexp.MustCompile(`^left (.+) with (\d+) of (\d+) stops: excessive overshooting$`), "cause.left-stops-excessive"},
	{regexp.MustCompile(`^session aborted: left (.+) with (\d+) of (\d+) stops$`), "cause.session-aborted"},
	{regexp.MustCompile(`^aborts the session: left (.+) with (\d+) of (\d+) stops$`), "cause.aborts-session"},
	{regexp.MustCompile(`^overshot (.+) by (\d+)$`), "cause.overshot"},
	{regexp.MustCompile(`^overshot (.+) by (\d+) \((\d+) tyre points\) with (\d+) tyre points$`), "cause.overshot-tyres"},
	{regexp.MustCompile(`^blocked (\d+)(?: spaces?)? short$`), "cause.blocked-short"},
	{regexp.MustCompile(`^blocked (\d+) short and braked (\d+)$`), "cause.blocked-braked"},
	{regexp.MustCompile(`^car radio of car (\d+)$`), "cause.radio"},
	{regexp.MustCompile(`^checkpoint$`), "cause.checkpoint"},
	{regexp.MustCompile(`^collision eliminated car (\d+): automatic$`), "cause.collision-eliminated"},
	{regexp.MustCompile(`^drift.*$`), "cause.drift"},
	{regexp.MustCompile(`^«.*»$`), "cause.quoted"},
	{regexp.MustCompile(`^overshot (.+) by (\d+) in the turn after a spin$`), "cause.overshot-after-spin"},
	{regexp.MustCompile(`^lost its last (\w+) point$`), "cause.lost-last"},
	{regexp.MustCompile(`^lost more tyre points than it had.*$`), "cause.lost-more-tyres"},
	{regexp.MustCompile(`^the downshift takes the last engine point$`), "cause.downshift-last-engine"},
	{regexp.MustCompile(`^slipstream into a corner$`), "cause.slip-brake"},
	{regexp.MustCompile(`^police speed record$`), "cause.police-record"},
	{regexp.MustCompile(`^checkpoint: all tyres$`), "cause.checkpoint-tyres"},
	{regexp.MustCompile(`^blocked(?: by .*)?$|^blocking.*$`), "cause.blocking"},
	{regexp.MustCompile(`^stalled after its spin.*$`), "cause.severe-spin"},                 // league 10-A
	{regexp.MustCompile(`^bounced off the rails of (.+) \(10-A\)$`), "cause.rails-rebound"}, // league 10-A's rails
	{regexp.MustCompile(`^hit by the runaway car (\d+) \(10-A\)$`), "cause.runaway-hit"},    // league 10-A's runaway car
	{regexp.MustCompile(`^spun by the runaway car (\d+) \(10-A\)$`), "cause.runaway-spin"},  // league 10-A's runaway car
	{regexp.MustCompile(`^debris marker$`), "cause.debris-marker"},                          // league 17-B
	{regexp.MustCompile(`^its pilot was hurt in qualifying$`), "cause.hurt-in-qualifying"},  // league 20-A's QUALI
	{regexp.MustCompile(`^oil marker$`), "cause.oil-marker"},                                // league 17-B
	{regexp.MustCompile(`^dangerous space.*$|^debris.*$`), "cause.dangerous"},
	{regexp.MustCompile(`^(?:the )?wall.*$`), "cause.wall"},
	{regexp.MustCompile(`^over-rev (\d)→(\d)$`), "cause.over-rev"},
	{regexp.MustCompile(`^engine test.*$|^engine.*$`), "cause.engine"},
	{regexp.MustCompile(`^handling.*$`), "cause.handling"},
	{regexp.MustCompile(`^spin.*$`), "cause.spin"},
	{regexp.MustCompile(`^pit.*$`), "cause.pit"},
	{regexp.MustCompile(`^pedal to the metal$`), "cause.pedal"},                              // league variant 16-B
	{regexp.MustCompile(`^out of fuel after (\d+) boosts?$`), "cause.out-of-fuel"},           // league variant 16-F
	{regexp.MustCompile(`^speed limit in the pit lane: entered in (\d)`), "cause.pit-speed"}, // league variant 19-A
	// league variant 2-B
	{regexp.MustCompile(`^out of fuel with its race clock spent \((\d+) or less on the d20\)$`), "cause.clock-out"},
	// side event AX-5
	{regexp.MustCompile(`^frozen where it stands, its time bank of (\S+) spent$`), "cause.time-out"},
}

// the causes that hold another cause
var (
	lostLastInRE  = regexp.MustCompile(`^lost its last (\w+) point \((.+)\)$`)
	lostTyresInRE = regexp.MustCompile(`^lost more tyre points than it had \((.+)\)$`)
)

// CausePhrase says an engine cause without its rule ids; the zero phrase
// for none. A cause no rule names is said as written in English and left
// out of French (IsEnglishOnly) rather than shown in English.
func CausePhrase(cause string) phrase.Phrase {
	c := StripRuleIDs(cause)
	if c == "" {
		return phrase.Phrase{}
	}
	if m := lostLastInRE.FindStringSubmatch(c); m != nil {
		return phrase.New("cause.lost-last-because", c, phrase.Category(m[1]), causeSuffix("ev.cause", m[2]))
	}
	if m := lostTyresInRE.FindStringSubmatch(c); m != nil {
		return phrase.New("cause.lost-more-tyres-because", c, causeSuffix("ev.cause", m[1]))
	}
	for _, k := range causeKinds {
		if m := k.re.FindStringSubmatch(c); m != nil {
			args := []any{c}
			for _, s := range m[1:] {
				args = append(args, s)
			}
			if k.key == "cause.lost-last" {
				args[1] = phrase.Category(m[1])
			}
			return phrase.New(k.key, args...)
		}
	}
	return phrase.New("ev.english-only", c)
}

// causeSuffix is key said of cause (" (…)", ": …"), or nothing; in
// English only where French has no words for the cause.
func causeSuffix(key, cause string) phrase.Phrase {
	p := CausePhrase(cause)
	switch {
	case p.IsZero():
		return p
	case p.Key == "ev.english-only":
		return phrase.New(key+"-en", p)
	}
	return phrase.New(key, p)
}

// IsWearCategory reports whether name is a wear category of a record
// ("gas" included, the fdr gearbox).
func IsWearCategory(name string) bool { return wearCategories[name] }

// PlaySummary says what happened in a play in the board's few words,
// phrase by phrase: what the car did, then what befell any car, then the
// wear each car lost (render's last-play summary).
func (g *Game) PlaySummary(p *PlayLog) []phrase.Phrase {
	var out []phrase.Phrase
	say := func(car int, what phrase.Phrase) {
		if car != p.Car {
			what = phrase.New("sum.other-car", car, what)
		}
		out = append(out, what)
	}
	wear := map[int][]phrase.Phrase{}
	var order []int
	for _, e := range p.Events {
		car, _ := e.Int("car")
		num := func(key string) int { n, _ := e.Int(key); return n }
		switch e.Kind {
		case "start":
			switch e.Get("result") {
			case "stall":
				say(car, phrase.New("sum.stall"))
			case "super":
				say(car, phrase.New("sum.super-start"))
			}
		case "move", "slipstream", "pit-quick":
			n := 0
			if path := e.Get("path"); path != "" && path != "-" {
				n = strings.Count(path, ",") + 1
			}
			braking, blocked := phrase.Phrase{}, phrase.Phrase{}
			if b := num("braked"); b > 0 {
				braking = phrase.New("sum.braking", b)
			}
			if b := num("blocked"); b > 0 {
				blocked = phrase.New("sum.blocked", b)
			}
			say(car, phrase.New("sum."+e.Kind, n, braking, blocked))
		case "wear":
			for _, a := range e.Args {
				if cat, ok := wearCategory(a.Key); ok {
					if len(wear[car]) == 0 {
						order = append(order, car)
					}
					wear[car] = append(wear[car], phrase.New("sum.wear", phrase.Category(g.Config.Rules.CategoryName(cat)), strings.Replace(a.Val, "-", "−", 1)))
				}
			}
		case "overshoot":
			say(car, phrase.New("sum.overshoot", e.Get("corner"), num("spaces")))
		case "spin":
			say(car, phrase.New("sum.spin", e.Get("corner")))
		case "stop":
			say(car, phrase.New("sum.stop", num("stops"), num("required"), e.Get("corner")))
		case "contact":
			say(car, phrase.New("sum.contact", num("with")))
		case "pit-lane", "pit-stop", "pit-slow", "pit-technical", "lap", "eliminated":
			say(car, phrase.New("sum."+e.Kind, num("laps")))
		case "pit-held", "pit-wait": // league variant 19-D
			say(car, phrase.New("sum."+e.Kind))
		case "debris":
			out = append(out, phrase.New("sum.debris"))
		case "finish":
			say(car, phrase.New("sum.finish", phrase.Ordinal(num("place"))))
		case "weather":
			state := e.Get("state")
			var w any = state
			switch state {
			case "fine", "changeable", "changeable-rain", "rain", "deluge", "heatwave":
				w = phrase.Term("sum.weather." + state)
			}
			out = append(out, phrase.New("sum.weather", w))
		}
	}
	for _, car := range order {
		say(car, listPhrase(wear[car]))
	}
	return out
}

// wearCategory reads a category of a wear event, "gas" included.
func wearCategory(s string) (Category, bool) {
	if s == "gas" {
		return Gearbox, true
	}
	return ParseCategory(s)
}

// decisionKeys are the headers of the decisions a player is asked.
var decisionKeys = map[DecisionKind]string{
	DecideGear: "dec.gear", DecideMove: "dec.move", DecideSlipstream: "dec.slipstream", DecidePit: "dec.pit",
	DecideTyres: "dec.tyres", DecideBox: "dec.box", DecideBuild: "dec.build", DecideDriver: "dec.driver",
	DecideReroll: "dec.reroll", DecideRepair: "dec.repair", DecideWing: "dec.wing", DecideLock: "dec.lock",
}

// DecisionPhrase is the header of a pending decision: whose car (player
// is the player's name, "" for none), in which session, and what must be
// decided; its options' facts are OptionFacts. The zero phrase for a
// decision no player is asked.
func (g *Game) DecisionPhrase(d *Decision, player string) phrase.Phrase {
	key, ok := decisionKeys[d.Kind]
	if !ok {
		return phrase.Phrase{}
	}
	name, session := phrase.Phrase{}, phrase.Phrase{}
	if player != "" {
		name = phrase.New("dec.player", player)
	}
	if d.Session != "" {
		var s any = d.Session
		if d.Session == "qualifying" { // O-QUA
			s = phrase.Term("dec.session.qualifying")
		}
		session = phrase.New("dec.session", s)
	}
	who := phrase.New("dec.who", d.Car, name, session)
	switch d.Kind {
	case DecideMove:
		return phrase.New(key, who, d.Rolled)
	case DecideReroll: // street races: Julien's weather frog (U-DRV-02)
		return phrase.New(key, who, weatherWord(g.Weather().String()))
	case DecideRepair: // street races (U-POL-01, U-CHK-01)
		n, why := 0, phrase.New("why.checkpoint")
		if len(d.Options) > 0 {
			for _, v := range d.Options[0].Repair {
				n += v
			}
			if w := d.Options[0].Why; !w.IsZero() {
				why = w.Phrase()
			}
		}
		return phrase.New(key, who, n, why)
	}
	return phrase.New(key, who)
}

// symmetricGridPhrase says AX-5's symmetric grid, whose event names its
// squares: who starts on the inside of bend 1 and plays first, who on
// the outside; false for a grid on the circuit's slots, or with no
// circuit to name the bend.
func symmetricGridPhrase(c *tracks.Circuit, e Event) (phrase.Phrase, bool) {
	cars, spaces := strings.Split(e.Get("order"), ","), strings.Split(e.Get("spaces"), ",")
	if c == nil || len(cars) != 2 || len(spaces) != 2 {
		return phrase.Phrase{}, false
	}
	first, ok := c.Lookup(spaces[0])
	if !ok {
		return phrase.Phrase{}, false
	}
	bend := c.NextCorner(c.Space(first).Level)
	if bend < 0 {
		return phrase.Phrase{}, false
	}
	return phrase.New("ev.grid-symmetric", phrase.New("ev.car-in-list", cars[0]), phrase.New("ev.car-in-list", cars[1]), c.Corners[bend].Name), true
}

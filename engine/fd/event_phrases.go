package fd

import (
	"reflect"
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
	if codecKinds().silent[kind] {
		return phrase.Phrase{}
	}
	if qualifying {
		e = e.InRace()
	}
	typed, err := Decode(e) // once: every phrase reads the event's fields
	if err != nil {
		if qualifying {
			return phrase.Phrase{}
		}
		return undecodedPhrase(kind, e)
	}
	q, qualifying := typed.(QualifyingCopy)
	if !qualifying {
		return eventPhrase(c, typed)
	}
	var p phrase.Phrase
	switch x := q.Event.(type) {
	case OverEvent: // the session's end, not the race's
		return phrase.New("ev.qualifying-over", numText(q.Car))
	case FinishEvent: // the only car of its session: its place there is no place
		p = phrase.New("ev.qualifying-finish", phrase.New("ev.car", numText(x.Car)))
	default:
		p = eventPhrase(c, q.Event)
	}
	if p.IsZero() {
		return p
	}
	return phrase.New("ev.qualifying", p) // O-QUA: the car's own session
}

// silentKinds carry state, not news.
var silentKinds = map[string]bool{
	"turn": true, "order": true, "position": true, "position-car": true, "option": true,
	"pitwall-record": true, "game": true, "rules": true, "track": true, "cars": true, "seed": true,
	"commitment": true, "events": true,
}

// IsSilent reports whether events of kind (its "q-" prefix aside) are
// never told to players.
func IsSilent(kind string) bool { return codecKinds().silent[strings.TrimPrefix(kind, "q-")] }

// carOnlyKinds are the events that say only that a car did something
// (fdr's own such kinds are its module's: fdr/events.go).
var carOnlyKinds = map[string]bool{
	"spin": true, "pit-lane": true, "pit-quick": true, "pit-stop": true, "pit-technical": true,
	"pit-slow": true, "engine-test": true, "restart": true,
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

func eventPhrase(c *tracks.Circuit, typed TypedEvent) phrase.Phrase {
	if says, ok := typed.(PhrasedEvent); ok { // a module's kind says itself (event_modules.go)
		return says.Phrase(c)
	}
	kind := typed.EventKind()
	car, hasCar := carOf(typed)
	who := phrase.New("ev.car", numText(car))
	switch x := typed.(type) {
	case RollEvent:
		what := rollPurpose(x.For)
		if x.Car == 0 {
			return phrase.New("ev.roll", numText(x.Value), what)
		}
		return phrase.New("ev.car-roll", who, numText(x.Value), what)
	case GearEvent:
		return phrase.New("ev.gear", who, phrase.Ordinal(x.To))
	case EngineerTuneEvent: // league variant 19-F
		return phrase.New("ev.engineer-tune", who, phrase.Term("cat."+x.Category))
	case PilotPointEvent: // league variants 23-A, 23-C
		if x.Use == "reroll" { // 23-A(g)
			return phrase.New("ev.pilot-point-reroll", who, numText(x.Was))
		}
		if x.Point == "token" { // 23-A(c): a season boost token, +1 only
			return phrase.New("ev.season-token", who)
		}
		if x.Delta < 0 {
			return phrase.New("ev.pilot-point-less", who)
		}
		return phrase.New("ev.pilot-point-more", who)
	case TestRefusedEvent: // league variants 23-A(d), 6-B (test_refusal.go)
		if x.By == "super-top" {
			return phrase.New("ev.test-refused-super-top", who, rollPurpose(x.For))
		}
		return phrase.New("ev.test-refused-pilot", who, rollPurpose(x.For))
	case RunawayHitEvent: // league variant 10-A's runaway car
		return phrase.New("ev.runaway-hit", who, x.Runaway, placeSuffix(c, "ev.at-place", x.Space))
	case RunawayMissedEvent:
		return phrase.New("ev.runaway-missed", who, x.Runaway, placeSuffix(c, "ev.at-place", x.Space))
	case RunawayStoppedEvent:
		return phrase.New("ev.runaway-stopped", x.Car, placeSuffix(c, "ev.at-place", x.Space))
	case RedFlagEvent: // league variant 21-B
		switch x.Outcome {
		case "aggregate":
			return phrase.New("ev.red-flag-aggregate", x.Lap, x.Markers, x.Walls)
		case "restart":
			return phrase.New("ev.red-flag-restart", x.Lap, x.Markers, x.Walls)
		case "half-points":
			return phrase.New("ev.red-flag-half-points", x.Lap, x.Markers, x.Walls, x.Lap-1)
		}
		return phrase.New("ev.red-flag-ended", x.Lap, x.Markers, x.Walls, x.Lap-1)
	case SpareCarFreshEvent: // league variant 20-B (b1)
		return phrase.New("ev.spare-car-fresh", who)
	case SpareCarCutEvent: // league variant 20-B (b2)
		first, second, _ := strings.Cut(x.Cut, "+")
		return phrase.New("ev.spare-car-cut", who, phrase.Term("cat."+first), phrase.Term("cat."+second))
	case RedFlagFreshEvent: // league variant 21-B, a retired car back on lap 1
		return phrase.New("ev.red-flag-fresh", who)
	case RedFlagRepairedEvent: // league variant 21-B, a team's second retired car
		if x.Cat == Tyres.String() {
			return phrase.New("ev.red-flag-repaired-tyres", who)
		}
		return phrase.New("ev.red-flag-repaired", who, phrase.Term("cat."+x.Cat))
	case RedFlagPartEvent: // league variant 21-B, a middle lap's Part 1
		return phrase.New("ev.red-flag-part", who, phrase.Ordinal(x.Place), x.Gap)
	case AggregateEvent: // league variant 21-B, the two parts added
		return phrase.New("ev.aggregate", who, x.Part1, x.Part2, x.Total)
	case InjuryEvent: // league variant 20-A, rule A in the race
		switch x.Result {
		case "dead":
			return phrase.New("ev.injury-dead", who, joinInts(x.Rolls))
		case "injured":
			return phrase.New("ev.injury-hurt", who, joinInts(x.Rolls), x.Races)
		}
		return phrase.New("ev.injury-unhurt", who, joinInts(x.Rolls))
	case QualifyingInjuryEvent: // league variant 20-A, rule A's QUALI
		off := phrase.New("ev.quali-off-squares", x.Spaces)
		if league.QualifyingAccident(0, x.Stops, x.Required) {
			off = phrase.New("ev.quali-off-stops", x.Stops, x.Required)
		}
		return phrase.New("ev.qualifying-injury-"+x.Result, who, x.Corner, off, joinInts(x.Rolls))
	case AccidentStopEvent: // league variant 20-A
		switch x.Outcome {
		case "restart":
			return phrase.New("ev.accident-stop-restart", who, x.Lap)
		case "new-start": // rule B's death on lap 1
			return phrase.New("ev.accident-stop-new-start", who, x.Lap)
		}
		return phrase.New("ev.accident-stop-ended", who, x.Lap)
	case MoveEvent:
		return movePhrase(c, kind, who, x.Path, x.Braked, x.Blocked)
	case SlipstreamEvent:
		return movePhrase(c, kind, who, x.Path, x.Braked, x.Blocked)
	case StopEvent:
		return phrase.New("ev.stop", who, x.Corner, x.Stops, x.Required)
	case OvershootEvent:
		return phrase.New("ev.overshoot", who, x.Corner, phrase.New("opt.spaces", x.Spaces), x.Stops, x.Required)
	case WearEvent:
		return phrase.New("ev.wear", who, pointsPhrase(x.points()), causeSuffix("ev.cause", x.Cause))
	case RepairEvent:
		return phrase.New("ev.repair", who, pointsPhrase(x.points()), causeSuffix("ev.cause", x.Cause))
	case RefuelEvent: // league variant 19-C
		return phrase.New("ev.refuel", who, pointsPhrase([]categoryPoints{{"gas", x.Gas}}), phrase.Phrase{})
	case ContactEvent:
		return phrase.New("ev.contact", who, numText(x.With))
	case LapEvent:
		return phrase.New("ev.lap", who, numText(x.Laps))
	case StartEvent:
		switch x.Result {
		case "stall", "stalled":
			return phrase.New("ev.stall", who)
		case "super":
			return phrase.New("ev.super-start", who)
		}
		return phrase.New("ev.start", who)
	case FinishEvent:
		return phrase.New("ev.finish", who, phrase.Ordinal(x.Place))
	case EliminatedEvent:
		return phrase.New("ev.eliminated", who, causeSuffix("ev.because", x.Cause))
	case ExcludedEvent: // league variant 7-A, the black flag
		return phrase.New("ev.excluded", who, x.Reason)
	case ClockOutEvent: // league variant 2-B, the race chess clock
		return phrase.New("ev.clock-out", who, x.Capital)
	case TimeOutEvent: // side event AX-5, FD Blitz
		return phrase.New("ev.time-out", who, x.Bank)
	case OverEvent:
		return phrase.New("ev.over")
	case TyresEvent:
		return phrase.New("ev.tyres", who, knownTerm("tyre.", x.Type, tyreTypes))
	case WeatherEvent:
		result, state := x.Result, x.State
		if result == "" { // a state alone, not "Weather:  (rain)"
			result, state = state, ""
		}
		extra := phrase.Phrase{}
		if state != "" && weatherTerm(state) != weatherTerm(result) {
			extra = phrase.New("ev.in-parens", weatherWord(state))
		}
		return phrase.New("ev.weather", weatherWord(result), extra)
	case RunningOrderEvent: // league variant 1-A
		return phrase.New("ev.running-order", numText(x.Session), carListPhrase(x.Order))
	case ContestScoreEvent: // side event AX-2
		if x.Ended {
			return phrase.New("ev.contest-ended", who, numText(x.Moves))
		}
		return phrase.New("ev.contest-moves", who, numText(x.Moves))
	case ContestEvent: // side event AX-2
		return phrase.New("ev.contest", carListPhrase(x.Order))
	case CarryInEvent: // side event AX-3, league AMB-56
		if x.Gear == 0 {
			return phrase.New("ev.carry-in-standing", who, setUpPhrase(x.Wear))
		}
		return phrase.New("ev.carry-in", who, phrase.Ordinal(x.Gear), x.Lane+1, setUpPhrase(x.Wear))
	case CarryOutEvent: // side event AX-3, league AMB-56
		if x.Gear == 0 {
			return phrase.New("ev.carry-out-ended", who, setUpPhrase(x.Wear))
		}
		return phrase.New("ev.carry-out", who, phrase.Ordinal(x.Gear), x.Lane+1, setUpPhrase(x.Wear))
	case PitBoxEvent: // fdr R4.1
		return phrase.New("ev.pit-box", who, numText(x.Box))
	case ConfigurationEvent:
		pit := ""
		if x.Pit != nil {
			pit = numText(*x.Pit)
		}
		return phrase.New("ev.configuration", who, setUpPhrase(x.Wear), pit)
	case GridEvent:
		if p, ok := symmetricGridPhrase(c, x); ok {
			return p
		}
		return phrase.New("ev.grid", carListPhrase(x.Order))
	case RoundEvent:
		return phrase.New("ev.round", numText(x.N), carListPhrase(x.Order))
	case DebrisEvent:
		if x.Kind != "" { // league 17-B: what the marker costs
			return phrase.New("ev.debris-"+x.Kind, placeSuffix(c, "ev.space-place", x.Space))
		}
		return phrase.New("ev.debris", placeSuffix(c, "ev.space-place", x.Space))
	case WingEvent: // league variant 5-B
		return phrase.New("ev.wing", who, knownTerm("wing.", x.Setting, wingSettings))
	case LockEvent: // league variant 5-C
		return phrase.New("ev.lock", who, knownTerm("lock.", x.Level, lockLevels))
	case TyresSpentEvent: // league variant 8-B
		return phrase.New("ev.tyres-spent", who, knownTerm("tyre.", x.Type, tyreTypes), numText(x.Lap))
	case AquaplaningEvent: // league variant 8-C
		return phrase.New("ev.aquaplaning", who, knownTerm("tyre.", x.Type, tyreTypes), numText(x.Raw), numText(x.Gear))
	case CompulsoryEvent: // league variant 5-C
		return phrase.New("ev.compulsory", who, phrase.Signed(x.Delta))
	case DebrisClearedEvent: // league variants 17-C, 17-D
		return phrase.New("ev.debris-cleared", who, placeSuffix(c, "ev.space-place", x.Space))
	case QualifiedEvent:
		return phrase.New("ev.qualified", who, numText(x.Rolls), numText(x.Penalty))
	}
	if codecKinds().carOnly[kind] && hasCar {
		return phrase.New("ev.did."+kind, who)
	}
	return phrase.Phrase{} // not news a player needs; never the record's syntax
}

// undecodedPhrase says a line the codec refuses (one Pitwall did not
// write: hand-edited, fuzzed): a car's event by its car, as the record
// names it; any other, nothing.
func undecodedPhrase(kind string, e Event) phrase.Phrase {
	if car := e.Get("car"); codecKinds().carOnly[kind] && car != "" {
		return phrase.New("ev.did."+kind, phrase.New("ev.car", car))
	}
	return phrase.Phrase{}
}

// carOf is the car an event names (its car= key), if it names one.
func carOf(t TypedEvent) (int, bool) {
	p := planOfKind(t.EventKind())
	if p == nil {
		return 0, false
	}
	for _, f := range p.fields {
		if f.key == "car" && f.kind == valInt {
			n := int(reflect.ValueOf(t).FieldByIndex(f.index).Int())
			return n, !f.opt || n != 0
		}
	}
	return 0, false
}

// numText writes a number as the record does, for a phrase that says it as written.
func numText(n int) string { return strconv.Itoa(n) }

// rollPurpose names what a roll was for; a purpose the catalog does not
// name is "a die".
func rollPurpose(purpose string) phrase.Phrase {
	if rollPurposes[purpose] {
		return phrase.New("roll." + purpose)
	}
	return phrase.New("roll.any")
}

// categoryPoints are the points a wear, repair or refuel event counts in
// one category, as the record names it ("gas" the fdr gearbox).
type categoryPoints struct {
	category string
	n        int
}

// points lists the categories a wear or repair event names, in the
// record's order.
func (x WearPoints) points() []categoryPoints {
	return pointsOf(x.Tyres, x.Brakes, x.Gearbox, x.Gas, x.Body, x.Engine, x.Handling)
}

func pointsOf(tyres, brakes, gearbox, gas, body, engine, handling *int) []categoryPoints {
	var out []categoryPoints
	for _, c := range []struct {
		name string
		n    *int
	}{{"tyres", tyres}, {"brakes", brakes}, {"gearbox", gearbox}, {"gas", gas}, {"body", body}, {"engine", engine}, {"handling", handling}} {
		if c.n != nil {
			out = append(out, categoryPoints{c.name, *c.n})
		}
	}
	return out
}

// pointsPhrase says points lost or won back, category by category.
func pointsPhrase(points []categoryPoints) phrase.Phrase {
	parts := make([]phrase.Phrase, 0, len(points))
	for _, p := range points {
		parts = append(parts, phrase.New("ev.points", max(p.n, -p.n), phrase.Term("pt."+p.category)))
	}
	return listPhrase(parts)
}

// movePhrase: how far a car moved, where it ends, what braking or a
// blocking cost it (R-MOV-05, R-BRK-01, R-BLK-01).
func movePhrase(c *tracks.Circuit, kind string, who phrase.Phrase, path string, braked, blocked int) phrase.Phrase {
	n, last := 0, ""
	if path != "-" && path != "" {
		steps := strings.Split(path, ",")
		n, last = len(steps), steps[len(steps)-1]
	}
	braking, blockedBy := phrase.Phrase{}, phrase.Phrase{}
	if braked > 0 {
		braking = phrase.New("ev.braking", phrase.New("opt.spaces", braked))
	}
	if blocked > 0 {
		blockedBy = phrase.New("ev.blocked", phrase.New("opt.spaces", blocked))
	}
	if n == 0 {
		return phrase.New("ev.stays", who, braking, blockedBy)
	}
	at := placeSuffix(c, "ev.at-place", last)
	return phrase.New("ev."+kind, who, phrase.New("opt.spaces", n), at, braking, blockedBy)
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
	move := func(car int, kind, path string, braked, blocked int) {
		n := 0
		if path != "" && path != "-" {
			n = strings.Count(path, ",") + 1
		}
		braking, blockedBy := phrase.Phrase{}, phrase.Phrase{}
		if braked > 0 {
			braking = phrase.New("sum.braking", braked)
		}
		if blocked > 0 {
			blockedBy = phrase.New("sum.blocked", blocked)
		}
		say(car, phrase.New("sum."+kind, n, braking, blockedBy))
	}
	wear := map[int][]phrase.Phrase{}
	var order []int
	for _, e := range p.Events {
		typed, err := Decode(e)
		if err != nil {
			continue // not a line the engine wrote: nothing to sum up
		}
		car, _ := carOf(typed)
		switch x := typed.(type) {
		case StartEvent:
			switch x.Result {
			case "stall":
				say(car, phrase.New("sum.stall"))
			case "super":
				say(car, phrase.New("sum.super-start"))
			}
		case MoveEvent:
			move(car, e.Kind, x.Path, x.Braked, x.Blocked)
		case SlipstreamEvent:
			move(car, e.Kind, x.Path, x.Braked, x.Blocked)
		case PitQuickEvent:
			move(car, e.Kind, x.Path, 0, 0)
		case WearEvent:
			for _, pts := range x.points() {
				if cat, ok := wearCategory(pts.category); ok {
					if len(wear[car]) == 0 {
						order = append(order, car)
					}
					wear[car] = append(wear[car], phrase.New("sum.wear", phrase.Category(g.Config.Rules.CategoryName(cat)), strings.Replace(numText(pts.n), "-", "−", 1)))
				}
			}
		case OvershootEvent:
			say(car, phrase.New("sum.overshoot", x.Corner, x.Spaces))
		case SpinEvent:
			say(car, phrase.New("sum.spin", x.Corner))
		case StopEvent:
			say(car, phrase.New("sum.stop", x.Stops, x.Required, x.Corner))
		case ContactEvent:
			say(car, phrase.New("sum.contact", x.With))
		case LapEvent:
			say(car, phrase.New("sum.lap", x.Laps))
		case PitLaneEvent, PitStopEvent, PitSlowEvent, PitTechnicalEvent, EliminatedEvent:
			say(car, phrase.New("sum."+e.Kind, 0))
		case PitHeldEvent, PitWaitEvent: // league variant 19-D
			say(car, phrase.New("sum."+e.Kind))
		case DebrisEvent:
			out = append(out, phrase.New("sum.debris"))
		case FinishEvent:
			say(car, phrase.New("sum.finish", phrase.Ordinal(x.Place)))
		case WeatherEvent:
			var w any = x.State
			switch x.State {
			case "fine", "changeable", "changeable-rain", "rain", "deluge", "heatwave":
				w = phrase.Term("sum.weather." + x.State)
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
	DecideTyres: "dec.tyres", DecideBox: "dec.box", DecideBuild: "dec.build", DecideWing: "dec.wing", DecideLock: "dec.lock",
}

// DecisionPhrase is the header of a pending decision: whose car (player
// is the player's name, "" for none), in which session, and what must be
// decided; its options' facts are OptionFacts. The rules module says the
// headers of its own decision kinds (DecisionPhraseModule). The zero
// phrase for a decision no player is asked.
func (g *Game) DecisionPhrase(d *Decision, player string) phrase.Phrase {
	key, ok := decisionKeys[d.Kind]
	m := g.describe.decisions
	if !ok && m == nil {
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
	if !ok {
		p, _ := m.DecisionPhrase(g, *d, who) // the zero phrase for a kind not the module's either
		return p
	}
	if d.Kind == DecideMove {
		return phrase.New(key, who, d.Rolled)
	}
	return phrase.New(key, who)
}

// symmetricGridPhrase says AX-5's symmetric grid, whose event names its
// squares: who starts on the inside of bend 1 and plays first, who on
// the outside; false for a grid on the circuit's slots, or with no
// circuit to name the bend.
func symmetricGridPhrase(c *tracks.Circuit, x GridEvent) (phrase.Phrase, bool) {
	spaces := strings.Split(x.Spaces, ",")
	if c == nil || len(x.Order) != 2 || len(spaces) != 2 {
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
	return phrase.New("ev.grid-symmetric", phrase.New("ev.car-in-list", numText(x.Order[0])), phrase.New("ev.car-in-list", numText(x.Order[1])), c.Corners[bend].Name), true
}

// carListPhrase says a list of car numbers: "car 1, car 4, car 3".
func carListPhrase(cars []int) phrase.Phrase {
	parts := make([]phrase.Phrase, 0, len(cars))
	for _, n := range cars {
		parts = append(parts, phrase.New("ev.car-in-list", numText(n)))
	}
	return listPhrase(parts)
}

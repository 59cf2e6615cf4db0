package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// EventText says one record line in English words, for `replay --events`
// (the record syntax itself is in docs/record.md).
func EventText(e fd.Event) string {
	car := "car " + e.Get("car")
	switch e.Kind {
	case "position":
		return "the race starts from a position, round " + e.Get("round")
	case "position-car":
		return fmt.Sprintf("%s stands on %s in gear %s", car, e.Get("space"), e.Get("gear"))
	case "position-qualified":
		if e.Get("ended") == "true" {
			return fmt.Sprintf("%s's qualifying lap of session %s ended early after %s spaces: %s rolls and %s penalty", car, e.Get("session"), e.Get("covered"), e.Get("rolls"), e.Get("penalty"))
		}
		return fmt.Sprintf("%s's qualifying lap of session %s is done: %s rolls and %s penalty", car, e.Get("session"), e.Get("rolls"), e.Get("penalty"))
	case "position-lap":
		where := "at the start of its lap"
		if sp := e.Get("space"); sp != "" && e.Get("play") != "0" {
			where = "on " + sp
		}
		return fmt.Sprintf("%s is on its qualifying lap, %s in gear %s, %s rolls so far", car, where, e.Get("gear"), e.Get("rolls"))
	case "round":
		return fmt.Sprintf("round %s: play order %s", e.Get("n"), strings.ReplaceAll(e.Get("order"), ",", ", "))
	case "turn":
		return fmt.Sprintf("play %s: %s's turn", e.Get("play"), car)
	case "order":
		if g := e.Get("gear"); g != "" {
			return fmt.Sprintf("%s chooses gear %s", car, g)
		}
		return fmt.Sprintf("%s chooses option %s", car, e.Get("choose"))
	case "gear":
		return fmt.Sprintf("%s shifts from gear %s to gear %s", car, e.Get("from"), e.Get("to"))
	case "roll":
		who := car
		if e.Get("car") == "0" {
			who = "the table"
		}
		return fmt.Sprintf("%s rolls %s on the %s die (%s)", who, e.Get("value"), e.Get("die"), e.Get("for"))
	case "move", "slipstream":
		path := e.Get("path")
		what := "moves"
		if e.Kind == "slipstream" {
			what = "slipstreams"
		}
		if path == "-" || path == "" {
			return fmt.Sprintf("%s stays put (braked %s, blocked %s)", car, e.Get("braked"), e.Get("blocked"))
		}
		n := strings.Count(path, ",") + 1
		s := fmt.Sprintf("%s %s %d spaces to %s, by %s", car, what, n, path[strings.LastIndex(path, ",")+1:], strings.ReplaceAll(path, ",", ", "))
		if b := e.Get("braked"); b != "" && b != "0" {
			s += ", braking " + b
		}
		if b := e.Get("blocked"); b != "" && b != "0" {
			s += ", blocked " + b + " short"
		}
		return s
	case "wear", "repair":
		var parts []string
		for _, a := range e.Args {
			if a.Key != "car" && a.Key != "cause" {
				parts = append(parts, a.Val+" "+a.Key)
			}
		}
		verb := "loses"
		if e.Kind == "repair" {
			verb = "recovers"
		}
		s := fmt.Sprintf("%s %s %s", car, verb, strings.ReplaceAll(strings.Join(parts, ", "), "-", ""))
		if c := e.Get("cause"); c != "" {
			s += " (" + c + ")"
		}
		return s
	case "eliminated":
		return fmt.Sprintf("%s is eliminated: %s", car, e.Get("cause"))
	case "finish":
		return fmt.Sprintf("%s finishes, place %s", car, e.Get("place"))
	case "lap":
		return fmt.Sprintf("%s completes lap %s", car, e.Get("laps"))
	case "stop":
		return fmt.Sprintf("%s stops in %s (%s of %s)", car, e.Get("corner"), e.Get("stops"), e.Get("required"))
	case "overshoot":
		return fmt.Sprintf("%s overshoots %s by %s spaces with %s of %s stops", car, e.Get("corner"), e.Get("spaces"), e.Get("stops"), e.Get("required"))
	case "spin":
		return car + " spins"
	case "contact":
		return fmt.Sprintf("%s is in contact with car %s", car, e.Get("with"))
	case "engine-test":
		return fmt.Sprintf("%s's top face: engine tests", car)
	case "debris":
		return "debris on " + e.Get("space")
	case "pit-lane":
		return car + " enters the pit lane"
	case "pit-stop":
		return fmt.Sprintf("%s stops at its box: %s tyre points back, %s tyres", car, e.Get("tyres"), e.Get("type"))
	case "pit-quick":
		return fmt.Sprintf("%s: a quick stop, out in gear %s", car, e.Get("gear"))
	case "pit-slow":
		return car + ": a slow stop"
	case "weather":
		return fmt.Sprintf("the weather (%s) is now %s", e.Get("session"), e.Get("state"))
	case "start":
		return fmt.Sprintf("%s's start: %s", car, e.Get("result"))
	case "classification":
		return fmt.Sprintf("an official classifies %s in place %s: %s", car, e.Get("place"), e.Get("reason"))
	case "excluded":
		return fmt.Sprintf("the race direction excludes %s: %s", car, e.Get("reason"))
	case "over":
		return "the race is over"
	}
	// any other line: its kind and values in words
	var parts []string
	for _, a := range e.Args {
		parts = append(parts, a.Key+" "+a.Val)
	}
	return strings.ReplaceAll(e.Kind, "-", " ") + ": " + strings.Join(parts, ", ")
}

// EventView is one line of `replay FILE --events --json`.
type EventView struct {
	Event int               `json:"event"`
	Line  string            `json:"line"`
	Kind  string            `json:"kind"`
	Args  map[string]string `json:"args"`
	Text  string            `json:"text"`
	// After is the cars once a play is over and the next decision waits:
	// on the last line before the next order (and on the record's last).
	After []CarState `json:"after,omitempty"`
}

// EventsOf replays rec and describes every line, with the cars after each
// play, as reader (readerOf: a car's seat, 0 a spectator, fd.GameMaster
// the whole record) may read them: under 5-D a line that writes down a
// car's build, and the car's wear, are hidden from another seat while the
// car races (as the game stood at the end of the line's play).
func EventsOf(rec *fd.Record, c *tracks.Circuit, reader int) ([]EventView, error) {
	after := map[int][]CarState{}
	hidden := map[int]string{} // line index: the comment that stands for it
	seen := 0
	judge := func(g *fd.Game) {
		for ; seen < len(g.Events) && seen < len(rec.Events); seen++ {
			if h := hiddenBuildLine(g, reader, rec.Events[seen]); h != "" {
				hidden[seen] = h
			}
		}
	}
	_, err := fd.ReplayEach(rec, c, func(g *fd.Game, play int) error {
		after[len(g.Events)] = carStates(g, carSeen(g, reader))
		judge(g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]EventView, len(rec.Events))
	for i, e := range rec.Events {
		if h, ok := hidden[i]; ok {
			out[i] = EventView{Event: i + 1, Line: h, Kind: e.Kind, Args: map[string]string{"car": e.Get("car")},
				Text: fmt.Sprintf("car %s's build: hidden until its race ends (5-D)", e.Get("car")), After: after[i+1]}
			continue
		}
		args := map[string]string{}
		for _, a := range e.Args {
			args[a.Key] = a.Val
		}
		out[i] = EventView{Event: i + 1, Line: e.String(), Kind: e.Kind, Args: args, Text: EventText(e), After: after[i+1]}
	}
	return out, nil
}

// carStates are g's cars; a car whose wear sees says reader may not see
// (5-D) has none (nil, null in JSON).
func carStates(g *fd.Game, sees func(car int) bool) []CarState {
	var out []CarState
	for _, c := range g.Position().Cars {
		cs := CarState{Car: c.Car, Space: c.Space, Gear: c.Gear, Laps: c.Laps, Stops: c.Stops, PitStops: c.PitStops,
			Status: c.Status.String(), Tyre: c.Tyre.String(), Driver: c.Driver, Box: c.Box}
		if sees(c.Car) {
			cs.Wear = map[string]int{}
			for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
				cs.Wear[g.Config.Rules.CategoryName(cat)] = c.Wear[cat]
			}
		}
		out = append(out, cs)
	}
	return out
}

// CarStateText says a car's state in words.
func CarStateText(c CarState) string {
	where := "off the board"
	if c.Space != "" {
		where = "on " + c.Space
	}
	// A fixed order: the same state always reads the same (ranging over a
	// map did not), and only the categories the car's ruleset has.
	var w []string
	for _, cat := range wearOrder {
		if n, ok := c.Wear[cat]; ok {
			w = append(w, fmt.Sprintf("%d %s", n, categoryText(cat, "en")))
		}
	}
	wear := strings.Join(w, ", ")
	if c.Wear == nil {
		wear = "its build and wear hidden until its race ends (5-D)"
	}
	return fmt.Sprintf("car %d %s %s, gear %d, lap %d done, %s", c.Car, c.Status, where, c.Gear, c.Laps, wear)
}

package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// words in both languages for the replies players read.
var words = map[string][2]string{
	"gear":        {"gear", "vitesse"},
	"choose-gear": {"must choose a gear", "doit choisir une vitesse"},
	"choose-move": {"rolled %d: choose where to go", "a fait %d : choisissez où aller"},
	"choose-slip": {"may take a slipstream", "peut prendre l'aspiration"},
	"choose-pit":  {"is in its box: choose the stop", "est à son stand : choisissez l'arrêt"},
	"choose-tyre": {"must choose tyres", "doit choisir ses pneus"},
	"choose-conf": {"must configure the car (20 points)", "doit configurer la voiture (20 points)"},
	"spaces":      {"spaces", "cases"},
	"to":          {"to", "vers"},
	"stay":        {"stay", "rester"},
	"eliminated":  {"ELIMINATED", "ÉLIMINÉE"},
	"no-slip":     {"no slipstream", "pas d'aspiration"},
	"waiting":     {"Waiting for", "En attente de"},
	"over":        {"The race is over.", "La course est terminée."},
	"car":         {"Car", "Voiture"},
	"finished":    {"finished", "arrivée"},
	"place":       {"place", "place"},
	"by":          {"by", "avant le"},
	"dangerous":   {"dangerous space(s)", "case(s) dangereuse(s)"},
	"pit":         {"pit lane", "voie des stands"},
	"quick":       {"tyre stop", "arrêt pneus"},
	"long":        {"technical stop", "arrêt technique"},
	"spin":        {"spin", "tête-à-queue"},
	"bonus":       {"soft +1", "+1 tendres"},
	"slide":       {"slide", "glissade"},
	// street races: spreading the police record's or the checkpoint's
	// points (U-POL-01, U-CHK-01)
	"choose-repair": {"recovers %d points (%s): choose where they go", "récupère %d points (%s) : choisissez où les mettre"},
	"police-record": {"police speed record", "record de vitesse au poste de police"},
	"checkpoint":    {"checkpoint", "point de contrôle"},
	"no-repair":     {"nothing to recover", "rien à récupérer"},
}

// categoryWords names the wear categories in prose.
var categoryWords = [fd.NumCategories][2]string{
	{"tyres", "pneus"}, {"brakes", "freins"}, {"gearbox", "boîte de vitesses"},
	{"body", "carrosserie"}, {"engine", "moteur"}, {"handling", "tenue de route"},
}

// repairText writes a spread of recovered points as "+2 brakes, +1 body".
func repairText(w fd.Wear, lang string) string {
	var parts []string
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if w[cat] > 0 {
			name := categoryWords[cat][0]
			if lang == "fr" {
				name = categoryWords[cat][1]
			}
			parts = append(parts, fmt.Sprintf("+%d %s", w[cat], name))
		}
	}
	if len(parts) == 0 {
		return tr(lang, "no-repair")
	}
	return strings.Join(parts, ", ")
}

// repairWhy names why a repair decision recovers points, from its cause.
func repairWhy(d fd.Decision, lang string) (int, string) {
	n, why := 0, tr(lang, "checkpoint")
	if len(d.Options) > 0 {
		for _, v := range d.Options[0].Repair {
			n += v
		}
		if strings.Contains(d.Options[0].Cause, "U-POL-01") {
			why = tr(lang, "police-record")
		}
	}
	return n, why
}

func tr(lang, key string) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	if lang == "fr" {
		return w[1]
	}
	return w[0]
}

// costText writes a wear cost as "brakes −1, tyres −2".
// costText writes a wear cost with the complete rules' category names.
func costText(w fd.Wear) string { return costTextIn(fd.FD2008, w) }

// costTextIn names the categories as the ruleset does (gas under fdr).
func costTextIn(rules fd.Ruleset, w fd.Wear) string {
	var parts []string
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if w[cat] > 0 {
			parts = append(parts, fmt.Sprintf("%s −%d", rules.CategoryName(cat), w[cat])) // gas under fdr
		}
	}
	return strings.Join(parts, ", ")
}

// describeDecision lists a pending decision and its options for a player.
func describeDecision(l *live, d fd.Decision, lang string, names map[int]string) string {
	var b strings.Builder
	who := fmt.Sprintf("%s %d", tr(lang, "car"), d.Car)
	if n := names[d.Car]; n != "" {
		who += " (" + n + ")"
	}
	if d.Session != "" {
		who += " [" + d.Session + "]"
	}
	switch d.Kind {
	case fd.DecideGear:
		fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-gear"))
		for _, op := range d.Options {
			fmt.Fprintf(&b, " %d", op.Gear)
			if c := costTextIn(l.game.Config.Rules, op.Cost); c != "" {
				fmt.Fprintf(&b, " (%s)", c)
			}
			if op.Eliminated {
				fmt.Fprintf(&b, " (%s)", tr(lang, "eliminated"))
			}
		}
	case fd.DecideMove, fd.DecideSlipstream, fd.DecidePit, fd.DecideTyres, fd.DecideBuild, fd.DecideDriver, fd.DecideReroll, fd.DecideRepair:
		switch d.Kind {
		case fd.DecideRepair: // street races (U-POL-01, U-CHK-01)
			n, why := repairWhy(d, lang)
			fmt.Fprintf(&b, "%s "+tr(lang, "choose-repair")+":", who, n, why)
		case fd.DecideReroll: // street races: Julien's weather frog (U-DRV-02)
			fmt.Fprintf(&b, "%s: weather %s, re-roll?", who, l.game.Weather())
		case fd.DecideDriver: // street races (U-DRV-01)
			if lang == "fr" {
				fmt.Fprintf(&b, "%s choisit son pilote (pilote NOM):", who)
			} else {
				fmt.Fprintf(&b, "%s picks a driver (driver NAME):", who)
			}
		case fd.DecideMove:
			fmt.Fprintf(&b, "%s "+tr(lang, "choose-move")+":", who, d.Rolled)
		case fd.DecideSlipstream:
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-slip"))
		case fd.DecidePit:
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-pit"))
		case fd.DecideTyres:
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-tyre"))
		case fd.DecideBuild:
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-conf"))
		}
		for _, op := range d.Options {
			fmt.Fprintf(&b, "\n  %s: %s", op.Letter, optionText(l, d, op, lang))
		}
	}
	return b.String()
}

func optionText(l *live, d fd.Decision, op fd.Option, lang string) string {
	var parts []string
	switch d.Kind {
	case fd.DecideDriver:
		if dr, ok := fd.DriverByKey(op.Driver); ok {
			return dr.Name + " " + dr.Wear.Compact() + " — " + dr.Ability
		}
	case fd.DecideReroll:
		if op.Reroll {
			return "re-roll"
		}
		return "keep"
	case fd.DecideRepair:
		return repairText(op.Repair, lang)
	case fd.DecideTyres:
		return op.Tyre.String()
	case fd.DecideBuild:
		return op.Build.String()
	case fd.DecidePit:
		s := tr(lang, "quick") + ", " + op.Tyre.String()
		if op.Technical {
			s = tr(lang, "long") + ", " + op.Tyre.String() + ", +" + strings.ReplaceAll(costTextIn(l.game.Config.Rules, op.Repair), "−", "")
		}
		return s
	case fd.DecideSlipstream:
		if op.Stop {
			return tr(lang, "no-slip")
		}
	}
	if len(op.Path) == 0 {
		parts = append(parts, tr(lang, "stay"))
	} else {
		parts = append(parts, fmt.Sprintf("%d %s %s %s", len(op.Path), tr(lang, "spaces"), tr(lang, "to"), l.track.Spaces[op.End].Name))
	}
	if c := costTextIn(l.game.Config.Rules, op.Cost); c != "" {
		parts = append(parts, c)
	}
	if op.Dangerous > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", op.Dangerous, tr(lang, "dangerous")))
	}
	if op.Pit {
		parts = append(parts, tr(lang, "pit"))
	}
	parts = append(parts, streetOptionText(op)...)
	if op.Spin {
		parts = append(parts, tr(lang, "spin"))
	}
	if op.Bonus {
		parts = append(parts, tr(lang, "bonus"))
	}
	if op.Slide > 0 {
		parts = append(parts, fmt.Sprintf("%s +%d", tr(lang, "slide"), op.Slide))
	}
	if op.Eliminated {
		parts = append(parts, tr(lang, "eliminated")+": "+op.Cause)
	}
	return strings.Join(parts, " — ")
}

// describeEvents turns record lines into what happened, for people.
func describeEvents(evs []fd.Event, lang string) string {
	var out []string
	for _, e := range evs {
		car := e.Get("car")
		switch e.Kind {
		case "roll":
			out = append(out, fmt.Sprintf("  %s %s: %s %s → %s", tr(lang, "car"), car, e.Get("for"), e.Get("die"), e.Get("value")))
		case "move", "slipstream":
			path := e.Get("path")
			n := 0
			if path != "-" {
				n = strings.Count(path, ",") + 1
			}
			line := fmt.Sprintf("%s %s: %s %d %s", tr(lang, "car"), car, e.Kind, n, tr(lang, "spaces"))
			if n > 0 {
				line += " " + tr(lang, "to") + " " + path[strings.LastIndex(path, ",")+1:]
			}
			out = append(out, line)
		case "wear":
			for _, a := range e.Args {
				if a.Key != "car" && a.Key != "cause" {
					out = append(out, fmt.Sprintf("  %s %s: %s %s (%s)", tr(lang, "car"), car, a.Key, a.Val, e.Get("cause")))
				}
			}
		case "eliminated":
			out = append(out, fmt.Sprintf("%s %s %s: %s", tr(lang, "car"), car, tr(lang, "eliminated"), e.Get("cause")))
		case "finish":
			out = append(out, fmt.Sprintf("%s %s %s, %s %s", tr(lang, "car"), car, tr(lang, "finished"), tr(lang, "place"), e.Get("place")))
		case "turn", "order", "q-turn", "q-order":
			continue
		case "over":
			out = append(out, tr(lang, "over"))
		default:
			out = append(out, "  "+e.String())
		}
	}
	return strings.Join(out, "\n")
}

// streetOptionText names the street declarations of a move (§2.18).
func streetOptionText(op fd.Option) []string {
	var parts []string
	if op.Nitro > 0 {
		parts = append(parts, fmt.Sprintf("nitro +%d", op.Nitro))
	}
	if op.Drift != 0 {
		parts = append(parts, fmt.Sprintf("drift %+d", op.Drift))
	}
	if op.Cute {
		parts = append(parts, "−1 Li-Tsu")
	}
	if op.Drop {
		parts = append(parts, "debris")
	}
	if op.Radio != 0 {
		parts = append(parts, fmt.Sprintf("radio → car %d", op.Radio))
	}
	return parts
}

package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// words in both languages for the replies players read.
var words = map[string][2]string{
	"choose-gear": {"must choose a gear", "doit choisir une vitesse"},
	"choose-move": {"rolled %d: choose where to go", "a fait %d : choisissez où aller"},
	"choose-slip": {"may take a slipstream", "peut prendre l'aspiration"},
	"choose-pit":  {"is in its box: choose the stop", "est à son stand : choisissez l'arrêt"},
	"choose-tyre": {"must choose tyres", "doit choisir ses pneus"},
	"choose-box":  {"must choose a free pit, in grid order", "doit choisir un stand libre, dans l'ordre de la grille"},
	"choose-conf": {"must configure the car (20 points)", "doit configurer la voiture (20 points)"},
	"waiting":     {"Waiting for", "En attente de"},
	"over":        {"The race is over.", "La course est terminée."},
	"car":         {"Car", "Voiture"},
	"finished":    {"finished", "arrivée"},
	"place":       {"place", "place"},
	"by":          {"by", "avant le"},
	// street races: spreading the police record's or the checkpoint's
	// points (U-POL-01, U-CHK-01)
	"choose-repair": {"recovers %d points (%s): choose where they go", "récupère %d points (%s) : choisissez où les mettre"},
	"checkpoint":    {"checkpoint", "point de contrôle"},
}

// repairWhy counts the points a repair decision spreads and names why
// they come back, from its options' own facts (U-POL-01, U-CHK-01).
func repairWhy(d fd.Decision, lang string) (int, string) {
	n, why := 0, tr(lang, "checkpoint")
	if len(d.Options) > 0 {
		for _, v := range d.Options[0].Repair {
			n += v
		}
		if w := d.Options[0].Why; !w.IsZero() {
			why = phrasebook.Text(lang, w.Phrase())
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

// describeDecision lists a pending decision and its options for a player.
func describeDecision(l *live, d fd.Decision, lang string, names map[int]string) string {
	var b strings.Builder
	who := fmt.Sprintf("%s %d", tr(lang, "car"), d.Car)
	if n := names[d.Car]; n != "" {
		who += " (" + n + ")"
	}
	if d.Session != "" {
		session := d.Session
		if d.Session == "qualifying" {
			session = inLang(lang, [2]string{"qualifying", "qualifications"})
		}
		who += " [" + session + "]"
	}
	switch d.Kind {
	case fd.DecideGear:
		fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-gear"))
		gears := append([]fd.Option(nil), d.Options...)
		sort.Slice(gears, func(i, j int) bool { return gears[i].Gear < gears[j].Gear })
		for _, op := range gears {
			fmt.Fprintf(&b, "\n  %d: %s", op.Gear, optionText(l, d, op, lang))
		}
	case fd.DecideMove, fd.DecideSlipstream, fd.DecidePit, fd.DecideTyres, fd.DecideBox, fd.DecideBuild, fd.DecideDriver, fd.DecideReroll, fd.DecideRepair:
		switch d.Kind {
		case fd.DecideRepair: // street races (U-POL-01, U-CHK-01)
			n, why := repairWhy(d, lang)
			fmt.Fprintf(&b, "%s "+tr(lang, "choose-repair")+":", who, n, why)
		case fd.DecideReroll: // street races: Julien's weather frog (U-DRV-02)
			fmt.Fprintf(&b, inLang(lang, [2]string{"%s: weather %s, roll again?", "%s : météo %s, relancer ?"}), who, weatherText(fmt.Sprint(l.game.Weather()), lang))
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
		case fd.DecideBox: // fdr R4.1
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-box"))
		case fd.DecideBuild:
			fmt.Fprintf(&b, "%s %s:", who, tr(lang, "choose-conf"))
		}
		for _, op := range d.Options {
			fmt.Fprintf(&b, "\n  %s: %s", op.Letter, optionText(l, d, op, lang))
		}
	}
	out := b.String()
	if lang == "fr" {
		// French typography: a space before the colon of the header
		head, rest, _ := strings.Cut(out, "\n")
		if strings.HasSuffix(head, ":") && !strings.HasSuffix(head, " :") {
			head = strings.TrimSuffix(head, ":") + " :"
		}
		if rest != "" {
			head += "\n" + rest
		}
		out = head
	}
	return out
}

// optionText says an option's facts, as the rules that made it wrote
// them (fd.Game.OptionFacts), through the one catalog the boards use too.
func optionText(l *live, d fd.Decision, op fd.Option, lang string) string {
	return strings.Join(phrasebook.Texts(lang, l.game.OptionFacts(&d, op)), " — ")
}

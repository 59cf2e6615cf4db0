package bot

import (
	"fmt"
	"sort"
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
	"choose-box":  {"must choose a free pit, in grid order", "doit choisir un stand libre, dans l'ordre de la grille"},
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

// repairText writes a spread of recovered points as "+2 brakes, +1 body".
func repairText(w fd.Wear, lang string) string {
	var parts []string
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if w[cat] > 0 {
			parts = append(parts, fmt.Sprintf("+%d %s", w[cat], categoryText(cat.String(), lang)))
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
func costTextIn(rules fd.Ruleset, w fd.Wear) string { return costTextLang(rules, w, "en") }

// costTextLang writes a wear cost in the reader's language.
func costTextLang(rules fd.Ruleset, w fd.Wear, lang string) string {
	var parts []string
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if w[cat] > 0 {
			name := rules.CategoryName(cat) // gas under fdr
			if t := categoryText(name, lang); t != "" {
				name = t
			}
			parts = append(parts, fmt.Sprintf("%s −%d", name, w[cat]))
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
		session := d.Session
		if d.Session == "qualifying" {
			session = inLang(lang, [2]string{"qualifying", "qualifications"})
		}
		who += " [" + session + "]"
	}
	switch d.Kind {
	case fd.DecideGear:
		fmt.Fprintf(&b, "%s %s%s", who, tr(lang, "choose-gear"), inLang(lang, [2]string{": ", " : "}))
		gears := append([]fd.Option(nil), d.Options...)
		sort.Slice(gears, func(i, j int) bool { return gears[i].Gear < gears[j].Gear })
		for i, op := range gears {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d", op.Gear)
			if c := costTextLang(l.game.Config.Rules, op.Cost, lang); c != "" {
				fmt.Fprintf(&b, " (%s)", c)
			}
			if op.Eliminated {
				fmt.Fprintf(&b, " (%s)", tr(lang, "eliminated"))
			}
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

func optionText(l *live, d fd.Decision, op fd.Option, lang string) string {
	var parts []string
	switch d.Kind {
	case fd.DecideDriver:
		if dr, ok := fd.DriverByKey(op.Driver); ok {
			return dr.Name + " " + dr.Wear.Compact() + " — " + abilityText(dr, lang)
		}
	case fd.DecideReroll:
		if op.Reroll {
			return inLang(lang, [2]string{"roll again", "relancer"})
		}
		return inLang(lang, [2]string{"keep", "garder"})
	case fd.DecideRepair:
		return repairText(op.Repair, lang)
	case fd.DecideTyres:
		return tyreText(op.Tyre.String(), lang)
	case fd.DecideBox: // fdr R4.1
		if l.game.Config.Variants.PitAlloc != "" { // league variant 4-A: a team's two pits
			return fmt.Sprintf(inLang(lang, [2]string{"the team's pits %d and %d from the pit-lane entry", "les stands %d et %d de l'écurie depuis l'entrée des stands"}), op.Box, op.Box+1)
		}
		return fmt.Sprintf(inLang(lang, [2]string{"pit %d from the pit-lane entry", "stand %d depuis l'entrée des stands"}), op.Box)
	case fd.DecideBuild:
		return wearList(op.Build.Compact(), lang)
	case fd.DecidePit:
		s := tr(lang, "quick") + ", " + tyreText(op.Tyre.String(), lang)
		if op.Technical {
			s = tr(lang, "long") + ", " + tyreText(op.Tyre.String(), lang) + ", +" + strings.ReplaceAll(costTextLang(l.game.Config.Rules, op.Repair, lang), "−", "")
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
		move := spacesText(len(op.Path), lang)
		if p := placeText(l.track, l.track.Spaces[op.End].Name, lang); p != "" {
			move += ", " + p
		}
		parts = append(parts, move)
	}
	if c := costTextLang(l.game.Config.Rules, op.Cost, lang); c != "" {
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
	switch { // league variant 6-A, or 23-A's pilot point once the Top is spent
	case op.Top != 0 && l.game.TopSpendsPilotPoint(d.Car):
		parts = append(parts, pilotPointText(op.Top, lang))
	case op.Top == 1:
		parts = append(parts, inLang(lang, [2]string{"the Top: one space more", "le Top : une case de plus"}))
	case op.Top == -1:
		parts = append(parts, inLang(lang, [2]string{"the Top: one space less", "le Top : une case de moins"}))
	}
	if op.Slide > 0 {
		parts = append(parts, fmt.Sprintf("%s +%d", tr(lang, "slide"), op.Slide))
	}
	if op.Eliminated {
		elim := tr(lang, "eliminated")
		if c := causeText(op.Cause, lang); c != "" {
			elim += ": " + c
		}
		parts = append(parts, elim)
	}
	return strings.Join(parts, " — ")
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

// tyreText names a tyre type: "hard" / "durs".
func tyreText(t, lang string) string {
	if w, ok := map[string][2]string{"hard": {"hard", "durs"}, "soft": {"soft", "tendres"}, "rain": {"rain", "pluie"}}[t]; ok {
		return inLang(lang, w)
	}
	return t
}

// driverAbilities in French, by driver (T-13).
var driverAbilities = map[string]string{
	fd.DriverLiTsu:   "Trop mignonne : un adversaire qui la dépasse en ligne droite avance d'une case de moins",
	fd.DriverJack:    "As du dérapage : ±1 case dans un virage pour 1 point de pneus",
	fd.DriverStanley: "Radio : une fois par course, une voiture adjacente perd 1 point",
	fd.DriverDimitri: "Petit génie : test moteur perdu sur 1 à 3 seulement (1 à 2 sous la pluie)",
	fd.DriverJulien:  "Grenouille météo : relance la météo ; glisse de 1 sous la pluie",
	fd.DriverJenny:   "Mécanicienne experte : 4 points à chaque point de contrôle au lieu de 2",
	fd.DriverMontoya: "Nitro amélioré : peut ajouter 3 cases au nitro",
	fd.DriverDerek:   "Agressif : ses partenaires de collision lancent deux fois",
	fd.DriverDiane:   "Galanterie : gagne toutes les égalités d'ordre de jeu et de grille",
	fd.DriverTemana:  "Voiture poubelle : lâche des débris une fois par tour ; ne perd de tenue de route sur débris que sur 1 à 2",
}

// abilityText is a driver's ability in the reader's language, without
// rule ids.
func abilityText(dr fd.Driver, lang string) string {
	if lang == "fr" {
		return driverAbilities[dr.Key]
	}
	return stripRuleIDs(dr.Ability)
}

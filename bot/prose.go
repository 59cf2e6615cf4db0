package bot

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// Prose of the record for players, in English or French: each event in a
// sentence, places named as the board names them (a corner, the straight
// before a corner, the pit lane), never the record's key=value syntax nor
// its space ids, and no rule id (why / pourquoi shows them). Discord, mail
// and the terminal all read this one text.

// ruleIDRE finds the rule ids the engine writes into causes: "(R-COL-03)".
// (R-COL-03), (R15.2), (T-14; AMB-21).
var ruleIDRE = regexp.MustCompile(`\s*\((?:(?:[A-Z]{1,5}-)+[A-Z0-9]+(?:-\d+)?|[A-Z]{1,3}\d+(?:\.\d+)*)(?:[ ,;]+(?:(?:[A-Z]{1,5}-)+[A-Z0-9]+(?:-\d+)?|[A-Z]{1,3}\d+(?:\.\d+)*|[A-Z][a-z]+))*\)`)

// spaceAtRE finds a record's space id in an engine text: " at main.12.2".
var spaceAtRE = regexp.MustCompile(`\s+(?:at|in|on)\s+[a-z][a-z0-9-]*\.\d+(?:\.\d+)?\b`)

// spaceNamedRE finds a space id after the word space: "dangerous space
// chapel.1.0" (the fdr handling test's cause).
var spaceNamedRE = regexp.MustCompile(`\bspace\s+[a-z][a-z0-9-]*\.\d+(?:\.\d+)?\b`)

// stripRuleIDs removes rule ids (and space ids) from an engine text.
func stripRuleIDs(s string) string {
	s = spaceNamedRE.ReplaceAllString(ruleIDRE.ReplaceAllString(s, ""), "space")
	return strings.TrimSpace(spaceAtRE.ReplaceAllString(s, ""))
}

// categoryWords name the wear categories.
var categoryWords = map[string][2]string{
	"tyres":    {"tyres", "pneus"},
	"brakes":   {"brakes", "freins"},
	"gearbox":  {"gearbox", "boîte"},
	"gas":      {"gas", "essence"},
	"body":     {"body", "carrosserie"},
	"engine":   {"engine", "moteur"},
	"handling": {"handling", "tenue de route"},
}

// wearOrder is the order wear categories are listed in: the car sheet's,
// with gas (fdr) where the gearbox is under the other rulesets.
var wearOrder = []string{"tyres", "brakes", "gearbox", "gas", "body", "engine", "handling"}

func categoryText(cat, lang string) string {
	if w, ok := categoryWords[cat]; ok {
		return inLang(lang, w)
	}
	return ""
}

// causePatterns translate the engine's causes (English prose) into French;
// a cause no pattern knows is left out of French text rather than shown in
// English.
var causePatterns = []struct {
	re *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^collision with car (\d+)$`), "collision avec la voiture $1"},
	{regexp.MustCompile(`^excluded by the race direction: (.*)$`), "exclue par la direction de course : $1"},
	{regexp.MustCompile(`^downshift (\d)→(\d)$`), "rétrogradage de $1 à $2"},
	{regexp.MustCompile(`^downshift$`), "rétrogradage"},
	{regexp.MustCompile(`^braking$|^brakes$|^braked (\d+)$`), "freinage"},
	{regexp.MustCompile(`^overshoot(?:ing)? (.+?) by (\d+)$`), "dépassement de $2 dans $1"},
	{regexp.MustCompile(`^overshoot.*$`), "dépassement"},
	{regexp.MustCompile(`^left (.+) with (\d+) of (\d+) stops$`), "a quitté $1 avec $2 arrêt(s) sur $3"},
	{regexp.MustCompile(`^left (.+) with (\d+) of (\d+) stops: excessive overshooting$`), "a quitté $1 avec $2 arrêt(s) sur $3 : dépassement excessif"},
	{regexp.MustCompile(`^session aborted: left (.+) with (\d+) of (\d+) stops$`), "session interrompue : a quitté $1 avec $2 arrêt(s) sur $3"},
	{regexp.MustCompile(`^aborts the session: left (.+) with (\d+) of (\d+) stops$`), "interrompt la session : quitte $1 avec $2 arrêt(s) sur $3"},
	{regexp.MustCompile(`^overshot (.+) by (\d+)$`), "a dépassé $1 de $2"},
	{regexp.MustCompile(`^overshot (.+) by (\d+) \((\d+) tyre points\) with (\d+) tyre points$`), "dépasse $1 de $2 ($3 points de pneus) avec $4 points de pneus"},
	{regexp.MustCompile(`^blocked (\d+)(?: spaces?)? short$`), "bloquée à $1 case(s) de son but"},
	{regexp.MustCompile(`^car radio of car (\d+)$`), "radio de la voiture $1"},
	{regexp.MustCompile(`^checkpoint$`), "point de contrôle"},
	{regexp.MustCompile(`^collision eliminated car (\d+): automatic$`), "collision qui a éliminé la voiture $1 : automatique"},
	{regexp.MustCompile(`^drift.*$`), "dérapage"},
	{regexp.MustCompile(`^«.*»$`), "$0"},
	{regexp.MustCompile(`^overshot (.+) by (\d+) in the turn after a spin$`), "a dépassé $1 de $2 au coup suivant un tête-à-queue"},
	{regexp.MustCompile(`^lost its last (\w+) point$`), "a perdu son dernier point de $1"},
	{regexp.MustCompile(`^lost more tyre points than it had.*$`), "a perdu plus de points de pneus qu'elle n'en avait"},
	{regexp.MustCompile(`^the downshift takes the last engine point$`), "le rétrogradage prend le dernier point de moteur"},
	{regexp.MustCompile(`^slipstream into a corner$`), "aspiration dans un virage"},
	{regexp.MustCompile(`^police speed record$`), "record de vitesse devant la police"},
	{regexp.MustCompile(`^checkpoint: all tyres$`), "point de contrôle : tous les pneus"},
	{regexp.MustCompile(`^blocked(?: by .*)?$|^blocking.*$`), "blocage"},
	{regexp.MustCompile(`^dangerous space.*$|^debris.*$`), "case dangereuse"},
	{regexp.MustCompile(`^(?:the )?wall.*$`), "le mur"},
	{regexp.MustCompile(`^over-rev (\d)→(\d)$`), "surrégime de $1 à $2"},
	{regexp.MustCompile(`^engine test.*$|^engine.*$`), "test moteur"},
	{regexp.MustCompile(`^handling.*$`), "tenue de route"},
	{regexp.MustCompile(`^spin.*$`), "tête-à-queue"},
	{regexp.MustCompile(`^pit.*$`), "arrêt au stand"},
}

// lostLastRE and lostTyresRE are the causes that hold another cause.
var (
	lostLastRE  = regexp.MustCompile(`^lost its last (\w+) point \((.+)\)$`)
	lostTyresRE = regexp.MustCompile(`^lost more tyre points than it had \((.+)\)$`)
)

// causeText writes an engine cause for people, without its rule ids.
func causeText(cause, lang string) string {
	c := stripRuleIDs(cause)
	if lang != "fr" || c == "" {
		return c
	}
	if m := lostLastRE.FindStringSubmatch(c); m != nil {
		out := "a perdu son dernier point de " + categoryText(m[1], lang)
		if inner := causeText(m[2], lang); inner != "" {
			out += " (" + inner + ")"
		}
		return out
	}
	if m := lostTyresRE.FindStringSubmatch(c); m != nil {
		out := "a perdu plus de points de pneus qu'elle n'en avait"
		if inner := causeText(m[1], lang); inner != "" {
			out += " (" + inner + ")"
		}
		return out
	}
	for _, p := range causePatterns {
		if p.re.MatchString(c) {
			out := p.re.ReplaceAllString(c, p.fr)
			for en, w := range categoryWords { // "dernier point de body"
				out = strings.ReplaceAll(out, "point de "+en, "point de "+w[1])
			}
			return out
		}
	}
	return ""
}

// placeText names a space as the board shows it: the corner it is in, the
// straight before the next corner, the pit lane or a pit box.
func placeText(c *tracks.Circuit, name, lang string) string {
	if c == nil {
		return ""
	}
	id, ok := c.Lookup(name)
	if !ok {
		return ""
	}
	sp := c.Space(id)
	lane := ""
	if sp.Kind == tracks.KindTrack {
		left, right := false, false
		for _, o := range c.Beside(id) {
			if c.Space(o).Offset < sp.Offset {
				left = true
			} else {
				right = true
			}
		}
		switch {
		case left && right:
			lane = inLang(lang, [2]string{", middle lane", ", voie du milieu"})
		case right:
			lane = inLang(lang, [2]string{", left lane", ", voie de gauche"})
		case left:
			lane = inLang(lang, [2]string{", right lane", ", voie de droite"})
		}
	}
	switch {
	case sp.Kind == tracks.KindPit:
		return inLang(lang, [2]string{"in the pit lane", "dans la voie des stands"})
	case sp.Kind == tracks.KindBox:
		return inLang(lang, [2]string{"in its pit box", "à son stand"})
	case sp.Corner >= 0 && sp.Corner < len(c.Corners):
		return inLang(lang, [2]string{"in ", "dans "}) + c.Corners[sp.Corner].Name + lane
	}
	if next := c.NextCorner(sp.Level); next >= 0 && next < len(c.Corners) {
		return inLang(lang, [2]string{"on the straight before ", "sur la ligne droite avant "}) + c.Corners[next].Name + lane
	}
	return inLang(lang, [2]string{"on the straight", "sur la ligne droite"}) + lane
}

// carText: "Car 2" / "La voiture 2" at the start of a sentence.
func carText(car, lang string) string {
	if lang == "fr" {
		return "La voiture " + car
	}
	return "Car " + car
}

// carsText: "car 1, car 4, car 3".
func carsText(order, lang string) string {
	var parts []string
	for _, n := range strings.Split(order, ",") {
		if n = strings.TrimSpace(n); n != "" {
			parts = append(parts, inLang(lang, [2]string{"car ", "voiture "})+n)
		}
	}
	return strings.Join(parts, ", ")
}

// ordinal: "3rd" / "3e".
func ordinal(n int, lang string) string {
	if lang == "fr" {
		if n == 1 {
			return "1re"
		}
		return fmt.Sprintf("%de", n)
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// spacesText: "1 space", "4 spaces" / "1 case", "4 cases".
func spacesText(n int, lang string) string {
	return plural(n, lang, [2]string{"space", "case"})
}

// rollWords say what a roll was for.
var rollWords = map[string][2]string{
	"gear":      {"gear die", "dé de vitesse"},
	"start":     {"for the start", "pour le départ"},
	"collision": {"collision check", "test de collision"},
	"engine":    {"engine test", "test moteur"},
	"handling":  {"handling check", "test de tenue de route"},
	"weather":   {"weather", "météo"},
	"pit":       {"pit stop", "arrêt au stand"},
	"grid":      {"starting grid", "grille de départ"},
	"police":    {"police", "police"},
}

// carEventWords are the events that say only that a car did something.
var carEventWords = map[string][2]string{
	"spin":           {"spins", "part en tête-à-queue"},
	"pit-lane":       {"enters the pit lane", "entre dans la voie des stands"},
	"pit-quick":      {"leaves the pits with a quick exit", "sort des stands (sortie rapide)"},
	"pit-stop":       {"stops in its pit box", "s'arrête à son stand"},
	"pit-long":       {"makes a technical stop", "fait un arrêt technique"},
	"pit-technical":  {"makes a technical stop", "fait un arrêt technique"},
	"pit-slow":       {"makes a slow stop", "fait un arrêt lent"},
	"engine-blown":   {"blows its engine", "casse son moteur"},
	"engine-test":    {"tests its engine", "fait un test moteur"},
	"inertia":        {"rolls on by inertia", "avance sur son élan"},
	"wall":           {"hits the wall", "touche le mur"},
	"penalty":        {"takes a penalty", "reçoit une pénalité"},
	"removed":        {"is taken off the track", "est retirée de la piste"},
	"restart":        {"restarts", "repart"},
	"turned":         {"is turned around", "est retournée"},
	"drift":          {"drifts", "dérape"},
	"radio":          {"uses its radio", "utilise sa radio"},
	"weather-reroll": {"rolls the weather again", "relance la météo"},
	"qualifying":     {"starts its qualifying lap", "commence son tour de qualification"},
}

// silentEvents carry state, not news.
var silentEvents = map[string]bool{
	"turn": true, "order": true, "position": true, "position-car": true, "drivers": true, "option": true,
	"pitwall-record": true, "game": true, "rules": true, "track": true, "cars": true, "seed": true,
	"commitment": true, "events": true,
}

// weatherWords name the weather.
var weatherWords = map[string][2]string{
	"sun": {"sun", "soleil"}, "fine": {"fine", "beau temps"}, "rain": {"rain", "pluie"},
	"changeable": {"changeable", "variable"}, "changeable-rain": {"changeable, rain", "variable, pluie"},
	"cloud": {"clouds", "nuages"}, "clouds": {"clouds", "nuages"}, "storm": {"storm", "orage"},
}

func weatherText(w, lang string) string {
	if t, ok := weatherWords[w]; ok {
		return inLang(lang, t)
	}
	if lang == "fr" {
		return ""
	}
	return w
}

// describeEvent writes one event as a sentence ("" for events that are
// not news).
func describeEvent(c *tracks.Circuit, e fd.Event, lang string) string {
	kind := e.Kind
	prefix := ""
	if k, ok := strings.CutPrefix(kind, "q-"); ok {
		kind = k
		prefix = inLang(lang, [2]string{"Qualifying — ", "Qualifications — "})
	}
	if silentEvents[kind] {
		return ""
	}
	car := e.Get("car")
	who := carText(car, lang)
	num := func(key string) int { n, _ := strconv.Atoi(e.Get(key)); return n }
	fr := lang == "fr"
	var s string
	switch kind {
	case takeBackKind:
		s = fmt.Sprintf(inLang(lang, [2]string{"The game master took back play %s: %s", "Le maître de jeu a annulé le coup %s : %s"}), e.Get("play"), e.Get("reason"))
	case "roll":
		what := inLang(lang, rollWords[e.Get("for")])
		if what == "" {
			what = inLang(lang, [2]string{"a die", "un dé"})
		}
		if car == "" || car == "0" {
			s = fmt.Sprintf(inLang(lang, [2]string{"Roll: %s (%s)", "Lancer : %s (%s)"}), e.Get("value"), what)
		} else {
			s = fmt.Sprintf(inLang(lang, [2]string{"%s rolls %s (%s)", "%s fait %s (%s)"}), who, e.Get("value"), what)
		}
	case "gear":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s shifts into %s gear", "%s passe la %s"}), who, ordinal(num("to"), lang))
	case "top": // league variant 6-A
		if num("delta") < 0 {
			s = fmt.Sprintf(inLang(lang, [2]string{"%s plays its Top: one space less", "%s joue son Top : une case de moins"}), who)
		} else {
			s = fmt.Sprintf(inLang(lang, [2]string{"%s plays its Top: one space more", "%s joue son Top : une case de plus"}), who)
		}
	case "pilot-point": // league variant 23-A
		if num("delta") < 0 {
			s = fmt.Sprintf(inLang(lang, [2]string{"%s spends a pilot point: one space less", "%s dépense un point de pilote : une case de moins"}), who)
		} else {
			s = fmt.Sprintf(inLang(lang, [2]string{"%s spends a pilot point: one space more", "%s dépense un point de pilote : une case de plus"}), who)
		}
	case "gearbox": // league variant 6-C
		s = fmt.Sprintf(inLang(lang, [2]string{"%s: %s on the d20 in %s gear, gearbox %s: %s", "%s : %s au d20 en %s, boîte %s : %s"}),
			who, e.Get("raw"), ordinal(num("gear"), lang), e.Get("box"), spacesText(num("value"), lang))
	case "move", "slipstream":
		path := e.Get("path")
		n := 0
		last := ""
		if path != "-" && path != "" {
			steps := strings.Split(path, ",")
			n, last = len(steps), steps[len(steps)-1]
		}
		switch {
		case n == 0:
			s = fmt.Sprintf(inLang(lang, [2]string{"%s stays where it is", "%s reste sur place"}), who)
		case kind == "slipstream":
			s = fmt.Sprintf(inLang(lang, [2]string{"%s takes the slipstream: %s", "%s prend l'aspiration : %s"}), who, spacesText(n, lang))
		default:
			s = fmt.Sprintf(inLang(lang, [2]string{"%s moves %s", "%s avance de %s"}), who, spacesText(n, lang))
		}
		if p := placeText(c, last, lang); p != "" && n > 0 {
			s += ", " + p
		}
		if b := num("braked"); b > 0 {
			s += fmt.Sprintf(inLang(lang, [2]string{", braking %s", ", en freinant de %s"}), spacesText(b, lang))
		}
		if b := num("blocked"); b > 0 {
			s += fmt.Sprintf(inLang(lang, [2]string{", blocked for %s", ", bloquée sur %s"}), spacesText(b, lang))
		}
	case "stop":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s stops in %s (%d of %d)", "%s marque un arrêt dans %s (%d sur %d)"}), who, e.Get("corner"), num("stops"), num("required"))
	case "overshoot":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s overshoots %s by %s (%d of %d stops)", "%s dépasse %s de %s (%d arrêt(s) sur %d)"}),
			who, e.Get("corner"), spacesText(num("spaces"), lang), num("stops"), num("required"))
	case "wear", "repair":
		var parts []string
		for _, a := range e.Args {
			cat := categoryText(a.Key, lang)
			if cat == "" {
				continue
			}
			n, _ := strconv.Atoi(a.Val)
			if n < 0 {
				n = -n
			}
			if fr {
				parts = append(parts, fmt.Sprintf("%d %s de %s", n, pluralWord(n, "point", "points"), cat))
			} else {
				parts = append(parts, fmt.Sprintf("%d %s %s", n, strings.TrimSuffix(cat, "s"), pluralWord(n, "point", "points")))
			}
		}
		verb := inLang(lang, [2]string{"%s loses %s", "%s perd %s"})
		if kind == "repair" {
			verb = inLang(lang, [2]string{"%s wins back %s", "%s regagne %s"})
		}
		s = fmt.Sprintf(verb, who, strings.Join(parts, ", "))
		if cause := causeText(e.Get("cause"), lang); cause != "" {
			s += " (" + cause + ")"
		}
	case "contact":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s is in contact with car %s", "%s est au contact de la voiture %s"}), who, e.Get("with"))
	case "lap":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s completes lap %s", "%s termine le tour %s"}), who, e.Get("laps"))
	case "start":
		switch e.Get("result") {
		case "stall", "stalled":
			s = fmt.Sprintf(inLang(lang, [2]string{"%s stalls at the start", "%s cale au départ"}), who)
		case "super":
			s = fmt.Sprintf(inLang(lang, [2]string{"%s makes a super start", "%s réussit un super départ"}), who)
		default:
			s = fmt.Sprintf(inLang(lang, [2]string{"%s gets away normally", "%s part normalement"}), who)
		}
	case "finish":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s crosses the finishing line in %s place", "%s franchit l'arrivée en %s position"}), who, ordinal(num("place"), lang))
	case "eliminated":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s is eliminated", "%s est éliminée"}), who)
		if cause := causeText(e.Get("cause"), lang); cause != "" {
			s += ": " + cause
		}
	case "excluded": // league variant 7-A, the black flag
		s = fmt.Sprintf(inLang(lang, [2]string{"%s is shown the black flag: %s", "%s reçoit le drapeau noir : %s"}), who, e.Get("reason"))
	case "over":
		s = inLang(lang, [2]string{"The race is over", "La course est terminée"})
	case "tyres":
		tyre := map[string][2]string{"hard": {"hard", "durs"}, "soft": {"soft", "tendres"}, "rain": {"rain", "pluie"}}[e.Get("type")]
		s = fmt.Sprintf(inLang(lang, [2]string{"%s fits %s tyres", "%s monte des pneus %s"}), who, inLang(lang, tyre))
	case "weather":
		w := weatherText(e.Get("result"), lang)
		if st := weatherText(e.Get("state"), lang); st != "" && st != w {
			w += " (" + st + ")"
		}
		s = inLang(lang, [2]string{"Weather: ", "Météo : "}) + w
	case "grid-formula": // league variant 1-C
		s = fmt.Sprintf(inLang(lang, [2]string{"%s: grid score 2 × %s (last race) + %s (championship) + %s (d20) = %s", "%s : score de grille 2 × %s (dernière course) + %s (championnat) + %s (d20) = %s"}),
			who, e.Get("last"), e.Get("championship"), e.Get("roll"), e.Get("score"))
	case "pit-teams": // league variant 4-A
		how := map[string][2]string{
			"a": {"assigned by the team standings", "attribués selon le classement des écuries"},
			"b": {"fixed for the season by last season's standings", "fixés pour la saison selon le classement de la saison passée"},
			"c": {"chosen in the order of the team standings", "choisis dans l'ordre du classement des écuries"},
			"d": {"chosen worst team first", "choisis par la dernière écurie d'abord"},
		}[e.Get("mode")]
		var teams []string
		for _, t := range strings.Split(e.Get("order"), ",") {
			teams = append(teams, inLang(lang, [2]string{"team ", "écurie "})+t)
		}
		s = fmt.Sprintf(inLang(lang, [2]string{"Pits %s: %s", "Stands %s : %s"}), inLang(lang, how), strings.Join(teams, ", "))
	case "pit-box": // fdr R4.1
		s = fmt.Sprintf(inLang(lang, [2]string{"%s takes pit %s from the pit-lane entry", "%s prend le stand %s depuis l'entrée des stands"}), who, e.Get("box"))
	case "configuration":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s is set up: %s, %s pit point(s)", "%s est réglée : %s, %s point(s) de stand"}), who, wearList(e.Get("wear"), lang), e.Get("pit"))
	case "driver":
		name := e.Get("driver")
		if d, ok := fd.DriverByKey(name); ok {
			name = d.Name
		}
		s = fmt.Sprintf(inLang(lang, [2]string{"%s is driven by %s", "%s est pilotée par %s"}), who, name)
	case "grid":
		s = inLang(lang, [2]string{"Starting grid: ", "Grille de départ : "}) + carsText(e.Get("order"), lang)
	case "round":
		s = fmt.Sprintf(inLang(lang, [2]string{"Round %s — order of play: %s", "Tour de jeu %s — ordre : %s"}), e.Get("n"), carsText(e.Get("order"), lang))
	case "nitro":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s fires its nitro: +%s", "%s envoie le nitro : +%s"}), who, e.Get("bonus"))
	case "too-cute":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s passes Li-Tsu Sin and loses a space", "%s dépasse Li-Tsu Sin et perd une case"}), who)
	case "debris":
		s = inLang(lang, [2]string{"Debris on the track", "Des débris sur la piste"})
		if p := placeText(c, e.Get("space"), lang); p != "" {
			s += " " + p
		}
	case "drop":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s drops debris", "%s lâche des débris"}), who)
		if p := placeText(c, e.Get("space"), lang); p != "" {
			s += " " + p
		}
	case "police":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s passes the police line at %s", "%s passe la ligne de police à %s"}), who, e.Get("speed"))
	case "police-award":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s holds the speed record of lap %s (%s)", "%s détient le record de vitesse du tour %s (%s)"}), who, e.Get("lap"), e.Get("speed"))
	case "qualified":
		s = fmt.Sprintf(inLang(lang, [2]string{"%s sets its qualifying score: %s rolls, %s penalty", "%s réalise son score de qualification : %s lancers, %s de pénalité"}), who, e.Get("rolls"), e.Get("penalty"))
	default:
		w, ok := carEventWords[kind]
		if !ok || car == "" {
			return "" // not news a player needs; never the record's syntax
		}
		s = who + " " + inLang(lang, w)
	}
	return prefix + s + "."
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// wearList writes "8/3/2/3/3/2" as "tyres 8, brakes 3, …".
func wearList(v, lang string) string {
	cats := []string{"tyres", "brakes", "gearbox", "body", "engine", "handling"}
	var parts []string
	for i, n := range strings.Split(v, "/") {
		if i < len(cats) {
			parts = append(parts, categoryText(cats[i], lang)+" "+n)
		}
	}
	return strings.Join(parts, ", ")
}

// describeEvents turns record lines into what happened, for people: one
// sentence a line.
func describeEvents(c *tracks.Circuit, evs []fd.Event, lang string) string {
	var out []string
	for _, e := range evs {
		if s := describeEvent(c, e, lang); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n")
}

// kindRules are the complete rules' ids behind an event (why / pourquoi);
// the engine's causes carry their own.
var kindRules = map[string][]string{
	"start":     {"R-STA-01"},
	"move":      {"R-MOV-04", "R-MOV-05"},
	"stop":      {"R-COR-02"},
	"overshoot": {"R-OVS-01", "R-OVS-03"},
	"round":     {"R-ORD-01"},
}

// rollRules are the ids behind a roll, by what it was for.
var rollRules = map[string][]string{"start": {"R-STA-01"}, "collision": {"R-COL-03"}, "engine": {"R-ENG-02"}}

// ruleIDsOf lists the rule ids behind one event: its cause's, and for the
// complete rules those of its kind.
func ruleIDsOf(e fd.Event, rules fd.Ruleset) []string {
	var ids []string
	for _, m := range ruleIDRE.FindAllString(e.Get("cause"), -1) {
		for _, id := range strings.FieldsFunc(strings.Trim(strings.TrimSpace(m), "()"), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
			ids = append(ids, id)
		}
	}
	if rules.Info().Can.OwnRuleBook {
		return ids
	}
	ids = append(ids, kindRules[strings.TrimPrefix(e.Kind, "q-")]...)
	if e.Kind == "roll" {
		ids = append(ids, rollRules[e.Get("for")]...)
	}
	if e.Get("braked") != "" && e.Get("braked") != "0" {
		ids = append(ids, "R-BRK-01")
	}
	if e.Get("blocked") != "" && e.Get("blocked") != "0" {
		ids = append(ids, "R-BLK-01", "R-BLK-02")
	}
	return ids
}

// whyText explains the last play: each event in a sentence with the rule
// ids behind it (why / pourquoi: the only text that shows them).
func (s *Service) whyText(tx persistence.ReadTx, l *live, lang string) (string, error) {
	lines, err := tx.Events(l.row.ID, 0, 0)
	if err != nil {
		return "", err
	}
	rec, err := l.meta.record(l.row.ID, lines)
	if err != nil {
		return "", err
	}
	evs := rec.Events
	start, prev := -1, -1
	for i := len(evs) - 1; i >= 0; i-- {
		if k := strings.TrimPrefix(evs[i].Kind, "q-"); k == "turn" {
			if start < 0 {
				start = i
				// a play in progress has no events yet: explain the one before
				if i == len(evs)-1 || onlyOrders(evs[i+1:]) {
					start = -1
					prev = i
					continue
				}
				break
			}
			if prev >= 0 {
				start = i
				evs = evs[:prev]
				break
			}
		}
	}
	if start < 0 {
		return inLang(lang, [2]string{"nothing has been played yet", "rien n'a encore été joué"}), nil
	}
	var b strings.Builder
	b.WriteString(inLang(lang, [2]string{"The last play, with its rules:", "Le dernier coup, avec ses règles :"}))
	for _, e := range evs[start:] {
		text := describeEvent(l.track, e, lang)
		if text == "" {
			continue
		}
		if ids := ruleIDsOf(e, fd.Ruleset(l.meta.Rules)); len(ids) > 0 {
			text = strings.TrimSuffix(text, ".") + " (" + strings.Join(ids, ", ") + ")."
		}
		b.WriteString("\n" + text)
	}
	return b.String(), nil
}

func onlyOrders(evs []fd.Event) bool {
	for _, e := range evs {
		if k := strings.TrimPrefix(e.Kind, "q-"); k != "order" {
			return false
		}
	}
	return true
}

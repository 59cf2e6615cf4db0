package rs

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// Languages Describe writes.
const (
	English = "en"
	French  = "fr"
)

var colourFR = map[string]string{"blue": "bleue", "red": "rouge", "black": "noire", "orange": "orange", "silver": "argent", "dark-grey": "gris foncé",
	"red-silver": "rouge et argent", "yellow": "jaune", "blue-dark-green": "bleu et vert foncé", "blue-light-green": "bleu et vert clair"}

var colourEN = map[string]string{"red-silver": "red and silver", "blue-dark-green": "blue and dark green", "blue-light-green": "blue and light green"}

// stdOrderText says the standard parts of an order or a play: Tapez,
// Economise, a stop and its tyres.
func stdOrderText(e Event, lang string) string {
	fr := lang == French
	var b strings.Builder
	if e.Get("tapez") == "1" {
		b.WriteString(map[bool]string{false: ", pushing the tyres (Tapez)", true: ", en tapant dans les pneus"}[fr])
	}
	if e.Get("economise") == "1" {
		b.WriteString(map[bool]string{false: ", saving the tyres (Economise)", true: ", en économisant les pneus"}[fr])
	}
	if t := e.Get("pit"); t != "" {
		deck := e.Get("deck")
		if fr {
			fmt.Fprintf(&b, ", arrêt au stand pour des pneus %s (paquet %s)", tyreName(t, lang), map[string]string{"risky": "risqué", "careful": "prudent"}[deck])
		} else {
			fmt.Fprintf(&b, ", a pit stop for %s tyres (%s deck)", tyreName(t, lang), deck)
		}
		if e.Get("nose") == "keep" {
			b.WriteString(map[bool]string{false: ", keeping the damaged nose", true: ", sans changer le museau"}[fr])
		}
	}
	return b.String()
}

func tyreName(t, lang string) string {
	n := map[string][2]string{"hard": {"hard", "durs"}, "soft": {"soft", "tendres"}, "intermediate": {"intermediate", "intermédiaires"}, "rain": {"rain", "pluie"}}[t]
	if lang == French {
		return n[1]
	}
	return n[0]
}

func weatherName(w, lang string) string {
	n := map[string][2]string{"sun": {"sun", "soleil"}, "cloudy": {"cloudy", "nuageux"}, "light-rain": {"light rain", "pluie faible"}, "rain": {"rain", "pluie"}, "heavy-rain": {"heavy rain", "pluie intense"}}[w]
	if lang == French {
		return n[1]
	}
	return n[0]
}

// CarName is a car as players read it: "the blue car" / "la voiture
// bleue", "system car 1" / "la voiture système 1".
func (g *Game) CarName(id int, lang string) string {
	if id < 1 || id > len(g.Cars) {
		if lang == French {
			return fmt.Sprintf("la voiture %d", id)
		}
		return fmt.Sprintf("car %d", id)
	}
	c := g.Cars[id-1]
	if c.System() {
		n := strings.TrimPrefix(c.Name, "system-")
		if lang == French {
			return "la voiture système " + n
		}
		return "system car " + n
	}
	colour, second := c.Name, g.Seats[c.Seat].Car != c.ID // a seat's second car, variant 10.5 (R-VAR-05)
	if lang == French {
		if second {
			return "la deuxième voiture " + colourFR[colour]
		}
		return "la voiture " + colourFR[colour]
	}
	if n, ok := colourEN[colour]; ok {
		colour = n
	}
	if second {
		return "the second " + colour + " car"
	}
	return "the " + colour + " car"
}

func cap1(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

func riskCardText(s, lang string) string {
	c, err := decks.ParseCard(s)
	if err != nil {
		return s
	}
	switch {
	case c.Kind == "sun" && lang == French:
		return "Soleil : rien ne se passe"
	case c.Kind == "sun":
		return "Soleil: nothing happens"
	case c.Kind == "off" && lang == French:
		return fmt.Sprintf("sortie de piste, recul de %d case(s)", c.N)
	case c.Kind == "off":
		return fmt.Sprintf("off the track, %d square(s) back", c.N)
	case c.Kind == "slow" && lang == French:
		return "voiture lente, −2 km/h jusqu'à l'arrivée"
	case c.Kind == "slow":
		return "slow car, −2 km/h to the finish"
	}
	return s
}

// Describe writes an event as a sentence for players, in English or
// French; never record syntax. It shows only what the event holds: give
// it events from EventsFor so a seat reads only what it may.
func (g *Game) Describe(e Event, lang string) string {
	fr := lang == French
	car := func(k string) string { return g.CarName(e.Int(k), lang) }
	pick := func(en, frs string, a ...any) string {
		if fr {
			return fmt.Sprintf(frs, a...)
		}
		return fmt.Sprintf(en, a...)
	}
	switch e.Kind {
	case "setup":
		deck := g.deckNames(lang)
		if e.Get("mode") == string(Standard) {
			opt := ""
			if o := e.Get("optional"); o != "" && o != "-" {
				var names []string
				for _, n := range strings.Split(o, ",") {
					names = append(names, OptionalName(n, lang))
				}
				opt = pick(", optional rules: %s", ", règles optionnelles : %s", strings.Join(names, ", "))
			}
			return pick("Racing Simulator, standard game: %s players, %s turns, %s%s.", "Racing Simulator, jeu standard : %s joueurs, %s tours, %s%s.", e.Get("seats"), e.Get("turns"), deck, opt)
		}
		return pick("Racing Simulator, family game: %s players, %s turns, %s.", "Racing Simulator, jeu familial : %s joueurs, %s tours, %s.", e.Get("seats"), e.Get("turns"), deck)
	case "car":
		var who string
		switch {
		case e.Int("seat") == 0 && e.Get("follows") != "":
			who = pick("%s is driven by the rules and follows seat %s's strategy.", "%s est pilotée par les règles et suit la stratégie de la place %s.", cap1(car("car")), e.Get("follows"))
		case e.Int("seat") == 0:
			who = pick("%s is driven by the rules.", "%s est pilotée par les règles.", cap1(car("car")))
		default:
			who = pick("Seat %s drives %s.", "La place %s pilote %s.", e.Get("seat"), car("car"))
		}
		if e.Get("fast") == "1" { // variant 10.3 (R-VAR-03)
			who += pick(" It is a fixed fast car: it always takes the higher green card.", " C'est une voiture rapide fixe : elle prend toujours la plus forte carte verte.")
		}
		if e.Get("teammate") != "" { // team-pit-restriction (R-PIT-10)
			who += pick(" Its teammate is %s.", " Sa coéquipière est %s.", car("teammate"))
		}
		return who
	case "shuffle":
		deck := strings.TrimPrefix(e.Get("for"), "deck-")
		names := map[string][2]string{"speed": {"a speed deck", "un paquet de cartes vitesse"}, "green": {"the system cars' green deck", "le paquet vert des voitures système"}, "risk": {"the risk deck", "le paquet des prises de risque"}}
		n, ok := names[deck]
		if !ok {
			n = [2]string{"the " + deck + " deck", "le paquet " + deck}
		}
		if fr {
			return cap1(n[1]) + " est mélangé."
		}
		return cap1(n[0]) + " is shuffled."
	case "deal":
		return pick("Your hand: %s; %s card(s) face down.", "Votre main : %s ; %s carte(s) face cachée.", strings.ReplaceAll(e.Get("hand"), ",", ", "), e.Get("pile"))
	case "roll":
		die := map[string][2]string{"blue": {"blue", "bleu"}, "white": {"white", "blanc"}, "red": {"red", "rouge"}}[e.Get("die")]
		if fr {
			return fmt.Sprintf("Dé %s : %s.", die[1], e.Get("value"))
		}
		return fmt.Sprintf("The %s die shows %s.", die[0], e.Get("value"))
	case "place":
		return pick("%s starts on square %s.", "%s part de la case %s.", cap1(car("car")), e.Get("square"))
	case "turn":
		return pick("Turn %s: play your speed card.", "Tour %s : jouez votre carte vitesse.", e.Get("n"))
	case "order":
		risk := ""
		if e.Get("risk") == "1" {
			risk = pick(" with the risk card", " avec la carte prise de risque")
		}
		by := ""
		if e.Get("by") == "autopilot" {
			by = pick(" (autopilot, the deadline passed)", " (pilote automatique, le délai est passé)")
		}
		if e.Get("pass") == "1" { // the advanced qualifying (R-QX-03)
			return pick("Your order: no attempt in this phase%s, sealed until everyone has ordered.", "Votre ordre : pas de tentative dans cette phase%s, scellé jusqu'à ce que tous aient joué.", by)
		}
		if e.Get("card") == "0" && e.Get("pit") == "" && e.Get("deck") != "" {
			return pick("Your order: %s%s, sealed until everyone has ordered.", "Votre ordre : %s%s, scellé jusqu'à ce que tous aient joué.", deckOrderText(e, lang), by)
		}
		if e.Get("card") == "0" {
			what := pick("stay out", "rester en piste")
			if e.Get("pit") != "" {
				what = pick("stop", "s'arrêter")
			}
			return pick("Your order under the safety car: %s%s%s, sealed until everyone has ordered.", "Votre ordre sous voiture de sécurité : %s%s%s, scellé jusqu'à ce que tous aient joué.", what, stdOrderText(e, lang), by)
		}
		return pick("Your order: %s%s%s%s, sealed until everyone has ordered.", "Votre ordre : %s%s%s%s, scellé jusqu'à ce que tous aient joué.", e.Get("card"), risk, stdOrderText(e, lang), by)
	case "sealed":
		if n := e.Int("seat"); n >= 1 && n <= len(g.Seats) { // players know each other by their cars
			return pick("%s has ordered.", "%s a joué.", cap1(g.CarName(g.Seats[n-1].Car, lang)))
		}
		return pick("Seat %s has ordered.", "La place %s a joué.", e.Get("seat"))
	case "deadline":
		return pick("The deadline of turn %s has passed: the autopilot orders for the missing seats.", "Le délai du tour %s est passé : le pilote automatique joue pour les places manquantes.", e.Get("turn"))
	case "reveal":
		return pick("Every order of turn %s is revealed.", "Tous les ordres du tour %s sont révélés.", e.Get("turn"))
	case "play":
		risk := ""
		if e.Get("risk") == "1" {
			risk = pick(" and the risk card", " et la carte prise de risque")
		}
		return pick("%s played %s%s%s: %s km/h.", "%s a joué %s%s%s : %s km/h.", cap1(car("car")), e.Get("card"), risk, stdOrderText(e, lang), e.Get("speed"))
	case "system-cards":
		return pick("The system cars draw %s.", "Les voitures système tirent %s.", strings.ReplaceAll(e.Get("cards"), ",", pick(" and ", " et ")))
	case "system-speed":
		return pick("%s runs at %s km/h.", "%s roule à %s km/h.", cap1(car("car")), e.Get("speed"))
	case "pass":
		return pick("%s overtakes %s: %s against %s km/h, %s needed.", "%s double %s : %s contre %s km/h, il fallait %s.",
			cap1(car("car")), car("over"), e.Get("speed"), e.Get("against"), e.Get("need"))
	case "close":
		return pick("%s closes %s square(s) on %s (gap now %s).", "%s reprend %s case(s) sur %s (écart : %s).", cap1(car("car")), e.Get("by"), car("on"), e.Get("gap"))
	case "move":
		return pick("The whole file moves %s squares.", "Toute la file avance de %s cases.", e.Get("by"))
	case "risk-card":
		return pick("%s draws a risk card: %s.", "%s tire une carte prise de risque : %s.", cap1(car("car")), riskCardText(e.Get("card"), lang))
	case "drop":
		if e.Get("cause") == "team-wait" { // R-PIT-10
			return pick("%s waits in the pits behind its teammate: %s square(s) more, to square %s.", "%s attend aux stands derrière sa coéquipière : %s case(s) de plus, jusqu'à la case %s.", cap1(car("car")), e.Get("by"), e.Get("to"))
		}
		return pick("%s drops back %s square(s), to square %s.", "%s recule de %s case(s), jusqu'à la case %s.", cap1(car("car")), e.Get("by"), e.Get("to"))
	case "pushed":
		return pick("%s is pushed back to square %s.", "%s est repoussée case %s.", cap1(car("car")), e.Get("to"))
	case "slow":
		return pick("%s is slowed: −2 km/h per damage card, and no more risk.", "%s est ralentie : −2 km/h par carte dégât, et plus de prise de risque.", cap1(car("car")))
	case "draw":
		return pick("You draw %s (%s left face down).", "Vous piochez %s (%s restante(s) face cachée).", e.Get("card"), e.Get("pile"))
	case "finish":
		return pick("%s: %s.", "%s : %s.", e.Get("place"), car("car"))
	case "over":
		return pick("The race is over after %s turns.", "La course est terminée après %s tours.", e.Get("turns"))
	case "advance":
		return pick("%s moves up %s square(s), to square %s (Tapez).", "%s avance de %s case(s), jusqu'à la case %s (Tapez).", cap1(car("car")), e.Get("by"), e.Get("to"))
	case "tyre-card":
		return pick("Seat %s burns a tyre card (%s) to push.", "La place %s use une carte pneu (%s) pour attaquer.", e.Get("seat"), e.Get("discarded"))
	case "wear":
		return pick("Seat %s's tyres: %s card(s) worn off, %s left.", "Pneus de la place %s : %s carte(s) usée(s), %s restante(s).", e.Get("seat"), e.Get("removed"), e.Get("left"))
	case "pit-card":
		who := map[string][2]string{"system": {"its system cars", "ses voitures système"}, "own": {"its own car", "sa propre voiture"},
			"base": {"a base time", "un temps de base"}, "repair": {"a repair", "une réparation"}}[e.Get("for")]
		val := e.Get("card")
		if val == "mecano" {
			val = pick("a lollipop-man error", "une erreur du mécano à la sucette")
		} else {
			val = pick("%s s", "%s s", val)
		}
		deck := pick("careful", "prudent")
		if e.Get("deck") == "risky" {
			deck = pick("risky", "risqué")
		}
		if fr {
			return fmt.Sprintf("Place %s, paquet %s, pour %s : %s.", e.Get("seat"), deck, who[1], val)
		}
		return fmt.Sprintf("Seat %s, %s deck, for %s: %s.", e.Get("seat"), deck, who[0], val)
	case "pit-incident":
		c, _ := decks.ParseCard(e.Get("card"))
		what := pick("a drive-through", "un drive-through")
		if c.Kind == "time" {
			what = pick("%d seconds lost", "%d secondes perdues", c.N)
		}
		return pick("Pit incident for %s: %s.", "Incident au stand pour %s : %s.", car("car"), what)
	case "tyres":
		t := map[string][2]string{"hard": {"hard", "durs"}, "soft": {"soft", "tendres"}, "intermediate": {"intermediate", "intermédiaires"}, "rain": {"rain", "pluie"}}[e.Get("type")]
		left := ""
		if n := e.Get("sets-left"); n != "" { // tyre allocation (R-ADV-01)
			left = pick(" (%s set(s) of %s tyres left for the weekend)", " (il lui reste %s train(s) de pneus %s pour le week-end)", n, map[bool]string{false: t[0], true: t[1]}[fr])
		}
		if fr {
			return fmt.Sprintf("La place %s chausse des pneus %s neufs%s.", e.Get("seat"), t[1], left)
		}
		return fmt.Sprintf("Seat %s fits new %s tyres%s.", e.Get("seat"), t[0], left)
	case "event-card":
		c, _ := decks.ParseCard(e.Get("card"))
		switch c.Kind {
		case "sun", "rain":
			return pick("The event card is blank: nothing happens.", "La carte événement est vierge : rien ne se passe.")
		case "collision":
			return pick("The event card: a collision.", "La carte événement : une collision.")
		}
		return pick("The event card: %s.", "La carte événement : %s.", c.Kind)
	case "retired":
		return pick("%s retires.", "%s abandonne.", cap1(car("car")))
	case "safety-car":
		return pick("Safety car! %s laps, %s turn(s).", "Voiture de sécurité ! %s tours réels, %s tour(s) de jeu.", e.Get("laps"), e.Get("turns"))
	case "qualifying":
		return pick("Qualifying: each seat orders its Chrono deck and the time above which it draws again.", "Qualifications : chaque place choisit son paquet Chrono et le temps au-delà duquel elle retire une carte.")
	case "advanced-qualifying": // §3.6.3
		return pick("Qualifying, advanced rules: in each phase (three in Q2, two in Q3) each seat attempts from the risky or the careful deck, or passes; two attempts a session at most.",
			"Qualifications, règles avancées : à chaque phase (trois en Q2, deux en Q3), chaque place tente sa chance avec le paquet risqué ou prudent, ou passe ; deux tentatives par séance au plus.")
	case "quali-weather":
		return pick("Qualifying weather: %s, track humidity %s.", "Météo des qualifications : %s, humidité de la piste %s.", weatherName(e.Get("state"), lang), e.Get("humidity"))
	case "quali-phase":
		return pick("%s, phase %s of %s: humidity %s, attempts on %s tyres. Attempt or pass.", "%s, phase %s sur %s : humidité %s, tentatives en pneus %s. Tentez ou passez.",
			sessionName(e.Get("session"), lang), e.Get("phase"), e.Get("of"), e.Get("humidity"), tyreName(e.Get("tyres"), lang))
	case "quali-attempt":
		if e.Get("deck") == "pass" {
			return pick("Seat %s passes.", "La place %s passe.", e.Get("seat"))
		}
		return pick("Seat %s attempts from the %s deck.", "La place %s tente sa chance avec le paquet %s.", e.Get("seat"), map[bool]string{false: e.Get("deck"), true: map[string]string{"risky": "risqué", "careful": "prudent"}[e.Get("deck")]}[fr])
	case "quali-impact":
		on := pick("every earlier phase", "chaque phase précédente")
		if e.Get("on") == "this-and-next" {
			on = pick("this phase and the next", "cette phase et la suivante")
		}
		if e.Get("kind") == "weather" {
			return pick("The humidity changed: %s added to the times of %s.", "L'humidité a changé : %s ajoutées aux temps de %s.", e.Get("time"), on)
		}
		return pick("The track improves: %s added to the times of %s.", "La piste s'améliore : %s ajoutées aux temps de %s.", e.Get("time"), on)
	case "quali-best":
		if e.Get("time") == "none" {
			return pick("%s sets no time in %s.", "%s ne signe aucun temps en %s.", cap1(car("car")), sessionName(e.Get("session"), lang))
		}
		if fr {
			return fmt.Sprintf("Meilleur temps de %s en %s : %s.", car("car"), sessionName(e.Get("session"), lang), e.Get("time"))
		}
		return fmt.Sprintf("%s's best time in %s: %s.", cap1(car("car")), sessionName(e.Get("session"), lang), e.Get("time"))
	case "quali-order":
		return pick("Seat %s qualifies with %s.", "La place %s se qualifie avec %s.", e.Get("seat"), deckOrderText(e, lang))
	case "chrono":
		if e.Get("time") == "none" {
			return pick("%s sets no time (%s).", "%s ne signe aucun temps (%s).", cap1(car("car")), sessionName(e.Get("session"), lang))
		}
		where := sessionName(e.Get("session"), lang)
		if ph := e.Get("phase"); ph != "" { // the advanced qualifying
			where = pick("phase %s of %s", "phase %s de la %s", ph, where)
		}
		tyres := ""
		if t := e.Get("tyres"); t != "" {
			tyres = pick(", %s more on tyres unsuited to the humidity", ", %s de plus sur des pneus inadaptés à l'humidité", t)
		}
		return pick("%s sets %s in %s%s.", "%s signe %s en %s%s.", cap1(car("car")), cardTime(e.Get("time"), lang), where, tyres)
	case "chrono-redraw":
		return pick("%s throws away %s and draws again.", "%s jette %s et tire à nouveau.", cap1(car("car")), cardTime(e.Get("discarded"), lang))
	case "penalty":
		switch e.Get("result") {
		case "demoted":
			return pick("Penalty for %s: demoted %s places on the grid.", "Pénalité pour %s : rétrogradée de %s places sur la grille.", car("car"), e.Get("places"))
		case "pit-lane":
			return pick("Penalty for %s: it starts from the pit lane.", "Pénalité pour %s : départ des stands.", car("car"))
		}
		return pick("Penalty for %s: out of fuel, its times are cancelled and it starts last.", "Pénalité pour %s : panne d'essence, ses temps sont annulés et elle part dernière.", car("car"))
	case "grid":
		if e.Get("place") == "0" {
			return pick("%s will start from the pit lane.", "%s partira des stands.", cap1(car("car")))
		}
		return pick("Grid place %s: %s.", "Place %s sur la grille : %s.", e.Get("place"), car("car"))
	case "start-orders":
		return pick("The grid start: each seat orders its Start deck, the points under which it draws again, and its direction.", "Départ en grille : chaque place choisit son paquet Départ, les points en dessous desquels elle retire, et sa direction.")
	case "start-redraw":
		return pick("%s throws its Start card away and draws again.", "%s jette sa carte Départ et tire à nouveau.", cap1(car("car")))
	case "start-card":
		switch e.Get("card") {
		case "jump":
			return pick("%s jumps the start: 12 points before everyone, and a drive-through at the end of turn 1.", "%s vole le départ : 12 points avant tout le monde, et un drive-through à la fin du tour 1.", cap1(car("car")))
		case "incident":
			return pick("%s has a start incident.", "%s a un incident au départ.", cap1(car("car")))
		}
		if fr {
			return fmt.Sprintf("Carte Départ de %s : %s points.", car("car"), e.Get("card"))
		}
		return fmt.Sprintf("%s's Start card: %s points.", cap1(car("car")), e.Get("card"))
	case "start-incident":
		c, _ := decks.ParseCard(e.Get("card"))
		if c.Kind == "stall" {
			return pick("%s stalls on the grid.", "%s cale sur la grille.", cap1(car("car")))
		}
		return pick("Start incident for %s: %s.", "Incident au départ pour %s : %s.", car("car"), c.Kind)
	case "launch":
		return pick("%s launches %s point(s) %s, to row %s, lane %s.", "%s s'élance de %s point(s) %s, jusqu'à la rangée %s, file %s.", cap1(car("car")), e.Get("points"), dirName(e.Get("dir"), lang), e.Get("row"), e.Get("lane"))
	case "penalty-due":
		return pick("%s will serve a drive-through of %s squares at the end of turn 1.", "%s purgera un drive-through de %s cases à la fin du tour 1.", cap1(car("car")), e.Get("squares"))
	case "lapped":
		return pick("%s is lapped by %s.", "%s prend un tour de retard sur %s.", cap1(car("car")), car("by"))
	case "rolling":
		return pick("Rolling start: every pass this turn needs %s km/h more, anywhere.", "Départ lancé : chaque dépassement de ce tour demande %s km/h de plus, partout.", e.Get("need"))
	case "safety-car-out":
		if e.Get("pits") == "closed" {
			return pick("The safety car is out for %s turn(s); the pits are closed.", "La voiture de sécurité sort pour %s tour(s) ; les stands sont fermés.", e.Get("turns"))
		}
		return pick("The safety car is out for %s turn(s); the pits are open: stop now or stay out.", "La voiture de sécurité sort pour %s tour(s) ; les stands sont ouverts : arrêtez-vous maintenant ou restez en piste.", e.Get("turns"))
	case "trapped":
		return pick("%s is trapped behind the safety car and cannot stop.", "%s est piégée derrière la voiture de sécurité et ne peut pas s'arrêter.", cap1(car("car")))
	case "line-up":
		return pick("The file lines up behind the safety car, %s first on square %s.", "La file se range derrière la voiture de sécurité, %s en tête case %s.", car("leader"), e.Get("square"))
	case "wave-around":
		return pick("%s passes the safety car and joins the tail, a lap regained.", "%s dépasse la voiture de sécurité et rejoint la queue, un tour regagné.", cap1(car("car")))
	case "restart":
		return pick("The safety car goes in: turn %s is a restart.", "La voiture de sécurité rentre : le tour %s est une relance.", e.Get("turn"))
	case "sc-choice":
		if e.Get("pit") != "" {
			return pick("Seat %s stops%s.", "La place %s s'arrête%s.", e.Get("seat"), stdOrderText(e, lang))
		}
		return pick("Seat %s stays out.", "La place %s reste en piste.", e.Get("seat"))
	case "pit-lane":
		return pick("%s leaves the pit lane at %s s.", "%s quitte la voie des stands à %s s.", cap1(car("car")), e.Get("time"))
	case "exchange":
		return pick("Seat %s discards %s by exchange.", "La place %s se défausse de %s par échange.", e.Get("seat"), e.Get("card"))
	case "weather":
		return pick("Weather: %s, track humidity %s.", "Météo : %s, humidité de la piste %s.", weatherName(e.Get("state"), lang), e.Get("humidity"))
	case "second-car": // R-VAR-05
		r := ""
		if e.Get("risk") == "1" {
			r = pick(", with the risk", ", avec la prise de risque")
		}
		return pick("%s runs on seat %s's card too%s: %s km/h.", "%s roule aussi sur la carte de la place %s%s : %s km/h.", cap1(car("car")), e.Get("seat"), r, e.Get("speed"))
	case "manufacturer": // R-ADV-08, T-19
		pile := func(k string) []any {
			f := strings.Split(e.Get(k), "/")
			for len(f) < 4 {
				f = append(f, "?")
			}
			return []any{f[0], f[1], f[2], f[3]}
		}
		return pick("The tyre manufacturer's blue die shows %s: hard piles of %s new cards and %s, %s and %s worn (−3, −4, −5); soft piles of %s new and %s, %s and %s worn.",
			"Le dé bleu du manufacturier de pneus donne %s : piles de pneus durs de %s cartes neuves et %s, %s et %s usées (−3, −4, −5) ; tendres, %s neuves et %s, %s et %s usées.",
			append(append([]any{e.Get("blue")}, pile("hard")...), pile("soft")...)...)
	case "to-tail":
		return pick("%s goes to the tail of the file.", "%s passe en queue de file.", cap1(car("car")))
	}
	return pick("Something happened (%s).", "Il s'est passé quelque chose (%s).", e.Kind)
}

// Facts says, in a player's language, what an option means for seat now:
// its speed, what passing the car ahead needs (zone threshold plus gap,
// R-OVT-03), and for the risk card what it risks (R-FAM-10). Written by
// the rules, for buttons, menus and mails.
func (g *Game) Facts(seat int, o Option, lang string) string {
	fr := lang == French
	if seat < 0 || seat >= len(g.Seats) {
		return ""
	}
	c := g.car(g.Seats[seat].Car)
	speed := o.Card - 2*c.Slow
	if o.Risk {
		speed += 2
	}
	var b strings.Builder
	if fr {
		fmt.Fprintf(&b, "%d km/h.", speed)
	} else {
		fmt.Fprintf(&b, "%d km/h.", speed)
	}
	if a := g.ahead(c); a != nil {
		need, gap := g.need(c, a), g.Gap(c)
		zone := g.Circuit.ZoneAt(a.Dist - 1).String()
		if fr {
			fmt.Fprintf(&b, " Pour doubler %s, devant, il faut %d km/h de plus qu'elle (zone %s, écart %d) ; sinon vous reprenez 1 case par km/h de plus.", g.CarName(a.ID, lang), need, zone, gap)
		} else {
			fmt.Fprintf(&b, " To pass %s ahead you need %d km/h more than it (zone %s, gap %d); otherwise you close 1 square per km/h more.", g.CarName(a.ID, lang), need, zone, gap)
		}
	} else if fr {
		b.WriteString(" Vous menez la course.")
	} else {
		b.WriteString(" You lead the race.")
	}
	if o.Risk {
		sun := 0
		for _, k := range g.Cfg.Risk.Cards {
			if k.Kind == "sun" {
				sun++
			}
		}
		if fr {
			fmt.Fprintf(&b, " Prise de risque : sur un dé rouge de 0 ou 1 (ou 2 si votre voisin de file en prend aussi), vous tirez une carte ; %d sur %d ne font rien, les autres vous sortent de la piste ou vous ralentissent pour de bon.", sun, len(g.Cfg.Risk.Cards))
		} else {
			fmt.Fprintf(&b, " Risk: on a red die of 0 or 1 (or 2 when your neighbour in the file takes risk too) you draw a card; %d of %d do nothing, the others send you off the track or slow you for good.", sun, len(g.Cfg.Risk.Cards))
		}
	}
	return b.String()
}

func deckOrderText(e Event, lang string) string {
	fr := lang == French
	deck := e.Get("deck")
	var b strings.Builder
	if fr {
		b.WriteString("le paquet " + map[string]string{"risky": "risqué", "careful": "prudent"}[deck])
	} else {
		b.WriteString("the " + deck + " deck")
	}
	if n := e.Get("redraw"); n != "" {
		if e.Get("dir") != "" {
			b.WriteString(map[bool]string{false: ", drawing again under " + n + " points", true: ", en retirant sous " + n + " points"}[fr])
		} else {
			t := fmt.Sprintf(".%03d", e.Int("redraw"))
			b.WriteString(map[bool]string{false: ", drawing again a time worse than " + t, true: ", en retirant un temps pire que " + t}[fr])
		}
	}
	if d := e.Get("dir"); d != "" {
		b.WriteString(", " + dirName(d, lang))
	}
	if t := e.Get("tyres"); t != "" {
		b.WriteString(map[bool]string{false: ", starting on " + tyreName(t, lang) + " tyres", true: ", départ en pneus " + tyreName(t, lang)}[fr])
	}
	return b.String()
}

func dirName(d, lang string) string {
	n := map[string][2]string{Straight: {"straight on", "tout droit"}, Inside: {"towards the inside", "vers l'intérieur"}, Outside: {"towards the outside", "vers l'extérieur"}}[d]
	if lang == French {
		return n[1]
	}
	return n[0]
}

func sessionName(s, lang string) string {
	if s == "q" && lang == French {
		return "qualifications"
	}
	if s == "q" {
		return "qualifying"
	}
	return strings.ToUpper(s)
}

func cardTime(s, lang string) string {
	if s == "penalty" {
		if lang == French {
			return "une carte pénalité"
		}
		return "a penalty card"
	}
	return s
}

// optionalNames are the optional rules as players read them (R-MODE-01).
var optionalNames = map[string][2]string{
	OptAdvancedQuali:  {"the advanced qualifying", "les qualifications avancées"},
	OptFullEvents:     {"the full-length game's event odds", "les probabilités d'événements du jeu long"},
	OptManufacturer:   {"the tyre manufacturer", "le manufacturier de pneus"},
	OptQuickStart:     {"the quick start", "le départ rapide"},
	OptSystemOnly:     {"events for system cars only", "les événements pour les seules voitures système"},
	OptTeamPits:       {"the team pit restriction", "la restriction des arrêts par écurie"},
	OptTyreAllocation: {"the tyre allocation", "l'allocation de pneus"},
	OptSmallHands:     {"hands of five cards (variant 10.1)", "des mains de cinq cartes (variante 10.1)"},
	OptThreeFast:      {"at most three fast system cars (variant 10.2)", "trois voitures système rapides au plus (variante 10.2)"},
	OptFixedFast:      {"fixed fast system cars (variant 10.3)", "des voitures système rapides fixes (variante 10.3)"},
	OptTwoPiles:       {"two green piles (variant 10.4)", "deux pioches vertes (variante 10.4)"},
	OptTwoCars:        {"two cars a player (variant 10.5)", "deux voitures par joueur (variante 10.5)"},
	OptWeather:        {"weather and humidity", "la météo et l'humidité"},
}

// OptionalName is an optional rule's name in words, in English or French;
// an unknown name is given back as it is.
func OptionalName(name, lang string) string {
	n, ok := optionalNames[name]
	switch {
	case !ok:
		return name
	case lang == French:
		return n[1]
	}
	return n[0]
}

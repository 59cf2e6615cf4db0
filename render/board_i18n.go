package render

import (
	"fmt"
	"strings"
)

// The words of the boards, in English and French. A board is read by
// players of one league, so each board is in one language; the rules'
// own words are used (Formula Dé was French first: "arrêts", "tenue de
// route", "aspiration").

// Languages lists the board languages.
var Languages = []string{"en", "fr"}

type lexicon struct {
	lang  string
	words map[string]string
}

// word keys; the English text is the key itself unless the table says
// otherwise.
var french = map[string]string{
	// header
	"Round":                               "Tour de jeu",
	"Lap":                                 "Tour",
	"Play":                                "Coup",
	"after play %d":                       "après le coup %d",
	"you: car %d":                         "vous : voiture %d",
	"before the first play":               "avant le premier coup",
	"Race over":                           "Course terminée",
	"Car %d: choose a gear":               "Voiture %d : choisissez une vitesse",
	"Car %d: choose a move":               "Voiture %d : choisissez un déplacement",
	"Car %d: slipstream?":                 "Voiture %d : aspiration ?",
	"Car %d: choose the stop":             "Voiture %d : choisissez l'arrêt",
	"Car %d: choose the tyres":            "Voiture %d : choisissez les pneus",
	"Car %d: choose a pit":                "Voiture %d : choisissez un stand",
	"Car %d: build the car":               "Voiture %d : configurez la voiture",
	"Car %d: set the wing":                "Voiture %d : réglez l'aileron",
	"Car %d: set the steering lock":       "Voiture %d : réglez le braquage",
	"Car %d: spread the recovered points": "Voiture %d : répartissez les points récupérés",
	"Car %d to play":                      "Voiture %d à jouer",
	"rolled %d on the %s (%s)":            "a fait %d au %s (%s)",
	"%s gear":                             "%s",
	"qualifying":                          "qualifications",
	"fine":                                "beau temps",
	"changeable":                          "temps variable",
	"changeable-rain":                     "pluie variable",
	"deluge":                              "déluge",
	"heatwave":                            "canicule",
	"rain":                                "pluie",
	"dry track":                           "piste sèche",
	"wet track":                           "piste mouillée",
	"Weather":                             "Météo",
	"to move":                             "à jouer",
	"Laps":                                "Tours",
	"%d laps":                             "%d tours",
	"%d cars":                             "%d voitures",
	"1 lap":                               "1 tour",
	// dashboard
	"Car":                   "Voiture",
	"Pos.":                  "Pos.",
	"Gear":                  "Vitesse",
	"tyres":                 "Pneus",
	"brakes":                "Freins",
	"gas":                   "Consommation",
	"gearbox":               "Boîte",
	"body":                  "Carrosserie",
	"engine":                "Moteur",
	"handling":              "Tenue de route",
	"Tyre set":              "Gommes",
	"Status":                "État",
	"hard":                  "durs",
	"soft":                  "tendres",
	"supersoft":             "super tendres",
	"monsoon":               "pluie mousson",
	"rain tyres":            "pluie",
	"%s, lap %d":            "%s, tour %d",
	"racing":                "en course",
	"finished %s":           "arrivée %s",
	"out: %s":               "éliminée : %s",
	"out":                   "éliminée",
	"%s: %d/%d stops":       "%s : %d/%d arrêts",
	"pit lane":              "voie des stands",
	"in its box":            "à son stand",
	"stalled":               "calée",
	"spun: 1st next turn":   "tête-à-queue : 1re au prochain tour",
	"leaves in 4th or less": "repart en 4e ou moins",
	"waiting":               "attend",
	"no booster left":       "plus de booster",
	"1 booster left":        "1 booster restant",
	"%d boosters left":      "%d boosters restants",
	// options
	"Options of car %d": "Options de la voiture %d",
	"Gears of car %d":   "Vitesses de la voiture %d",
	"Stops of car %d":   "Arrêts de la voiture %d",
	"spin":              "tête-à-queue",
	"ELIMINATED":        "ÉLIMINÉE",
	"nothing to choose": "rien à choisir",
	"and %d more":       "et %d de plus",
	// the last play
	"Play %d: car %d":    "Coup %d : voiture %d",
	"roll:gear":          "vitesse",
	"roll:start":         "départ",
	"roll:collision":     "collision",
	"roll:engine":        "moteur",
	"roll:handling":      "tenue de route",
	"roll:weather":       "météo",
	"roll:pit":           "stand",
	"roll:grid":          "grille",
	"die:black":          "noir",
	"No dice rolled yet": "Aucun dé lancé",
	"car %d":             "voit. %d",
	// legend
	"1st car of a team":      "1re voiture d'une écurie",
	"2nd car":                "2e voiture",
	"path in the last round": "trajet du dernier tour de jeu",
	"last play":              "dernier coup",
	"slipstream":             "aspiration",
	"debris":                 "débris",
	"stops made/required":    "arrêts faits/requis",
	"option":                 "option",
	"risky option":           "option risquée",
	"eliminates":             "élimine",
	"straight":               "ligne droite",
	"corner":                 "virage",
	"stops required":         "arrêts requis",
	"start/finish":           "départ/arrivée",
	"grid slot (1 = pole)":   "place de grille (1 = pole)",
	"qualifying start":       "départ des qualifications",
	"pit box":                "stand",
	"pit-entry limit":        "limite d'entrée des stands",
	"pits (not used)":        "stands (non utilisés)",
	"wall":                   "mur",
	"dangerous zone":         "zone dangereuse",
	"noise area":             "zone de vacarme",
	"police line":            "ligne de police",
	"tunnel":                 "tunnel",
	"tunnel entry/exit":      "entrée/sortie de tunnel",
	"START":                  "DÉPART",
	"POLICE":                 "POLICE",
	"Team %d":                "Écurie %d",

	// league 10-A: a runaway car spinning (the dashboard says its mark)
	"spinning until the turn ends: collision checks around it": "en toupie jusqu'à la fin du tour : tests de collision autour d'elle", // league 10-A
}

func lexiconFor(lang string) (*lexicon, error) {
	switch lang {
	case "", "en":
		return &lexicon{lang: "en"}, nil
	case "fr":
		return &lexicon{lang: "fr", words: french}, nil
	}
	return nil, fmt.Errorf("render: language %q (known: %s)", lang, strings.Join(Languages, ", "))
}

// t translates a key, formatting the arguments into it.
func (l *lexicon) t(key string, args ...any) string {
	s := key
	if w, ok := l.words[key]; ok {
		s = w
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// boosters says the booster points a car has left (league 5-A, 16-F).
func (l *lexicon) boosters(n int) string {
	switch n {
	case 0:
		return l.t("no booster left")
	case 1:
		return l.t("1 booster left")
	}
	return l.t("%d boosters left", n)
}

// purpose names what a die was rolled for.
func (l *lexicon) purpose(p string) string {
	if w, ok := l.words["roll:"+p]; ok {
		return w
	}
	return p
}

// die names a die: d4 … d30, the black die.
func (l *lexicon) die(name string) string {
	if w, ok := l.words["die:"+name]; ok {
		return w
	}
	return name
}

// ordinal writes 1st, 2nd … or 1er, 2e ….
func (l *lexicon) ordinal(n int) string {
	if l.lang == "fr" {
		if n == 1 {
			return "1er"
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

// gearName is "4th gear" or "4e".
func (l *lexicon) gearName(n int) string {
	if l.lang == "fr" {
		if n == 1 {
			return "1re"
		}
		return fmt.Sprintf("%de", n)
	}
	return l.ordinal(n) + " gear"
}

package render

import (
	"fmt"
)

// The words of the Racing Simulator boards in French; the English text is
// the key itself, or, for a key with a prefix ("circuit:", "colour:",
// "tyre:", "weather:"), the table rsEnglish. The sentences of the last turn come
// from the engine's Describe, which writes both languages.
var rsFrench = map[string]string{
	"%s — Racing Simulator, %s game":  "%s — Racing Simulator, jeu %s",
	"family":                          "familial",
	"standard":                        "standard",
	"Turn %d of %d":                   "Tour %d sur %d",
	"Race over after %d turns":        "Course terminée après %d tours",
	"Qualifying":                      "Qualifications",
	"Grid start":                      "Départ en grille",
	"Weather: %s · track humidity %d": "Météo : %s · humidité de la piste %d",
	"SAFETY CAR":                      "VOITURE DE SÉCURITÉ",
	"SAFETY CAR · %d more turn(s)":    "VOITURE DE SÉCURITÉ · encore %d tour(s)",
	"for seat %d (%s)":                "pour la place %d (%s)",
	"START":                           "DÉPART",
	"PIT IN":                          "ENTRÉE",
	"PIT OUT":                         "SORTIE",
	// the running order
	"Pos.":        "Pos.",
	"Car":         "Voiture",
	"Gap":         "Écart",
	"Lap":         "Tour",
	"Tyres":       "Pneus",
	"Damage":      "Dégâts",
	"leader":      "en tête",
	"+%d":         "+%d",
	"−%d lap(s)":  "−%d tour(s)",
	"retired":     "abandon",
	"%s, %d left": "%s, %d restantes",
	"worn %+d":    "usés %+d",
	"new %+d":     "neufs %+d",
	"none":        "aucun",
	"%d slow":     "%d lente(s)",
	"nose":        "museau",
	"system %s":   "système %s",
	// the last turn
	"Turn %d: the orders revealed": "Tour %d : les ordres révélés",
	"Before the first turn":        "Avant le premier tour",
	"Qualifying and the start":     "Qualifications et départ",
	"%d km/h":                      "%d km/h",
	"risk":                         "risque",
	"Tapez":                        "Tapez",
	"Economise":                    "Économise",
	"pit: %s (%s)":                 "stand : %s (%s)",
	"stays out":                    "reste en piste",
	"stops: %s (%s)":               "s'arrête : %s (%s)",
	"careful":                      "prudent",
	"risky":                        "risqué",
	"System cars drew %s":          "Voitures système : %s",
	"Dice %s: the file moves %d":   "Dés %s : la file avance de %d",
	"Nothing was drawn.":           "Aucune carte tirée.",
	"and %d more":                  "et %d de plus",
	"Your hand (seat %d)":          "Votre main (place %d)",
	"%d face down":                 "%d face cachée",
	"Car %d · %s · %s":             "Voiture %d · %s · %s",
	"Gap %d to car %d ahead":       "Écart %d avec la voiture %d devant",
	"Leads the race":               "Mène la course",
	"Car %d behind, gap %d":        "Voiture %d derrière, écart %d",
	"Tyres: %s":                    "Pneus : %s",
	"Damage: %s":                   "Dégâts : %s",
	"no damage":                    "aucun dégât",
	"%s circuit, %d squares a lap": "circuit %s, %d cases par tour",
	"circuit:fast":                 "rapide",
	"circuit:medium":               "moyen",
	"circuit:slow":                 "lent",
	"colour:blue":                  "bleue",
	"colour:red":                   "rouge",
	"colour:black":                 "noire",
	"colour:orange":                "orange",
	"colour:silver":                "argent",
	"colour:dark-grey":             "gris foncé",
	"colour:red-silver":            "rouge et argent",
	"colour:yellow":                "jaune",
	"colour:blue-dark-green":       "bleu et vert foncé",
	"colour:blue-light-green":      "bleu et vert clair",
	"tyre:hard":                    "durs",
	"tyre:soft":                    "tendres",
	"tyre:intermediate":            "intermédiaires",
	"tyre:rain":                    "pluie",
	"weather:sun":                  "soleil",
	"weather:cloudy":               "nuageux",
	"weather:light-rain":           "pluie faible",
	"weather:rain":                 "pluie",
	"weather:heavy-rain":           "pluie intense",
	// the optional rules (rsoptions.go)
	"%d %s":                          "%d %s",
	"%s (2nd car)":                   "%s (2e voiture)",
	"%s, fast":                       "%s, rapide",
	"2nd car":                        "2e voiture",
	"%s: %s":                         "%s : %s",
	"same card → %d km/h":            "même carte → %d km/h",
	"Sets left: %s":                  "Trains restants : %s",
	"The player's other car: %s, %s": "L'autre voiture du joueur : %s, %s",
	"Teammate: car %d":               "Coéquipière : voiture %d",
	"Fast system car":                "Voiture système rapide",
	"Piles: hard %s, soft %s":        "Piles : durs %s, tendres %s",
	"Two cars a player (variant 10.5): a player's two cars share his colour and his order.": "Deux voitures par joueur (variante 10.5) : ses deux voitures ont sa couleur et son ordre.",
	"Tyre sets left (tyre allocation): %s.":                                                 "Trains de pneus restants (allocation) : %s.",
	"Tyre manufacturer: blue die %d, hard piles %s, soft piles %s (new/−3/−4/−5 cards)":     "Manufacturier de pneus : dé bleu %d, piles de durs %s, de tendres %s (cartes neuves/−3/−4/−5)",
	"Fixed fast system cars (variant 10.3), always on the higher green card: %s.":           "Voitures système rapides fixes (variante 10.3), toujours sur la carte verte la plus haute : %s.",
	"Fast system cars next turn (at most 3, variant 10.2): %s.":                             "Voitures système rapides au prochain tour (3 au plus, variante 10.2) : %s.",
	"Teams (a team's second car stopping on the same turn waits): %s.":                      "Écuries (la seconde voiture d'une écurie qui s'arrête au même tour attend) : %s.",
	"Qualifying %s, phase %d of %d":                                                         "Qualifications %s, phase %d sur %d",
	"Humidity %d: attempts on %s tyres":                                                     "Humidité %d : tentatives en pneus %s",
	"Best time %s · attempts %s":                                                            "Meilleur temps %s · tentatives %s",
	"Qualifying: the last phase revealed":                                                   "Qualifications : la dernière phase révélée",
	"Weather: %s":                                                                           "Météo : %s",
	"Best":                                                                                  "Meilleur",
	"Attempts":                                                                              "Tentatives",
	"Last":                                                                                  "Dernier",
	"out":                                                                                   "éliminée",
	"penalty":                                                                               "pénalité",
	"%d of %d":                                                                              "%d sur %d",
	"pass":                                                                                  "passe",
	"passes":                                                                                "passe son tour",
	"attempts from the %s deck":                                                             "tente avec le paquet %s",
	"1st":                                                                                   "1er",
	"%dth":                                                                                  "%de",
}

// rsEnglish gives the English of the prefixed keys.
var rsEnglish = map[string]string{
	"circuit:fast": "fast", "circuit:medium": "medium", "circuit:slow": "slow",
	"colour:blue": "blue", "colour:red": "red", "colour:black": "black", "colour:orange": "orange", "colour:silver": "silver",
	"colour:dark-grey": "dark grey", "colour:red-silver": "red and silver", "colour:yellow": "yellow",
	"colour:blue-dark-green": "blue and dark green", "colour:blue-light-green": "blue and light green",
	"tyre:hard": "hard", "tyre:soft": "soft", "tyre:intermediate": "intermediate", "tyre:rain": "rain",
	"weather:sun": "sun", "weather:cloudy": "cloudy", "weather:light-rain": "light rain", "weather:rain": "rain", "weather:heavy-rain": "heavy rain",
}

// rsLex translates the boards' words. When missing is set, every key
// looked up in French without a translation is recorded there (the test
// that every string is translated draws every scene with it).
type rsLex struct {
	lang    string
	missing map[string]bool
}

func rsLexFor(lang string) (*rsLex, error) {
	if _, err := lexiconFor(lang); err != nil {
		return nil, err
	}
	if lang == "" {
		lang = "en"
	}
	return &rsLex{lang: lang}, nil
}

func (l *rsLex) t(key string, args ...any) string {
	s, ok := rsEnglish[key]
	if !ok {
		s = key
	}
	if l.lang == "fr" {
		if w, found := rsFrench[key]; found {
			s = w
		} else if l.missing != nil {
			l.missing[key] = true
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// ordinal is 1st, 2nd, 3rd … or 1er, 2e ….
func (l *rsLex) ordinal(n int) string {
	if l.lang == "fr" {
		if n == 1 {
			return l.t("1st")
		}
		return l.t("%dth", n)
	}
	lx := lexicon{lang: "en"}
	return lx.ordinal(n)
}

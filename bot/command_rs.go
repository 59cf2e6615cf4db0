package bot

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Racing Simulator order language: one line is one whole sealed order,
// its words in any order, in English or French (folded like every command):
//
//	card 297 risk push pit soft careful   carte 297 risque pousse stand tendre prudent
//	297 save                              297 economise
//	stay / pit hard risky                 reste / stand dur audacieux   (safety car)
//	careful redraw 400                    prudent retire 400            (qualifying)
//	risky redraw 6 inside tyres soft      audacieux retire 6 interieur pneus tendre (start)
//	pass                                  passe                         (advanced qualifying)
//
// ParseRSOrder turns it into the engine's option key (rs Order.Key:
// "297+risk+tapez+pit-soft-careful"); RSOrderWords writes a key back as
// words. Every other command of an rs game (help, status, auto…) is the
// common language (Parse).

// rsWords maps each folded word of an order to its part.
var rsWords = map[string]string{
	"card": "card", "carte": "card", "c": "card",
	"risk": "risk", "risque": "risk", "+risk": "risk",
	"push": "tapez", "pousse": "tapez", "pousser": "tapez", "tapez": "tapez", "taper": "tapez",
	"save": "economise", "economise": "economise", "economiser": "economise", "eco": "economise",
	"pit": "pit", "stand": "pit", "box": "pit", "stop": "pit",
	"stay": "stay", "reste": "stay", "rester": "stay",
	"pass": "pass", "passe": "pass",
	"careful": "careful", "prudent": "careful",
	"risky": "risky", "audacieux": "risky", "risque-deck": "risky",
	"redraw": "redraw", "retire": "redraw", "retirer": "redraw",
	"straight": "straight", "tout-droit": "straight", "droit": "straight",
	"inside": "inside", "interieur": "inside",
	"outside": "outside", "exterieur": "outside",
	"tyres": "tyres", "tyre": "tyres", "tires": "tyres", "pneus": "tyres", "pneu": "tyres",
	"keep-nose": "keep-nose", "garde-museau": "keep-nose",
}

// rsTyres maps tyre words to the engine's tyres.
var rsTyres = map[string]string{
	"hard": "hard", "durs": "hard", "dur": "hard",
	"soft": "soft", "tendres": "soft", "tendre": "soft",
	"inter": "intermediate", "inters": "intermediate", "intermediate": "intermediate", "intermediates": "intermediate", "intermediaire": "intermediate", "intermediaires": "intermediate",
	"rain": "rain", "wet": "rain", "wets": "rain", "pluie": "rain",
}

// errNotOrder: the line is not an order (another command of the game).
var errNotOrder = errors.New("not an order")

// ParseRSOrder reads a Racing Simulator order line. It returns errNotOrder
// when the line is some other command, and a refusal in both languages
// when it is an order written wrong.
func ParseRSOrder(input string) (string, error) {
	if len(input) > MaxCommandLength || !utf8.ValidString(input) {
		return "", errNotOrder // Parse says what is wrong with it
	}
	for _, r := range input {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return "", errNotOrder
		}
	}
	f := strings.Trim(Fold(input), " !.")
	f = strings.TrimPrefix(f, "/")
	f = strings.TrimPrefix(f, "race ")
	words := strings.Fields(f)
	if len(words) == 0 || !startsOrder(words) {
		return "", errNotOrder
	}
	var (
		card, redraw                    int
		risk, tapez, eco, stay, pass    bool
		keepNose, pit                   bool
		deck, pitTyre, pitDeck, dir, ty string
	)
	bad := func(en, fr string, a ...any) (string, error) { return "", refusef(en, fr, a...) }
	for i := 0; i < len(words); i++ {
		w := words[i]
		next := func() (string, bool) {
			if i+1 < len(words) {
				i++
				return words[i], true
			}
			return "", false
		}
		if n, err := strconv.Atoi(w); err == nil {
			if card != 0 {
				return bad("one speed card per order, not %d and %d", "une seule carte vitesse par ordre, pas %d et %d", card, n)
			}
			if n < 293 || n > 300 {
				return bad("%d is not a speed card: they are 293 to 300", "%d n'est pas une carte vitesse : elles vont de 293 à 300", n)
			}
			card = n
			continue
		}
		part, ok := rsWords[w]
		if !ok {
			return bad("%q is not a word of an order; write e.g. card 297 risk, or help", "« %s » n'est pas un mot d'ordre ; écrivez par exemple carte 297 risque, ou aide", w)
		}
		switch part {
		case "card":
			v, ok := next()
			n, err := strconv.Atoi(v)
			if !ok || err != nil || n < 293 || n > 300 {
				return bad("write card and a speed card from 293 to 300, e.g. card 297", "écrivez carte et une carte vitesse de 293 à 300, par exemple carte 297")
			}
			if card != 0 {
				return bad("one speed card per order, not %d and %d", "une seule carte vitesse par ordre, pas %d et %d", card, n)
			}
			card = n
		case "risk":
			// "risque" is also the risky deck in French when it follows a
			// stop's tyres or stands where a deck is expected
			if w == "risque" && pit && pitTyre != "" && pitDeck == "" {
				pitDeck = "risky"
			} else if w == "risque" && card == 0 && deck == "" && !pit {
				deck = "risky"
			} else {
				risk = true
			}
		case "tapez":
			tapez = true
		case "economise":
			eco = true
		case "stay":
			stay = true
		case "pass":
			pass = true
		case "keep-nose":
			keepNose = true
		case "careful", "risky":
			if pit && pitTyre != "" && pitDeck == "" {
				pitDeck = part
			} else if deck == "" {
				deck = part
			} else {
				return bad("one deck per order", "un seul paquet par ordre")
			}
		case "straight", "inside", "outside":
			dir = part
		case "redraw":
			v, ok := next()
			n, err := strconv.Atoi(v)
			if !ok || err != nil || n < 1 || n > 999 {
				return bad("write redraw and a number: a chrono worse than .N (qualifying) or a start card under N points", "écrivez retire et un nombre : un chrono moins bon que .N (qualifications) ou une carte de départ sous N points")
			}
			redraw = n
		case "tyres":
			v, ok := next()
			t, known := rsTyres[v]
			if !ok || !known {
				return bad("write tyres and hard, soft, inter or rain", "écrivez pneus et dur, tendre, inter ou pluie")
			}
			ty = t
		case "pit":
			if pit {
				return bad("one stop per order", "un seul arrêt par ordre")
			}
			pit = true
			v, ok := next()
			t, known := rsTyres[v]
			if !ok || !known {
				return bad("write pit, the tyres to fit (hard, soft, inter, rain) and the deck (careful or risky), e.g. pit soft careful", "écrivez stand, les pneus à monter (dur, tendre, inter, pluie) et le paquet (prudent ou audacieux), par exemple stand tendre prudent")
			}
			pitTyre = t
		}
	}
	if pit && pitDeck == "" {
		pitDeck = "careful" // the careful deck unless the player dares
	}
	if keepNose && !pit {
		return bad("keep-nose goes with a stop: pit TYRES DECK keep-nose", "garde-museau va avec un arrêt : stand PNEUS PAQUET garde-museau")
	}
	if (stay || pass) && (card != 0 || pit || risk || tapez || eco || deck != "" || redraw != 0 || dir != "" || ty != "") {
		return bad("stay and pass stand alone", "reste et passe s'écrivent seuls")
	}
	if stay {
		return "stay", nil
	}
	if pass {
		return "pass", nil
	}
	var parts []string
	if card != 0 {
		parts = append(parts, strconv.Itoa(card))
	}
	if deck != "" {
		parts = append(parts, deck)
	}
	if redraw != 0 {
		parts = append(parts, "redraw-"+strconv.Itoa(redraw))
	}
	if dir != "" {
		parts = append(parts, dir)
	}
	if ty != "" {
		parts = append(parts, "tyres-"+ty)
	}
	if risk {
		parts = append(parts, "risk")
	}
	if tapez {
		parts = append(parts, "tapez")
	}
	if eco {
		parts = append(parts, "economise")
	}
	if pit {
		p := "pit-" + pitTyre + "-" + pitDeck
		if keepNose {
			p += "-keep-nose"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return bad("an order needs a speed card (card 297), stay, a stop or a deck", "un ordre demande une carte vitesse (carte 297), reste, un arrêt ou un paquet")
	}
	return strings.Join(parts, "+"), nil
}

// startsOrder reports whether a line's first word opens an order rather
// than another command: "carte" alone is the board, "carte 297" a card;
// "pit" and "tyres" are orders in an rs game.
func startsOrder(words []string) bool {
	w := words[0]
	if n, err := strconv.Atoi(w); err == nil {
		return n >= 100 // a speed card; small numbers are no order
	}
	part, ok := rsWords[w]
	if !ok {
		return false
	}
	if part == "card" {
		if len(words) < 2 {
			return false
		}
		_, err := strconv.Atoi(words[1])
		return err == nil
	}
	return true
}

// rsKeyWords are the words of each key part, English then French.
var rsKeyWords = map[string][2]string{
	"risk": {"risk", "risque"}, "tapez": {"push", "pousse"}, "economise": {"save", "economise"},
	"careful": {"careful", "prudent"}, "risky": {"risky", "audacieux"},
	"straight": {"straight", "tout-droit"}, "inside": {"inside", "interieur"}, "outside": {"outside", "exterieur"},
	"stay": {"stay", "reste"}, "pass": {"pass", "passe"},
	"hard": {"hard", "dur"}, "soft": {"soft", "tendre"}, "intermediate": {"inter", "inter"}, "rain": {"rain", "pluie"},
}

// RSOrderWords writes an option key as the words a player sends for it,
// in lang: "297+risk+pit-soft-careful" → "card 297 risk pit soft careful"
// / "carte 297 risque stand tendre prudent". ParseRSOrder reads it back.
func RSOrderWords(key, lang string) string {
	l := 0
	if lang == "fr" {
		l = 1
	}
	word := func(p string) string {
		if w, ok := rsKeyWords[p]; ok {
			return w[l]
		}
		return p
	}
	var out []string
	for _, p := range strings.Split(key, "+") {
		switch {
		case p != "" && p[0] >= '0' && p[0] <= '9':
			out = append(out, [2]string{"card", "carte"}[l]+" "+p)
		case strings.HasPrefix(p, "redraw-"):
			out = append(out, [2]string{"redraw", "retire"}[l]+" "+strings.TrimPrefix(p, "redraw-"))
		case strings.HasPrefix(p, "tyres-"):
			out = append(out, [2]string{"tyres", "pneus"}[l]+" "+word(strings.TrimPrefix(p, "tyres-")))
		case strings.HasPrefix(p, "pit-"):
			f := strings.Split(p, "-")
			s := [2]string{"pit", "stand"}[l]
			if len(f) >= 3 {
				s += " " + word(f[1]) + " " + word(f[2])
			}
			if strings.HasSuffix(p, "-keep-nose") {
				s += " " + [2]string{"keep-nose", "garde-museau"}[l]
			}
			out = append(out, s)
		default:
			out = append(out, word(p))
		}
	}
	return strings.Join(out, " ")
}

// rsHelpText lists the orders and commands of a Racing Simulator game.
func rsHelpText(lang string) string {
	if lang == "fr" {
		return `Ordres (Racing Simulator, un ordre scellé par tour, sur une ligne) : carte N [risque] [pousse|economise] [stand PNEUS prudent|audacieux [garde-museau]] · sous voiture de sécurité : reste · stand PNEUS PAQUET · qualifications : prudent|audacieux [retire N] · départ : prudent|audacieux [retire N] tout-droit|interieur|exterieur [pneus PNEUS] · passe (qualifications avancées). Pneus : dur, tendre, inter, pluie. Un ordre peut être changé tant que tous n'ont pas joué.
Autres : etat · plateau · historique N · auto on|off · vacances AAAA-MM-JJ AAAA-MM-JJ
Maître de jeu : pause · reprendre · delai 24h · exclure NOM · remplacer NOM par NOM`
	}
	return `Orders (Racing Simulator, one sealed order a turn, on one line): card N [risk] [push|save] [pit TYRES careful|risky [keep-nose]] · under the safety car: stay · pit TYRES DECK · qualifying: careful|risky [redraw N] · start: careful|risky [redraw N] straight|inside|outside [tyres TYRES] · pass (advanced qualifying). Tyres: hard, soft, inter, rain. An order may be changed until every order is in.
Other: status · board · log N · auto on|off · vacation YYYY-MM-DD YYYY-MM-DD
Game master: pause · resume · deadline 24h · kick NAME · replace NAME with NAME`
}

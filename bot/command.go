package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/pitwall/pitwall/engine/ai"
)

// Verb is what a command asks for, whatever the language it was written in.
type Verb string

const (
	VerbHelp     Verb = "help"
	VerbStatus   Verb = "status"
	VerbBoard    Verb = "board"
	VerbMail     Verb = "mail"     // how often I am mailed: turn, round or every
	VerbWhy      Verb = "why"      // the last play with its rule ids
	VerbLink     Verb = "link"     // my personal link to the game's web page
	VerbNew      Verb = "new"      // by mail: open a race (new race TRACK [rules] [laps])
	VerbRegister Verb = "register" // by mail, from a new address: register NAME
	VerbLog      Verb = "log"
	VerbJoin     Verb = "join"
	VerbStart    Verb = "start"
	VerbGear     Verb = "gear"
	VerbChoose   Verb = "choose"
	VerbPit      Verb = "pit"
	VerbTyres    Verb = "tyres"
	VerbConfig   Verb = "config"
	VerbNext     Verb = "next"     // pre-move: the gear for my next play
	VerbPlan     Verb = "plan"     // standing orders
	VerbAuto     Verb = "auto"     // put my seat on (or off) autopilot
	VerbVacation Verb = "vacation" // autopilot for a date range
	VerbUndo     Verb = "undo"     // ask the game master to take back the last play
	// game master
	VerbPause    Verb = "pause"
	VerbResume   Verb = "resume"
	VerbKick     Verb = "kick"
	VerbSeatAuto Verb = "seat-auto" // street lobby: a driver nobody chose, on autopilot
	VerbReplace  Verb = "replace"
	VerbDeadline Verb = "deadline"
	VerbTakeBack Verb = "takeback"
	VerbDriver   Verb = "driver" // street races: pick a driver (U-DRV-01)
	VerbBots     Verb = "bots"   // lobby, game master: seat N AI drivers at a level (engine/ai)
	// VerbClassify is an official's change to the final classification
	// (FDR R1.14): classify CAR PLACE [reason].
	VerbClassify Verb = "classify"
)

// Command is one parsed command.
type Command struct {
	Verb Verb
	Lang string // "en" or "fr": the language the verb was written in
	// Arguments, by verb:
	Gear    int           // gear, next
	Letter  string        // choose, and pit/tyres/config given by letter
	Word    string        // tyres (hard|soft|rain), board view, help topic, plan rule, pit kind
	Number  int           // log count, plan threshold
	Numbers []int         // config spread; placement-error round and count
	Name    string        // kick, replace (who)
	Name2   string        // replace (by whom)
	On      bool          // auto on/off
	From    time.Time     // vacation
	To      time.Time     // vacation
	Period  time.Duration // deadline
	Reason  string        // undo, takeback

	// Boosters are config's booster points (league 5-A), when BoostersSaid.
	Boosters     int
	BoostersSaid bool
}

// MaxCommandLength bounds a command: anything longer is refused before it
// is read (a mail body may be long; its command line is not).
const MaxCommandLength = 500

// ErrEmpty is returned for a blank command.
var ErrEmpty = errors.New("empty command")

// ParseError says what was wrong and what would have been understood.
type ParseError struct {
	Input string
	Msg   string
	Hint  string // e.g. "did you mean: gear 4"
}

func (e *ParseError) Error() string {
	if e.Hint != "" {
		return e.Msg + " — " + e.Hint
	}
	return e.Msg
}

// verbs maps every keyword, folded (lower case, no accents), to its verb
// and language. One parser serves Discord, email and the terminal.
var verbs = map[string]struct {
	verb Verb
	lang string
}{
	"help": {VerbHelp, "en"}, "aide": {VerbHelp, "fr"}, "?": {VerbHelp, "en"},
	"status": {VerbStatus, "en"}, "etat": {VerbStatus, "fr"}, "statut": {VerbStatus, "fr"},
	"new": {VerbNew, "en"}, "nouvelle": {VerbNew, "fr"}, "nouvelle-course": {VerbNew, "fr"},
	"register": {VerbRegister, "en"}, "inscription": {VerbRegister, "fr"}, "inscrire": {VerbRegister, "fr"},
	"why": {VerbWhy, "en"}, "pourquoi": {VerbWhy, "fr"},
	"link": {VerbLink, "en"}, "lien": {VerbLink, "fr"},
	"mail": {VerbMail, "en"}, "courrier": {VerbMail, "fr"}, "courriel": {VerbMail, "fr"},
	"board": {VerbBoard, "en"}, "plateau": {VerbBoard, "fr"}, "map": {VerbBoard, "en"}, "carte": {VerbBoard, "fr"},
	"log": {VerbLog, "en"}, "history": {VerbLog, "en"}, "historique": {VerbLog, "fr"}, "journal": {VerbLog, "fr"},
	"join": {VerbJoin, "en"}, "rejoindre": {VerbJoin, "fr"},
	"start": {VerbStart, "en"}, "demarrer": {VerbStart, "fr"}, "depart": {VerbStart, "fr"},
	"gear": {VerbGear, "en"}, "vitesse": {VerbGear, "fr"}, "g": {VerbGear, "en"}, "v": {VerbGear, "fr"},
	"choose": {VerbChoose, "en"}, "choice": {VerbChoose, "en"}, "choisir": {VerbChoose, "fr"}, "choix": {VerbChoose, "fr"}, "option": {VerbChoose, "en"},
	"pit": {VerbPit, "en"}, "pits": {VerbPit, "en"}, "stand": {VerbPit, "fr"}, "stands": {VerbPit, "fr"},
	"tyres": {VerbTyres, "en"}, "tyre": {VerbTyres, "en"}, "tires": {VerbTyres, "en"}, "tire": {VerbTyres, "en"}, "pneus": {VerbTyres, "fr"}, "pneu": {VerbTyres, "fr"},
	"config": {VerbConfig, "en"}, "configuration": {VerbConfig, "en"}, "setup": {VerbConfig, "en"}, "reglage": {VerbConfig, "fr"}, "reglages": {VerbConfig, "fr"},
	"next": {VerbNext, "en"}, "prochaine": {VerbNext, "fr"}, "ensuite": {VerbNext, "fr"},
	"plan": {VerbPlan, "en"}, "standing": {VerbPlan, "en"}, "consigne": {VerbPlan, "fr"}, "consignes": {VerbPlan, "fr"},
	"auto": {VerbAuto, "en"}, "autopilot": {VerbAuto, "en"}, "pilote-auto": {VerbAuto, "fr"},
	"vacation": {VerbVacation, "en"}, "holiday": {VerbVacation, "en"}, "away": {VerbVacation, "en"}, "vacances": {VerbVacation, "fr"}, "absent": {VerbVacation, "fr"},
	"undo": {VerbUndo, "en"}, "annuler": {VerbUndo, "fr"},
	"pause": {VerbPause, "en"}, "suspendre": {VerbPause, "fr"},
	"resume": {VerbResume, "en"}, "reprendre": {VerbResume, "fr"},
	"kick": {VerbKick, "en"}, "exclure": {VerbKick, "fr"},
	"seat-auto": {VerbSeatAuto, "en"}, "robot": {VerbSeatAuto, "fr"}, "placer-auto": {VerbSeatAuto, "fr"},
	"replace": {VerbReplace, "en"}, "remplacer": {VerbReplace, "fr"},
	"deadline": {VerbDeadline, "en"}, "delai": {VerbDeadline, "fr"},
	"driver": {VerbDriver, "en"}, "pilote": {VerbDriver, "fr"},
	"bots": {VerbBots, "en"}, "ia": {VerbBots, "fr"},
	"classify": {VerbClassify, "en"}, "classer": {VerbClassify, "fr"},
	"takeback": {VerbTakeBack, "en"}, "take-back": {VerbTakeBack, "en"}, "rejouer": {VerbTakeBack, "fr"},
}

// mailModes maps the mail modes in both languages (folded) to their names.
var mailModes = map[string]string{
	"turn": "turn", "tour": "turn", "coup": "turn",
	"round": "round", "manche": "round", "ronde": "round",
	"every": "every", "each": "every", "all": "every", "tout": "every", "chaque": "every",
}

// tyreWords maps tyre names in both languages to the engine's names.
var tyreWords = map[string]string{
	"hard": "hard", "h": "hard", "durs": "hard", "dur": "hard",
	"soft": "soft", "s": "soft", "tendres": "soft", "tendre": "soft",
	"rain": "rain", "r": "rain", "wet": "rain", "wets": "rain", "pluie": "rain",
	"supersoft": "supersoft", "super-soft": "supersoft", "ss": "supersoft", "supertendres": "supersoft", "super-tendres": "supersoft", // league 8-B
	"monsoon": "monsoon", "mousson": "monsoon", "pluie-mousson": "monsoon", // league 8-C
}

// Fold lower-cases s, strips accents and collapses white space, so that
// "  Vitesse   4 " and "vitesse 4", "État" and "etat" read alike.
func Fold(s string) string {
	d := norm.NFD.String(s)
	var b strings.Builder
	space := false
	for _, r := range d {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue // a combining accent
		case unicode.IsSpace(r) || r == '\u00a0':
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Parse reads one command. A bare gear ("4", "4th", "4e") or a bare option
// letter ("B") is understood, as players type on a phone.
func Parse(input string) (Command, error) {
	if len(input) > MaxCommandLength {
		return Command{}, &ParseError{Input: input[:40], Msg: fmt.Sprintf("command too long (%d characters, at most %d)", len(input), MaxCommandLength)}
	}
	if !utf8.ValidString(input) {
		return Command{}, &ParseError{Msg: "command is not valid UTF-8 text"}
	}
	for _, r := range input {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return Command{}, &ParseError{Msg: fmt.Sprintf("control character %U in command", r)}
		}
	}
	f := strings.Trim(Fold(input), " !.")
	f = strings.TrimPrefix(f, "/") // "/race gear 4" style
	f = strings.TrimPrefix(f, "race ")
	if f == "" {
		return Command{}, ErrEmpty
	}
	words := strings.Fields(f)
	if g, ok := gearWord(words[0]); ok && len(words) == 1 {
		return Command{Verb: VerbGear, Lang: "en", Gear: g}, nil
	}
	if len(words) == 1 && isLetter(words[0]) {
		return Command{Verb: VerbChoose, Lang: "en", Letter: strings.ToUpper(words[0])}, nil
	}
	if len(words) == 1 && isDeclaredGear(words[0]) {
		// a gear with a declaration before the roll: "5s", 5th with the
		// Super Top (league variant 6-B); the gear option's letter
		return Command{Verb: VerbChoose, Lang: "en", Letter: strings.ToUpper(words[0])}, nil
	}
	// the original text after the verb, for free-text reasons and names
	rest := ""
	if i := strings.IndexFunc(strings.TrimSpace(input), unicode.IsSpace); i >= 0 {
		rest = strings.TrimSpace(strings.TrimSpace(input)[i:])
	}
	if c, ok, err := parseLeague(words, rest); ok { // bot/league_command.go
		return c, err
	}
	v, ok := verbs[words[0]]
	if !ok {
		return Command{}, &ParseError{Input: input, Msg: fmt.Sprintf("unknown command %q", words[0]), Hint: suggest(words[0])}
	}
	c := Command{Verb: v.verb, Lang: v.lang}
	args := words[1:]
	var err error
	switch c.Verb {
	case VerbHelp:
		c.Word = strings.Join(args, " ")
	case VerbJoin:
		// by mail, outside any game: join GAME
		if len(args) > 1 {
			err = fmt.Errorf("%s takes at most a game id", words[0])
		} else if len(args) == 1 {
			c.Name = args[0]
		}
	case VerbNew:
		// new race TRACK [rules] [laps] (nouvelle course CIRCUIT …)
		if len(args) > 0 && (args[0] == "race" || args[0] == "course") {
			args = args[1:]
		}
		if len(args) == 0 || len(args) > 3 {
			err = fmt.Errorf("write new race TRACK [fd2008|fdr|street] [laps] (nouvelle course CIRCUIT …)")
			break
		}
		c.Name = args[0]
		for _, a := range args[1:] {
			if n, e := strconv.Atoi(a); e == nil && n > 0 && n <= 10 {
				c.Number = n
			} else {
				c.Word = a
			}
		}
	case VerbRegister:
		if rest == "" || len([]rune(rest)) > 40 {
			err = fmt.Errorf("write register NAME (inscription NOM), a name of at most 40 letters")
			break
		}
		c.Name = rest
	case VerbStatus, VerbStart, VerbPause, VerbResume, VerbWhy, VerbLink:
		if len(args) > 0 {
			err = fmt.Errorf("%s takes nothing after it", words[0])
		}
	case VerbMail:
		if len(args) != 1 {
			err = fmt.Errorf("write %s turn, round or every (courrier tour, manche ou tout)", words[0])
			break
		}
		c.Word = mailModes[args[0]]
		if c.Word == "" {
			err = fmt.Errorf("%s %s: turn (a mail when it is your turn), round (one a round) or every (every play)", words[0], args[0])
		}
	case VerbBoard:
		c.Word = "board"
		if len(args) > 0 {
			switch args[0] {
			case "crop", "zoom", "me", "moi", "gros-plan":
				c.Word = "crop"
			case "full", "all", "tout", "board", "plateau":
			default:
				err = fmt.Errorf("board takes crop or full, not %q", args[0])
			}
		}
	case VerbLog:
		c.Number = 10
		if len(args) > 0 {
			c.Number, err = strconv.Atoi(args[0])
			if err != nil || c.Number < 1 || c.Number > 200 {
				err = fmt.Errorf("log takes a number of lines from 1 to 200, not %q", args[0])
			}
		}
	case VerbGear, VerbNext:
		if c.Verb == VerbNext && len(args) > 0 && (args[0] == "gear" || args[0] == "vitesse") {
			args = args[1:]
		}
		if len(args) != 1 {
			err = fmt.Errorf("write %s and a gear from 1 to 6, e.g. %q", words[0], words[0]+" 4")
			break
		}
		g, ok := gearWord(args[0])
		if !ok {
			err = fmt.Errorf("%q is not a gear: gears are 1 to 6", args[0])
		}
		c.Gear = g
	case VerbChoose:
		if len(args) != 1 || !(isLetter(args[0]) || isDeclaredGear(args[0])) {
			err = fmt.Errorf("write %s and the letter of an option, e.g. %q", words[0], words[0]+" B")
			break
		}
		c.Letter = strings.ToUpper(args[0])
	case VerbPit:
		// "pit" (enter the pit lane), "pit soft" (tyres at the stop),
		// "pit B" (an option by letter), "pit long" / "pit technical"
		for _, a := range args {
			switch {
			case tyreWords[a] != "":
				c.Word = tyreWords[a]
			case a == "long" || a == "technical" || a == "technique" || a == "tech":
				c.Name = "long"
			case a == "quick" || a == "short" || a == "rapide" || a == "court":
				c.Name = "quick"
			case isLetter(a):
				c.Letter = strings.ToUpper(a)
			default:
				err = fmt.Errorf("pit takes a tyre (hard, soft, rain; supersoft with 8-B, monsoon with 8-C), quick or long, or an option letter, not %q", a)
			}
		}
	case VerbTyres:
		if len(args) != 1 {
			err = fmt.Errorf("write %s and hard, soft or rain (supersoft with 8-B, monsoon with 8-C)", words[0])
			break
		}
		if t := tyreWords[args[0]]; t != "" {
			c.Word = t
		} else if isLetter(args[0]) {
			c.Letter = strings.ToUpper(args[0])
		} else {
			err = fmt.Errorf("%q is not a tyre: hard, soft or rain (durs, tendres, pluie); supersoft with 8-B, monsoon with 8-C", args[0])
		}
	case VerbConfig:
		args, c.Boosters, c.BoostersSaid, err = cutBoosters(args)
		if err == nil {
			c.Numbers, c.Letter, err = parseSpread(args)
		}
	case VerbDriver:
		if len(args) == 0 {
			err = fmt.Errorf("write %s and a driver's name or letter, e.g. %q", words[0], words[0]+" Diane")
			break
		}
		c.Name = rest // a driver's name or letter (U-DRV-01)
	case VerbPlan:
		c.Word, c.Number, err = parsePlan(args)
	case VerbAuto:
		c.On = true
		if len(args) > 0 {
			switch args[0] {
			case "on", "oui", "yes", "marche":
			case "off", "non", "no", "arret":
				c.On = false
			default:
				err = fmt.Errorf("auto takes on or off, not %q", args[0])
			}
		}
	case VerbVacation:
		c.From, c.To, err = parseDates(args)
	case VerbUndo, VerbTakeBack:
		c.Reason = rest
	case VerbKick:
		if len(args) == 0 {
			err = fmt.Errorf("write %s and the player's name", words[0])
		}
		c.Name = rest
	case VerbBots:
		// bots N [rookie|pro|legend], the level pro when left out
		c.Word = "pro"
		if len(args) < 1 || len(args) > 2 {
			err = fmt.Errorf("write %s, a number of cars and a level, e.g. %q", words[0], words[0]+" 3 pro")
			break
		}
		c.Number, err = strconv.Atoi(args[0])
		if err != nil || c.Number < 1 || c.Number > 9 {
			err = fmt.Errorf("%s takes a number of cars from 1 to 9, not %q", words[0], args[0])
			break
		}
		if len(args) == 2 {
			lvl, lerr := ai.ParseLevel(args[1])
			if lerr != nil {
				err = lerr
				break
			}
			c.Word = lvl.String()
		}
	case VerbSeatAuto:
		if len(args) == 0 {
			err = fmt.Errorf("write %s and a driver's name, e.g. %q", words[0], words[0]+" Diane")
		}
		c.Name = rest
	case VerbReplace:
		// replace NAME with|by|par NAME
		parts := splitWith(rest)
		if len(parts) != 2 {
			err = fmt.Errorf("write %s NAME with NAME", words[0])
			break
		}
		c.Name, c.Name2 = parts[0], parts[1]
	case VerbClassify:
		// classify CAR PLACE [reason]
		if len(args) < 2 {
			err = fmt.Errorf("write %s, the car's number and its place", words[0])
			break
		}
		if c.Number, err = strconv.Atoi(args[0]); err != nil {
			err = fmt.Errorf("%q is not a car number", args[0])
			break
		}
		place, perr := strconv.Atoi(args[1])
		if perr != nil {
			err = fmt.Errorf("%q is not a place", args[1])
			break
		}
		c.Numbers = []int{place}
		if f := strings.Fields(rest); len(f) > 2 {
			c.Reason = strings.Join(f[2:], " ") // as written, accents kept
		}
	case VerbDeadline:
		if len(args) != 1 {
			err = fmt.Errorf("write %s and a duration such as 24h, 2d or 90m", words[0])
			break
		}
		c.Period, err = parsePeriod(args[0])
	}
	if err != nil {
		return Command{}, &ParseError{Input: input, Msg: err.Error(), Hint: usage(c.Verb)}
	}
	return c, nil
}

func isLetter(s string) bool {
	if len(s) == 0 || len(s) > 2 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// isDeclaredGear reads a gear and a declaration's letter, "5s" ("5e" is
// the French 5th, read before by gearWord).
func isDeclaredGear(s string) bool {
	return len(s) == 2 && s[0] >= '1' && s[0] <= '6' && s[1] >= 'a' && s[1] <= 'z'
}

// gearWord reads "4", "4th", "4e", "4eme", "4ème", "g4".
func gearWord(s string) (int, bool) {
	s = strings.TrimPrefix(s, "g")
	for _, suf := range []string{"st", "nd", "rd", "th", "eme", "ere", "re", "e"} {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			s = t
			break
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 6 {
		return 0, false
	}
	return n, true
}

// boosterWords name the booster points in a config order (league 5-A):
// "config 5/3/2/2/2/2 boost 6", "reglage A booster 3".
var boosterWords = map[string]bool{"boost": true, "boosts": true, "booster": true, "boosters": true}

// cutBoosters takes "boost N" off a config order's arguments: the rest,
// and N when said.
func cutBoosters(args []string) (rest []string, n int, said bool, err error) {
	for i, a := range args {
		if !boosterWords[strings.ToLower(a)] {
			continue
		}
		if i+1 >= len(args) {
			return nil, 0, false, fmt.Errorf("write %s and a number of booster points, e.g. %q", a, a+" 3")
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n < 0 || n > 99 {
			return nil, 0, false, fmt.Errorf("%q is not a number of booster points", args[i+1])
		}
		rest = append(slices.Clone(args[:i]), args[i+2:]...)
		return rest, n, true, nil
	}
	return args, 0, false, nil
}

func parseSpread(args []string) ([]int, string, error) {
	if len(args) == 1 && isLetter(args[0]) {
		return nil, strings.ToUpper(args[0]), nil
	}
	joined := strings.Join(args, " ")
	joined = strings.NewReplacer("/", " ", ",", " ", "-", " ").Replace(joined)
	f := strings.Fields(joined)
	if len(f) < 6 || len(f) > 7 {
		return nil, "", fmt.Errorf("give a preset letter or one number per category: tyres/brakes/gearbox(gas)/body/engine/handling[/pit], e.g. 6/3/3/3/3/2")
	}
	out := make([]int, len(f))
	for i, w := range f {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > 30 {
			return nil, "", fmt.Errorf("%q is not a number of points", w)
		}
		out[i] = n
	}
	return out, "", nil
}

// Standing-order rules understood by plan.
var planWords = map[string]string{
	"safe": "safe", "prudent": "safe", "careful": "safe",
	"inside": "inside", "interieur": "inside", "corde": "inside",
	"tyres": "min-tyres", "min-tyres": "min-tyres", "pneus": "min-tyres",
	"slipstream": "slipstream", "aspiration": "slipstream",
	"clear": "clear", "none": "clear", "aucune": "clear", "effacer": "clear",
}

func parsePlan(args []string) (string, int, error) {
	if len(args) == 0 {
		return "", 0, errors.New("plan what? safe, inside, tyres N, slipstream, or clear")
	}
	// "prefer inside", "never below 2 tyres", "jamais sous 2 pneus"
	var word string
	num := 0
	for _, a := range args {
		if w, ok := planWords[a]; ok && word == "" {
			word = w
		}
		if n, err := strconv.Atoi(a); err == nil {
			num = n
		}
	}
	if word == "" {
		return "", 0, fmt.Errorf("unknown standing order %q: safe, inside, tyres N, slipstream, clear", strings.Join(args, " "))
	}
	if word == "min-tyres" && (num < 1 || num > 14) {
		return "", 0, errors.New("write e.g. \"plan tyres 2\": never below 2 tyre points")
	}
	return word, num, nil
}

func parseDates(args []string) (time.Time, time.Time, error) {
	var dates []time.Time
	for _, a := range args {
		if a == "to" || a == "au" || a == "a" || a == "-" || a == "until" || a == "jusqu'au" || a == "from" || a == "du" {
			continue
		}
		d, err := time.Parse("2006-01-02", a)
		if err != nil {
			return time.Time{}, time.Time{}, fmt.Errorf("%q is not a date: write YYYY-MM-DD", a)
		}
		dates = append(dates, d)
	}
	if len(dates) != 2 {
		return time.Time{}, time.Time{}, errors.New("write two dates, e.g. \"vacation 2026-12-20 2027-01-03\"")
	}
	if dates[1].Before(dates[0]) {
		return time.Time{}, time.Time{}, errors.New("the vacation ends before it starts")
	}
	// the last day is included
	return dates[0], dates[1].Add(24 * time.Hour), nil
}

func parsePeriod(s string) (time.Duration, error) {
	unit := time.Hour
	num := s
	switch {
	case strings.HasSuffix(s, "d") || strings.HasSuffix(s, "j"):
		unit, num = 24*time.Hour, s[:len(s)-1]
	case strings.HasSuffix(s, "h"):
		num = s[:len(s)-1]
	case strings.HasSuffix(s, "m") || strings.HasSuffix(s, "min"):
		unit, num = time.Minute, strings.TrimSuffix(strings.TrimSuffix(s, "in"), "m")
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a duration: write e.g. 24h, 2d or 90m", s)
	}
	d := time.Duration(n) * unit
	if d < 5*time.Minute || d > 30*24*time.Hour {
		return 0, errors.New("a deadline is from 5 minutes to 30 days")
	}
	return d, nil
}

// splitWith cuts "NAME with NAME" (or by, par, avec); names come back
// folded, as names are matched without case or accents.
func splitWith(rest string) []string {
	f := Fold(rest)
	for _, sep := range []string{" with ", " by ", " par ", " avec "} {
		if i := strings.Index(f, sep); i > 0 {
			return []string{strings.TrimSpace(f[:i]), strings.TrimSpace(f[i+len(sep):])}
		}
	}
	return nil
}

// usage is the one-line form of a verb, for error messages.
func usage(v Verb) string {
	switch v {
	case VerbGear:
		return "usage: gear N (vitesse N), N from 1 to 6"
	case VerbNext:
		return "usage: next N (prochaine N): the gear for your next play"
	case VerbChoose:
		return "usage: choose B (choisir B), or just B"
	case VerbTyres:
		return "usage: tyres hard|soft|rain (pneus durs|tendres|pluie)"
	case VerbConfig:
		return "usage: config 6/3/3/3/3/2 or config A"
	case VerbDriver:
		return "usage: driver NAME (pilote NOM), e.g. driver Diane"
	case VerbPit:
		return "usage: pit [hard|soft|rain] [quick|long] or pit B"
	case VerbVacation:
		return "usage: vacation 2026-12-20 2027-01-03"
	case VerbDeadline:
		return "usage: deadline 24h"
	case VerbClassify:
		return "usage: classify CAR PLACE [reason] (classer VOITURE PLACE [raison]), once the race is over"
	case VerbReplace:
		return "usage: replace NAME with NAME"
	case VerbPlan:
		return "usage: plan safe | plan inside | plan tyres 2 | plan slipstream | plan clear"
	}
	return "type help for the list of commands"
}

// suggest proposes the nearest keyword to a mistyped one.
func suggest(w string) string {
	best, bestD := "", 3
	for k := range verbs {
		if len(k) < 2 {
			continue
		}
		if d := distance(w, k); d < bestD || (d == bestD && k < best && best != "") {
			best, bestD = k, d
		}
	}
	if best == "" {
		return "type help for the list of commands"
	}
	return fmt.Sprintf("did you mean %q? (help lists every command)", best)
}

// distance is the Levenshtein distance, for "did you mean".
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 40 || len(rb) > 40 {
		return 99
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

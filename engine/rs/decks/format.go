package decks

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a deck file's first line.
const Version = "rs-deck 1"

// MaxSource bounds a deck file.
const MaxSource = 32 << 10

// Card is one card of an incident deck: a kind and, for kinds that carry
// one, a number (squares, laps, seconds). A collision card has parts
// instead: what the responsible car, the victim and a third car take
// (R-EVT-04, R-GRID-09). Text: kind, kind-N, or
// collision:PART/PART[/PART].
type Card struct {
	Kind  string
	N     int
	Parts []Card
}

func (c Card) String() string {
	if c.Kind == "collision" {
		parts := make([]string, len(c.Parts))
		for i, p := range c.Parts {
			parts[i] = p.String()
		}
		return "collision:" + strings.Join(parts, "/")
	}
	if c.N == 0 {
		return c.Kind
	}
	return c.Kind + "-" + strconv.Itoa(c.N)
}

// ParseCard reads a card's text form.
func ParseCard(s string) (Card, error) {
	if rest, ok := strings.CutPrefix(s, "collision:"); ok {
		f := strings.Split(rest, "/")
		if len(f) < 2 || len(f) > 3 {
			return Card{}, fmt.Errorf("card %q: a collision has 2 or 3 parts (responsible/victim[/third])", s)
		}
		c := Card{Kind: "collision"}
		for _, p := range f {
			pc, err := ParseCard(p)
			if err != nil {
				return Card{}, err
			}
			if pc.Kind == "collision" {
				return Card{}, fmt.Errorf("card %q: a collision inside a collision", s)
			}
			c.Parts = append(c.Parts, pc)
		}
		return c, nil
	}
	kind, n := s, 0
	if i := strings.LastIndexByte(s, '-'); i > 0 && i < len(s)-1 && allDigits(s[i+1:]) {
		v, err := strconv.Atoi(s[i+1:])
		if err != nil || v < 1 || v > 99 || s[i+1] == '0' {
			return Card{}, fmt.Errorf("card %q: the number after - must be 1 to 99", s)
		}
		kind, n = s[:i], v
	}
	if kind == "" || kind[0] == '-' || kind[len(kind)-1] == '-' || strings.Contains(kind, "--") {
		return Card{}, fmt.Errorf("card %q has no kind", s)
	}
	for _, r := range kind {
		if (r < 'a' || r > 'z') && r != '-' {
			return Card{}, fmt.Errorf("card %q: a kind is a word of a-z and '-'", s)
		}
	}
	return Card{Kind: kind, N: n}, nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// TimeCard is one card of the multi-use Chrono / Start / Pit decks
// (§2.2): a qualifying time, a grid-start move and a pit-stop time.
type TimeCard struct {
	Chrono int    // thousandths, 0 (".000", best) to 999; Penalty for the penalty card
	Start  int    // grid-start points 3–10; StartIncident or JumpStart
	Dir    string // the start direction for system cars: L, S or R ("" with a special start)
	Pit    int    // green-flag pit time in squares; Mecano for the lollipop-man error
	Yellow int    // yellow-flag pit time in tenths of a second; -1 with Mecano
}

// Special values of a TimeCard.
const (
	Penalty       = -1
	StartIncident = -1
	JumpStart     = -2
	Mecano        = -1
)

func (c TimeCard) String() string {
	ch := "penalty"
	if c.Chrono != Penalty {
		ch = fmt.Sprintf(".%03d", c.Chrono)
	}
	st := strconv.Itoa(c.Start) + c.Dir
	switch c.Start {
	case StartIncident:
		st = "incident"
	case JumpStart:
		st = "jump"
	}
	pit, y := strconv.Itoa(c.Pit), fmt.Sprintf("%d.%d", c.Yellow/10, c.Yellow%10)
	if c.Pit == Mecano {
		pit, y = "mecano", "-"
	}
	return fmt.Sprintf("chrono=%s start=%s pit=%s yellow=%s", ch, st, pit, y)
}

func parseTimeCard(fields []string) (TimeCard, error) {
	c := TimeCard{Chrono: -9, Start: -9, Pit: -9, Yellow: -9}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return c, fmt.Errorf("%q is not key=value", f)
		}
		switch k {
		case "chrono":
			if v == "penalty" {
				c.Chrono = Penalty
				continue
			}
			d, ok := strings.CutPrefix(v, ".")
			n, err := strconv.Atoi(d)
			if !ok || len(d) != 3 || err != nil || !allDigits(d) {
				return c, fmt.Errorf("chrono %q: .000 to .999 or penalty", v)
			}
			c.Chrono = n
		case "start":
			switch {
			case v == "incident":
				c.Start = StartIncident
			case v == "jump":
				c.Start = JumpStart
			case len(v) >= 2 && strings.ContainsAny(v[len(v)-1:], "LSR"):
				n, err := strconv.Atoi(v[:len(v)-1])
				if err != nil || n < 3 || n > 10 || !allDigits(v[:len(v)-1]) {
					return c, fmt.Errorf("start %q: 3 to 10 points", v)
				}
				c.Start, c.Dir = n, v[len(v)-1:]
			default:
				return c, fmt.Errorf("start %q: points 3-10 and a direction L, S or R, or incident, or jump", v)
			}
		case "pit":
			if v == "mecano" {
				c.Pit = Mecano
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 20 || !allDigits(v) {
				return c, fmt.Errorf("pit %q: 0 to 20 squares or mecano", v)
			}
			c.Pit = n
		case "yellow":
			if v == "-" {
				c.Yellow = -1
				continue
			}
			a, b, ok := strings.Cut(v, ".")
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || len(b) != 1 || !allDigits(a) || !allDigits(b) || x > 24 {
				return c, fmt.Errorf("yellow %q: seconds with one decimal, 0.0 to 24.9", v)
			}
			c.Yellow = 10*x + y
		default:
			return c, fmt.Errorf("unknown field %q (chrono, start, pit, yellow)", k)
		}
	}
	switch {
	case c.Chrono == -9 || c.Start == -9 || c.Pit == -9 || c.Yellow == -9:
		return c, fmt.Errorf("a time card gives chrono, start, pit and yellow")
	case (c.Pit == Mecano) != (c.Yellow == -1):
		return c, fmt.Errorf("yellow=- goes with pit=mecano, and only with it")
	}
	return c, nil
}

// CarCard is one Voiture-Hasard (random-car) card: a car, its group for
// advanced qualifying (§9.1d) and its printed chrono.
type CarCard struct{ Car, Group, Chrono int }

func (c CarCard) String() string {
	return fmt.Sprintf("car=%d group=%d chrono=.%03d", c.Car, c.Group, c.Chrono)
}

func parseCarCard(fields []string) (CarCard, error) {
	c := CarCard{Chrono: -1}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return c, fmt.Errorf("%q is not key=value", f)
		}
		switch k {
		case "car", "group":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 18 || !allDigits(v) {
				return c, fmt.Errorf("%s %q: 1 to 18", k, v)
			}
			if k == "car" {
				c.Car = n
			} else if n > 4 {
				return c, fmt.Errorf("group %q: 1 to 4", v)
			} else {
				c.Group = n
			}
		case "chrono":
			d, ok := strings.CutPrefix(v, ".")
			n, err := strconv.Atoi(d)
			if !ok || len(d) != 3 || err != nil || !allDigits(d) {
				return c, fmt.Errorf("chrono %q: .000 to .999", v)
			}
			c.Chrono = n
		default:
			return c, fmt.Errorf("unknown field %q (car, group, chrono)", k)
		}
	}
	if c.Car == 0 || c.Group == 0 || c.Chrono < 0 {
		return c, fmt.Errorf("a random-car card gives car, group and chrono")
	}
	return c, nil
}

// Deck is a deck as data: which deck it is, the name shown to players and
// its cards in file order (before any shuffle). Incident decks fill
// Cards, the Chrono/Start/Pit decks Times, the random-car deck Cars.
type Deck struct {
	ID     string
	Name   string
	Source string // the text it was parsed from, for records
	Cards  []Card
	Times  []TimeCard
	Cars   []CarCard
}

// Len is the number of cards.
func (d *Deck) Len() int { return len(d.Cards) + len(d.Times) + len(d.Cars) }

// spec is what the rules text fixes about a deck: its size and, for an
// incident deck, its kinds (with whether each carries a number).
type spec struct {
	size  int
	form  string          // "incident", "time" or "car"
	kinds map[string]bool // kind → carries a number
}

var raceKinds = map[string]bool{"collision": false, "retire": false, "drive-through": false, "off": true,
	"puncture": true, "nose": true, "repair": true, "damage": false, "safety-car": true}

func with(m map[string]bool, kv ...any) map[string]bool {
	out := map[string]bool{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1].(bool)
	}
	return out
}

// specs: the decks Pitwall knows and what the digest fixes of each
// (racing-simulator.md §2.2).
var specs = map[string]spec{
	// 24 cards; R-RSK-04: Soleil, Sortie de piste −n, Voiture lente −2.
	"risk": {24, "incident", map[string]bool{"sun": false, "off": true, "slow": false}},
	// 12 brown cards; R-GRID-08/09: stall, collision, retirement,
	// drive-through or stop-and-go +n, off/spin (goes last),
	// puncture/nose/repair +n, safety car n laps.
	"start": {12, "incident", map[string]bool{"stall": false, "collision": false, "retire": false, "drive-through": false,
		"stop-go": true, "spin": false, "puncture": true, "nose": true, "repair": true, "safety-car": true}},
	// 72 light-blue cards; R-EVT-04: Soleil and the race incidents.
	"dry": {72, "incident", with(raceKinds, "sun", false)},
	// 24 light-grey cards: the same kinds, the blank is Pluie vierge.
	"wet": {24, "incident", with(raceKinds, "rain", false)},
	// 15 light-green cards; R-PIT-06: drive-through, time loss +n s.
	"pit": {15, "incident", map[string]bool{"drive-through": false, "time": true}},
	// 32 + 32 Chrono/Start/Pit cards (R-QB-03).
	"chrono-risky":   {32, "time", nil},
	"chrono-careful": {32, "time", nil},
	// 18 Voiture-Hasard cards (R-SET-06, §9.1d).
	"random-car": {18, "car", nil},
}

// DeckIDs lists the decks Pitwall knows.
var DeckIDs = []string{"risk", "start", "dry", "wet", "pit", "chrono-risky", "chrono-careful", "random-car"}

// Parse reads a deck in the rs-deck format (docs/rs-decks.md) and checks
// it against what the rules fix for that deck: every problem is listed.
func Parse(name, src string) (*Deck, error) {
	if len(src) > MaxSource {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", name, len(src), MaxSource)
	}
	var probs []string
	add := func(ln int, f string, a ...any) {
		probs = append(probs, fmt.Sprintf("line %d: %s", ln, fmt.Sprintf(f, a...)))
	}
	d := &Deck{Source: src}
	sawVersion := false
	for i, raw := range strings.Split(src, "\n") {
		ln := i + 1
		line := raw
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !sawVersion {
			sawVersion = true
			if line != Version {
				add(ln, "the first line must be %q", Version)
			}
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimSpace(val)
		switch key {
		case "deck":
			if d.ID != "" {
				add(ln, "deck given twice")
			}
			d.ID = val
			if _, ok := specs[val]; !ok {
				add(ln, "unknown deck %q (known: %s)", val, strings.Join(DeckIDs, ", "))
			}
		case "name":
			d.Name = val
		case "card":
			sp, ok := specs[d.ID]
			if !ok {
				add(ln, "card before a known deck line")
				continue
			}
			f := strings.Fields(val)
			n := 1
			if len(f) > 1 && strings.HasPrefix(f[len(f)-1], "x") {
				v, err := strconv.Atoi(f[len(f)-1][1:])
				if err != nil || v < 1 || v > 99 {
					add(ln, "card count %q: x1 to x99", f[len(f)-1])
					continue
				}
				n, f = v, f[:len(f)-1]
			}
			if len(f) == 0 {
				add(ln, "card: no card")
				continue
			}
			switch sp.form {
			case "incident":
				if len(f) != 1 {
					add(ln, "card: one card and an optional xN count")
					continue
				}
				c, err := ParseCard(f[0])
				if err != nil {
					add(ln, "%v", err)
					continue
				}
				if err := checkKinds(d.ID, sp, c); err != nil {
					add(ln, "%v", err)
					continue
				}
				for range n {
					d.Cards = append(d.Cards, c)
				}
			case "time":
				c, err := parseTimeCard(f)
				if err != nil {
					add(ln, "%v", err)
					continue
				}
				for range n {
					d.Times = append(d.Times, c)
				}
			case "car":
				c, err := parseCarCard(f)
				if err != nil {
					add(ln, "%v", err)
					continue
				}
				for range n {
					d.Cars = append(d.Cars, c)
				}
			}
		default:
			add(ln, "unknown key %q (deck, name, card)", key)
		}
	}
	if !sawVersion {
		probs = append(probs, "empty file")
	} else {
		if d.Name == "" {
			probs = append(probs, "missing name")
		}
		if d.ID == "" {
			probs = append(probs, "missing deck")
		}
	}
	if sp, ok := specs[d.ID]; ok {
		if d.Len() != sp.size {
			probs = append(probs, fmt.Sprintf("deck %s has %d cards; the rules give it %d", d.ID, d.Len(), sp.size))
		}
		probs = append(probs, checkDeck(d)...)
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("%s: %s", name, strings.Join(probs, "; "))
	}
	return d, nil
}

func checkKinds(deck string, sp spec, c Card) error {
	for _, p := range append([]Card{c}, c.Parts...) {
		withN, known := sp.kinds[p.Kind]
		if p.Kind == "collision" && len(c.Parts) > 0 && p.Parts == nil {
			return fmt.Errorf("a collision inside a collision")
		}
		switch {
		case !known:
			return fmt.Errorf("deck %s has no %q cards", deck, p.Kind)
		case withN && p.N == 0:
			return fmt.Errorf("%s cards carry a number (%s-N)", p.Kind, p.Kind)
		case !withN && p.N != 0:
			return fmt.Errorf("%s cards carry no number", p.Kind)
		case p.Kind == "collision" && len(p.Parts) == 0:
			return fmt.Errorf("a collision card names what each car takes (collision:RESPONSIBLE/VICTIM)")
		}
	}
	return nil
}

// checkDeck applies the counts the digest gives inside a deck (§2.2).
func checkDeck(d *Deck) []string {
	var probs []string
	count := func(f func(TimeCard) bool) int {
		n := 0
		for _, c := range d.Times {
			if f(c) {
				n++
			}
		}
		return n
	}
	switch d.ID {
	case "chrono-risky", "chrono-careful":
		want := map[string]int{"chrono-risky": 2, "chrono-careful": 1}[d.ID]
		if n := count(func(c TimeCard) bool { return c.Chrono == Penalty }); n != want {
			probs = append(probs, fmt.Sprintf("deck %s has %d penalty chronos; the rules give it %d", d.ID, n, want))
		}
		if d.ID == "chrono-careful" && count(func(c TimeCard) bool { return c.Pit == Mecano }) > 0 {
			probs = append(probs, "the careful deck has no pit incident (R-PIT-03)")
		}
	case "random-car":
		seen := map[int]bool{}
		groups := map[int]int{}
		for _, c := range d.Cars {
			if seen[c.Car] {
				probs = append(probs, fmt.Sprintf("car %d twice", c.Car))
			}
			seen[c.Car] = true
			groups[c.Group]++
		}
		if len(d.Cars) == 18 && (groups[1] != 4 || groups[2] != 5 || groups[3] != 5 || groups[4] != 4) {
			probs = append(probs, fmt.Sprintf("groups hold %d/%d/%d/%d cars; §9.1d gives 4/5/5/4", groups[1], groups[2], groups[3], groups[4]))
		}
	}
	return probs
}

// CheckChronoPair checks what the digest fixes across the two Chrono/
// Start/Pit decks (§2.2, R-GRID-07/08): 4 start incidents and 1 jump
// start among the 64, and careful pit stops about 2 s slower on average.
func CheckChronoPair(risky, careful *Deck) error {
	inc, jump := 0, 0
	mean := func(d *Deck) float64 {
		s, n := 0, 0
		for _, c := range d.Times {
			if c.Start == StartIncident {
				inc++
			}
			if c.Start == JumpStart {
				jump++
			}
			if c.Pit != Mecano {
				s += c.Pit
				n++
			}
		}
		return float64(s) / float64(max(n, 1))
	}
	r, c := mean(risky), mean(careful)
	switch {
	case inc != 4 || jump != 1:
		return fmt.Errorf("the two decks hold %d start incidents and %d jump starts; the rules give 4 and 1", inc, jump)
	case c-r < 1.5 || c-r > 2.5:
		return fmt.Errorf("careful stops are %.2f squares slower on average; the rules say about 2", c-r)
	}
	return nil
}

// House returns the Pitwall house deck with that id.
func House(id string) (*Deck, error) {
	src, ok := houseSources[id]
	if !ok {
		return nil, fmt.Errorf("no house deck %q (known: %s)", id, strings.Join(DeckIDs, ", "))
	}
	return Parse("house "+id+" deck", src)
}

var houseSources = map[string]string{
	"risk": RiskHouse, "start": StartHouse, "dry": DryHouse, "wet": WetHouse, "pit": PitHouse,
	"chrono-risky": ChronoRiskyHouse, "chrono-careful": ChronoCarefulHouse, "random-car": RandomCarHouse,
}

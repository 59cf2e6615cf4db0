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
// one, a number of squares. Its text form is the kind, or kind-N.
type Card struct {
	Kind string
	N    int
}

func (c Card) String() string {
	if c.N == 0 {
		return c.Kind
	}
	return c.Kind + "-" + strconv.Itoa(c.N)
}

// ParseCard reads a card's text form.
func ParseCard(s string) (Card, error) {
	kind, num, hasN := strings.Cut(s, "-")
	if kind == "" {
		return Card{}, fmt.Errorf("card %q has no kind", s)
	}
	for _, r := range kind {
		if r < 'a' || r > 'z' {
			return Card{}, fmt.Errorf("card %q: a kind is a word of a-z", s)
		}
	}
	c := Card{Kind: kind}
	if hasN {
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > 99 {
			return Card{}, fmt.Errorf("card %q: the number after - must be 1 to 99", s)
		}
		c.N = n
	}
	return c, nil
}

// Deck is a deck as data: which deck it is, the name shown to players and
// its cards in file order (before any shuffle).
type Deck struct {
	ID    string
	Name  string
	Cards []Card
}

// spec is what the rules text fixes about a deck: its size and its kinds
// (with whether each carries a number).
type spec struct {
	size  int
	kinds map[string]bool // kind → carries a number of squares
}

// Specs: the decks Pitwall knows and what the digest fixes of each.
var specs = map[string]spec{
	// §2.2: 24 cards; R-RSK-04: Soleil, Sortie de piste −n, Voiture lente −2.
	"risk": {24, map[string]bool{"sun": false, "off": true, "slow": false}},
}

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
	d := &Deck{}
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
				add(ln, "unknown deck %q (known: risk)", val)
			}
		case "name":
			d.Name = val
		case "card":
			f := strings.Fields(val)
			if len(f) < 1 || len(f) > 2 {
				add(ln, "card: want a card and an optional xN count")
				continue
			}
			c, err := ParseCard(f[0])
			if err != nil {
				add(ln, "%v", err)
				continue
			}
			n := 1
			if len(f) == 2 {
				v, err := strconv.Atoi(strings.TrimPrefix(f[1], "x"))
				if err != nil || !strings.HasPrefix(f[1], "x") || v < 1 || v > 99 {
					add(ln, "card count %q: x1 to x99", f[1])
					continue
				}
				n = v
			}
			if sp, ok := specs[d.ID]; ok {
				withN, known := sp.kinds[c.Kind]
				switch {
				case !known:
					add(ln, "deck %s has no %q cards", d.ID, c.Kind)
					continue
				case withN && c.N == 0:
					add(ln, "%s cards carry a number of squares (%s-N)", c.Kind, c.Kind)
					continue
				case !withN && c.N != 0:
					add(ln, "%s cards carry no number", c.Kind)
					continue
				}
			} else if d.ID == "" {
				add(ln, "card before the deck line")
				continue
			}
			for range n {
				d.Cards = append(d.Cards, c)
			}
		default:
			add(ln, "unknown key %q (deck, name, card)", key)
		}
	}
	if !sawVersion {
		probs = append(probs, "empty file")
	}
	if d.Name == "" && sawVersion {
		probs = append(probs, "missing name")
	}
	if sp, ok := specs[d.ID]; ok && len(d.Cards) != sp.size {
		probs = append(probs, fmt.Sprintf("deck %s has %d cards; the rules give it %d", d.ID, len(d.Cards), sp.size))
	}
	if d.ID == "" && sawVersion {
		probs = append(probs, "missing deck")
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("%s: %s", name, strings.Join(probs, "; "))
	}
	return d, nil
}

// House returns the Pitwall house deck with that id.
func House(id string) (*Deck, error) {
	switch id {
	case "risk":
		return Parse("house risk deck", RiskHouse)
	}
	return nil, fmt.Errorf("no house deck %q", id)
}

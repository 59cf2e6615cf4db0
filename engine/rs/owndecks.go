package rs

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// A league's own decks (AMB-30): any deck whose faces the rules text lacks
// may be a league's transcription (docs/rs-decks.md) instead of the
// Pitwall house deck of its kind.

// SetDeck puts a league's deck in place of the house deck of its kind (its
// file's "deck" line). A kind given twice is refused.
func (c *Config) SetDeck(d *decks.Deck) error {
	if d.ID == "risk" {
		if c.Risk != nil && !isHouse(c.Risk) {
			return fmt.Errorf("two risk decks: %q and %q", c.Risk.Name, d.Name)
		}
		c.Risk = d
		return nil
	}
	if old := c.Decks[d.ID]; old != nil {
		return fmt.Errorf("two %s decks: %q and %q", d.ID, old.Name, d.Name)
	}
	if c.Decks == nil {
		c.Decks = map[string]*decks.Deck{}
	}
	c.Decks[d.ID] = d
	return nil
}

// DeckFile is a league's deck as a file gives it: the file's name (for
// messages) and its text (rs-deck format, docs/rs-decks.md).
type DeckFile struct{ File, Text string }

// AddDeckFiles parses a league's deck files and puts each in place of the
// house deck of its kind. Every problem of every file is listed, one file
// a line, each as decks.Parse words it ("FILE: line N: what; …").
func (c *Config) AddDeckFiles(files []DeckFile) error {
	var probs []string
	for _, f := range files {
		d, err := decks.Parse(f.File, f.Text)
		if err == nil {
			if err = c.SetDeck(d); err != nil {
				err = fmt.Errorf("%s: %w", f.File, err)
			}
		}
		if err != nil {
			probs = append(probs, err.Error())
		}
	}
	if len(probs) > 0 {
		return errors.New(strings.Join(probs, "\n"))
	}
	return nil
}

// deck is the deck of that kind the game draws: the league's, or the
// house deck.
func (c Config) deck(id string) *decks.Deck {
	if id == "risk" && c.Risk != nil {
		return c.Risk
	}
	if d := c.Decks[id]; d != nil {
		return d
	}
	return houseDeck(id)
}

// LeagueDecks are the league's decks of the game, in decks.DeckIDs order.
func (c Config) LeagueDecks() []*decks.Deck {
	var out []*decks.Deck
	for _, id := range decks.DeckIDs {
		if d := c.deck(id); !isHouse(d) {
			out = append(out, d)
		}
	}
	return out
}

func isHouse(d *decks.Deck) bool {
	h, err := decks.House(d.ID)
	return err == nil && h.Source == d.Source
}

// checkDecks refuses a league deck the game never draws, and checks the
// pair of Chrono/Start/Pit decks when a league replaces one or both
// (decks.CheckChronoPair).
func (c Config) checkDecks() error {
	for _, id := range decks.DeckIDs {
		d := c.Decks[id]
		switch {
		case d == nil:
		case d.ID != id:
			return fmt.Errorf("rs: the %s deck %q is a %s deck", id, d.Name, d.ID)
		case id == "random-car":
			// R-EVT-03, R-QA-01: Pitwall draws a random car among the cars on
			// the circuit (a recorded shuffle of their cards); no face of a
			// random-car deck is ever read.
			return fmt.Errorf("rs: the league's random-car deck %q is never drawn: Pitwall draws random cars among the cars racing (R-EVT-03, R-QA-01)", d.Name)
		case c.Mode == Family:
			// R-FAM-02: the family game has speed cards and the risk deck only.
			return fmt.Errorf("rs: the league's %s deck %q is never drawn in the family game, which uses only the risk deck (R-FAM-02)", id, d.Name)
		}
	}
	if c.Decks["chrono-risky"] != nil || c.Decks["chrono-careful"] != nil {
		if err := decks.CheckChronoPair(c.deck("chrono-risky"), c.deck("chrono-careful")); err != nil {
			return fmt.Errorf("rs: the Chrono/Start/Pit decks: %w", err)
		}
	}
	return nil
}

// CanonicalDeck is a deck's text as a record carries it (and gives it
// back): LF line ends, one final newline.
func CanonicalDeck(src string) string {
	return strings.TrimRight(strings.ReplaceAll(src, "\r\n", "\n"), "\n") + "\n"
}

// deckDigests names the league's decks in the setup event, each with the
// start of its text's SHA-256, so that a record whose deck block was
// changed no longer replays. A record with the old risk-deck block
// (legacyRiskBlock) named no digest for its risk deck.
func (c Config) deckDigests() string {
	var parts []string
	for _, d := range c.LeagueDecks() {
		if d.ID == "risk" && c.legacyRiskBlock {
			continue
		}
		sum := sha256.Sum256([]byte(CanonicalDeck(d.Source)))
		parts = append(parts, d.ID+":"+hex.EncodeToString(sum[:6]))
	}
	return strings.Join(parts, ",")
}

// setupDeckArgs are the setup event's deck fields: "risk-deck" (league or
// house) as ever, then "decks" only when a league deck has a digest, so
// records made before keep their setup line.
func (c Config) setupDeckArgs() []any {
	kind := "house"
	if !isHouse(c.Risk) {
		kind = "league"
	}
	args := []any{"risk-deck", kind}
	if d := c.deckDigests(); d != "" {
		args = append(args, "decks", d)
	}
	return args
}

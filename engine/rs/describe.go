package rs

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/pitwall/pitwall/engine/phrase"
)

// Languages Describe writes.
const (
	English = "en"
	French  = "fr"
)

// Say writes a phrase in a language ("en", "fr"): the one catalog every
// transport and board says its phrases with (internal/phrasebook), which
// the engine may not import.
type Say func(p phrase.Phrase, lang string) string

// catalog is the Say that Describe, CarName, OptionalName, Facts and
// Status write with. The packages that serve players register it once,
// at init (bot, render): a *Game reaches render and the tools without a
// contract around it, so the catalog cannot come in with the game. Read
// atomically, since games are said from many goroutines.
var catalog atomic.Pointer[Say]

// UseCatalog makes say the catalog Racing Simulator's sentences are
// written with. Call it at init; every caller registers the same catalog.
func UseCatalog(say Say) { catalog.Store(&say) }

// sayIn writes p in lang with the registered catalog. Without one it
// writes p's key, so a missing registration shows rather than hides.
func sayIn(p phrase.Phrase, lang string) string {
	if s := catalog.Load(); s != nil {
		return (*s)(p, lang)
	}
	return p.Key
}

// Describe writes an event as a sentence for players, in English or
// French: its phrase (EventPhrase) said by the catalog; never record
// syntax. It shows only what the event holds: give it events from
// EventsFor so a seat reads only what it may.
func (g *Game) Describe(e Event, lang string) string { return sayIn(g.EventPhrase(e), lang) }

// CarName is a car as players read it: "the blue car" / "la voiture
// bleue", "system car 1" / "la voiture système 1".
func (g *Game) CarName(id int, lang string) string { return sayIn(g.carPhrase(id), lang) }

// Facts says, in a player's language, what an option means for seat now:
// its speed, what passing the car ahead needs (zone threshold plus gap,
// R-OVT-03), and for the risk card what it risks (R-FAM-10). Written by
// the rules, for buttons, menus and mails; the phrase is OptionFacts'.
func (g *Game) Facts(seat int, o Option, lang string) string {
	var out []string
	for _, p := range g.factPhrases(seat, o) {
		out = append(out, sayIn(p, lang))
	}
	return strings.Join(out, " ")
}

// OptionalName is an optional rule's name in words, in English or French;
// an unknown name is given back as it is.
func OptionalName(name, lang string) string { return sayIn(optionalPhrase(name), lang) }

// optionalPhrase names an optional rule (R-MODE-01); an unknown name is
// given as it is.
func optionalPhrase(name string) phrase.Phrase {
	if slices.Contains(Optionals, name) {
		return phrase.New("rs.optional." + name)
	}
	return phrase.New("rs.as-is", name)
}

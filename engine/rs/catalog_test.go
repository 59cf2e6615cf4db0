package rs

import (
	"strings"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// The tests read the sentences players read: the engine's phrases said by
// the one catalog bot and render say them with, handed in as a caller
// hands it (Contract.Say), never registered.

// say is the catalog the tests say phrases with.
func say(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

// describe is event e as a player reads it in lang.
func describe(g *Game, e Event, lang string) string { return say(g.EventPhrase(e), lang) }

// facts is what option o means for seat, as Contract.Facts says it.
func facts(g *Game, seat int, o Option, lang string) string {
	var out []string
	for _, p := range g.factPhrases(seat, o) {
		out = append(out, say(p, lang))
	}
	return strings.Join(out, " ")
}

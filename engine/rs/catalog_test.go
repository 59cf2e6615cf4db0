package rs

import (
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// The tests read the sentences players read: the one catalog, as bot and
// render register it.
func init() {
	UseCatalog(func(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) })
}

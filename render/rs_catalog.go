package render

import (
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Racing Simulator writes its sentences (events, status, facts) with the
// one catalog the boards say every phrase with.
func init() {
	rs.UseCatalog(func(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) })
}

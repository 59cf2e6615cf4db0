package rs

import (
	"slices"

	"github.com/pitwall/pitwall/engine/phrase"
)

// Languages the catalog says Racing Simulator's phrases in.
const (
	English = "en"
	French  = "fr"
)

// Say writes a phrase in a language ("en", "fr"): the one catalog every
// transport and board says its phrases with (internal/phrasebook), which
// the engine may not import. The caller owns it and hands it in (Contract,
// Loader); the engine keeps no catalog of its own.
type Say func(p phrase.Phrase, lang string) string

// in writes p in lang. A contract built without a catalog writes p's key,
// so a missing catalog shows rather than hides.
func (s Say) in(p phrase.Phrase, lang string) string {
	if s == nil {
		return p.Key
	}
	return s(p, lang)
}

// optionalPhrase names an optional rule (R-MODE-01); an unknown name is
// given as it is.
func optionalPhrase(name string) phrase.Phrase {
	if slices.Contains(Optionals, name) {
		return phrase.New("rs.optional." + name)
	}
	return phrase.New("rs.as-is", name)
}

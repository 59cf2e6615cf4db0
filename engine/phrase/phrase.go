package phrase

// Phrase is one thing said to a player, in no language yet: a catalog key
// and its arguments.
//
// An argument is an int (a count or a number, for plurals), a string (a
// name that is never translated: a corner, a driver), a Term (a word the
// catalog translates: a wear category, a tyre), a Percent, a Signed, an
// Ordinal, a List, or a Phrase (said inside another, as the cause of an
// elimination).
type Phrase struct {
	Key  string
	Args []any
}

// New is a phrase of key with its arguments.
func New(key string, args ...any) Phrase { return Phrase{Key: key, Args: args} }

// IsZero reports whether p says nothing.
func (p Phrase) IsZero() bool { return p.Key == "" }

// Term is a word the catalog translates where it appears, by its key
// ("cat.brakes", "tyre.soft").
type Term string

// Percent is a chance from 0 to 1, written as a percentage in the
// reader's typography ("12%", "12 %").
type Percent float64

// Signed is a number always written with its sign ("+1", "−1").
type Signed int

// Category is the term of a wear category by the name the ruleset gives
// it ("brakes", "gas").
func Category(name string) Term { return Term("cat." + name) }

// Tyre is the term of a tyre type ("hard", "soft", "rain").
func Tyre(name string) Term { return Term("tyre." + name) }

// Ordinal is a rank written as one ("4th", "4e"), in the feminine where
// French needs it (la vitesse: "1re").
type Ordinal int

// List is phrases said one after the other, joined by a comma ("tyres 8,
// brakes 3"): the parts of one fact whose number varies.
type List []Phrase

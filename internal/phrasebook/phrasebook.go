package phrasebook

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pitwall/pitwall/engine/phrase"
)

// Languages lists the languages of the catalog, English first.
var Languages = []string{"en", "fr"}

// Text says p in lang ("fr", anything else reads English). A key the
// catalog lacks is said as the key itself, so a missing entry shows (and
// TestEveryKeyInBothLanguages and the option walks catch it) rather than
// vanishing.
func Text(lang string, p phrase.Phrase) string {
	var b strings.Builder
	write(&b, lang, p)
	return b.String()
}

// Texts says each phrase of ps in lang.
func Texts(lang string, ps []phrase.Phrase) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = Text(lang, p)
	}
	return out
}

// Has reports whether the catalog knows key.
func Has(key string) bool {
	_, ok := entries[key]
	return ok
}

// Keys lists the catalog's keys, for tests.
func Keys() []string {
	out := make([]string, 0, len(entries))
	for k := range entries {
		out = append(out, k)
	}
	return out
}

// Template is the text of key in lang, for tests.
func Template(key, lang string) string { return entries[key][langIndex(lang)] }

func langIndex(lang string) int {
	if lang == "fr" {
		return 1
	}
	return 0
}

func write(b *strings.Builder, lang string, p phrase.Phrase) {
	e, ok := entries[p.Key]
	if !ok {
		b.WriteString(p.Key)
		return
	}
	expand(b, lang, e[langIndex(lang)], p.Args)
}

// expand writes a template: text, with {N} for the Nth argument,
// {N|one|many} for the word agreeing with the Nth argument's number,
// {^N} for the Nth argument with a capital (a name heading a sentence),
// and {de N} for the Nth argument after "de", elided before a vowel
// ("d'Eau Rouge"). A brace that starts none of these is written as it is.
func expand(b *strings.Builder, lang, tmpl string, args []any) {
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return
		}
		end := strings.IndexByte(tmpl[open:], '}')
		if end < 0 {
			b.WriteString(tmpl)
			return
		}
		b.WriteString(tmpl[:open])
		if !directive(b, lang, tmpl[open+1:open+end], args) {
			b.WriteString(tmpl[open : open+end+1])
		}
		tmpl = tmpl[open+end+1:]
	}
}

// directive writes one {…} of a template; false when it is none.
func directive(b *strings.Builder, lang, d string, args []any) bool {
	if rest, ok := strings.CutPrefix(d, "de "); ok {
		i, ok := argIndex(rest, args)
		if !ok {
			return false
		}
		s := argText(lang, args[i])
		if elides(s) {
			b.WriteString("d'" + s)
		} else {
			b.WriteString("de " + s)
		}
		return true
	}
	if rest, ok := strings.CutPrefix(d, "^"); ok {
		i, ok := argIndex(rest, args)
		if !ok {
			return false
		}
		b.WriteString(capital(argText(lang, args[i])))
		return true
	}
	num, forms, plural := strings.Cut(d, "|")
	i, ok := argIndex(num, args)
	if !ok {
		return false
	}
	if !plural {
		writeArg(b, lang, args[i])
		return true
	}
	one, many, ok := strings.Cut(forms, "|")
	if !ok {
		return false
	}
	if singular(lang, args[i]) {
		b.WriteString(one)
	} else {
		b.WriteString(many)
	}
	return true
}

func argIndex(s string, args []any) (int, bool) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= len(args) {
		return 0, false
	}
	return i, true
}

// singular: English says "1 space", "0 spaces"; French "0 case", "1 case".
func singular(lang string, a any) bool {
	n, ok := number(a)
	if !ok {
		return false
	}
	if n < 0 {
		n = -n
	}
	if lang == "fr" {
		return n <= 1
	}
	return n == 1
}

func number(a any) (int, bool) {
	switch v := a.(type) {
	case int:
		return v, true
	case phrase.Signed:
		return int(v), true
	case phrase.Ordinal:
		return int(v), true
	}
	return 0, false
}

// capital is s with its first letter upper-case: a name at the head of a
// sentence ("The blue car", "La voiture bleue").
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return strings.ToUpper(string(r)) + s[n:]
}

// elides reports whether French elides "de" before s.
func elides(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune("aeiouyhàâéèêëîïôûAEIOUYHÀÂÉÈÊËÎÏÔÛ", r)
}

// writeArg writes one argument in lang; a nested phrase or a term is
// written in place rather than said apart and copied (an event's sentence
// nests its parts).
func writeArg(b *strings.Builder, lang string, a any) {
	switch v := a.(type) {
	case phrase.Phrase:
		write(b, lang, v)
	case phrase.List:
		for i, p := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			write(b, lang, p)
		}
	case phrase.Term:
		write(b, lang, phrase.Phrase{Key: string(v)})
	case string:
		b.WriteString(v)
	default:
		b.WriteString(argText(lang, a))
	}
}

// argText writes one argument in lang.
func argText(lang string, a any) string {
	switch v := a.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case phrase.Term:
		return Text(lang, phrase.New(string(v)))
	case phrase.Phrase:
		return Text(lang, v)
	case phrase.List:
		var b strings.Builder
		writeArg(&b, lang, v)
		return b.String()
	case phrase.Signed:
		if v < 0 {
			return "−" + strconv.Itoa(-int(v)) // the minus sign, not a hyphen
		}
		return "+" + strconv.Itoa(int(v))
	case phrase.Ordinal:
		return ordinal(lang, int(v))
	case phrase.Percent:
		return percent(lang, float64(v))
	}
	return fmt.Sprint(a)
}

// ordinal: "1st", "3rd" / "1re", "3e" (la vitesse, la place).
func ordinal(lang string, n int) string {
	if lang == "fr" {
		if n == 1 {
			return "1re"
		}
		return strconv.Itoa(n) + "e"
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// percent writes a chance: "<1%", "12%", ">99%"; French puts a no-break
// space before the sign.
func percent(lang string, p float64) string {
	sep := ""
	if lang == "fr" {
		sep = "\u00a0"
	}
	switch {
	case p <= 0 || math.IsNaN(p):
		return "0" + sep + "%"
	case p < 0.01:
		return "<1" + sep + "%"
	case p > 0.99 && p < 1:
		return ">99" + sep + "%"
	case p >= 1:
		return "100" + sep + "%"
	}
	return strconv.Itoa(int(math.Round(p*100))) + sep + "%"
}

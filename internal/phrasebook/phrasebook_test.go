package phrasebook

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/phrase"
)

// argRefRE finds the arguments a template uses: {0}, {1|a|b}, {de 2}.
var argRefRE = regexp.MustCompile(`\{(?:de |\^)?(\d+)(?:\|[^}]*)?\}`)

func argRefs(tmpl string) []string {
	var out []string
	for _, m := range argRefRE.FindAllStringSubmatch(tmpl, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// englishOnly are the keys French leaves empty on purpose: an engine
// cause no rule names is said as written in English and left out of
// French rather than shown in English (fd.CausePhrase).
var englishOnly = map[string]bool{"ev.english-only": true, "ev.cause-en": true, "ev.because-en": true}

// Every key of the catalog says something in English and in French, both
// with the same arguments, and no text a player reads looks like the
// record's key=value. A cause's English is the engine's own text, its
// whole first argument; its French is built from the other arguments.
func TestEveryKeyInBothLanguages(t *testing.T) {
	keyValue := regexp.MustCompile(`\b[a-z-]+=\S`)
	for _, key := range Keys() {
		en, fr := Template(key, "en"), Template(key, "fr")
		assert.NotEmpty(t, en, "%s has no English", key)
		switch {
		case englishOnly[key]:
			assert.Empty(t, fr, "%s is English only", key)
		case strings.HasPrefix(key, "cause."):
			assert.Equal(t, "{0}", en, "%s: the English of a cause is the engine's text", key)
			assert.NotEmpty(t, fr, "%s has no French", key)
		default:
			assert.NotEmpty(t, fr, "%s has no French", key)
			assert.Equal(t, argRefs(en), argRefs(fr), "%s: English and French use different arguments", key)
		}
		for _, tmpl := range []string{en, fr} {
			assert.False(t, keyValue.MatchString(tmpl), "%s reads as key=value: %q", key, tmpl)
			assert.NotContains(t, tmpl, "R-", "%s cites a rule id to players: %q", key, tmpl)
		}
	}
}

func TestTemplates(t *testing.T) {
	for _, c := range []struct {
		p      phrase.Phrase
		en, fr string
	}{
		{phrase.New("opt.spaces", 1), "1 space", "1 case"},
		{phrase.New("opt.spaces", 4), "4 spaces", "4 cases"},
		{phrase.New("fact.braking", 0), "braking 0 spaces", "freine de 0 case"}, // French: 0 is singular
		{phrase.New("fact.wear", phrase.Category("gas"), 2), "gas −2", "consommation −2"},
		{phrase.New("opt.gear", phrase.Ordinal(1), "d4", 1, 2), "1st gear (d4): 1–2 spaces", "1re vitesse (d4) : 1 à 2 cases"},
		{phrase.New("opt.gear", phrase.Ordinal(3), "d8", 4, 8), "3rd gear (d8): 4–8 spaces", "3e vitesse (d8) : 4 à 8 cases"},
		{phrase.New("fact.risk", phrase.Percent(0.123)), "risk 12%", "risque 12\u00a0%"},
		{phrase.New("fact.risk", phrase.Percent(0.004)), "risk <1%", "risque <1\u00a0%"},
		{phrase.New("fact.risk", phrase.Percent(0.995)), "risk >99%", "risque >99\u00a0%"},
		{phrase.New("fact.drift", phrase.Signed(-1)), "drift −1 (tyres −1)", "dérapage −1 (pneus −1)"},
		{phrase.New("fact.drift", phrase.Signed(1)), "drift +1 (tyres −1)", "dérapage +1 (pneus −1)"},
		{phrase.New("opt.tyre-stop", phrase.Tyre("soft")), "tyre stop: soft tyres", "arrêt pneus : pneus tendres"},
		{phrase.New("place.corner-lane", "Eau Rouge", phrase.Term("lane.middle")), "in Eau Rouge, middle lane", "dans Eau Rouge, voie du milieu"},
		{phrase.New("why.left-stops", "La Source", 1, 3), "leaves La Source with 1 of 3 stops", "quitte La Source avec 1 arrêt sur 3"},
		{phrase.New("no.such.key", 3), "no.such.key", "no.such.key"},
	} {
		assert.Equal(t, c.en, Text("en", c.p), c.p.Key)
		assert.Equal(t, c.fr, Text("fr", c.p), c.p.Key)
	}
}

// The template language: plurals, elision, nested phrases, and braces
// that are none of these written as they are.
func TestExpand(t *testing.T) {
	say := func(lang, tmpl string, args ...any) string {
		var b strings.Builder
		expand(&b, lang, tmpl, args)
		return b.String()
	}
	assert.Equal(t, "virage d'Eau Rouge", say("fr", "virage {de 0}", "Eau Rouge"))
	assert.Equal(t, "virage de La Source", say("fr", "virage {de 0}", "La Source"))
	assert.Equal(t, "2 tests", say("fr", "{0} {0|test|tests}", 2))
	assert.Equal(t, "La voiture bleue : hors course", say("fr", "{^0} : hors course", phrase.New("rs.car", phrase.Term("rs.colour.blue"))))
	assert.Equal(t, "Écart", say("fr", "{^0}", "écart"), "the capital of an accented letter")
	assert.Equal(t, "{^} {^7}", say("en", "{^} {^7}", "x"), "no argument: written as it is")
	assert.Equal(t, "ÉLIMINÉE : le mur", say("fr", "{0} : {1}", phrase.New("fact.eliminated"), "le mur"))
	assert.Equal(t, "{x} {9} {0|one} {", say("en", "{x} {9} {0|one} {", 1))
	assert.Equal(t, "2nd, 11th, 23rd", say("en", "{0}, {1}, {2}", phrase.Ordinal(2), phrase.Ordinal(11), phrase.Ordinal(23)))
}

// FuzzExpand: any template with any arguments writes without panicking;
// a template without braces is written as it is, and one argument
// reference between two such texts is replaced by the argument.
func FuzzExpand(f *testing.F) {
	for _, key := range Keys() {
		f.Add(Template(key, "en"), "", 3, "Eau Rouge")
		f.Add(Template(key, "fr"), " : ", 1, "")
	}
	f.Add("{0|a}{de 1}{1|", "}", -1, "x")
	f.Add("{{0}}", "{", 0, "{0}")
	f.Fuzz(func(t *testing.T, before, after string, n int, name string) {
		args := []any{n, name, phrase.Percent(float64(n) / 100), phrase.Signed(n), phrase.Ordinal(n), phrase.Term("cat.brakes"), phrase.New("opt.spaces", n)}
		for _, lang := range Languages {
			var b strings.Builder
			expand(&b, lang, before+after, args) // must not panic
			if strings.ContainsAny(before+after, "{}") {
				continue
			}
			if b.String() != before+after {
				t.Fatalf("a template without braces changed: %q → %q", before+after, b.String())
			}
			for i, a := range args {
				b.Reset()
				expand(&b, lang, before+"{"+strconv.Itoa(i)+"}"+after, args)
				if want := before + argText(lang, a) + after; b.String() != want {
					t.Fatalf("{%d} between %q and %q: %q, want %q", i, before, after, b.String(), want)
				}
			}
		}
	})
}

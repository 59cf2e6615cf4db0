package rs

import (
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Every event phrase names keys the catalog has, in both languages, and
// every event key of the catalog is said by some event: over the pinned
// races (each event and its hidden stand-in) and the hand-written forms.
// A key the catalog lacks would be said as the key itself; a key no event
// says is a sentence left behind.
func TestEventPhrasesAndTheCatalogAgree(t *testing.T) {
	said := map[string]bool{}
	collect := func(g *Game, e Event) {
		for _, k := range keysOf(g.EventPhrase(e)) {
			if arg, ok := strings.CutPrefix(k, "arg:"); ok {
				if strings.HasPrefix(arg, "rs.") {
					t.Errorf("%s: a key passed as a plain argument: %s", e.Text(), arg)
				}
				continue
			}
			said[k] = true
		}
	}
	for i := range describeRaces {
		playDescribeRace(t, i, func(g *Game, added []Event) {
			for _, e := range added {
				collect(g, e)
				collect(g, Event{Kind: e.Kind}) // a stand-in that holds nothing
			}
		})
	}
	g := playDescribeRace(t, 0, func(*Game, []Event) {})
	for _, line := range describeForms {
		e, err := ParseEvent(line)
		if err != nil {
			t.Fatal(err)
		}
		collect(g, e)
	}
	for k := range said {
		if !phrasebook.Has(k) {
			t.Errorf("event key %s is not in the catalog", k)
			continue
		}
		for _, lang := range phrasebook.Languages {
			if phrasebook.Template(k, lang) == "" {
				t.Errorf("event key %s says nothing in %s", k, lang)
			}
		}
	}
	var unsaid []string
	for _, k := range phrasebook.Keys() {
		if strings.HasPrefix(k, "rs.ev.") && !said[k] {
			unsaid = append(unsaid, k)
		}
	}
	slices.Sort(unsaid)
	if len(unsaid) > 0 {
		t.Errorf("catalog event keys no event says: %v", unsaid)
	}
}

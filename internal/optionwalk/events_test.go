package optionwalk

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// TestEveryEventIsToldInBothLanguages walks the seeded races of every
// ruleset, the optional rules and the built league variants (Cases), and
// says every event of their records (fd.EventPhrase), every play's board
// summary (fd.Game.PlaySummary) and every decision's header
// (fd.Game.DecisionPhrase) in English and in French: each event kind that
// is news has a description; every description says something in both
// languages, with every key in the catalog, and none reads as the
// record's key=value or cites a rule id.
func TestEveryEventIsToldInBothLanguages(t *testing.T) {
	keyValue := regexp.MustCompile(`\b[a-z][a-z-]*=\S`)
	ruleID := regexp.MustCompile(`\b(?:R|O|U|AMB|T|FDR)-[A-Z0-9]+(?:-[0-9]+)?\b|\bR\d+\.\d+\b`)
	told := map[string]map[string]bool{} // ruleset → event kinds told
	untold := map[string]string{}        // event kind → an event of it
	bad := map[string]bool{}
	check := func(what string, p phrase.Phrase) {
		for _, k := range Keys([]phrase.Phrase{p}) {
			if !phrasebook.Has(k) {
				bad[what+": the catalog lacks "+k] = true
			}
		}
		for _, lang := range phrasebook.Languages {
			s := phrasebook.Text(lang, p)
			switch {
			case strings.TrimSpace(s) == "":
				bad[what+": nothing in "+lang] = true
			case keyValue.MatchString(s):
				bad[what+": key=value in "+lang+": "+s] = true
			case ruleID.MatchString(s):
				bad[what+": a rule id in "+lang+": "+s] = true
			}
		}
	}
	met, err := WalkTold(Cases(), func(o Offer) error {
		check("decision "+string(o.Decision.Kind), o.Game.DecisionPhrase(&o.Decision, "Anna"))
		return nil
	}, func(tl Told) error {
		if tl.Event == nil {
			check("summary", tl.Phrase)
			return nil
		}
		kind := strings.TrimPrefix(tl.Event.Kind, "q-")
		if fd.IsSilent(kind) {
			return nil
		}
		if tl.Phrase.IsZero() {
			untold[kind] = tl.Event.String()
			return nil
		}
		rules := string(tl.Game.Config.Rules)
		if told[rules] == nil {
			told[rules] = map[string]bool{}
		}
		told[rules][kind] = true
		check("event "+kind, tl.Phrase)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for kind, e := range untold {
		t.Errorf("no description of the event kind %s (%s)", kind, e)
	}
	var problems []string
	for b := range bad {
		problems = append(problems, b)
	}
	sort.Strings(problems)
	for _, b := range problems {
		t.Error(b)
	}
	// the event keys no seeded race reaches (causes and events of rare
	// moments, a game master's take-back): said, never seen here
	var rare []string
	for _, k := range phrasebook.Keys() {
		if phrasebook.IsEventKey(k) && !met[k] {
			rare = append(rare, k)
		}
	}
	sort.Strings(rare)
	t.Logf("%d event keys no seeded race reaches: %s", len(rare), strings.Join(rare, " "))
	for _, rules := range []string{"fd2008", "fdr", "street"} {
		var kinds []string
		for k := range told[rules] {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		t.Logf("%s: %d event kinds told: %s", rules, len(kinds), strings.Join(kinds, " "))
		if len(kinds) == 0 {
			t.Errorf("no race of %s told anything", rules)
		}
	}
}

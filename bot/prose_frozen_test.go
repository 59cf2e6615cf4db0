package bot

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
)

var updateProse = flag.Bool("update-prose", false, "rewrite testdata/prose from today's texts")

// TestFrozenProse plays the seeded races of proseRaces and writes what
// the players read along the way, in both languages: each pending
// decision's header as a reply asks it, then what the order caused as a reply
// tells it. The text is compared with the one frozen before events and
// decision headers were said through the phrase catalog (issue 13):
// what a player reads must not change unless it was wrong.
// -update-prose rewrites the files.
func TestFrozenProse(t *testing.T) {
	for _, tc := range proseRaces {
		t.Run(tc.name, func(t *testing.T) {
			texts := map[string]*strings.Builder{"en": {}, "fr": {}}
			names := map[int]string{1: "Anna", 2: "Bob"}
			playProseRace(t, tc, func(l *live, told int) {
				for _, lang := range []string{"en", "fr"} {
					b := texts[lang]
					if s := describeEvents(l.track, nil, 0, l.race().Events[told:], lang); s != "" {
						b.WriteString(s + "\n")
					}
					for _, d := range l.race().PendingAll() {
						// the header: the options' facts are the catalog's
						// already (TestEveryOptionFactReachesText)
						head, _, _ := strings.Cut(describeDecision(l, d, lang, names), "\n")
						b.WriteString("? " + head + "\n")
					}
				}
			})
			for _, lang := range []string{"en", "fr"} {
				b := texts[lang]
				golden := filepath.Join("testdata", "prose", strings.ReplaceAll(tc.name, " ", "-")+"."+lang+".txt")
				matchesGolden(t, golden, b.String(), *updateProse)
			}
		})
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// The counts the status golden's races do not all reach (23-A(c)'s season
// tokens, every count of pilot and booster points, 5-A's booster help)
// read as bot wrote them before they were the contract's phrases: the
// texts of before are kept here as oracles (issue 13, group 3).
func TestStatusCountPhrasesReadAsBefore(t *testing.T) {
	before := map[string]func(n int, lang string) string{
		"status.pilot-points-left": func(n int, lang string) string {
			if n == 1 {
				return inLang(lang, [2]string{"1 pilot point left", "1 point de pilote restant"})
			}
			return inLangf(lang, "%d pilot points left", "%d points de pilote restants", n)
		},
		"status.season-tokens-left": func(n int, lang string) string {
			if n == 1 {
				return inLang(lang, [2]string{"1 season token left", "1 jeton de saison restant"})
			}
			return inLangf(lang, "%d season tokens left", "%d jetons de saison restants", n)
		},
		"status.boosters-left": func(n int, lang string) string {
			if n == 1 {
				return inLang(lang, [2]string{"1 booster point left", "1 point de booster restant"})
			}
			return inLangf(lang, "%d booster points left", "%d points de booster restants", n)
		},
		"status.laps": func(n int, lang string) string { return plural(n, lang, [2]string{"lap", "tour"}) },
		"dec.booster-help": func(n int, lang string) string {
			return inLangf(lang, "Booster points: write boost and their number after the letter or the numbers, 0 to %d (config A boost 3, config 5/3/3/2/2/2 boost 0); unsaid, %d.",
				"Points de booster : écrivez booster et leur nombre après la lettre ou les nombres, de 0 à %d (reglage A booster 3, reglage 5/3/3/2/2/2 booster 0) ; sans rien dire, %d.", n, n)
		},
	}
	none := map[string][2]string{
		"status.pilot-points-none":                {"no pilot point left", "plus de point de pilote"},
		"status.pilot-points-spent-in-qualifying": {"its Super Pilot point was spent in qualifying, none left for the race", "son point de Super Pilote a été dépensé en qualifications, il n'en reste aucun pour la course"},
		"status.season-tokens-none":               {"no season token left", "plus de jeton de saison"},
		"status.boosters-none":                    {"no booster point left", "plus de point de booster"},
		"dec.options-hidden":                      {"its options are hidden with its build until its race ends", "ses options sont cachées avec sa configuration jusqu'à la fin de sa course"},
	}
	for _, lang := range phrasebook.Languages {
		for key, text := range before {
			first := 0
			if strings.HasSuffix(key, "-left") {
				first = 1 // none left is its own phrase (below)
			}
			for n := first; n <= 12; n++ {
				said := key
				if key == "status.laps" && n == 1 {
					said = "status.laps-one" // the engine says one lap by its own key
				}
				assert.Equal(t, text(n, lang), phrasebook.Text(lang, phrase.New(said, n)), "%s %d (%s)", said, n, lang)
			}
		}
		for key, text := range none {
			assert.Equal(t, inLang(lang, text), phrasebook.Text(lang, phrase.New(key)), "%s (%s)", key, lang)
		}
	}
}

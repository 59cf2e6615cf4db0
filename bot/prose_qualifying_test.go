package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Qualifying (O-QUA, FDR R1): each car's lap is a solo session whose car
// is number 1 inside it, copied into the race's record as "q-" lines with
// q=CAR. What a player reads of them names the race's car, in English and
// French: car 3's lap is told as car 3's, never as car 1's; its end is
// the end of its lap, not of the race, and its crossing of the line has
// no place. The record keeps the session's numbers (it replays from them).
func TestQualifyingProseNamesTheRaceCar(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	_, rec, err := fd.Simulate(cfg, c, "oval", 3, fd.SeedFrom("qualifying-prose"))
	require.NoError(t, err)
	carRE := map[string]*regexp.Regexp{"en": regexp.MustCompile(`\b[Cc]ar (\d+)`), "fr": regexp.MustCompile(`\b[Vv]oiture (\d+)`)}
	told := map[string]int{} // q= of the lines told with a car
	for _, e := range rec.Events {
		q := e.Get("q")
		if !strings.HasPrefix(e.Kind, "q-") || q == "" {
			continue
		}
		for _, lang := range []string{"en", "fr"} {
			text := describeEvent(c, nil, 0, e, lang)
			if text == "" {
				continue
			}
			for _, m := range carRE[lang].FindAllStringSubmatch(text, -1) {
				assert.Equal(t, q, m[1], "%s in %s: %q", e, lang, text)
				told[q]++
			}
			assert.NotContains(t, text, "race is over", e.String())
			assert.NotContains(t, text, "course est terminée", e.String())
			assert.NotContains(t, text, "1st place", e.String())
		}
	}
	for _, q := range []string{"1", "2", "3"} {
		assert.Positive(t, told[q], "car %s's qualifying lap was told by its number", q)
	}
	assert.Equal(t, "Qualifying — Car 3 shifts into 1st gear.", describeEvent(c, nil, 0, mustEvent(t, "q-gear q=3 car=1 from=0 to=1"), "en"))
	assert.Equal(t, "Qualifications — La voiture 3 passe la 1re.", describeEvent(c, nil, 0, mustEvent(t, "q-gear q=3 car=1 from=0 to=1"), "fr"))
	assert.Equal(t, "Qualifying — Car 2 crosses the finishing line.", describeEvent(c, nil, 0, mustEvent(t, "q-finish q=2 car=1 place=1"), "en"))
	assert.Equal(t, "Car 2's qualifying lap is over.", describeEvent(c, nil, 0, mustEvent(t, "q-over q=2 rounds=13 plays=13"), "en"))
	assert.Equal(t, "Le tour de qualification de la voiture 2 est terminé.", describeEvent(c, nil, 0, mustEvent(t, "q-over q=2 rounds=13 plays=13"), "fr"))
	assert.Equal(t, "Qualifying — Round 4 — order of play: car 2.", describeEvent(c, nil, 0, mustEvent(t, "q-round q=2 n=4 order=1"), "en"))
}

func mustEvent(t *testing.T, line string) fd.Event {
	t.Helper()
	e, err := fd.ParseEvent(line)
	require.NoError(t, err)
	return e
}

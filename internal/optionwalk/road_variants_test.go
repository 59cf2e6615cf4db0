package optionwalk

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// The events and causes of league variants 5-C, 9-A, 10-A, 17-B and 17-D are
// told in both languages, even those the seeded walk may not meet (a jump
// start, a race cut to two laps), as sentences without key=value.
func TestRoadAndStartVariantEventsAreTold(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	space := c.Spaces[c.Grid[0]].Name
	keyValue := regexp.MustCompile(`\b[a-z][a-z-]*=\S`)
	for _, line := range []string{
		"compulsory car=2 gear=5 delta=-3",
		"formation start=2",
		"formation-stall car=3",
		"jump-start car=4 start=1",
		"race-shortened start=3 laps=2",
		"debris space=" + space + " kind=oil",
		"debris space=" + space + " kind=debris",
		"debris-worn space=" + space + " passages=4",
		`wear car=1 engine=-1 cause="oil marker on ` + space + `"`,
		`wear car=1 body=-1 cause="debris marker on ` + space + `"`,
		`eliminated car=2 cause="stalled after its spin and pushed off the track by the marshals" reason=overshoot`,
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		p := fd.EventPhrase(c, e)
		require.False(t, p.IsZero(), line)
		for _, k := range Keys([]phrase.Phrase{p}) {
			assert.True(t, phrasebook.Has(k), "%s: the catalog lacks %s", line, k)
		}
		for _, lang := range phrasebook.Languages {
			s := phrasebook.Text(lang, p)
			assert.NotEmpty(t, s, "%s in %s", line, lang)
			assert.NotRegexp(t, keyValue, s, "%s in %s", line, lang)
			assert.NotContains(t, s, "english-only", "%s in %s", line, lang)
		}
		t.Log(phrasebook.Text("en", p), " / ", phrasebook.Text("fr", p))
	}
}

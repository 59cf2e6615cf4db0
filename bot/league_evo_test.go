package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd/variants"
)

// 16-D across a season: each event's game opens with its cars' teams'
// évo engines, the league's development rolls after the events before it
// (AMB-35's ladder): the first event every car on 1–8 with no bonus, the
// later ones what the rolls gave; the standings say each team's engine for
// the next GP, in English and French.
func TestEvo16DSeason(t *testing.T) {
	const rounds = 6
	season := seasonWithVariant(t, "Evo Cup", "16-D", rounds, 1)
	doc := season.doc
	given := map[int]map[string]string{} // event → team → "limit/bonus" its cars opened with
	for k, p := range season.params {
		limits, bonus := strings.Split(p["limits"], "/"), strings.Split(p["bonus"], "/")
		cars := doc.Events[k].Cars
		require.Len(t, limits, len(cars), p)
		given[k] = map[string]string{}
		for i, c := range cars {
			given[k][c.Team] = limits[i] + "/" + bonus[i]
		}
	}
	require.Len(t, doc.results(), rounds)
	for _, team := range []string{"Red", "Blue"} {
		assert.Equal(t, "8/0", given[0][team], "GP1: every team on 1–8, no bonus")
	}
	developed := false
	for k := 1; k < rounds; k++ {
		teams, _, err := doc.evoTeams("ladder", k)
		require.NoError(t, err)
		for _, team := range []string{"Red", "Blue"} {
			e := teams[team]
			want := map[bool]string{false: "0", true: "1"}[e.Bonus()]
			assert.Equal(t, variants.EvoLimits([]int{e.EngineLimit("ladder")})+"/"+want, given[k][team], "event %d, team %s", k+1, team)
			developed = developed || e.Level > 0
		}
	}
	assert.True(t, developed, "some team develops an évo in five rolls")

	v, err := season.svc.LeagueStandings(context.Background(), season.id)
	require.NoError(t, err)
	require.Len(t, v.Evo, 2)
	en, fr := v.Text("en"), v.Text("fr")
	assert.Contains(t, en, "Évo engines (16-D) for the next GP")
	assert.Contains(t, fr, "Moteurs évo (16-D) pour le prochain GP")
	assert.Regexp(t, `(Red|Blue) (races Évo\d: engine tests fail on 1 to \d|has no évo yet)`, en)
	assert.NotContains(t, en, "=")
}

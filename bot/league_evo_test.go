package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// 16-D across a season: each event's game opens with its cars' teams'
// évo engines, the league's development rolls after the events before it
// (AMB-35's ladder): the first event every car on 1–8 with no bonus, the
// later ones what the rolls gave; the standings say each team's engine for
// the next GP, in English and French.
func TestEvo16DSeason(t *testing.T) {
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Evo Cup", Rules: "fdr", Variants: []string{"16-D"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	const rounds = 6
	for i := range rounds {
		_, err := svc.AddLeagueEvent(ctx, id, "port-azur", time.Date(2020, 1, 1+i, 20, 0, 0, 0, time.UTC), 1)
		require.NoError(t, err)
		playSeason(t, svc, id, nil)
	}

	var doc *leagueDoc
	given := map[int]map[string]string{} // event → team → "limit/bonus" its cars opened with
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		if _, doc, err = findLeague(tx, id); err != nil {
			return err
		}
		for k, ev := range doc.Events {
			row, err := tx.Game(ev.Game)
			if err != nil {
				return err
			}
			m, err := decodeMeta(row)
			if err != nil {
				return err
			}
			given[k] = map[string]string{}
			for _, spec := range m.Variants {
				if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == "16-D" {
					limits, bonus := strings.Split(p["limits"], "/"), strings.Split(p["bonus"], "/")
					require.Len(t, limits, len(ev.Cars), spec)
					for i, c := range ev.Cars {
						given[k][c.Team] = limits[i] + "/" + bonus[i]
					}
				}
			}
		}
		return nil
	}))
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
			assert.Equal(t, fd.EvoLimits([]int{e.EngineLimit("ladder")})+"/"+want, given[k][team], "event %d, team %s", k+1, team)
			developed = developed || e.Level > 0
		}
	}
	assert.True(t, developed, "some team develops an évo in five rolls")

	v, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, v.Evo, 2)
	en, fr := v.Text("en"), v.Text("fr")
	assert.Contains(t, en, "Évo engines (16-D) for the next GP")
	assert.Contains(t, fr, "Moteurs évo (16-D) pour le prochain GP")
	assert.Regexp(t, `(Red|Blue) (races Évo\d: engine tests fail on 1 to \d|has no évo yet)`, en)
	assert.NotContains(t, en, "=")
}

package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// 19-G across a season: each event's game opens with its cars' teams'
// mechanics points, the quick stops made in the events recorded before it
// (the "mechanics-point" events of their records); the next season opens
// with 1, 2 or 3 by what each team closed with.
func TestMechanics19GSeasonAndCarryOver(t *testing.T) {
	// one event at a time, each opened once the one before is recorded,
	// three laps so that the pit lane opens (R19.6)
	season := seasonWithVariant(t, "Pit Crews", "19-G", 2, 3)
	svc, store, id, doc, ctx := season.svc, season.store, season.id, season.doc, context.Background()
	granted := map[int]map[string]int{} // event → team → points its game opened with
	for k, p := range season.params {
		granted[k] = map[string]int{}
		for i, f := range strings.Split(p["points"], "/") {
			n, err := strconv.Atoi(f)
			require.NoError(t, err, p)
			granted[k][doc.Events[k].Cars[i].Team] = n
		}
	}
	results := doc.results()
	require.Len(t, results, 2)
	made := 0
	for k := range results {
		want := league.Mechanics(nil, results[:k])
		for _, team := range []string{"Red", "Blue"} {
			assert.Equal(t, want[team], granted[k][team], "event %d, team %s", k+1, team)
		}
		for _, c := range results[k].Cars {
			made += c.QuickStops
		}
	}
	assert.Positive(t, made, "the autopilot made quick stops, each a point")
	assert.NotEmpty(t, league.Mechanics(nil, results[:1]), "the second event opened with points")

	closing := league.Mechanics(nil, results)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "Mechanics points (19-G), one a quick stop made")
	assert.Contains(t, fr, "Points de mécaniciens (19-G), un par arrêt rapide réussi")
	for _, team := range []string{"Red", "Blue"} {
		assert.Contains(t, en, team+" has "+strconv.Itoa(closing[team])+": quick stops made on 1 to "+strconv.Itoa(10+league.MechanicsSteps(closing[team]))+".")
	}
	second, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Pit Crews Two", Rules: "fdr", Variants: []string{"19-G"}, MasterName: "Maud"})
	require.NoError(t, err)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc2, err := findLeague(tx, second)
		if err != nil {
			return err
		}
		for _, team := range []string{"Red", "Blue"} {
			assert.Equal(t, league.MechanicsSteps(closing[team]), doc2.MechanicsOpening[team], team)
		}
		return nil
	}))
}

// 19-G's carry-over from the seasons before: the latest season that
// played 19-G with a team gives it 1, 2 or 3; a season without 19-G
// carries nothing.
func TestMechanics19GCarriedFromTheLatestSeason(t *testing.T) {
	season := func(variants []string, opening map[string]int, stops map[string]int) storedLeague {
		res := league.Result{}
		n := 0
		for team, k := range stops {
			n++
			res.Cars = append(res.Cars, league.Car{Car: n, Pilot: "p" + team, Team: team, QuickStops: k})
		}
		return storedLeague{doc: &leagueDoc{Variants: variants, MechanicsOpening: opening, Events: []leagueEvent{{Result: &res}}}}
	}
	before := []storedLeague{
		season([]string{"19-G"}, nil, map[string]int{"Red": 12, "Blue": 3}),
		season([]string{"6-A"}, nil, map[string]int{"Red": 30}),                        // no 19-G: not counted
		season([]string{"19-G"}, map[string]int{"Blue": 2}, map[string]int{"Blue": 3}), // 2 + 3 = 5
	}
	assert.Equal(t, map[string]int{"Red": 2, "Blue": 1}, carriedMechanics([]string{"19-G"}, before))
	assert.Nil(t, carriedMechanics([]string{"6-A"}, before), "a season without 19-G opens with none")
}

// seasonWithVariant plays a league of fdr with the one variant, four pilots
// of seasonPilots, over rounds events of laps laps at Port Azur, each
// opened once the one before is recorded. It returns the league and, per
// event, the variant's parameters its game opened with.
func seasonWithVariant(t *testing.T, name, variant string, rounds, laps int) variantSeason {
	t.Helper()
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: name, Rules: "fdr", Variants: []string{variant}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	for i := range rounds {
		_, err := svc.AddLeagueEvent(ctx, id, "port-azur", time.Date(2020, 1, 1+i, 20, 0, 0, 0, time.UTC), laps)
		require.NoError(t, err)
		playSeason(t, svc, id, nil)
	}
	var doc *leagueDoc
	params := map[int]map[string]string{}
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
			for _, spec := range m.Variants {
				if v, p, err := fd.ParseVariantSpec(spec); err == nil && v.ID == variant {
					params[k] = p
				}
			}
		}
		return nil
	}))
	return variantSeason{svc: svc, store: store, id: id, doc: doc, params: params}
}

// variantSeason is a league season played by seasonWithVariant.
type variantSeason struct {
	svc    *Service
	store  *memory.Store
	id     string
	doc    *leagueDoc
	params map[int]map[string]string // event → the variant's parameters
}

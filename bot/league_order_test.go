package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
)

// 1-A in CHAMPIONSHIP mode before GP1 (league-variants.md 1-A): the
// previous season's final standings give the qualifying order. A league
// created after a season with results keeps that season's drivers in
// order (PreviousOrder); its first event's 1-A gets their places, a
// pilot the previous season did not rank at 0 (after the ranked, by a
// d20 the game rolls: unranked=d20); once a race is recorded, the current
// standings take over.
func TestRunningOrderBeforeGP1FromThePreviousSeason(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	first := playLeague(t, svc, "Season One", nil, "21-A")
	st, err := svc.LeagueStandings(ctx, first)
	require.NoError(t, err)
	var want []string
	for _, r := range st.Drivers {
		if r.Points > 0 {
			want = append(want, r.Name)
		}
	}
	require.GreaterOrEqual(t, len(want), 2, "the season before ranks pilots")

	second := newSeason(t, svc, "Season Two", "1-A", "21-A")
	doc := readLeague(t, store, second)
	assert.Equal(t, want, doc.PreviousOrder)

	cars := []eventCar{{Car: 1, Pilot: want[1]}, {Car: 2, Pilot: "Newcomer"}, {Car: 3, Pilot: want[0]}}
	specs := doc.eventVariants(cars, 0)
	require.Contains(t, specs, "1-A:order=championship,championship=2/0/1,unranked=d20")
	cfg, err := buildConfig("fdr", 0, nil, specs...)
	require.NoError(t, err, "the game accepts the order")
	assert.NotNil(t, cfg)

	doc.Events[0].Result = &league.Result{Cars: []league.Car{{Car: 2, Pilot: "Newcomer", Status: league.Finished, Place: 1}}}
	assert.Contains(t, doc.eventVariants(cars, 1), "1-A:order=championship,championship=0/1/0,unranked=d20", "after GP1 the season's own standings")

	// a league not playing 1-A keeps no previous order
	plain := newSeason(t, svc, "Season Three", "21-A")
	assert.Nil(t, readLeague(t, store, plain).PreviousOrder)
}

package bot

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/internal/rulesdoc"
)

// Issue 16: no variant is a stub. The game switches race on and off in
// engine/fd (TestVariantChangesItsRace); the variants the league applies
// (league scope, and the side events served outside engine/fd) change
// standings, ledgers or results, which a race cannot show. The side
// rankings a season's results fill are played here, a league with the
// variant and one without (TestLeagueVariantChangesItsStandings); a rule
// that needs the members (a vote, a season's end, a side event's
// bracket) names the test that plays it with the rule and checks what it
// changes; TestLeagueVariantChangesNameTheirTests checks every such
// variant has one and that it exists, so that the table cannot rot.
var leagueVariantChanges = map[string]struct{ test, shows string }{
	"21-A": {"TestClassifyByDistance", "an eliminated pilot classified by distance, and scoring (engine/league; every league classifies so, switch or not)"},
	"7-A":  {"TestBlackFlagTwoThirds", "a two-thirds vote excludes a warned pilot from the race's classification (engine/league; every league holds the vote, switch or not)"},
	"24-D": {"TestPasDeBolVote", "the Bad-luck Cup's point to the voted pilot, the luck index breaking ties (engine/league; every league holds the vote, switch or not)"},
	"24-A": {"TestSeasonStandingsByHand", "the qualifying ranking's grid points, pilots and teams (engine/league; every league computes it, switch or not: appliedWithoutTheirSwitch)"},
	"24-B": {"TestSeasonStandingsByHand", "the media ranking's rounds led, pilots and teams (engine/league; every league computes it, switch or not: appliedWithoutTheirSwitch)"},
	"25-A": {"TestTeamManagementSeason", "the driver market, bankruptcies and supplier changes between seasons"},
	"AX-1": {"TestDragsterSideEvent", "the Dragster knock-out's bracket and standings"},
	"AX-4": {"TestRebelSideEvent", "the Fureur de vivre duels' ledger and standings"},
}

// leagueStandingsChanges are the league variants a season of the
// autopilot shows: the part of the standings each one fills.
var leagueStandingsChanges = map[string]func(LeagueStandingsView) any{
	"24-C": func(v LeagueStandingsView) any { return v.Trophies },
}

// appliedWithoutTheirSwitch are the first season's side rankings that
// every league computes and shows, switched on or not (issue 16's
// finding, left to the lead: gating them changes what existing leagues
// show, TestLeagueSeason among them). The test checks they still are, so
// that gating one moves it to leagueStandingsChanges.
var appliedWithoutTheirSwitch = map[string]func(LeagueStandingsView) any{
	"24-A": func(v LeagueStandingsView) any { return nonZero(v.Qualifying) },
	"24-B": func(v LeagueStandingsView) any { return nonZero(v.Media) },
}

// A league with the variant and the same league without it, each on a
// service of the tests' fixed random source (the same seeds), play the
// same season: the part of the standings the rule fills differs, and
// nothing of the season's results does (a side ranking changes no race).
func TestLeagueVariantChangesItsStandings(t *testing.T) {
	season := func(variants ...string) (LeagueStandingsView, []league.Row) {
		svc, _ := newMemoryService(t)
		id := playLeague(t, svc, "Changes", nil, variants...)
		st, err := svc.LeagueStandings(context.Background(), id)
		require.NoError(t, err)
		return st, st.Drivers
	}
	without, drivers := season()
	for id, part := range leagueStandingsChanges {
		t.Run(id, func(t *testing.T) {
			with, withDrivers := season(id)
			assert.NotEqual(t, part(without), part(with), "%s changes nothing in the standings: a stub", id)
			assert.Equal(t, drivers, withDrivers, "%s: the same races, the same championship", id)
		})
	}
	// one season with them all on: they change nothing
	with, _ := season(slices.Sorted(maps.Keys(appliedWithoutTheirSwitch))...)
	for id, part := range appliedWithoutTheirSwitch {
		assert.NotEmpty(t, part(without), "%s: the season fills it", id)
		assert.Equal(t, part(without), part(with), "%s now changes the standings: move it to leagueStandingsChanges", id)
	}
}

func TestLeagueVariantChangesNameTheirTests(t *testing.T) {
	tests := testFuncsIn(t, ".", "../engine/league", "../engine/duel")
	for _, v := range fd.VariantList() {
		if v.Engine {
			continue // engine/fd races it on and off
		}
		if _, played := leagueStandingsChanges[v.ID]; played {
			continue
		}
		ch, ok := leagueVariantChanges[v.ID]
		if !assert.True(t, ok, "%s is applied by the league: name the test that shows what it changes", v.ID) {
			continue
		}
		assert.True(t, tests[ch.test], "%s: %s does not exist", v.ID, ch.test)
		assert.NotEmpty(t, ch.shows, v.ID)
	}
	for id := range leagueVariantChanges {
		v, ok := fd.LookupVariant(id)
		assert.True(t, ok && !v.Engine, "%s is not a league variant of the registry", id)
	}
}

// testFuncsIn are the Test functions of the test files in dirs.
func testFuncsIn(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	names, err := rulesdoc.TestFuncs(dirs...)
	require.NoError(t, err)
	return names
}

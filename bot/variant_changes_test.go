package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// Issue 16: no variant is a stub. The game switches race on and off in
// engine/fd (TestVariantChangesItsRace); the variants the league applies
// (league scope, and the side events served outside engine/fd) change
// standings, ledgers or results, which a race cannot show. Each names
// the test that plays the league or the event with the rule and checks
// what it changes; this test checks every such variant has one and that
// it exists, so that the table cannot rot.
var leagueVariantChanges = map[string]struct{ test, shows string }{
	"21-A": {"TestClassifyByDistance", "an eliminated pilot classified by distance, and scoring (engine/league)"},
	"7-A":  {"TestBlackFlagTwoThirds", "a two-thirds vote excludes a warned pilot from the race's classification (engine/league)"},
	"24-A": {"TestSeasonStandingsByHand", "the qualifying ranking's grid points, pilots and teams (engine/league)"},
	"24-B": {"TestSeasonStandingsByHand", "the media ranking's rounds led, pilots and teams (engine/league)"},
	"24-D": {"TestPasDeBolVote", "the Bad-luck Cup's point to the voted pilot, the luck index breaking ties (engine/league)"},
	"25-A": {"TestTeamManagementSeason", "the driver market, bankruptcies and supplier changes between seasons"},
	"24-C": {"TestTrophiesSeasonWithADozenVariants", "the non-time trophies over a season"},
	"AX-1": {"TestDragsterSideEvent", "the Dragster knock-out's bracket and standings"},
	"AX-4": {"TestRebelSideEvent", "the Fureur de vivre duels' ledger and standings"},
}

func TestLeagueVariantChangesNameTheirTests(t *testing.T) {
	tests := testFuncNames(t, ".", "../engine/league", "../engine/duel")
	for _, v := range fd.VariantList() {
		if v.Engine {
			continue // engine/fd races it on and off
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

// testFuncNames are the Test functions of the test files in dirs.
func testFuncNames(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		require.NoError(t, err)
		for _, f := range files {
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			require.NoError(t, err)
			for _, d := range file.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
					names[fn.Name.Name] = true
				}
			}
		}
	}
	return names
}

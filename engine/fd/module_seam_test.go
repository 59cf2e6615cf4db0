package fd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The module seam (phases.go, rulesets.go, registry.go): how the base turn
// holds a ruleset's rules module and calls it. These tests were
// fdr/module_test.go's; they check engine/fd's seam, which stays when fdr
// moves (issue 13), and reach fdr's module through the rulesets table
// (fdrConfig) only. What they asked of fdr's own module (its type, its
// state, a session's and a look-ahead's values) is fdr/module_test.go's.

// The rulesets table's fdr row makes the competition rules' module, which
// changes none of the hot paths' phases: an fdr game plays it at the named
// phases (Game.rules) and its hot paths skip the seam (Game.module nil).
// That the module is fdr's, with its state prepared, is
// TestFDRRulesModulePrepares's (fdr/module_test.go).
func TestFDRRulesModule(t *testing.T) {
	row := FDR.entry().newRules()
	require.NotNil(t, row, "the fdr row names a rules module")

	g, err := NewGame("m", fdrConfig(), fdrLab(t), 2)
	require.NoError(t, err)
	assert.IsType(t, row, g.Rules(), "NewGame keeps the module of its ruleset")
	assert.Nil(t, g.module, "quietMove: the move's hot paths do not call fdr's module")

	street, err := NewGame("m", streetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	assert.Same(t, street.module, street.turnRules, "street's module is called on the hot paths too")
}

// A qualifying session's game plays the competition rules' module (FDR
// R1): its play is the consolidated one, under a module value of its own
// (the race's QualifyingModule's SessionRules). That value holds a state
// of its own is TestFDRSessionRulesHoldTheirOwnState's (fdr/module_test.go).
func TestFDRQualifyingSessionPlaysTheModule(t *testing.T) {
	g, err := NewGame("m", fdrConfig(), fdrLab(t), 2)
	require.NoError(t, err)
	_, ok := g.Rules().(QualifyingModule)
	require.True(t, ok, "fdr's module drives qualifying sessions")
	sub := g.newQualiSession(&g.Cars[0])
	require.NotNil(t, sub.Rules())
	assert.IsType(t, g.Rules(), sub.Rules(), "the session plays the competition rules' module")
	// the session's value is its own, never the race's (its qualifying
	// results are not the race's grid)
	assert.NotSame(t, g.Rules(), sub.Rules())
}

// fdrSeamFunctions are the competition rules' functions that the base turn
// reaches through fdrRules only (fdr/module.go): the leader order
// (R6.6–R6.10), the consolidated play (R6.11), the setup (R1–R5), the
// new game's checks, and the costs and checks the move's setup and the
// autopilot call under a capability (pit lane, tyres, engine tests,
// over-rev, T5, the deadline's defaults).
var fdrSeamFunctions = regexp.MustCompile(`\b(fdrBeginTurn|fdrDecisionFor|fdrApply|fdrMoveOptions|fdrAdvanceSetup|fdrGearOptions|fdrOverRev|fdrGearRolled|fdrRefusal|fdrBuildDecisionOptions|fdrSubmitBuildOrder|prepareCompetition|newFDRRules|fdrRules|fdrPitClosed|fdrOvershootFactor|fdrSlideAmount|fdrAutoBuild|fdrAutoPit|fdrWantsPit|fdrGearRisk|fdrStuckInGear|fdrBlockCost|fdrT5|fdrTimeoutFor|timeoutMove|fdrScoreAdjust)\b`)

// The base turn reaches the fdr functions moved behind the seam through
// RulesModule only: no file of engine/fd but fdr_*.go names one, the
// rulesets table included (fdr/module.go registers the constructor by
// name, ConfigModule answers the row's configuration and check).
func TestBaseTurnNamesNoFdrFunction(t *testing.T) {
	eachBaseTurnLine(t, func(f string, n int, line string) {
		if m := fdrSeamFunctions.FindString(line); m != "" {
			t.Errorf("%s:%d names %s: reach the competition rules through RulesModule (phases.go)", f, n, m)
		}
	})
}

// eachBaseTurnLine calls see with every line of code (not a comment) of
// the base turn's files: engine/fd's non-test files but fdr_*.go.
func eachBaseTurnLine(t *testing.T, see func(file string, n int, line string)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	checked := 0
	for _, f := range files {
		if strings.HasPrefix(f, "fdr_") || strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "//") {
				see(f, i+1, line)
			}
		}
	}
	assert.Greater(t, checked, 20, "the base turn's files were read")
}

// fdrStateNamed finds the competition rules' state named as a field
// (Game.fdr, turn.fdr) rather than through its accessors (fdr/state.go).
var fdrStateNamed = regexp.MustCompile(`\.fdr\b[^(]`)

// Every file of engine/fd but fdr_*.go reads the competition rules' state
// through fdrRaceState and playStateOf, so that moving the state into the
// fdr module's value changes fdr/state.go only.
func TestFDRStateReadThroughAccessors(t *testing.T) {
	eachBaseTurnLine(t, func(f string, n int, line string) {
		if fdrStateNamed.MatchString(line + "\n") {
			t.Errorf("%s:%d names the fdr state: read it through fdrRaceState or playStateOf (fdr/state.go)", f, n)
		}
	})
}

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

// The rulesets table's fdr row makes the competition rules' module, which
// changes none of the hot paths' phases: an fdr game plays it at the named
// phases (Game.rules) and its hot paths skip the seam (Game.module nil).
func TestFDRRulesModule(t *testing.T) {
	_, ok := FDR.entry().newRules().(fdrRules)
	require.True(t, ok, "the fdr row names the competition rules' module")

	g, err := NewGame("m", FDRConfig(), fdrLab(t), 2)
	require.NoError(t, err)
	_, ok = g.rules().(fdrRules)
	assert.True(t, ok, "NewGame keeps the module of its ruleset")
	assert.Nil(t, g.module, "quietMove: the move's hot paths do not call fdr's module")
	require.NotNil(t, g.fdr, "Prepare gave the game the competition rules' state")
	assert.Equal(t, -1, int(g.fdr.wxLast), "R3.6: no weather test yet")

	dry := *fdrLab(t)
	dry.Weather = nil
	_, err = NewGame("m", FDRConfig(), &dry, 2)
	assert.ErrorContains(t, err, "no weather table (AMB-02)", "Prepare checks the circuit suits the competition rules")

	street, err := NewGame("m", StreetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	assert.Same(t, street.module, street.turnRules, "street's module is called on the hot paths too")
}

// A qualifying session's game plays the competition rules' module of its
// race (FDR R1): its play is the consolidated one.
func TestFDRQualifyingSessionPlaysTheModule(t *testing.T) {
	g, err := NewGame("m", FDRConfig(), fdrLab(t), 2)
	require.NoError(t, err)
	sub := g.newQualiSession(&g.Cars[0])
	_, ok := sub.rules().(fdrRules)
	assert.True(t, ok)
	assert.NotNil(t, sub.fdr)
}

// fdrSeamFunctions are the competition rules' functions that the base turn
// reaches through fdrRules only (fdr_module.go): the leader order
// (R6.6–R6.10), the consolidated play (R6.11), the setup (R1–R5), the
// new game's checks, and the costs and checks the move's setup and the
// autopilot call under a capability (pit lane, tyres, engine tests,
// over-rev, T5, the deadline's defaults).
var fdrSeamFunctions = regexp.MustCompile(`\b(fdrBeginTurn|fdrDecisionFor|fdrApply|fdrMoveOptions|fdrAdvanceSetup|fdrGearOptions|fdrOverRev|fdrGearRolled|fdrRefusal|fdrBuildDecisionOptions|fdrSubmitBuildOrder|prepareCompetition|newFDRRules|fdrRules|fdrPitClosed|fdrOvershootFactor|fdrSlideAmount|fdrAutoBuild|fdrAutoPit|fdrWantsPit|fdrGearRisk|fdrStuckInGear|fdrBlockCost|fdrT5|fdrTimeoutFor|timeoutMove)\b`)

// The base turn reaches the fdr functions moved behind the seam through
// RulesModule only: no file of engine/fd but fdr_*.go names one. The
// rulesets table alone names the module's constructor.
func TestBaseTurnNamesNoFdrFunction(t *testing.T) {
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
			if f == "rulesets.go" && strings.Contains(line, "module: newFDRRules") {
				continue // the table's fdr row
			}
			if m := fdrSeamFunctions.FindString(line); m != "" && !strings.HasPrefix(strings.TrimSpace(line), "//") {
				t.Errorf("%s:%d names %s: reach the competition rules through RulesModule (phases.go)", f, i+1, m)
			}
		}
	}
	assert.Greater(t, checked, 20, "the base turn's files were read")
}

// fdrStateNamed finds the competition rules' state named as a field
// (Game.fdr, turn.fdr) rather than through its accessors (fdr_state.go).
var fdrStateNamed = regexp.MustCompile(`\.fdr\b[^(]`)

// Every file of engine/fd but fdr_*.go reads the competition rules' state
// through fdrRaceState and fdrPlayState, so that moving the state into the
// fdr module's value changes fdr_state.go only.
func TestFDRStateReadThroughAccessors(t *testing.T) {
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
			if fdrStateNamed.MatchString(line+"\n") && !strings.HasPrefix(strings.TrimSpace(line), "//") {
				t.Errorf("%s:%d names the fdr state: read it through fdrRaceState or fdrPlayState (fdr_state.go)", f, i+1)
			}
		}
	}
	assert.Greater(t, checked, 20, "the base turn's files were read")
}

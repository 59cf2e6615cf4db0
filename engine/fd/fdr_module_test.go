package fd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// The rulesets table's fdr row makes the competition rules' module, which
// changes none of the hot paths' phases: an fdr game plays it at the named
// phases (Game.rules) and its hot paths skip the seam (Game.module nil).
func TestFDRRulesModule(t *testing.T) {
	_, ok := FDR.entry().newRules().(*fdrRules)
	require.True(t, ok, "the fdr row names the competition rules' module")

	g, err := NewGame("m", FDRConfig(), fdrLabCircuit(t), 2)
	require.NoError(t, err)
	_, ok = g.Rules().(*fdrRules)
	assert.True(t, ok, "NewGame keeps the module of its ruleset")
	assert.Nil(t, g.module, "quietMove: the move's hot paths do not call fdr's module")
	require.NotNil(t, fdrRaceState(g), "Prepare gave the game the competition rules' state")
	assert.Equal(t, -1, int(fdrRaceState(g).wxLast), "R3.6: no weather test yet")

	dry := *fdrLabCircuit(t)
	dry.Weather = nil
	_, err = NewGame("m", FDRConfig(), &dry, 2)
	assert.ErrorContains(t, err, "no weather table (AMB-02)", "Prepare checks the circuit suits the competition rules")

	street, err := NewGame("m", streetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	assert.Same(t, street.module, street.turnRules, "street's module is called on the hot paths too")
}

// A qualifying session's game plays the competition rules' module (FDR
// R1): its play is the consolidated one, under a module value of its own.
func TestFDRQualifyingSessionPlaysTheModule(t *testing.T) {
	g, err := NewGame("m", FDRConfig(), fdrLabCircuit(t), 2)
	require.NoError(t, err)
	sub := g.newQualiSession(&g.Cars[0])
	_, ok := sub.Rules().(*fdrRules)
	assert.True(t, ok)
	require.NotNil(t, fdrRaceState(sub))
	// the module holds the state: the session's value is its own, never
	// the race's (its qualifying results are not the race's grid)
	assert.NotSame(t, fdrModule(g), fdrModule(sub))
	assert.NotSame(t, fdrRaceState(g), fdrRaceState(sub))
}

// A look-ahead (MovesIf) plays a copy of the play under a module value of
// its own (fdr_state.go): the real play's state is the same value, as it
// was, after every gear and face foreseen (FDR R6.11).
func TestFDRLookaheadPlaysItsOwnState(t *testing.T) {
	cfg := FDRConfig()
	cars := []fdrCar{fdrCarFullWear("back.7.1", 4), fdrCarFullWear("back.9.1", 4), fdrCarFullWear("back.10.0", 3), fdrCarFullWear("south.1.1", 2).stops(1)}
	for i := range cars {
		cars[i].Car, cars[i].Wear = i+1, FDRDefaultBuild()
	}
	g, err := NewGame("t", cfg, fdrOval(t), len(cars))
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(Position{Round: 1, Cars: fdrCars(cars...)}, dice.NewScripted()))
	d := g.Pending()
	require.Equal(t, DecideGear, d.Kind)
	play := playStateOf(g.CurrentPlay())
	require.NotNil(t, play, "an fdr play has its state")
	before := *play
	foreseen := 0
	for _, op := range d.Options {
		die, err := cfg.Dice.Gear(op.Gear)
		require.NoError(t, err)
		for _, v := range die.Faces {
			foreseen += len(g.MovesIf(op.Gear, v))
		}
	}
	require.Positive(t, foreseen)
	assert.Same(t, play, playStateOf(g.CurrentPlay()))
	assert.Equal(t, before, *play, "the look-ahead wrote nothing of the real play's state")

	cp := *g.turn
	cp.rules = g.turn.rules.(LookaheadModule).Lookahead()
	copied := playStateOf(Turn{g, &cp})
	assert.NotSame(t, play, copied, "the copy's state is its own")
	assert.Equal(t, before, *copied)
}

// fdrSeamFunctions are the competition rules' functions that the base turn
// reaches through fdrRules only (fdr_module.go): the leader order
// (R6.6–R6.10), the consolidated play (R6.11), the setup (R1–R5), the
// new game's checks, and the costs and checks the move's setup and the
// autopilot call under a capability (pit lane, tyres, engine tests,
// over-rev, T5, the deadline's defaults).
var fdrSeamFunctions = regexp.MustCompile(`\b(fdrBeginTurn|fdrDecisionFor|fdrApply|fdrMoveOptions|fdrAdvanceSetup|fdrGearOptions|fdrOverRev|fdrGearRolled|fdrRefusal|fdrBuildDecisionOptions|fdrSubmitBuildOrder|prepareCompetition|newFDRRules|fdrRules|fdrPitClosed|fdrOvershootFactor|fdrSlideAmount|fdrAutoBuild|fdrAutoPit|fdrWantsPit|fdrGearRisk|fdrStuckInGear|fdrBlockCost|fdrT5|fdrTimeoutFor|timeoutMove|fdrScoreAdjust)\b`)

// The base turn reaches the fdr functions moved behind the seam through
// RulesModule only: no file of engine/fd but fdr_*.go names one, the
// rulesets table included (fdr_module.go registers the constructor by
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
// (Game.fdr, turn.fdr) rather than through its accessors (fdr_state.go).
var fdrStateNamed = regexp.MustCompile(`\.fdr\b[^(]`)

// Every file of engine/fd but fdr_*.go reads the competition rules' state
// through fdrRaceState and playStateOf, so that moving the state into the
// fdr module's value changes fdr_state.go only.
func TestFDRStateReadThroughAccessors(t *testing.T) {
	eachBaseTurnLine(t, func(f string, n int, line string) {
		if fdrStateNamed.MatchString(line + "\n") {
			t.Errorf("%s:%d names the fdr state: read it through fdrRaceState or playStateOf (fdr_state.go)", f, n)
		}
	})
}

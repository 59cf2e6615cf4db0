package fdr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
)

// The competition rules' module value and its state (module.go,
// state.go), through the host API. How the base holds and calls the
// module (Game.module, a session's game, the seam's names) is engine/fd's
// and tested there (module_seam_test.go).

// The fdr row's module, which NewGame keeps (TestFDRRulesModule,
// module_seam_test.go), is the competition rules' module, and its Prepare
// gives the game their state and checks the circuit.
func TestFDRRulesModulePrepares(t *testing.T) {
	g, err := fd.NewGame("m", FDRConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	_, ok := g.Rules().(*fdrRules)
	require.True(t, ok, "the fdr row names the competition rules' module")
	require.NotNil(t, fdrRaceState(g), "Prepare gave the game the competition rules' state")
	assert.Equal(t, -1, int(fdrRaceState(g).wxLast), "R3.6: no weather test yet")

	dry := *fdtest.FDRLab(t)
	dry.Weather = nil
	_, err = fd.NewGame("m", FDRConfig(), &dry, 2)
	assert.ErrorContains(t, err, "no weather table (AMB-02)", "Prepare checks the circuit suits the competition rules")
}

// A qualifying session's module value (SessionRules, which a session's game
// plays: TestFDRQualifyingSessionPlaysTheModule, module_seam_test.go) is
// the competition rules' with a state of its own, never the race's (FDR
// R1: its qualifying results are not the race's grid).
func TestFDRSessionRulesHoldTheirOwnState(t *testing.T) {
	g, err := fd.NewGame("m", FDRConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	race := fdrModule(g)
	require.NotNil(t, race)
	session, ok := race.SessionRules().(*fdrRules)
	require.True(t, ok)
	require.NotNil(t, session.race)
	assert.NotSame(t, race, session)
	assert.NotSame(t, fdrRaceState(g), session.race)
}

// A look-ahead (MovesIf) plays a copy of the play under a module value of
// its own (state.go): the real play's state is the same value, as it
// was, after every gear and face foreseen (FDR R6.11).
func TestFDRLookaheadPlaysItsOwnState(t *testing.T) {
	cfg := FDRConfig()
	cars := []fdtest.CarAt{fdtest.At("back.7.1", 4), fdtest.At("back.9.1", 4), fdtest.At("back.10.0", 3), fdtest.At("south.1.1", 2).WithStops(1)}
	for i := range cars {
		cars[i].Car, cars[i].Wear = i+1, FDRDefaultBuild()
	}
	g, err := fd.NewGame("t", cfg, fdtest.Track(t, "test-oval"), len(cars))
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(fd.Position{Round: 1, Cars: fdrCars(cars...)}, dice.NewScripted()))
	d := g.Pending()
	require.Equal(t, fd.DecideGear, d.Kind)
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

	// the value a look-ahead's copy of the play runs under (MovesIf asks
	// the play's module for it: LookaheadModule)
	m, ok := g.CurrentPlay().Rules().(fd.LookaheadModule)
	require.True(t, ok)
	lookahead, ok := m.Lookahead().(*fdrRules)
	require.True(t, ok)
	copied := lookahead.play
	require.NotNil(t, copied)
	assert.NotSame(t, play, copied, "the copy's state is its own")
	assert.Equal(t, before, *copied)
}

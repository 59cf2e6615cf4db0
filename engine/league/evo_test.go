package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 16-D, AMB-35's ladder: after each GP a team rolls 1–4, then 1–8, 1–12 …
// until it develops an évo, deployed at its next GP; no roll while one
// waits; the stages' engine limits 8 (no bonus), 8, 6, 4.
func TestEvoLadder(t *testing.T) {
	// after GP1: 5 fails (1–4); after GP2: 8 develops (1–8); Évo1 from GP3;
	// after GP3: 4 develops (back to 1–4); Évo2 from GP4
	state, rolls, err := EvoSeason(EvoLadder, []string{"Ligier"}, 3, dice.NewScripted(5, 8, 4), "s1")
	require.NoError(t, err)
	assert.Equal(t, []EvoRoll{{"Ligier", 0, 5, 4}, {"Ligier", 1, 8, 8}, {"Ligier", 2, 4, 4}}, rolls)
	assert.Equal(t, EvoTeam{Team: "Ligier", Level: 2}, state["Ligier"])
	assert.Equal(t, 6, state["Ligier"].EngineLimit(EvoLadder), "Évo2: 1–6")
	assert.True(t, state["Ligier"].Bonus())

	state, _, err = EvoSeason(EvoLadder, []string{"Ligier"}, 1, dice.NewScripted(5), "s1")
	require.NoError(t, err)
	assert.Equal(t, 8, state["Ligier"].EngineLimit(EvoLadder), "no évo yet: 1–8")
	assert.False(t, state["Ligier"].Bonus(), "no évo yet: no bonus")

	t.Run("sure on the fifth roll", func(t *testing.T) {
		_, rolls, err := EvoSeason(EvoLadder, []string{"Ligier"}, 5, dice.NewScripted(20, 20, 20, 20, 20), "s1")
		require.NoError(t, err)
		assert.Equal(t, []int{4, 8, 12, 16, 20}, []int{rolls[0].Need, rolls[1].Need, rolls[2].Need, rolls[3].Need, rolls[4].Need})
		assert.True(t, rolls[4].Developed())
	})
	t.Run("no roll past Évo3", func(t *testing.T) {
		state, rolls, err := EvoSeason(EvoLadder, []string{"Ligier"}, 8, dice.NewScripted(1, 1, 1), "s1")
		require.NoError(t, err)
		assert.Len(t, rolls, 3, "three évos, each deployed the GP after its roll")
		assert.Equal(t, 3, state["Ligier"].Level)
		assert.Equal(t, 4, state["Ligier"].EngineLimit(EvoLadder), "Évo3: the normal 1–4")
	})
	t.Run("per GP reliability (AMB-35 reading 2)", func(t *testing.T) {
		limits := []int{}
		for raced := 1; raced <= 5; raced++ {
			state, rolls, err := EvoSeason(EvoPerGPUsage, []string{"Ligier"}, raced, dice.NewScripted(3), "s1")
			require.NoError(t, err)
			assert.Len(t, rolls, 1, "one évo: no roll once developed")
			limits = append(limits, state["Ligier"].EngineLimit(EvoPerGPUsage))
		}
		assert.Equal(t, []int{8, 6, 4, 4, 4}, limits, "GP2 to GP6 on the évo developed after GP1: 1–8 its first GP, 1–6 its second, then 1–4")
	})
	t.Run("teams roll their own dice", func(t *testing.T) {
		state, _, err := EvoSeason(EvoLadder, []string{"Tyrrell", "Ligier", "Tyrrell"}, 1, dice.NewScripted(1, 9), "s1")
		require.NoError(t, err)
		assert.Equal(t, 1, state["Ligier"].Level, "sorted: Ligier rolls first")
		assert.Equal(t, 0, state["Tyrrell"].Level)
		assert.Len(t, state, 2)
	})
	_, _, err = EvoSeason("permanent", nil, 1, dice.NewScripted(), "s1")
	assert.ErrorContains(t, err, "neither ladder nor per_gp_reliability")
}

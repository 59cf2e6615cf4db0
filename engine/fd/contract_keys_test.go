package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
)

// Every form of order has a key (issue 13), and OrderFor reads each back
// as the order it was written from: a plain gear by its number, a letter,
// a build by its numbers, and league 5-A's booster points (AMB-14) after
// either build, in the command's words "boost N".
func TestContractKeysReadBackAsTheirOrders(t *testing.T) {
	build := Wear{5, 3, 3, 2, 2, 2}
	for _, tc := range []struct {
		order Order
		key   string
	}{
		{Order{Gear: 4}, "4"},
		{Order{Letter: "B"}, "B"},
		{Order{Letter: "5S"}, "5S"},
		{Order{Build: build}, "5/3/3/2/2/2"},
		{Order{Letter: "A", Boosters: 3, BoostersChosen: true}, "A boost 3"},
		{Order{Build: build, Boosters: 0, BoostersChosen: true}, "5/3/3/2/2/2 boost 0"},
	} {
		assert.Equal(t, tc.key, KeyOf(tc.order), "%+v", tc.order)
	}

	// at a build decision (FDR R5.2 with 5-A) every build key reads back
	g, err := NewGame("keys", fdrVariantCfg(t, "5-A"), fdrLab(t), 2)
	require.NoError(t, err)
	g.askSetup(1, DecideBuild)
	con := NewContract(g, sayKey)
	for _, o := range []Order{
		{Car: 1, Letter: "A"},
		{Car: 1, Build: build},
		{Car: 1, Letter: "A", Boosters: 3, BoostersChosen: true},
		{Car: 1, Build: build, Boosters: 0, BoostersChosen: true},
	} {
		assert.Equal(t, o, con.OrderFor(1, KeyOf(o)), "key %q", KeyOf(o))
	}
	// a "boost" that is no number is no booster count: the key is a letter
	// the decision refuses
	assert.Equal(t, Order{Car: 1, Letter: "A boost x"}, con.OrderFor(1, "A boost x"))
}

// 5-A through the contract (AMB-14): car 1's player builds with 3
// booster points, given as the key "A boost 3", and the race is the race
// given the same order directly, line for line; a count the variant
// refuses changes nothing and is refused with fd's sentence.
func TestContractBoosterKeyIsTheBoosterOrder(t *testing.T) {
	seed := SeedFrom("boosters through the contract")
	race := func(viaContract bool) *Game {
		g, err := NewGame(GameIDFor(seed), fdrVariantCfg(t, "5-A"), fdrLab(t), 2)
		require.NoError(t, err)
		random := noShuffles{dice.NewSeeded(seed)}
		require.NoError(t, g.Start(random))
		con := NewContract(g, sayKey)
		for steps := 0; !g.Over; steps++ {
			require.Less(t, steps, 5000)
			o, ok := Autopilot(g)
			require.True(t, ok)
			if d := g.setupPending[1]; o.Car == 1 && d != nil && d.Kind == DecideBuild {
				o = Order{Car: 1, Letter: "A", Boosters: 3, BoostersChosen: true}
				if viaContract {
					before := len(g.Events)
					_, err := con.Submit(0, "A boost 7", random)
					require.ErrorIs(t, err, engine.ErrIllegal)
					require.ErrorIs(t, err, ErrIllegal)
					assert.ErrorContains(t, err, "car 1 may build 0 to 6 booster points (league 5-A), not 7")
					require.Len(t, g.Events, before, "a refused count changes nothing")
					assert.NotContains(t, g.Position().Cars[0].Flags, "boosters-chosen", "no choice kept")
				}
			}
			if !viaContract {
				require.NoError(t, g.Submit(o, random))
				continue
			}
			before := len(g.Events)
			st, err := con.Submit(o.Car-1, KeyOf(o), random)
			require.NoError(t, err)
			assert.Equal(t, recordLines(g.Events[before:]), stepLines(st), "the step is what the order appended")
		}
		return g
	}
	direct, through := race(false), race(true)
	require.Equal(t, recordLines(direct.Events), recordLines(through.Events))
	assert.Contains(t, recordLines(through.Events), "order car=1 build="+through.startWear[1].Compact()+" boosters=3")
}

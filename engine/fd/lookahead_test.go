package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// MovesIf gives, for every gear and face, exactly the move options Pending
// gives once that face is rolled in that gear (R-MOV, R-BLK, R-OVS; FDR
// R6.11), and leaves the game as it was: in traffic on test-oval under
// both rulesets.
func TestMovesIfIsThePendingMove(t *testing.T) {
	c := ovalTrack(t)
	for _, cfg := range []Config{DefaultConfig(), FDRConfig()} {
		cars := []CarPosition{at("back.7.1", 4), at("back.9.1", 4), at("back.10.0", 3), at("south.1.1", 2).stops(1)}
		for i := range cars {
			cars[i].Car = i + 1
			if cfg.Rules.Info().Can.PitPointBuild {
				cars[i].Wear = FDRDefaultBuild()
			}
		}
		g, err := NewGame("t", cfg, c, len(cars))
		require.NoError(t, err)
		require.NoError(t, g.StartFrom(Position{Round: 1, Cars: cars}, dice.NewScripted()))
		d := g.Pending()
		require.Equal(t, DecideGear, d.Kind)
		compared := 0
		before := g.Position()
		events := len(g.Events)
		for _, op := range d.Options {
			die, err := cfg.Dice.Gear(op.Gear)
			require.NoError(t, err)
			for _, v := range die.Faces {
				got := g.MovesIf(op.Gear, v)
				require.Equal(t, before, g.Position(), "MovesIf changed the game")
				require.Len(t, g.Events, events)
				// the same decision, for real: a copy of the game rolls v
				h, err := NewGame("t", cfg, c, len(cars))
				require.NoError(t, err)
				require.NoError(t, h.StartFrom(Position{Round: 1, Cars: cars}, dice.NewScripted()))
				err = h.Submit(Order{Car: d.Car, Gear: op.Gear}, dice.NewScripted(v, 20, 20, 20, 20))
				require.NoError(t, err)
				want := h.Pending()
				if want == nil || want.Kind != DecideMove || want.Car != d.Car {
					continue // the gear ended the play (an over-rev, FDR R13)
				}
				require.Equal(t, want.Options, got, "%s: gear %d, face %d", cfg.Rules, op.Gear, v)
				compared++
			}
		}
		require.Greater(t, compared, 10, cfg.Rules)
	}
	require.Nil(t, (&Game{}).MovesIf(3, 4), "no gear decision pending")
}

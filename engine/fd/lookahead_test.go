package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// MovesIf gives, for every gear and face, exactly the move options Pending
// gives once that face is rolled in that gear (R-MOV, R-BLK, R-OVS; FDR
// R6.11), and leaves the game as it was: in traffic on test-oval under
// both rulesets.
func TestMovesIfIsThePendingMove(t *testing.T) {
	c := ovalTrack(t)
	for _, cfg := range []Config{DefaultConfig(), fdrConfig()} {
		cars := []CarPosition{at("back.7.1", 4), at("back.9.1", 4), at("back.10.0", 3), at("south.1.1", 2).stops(1)}
		for i := range cars {
			cars[i].Car = i + 1
			if cfg.Rules.Info().Can.PitPointBuild {
				cars[i].Wear = fdrDefaultBuild()
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

// The autopilot's look-ahead finds the lengths of the legal moves from the
// sets of places a walk can be in (quickLengths) where those sets are
// exact. At every gear decision of seeded races, under both rulesets and
// with pit stops and debris, its lengths must be those of the ends a
// whole walk lists (R-MOV-05, R-DEB-04, R-OVS-04), whenever it answers;
// and it must answer often, in traffic past a dangerous space too, and
// leave the pit lane's moves to the walk.
func TestQuickLengthsAreTheWalksLengths(t *testing.T) {
	answered, withHazard, declined := 0, 0, 0
	for i, tc := range []struct {
		track string
		cfg   Config
	}{{"kestrel-downs", DefaultConfig()}, {"hollowmere", DefaultConfig()}, {"kestrel-downs", fdrConfig()}, {"oval", fdrConfig()}} {
		c, err := tracks.Get(tc.track)
		require.NoError(t, err)
		tc.cfg.Laps = 3 // pit stops
		seed := SeedFrom(fmt.Sprintf("quick-lengths-%d", i))
		g, err := NewGame(GameIDFor(seed), tc.cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			if d := g.pending; d != nil && d.Kind == DecideGear {
				car := g.car(d.Car)
				die, err := g.Config.Dice.Gear(d.Options[0].Gear)
				require.NoError(t, err)
				reach := die.Max() + g.slide(car) + 1
				turn := &turn{car: car, start: car.Space, startCorner: car.Corner, startStops: car.Stops}
				walker := g.newMover(turn)
				g.scratch.kept.valid = false // a walk of its own
				ends, _ := walker.legalEndsUnwritten(car.Space, reach, car.Pitting)
				want := make([]bool, reach+1)
				for _, e := range ends {
					want[e.steps] = true
				}
				hazard := walker.sawHazard
				walker.release()
				quick := g.newMover(turn)
				got := make([]bool, reach+1)
				ok := quick.quickLengths(car.Space, reach, car.Pitting, got)
				quick.release()
				if !ok {
					declined++
				} else {
					require.Equal(t, want, got, "%s %s, car %d at %s", tc.cfg.Rules, tc.track, car.Number, c.Spaces[car.Space].Name)
					answered++
					if hazard {
						withHazard++
					}
				}
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
	}
	t.Logf("answered %d (%d past a dangerous space), declined %d", answered, withHazard, declined)
	require.Greater(t, answered, 2*declined, "it answers most decisions")
	require.Positive(t, withHazard, "past a dangerous space")
	require.Positive(t, declined, "the pit lane in reach")
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// A missed deadline's key plays exactly the order the rules state for it:
// over the first decisions of an fdr race (its stated defaults:
// fdr AMB-17, fdr AMB-48) and of an fd2008 race (the autopilot's), the
// race answered by Default's keys through Submit writes the same lines as
// its twin given TimeoutFor's orders; a seat with nothing to decide has no
// default.
func TestContractDefaultPlaysTheDeadlinesOrder(t *testing.T) {
	for _, race := range []struct {
		name string
		cfg  Config
	}{{"fdr", fdrConfig()}, {"fd2008", DefaultConfig()}} {
		t.Run(race.name, func(t *testing.T) {
			c, err := tracks.Get("port-azur")
			require.NoError(t, err)
			seed := SeedFrom("contract default " + race.name)
			start := func() (*Game, *dice.Seeded) {
				g, err := NewGame(GameIDFor(seed), race.cfg, c, 3)
				require.NoError(t, err)
				src := dice.NewSeeded(seed)
				require.NoError(t, g.Start(src))
				return g, src
			}
			byKey, keySrc := start()
			twin, twinSrc := start()
			con := NewContract(byKey, nil)
			answered := 0
			for ; answered < 300 && !byKey.Over; answered++ {
				pending := con.Pending()
				require.NotEmpty(t, pending)
				seat := pending[0].Seat
				for other := range 3 {
					if _, ok := con.decisionOf(other + 1); !ok {
						_, has := con.Default(other)
						assert.False(t, has, "seat %d has nothing to decide, so no default", other)
					}
				}
				key, ok := con.Default(seat)
				require.True(t, ok, "seat %d decides, so it has a default", seat)
				o, ok := TimeoutFor(twin, seat+1)
				require.True(t, ok)
				_, err := con.Submit(seat, key, keySrc)
				require.NoError(t, err, "the default key %q is an order the race takes", key)
				require.NoError(t, twin.Submit(o, twinSrc))
				require.Equal(t, len(twin.Events), len(byKey.Events), "decision %d", answered)
			}
			require.Equal(t, len(twin.Events), len(byKey.Events))
			for i := range twin.Events {
				require.Equal(t, twin.Events[i].String(), byKey.Events[i].String(), "line %d", i)
			}
			assert.Equal(t, 300, answered, "the race gave 300 decisions to answer")
		})
	}
}

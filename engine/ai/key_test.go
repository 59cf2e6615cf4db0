package ai

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// The AI drivers through the game contract (issue 13): a race whose AI
// seats give Key through fd.Contract.Submit, the autopilot's seat its
// Autopilot key, is the race Race plays with their orders given directly,
// line for line, under the complete rules and the competition rules (pit
// stops, tyres, builds).
func TestKeysThroughTheContractAreTheOrders(t *testing.T) {
	c := oval(t)
	seats := []Level{Rookie, Pro, Legend, Autopilot}
	for _, cfg := range []fd.Config{fd.DefaultConfig(), fd.ConfigFor(fd.FDR)} {
		t.Run(string(cfg.Rules), func(t *testing.T) {
			cfg.Laps = 1
			seed := fd.SeedFrom("ai keys")
			direct, _, err := Race(cfg, c, seats, seed)
			require.NoError(t, err)

			g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, len(seats))
			require.NoError(t, err)
			random := dice.NewSeeded(seed)
			require.NoError(t, g.Start(random))
			con := fd.NewContract(g, func(p phrase.Phrase, lang string) string { return fmt.Sprint(p) })
			for n := 0; !con.Over(); n++ {
				require.Less(t, n, 50000)
				seat := con.Pending()[0].Seat
				key, ok := con.Autopilot(seat)
				if lvl := seats[seat]; lvl != Autopilot {
					key, ok = Driver{Level: lvl, Seed: SeedFor(seed[:])}.Key(g, seat)
				}
				require.True(t, ok)
				_, err := con.Submit(seat, key, random)
				require.NoError(t, err, "seat %d key %q", seat, key)
			}
			require.Equal(t, len(direct.Events), len(g.Events))
			for i := range direct.Events {
				require.Equal(t, direct.Events[i].String(), g.Events[i].String(), "event %d", i)
			}
		})
	}
}

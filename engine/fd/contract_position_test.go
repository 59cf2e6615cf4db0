package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
)

// The contract's position is PositionExact's, line for line, refused
// where it is refused; under 5-D each line that writes a racing car's
// build is handed out to that car's seat only, the others reading its
// stand-in, as the record's own lines are.
func TestContractPositionIsTheExactPosition(t *testing.T) {
	g, con, random := started5DContract(t, "contract position", 3)
	positions, refusals, hidden := 0, 0, 0
	for steps := 0; !con.Over() && steps < 400; steps++ {
		want, wantErr := g.PositionExact()
		evs, err := con.Position()
		if wantErr != nil {
			require.EqualError(t, err, wantErr.Error())
			assert.Nil(t, evs)
			refusals++
		} else {
			require.NoError(t, err)
			exact := want.Events()
			require.Len(t, evs, len(exact))
			for i, e := range evs {
				assert.Equal(t, exact[i].String(), e.Line())
				told, ok := engine.Told(e, engine.Referee, false)
				require.True(t, ok)
				assert.Equal(t, exact[i].String(), told.Line(), "the game master reads every line")
				if car := BuildLineCar(exact[i]); car != 0 && g.Cars[car-1].Status == Racing {
					other := car % 3 // another seat (0-based: car's own seat is car-1)
					told, ok := engine.Told(e, other, false)
					require.True(t, ok, "a hidden line has a stand-in")
					assert.True(t, strings.HasPrefix(told.Line(), "# "), "car %d's build line read by seat %d: %s", car, other, told.Line())
					own, _ := engine.Told(e, car-1, false)
					assert.Equal(t, exact[i].String(), own.Line())
					hidden++
				}
			}
			positions++
		}
		seat := con.Pending()[0].Seat
		key, ok := con.Autopilot(seat)
		require.True(t, ok)
		_, err = con.Submit(seat, key, random)
		require.NoError(t, err)
	}
	assert.Positive(t, positions)
	assert.Positive(t, refusals)
	assert.Positive(t, hidden, "no position wrote a hidden build")
}

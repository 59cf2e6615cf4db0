package fd

import (
	"math"
	"testing"

	"github.com/pitwall/pitwall/tracks"
	"github.com/stretchr/testify/require"
)

// The look-ahead's sets mark the places they hold with a stamp per set
// (placesSeen) instead of clearing their marks after each set; when the
// stamps run out they start again from cleared marks. At the gear
// decisions of seeded races, the lengths found with the stamps at their
// last, every mark holding the first stamp after the wrap, are those
// found with fresh stamps (R-MOV-05).
func TestPlacesStampsWrapToClearedMarks(t *testing.T) {
	compared := 0
	playSeededRaces(t, "places-stamps", func(g *Game, c *tracks.Circuit, cfg Config) {
		d := g.pending
		if d == nil || d.Kind != DecideGear {
			return
		}
		car := g.car(d.Car)
		die, err := g.Config.Dice.Gear(d.Options[0].Gear)
		require.NoError(t, err)
		reach := die.Max() + g.slide(car) + 1
		turn := &turn{car: car, start: car.Space, startCorner: car.Corner, startStops: car.Stops}
		m := g.newMover(turn)
		defer m.release()
		row := m.fewestRowFor(car.Space, reach, car.Pitting)
		if row == nil {
			return
		}
		m.hazard(car.Space)
		want := make([]bool, reach+1)
		m.fewestLengths(car.Space, row, reach, want)
		ws := m.scratch()
		ws.placesStamp = math.MaxUint32 // the first set takes the wrap
		for i := range ws.placesSeen {
			ws.placesSeen[i] = 1
		}
		got := make([]bool, reach+1)
		m.fewestLengths(car.Space, row, reach, got)
		require.Equal(t, want, got, "%s, car %d at %s", c.ID, car.Number, c.Spaces[car.Space].Name)
		require.Less(t, ws.placesStamp, uint32(1000), "the stamps started again")
		compared++
	})
	require.Greater(t, compared, 100)
}

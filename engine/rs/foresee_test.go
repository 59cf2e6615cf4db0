package rs

import (
	"crypto/sha256"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Foresee runs the comparisons as the turn does (R-CMP-01..08): given the
// speeds every car ran, it foresees the file the turn left (the move
// changes no order, and the autopilot takes no risk), and it changes
// nothing of the game.
func TestForeseeIsTheTurnsComparisons(t *testing.T) {
	c, err := rscircuit.Get("cragsby")
	require.NoError(t, err)
	src := dice.NewSeeded(sha256.Sum256([]byte("foresee")))
	g, err := NewGame("foresee", Config{Mode: Family, Seats: 4}, c, src)
	require.NoError(t, err)
	for !g.Over {
		before := g.clone()
		lines := len(g.Events)
		field := make([]Runner, 0, len(g.Cars))
		for _, car := range g.Cars {
			field = append(field, Runner{ID: car.ID, Dist: car.Dist})
		}
		for s := range g.Seats {
			_, err := g.Submit(g.Autopilot(s), src)
			require.NoError(t, err)
		}
		speed := map[int]int{}
		for _, e := range g.Events[lines:] {
			switch e.Kind {
			case "play", "system-speed":
				speed[e.Int("car")] = e.Int("speed")
			}
		}
		for i := range field {
			field[i].Speed = speed[field[i].ID]
		}
		var want, got []int
		for _, car := range g.File() {
			want = append(want, car.ID)
		}
		dists := func() []int {
			var d []int
			for _, car := range before.Cars {
				d = append(d, car.Dist, car.speed)
			}
			return d
		}
		was := dists()
		for _, r := range before.Foresee(field) {
			got = append(got, r.ID)
		}
		assert.Equal(t, want, got, "turn %d", before.Turn)
		assert.Len(t, before.Events, lines, "Foresee wrote no event")
		assert.True(t, slices.Equal(was, dists()), "Foresee moved no car of the game")
	}
}

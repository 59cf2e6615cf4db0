package fd

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/tracks"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 23-A(c) "the qualifying part (pole 0.1) is credited at GRID, before the
// race", 23-A(i) "qualifying-phase earnings are credited before the
// race": the league gives each car the worst qualified grid place whose
// earning opens it one more point (grid_use), and the grid formed from
// qualifying (the GRID step, after the sessions) opens it, a "grid-point"
// event; the point is then spent as any other (hook DistanceModifier).
func TestVariant23AGridEarningOpensAPointInTheRace(t *testing.T) {
	c := fdrLab(t)
	t.Run("the grid opens the point of the cars at or before their place", func(t *testing.T) {
		cfg := fdrVariantCfg(t, "23-A:scheme=c,grid_use=1/1/3")
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3), fdrAt("long.4.1", 3), fdrAt("long.6.1", 3)}})
		h.g.creditQualifyingGrid([]int{2, 3, 1})
		assert.Equal(t, []int{0, 1, 1}, []int{h.g.PilotPointsLeft(1), h.g.PilotPointsLeft(2), h.g.PilotPointsLeft(3)},
			"car 2 on pole (1), car 3 2nd within its 3, car 1 3rd past its 1")
		text := eventsText(h.g)
		assert.Contains(t, text, "grid-point car=2 place=1")
		assert.Contains(t, text, "grid-point car=3 place=2")
		assert.NotContains(t, text, "grid-point car=1")
	})
	t.Run("the point opened is spent with scripted dice; without it the roll alone", func(t *testing.T) {
		deltas := func(h *harness) map[int]int {
			out := map[int]int{}
			for _, op := range h.pending().Options {
				out[op.Top] = max(out[op.Top], len(op.Path))
			}
			return out
		}
		withPoint := fdrAt("long.2.1", 3)
		withPoint.Flags = append(withPoint.Flags, "grid-point")
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,grid_use=1"), Position{Round: 1, Cars: []CarPosition{withPoint}})
		h.gear(4, 10)
		assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, deltas(h), "the pole's point, a position carrying it")
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 && !op.Eliminated })
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned", "debited as an earned point")
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10}, deltas(h), "one a race")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,grid_use=1"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10}, deltas(h), "not on pole: no point")
	})
	t.Run("a race with qualifying credits its pole, replays and verifies", func(t *testing.T) {
		lab, err := tracks.Get("port-azur")
		require.NoError(t, err)
		cfg := fdrConfig()
		cfg.Laps, cfg.Sessions = 1, 1
		require.NoError(t, cfg.EnableVariant("23-A:scheme=c,grid_use=1/1/1/1"))
		require.NoError(t, cfg.Validate())
		g := checkedVariantRace(t, cfg, lab, "port-azur", 4, "23-A grid credit")
		grid := kinds(eventLines(g), "grid")
		require.NotEmpty(t, grid)
		pole := strings.Split(strings.TrimPrefix(strings.Fields(grid[0])[1], "order="), ",")[0]
		assert.Equal(t, []string{"grid-point car=" + pole + " place=1"}, kinds(eventLines(g), "grid-point"), "the pole-sitter alone")

		cfg = fdrConfig()
		cfg.Laps, cfg.Sessions = 1, 1
		require.NoError(t, cfg.EnableVariant("23-A:scheme=c"))
		g = checkedVariantRace(t, cfg, lab, "port-azur", 4, "23-A grid credit")
		assert.Empty(t, kinds(eventLines(g), "grid-point"), "without grid_use no point")
		assert.Empty(t, kinds(eventLines(g), "pilot-point"))
	})
	t.Run("grid_use is for schemes c and i, places 1 to 3", func(t *testing.T) {
		cfg := ConfigFor(FDR)
		assert.ErrorContains(t, cfg.EnableVariant("23-A:scheme=b,grid_use=1"), "schemes c and i")
		assert.ErrorContains(t, cfg.EnableVariant("23-A:scheme=c,grid_use=4"), "first three")
		assert.NoError(t, cfg.EnableVariant("23-A:scheme=i,grid_use=1/0"))
	})
}

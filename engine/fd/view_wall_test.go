package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The wall test of an oval (FDR R15.2) is in the elimination risk a player
// is shown and the AI levels price: a body test on entering the wall lane
// (start.*.2 of the oval's start straight), lost on a black die of 1 dry,
// 1–2 wet, a body point each (R14.3's thresholds, R14.5: the last one
// eliminates). Car 1 in 1st on start.1.1 rolls a 1 and may end on
// start.2.2 (the wall lane) or start.2.1 (not); in the R15.5 case car 2
// waits on start.2.1, so the move to start.2.2 also ends beside it and the
// wall is rolled after the collision test: two body tests against the body
// left. Each figure is then checked against the dice: the scripted rolls
// that lose eliminate, the others do not (car 2's test rolls first, then
// car 1's collision test, then its wall test).
func TestEliminationRiskCountsTheWall(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		wx      WeatherState
		body    int
		beside  bool    // car 2 on start.2.1 (R15.5)
		risk    float64 // of the move to start.2.2
		losing  []int   // rolls of the move that eliminate car 1
		keeping []int   // rolls of the move that do not
	}{
		{"dry, last body point: a 1 of 20 (R15.2, R14.5)", Fine, 1, false, 1.0 / 20, []int{1}, []int{2}},
		{"wet, last body point: 1–2 of 20 (R15.2)", Wet, 1, false, 2.0 / 20, []int{2}, []int{3}},
		{"dry, two body points: one test cannot take both", Fine, 2, false, 0, nil, []int{1}},
		{"dry, two body points, ending beside a car: the collision test then the wall (R15.5)", Fine, 2, true,
			1.0 / 20 * 1.0 / 20, []int{20, 1, 1}, []int{20, 1, 2}},
		{"wet, two body points, ending beside a car (R15.5, R14.3)", Wet, 2, true,
			2.0 / 20 * 2.0 / 20, []int{20, 2, 2}, []int{20, 2, 3}},
	} {
		start := func(t *testing.T) *harness {
			cars := []CarPosition{fdrAt("start.1.1", 1).laps(1).set(Body, tc.body)}
			if tc.beside {
				cars = append(cars, fdrAt("start.2.1", 1))
			}
			h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Weather: tc.wx, Cars: cars})
			h.gear(1, 1)
			return h
		}
		t.Run(tc.name, func(t *testing.T) {
			h := start(t)
			wall := h.option("start.2.2", 1)
			require.Equal(t, 1, wall.Wall, "the move enters the wall lane")
			risk := h.g.EliminationRisk(h.pending(), wall)
			assert.InDelta(t, tc.risk, risk, 1e-12)
			facts := h.g.OptionFacts(h.pending(), wall)
			if tc.risk > 0 {
				assert.Contains(t, facts, phrase.New("fact.risk", phrase.Percent(risk)), "the facts say the same figure")
			} else {
				for _, f := range facts {
					assert.NotEqual(t, "fact.risk", f.Key, "no risk shown")
				}
			}
			if !tc.beside {
				inside := h.option("start.2.1", 1)
				require.Zero(t, inside.Wall)
				assert.Zero(t, h.g.EliminationRisk(h.pending(), inside), "the inside lane: no test")
			}
		})
		if tc.losing != nil {
			t.Run(tc.name+": the losing rolls eliminate", func(t *testing.T) {
				h := start(t)
				h.moveN("start.2.2", 1, tc.losing...)
				assert.Equal(t, Eliminated, h.car(1).Status, "events:\n%s", h.dump())
			})
		}
		t.Run(tc.name+": the others do not", func(t *testing.T) {
			h := start(t)
			h.moveN("start.2.2", 1, tc.keeping...)
			assert.Equal(t, Racing, h.car(1).Status, "events:\n%s", h.dump())
		})
	}
}

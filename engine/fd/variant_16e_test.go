package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 16-E, hooks Declaration/DeclaredRoll/MoveLimit (the gear decision, the
// roll, the end-of-play engine tests): a supercharge declared with 5th
// ("5C") adds 3 spaces on 16–20, and the car tests its engine after the
// move, 1–4, whatever the roll and the weather.
func TestVariant16ESupercharging(t *testing.T) {
	c := fdrLab(t)
	cars := func() []CarPosition { return []CarPosition{fdrAt("long.2.1", 4), fdrAt("long.0.0", 1)} }
	h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars()})
	assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "without 16-E plain gears")
	h.gear(5, 17)
	assert.Equal(t, 17, farthestPath(h))

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-E"), Position{Round: 1, Cars: cars()})
	var marks []string
	// "C", the supercharge's letter a player writes after the gear ("5C")
	for _, op := range h.find(func(op Option) bool { return op.Declared() == "C" }) {
		marks = append(marks, op.Letter)
	}
	assert.Equal(t, []string{"5C", "4C"}, marks, "4th to 6th: from 4th, 5th and 4th (3rd is not)")
	h.submit(Order{Car: 1, Letter: "5C"}, 17)
	assert.Equal(t, 20, farthestPath(h), "17 in 5th: 3 spaces more, compulsory")
	assert.Empty(t, h.find(func(op Option) bool { return len(op.Path) == 17 && op.Braked == 0 }), "the bonus is not optional")
	h.pick(func(op Option) bool { return len(op.Path) == 20 && op.Braked == 0 }, 4) // the engine test fails on 4
	evs := h.since()
	assert.Contains(t, evs, "supercharge car=1")
	assert.Contains(t, evs, "supercharge-bonus car=1 spaces=3")
	assert.Contains(t, evs, "order car=1 choose=5C")
	assert.Contains(t, evs, "roll play=1 car=1 for=engine n=0 die=black value=4")
	assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "1–4 fails")
	assert.Empty(t, kinds(evs, "engine-test"), "no global test: 17 is no 20")

	t.Run("a low roll: no bonus, still the test", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-E"), Position{Round: 1, Cars: cars()})
		h.submit(Order{Car: 1, Letter: "5C"}, 12)
		assert.Equal(t, 12, farthestPath(h))
		h.pick(func(op Option) bool { return len(op.Path) == 12 && op.Braked == 0 }, 5)
		evs := h.since()
		assert.Empty(t, kinds(evs, "supercharge-bonus"))
		assert.Contains(t, evs, "roll play=1 car=1 for=engine n=0 die=black value=5")
		assert.Equal(t, fdrDefaultBuild()[Engine], h.car(1).Wear[Engine], "5 passes 1–4")
	})
	t.Run("a 20: its own test on 1–6 replaces its part in the global tests (AMB-36)", func(t *testing.T) {
		p := []CarPosition{fdrAt("long.2.1", 4), fdrAt("long.0.0", 5)}
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-E"), Position{Round: 1, Cars: p})
		h.submit(Order{Car: 1, Letter: "5C"}, 20)
		h.since()
		h.pick(func(op Option) bool { return len(op.Path) == 23 && op.Braked == 0 }, 10, 6) // car 2's global test, then car 1's 1–6
		var rollers []string
		for _, e := range kinds(h.since(), "roll") {
			rollers = append(rollers, strings.Fields(e)[2]+" "+strings.Fields(e)[3])
		}
		assert.Equal(t, []string{"car=2 for=engine", "car=1 for=engine"}, rollers, "the other car tests; the roller once, its own")
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "6 fails 1–6")
	})
	t.Run("a 6-C box reads the raw d20 (AMB-01)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-C:box=B61", "16-E"), Position{Round: 1, Cars: cars()})
		h.submit(Order{Car: 1, Letter: "5C"}, 11) // B61 5th: R 11 gives 15, under 16
		assert.Equal(t, 18, farthestPath(h), "R ≥ 11: 15 + 3")
	})
	t.Run("not from the pit lane, nor into it", func(t *testing.T) {
		// in the pit lane the one gear left (R19.7) is played at once: no
		// supercharge was offered
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-E"), Position{Round: 1, Cars: []CarPosition{fdrAt("pit.3", 4).flag("pitting")}}, 15)
		assert.NotContains(t, strings.Join(h.since(), "\n"), "supercharge")
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-E"), Position{Round: 1, Cars: []CarPosition{fdrAt("four.2.0", 3)}})
		require.NotEmpty(t, h.find(func(op Option) bool { return op.Letter == "4C" }))
		h.submit(Order{Car: 1, Letter: "4C"}, 12)
		assert.Empty(t, h.find(func(op Option) bool { return op.Pit }), "a supercharged move does not enter the pit lane")
	})
}

// farthestPath is the longest move of the pending decision.
func farthestPath(h *harness) int {
	n := 0
	for _, op := range h.pending().Options {
		n = max(n, len(op.Path))
	}
	return n
}

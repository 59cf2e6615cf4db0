package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineRollers lists "car=N" of each engine-test roll among evs, in order.
func engineRollers(evs []string) []string {
	var out []string
	for _, e := range kinds(evs, "roll") {
		if f := strings.Fields(e); len(f) > 3 && f[3] == "for=engine" {
			out = append(out, f[2])
		}
	}
	return out
}

// 6-D, hook ExtraGear (the gear decision, the roll, the end-of-play engine
// tests): from 6th a car may shift into 7th, which rolls the 5th and the
// 6th dice and moves their sum; without 6-D there is no 7th gear.
func TestVariant6DSeventhGear(t *testing.T) {
	c := fdrLab(t)
	cars := func() []CarPosition { return []CarPosition{fdrAt("c.0.1", 6), fdrAt("long.0.0", 5)} }

	h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars()})
	assert.Equal(t, []int{6, 5, 4, 3, 2}, h.gears(), "without 6-D the top gear is 6th")
	err := h.g.Submit(Order{Car: 1, Gear: 7}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "there is no gear 7: a car has 6 (R6.1)")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: cars()})
	assert.Equal(t, []int{7, 6, 5, 4, 3, 2}, h.gears(), "6-D: 7th from 6th")
	h.gear(7, 15, 25) // the 5th die, then the 6th
	assert.Equal(t, 40, farthestPath(h), "15 + 25")
	evs := h.since()
	assert.Contains(t, evs, "roll play=1 car=1 for=gear n=0 die=d20 value=15")
	assert.Contains(t, evs, "roll play=1 car=1 for=gear n=1 die=d30 value=25")
	assert.Contains(t, evs, "seventh-gear car=1 fifth=15 sixth=25 value=40 tests=1")
	h.pick(func(op Option) bool { return len(op.Path) == 40 && op.Braked == 0 }, 4) // its one test fails on 4
	assert.Equal(t, []string{"car=1"}, engineRollers(h.since()), "one test, the roller's: no 20 or 30, the car in 5th does not test")
	assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "1–4 fails")

	t.Run("a 20 alone: one more test, still none for the others (league AMB-22)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: cars()})
		h.gear(7, 20, 21)
		assert.Contains(t, h.since(), "seventh-gear car=1 fifth=20 sixth=21 value=41 tests=2")
		h.pick(func(op Option) bool { return len(op.Path) == 41 && op.Braked == 0 }, 10, 10)
		assert.Equal(t, []string{"car=1", "car=1"}, engineRollers(h.since()))
	})
	t.Run("a 20 and a 30: three tests, and every other car from 5th up tests once (league AMB-22)", func(t *testing.T) {
		p := append(cars(), fdrAt("long.2.0", 3))
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: p})
		h.gear(7, 20, 30)
		assert.Contains(t, h.since(), "seventh-gear car=1 fifth=20 sixth=30 value=50 tests=3")
		h.pick(func(op Option) bool { return op.Braked == 2 && !op.Eliminated }, 10, 10, 10, 10)
		assert.Equal(t, []string{"car=2", "car=1", "car=1", "car=1"}, engineRollers(h.since()),
			"car 2 in 5th once, car 3 in 3rd not, the roller three times")
	})
	t.Run("a 6-C box: each die's raw 19 or 20 is its top face (AMB-01)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-C", "6-D"), Position{Round: 1, Cars: cars()})
		h.gear(7, 19, 5) // B60: 5th R19 = 20, 6th R5 = 23
		assert.Contains(t, h.since(), "seventh-gear car=1 fifth=20 sixth=23 value=43 tests=2")
	})
	t.Run("a car in 7th tests when another car's 20 in 5th calls the tests", func(t *testing.T) {
		p := []CarPosition{fdrAt("long.0.0", 5), fdrAt("c.0.1", 7)}
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: p})
		h.gear(5, 20)
		h.pick(func(op Option) bool { return len(op.Path) == 20 && op.Braked == 0 }, 10, 10)
		assert.ElementsMatch(t, []string{"car=1", "car=2"}, engineRollers(h.since()))
	})
	t.Run("down from 7th: the complete rules' gas costs, 7th the top gear", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: []CarPosition{fdrAt("c.0.1", 7)}})
		assert.Equal(t, []int{7, 6, 5, 4, 3}, h.gears(), "up to four gears down, none above 7th")
	})
}

// sevenLabTrack has a straight long enough for 7th (50 spaces and more);
// no embedded circuit has one (league-variants.md §6(c): 7th "breaks the
// board's scale").
const sevenLabTrack = `circuit sevenlab
name "Seventh Lab"
description "Two straights of 60 and 70 spaces for the seventh gear."
lanes 3
laps 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 60 id=long
corner "One" right stops=1 angle=90 radius=6 id=one
straight 8 id=b
corner "Two" right stops=1 angle=90 radius=6 id=two
straight 70 id=c
corner "Three" right stops=1 angle=90 radius=6 id=three
straight 8 id=d
corner "Four" right stops=1 angle=90 radius=6 id=four
straight 10 id=home
`

// 6-D, the autopilot: 7th pays where the straight is long enough for its
// 32–50 spaces, and not where the corner ahead is nearer (the embedded
// circuits' straights are 21 spaces at most: there it keeps to 6th).
func TestVariant6DAutopilot(t *testing.T) {
	c := inlineTrack(t, sevenLabTrack)
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 6)}})
	o, ok := Autopilot(h.g)
	require.True(t, ok)
	assert.Equal(t, 7, o.Gear, "room for 50: 7th")

	lab := fdrLab(t)
	h = fdrPlayCfg(t, lab, fdrVariantCfg(t, "6-D"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 6)}})
	o, ok = Autopilot(h.g)
	require.True(t, ok)
	assert.Equal(t, 6, o.Gear, "32 spaces to the corner: 7th would overshoot it")
}

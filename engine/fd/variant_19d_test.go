package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// untilCar1 plays car 2's plays (first option, the die as given) until car
// 1 has a decision, and returns the events meanwhile.
func untilCar1(t *testing.T, h *harness) []string {
	t.Helper()
	var evs []string
	for range 6 {
		d := h.pending()
		if d.Car == 1 {
			return append(evs, h.since()...)
		}
		switch d.Kind {
		case DecideGear:
			h.submit(Order{Car: 2, Gear: d.Options[len(d.Options)-1].Gear}, 1)
		default:
			h.submit(Order{Car: 2, Letter: d.Options[0].Letter})
		}
		evs = append(evs, h.since()...)
	}
	require.Fail(t, "car 1 never plays again")
	return nil
}

// 19-D: a long stop repairing too much holds the car in its pit
// (PitStopRule): 4 points one more game turn for sure, 3 unless a
// quick-stop roll succeeds (league AMB-03, AMB-40). 19-E's free points on
// top of the pit points make the repairs; the base never repairs more
// than the 2 pit points (R19.17).
func TestVariant19DExcessiveRepair(t *testing.T) {
	// four points lost among brakes, body and engine; 2 pit points
	car := worn(Wear{9, 1, 2, 1, 1, 2}, 2)
	stop := func(t *testing.T, specs []string, repaired int, rolls ...int) []string {
		t.Helper()
		h, d := intoThePit(t, fdrVariantCfg(t, specs...), car)
		op := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == repaired })
		h.submit(Order{Car: 1, Letter: op.Letter}, rolls...)
		evs := append(h.since(), untilCar1(t, h)...)
		require.Equal(t, DecideGear, h.pending().Kind, "car 1 leaves its pit")
		assert.Equal(t, []int{4, 3, 2}, h.gears(), "from a long stop (R19.17)")
		return evs
	}
	pack := []string{"19-E:pit_repairs_too=yes", "19-D"}

	t.Run("without 19-D: four points and away at the next play", func(t *testing.T) {
		evs := stop(t, pack[:1], 4)
		assert.Empty(t, kinds(evs, "pit-held"))
		assert.Empty(t, kinds(evs, "pit-wait"))
	})
	t.Run("4 points: one more turn in the pit", func(t *testing.T) {
		evs := stop(t, pack, 4)
		assert.Contains(t, evs, "pit-held car=1 repaired=4")
		assert.Contains(t, evs, "pit-wait car=1", "its next play passes in the pit")
	})
	t.Run("3 points, the quick-stop roll missed: one more turn", func(t *testing.T) {
		evs := stop(t, pack, 3, 11)
		assert.Contains(t, evs, "pit-held car=1 repaired=3")
		assert.Contains(t, evs, "pit-wait car=1")
	})
	t.Run("3 points, the quick-stop roll made: away at the next play", func(t *testing.T) {
		evs := stop(t, pack, 3, 10)
		assert.Empty(t, kinds(evs, "pit-held"))
		assert.Empty(t, kinds(evs, "pit-wait"))
	})
	t.Run("2 points: no roll", func(t *testing.T) {
		evs := stop(t, pack, 2)
		assert.Empty(t, kinds(evs, "pit-held"))
	})
	t.Run("counts=pit: the free points do not count (league AMB-40 literally)", func(t *testing.T) {
		evs := stop(t, []string{"19-E:pit_repairs_too=yes", "19-D:counts=pit"}, 4)
		assert.Empty(t, kinds(evs, "pit-held"), "only 2 paid from the pit points")
	})
	t.Run("19-C's refill is no repair", func(t *testing.T) {
		dry := worn(Wear{9, 2, 0, 1, 2, 2}, 0) // 2 gas, a brake and a body point lost
		h, d := intoThePit(t, fdrVariantCfg(t, "19-C", "19-D", "19-E"), dry)
		op := pitOption(t, d, func(op Option) bool { return op.Repair == Wear{Brakes: 1, Gearbox: 2, Body: 1} })
		h.submit(Order{Car: 1, Letter: op.Letter})
		assert.Empty(t, kinds(h.since(), "pit-held"), "2 repairs and 2 gas refilled")
	})
	t.Run("a held car in a position", func(t *testing.T) {
		h, d := intoThePit(t, fdrVariantCfg(t, pack...), car)
		op := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == 4 })
		h.submit(Order{Car: 1, Letter: op.Letter})
		p := h.g.Position()
		assert.Contains(t, p.Cars[0].Flags, "pit-held")
		g, err := NewGame("again", h.g.Config, h.c, 2)
		require.NoError(t, err)
		require.NoError(t, g.StartFrom(p, nil))
		assert.True(t, positionSays(t, g, 1, "pit-held"), "read back, the car is still held: its position says so again")
	})
}

// 19-D's facts: the long stop's option says what its repairs will cost,
// as the stop judges them (PitStopRules.excess): 4 points one more turn,
// 3 a quick-stop roll, 2 nothing; without 19-D nothing either.
func TestVariant19DPitOptionFacts(t *testing.T) {
	car := worn(Wear{9, 1, 2, 1, 1, 2}, 2)
	for _, tc := range []struct {
		name     string
		specs    []string
		repaired int
		want     string
		arg      int
	}{
		{"4 points: one more turn", []string{"19-E:pit_repairs_too=yes", "19-D"}, 4, "fact.excess-held", 4},
		{"3 points: a quick-stop roll", []string{"19-E:pit_repairs_too=yes", "19-D"}, 3, "fact.excess-roll", 3},
		{"2 points: nothing said", []string{"19-E:pit_repairs_too=yes", "19-D"}, 2, "", 0},
		{"without 19-D: nothing said", []string{"19-E:pit_repairs_too=yes"}, 4, "", 0},
		{"counts=pit: the free points do not count", []string{"19-E:pit_repairs_too=yes", "19-D:counts=pit"}, 4, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, d := intoThePit(t, fdrVariantCfg(t, tc.specs...), car)
			op := pitOption(t, d, func(op Option) bool { return op.Technical && repairs(op) == tc.repaired })
			facts := h.g.OptionFacts(d, op)
			var said []string
			for _, f := range facts {
				if f.Key == "fact.excess-held" || f.Key == "fact.excess-roll" {
					said = append(said, f.Key)
					assert.Equal(t, []any{tc.arg}, f.Args)
				}
			}
			if tc.want == "" {
				assert.Empty(t, said)
			} else {
				assert.Equal(t, []string{tc.want}, said)
			}
		})
	}
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// worn is a car on home.0.0 in 2nd, a lap done, with pit points pit left
// and wear (the default build less what it lost), to drive into box.1.
func worn(wear Wear, pit int) CarPosition {
	car := fdrAt("home.0.0", 2).laps(1)
	car.Wear, car.Config, car.Pit = wear, fdrDefaultBuild(), pit
	return car
}

// intoThePit drives car 1 into box.1 (2nd gear, a 4, three spaces on) under
// cfg, car 2 behind it, and returns the pit decision (R19.14).
func intoThePit(t *testing.T, cfg Config, car CarPosition) (*harness, *Decision) {
	t.Helper()
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Weather: Fine, Cars: []CarPosition{car, fdrAt("long.20.1", 2)}})
	h.gear(2, 4)
	h.move("box.1")
	return h, h.expect(1, DecidePit)
}

// pitOption is the first option of a pit decision on hard tyres that ok
// accepts.
func pitOption(t *testing.T, d *Decision, ok func(Option) bool) Option {
	t.Helper()
	for _, op := range d.Options {
		if op.Tyre == Hard && ok(op) {
			return op
		}
	}
	require.Fail(t, "no such pit option", "%+v", d.Options)
	return Option{}
}

// repairs counts the points an option gives back, tyres aside.
func repairs(op Option) int {
	n := 0
	for cat, v := range op.Repair {
		if Category(cat) != Tyres {
			n += v
		}
	}
	return n
}

// 19-E: a long stop's two repairs are free (league AMB-62); the base takes
// them from the pit points (R19.17). PitStopRule.
func TestVariant19ELongStopRepairs(t *testing.T) {
	// the default build is 9/3/2/2/2/2 with 2 pit points; this car lost a
	// brake, a body and an engine point, and has no pit point left
	car := worn(Wear{9, 2, 2, 1, 1, 2}, 0)
	_, base := intoThePit(t, fdrConfig(), car)
	for _, op := range base.Options {
		assert.Zero(t, repairs(op), "R19.17: no pit point, no repair")
	}

	h, d := intoThePit(t, fdrVariantCfg(t, "19-E"), car)
	most := 0
	for _, op := range d.Options {
		most = max(most, repairs(op))
	}
	assert.Equal(t, 2, most, "19-E: two points free, never three")
	long := pitOption(t, d, func(op Option) bool { return op.Technical && op.Repair == Wear{Body: 1, Engine: 1} })
	h.submit(Order{Car: 1, Letter: long.Letter})
	assert.Equal(t, "9/2/2/2/2/2", h.wear(1))
	assert.Zero(t, h.g.pitPool[1], "no pit point spent")
	assert.Contains(t, h.since(), "pit-long car=1 pit=0")

	t.Run("the pit points stay for nothing unless added", func(t *testing.T) {
		car := worn(Wear{9, 1, 2, 1, 1, 2}, 2) // a brake point more lost, 2 pit points
		_, d := intoThePit(t, fdrVariantCfg(t, "19-E"), car)
		most := 0
		for _, op := range d.Options {
			most = max(most, repairs(op))
		}
		assert.Equal(t, 2, most, "AMB-62: not additive")

		h, d := intoThePit(t, fdrVariantCfg(t, "19-E:pit_repairs_too=yes"), car)
		four := pitOption(t, d, func(op Option) bool { return repairs(op) == 4 })
		h.submit(Order{Car: 1, Letter: four.Letter})
		assert.Equal(t, "9/3/2/2/2/2", h.wear(1))
		assert.Zero(t, h.g.pitPool[1], "two free, then two from the pit points")
	})
	t.Run("bad parameters are refused with a sentence", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-E:free_repairs=0"), "free_repairs is a number of points from 1 to 5")
		assert.ErrorContains(t, cfg.EnableVariant("19-E:pit_repairs_too=maybe"), `pit_repairs_too="maybe" must be one of no, yes`)
	})
}

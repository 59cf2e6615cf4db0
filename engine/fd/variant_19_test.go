package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pitCars: car 2 in the pit lane ahead of car 1, both heading for a box
// further on (car 1 box 8, entered from pit.8; car 2 box 10).
func pitCars() []CarPosition {
	c1 := fdrAt("pit.1", 3).flag("pitting")
	c1.Box = 8
	c2 := fdrAt("pit.4", 3).flag("pitting")
	c2.Box = 10
	return []CarPosition{c1, c2}
}

// 19-B: no blocking in the pit lane. Car 2 stops on pit.8; car 1 rolls 8,
// enough for its box past car 2: under the competition rules it waits
// behind car 2 (R19.4), under 19-B it drives through to box 8.
func TestVariant19BPitLaneOvertaking(t *testing.T) {
	c := fdrLab(t)
	ends := func(cfg Config) []string {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: pitCars()})
		h.gear(3, 4) // car 2 plays first: it is further along the lane (R19.19)
		h.moveN("pit.8", 4)
		require.Equal(t, 1, h.pending().Car)
		h.gear(3, 8)
		return h.ends()
	}
	base := ends(fdrConfig())
	assert.Equal(t, "pit.7", base[0], "R19.4: behind car 2, at no cost")
	assert.NotContains(t, base, "box.8")
	assert.NotContains(t, base, "pit.8")
	assert.Contains(t, ends(fdrVariantCfg(t, "19-B")), "box.8", "19-B: through the pit lane to its box")

	t.Run("two cars on one pit-lane space", func(t *testing.T) {
		p := Position{Round: 1, Cars: pitCars()}
		p.Cars[0].Space = "pit.4"
		g, err := NewGame("share", fdrVariantCfg(t, "19-B"), c, 2)
		require.NoError(t, err)
		p.Cars[0].Car, p.Cars[1].Car = 1, 2
		_ = g.StartFrom(p, nil)
		assert.Equal(t, g.Cars[0].Space, g.Cars[1].Space, "19-B: they share pit.4")
		g, _ = NewGame("share", fdrConfig(), c, 2)
		assert.ErrorContains(t, g.StartFrom(p, nil), "both on pit.4")
	})
}

// 19-H: in the pits no over-rev cost, no engine tests called, no brake
// point spent.
func TestVariant19HRulesSuspendedInThePits(t *testing.T) {
	c := fdrLab(t)
	gearCost := func(cfg Config) Wear {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("pit.10", 5).laps(1)}})
		for _, op := range h.pending().Options {
			if op.Gear == 3 {
				return op.Cost
			}
		}
		t.Fatalf("no 3rd gear offered: %v", h.gears())
		return Wear{}
	}
	assert.Equal(t, 1, gearCost(fdrConfig())[Gearbox], "T2: 5th to 3rd skips a gear, 1 gas")
	assert.Equal(t, Wear{}, gearCost(fdrVariantCfg(t, "19-H")), "19-H: no over-rev in the pit lane")

	// a 20 in 5th rolled by a car leaving the pit lane: R19.3 calls the
	// engine tests, 19-H does not
	engineTests := func(cfg Config, rolls ...int) []string {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("pit.10", 5).laps(1), fdrAt("long.20.1", 4).laps(1)}})
		h.gear(4, 7) // car 2, the leader, plays first
		h.moveN("long.27.1", 7)
		h.gear(5, 20)
		far := 0
		for _, op := range h.pending().Options {
			far = max(far, len(op.Path))
		}
		h.pick(func(op Option) bool { return len(op.Path) == far && op.Braked == 0 }, rolls...)
		return kinds(eventLines(h.g), "engine-test")
	}
	assert.NotEmpty(t, engineTests(fdrConfig(), 10), "R19.3: from the pit lane too")
	assert.Empty(t, engineTests(fdrVariantCfg(t, "19-H")), "19-H: no engine rule in the pits")

	// braking into the pit lane: 1 brake point to stop on pit.6 under the
	// competition rules (R11); no brake point is spent in the pits under 19-H
	brakedInPits := func(cfg Config) int {
		car := fdrAt("home.0.0", 3).laps(1)
		car.Box = 10
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{car}})
		h.gear(3, 8)
		n := 0
		for _, op := range h.pending().Options {
			if op.Pit && op.Cost[Brakes] > 0 {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 3, brakedInPits(fdrConfig()), "pit.6, pit.5, pit.4 for 1, 2, 3 brake points")
	assert.Zero(t, brakedInPits(fdrVariantCfg(t, "19-H")))
}

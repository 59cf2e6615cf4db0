package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 6-B, hook Declaration/ChosenMove (the gear decision): once a race the
// driver declares his Super Top with the gear ("5S") and picks the move
// among the faces of the gear's die; no die is rolled, so a 30 chosen in
// 6th calls no engine test (AMB-20). Spent, it is gone for the race.
func TestVariant6BSuperTopChosenMove(t *testing.T) {
	c := fdrLab(t)
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 4)}})
	// "S", the Super Top's letter a player writes after the gear ("5S")
	st := h.find(func(op Option) bool { return op.Declared() == "S" })
	require.NotEmpty(t, st, "6-B: the gears again with the Super Top")
	for _, op := range st {
		assert.Equal(t, itoa(op.Gear)+"S", op.Letter)
	}
	h.submit(Order{Car: 1, Letter: "5S"}) // no roll scripted: none is made
	d := h.expect(1, DecideMove)
	lengths := map[int]bool{}
	for _, op := range d.Options {
		if op.Braked == 0 && op.Blocked == 0 {
			lengths[len(op.Path)] = true
		}
	}
	for n := 11; n <= 20; n++ {
		assert.True(t, lengths[n], "every face of the 5th-gear die, free: %d", n)
	}
	assert.False(t, lengths[10] || lengths[21], "only the gear's faces")
	h.pick(func(op Option) bool { return len(op.Path) == 14 && op.Braked == 0 })
	evs := h.since()
	assert.Contains(t, evs, "super-top car=1 use=move")
	assert.Contains(t, evs, "order car=1 choose=5S", "the record names the declaration")
	assert.Empty(t, kinds(evs, "roll"), "no die rolled")
	assert.True(t, positionSays(t, h.g, 1, "super-top-used"))
	assert.Contains(t, h.g.Position().Events()[1].String(), "super-top-used", "a position carries the spent Super Top")
	assert.Empty(t, h.find(func(op Option) bool { return op.Declared() != "" }), "one Super Top a race")

	t.Run("a chosen 30 calls no engine test", func(t *testing.T) {
		run := func(cfg Config, order Order, rolls ...int) []string {
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 5)}})
			h.submit(order, rolls...)
			h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 }, 10) // without: the engine test's roll
			return h.since()
		}
		without := run(fdrConfig(), Order{Car: 1, Gear: 6}, 30)
		assert.NotEmpty(t, kinds(without, "engine-test"), "R16.1: a rolled 30 calls the engine tests")
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 5)}})
		h.submit(Order{Car: 1, Letter: "6S"})
		h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 })
		assert.Empty(t, kinds(h.since(), "engine-test"), "6-B, AMB-20: a chosen 30 is no roll")
		assert.Equal(t, "long.32", h.space(1)[:7])
	})
	t.Run("not in qualifying, and refused parameters", func(t *testing.T) {
		cfg := fdrConfig()
		err := cfg.EnableVariant("6-B:save=maybe")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "must be one of yes, no")
	})
}

// 6-B, hook LastPointSave (fdrLose): a Super Top still held cancels the
// engine point that would blow the engine — the car keeps its last point
// and no sticker is placed; without 6-B the engine blows. Spent on a move,
// it saves nothing.
func TestVariant6BSuperTopSavesTheLastPoint(t *testing.T) {
	c := fdrLab(t)
	race := func(cfg Config, flags ...string) *harness {
		p := fdrAt("long.2.1", 5)
		p.Wear[Engine] = 1
		p.Flags = append(p.Flags, flags...)
		// car 2, behind, plays next: the turn stops at its gear
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{p, fdrAt("long.0.0", 2)}})
		h.gear(6, 30)
		h.pick(func(op Option) bool { return len(op.Path) == 30 && op.Braked == 0 }, 3) // the engine test fails
		return h
	}
	h := race(fdrConfig())
	assert.Contains(t, strings.Join(h.since(), "\n"), "engine-blown car=1")
	assert.NotEmpty(t, h.debris(), "R16.3: a sticker")

	h = race(fdrVariantCfg(t, "6-B"))
	evs := h.since()
	assert.Contains(t, evs, "super-top car=1 use=save kept=engine")
	assert.NotContains(t, strings.Join(evs, "\n"), "engine-blown")
	assert.Equal(t, 1, h.car(1).Wear[Engine], "the last point kept")
	assert.Empty(t, inertiaOf(t, h.g, 1), "no inertia")
	assert.Empty(t, h.debris(), "no sticker for a saved point")
	assert.True(t, positionSays(t, h.g, 1, "super-top-used"), "a position carries the spent Super Top")

	h = race(fdrVariantCfg(t, "6-B"), "super-top-used")
	assert.Contains(t, strings.Join(h.since(), "\n"), "engine-blown car=1", "spent already: no save")
	h = race(fdrVariantCfg(t, "6-B:save=no"))
	assert.Contains(t, strings.Join(h.since(), "\n"), "engine-blown car=1", "save=no: the move only")
}

// 6-B with 6-A (the spec pairs them): a rolled move still offers the Top;
// a Super Top move offers none — every length of the gear is the
// player's already — and leaves the lap's Top for a later move.
func TestVariant6BWithTheTop(t *testing.T) {
	c := fdrLab(t)
	cfg := fdrVariantCfg(t, "6-A", "6-B")
	h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 4)}})
	h.submit(Order{Car: 1, Letter: "4S"})
	assert.Empty(t, h.find(func(op Option) bool { return op.Top != 0 }), "no Top on a Super Top move")
	h.pick(func(op Option) bool { return len(op.Path) == 12 && op.Braked == 0 })
	assert.False(t, positionSays(t, h.g, 1, "top-used"))
	h.gear(4, 10)
	assert.NotEmpty(t, h.find(func(op Option) bool { return op.Top == 1 }), "the lap's Top on the rolled move")
}

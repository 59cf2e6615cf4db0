package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// intoThePitIn plays car 1 from home.0.0, in gear from, into gear gear
// with roll under cfg, and returns the harness at its move decision; box.1
// is three spaces on, through the pit-lane entry.
func intoThePitIn(t *testing.T, cfg Config, from, gear, roll int) *harness {
	t.Helper()
	car := fdrAt("home.0.0", from).laps(1)
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Weather: Fine, Cars: []CarPosition{car, fdrAt("long.20.1", 2)}})
	h.gear(gear, roll)
	return h
}

// pitEntries are the options of the pending move that end in the pits.
func pitEntries(h *harness) []Option { return h.find(func(op Option) bool { return op.Pit }) }

// 19-A: the pit-lane speed limit, through the PitLaneRule hook on the
// moves entering the pit lane and on the gears of a car in it; the base
// has none (R19.10: any move reaching the pit will do).
func TestVariant19APitLaneSpeedLimit(t *testing.T) {
	base := fdrConfig()
	a := fdrVariantCfg(t, "19-A")
	for _, tc := range []struct {
		name          string
		cfg           Config
		from, gear, n int
		entries       bool // a pit entry is offered
		brakes        int  // what it costs
	}{
		{"base, 5th: free", base, 4, 5, 12, true, 0},
		{"base, 6th: free", base, 5, 6, 22, true, 0},
		{"19-A(a), 4th: free", a, 4, 4, 8, true, 0},
		{"19-A(a), 5th: a brake point", a, 4, 5, 12, true, 1},
		{"19-A(a), 6th: forbidden", a, 5, 6, 22, false, 0},
		{"19-A(b), 2nd by choice: forbidden", fdrVariantCfg(t, "19-A:limit=b"), 2, 2, 4, false, 0},
		{"19-A(b), 3rd: free", fdrVariantCfg(t, "19-A:limit=b"), 2, 3, 6, true, 0},
		{"19-A(b), 5th: forbidden", fdrVariantCfg(t, "19-A:limit=b"), 4, 5, 12, false, 0},
		{"19-A(c) 5, 5th: free", fdrVariantCfg(t, "19-A:limit=c,max_gear=5"), 4, 5, 12, true, 0},
		{"19-A(c) 5, 6th: forbidden", fdrVariantCfg(t, "19-A:limit=c,max_gear=5"), 5, 6, 22, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := intoThePitIn(t, tc.cfg, tc.from, tc.gear, tc.n)
			entries := pitEntries(h)
			if !tc.entries {
				assert.Empty(t, entries)
				assert.NotEmpty(t, h.find(func(op Option) bool { return !op.Pit }), "the track stays open")
				return
			}
			require.NotEmpty(t, entries)
			for _, op := range entries {
				assert.Equal(t, tc.brakes, op.Cost[Brakes]-op.Braked, "%s", h.name(op.End))
			}
		})
	}

	t.Run("19-A(a): the brake point is paid on entering, the move as rolled", func(t *testing.T) {
		h := intoThePitIn(t, a, 4, 5, 12)
		before := h.car(1).Wear[Brakes]
		h.move("box.1")
		assert.Contains(t, h.since(), `wear car=1 brakes=-1 cause="speed limit in the pit lane: entered in 5th"`)
		assert.Equal(t, before-1, h.car(1).Wear[Brakes])
		h.expect(1, DecidePit)
	})
	t.Run("19-A(a): no brake point left, no entry in 5th", func(t *testing.T) {
		car := fdrAt("home.0.0", 4).laps(1)
		car.Wear[Brakes] = 0
		h := fdrPlayCfg(t, fdrLab(t), a, Position{Round: 1, Weather: Fine, Cars: []CarPosition{car, fdrAt("long.20.1", 2)}})
		h.gear(5, 12)
		assert.Empty(t, pitEntries(h))
	})
	t.Run("with 19-H and 19-B: the fine is no braking, the entry stays", func(t *testing.T) {
		// 19-H drops the options spending brake points on a move ending in
		// the pits; 19-A's brake point is a fine, judged after it
		h := intoThePitIn(t, fdrVariantCfg(t, "19-A", "19-B", "19-H"), 4, 5, 12)
		entries := pitEntries(h)
		require.NotEmpty(t, entries)
		for _, op := range entries {
			assert.Equal(t, 1, op.Cost[Brakes], "%s", h.name(op.End))
			assert.Zero(t, op.Braked, "19-H: no braking into the pits")
		}
	})
	t.Run("in the pit lane: the gears within the limit", func(t *testing.T) {
		gears := func(cfg Config) []int {
			car := fdrAt("pit.1", 4).laps(1).flag("pitting") // box.1 is near: every gear reaches it (R19.7)
			h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: []CarPosition{car}})
			h.expect(1, DecideGear)
			return h.gears()
		}
		assert.Equal(t, []int{5, 4, 3, 2, 1}, gears(base), "R19.10: no limit")
		assert.Equal(t, []int{5, 4, 3, 2, 1}, gears(a), "19-A(a): 5th still, at the price paid on entering; never 6th")
		assert.Equal(t, []int{4, 3}, gears(fdrVariantCfg(t, "19-A:limit=b")))
		assert.Equal(t, []int{4, 3, 2, 1}, gears(fdrVariantCfg(t, "19-A:limit=c,max_gear=4")))
	})
	t.Run("a gear refused in the pit lane says why", func(t *testing.T) {
		car := fdrAt("pit.1", 4).laps(1).flag("pitting")
		h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "19-A:limit=b"), Position{Round: 1, Cars: []CarPosition{car}})
		h.expect(1, DecideGear)
		err := h.g.Submit(Order{Car: 1, Gear: 5}, nil)
		assert.ErrorContains(t, err, "speed limit in the pit lane")
	})
	t.Run("bad parameters are refused with a sentence", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("19-A:limit=c,max_gear=3"), "max_gear is the highest gear in the pit lane, 4 or 5")
		assert.ErrorContains(t, cfg.EnableVariant("19-A:limit=d"), "must be one of a, b, c")
	})
}

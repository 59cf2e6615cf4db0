package fdr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// §7-3-7, R15.6, R7.7: one option per end and length would hide a real
// choice. On the oval, with stickers on start.3.0 and start.3.1, a car on
// start.1.1 rolling 3 in 2nd reaches start.4.1 either through a sticker (a
// handling test) or along the wall lane (a body test): two options. The
// second way through a sticker costs and risks the same as the first: it
// is not offered twice.
func TestFDRWallOrDangerousSpaceAreTwoOptions(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	play := func(t *testing.T) *fdtest.Harness {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("start.1.1", 2)}, []string{"start.3.0", "start.3.1"})
		h.Gear(2, 3)
		return h
	}
	to := func(h *fdtest.Harness) []fd.Option {
		return h.Find(func(op fd.Option) bool { return h.Name(op.End) == "start.4.1" && len(op.Path) == 3 })
	}
	h := play(t)
	ops := to(h)
	require.Len(t, ops, 2, "%s", h.Describe(h.Pending()))
	var sticker, wall fd.Option
	for _, op := range ops {
		if op.Wall > 0 {
			wall = op
		} else {
			sticker = op
		}
	}
	assert.Equal(t, 1, sticker.Dangerous)
	assert.Zero(t, sticker.Wall)
	assert.Equal(t, 1, wall.Wall)
	assert.Zero(t, wall.Dangerous)
	assert.NotEqual(t, sticker.Letter, wall.Letter)

	t.Run("along the wall: a body test, no handling test (R15.2)", func(t *testing.T) {
		h := play(t)
		op := h.Pick(func(op fd.Option) bool { return h.Name(op.End) == "start.4.1" && len(op.Path) == 3 && op.Wall == 1 }, 1)
		evs := h.Since()
		assert.Len(t, fdtest.RolledFor(evs, "wall"), 1)
		assert.Empty(t, fdtest.RolledFor(evs, "handling"))
		assert.Equal(t, FDRDefaultBuild()[fd.Body]-1, h.Car(1).Wear[fd.Body], "a 1 at the wall costs a body point")
		assert.Equal(t, 0, op.Dangerous)
	})
	t.Run("through a sticker: a handling test, no body test (R17.2)", func(t *testing.T) {
		h := play(t)
		h.Pick(func(op fd.Option) bool {
			return h.Name(op.End) == "start.4.1" && len(op.Path) == 3 && op.Dangerous == 1
		}, 4)
		evs := h.Since()
		assert.Len(t, fdtest.RolledFor(evs, "handling"), 1)
		assert.Empty(t, fdtest.RolledFor(evs, "wall"))
		assert.Equal(t, FDRDefaultBuild()[fd.Handling]-1, h.Car(1).Wear[fd.Handling], "a 4 fails the dry handling test")
		assert.Equal(t, FDRDefaultBuild()[fd.Body], h.Car(1).Wear[fd.Body])
	})
}

// §7-3-7, R18.4, R15.2, R17.2: a slipstream too. On the oval's back
// straight, the follower ends on back.15.1 behind the leader on back.16.1;
// with stickers on back.17.0 and back.17.1 its slipstream reaches back.18.1
// through a sticker or along the wall lane: two options, each with its
// test.
func TestFDRSlipstreamWallOrDangerousSpace(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	play := func(t *testing.T) *fdtest.Harness {
		h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("back.4.1", 4), fdtest.FDRAt("back.9.1", 4)}, []string{"back.17.0", "back.17.1"})
		h.Gear(4, 7)
		h.MoveN("back.16.1", 7)
		h.Gear(4, 11)
		h.MoveN("back.15.1", 11)
		require.Equal(t, fd.DecideSlipstream, h.Expect(1, fd.DecideSlipstream).Kind)
		return h
	}
	h := play(t)
	ops := h.Find(func(op fd.Option) bool { return !op.Stop && h.Name(op.End) == "back.18.1" && len(op.Path) == 3 })
	require.Len(t, ops, 2, "%s", h.Describe(h.Pending()))
	var facts [][2]int
	for _, op := range ops {
		facts = append(facts, [2]int{op.Dangerous, op.Wall})
	}
	assert.ElementsMatch(t, [][2]int{{1, 0}, {0, 1}}, facts)

	t.Run("through the sticker", func(t *testing.T) {
		h := play(t)
		h.Pick(func(op fd.Option) bool { return h.Name(op.End) == "back.18.1" && op.Dangerous == 1 && op.Wall == 0 }, 10)
		evs := h.Since()
		assert.Len(t, fdtest.RolledFor(evs, "handling"), 1)
		assert.Empty(t, fdtest.RolledFor(evs, "wall"))
		assert.Equal(t, "back.18.1", h.Space(1))
	})
	t.Run("along the wall", func(t *testing.T) {
		h := play(t)
		h.Pick(func(op fd.Option) bool { return h.Name(op.End) == "back.18.1" && op.Wall == 1 && op.Dangerous == 0 }, 10)
		evs := h.Since()
		assert.Len(t, fdtest.RolledFor(evs, "wall"), 1)
		assert.Empty(t, fdtest.RolledFor(evs, "handling"))
		assert.Equal(t, "back.18.1", h.Space(1))
	})
}

// Under fdr too, a refused gear names the rule it breaks (R6.2, R13.2,
// R13.3, R13.8, R19.8), then lists what is legal; nothing is recorded.
func TestFDRRefusedGearNamesTheRule(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		name string
		car  fdtest.CarAt
		gear int
		rule string
	}{
		{"skip going up", fdtest.FDRAt("long.5.1", 3), 5, "R6.2"},
		{"6th to 1st", fdtest.FDRAt("long.5.1", 6), 1, "R13.3"},
		{"no gas point", fdtest.FDRAt("long.5.1", 5).WithPoints(fd.Gearbox, 0), 3, "R13.2"},
		{"no brake point for the skip", fdtest.FDRAt("long.5.1", 5).WithPoints(fd.Brakes, 0), 2, "R13.8"},
		{"gear 7", fdtest.FDRAt("long.5.1", 6), 7, "R6.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{tc.car}, nil)
			h.Expect(1, fd.DecideGear)
			before := len(h.G.Events)
			err := h.G.Submit(fd.Order{Car: 1, Gear: tc.gear}, dice.NewScripted())
			require.ErrorIs(t, err, fd.ErrIllegal)
			assert.Contains(t, err.Error(), tc.rule)
			assert.Contains(t, err.Error(), "legal: gear")
			assert.Len(t, h.G.Events, before, "nothing recorded")
		})
	}
}

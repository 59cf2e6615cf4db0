package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// fdrRolledFor lists the black-die rolls of events made for what.
func fdrRolledFor(evs []string, what string) []string {
	var out []string
	for _, e := range fdrKinds(evs, "roll") {
		if strings.Contains(e, " for="+what+" ") {
			out = append(out, e)
		}
	}
	return out
}

// R7.7 [7-2-3], R17.4 [17-1], [7-3-5]: the player chooses which dangerous
// spaces to treat as obstacles, any of them, not all or none. On FDR Lab's
// corner One, with stickers on one.1.2 and one.2.1, a car on long.27.1
// rolling 10 in 4th may reach one.2.2 in 10 spaces by going round one.1.2
// and through one.2.1: the shortest way with one.1.2 as an obstacle. With
// both as obstacles one.2.2 is out of reach in 10; with none the shortest
// way is 9 (through one.1.2, braking one).
func TestFDRR77ChooseWhichDangerousSpacesToAvoid(t *testing.T) {
	c := fdrLabCircuit(t)
	stickers := []string{"one.2.1", "one.1.2"}
	h := fdrStart(t, c, Fine, []fdrCar{fdrCarAt("long.27.1", 3)}, stickers)
	h.gear(4, 10)
	op := h.option("one.2.2", 10) // R7.7: avoids one.1.2, enters one.2.1
	assert.Equal(t, 1, op.Dangerous)
	assert.Zero(t, op.Braked)
	assert.Contains(t, op.Path, h.id("one.2.1"))
	assert.NotContains(t, op.Path, h.id("one.1.2"))
	braked := h.option("one.2.2", 9) // the shortest way, through one.1.2
	assert.Equal(t, 1, braked.Braked)
	assert.Contains(t, braked.Path, h.id("one.1.2"))

	// the all-or-none test (fd2008's R-MOV-05) would not offer it
	tt := &turn{car: h.car(1), start: h.car(1).Space, startCorner: -1}
	m := h.g.newMover(tt)
	m.subsets = false
	for _, e := range m.legalEnds(h.car(1).Space, 10, false) {
		if e.steps == 10 {
			assert.NotEqual(t, "one.2.2", h.name(e.path[len(e.path)-1]), "all-or-none reaches one.2.2 in 10")
		}
	}

	h.moveN("one.2.2", 10, 5) // the handling test of one.2.1 holds with a 5
	evs := h.since()
	assert.Len(t, fdrRolledFor(evs, "handling"), 1, "one test, for one.2.1 only:\n%s", strings.Join(evs, "\n"))
	assert.Equal(t, "one.2.2", h.space(1))
	assert.Equal(t, FDRDefaultBuild()[Handling], h.car(1).Wear[Handling])
}

// §7-3-7, R15.6, R7.7: one option per end and length would hide a real
// choice. On the oval, with stickers on start.3.0 and start.3.1, a car on
// start.1.1 rolling 3 in 2nd reaches start.4.1 either through a sticker (a
// handling test) or along the wall lane (a body test): two options. The
// second way through a sticker costs and risks the same as the first: it
// is not offered twice.
func TestFDRWallOrDangerousSpaceAreTwoOptions(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	play := func(t *testing.T) *fdrHarness {
		h := fdrStart(t, c, Fine, []fdrCar{fdrCarAt("start.1.1", 2)}, []string{"start.3.0", "start.3.1"})
		h.gear(2, 3)
		return h
	}
	to := func(h *fdrHarness) []Option {
		return h.find(func(op Option) bool { return h.name(op.End) == "start.4.1" && len(op.Path) == 3 })
	}
	h := play(t)
	ops := to(h)
	require.Len(t, ops, 2, "%s", h.describe(h.pending()))
	var sticker, wall Option
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
		op := h.pick(func(op Option) bool { return h.name(op.End) == "start.4.1" && len(op.Path) == 3 && op.Wall == 1 }, 1)
		evs := h.since()
		assert.Len(t, fdrRolledFor(evs, "wall"), 1)
		assert.Empty(t, fdrRolledFor(evs, "handling"))
		assert.Equal(t, FDRDefaultBuild()[Body]-1, h.car(1).Wear[Body], "a 1 at the wall costs a body point")
		assert.Equal(t, 0, op.Dangerous)
	})
	t.Run("through a sticker: a handling test, no body test (R17.2)", func(t *testing.T) {
		h := play(t)
		h.pick(func(op Option) bool { return h.name(op.End) == "start.4.1" && len(op.Path) == 3 && op.Dangerous == 1 }, 4)
		evs := h.since()
		assert.Len(t, fdrRolledFor(evs, "handling"), 1)
		assert.Empty(t, fdrRolledFor(evs, "wall"))
		assert.Equal(t, FDRDefaultBuild()[Handling]-1, h.car(1).Wear[Handling], "a 4 fails the dry handling test")
		assert.Equal(t, FDRDefaultBuild()[Body], h.car(1).Wear[Body])
	})
}

// §7-3-7: an option no better than another way to the same end in every
// cost and risk, and worse or later, is dropped; options that trade one
// risk for another both stay.
func TestFDRUndominated(t *testing.T) {
	a := Option{Letter: "A", End: 5, Path: []tracks.SpaceID{3, 4, 5}, Dangerous: 1}
	b := Option{Letter: "B", End: 5, Path: []tracks.SpaceID{2, 4, 5}, Wall: 1}
	c := Option{Letter: "C", End: 5, Path: []tracks.SpaceID{3, 1, 5}, Dangerous: 2}
	d := Option{Letter: "D", End: 5, Path: []tracks.SpaceID{2, 1, 5}, Dangerous: 1}
	e := Option{Letter: "E", End: 5, Path: []tracks.SpaceID{3, 4, 5}, Dangerous: 1, Braked: 1}
	var got []string
	for _, op := range undominated([]Option{a, b, c, d, e}) {
		got = append(got, op.Letter)
	}
	assert.Equal(t, []string{"A", "B", "E"}, got)
}

// §7-3-7, R18.4, R15.2, R17.2: a slipstream too. On the oval's back
// straight, the follower ends on back.15.1 behind the leader on back.16.1;
// with stickers on back.17.0 and back.17.1 its slipstream reaches back.18.1
// through a sticker or along the wall lane: two options, each with its
// test.
func TestFDRSlipstreamWallOrDangerousSpace(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	play := func(t *testing.T) *fdrHarness {
		h := fdrStart(t, c, Fine, []fdrCar{fdrCarAt("back.4.1", 4), fdrCarAt("back.9.1", 4)}, []string{"back.17.0", "back.17.1"})
		h.gear(4, 7)
		h.moveN("back.16.1", 7)
		h.gear(4, 11)
		h.moveN("back.15.1", 11)
		require.Equal(t, DecideSlipstream, h.expect(1, DecideSlipstream).Kind)
		return h
	}
	h := play(t)
	ops := h.find(func(op Option) bool { return !op.Stop && h.name(op.End) == "back.18.1" && len(op.Path) == 3 })
	require.Len(t, ops, 2, "%s", h.describe(h.pending()))
	var facts [][2]int
	for _, op := range ops {
		facts = append(facts, [2]int{op.Dangerous, op.Wall})
	}
	assert.ElementsMatch(t, [][2]int{{1, 0}, {0, 1}}, facts)

	t.Run("through the sticker", func(t *testing.T) {
		h := play(t)
		h.pick(func(op Option) bool { return h.name(op.End) == "back.18.1" && op.Dangerous == 1 && op.Wall == 0 }, 10)
		evs := h.since()
		assert.Len(t, fdrRolledFor(evs, "handling"), 1)
		assert.Empty(t, fdrRolledFor(evs, "wall"))
		assert.Equal(t, "back.18.1", h.space(1))
	})
	t.Run("along the wall", func(t *testing.T) {
		h := play(t)
		h.pick(func(op Option) bool { return h.name(op.End) == "back.18.1" && op.Wall == 1 && op.Dangerous == 0 }, 10)
		evs := h.since()
		assert.Len(t, fdrRolledFor(evs, "wall"), 1)
		assert.Empty(t, fdrRolledFor(evs, "handling"))
		assert.Equal(t, "back.18.1", h.space(1))
	})
}

// Under fdr too, a refused gear names the rule it breaks (R6.2, R13.2,
// R13.3, R13.8, R19.8), then lists what is legal; nothing is recorded.
func TestFDRRefusedGearNamesTheRule(t *testing.T) {
	c := fdrLabCircuit(t)
	for _, tc := range []struct {
		name string
		car  fdrCar
		gear int
		rule string
	}{
		{"skip going up", fdrCarAt("long.5.1", 3), 5, "R6.2"},
		{"6th to 1st", fdrCarAt("long.5.1", 6), 1, "R13.3"},
		{"no gas point", fdrCarAt("long.5.1", 5).set(Gearbox, 0), 3, "R13.2"},
		{"no brake point for the skip", fdrCarAt("long.5.1", 5).set(Brakes, 0), 2, "R13.8"},
		{"gear 7", fdrCarAt("long.5.1", 6), 7, "R6.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrStart(t, c, Fine, []fdrCar{tc.car}, nil)
			h.expect(1, DecideGear)
			before := len(h.g.Events)
			err := h.g.Submit(Order{Car: 1, Gear: tc.gear}, dice.NewScripted())
			require.ErrorIs(t, err, ErrIllegal)
			assert.Contains(t, err.Error(), tc.rule)
			assert.Contains(t, err.Error(), "legal: gear")
			assert.Len(t, h.g.Events, before, "nothing recorded")
		})
	}
}

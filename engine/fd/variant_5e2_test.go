package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rerollOption is the pending move decision's telemetry option, if any.
func rerollOption(h *harness) (Option, bool) {
	for _, op := range h.pending().Options {
		if op.Reroll {
			return op, true
		}
	}
	return Option{}, false
}

// 5-E2: the move decision offers, beside the moves, one new roll of the
// die (the MoveReroll hook); the new result stands and the point is
// spent. Car 1 in 5th rolls 11 on the lab's long straight, rerolls 17
// and moves 17 spaces; without 5-E2 there is no such option.
func TestVariant5E2TelemetryReroll(t *testing.T) {
	c := fdrLab(t)
	p := Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 5)}}

	h := fdrPlayCfg(t, c, fdrConfig(), p)
	h.gear(5, 11)
	_, offered := rerollOption(h)
	assert.False(t, offered, "without 5-E2: no reroll")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2"), p)
	h.gear(5, 11)
	op, offered := rerollOption(h)
	require.True(t, offered)
	assert.Empty(t, op.Path, "the reroll moves nothing")
	assert.Equal(t, 11, h.pending().Rolled)
	h.submit(Order{Car: 1, Letter: op.Letter}, 17)
	since := strings.Join(h.since(), "\n")
	assert.Contains(t, since, "telemetry car=1 was=11")
	assert.Contains(t, since, "roll play=1 car=1 for=gear n=1 die=d20 value=17", "the die rolled again, not the black die")
	d := h.expect(1, DecideMove)
	assert.Equal(t, 17, d.Rolled, "the new result stands")
	_, offered = rerollOption(h)
	assert.False(t, offered, "one reroll a race")
	assert.True(t, positionSays(t, h.g, 1, "telemetry-used"), "a position carries the spent reroll")
	h.moveN("c.17.1", 17)
	assert.Equal(t, "c.17.1", h.space(1))

	t.Run("spent, or a car without the point: no reroll", func(t *testing.T) {
		spent := fdrAt("c.0.1", 5)
		spent.Flags = append(spent.Flags, "telemetry-used")
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{spent}})
		h.gear(5, 11)
		_, offered := rerollOption(h)
		assert.False(t, offered, "the position's telemetry-used flag")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2:cars=0/1"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 5)}})
		h.gear(5, 11)
		_, offered = rerollOption(h)
		assert.False(t, offered, "cars=0/1: car 1 has no point")
	})

	t.Run("a rerolled 20 in 5th calls the engine tests (R16.1)", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2"), p)
		h.gear(5, 11)
		op, _ := rerollOption(h)
		h.submit(Order{Car: 1, Letter: op.Letter}, 20)
		h.moveN("c.20.1", 20, 20) // the engine test
		assert.Contains(t, strings.Join(h.since(), "\n"), "engine-test car=1")
	})

	t.Run("the autopilot rerolls a low roll in a fast gear", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2"), p)
		h.gear(5, 11)
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		op, _ := rerollOption(h)
		assert.Equal(t, op.Letter, o.Letter, "11 in 5th: the lowest quarter")

		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-E2"), p)
		h.gear(5, 17)
		o, ok = Autopilot(h.g)
		require.True(t, ok)
		assert.NotEqual(t, op.Letter, o.Letter, "17 in 5th: a move")
	})

	t.Run("5-E2 refuses cars it cannot read", func(t *testing.T) {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant("5-E2:cars=2/0"), "at most 1")
		assert.ErrorContains(t, cfg.EnableVariant("5-E2:cars=x"), "cars")
	})
}

// 5-E2's point is one of the 22 build points (FDR R5.2): it comes out of
// the pit points; the build decision offers only configurations leaving
// one, and a configuration of 22 on the car is refused with the reason.
func TestVariant5E2BuildPoint(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		kept int
	}{
		{"5-E2", fdrVariantCfg(t, "5-E2"), 1},
		{"without 5-E2", fdrConfig(), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame("5-E2", tc.cfg, fdrLab(t), 1)
			require.NoError(t, err)
			g.askSetup(1, DecideBuild)
			d := g.setupPending[1]
			require.NotEmpty(t, d.Options)
			for _, op := range d.Options {
				assert.Equal(t, BaseSpread.Total-op.Build.CarPoints()-tc.kept, op.Pits, "%v", op.Build)
			}
			full := Wear{10, 3, 2, 3, 2, 2}
			require.Equal(t, BaseSpread.Total, full.CarPoints(), "no pit point")
			err = submitBuild(g, 1, full)
			if tc.kept > 0 {
				assert.ErrorContains(t, err, "keeps 1 of its 22 build points for its telemetry point")
				assert.Empty(t, g.Events, "a refused build changes nothing")
			} else {
				assert.NoError(t, err)
			}
			require.NoError(t, submitBuild(g, 1, Wear{9, 3, 2, 2, 2, 2}))
			assert.Equal(t, 2-tc.kept, g.pitPool[1], "the pit points left")
		})
	}
}

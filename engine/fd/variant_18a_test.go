package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 18-A: one slipstream per play. Car 1 ends its move behind car 2, takes
// the slipstream to long.24.0, behind car 3: the base rules offer a second
// slipstream (R18 chaining), 18-A does not.
func TestVariant18ASingleSlipstream(t *testing.T) {
	c := fdrLab(t)
	cars := func() []CarPosition {
		return []CarPosition{fdrAt("long.10.1", 5).laps(1), fdrAt("long.22.1", 5), fdrAt("long.25.0", 5)}
	}
	play := func(cfg Config, rolls ...int) *harness {
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: cars()})
		h.gear(5, 11)
		h.moveN("long.21.1", 11)
		require.Equal(t, DecideSlipstream, h.pending().Kind)
		h.pick(func(op Option) bool { return !op.Stop && op.Braked == 0 && h.name(op.End) == "long.24.0" }, rolls...)
		return h
	}
	again := func(h *harness) bool {
		d := h.g.Pending()
		return d != nil && d.Car == 1 && d.Kind == DecideSlipstream
	}

	h := play(fdrConfig())
	assert.True(t, again(h), "the base rules: a second slipstream behind car 3")

	h = play(fdrVariantCfg(t, "18-A"), 20, 20) // the move ends: collision tests with car 3
	assert.False(t, again(h), "18-A: one slipstream a play")
	assert.Len(t, kinds(eventLines(h.g), "slipstream"), 1, "one slipstream driven")
	assert.Contains(t, eventLines(h.g), "turn play=2 car=3", "the play is over: car 3 plays next")
}

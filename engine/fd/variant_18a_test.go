package fd

import (
	"strings"
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

// 18-A is switched on by the record's header (`option variant.18-A=on`,
// written with the game): the record of the scene above, written out as
// text and parsed back, replays to the same lines with one slipstream;
// the same lines under a header without the option do not replay, since
// the base rules then wait for car 1's second slipstream where the record
// has car 3 play.
func TestVariant18AIsSwitchedOnByTheRecordHeader(t *testing.T) {
	c := fdrLab(t)
	cfg := fdrVariantCfg(t, "18-A")
	cars := []CarPosition{fdrAt("long.10.1", 5).laps(1), fdrAt("long.22.1", 5), fdrAt("long.25.0", 5)}
	h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: cars})
	h.gear(5, 11)
	h.moveN("long.21.1", 11)
	h.pick(func(op Option) bool { return !op.Stop && op.Braked == 0 && h.name(op.End) == "long.24.0" }, 20, 20)

	rec := &Record{Game: h.g.ID, Rules: cfg.Rules, Options: cfg.Options(), Track: c.ID, Cars: len(cars), Scripted: true, Events: h.g.Events}
	text := rec.Text()
	require.Contains(t, text, "option variant.18-A=on\n", "the header switches 18-A on")
	back, err := ParseRecord(text)
	require.NoError(t, err)
	again, err := Replay(back, c)
	require.NoError(t, err)
	assert.Equal(t, eventLines(h.g), eventLines(again), "the record replays line for line")
	assert.Len(t, kinds(eventLines(again), "slipstream"), 1, "one slipstream in the replay")

	base := strings.Replace(text, "option variant.18-A=on\n", "", 1)
	require.NotEqual(t, text, base)
	back, err = ParseRecord(base)
	require.NoError(t, err)
	_, err = Replay(back, c)
	if assert.Error(t, err, "without 18-A in the header the same lines are not this race") {
		t.Log(err)
	}
}

package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
)

// 16-B, hook DistanceModifier/PricedModifier (the move's ±1 chain): once
// a lap, after the roll, one space more for an engine point paid at the
// end of the move, with no sticker; spent, it is gone until the line.
func TestVariant16BPedalToTheMetal(t *testing.T) {
	c := fdrLab(t)
	pedalled := func(h *harness) []Option { return h.find(func(op Option) bool { return op.Top == 1 }) }

	without := fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 3)}, nil)
	without.gear(4, 10)
	assert.Empty(t, pedalled(without), "without 16-B the roll alone")

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	h.gear(4, 10)
	require.NotEmpty(t, pedalled(h), "16-B: one space more")
	assert.Empty(t, h.find(func(op Option) bool { return op.Top == -1 }), "never one less")
	op := pedalled(h)[0]
	facts := h.g.OptionFacts(h.pending(), op)
	var keys []string
	for _, f := range facts {
		keys = append(keys, f.Key)
	}
	assert.Contains(t, keys, "fact.pedal", "the option says what it costs")
	assert.NotContains(t, keys, "fact.top-more")
	h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
	evs := h.since()
	assert.Contains(t, evs, "pedal car=1")
	assert.Contains(t, strings.Join(evs, "\n"), "wear car=1 engine=-1")
	assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine])
	assert.Empty(t, h.debris(), "no sticker for the pedal's point")
	assert.True(t, positionSays(t, h.g, 1, "pedal-used"), "a position carries the spent pedal")
	assert.Contains(t, h.g.Position().Events()[1].String(), "pedal-used")
	h.gear(4, 10)
	assert.Empty(t, pedalled(h), "once a lap")

	t.Run("the line gives it back", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("home.5.1", 3).flag("pedal-used")}})
		h.gear(4, 10)
		assert.Empty(t, pedalled(h))
		h.pick(func(op Option) bool { return len(op.Path) == 10 && op.Braked == 0 })
		h.gear(4, 10)
		assert.NotEmpty(t, pedalled(h), "a new lap, a new pedal")
	})
	t.Run("the last engine point blows the engine, still no sticker (AMB-33)", func(t *testing.T) {
		p := fdrAt("long.2.1", 3)
		p.Wear[Engine] = 1
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-B"), Position{Round: 1, Cars: []CarPosition{p, fdrAt("long.0.0", 1)}})
		h.gear(4, 10)
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
		assert.Contains(t, strings.Join(h.since(), "\n"), "eliminated car=1")
		assert.Empty(t, h.debris())
	})
	t.Run("with 6-A the free Top first, then the pedal", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-A", "16-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		h.gear(4, 10)
		require.NotEmpty(t, h.find(func(op Option) bool { return op.Top == -1 }), "the Top's −1: the Top is offered")
		assert.Empty(t, h.find(func(op Option) bool { return len(op.Path)+op.Braked+op.Blocked > 11 }),
			"one ±1 a move: the Top and the pedal never together (no 10+2)")
		for _, op := range h.find(func(op Option) bool { return op.Top == 1 }) {
			assert.NotContains(t, h.g.OptionFacts(h.pending(), op), phrase.New("fact.pedal"), "the +1 is the free Top's, not the pedal's")
		}
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
		assert.True(t, positionSays(t, h.g, 1, "top-used"))
		assert.False(t, positionSays(t, h.g, 1, "pedal-used"))
		h.gear(4, 10)
		assert.Empty(t, h.find(func(op Option) bool { return op.Top == -1 }), "the Top spent: the pedal, +1 only")
		assert.NotEmpty(t, pedalled(h))
		assert.Empty(t, h.find(func(op Option) bool { return len(op.Path)+op.Braked+op.Blocked > 11 }), "the pedal alone: 10+1 at most")
	})
}

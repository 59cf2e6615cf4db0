package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 6-A: once per lap, after seeing the roll, one space more or one less, a
// −1 costing no brake point; spent, it is gone until the car crosses the
// line, and an unused one does not carry over.
func TestVariant6ATop(t *testing.T) {
	c := fdrLab(t)
	tops := func(h *harness) map[int][]Option {
		out := map[int][]Option{}
		for _, op := range h.pending().Options {
			out[op.Top] = append(out[op.Top], op)
		}
		return out
	}
	farthest := func(ops []Option) int {
		n := 0
		for _, op := range ops {
			n = max(n, len(op.Path))
		}
		return n
	}

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-A"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	h.gear(4, 10)
	by := tops(h)
	assert.Equal(t, 10, farthest(by[0]), "the roll")
	require.NotEmpty(t, by[+1], "6-A: one space more")
	assert.Equal(t, 11, farthest(by[+1]))
	require.NotEmpty(t, by[-1], "6-A: one space less")
	for _, op := range by[-1] {
		if len(op.Path) == 9 && op.Braked == 0 {
			assert.Zero(t, op.Cost[Brakes], "a −1 Top costs no brake point")
		}
	}
	h.pick(func(op Option) bool {
		return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 && h.name(op.End) == "long.13.1"
	})
	assert.Contains(t, h.since(), "top car=1 delta=1")
	assert.Equal(t, "long.13.1", h.space(1))
	assert.True(t, positionSays(t, h.g, 1, "top-used"))
	assert.Contains(t, h.g.Position().Events()[1].String(), "top-used", "a position carries the spent Top")

	h.gear(4, 10) // the next play, same lap: no Top
	assert.Len(t, tops(h), 1, "the lap's Top is spent")
	assert.NotEmpty(t, tops(h)[0])

	t.Run("crossing the line gives a new Top", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-A"), Position{Round: 1, Cars: []CarPosition{fdrAt("home.5.1", 3).flag("top-used")}})
		h.gear(4, 10)
		assert.Len(t, tops(h), 1, "spent on this lap")
		h.pick(func(op Option) bool { return len(op.Path) == 10 && op.Braked == 0 && op.Top == 0 })
		assert.False(t, positionSays(t, h.g, 1, "top-used"), "a new lap")
		h.gear(4, 10)
		assert.NotEmpty(t, tops(h)[+1], "the new lap's Top")
	})
	t.Run("without 6-A the roll alone", func(t *testing.T) {
		h := fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 3)}, nil)
		h.gear(4, 10)
		assert.Len(t, tops(h), 1)
		assert.Equal(t, 10, farthest(tops(h)[0]))
	})
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 23-A(c)'s season boost tokens in a race (hook DistanceModifier, §0.4
// step 4, the chain's last link with the bonus point): a token is a +1
// on one move, spent before the bonus point on a +1 (it is lost at the
// season's end, the bonus carried over) [DEC]; the bonus's "only one
// point per race" bounds the bonus, not the tokens, so a race may spend
// both, one ±1 a move [DEC]. The die is scripted: 10 in 4th gear each
// play.
func TestVariant23ASeasonTokenInARace(t *testing.T) {
	c := fdrLab(t)
	start := Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}}
	deltas := func(h *harness) map[int]int {
		out := map[int]int{}
		for _, op := range h.pending().Options {
			out[op.Top] = max(out[op.Top], len(op.Path))
		}
		return out
	}
	longer := func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 && !op.Eliminated }

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,uses=1,tokens=1"), start)
	left, ok := h.g.SeasonTokensLeft(1)
	assert.True(t, ok)
	assert.Equal(t, 1, left)
	h.gear(4, 10)
	assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, deltas(h), "the bonus's ±1, the token's +1")
	assert.Contains(t, h.factKeys(+1), "fact.season-token", "one more spends the token")
	assert.Contains(t, h.factKeys(-1), "fact.pilot-less", "one less spends the bonus point")
	h.pick(longer)
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=token")
	left, _ = h.g.SeasonTokensLeft(1)
	assert.Equal(t, 0, left)
	assert.Equal(t, 1, h.g.PilotPointsLeft(1), "the bonus point is kept")
	assert.Contains(t, h.g.Position().Events()[1].String(), "season-token", "a position carries the token spent")

	h.gear(4, 10)
	assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, deltas(h), "the bonus point, on another move of the same race")
	assert.Contains(t, h.factKeys(+1), "fact.pilot-more")
	h.pick(longer)
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned")
	h.gear(4, 10)
	assert.Equal(t, map[int]int{0: 10}, deltas(h), "both spent")

	t.Run("tokens alone: +1 only, one a move, each once", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,tokens=2"), start)
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10, +1: 11}, deltas(h), "a token never takes a square away")
		h.pick(longer)
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=token")
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10, +1: 11}, deltas(h), "the second token")
		h.pick(longer)
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10}, deltas(h), "no token left")
		assert.Equal(t, 2, positionCount(t, h.g, 1, "season-token"), "a position carries both tokens spent")
	})
	t.Run("without tokens the same play has no +1", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c"), start)
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10}, deltas(h))
		_, ok := h.g.SeasonTokensLeft(1)
		assert.False(t, ok)
	})
	t.Run("a position restores the tokens spent", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,tokens=2"), start)
		h.gear(4, 10)
		h.pick(longer)
		p := h.g.Position()
		cfg := fdrVariantCfg(t, "23-A:scheme=c,tokens=2")
		h2 := fdrPlayCfg(t, c, cfg, p)
		left, _ := h2.g.SeasonTokensLeft(1)
		assert.Equal(t, 1, left)
	})
	t.Run("tokens are scheme c's", func(t *testing.T) {
		cfg := ConfigFor(FDR)
		require.ErrorContains(t, cfg.EnableVariant("23-A:scheme=b,tokens=1"), "tokens is for scheme c")
		assert.ErrorContains(t, cfg.EnableVariant("23-A:tokens=x"), "tokens")
	})
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The distance chain (6-A, then 23-C, then 23-A) in a move's facts: a ±1
// says the Top while the lap's Top is open, a pilot point once it is
// spent, for one space more and one less.
func TestPilotPointFactsFollowTheChain(t *testing.T) {
	cfg := fdrVariantCfg(t, "6-A")
	require.NoError(t, cfg.EnableVariant("23-A:uses=2"))
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	h.gear(4, 10)
	assert.Contains(t, h.factKeys(+1), "fact.top-more")
	assert.Contains(t, h.factKeys(-1), "fact.top-less")
	assert.NotContains(t, h.factKeys(+1), "fact.pilot-more")
	h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
	h.gear(4, 10)
	assert.Contains(t, h.factKeys(+1), "fact.pilot-more", "the Top is spent: a pilot point")
	assert.Contains(t, h.factKeys(-1), "fact.pilot-less")
	assert.NotContains(t, h.factKeys(+1), "fact.top-more", "one ±1, said once")
}

// A position counts pilot points spent as one flag each, national or
// earned; a game started from it shares them out in the chain's order:
// the nationality point was spent first, the rest were earned.
func TestPilotPointsRestoredFromAPosition(t *testing.T) {
	cfg := fdrVariantCfg(t, "23-A:uses=2", "23-C:uses=1")
	spent := func(n int) *harness {
		at := fdrAt("long.2.1", 3)
		for range n {
			at.Flags = append(at.Flags, "pilot-point")
		}
		return fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: []CarPosition{at}})
	}
	h := spent(0)
	assert.Equal(t, 3, h.g.PilotPointsLeft(1), "the home GP's point and two earned")

	// One spent: the nationality point, so the next ±1 spends an earned
	// point (the chain offers the nationality point first while it is
	// open), and both earned points are still there.
	h = spent(1)
	assert.Equal(t, 2, h.g.PilotPointsLeft(1))
	for i := range 2 {
		h.gear(4, 10)
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned", "earned point %d", i+1)
	}
	h.gear(4, 10)
	assert.Empty(t, h.find(func(op Option) bool { return op.Top != 0 }), "all three spent")

	h = spent(3)
	assert.Equal(t, 0, h.g.PilotPointsLeft(1))
	assert.Equal(t, 3, countFlag(h.g.Position().Cars[0].Flags, "pilot-point"), "written back as read")
}

// factKeys are the phrase keys of the facts of the pending decision's
// first option moving delta spaces off the roll (a Top, a pilot point, a
// season token).
func (h *harness) factKeys(delta int) []string {
	h.t.Helper()
	d := h.pending()
	for _, op := range d.Options {
		if op.Top == delta {
			var out []string
			for _, p := range h.g.OptionFacts(d, op) {
				out = append(out, p.Key)
			}
			return out
		}
	}
	h.t.Fatalf("no option of delta %d", delta)
	return nil
}

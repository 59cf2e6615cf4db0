package fd

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/phrase"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 23-A's race side: a car with a pilot point open is offered its roll ±1
// (the hook is the Top's, §0.4 step 4); one spent is a "pilot-point"
// event, the car's uses go down, a position carries them; a car without
// uses gets the roll alone.
func TestVariant23APilotPoint(t *testing.T) {
	c := fdrLab(t)
	deltas := func(h *harness) map[int]int {
		out := map[int]int{}
		for _, op := range h.pending().Options {
			out[op.Top] = max(out[op.Top], len(op.Path))
		}
		return out
	}

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=c,uses=1"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	assert.Equal(t, 1, h.g.PilotPointsLeft(1))
	h.gear(4, 10)
	assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, deltas(h), "the roll, one more, one less")
	assert.True(t, h.g.TopSpendsPilotPoint(1), "without 6-A the ±1 is a pilot point")
	h.pick(func(op Option) bool {
		return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 && h.name(op.End) == "long.13.1"
	})
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned")
	assert.NotContains(t, h.since(), "top car=1", "no Top spent")
	assert.Equal(t, "long.13.1", h.space(1))
	assert.Equal(t, 0, h.g.PilotPointsLeft(1))
	assert.Contains(t, h.g.Position().Events()[1].String(), "pilot-point", "a position carries the point spent")
	h.gear(4, 10)
	assert.Equal(t, map[int]int{0: 10}, deltas(h), "the race's one point is spent")

	t.Run("with 6-A the Top is spent first", func(t *testing.T) {
		cfg := fdrVariantCfg(t, "6-A")
		require.NoError(t, cfg.EnableVariant("23-A:uses=1"))
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		h.gear(4, 10)
		assert.False(t, h.g.TopSpendsPilotPoint(1))
		assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, deltas(h), "one ±1 a move, never ±2")
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
		assert.Contains(t, h.since(), "top car=1 delta=1")
		assert.Equal(t, 1, h.g.PilotPointsLeft(1), "the point is kept")
		h.gear(4, 10)
		assert.True(t, h.g.TopSpendsPilotPoint(1), "the lap's Top is spent: the pilot point is what is left")
		assert.Equal(t, 11, deltas(h)[+1])
		h.pick(func(op Option) bool { return op.Top == 1 && op.Braked == 0 && !op.Eliminated })
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned")
		assert.Equal(t, 0, h.g.PilotPointsLeft(1))
	})
	t.Run("23-A(a1): +1 on a move, never -1", func(t *testing.T) {
		// 23-A(a1) "uses of +1 on a move" (league.Scheme.PlusOnly): the
		// distance hook offers the roll and the roll +1 alone.
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=a1,uses=2"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10, +1: 11}, deltas(h), "no move one space shorter")
		h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 && !op.Eliminated })
		assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned")
		assert.Equal(t, 1, h.g.PilotPointsLeft(1), "(a1) opens two uses a race")
	})
	t.Run("a car without uses, and the switch refusing more than two", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:uses=0"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		h.gear(4, 10)
		assert.Equal(t, map[int]int{0: 10}, deltas(h))
		cfg := ConfigFor(FDR)
		assert.ErrorContains(t, cfg.EnableVariant("23-A:uses=3"), "at most 2")
		assert.ErrorContains(t, cfg.EnableVariant("23-A:uses=x"), "uses")
	})
}

// 23-C: the nationality point of the home GP is a pilot point of that
// race, spent before an earned 23-A point (it is lost at the flag); the
// two never go on one move.
func TestVariant23CNationalityPoint(t *testing.T) {
	c := fdrLab(t)
	cfg := fdrVariantCfg(t, "23-C:uses=1")
	require.NoError(t, cfg.EnableVariant("23-A:uses=1"))
	h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	assert.Equal(t, 2, h.g.PilotPointsLeft(1), "the home GP's point and an earned one")
	h.gear(4, 10)
	plus := 0
	for _, op := range h.pending().Options {
		assert.Contains(t, []int{-1, 0, 1}, op.Top, "one ±1 a move, never ±2")
		if op.Top == 1 {
			plus = max(plus, len(op.Path))
		}
	}
	assert.Equal(t, 11, plus)
	h.pick(func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 })
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=national", "the nationality point goes first")
	h.gear(4, 10)
	h.pick(func(op Option) bool { return op.Top == 1 && op.Braked == 0 && !op.Eliminated })
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned")
	assert.Equal(t, 0, h.g.PilotPointsLeft(1))

	t.Run("23-C alone, and one point a race at most", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-C:uses=0/1"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
		assert.Equal(t, 0, h.g.PilotPointsLeft(1), "car 1 is not at its home GP")
		cfg := ConfigFor(FDR)
		assert.ErrorContains(t, cfg.EnableVariant("23-C:uses=2"), "one nationality point a race")
	})
}

// 23-A(g) "Spend 1.0 ⇒ reroll the movement R once (the new result
// stands). Not allowed for black-die tests": under scheme g the pilot
// point is the move decision's new roll of the die (the MoveReroll hook,
// 5-E2's), never a square. Car 1 in 5th rolls 11, spends its point, the
// die (not the black one) rolls 17 and the car moves 17; without a use
// the 11 stands.
func TestVariant23GPilotPointRerollsTheMove(t *testing.T) {
	c := fdrLab(t)
	p := Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 5)}}

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=g,uses=0"), p)
	h.gear(5, 11)
	_, offered := rerollOption(h)
	assert.False(t, offered, "no point open: no reroll")
	for _, op := range h.pending().Options {
		assert.Zero(t, op.Top, "scheme g's point is never a square")
	}

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=g,uses=1"), p)
	assert.Equal(t, 1, h.g.PilotPointsLeft(1))
	h.gear(5, 11)
	for _, op := range h.pending().Options {
		assert.Zero(t, op.Top, "scheme g's point is never a square")
	}
	op, offered := rerollOption(h)
	require.True(t, offered)
	assert.Equal(t, []phrase.Phrase{phrase.New("opt.pilot-reroll", 11, 1)}, h.g.OptionFacts(h.pending(), op), "the option says the face and the points left")
	h.submit(Order{Car: 1, Letter: op.Letter}, 17)
	since := strings.Join(h.since(), "\n")
	assert.Contains(t, since, "pilot-point car=1 use=reroll was=11 point=earned", "the league debits a point=earned event")
	assert.Contains(t, since, "roll play=1 car=1 for=gear n=1 die=d20 value=17", "the movement die, not the black die")
	assert.Equal(t, 17, h.expect(1, DecideMove).Rolled, "the new result stands")
	_, offered = rerollOption(h)
	assert.False(t, offered, "one point, one reroll")
	assert.Equal(t, 0, h.g.PilotPointsLeft(1))
	h.moveN("c.17.1", 17)
	assert.Equal(t, "c.17.1", h.space(1))
	assert.Contains(t, h.g.Position().Events()[1].String(), "pilot-point", "a position carries the point spent")

	t.Run("the autopilot rerolls a low roll in a fast gear", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=g,uses=1"), p)
		h.gear(5, 11)
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		op, _ := rerollOption(h)
		assert.Equal(t, op.Letter, o.Letter)
	})
}

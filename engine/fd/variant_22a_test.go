package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
)

// 22-A's hook, as the status asks it of a game (shownWear): each
// category's points left as filled marks, the points lost as empty ones,
// against the car's start (its configuration, 6 tyres and 3 brakes),
// with the count.
func TestLifePointMarksHook(t *testing.T) {
	rules := fdrConfig().Rules
	start := Wear{6, 3, 2, 5, 2, 2}
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "22-A"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3).build(start, 0)}})
	require.Equal(t, start, h.g.StartWear(1))
	left := map[string]int{rules.CategoryName(Tyres): 4, rules.CategoryName(Brakes): 3}
	p, shown := h.g.shownWear(Result{Car: 1, Wear: left})
	require.True(t, shown)
	assert.Equal(t, "status.life-points", p.Key)
	require.Len(t, p.Args, 1)
	parts, ok := p.Args[0].(phrase.List)
	require.True(t, ok)
	require.Len(t, parts, 2, "the categories the standing gives, no other")
	assert.Equal(t, []any{phrase.Category(rules.CategoryName(Tyres)), "●●●●○○", 4, 6}, parts[0].Args, "two tyre points lost")
	assert.Equal(t, []any{phrase.Category(rules.CategoryName(Brakes)), "●●●", 3, 3}, parts[1].Args, "no brake point lost")
}

// A game without 22-A shows its wear the base's way: no WearStanding.
func TestWearStandingOnlyWith22A(t *testing.T) {
	c := fdrLab(t)
	plain, err := NewGame("plain", fdrConfig(), c, 2)
	require.NoError(t, err)
	_, shown := plain.shownWear(Result{Car: 1})
	assert.False(t, shown)
	marked, err := NewGame("marked", fdrVariantCfg(t, "22-A"), c, 2)
	require.NoError(t, err)
	p, shown := marked.shownWear(Result{Car: 1, Wear: map[string]int{"tyres": 1}})
	assert.True(t, shown)
	assert.Equal(t, "status.life-points", p.Key)
}

package dice_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

func TestScriptedOrder(t *testing.T) {
	set := dice.DefaultSet()
	values := []int{1, 20, 4, 30}
	src := dice.NewScripted(values...)
	values[0] = 99 // the source keeps its own copy
	assert.Equal(t, 4, src.Remaining())

	k := dice.Key{Game: "s", Play: 1, Car: 2, Purpose: "start"}
	r, err := src.Roll(k, set.Black)
	require.NoError(t, err)
	assert.Equal(t, dice.Roll{Key: k, Die: "black", Index: 0, Value: 1}, r)

	k.Purpose = "gear"
	r, err = src.Roll(k, set.Gears[4])
	require.NoError(t, err)
	assert.Equal(t, dice.Roll{Key: k, Die: "d20", Index: 18, Value: 20}, r, "index is the first face showing the value")

	r, err = src.Roll(k, set.Gears[1])
	require.NoError(t, err)
	assert.Equal(t, 4, r.Value)
	assert.Equal(t, 3, r.Index)

	r, err = src.Roll(k, set.Gears[5])
	require.NoError(t, err)
	assert.Equal(t, 30, r.Value)
	assert.Equal(t, 27, r.Index)
	assert.Equal(t, 0, src.Remaining())
}

func TestScriptedWrongFace(t *testing.T) {
	src := dice.NewScripted(2, 5, 1)
	d4 := dice.DefaultSet().Gears[0]
	k := dice.Key{Game: "s", Play: 3, Car: 1, Purpose: "gear"}
	_, err := src.Roll(k, d4)
	require.NoError(t, err)

	_, err = src.Roll(k, d4)
	require.Error(t, err)
	assert.ErrorIs(t, err, dice.ErrNotAFace)
	assert.Contains(t, err.Error(), `game "s" play 3 car 1 gear #0`)
	assert.Contains(t, err.Error(), "is 5")
	assert.Contains(t, err.Error(), "d4=1,1,2,2")
	assert.Equal(t, 2, src.Remaining(), "a failed roll keeps its value")

	// The same value fits another die.
	r, err := src.Roll(k, dice.DefaultSet().Gears[2])
	require.NoError(t, err)
	assert.Equal(t, 5, r.Value)
}

func TestScriptedExhausted(t *testing.T) {
	src := dice.NewScripted(7)
	black := dice.DefaultSet().Black
	k := dice.Key{Game: "s", Purpose: "collision"}
	_, err := src.Roll(k, black)
	require.NoError(t, err)

	_, err = src.Roll(k, black)
	require.Error(t, err)
	assert.True(t, errors.Is(err, dice.ErrScriptExhausted))
	assert.Contains(t, err.Error(), "collision")
	assert.Contains(t, err.Error(), "black")

	_, err = dice.NewScripted().Roll(k, black)
	assert.ErrorIs(t, err, dice.ErrScriptExhausted)
}

func TestScriptedRejectsBadInput(t *testing.T) {
	src := dice.NewScripted(1)
	_, err := src.Roll(dice.Key{Game: "s"}, dice.DefaultSet().Black)
	assert.ErrorIs(t, err, dice.ErrInvalidKey)
	_, err = src.Roll(dice.Key{Purpose: "gear"}, dice.Die{Name: "none"})
	assert.ErrorIs(t, err, dice.ErrInvalidDie)
	assert.Equal(t, 1, src.Remaining())
}

func TestRecorder(t *testing.T) {
	set := dice.DefaultSet()
	rec := dice.Recording(dice.NewScripted(12, 3, 9))
	var _ dice.Source = rec
	assert.Empty(t, rec.Rolls())

	k1 := dice.Key{Game: "r", Play: 1, Car: 1, Purpose: "start"}
	k2 := dice.Key{Game: "r", Play: 1, Car: 1, Purpose: "gear"}
	k3 := dice.Key{Game: "r", Play: 1, Car: 2, Purpose: "start"}
	r1, err := rec.Roll(k1, set.Black)
	require.NoError(t, err)
	_, err = rec.Roll(k2, set.Gears[0]) // 3 is not on the d4: not recorded
	require.ErrorIs(t, err, dice.ErrNotAFace)
	r2, err := rec.Roll(k2, set.Gears[1])
	require.NoError(t, err)
	r3, err := rec.Roll(k3, set.Black)
	require.NoError(t, err)
	_, err = rec.Roll(k3, set.Black)
	require.ErrorIs(t, err, dice.ErrScriptExhausted)

	got := rec.Rolls()
	assert.Equal(t, []dice.Roll{r1, r2, r3}, got)
	got[0].Value = 0
	assert.Equal(t, 12, rec.Rolls()[0].Value, "Rolls returns a copy")

	// Recording a seeded source keeps what it rolled.
	seeded := dice.NewSeeded(testSeed("recorder"))
	rec = dice.Recording(seeded)
	r, err := rec.Roll(k1, set.Black)
	require.NoError(t, err)
	want, err := seeded.Roll(k1, set.Black)
	require.NoError(t, err)
	assert.Equal(t, []dice.Roll{want}, rec.Rolls())
	assert.Equal(t, want, r)
}

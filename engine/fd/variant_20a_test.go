package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 20-A reads the accidents of a race from its record (league AMB-43: only
// eliminating ones); the league rolls the injuries. A fatal blocking in
// 3rd, 7 squares short (R12.5), is a stand-still accident with 7 unpaid
// squares, and the car right in front, hit by it (R12.6), takes the
// whiplash.
func TestVariant20AReadsAStandStillAndItsWhiplash(t *testing.T) {
	wall := []CarPosition{fdrAt("long.10.1", 3).laps(1), fdrAt("long.12.0", 2), fdrAt("long.12.1", 2), fdrAt("long.12.2", 2)}
	h := fdrPlay(t, fdrLab(t), Fine, wall, nil)
	assert.Empty(t, h.g.Accidents(), "no accident yet")
	h.gear(3, 8) // 1 free, 7 short
	op := h.pick(func(op Option) bool { return op.Blocked == 7 && h.name(op.End) == "long.11.1" }, 20, 20)
	require.True(t, op.Eliminated)
	assert.Equal(t, []Accident{
		{Car: 1, Cause: AccidentStandStill, Gear: 3, Gears: 6, Unpaid: 7},
		{Car: 3, Cause: AccidentWhiplash, Gears: 6},
	}, h.g.Accidents())
}

// An overshoot the tyres cannot pay (R10.8) is an overshoot accident: 2
// squares over with no tyre point left are 2 unpaid squares.
func TestVariant20AReadsAnOvershoot(t *testing.T) {
	car := fdrAt("long.31.0", 3)
	car.Wear[Tyres], car.Wear[Brakes] = 0, 0
	h := fdrPlay(t, fdrLab(t), Fine, []CarPosition{car, fdrAt("long.5.1", 2)}, nil)
	h.gear(3, 8)
	h.pick(func(op Option) bool { return op.Overshoot == 2 && op.Braked == 0 })
	assert.Equal(t, []Accident{{Car: 1, Cause: AccidentOvershoot, Gear: 3, Gears: 6, Unpaid: 2}}, h.g.Accidents())
}

// An engine that blows is no accident (20-A looks at crashes only), nor
// is a car that finished.
func TestVariant20AIgnoresWhatIsNoAccident(t *testing.T) {
	g := &Game{Cars: []Car{{Number: 1, Gear: 5}, {Number: 2, Gear: 6}}, Events: []Event{
		ev("eliminated", "car", 1, "cause", "its engine blew", "reason", ReasonEngine),
		ev("eliminated", "car", 2, "cause", "lost its last handling point (wet, R17.3)", "reason", ReasonHandling),
		ev("eliminated", "car", 9, "cause", "a car the record does not have", "reason", ReasonWall),
	}}
	assert.Equal(t, []Accident{{Car: 2, Cause: AccidentRoadHolding, Gear: 6, Gears: 6}}, g.Accidents())
	g.hooks.extraGear = sevenSpeed{}
	assert.Equal(t, 7, g.Accidents()[0].Gears, "6-D's seventh gear: the league shifts rule C's gears (league AMB-02)")
}

// 20-A is a league variant with its forms as parameters; a value the
// booklet does not have is refused with a sentence.
func TestVariant20AParameters(t *testing.T) {
	v, p, err := ParseVariantSpec("20-A")
	require.NoError(t, err)
	assert.True(t, v.Implemented)
	assert.Equal(t, ScopeLeague, v.Scope)
	assert.Equal(t, map[string]string{"rule": "A", "race": "a"}, p)
	_, p, err = ParseVariantSpec("20-A:rule=A,race=b")
	require.NoError(t, err)
	assert.Equal(t, "b", p["race"])
	_, _, err = ParseVariantSpec("20-A:rule=D")
	require.EqualError(t, err, `variant 20-A: rule="D" must be one of A, B, C`)
	var c Config
	require.ErrorContains(t, c.EnableVariant("20-A"), "is a league rule: a league plays it")
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
)

func factsOf(t *testing.T, h *harness, pick func(Option) bool) []phrase.Phrase {
	t.Helper()
	d := h.pending()
	require.NotNil(t, d)
	for _, op := range d.Options {
		if pick(op) {
			return h.g.OptionFacts(d, op)
		}
	}
	t.Fatalf("no such option among %s", h.describe(d))
	return nil
}

// R-DWN-01, R-ENG: a gear's facts are its die and range, the downshift
// and its wear by category, the engine test's risk, the elimination and
// why (issue 13).
func TestGearOptionFacts(t *testing.T) {
	c := ovalTrack(t)
	h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 5).set(Engine, 1)}, nil)
	h.expect(1, DecideGear)
	gear := func(n int) func(Option) bool { return func(op Option) bool { return op.Gear == n } }
	assert.Equal(t, []phrase.Phrase{
		phrase.New("opt.gear", phrase.Ordinal(1), "d4", 1, 2),
		phrase.New("fact.downshift", 5, 1),
		phrase.New("fact.wear", phrase.Category("brakes"), 1),
		phrase.New("fact.wear", phrase.Category("gearbox"), 1),
		phrase.New("fact.wear", phrase.Category("engine"), 1),
		phrase.New("fact.eliminated"),
		phrase.New("why.downshift-last-engine"),
	}, factsOf(t, h, gear(1)))
	// 6th: the top face (30, one face in ten of the d30) brings the
	// engine test, lost on 1-4 of the black d20: 1/10 × 4/20
	sixth := factsOf(t, h, gear(6))
	require.Len(t, sixth, 2)
	assert.Equal(t, phrase.New("opt.gear", phrase.Ordinal(6), "d30", 21, 30), sixth[0])
	assert.Equal(t, "fact.risk", sixth[1].Key)
	require.Len(t, sixth[1].Args, 1)
	assert.InDelta(t, 0.1*0.2, float64(sixth[1].Args[0].(phrase.Percent)), 1e-12)
}

// R-BRK-01, R-DEB-03: a move's facts are its distance, where it ends, its
// wear by category, its causes and the handling checks it brings.
func TestMoveOptionFacts(t *testing.T) {
	c := ovalTrack(t)
	h := play(t, c, DefaultConfig(), []CarPosition{at("back.0.1", 2)}, nil)
	h.gear(2, 4)
	assert.Equal(t, []phrase.Phrase{
		phrase.New("opt.spaces", 3),
		phrase.New("place.straight-lane", "South Bend", phrase.Term("lane.middle")),
		phrase.New("fact.wear", phrase.Category("brakes"), 1),
		phrase.New("fact.braking", 1),
	}, factsOf(t, h, func(op Option) bool { return h.name(op.End) == "back.3.1" }))
	assert.Equal(t, []phrase.Phrase{
		phrase.New("opt.spaces", 4),
		phrase.New("place.straight-lane", "South Bend", phrase.Term("lane.middle")),
		phrase.New("fact.no-wear"),
	}, factsOf(t, h, func(op Option) bool { return h.name(op.End) == "back.4.1" }))
}

package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// 17-D, hook MarkerRule: the car whose move crosses a debris marker or stops
// on it counts one passage after its own handling test (R17.2); the fourth
// cleans the marker. Without 17-D nothing is counted and the marker stays.
func TestVariant17DCleaning(t *testing.T) {
	c := fdrLab(t)
	stickers := []string{"long.7.0", "long.7.1", "long.7.2"} // no way round
	for _, tc := range []struct {
		name     string
		spec     string
		before   []string // passages= of the position
		cleaned  bool
		passages []string // after the move
	}{
		{"17-D, the fourth passage cleans", "17-D", []string{"long.7.1:3"}, true, nil},
		{"17-D, the third counts", "17-D", []string{"long.7.1:2"}, false, []string{"long.7.1:3"}},
		{"17-D, the first counts", "17-D", nil, false, []string{"long.7.1:1"}},
		{"17-D:passages=1, the first cleans", "17-D:passages=1", nil, true, nil},
		{"without 17-D nothing counts", "", nil, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, tc.spec)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: stickers, Passages: tc.before,
				Cars: []CarPosition{fdrAt("long.5.1", 2), fdrAt("long.2.1", 2)}})
			h.gear(2, 2)
			h.move("long.7.1", 5) // a 5 passes the dry test (T6)
			events := h.since()
			require.Len(t, rolledFor(events, "handling"), 1, "the car takes its own test first")
			assert.Equal(t, !tc.cleaned, h.g.Debris[h.id("long.7.1")], "the marker under the car")
			assert.True(t, h.g.Debris[h.id("long.7.0")], "a marker the move did not cross stays")
			assert.Equal(t, tc.passages, h.g.Position().Passages)
			if tc.cleaned {
				assert.Contains(t, events, "debris-cleared car=1 space=long.7.1")
			}
		})
	}
}

// A passage is a move crossing the marker, not only one stopping on it: a
// car crossing a row of markers then stopping on the next counts one on
// each (whichever lane its path takes).
func TestVariant17DCountsEveryMarkerCrossed(t *testing.T) {
	c := fdrLab(t)
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "17-D"), Position{Round: 1,
		Debris:   []string{"long.7.0", "long.7.1", "long.7.2", "long.8.0", "long.8.1", "long.8.2"},
		Passages: []string{"long.7.0:3", "long.7.1:3", "long.7.2:3"},
		Cars:     []CarPosition{fdrAt("long.5.1", 2), fdrAt("long.2.1", 2)}})
	h.gear(2, 3)
	h.move("long.8.1", 5, 5) // two dry tests passed
	events := h.since()
	require.Len(t, kinds(events, "debris-worn"), 1, "the lane-7 marker crossed, at its fourth passage")
	left := h.g.Position().Passages
	assert.Len(t, left, 3, "two lane-7 markers at 3, long.8.1 at 1: %v", left)
	assert.Contains(t, left, "long.8.1:1")
}

// 17-B, 17-C and 17-D interact on the same markers (league-variants.md
// ch. 17): the typed marker costs its point first (17-B), then the last
// running car sweeps it (17-C) before 17-D counts, and a cleaned marker
// takes its kind and its passages with it.
func TestVariants17BCDTogether(t *testing.T) {
	c := fdrLab(t)
	cfg := fdrVariantCfg(t, "17-B", "17-C", "17-D")
	start := func(other string) *harness {
		return fdrPlayCfg(t, c, cfg, Position{Round: 1, Debris: []string{"long.7.0", "long.7.1", "long.7.2"},
			MarkerKinds: []string{"long.7.1:oil"}, Passages: []string{"long.7.1:2"},
			Cars: []CarPosition{fdrAt("long.5.1", 2), fdrAt(other, 2)}})
	}
	t.Run("the last car: oil costs engine, then the sweep", func(t *testing.T) {
		h := start("long.20.1") // ahead: car 1 is last
		h.gear(2, 2)
		h.move("long.22.1")
		h.gear(2, 2)
		h.move("long.7.1", 4) // a failed dry test
		events := h.since()
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine], "17-B: oil")
		assert.Equal(t, fdrDefaultBuild()[Handling], h.car(1).Wear[Handling])
		assert.Contains(t, events, "debris-cleared car=1 space=long.7.1", "17-C")
		assert.NotContains(t, events, "debris-worn space=long.7.1 passages=3", "swept before 17-D counts")
		p := h.g.Position()
		assert.Empty(t, p.MarkerKinds)
		assert.Empty(t, p.Passages)
	})
	t.Run("a car with one behind: 17-D counts, the oil stays", func(t *testing.T) {
		h := start("long.2.1")
		h.gear(2, 2)
		h.move("long.7.1", 4)
		events := h.since()
		assert.Equal(t, fdrDefaultBuild()[Engine]-1, h.car(1).Wear[Engine])
		assert.NotContains(t, events, "debris-cleared car=1 space=long.7.1")
		p := h.g.Position()
		assert.Equal(t, []string{"long.7.1:oil"}, p.MarkerKinds)
		assert.Equal(t, []string{"long.7.1:3"}, p.Passages)
	})
}

// 17-D refuses a passage count it cannot play, with a sentence.
func TestVariant17DRefusesBadPassages(t *testing.T) {
	for _, bad := range []string{"0", "21", "four", "04"} {
		cfg := fdrConfig()
		err := cfg.EnableVariant("17-D:passages=" + bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "passages is a number of cars")
	}
}

// A marker the move itself drops is no passage: on the oval a car along
// the wall lane loses a body point at the wall (R15.2), which leaves a
// marker there; 17-D counts none for that move (nor would 17-C sweep it).
func TestVariant17DOwnMarkerIsNoPassage(t *testing.T) {
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "17-D"), Position{Round: 1, Weather: Fine,
		Debris: []string{"start.3.0", "start.3.1"}, Cars: []CarPosition{fdrAt("start.1.1", 2)}})
	h.gear(2, 3)
	h.pick(func(op Option) bool { return h.name(op.End) == "start.4.1" && len(op.Path) == 3 && op.Wall == 1 }, 1)
	require.Equal(t, fdrDefaultBuild()[Body]-1, h.car(1).Wear[Body], "a 1 at the wall costs a body point")
	require.Len(t, h.debris(), 3, "and leaves a marker")
	assert.Empty(t, h.g.Position().Passages)
}

package variants

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// 20-B (b2)'s own tables: which eliminations bring the spare and how a
// spare's build is cut. A game shows them only one race at a time (the
// cut of one car, TestVariant20BFormB2OneTurnLater), so this unit test of
// the variant's code moves with 20b.go to engine/fd/variants
// (issue 13) and names nothing of engine/fd but its exported API.

// 20-B (b2): only engine, body, stand-still and handling losses bring the
// spare (an overshoot does not), and a cut never takes a category below one
// point: the second point goes to the fullest category instead.
func TestVariant20BFormB2Causes(t *testing.T) {
	build := fd.ConfigFor(fd.FDR).Start // the competition rules' standard build (R5.2)
	for _, r := range []string{fd.ReasonEngine, fd.ReasonCollision, fd.ReasonWall, fd.ReasonBlocking, fd.ReasonHandling} {
		assert.True(t, destroyed(r), r)
	}
	for _, r := range []string{fd.ReasonOvershoot, fd.ReasonFuel, fd.ReasonBlackFlag} {
		assert.False(t, destroyed(r), r)
	}
	cuts, err := parseSpareCuts("handling+handling")
	require.NoError(t, err)
	w, cut := spareCar{cuts: cuts}.cutBuild(build, 1)
	assert.Equal(t, [2]fd.Category{fd.Handling, fd.Tyres}, cut)
	want := build
	want[fd.Handling]--
	want[fd.Tyres]--
	assert.Equal(t, want, w)
	w, cut = spareCar{}.cutBuild(build, 2)
	assert.Equal(t, [2]fd.Category{fd.Tyres, fd.Tyres}, cut, "no choice given: the fullest categories")
	assert.Equal(t, build[fd.Tyres]-2, w[fd.Tyres])
}

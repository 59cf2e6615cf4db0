package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/tracks"
)

// The base's walk (walk_subsets.go, walk_options.go) under a ruleset that
// lets a move meet dangerous spaces by any subset (Capabilities'
// CornerStopSubsets, fdr's R7.7), and its dominance filter (§7-3-7). These
// tests were fdr/paths_test.go's; they check the walk, which stays in
// engine/fd when fdr moves (issue 13), and play fdr through the rulesets
// table (fdrConfig, harness_fdrgames_test.go).

// R7.7 [7-2-3], R17.4 [17-1], [7-3-5]: the player chooses which dangerous
// spaces to treat as obstacles, any of them, not all or none. On FDR Lab's
// corner One, with stickers on one.1.2 and one.2.1, a car on long.27.1
// rolling 10 in 4th may reach one.2.2 in 10 spaces by going round one.1.2
// and through one.2.1: the shortest way with one.1.2 as an obstacle. With
// both as obstacles one.2.2 is out of reach in 10; with none the shortest
// way is 9 (through one.1.2, braking one).
func TestFDRR77ChooseWhichDangerousSpacesToAvoid(t *testing.T) {
	c := fdrLab(t)
	stickers := []string{"one.2.1", "one.1.2"}
	h := fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.27.1", 3)}, stickers)
	h.gear(4, 10)
	op := h.option("one.2.2", 10) // R7.7: avoids one.1.2, enters one.2.1
	assert.Equal(t, 1, op.Dangerous)
	assert.Zero(t, op.Braked)
	assert.Contains(t, op.Path, h.id("one.2.1"))
	assert.NotContains(t, op.Path, h.id("one.1.2"))
	braked := h.option("one.2.2", 9) // the shortest way, through one.1.2
	assert.Equal(t, 1, braked.Braked)
	assert.Contains(t, braked.Path, h.id("one.1.2"))

	// the all-or-none test (fd2008's R-MOV-05) would not offer it
	tt := &turn{car: h.car(1), start: h.car(1).Space, startCorner: -1}
	m := h.g.newMover(tt)
	m.subsets = false
	for _, e := range m.legalEnds(h.car(1).Space, 10, false) {
		if e.steps == 10 {
			assert.NotEqual(t, "one.2.2", h.name(e.path[len(e.path)-1]), "all-or-none reaches one.2.2 in 10")
		}
	}

	h.moveN("one.2.2", 10, 5) // the handling test of one.2.1 holds with a 5
	evs := h.since()
	assert.Len(t, rolledFor(evs, "handling"), 1, "one test, for one.2.1 only:\n%s", strings.Join(evs, "\n"))
	assert.Equal(t, "one.2.2", h.space(1))
	assert.Equal(t, fdrDefaultBuild()[Handling], h.car(1).Wear[Handling])
}

// §7-3-7: an option no better than another way to the same end in every
// cost and risk, and worse or later, is dropped; options that trade one
// risk for another both stay.
func TestFDRUndominated(t *testing.T) {
	a := Option{Letter: "A", End: 5, Path: []tracks.SpaceID{3, 4, 5}, Dangerous: 1}
	b := Option{Letter: "B", End: 5, Path: []tracks.SpaceID{2, 4, 5}, Wall: 1}
	c := Option{Letter: "C", End: 5, Path: []tracks.SpaceID{3, 1, 5}, Dangerous: 2}
	d := Option{Letter: "D", End: 5, Path: []tracks.SpaceID{2, 1, 5}, Dangerous: 1}
	e := Option{Letter: "E", End: 5, Path: []tracks.SpaceID{3, 4, 5}, Dangerous: 1, Braked: 1}
	var got []string
	for _, op := range undominated([]Option{a, b, c, d, e}) {
		got = append(got, op.Letter)
	}
	assert.Equal(t, []string{"A", "B", "E"}, got)
}

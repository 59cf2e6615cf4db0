package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// TestDangerousInCountsDangerous: Walk.DangerousIn (issue 14: fdr's
// judging counts a path's dangerous spaces in one call) counts the spaces
// Walk.Dangerous reports (R17.1: debris, and the circuit's dangerous
// spaces), for paths from every space of a circuit with debris strewn on
// it, asked first of a fresh walk (its hazards built by the count) and
// again once they are built.
func TestDangerousInCountsDangerous(t *testing.T) {
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	g, err := NewGame("dangerous-in", ConfigFor(FDR), c, 3)
	require.NoError(t, err)
	for s := range c.Spaces {
		if s%7 == 3 {
			g.Debris[tracks.SpaceID(s)] = true
		}
	}
	tn := &turn{car: &g.Cars[0], start: g.Cars[0].Space}
	counted := 0
	for s := range c.Spaces {
		// a path of up to 12 spaces from s, the first way ahead each step
		path := []tracks.SpaceID{tracks.SpaceID(s)}
		for len(path) < 12 {
			next := c.Spaces[path[len(path)-1]].Next
			if len(next) == 0 {
				break
			}
			path = append(path, next[0])
		}
		for _, fresh := range []bool{true, false} {
			m := g.borrowMover(tn)
			w := Walk{m}
			if !fresh {
				w.Dangerous(path[0]) // the hazards built
			}
			got := w.DangerousIn(path)
			want := 0
			for _, sp := range path {
				if w.Dangerous(sp) {
					want++
				}
			}
			m.release()
			g.returnMover()
			require.Equal(t, want, got, "the path from space %d", s)
			counted += got
		}
	}
	require.Positive(t, counted, "the paths met dangerous spaces")
	m := g.borrowMover(tn)
	require.Zero(t, Walk{m}.DangerousIn(nil))
	m.release()
	g.returnMover()
}

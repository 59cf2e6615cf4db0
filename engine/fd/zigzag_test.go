package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// zigzag finds, in a path from start, a lane change on a straight that the
// path undoes later on the same straight without a car or a dangerous space
// in the lane it left, between leaving and coming back (R-MOV-07, AMB-06:
// forbidden unless going around a car or debris). It returns the three
// spaces of the first such zigzag, or "".
func zigzag(g *Game, start tracks.SpaceID, path []tracks.SpaceID) string {
	sp := g.Track.Spaces
	straight := func(s tracks.SpaceID) bool { return sp[s].Corner < 0 && sp[s].Kind == tracks.KindTrack }
	prev := start
	for i, s := range path {
		if straight(prev) && straight(s) && sp[s].Lane != sp[prev].Lane {
			from, last := sp[prev].Lane, s
			for _, back := range path[i+1:] {
				if !straight(back) {
					break
				}
				if sp[back].Lane == from && sp[last].Lane != from {
					around := false
					at := prev
					for range (sp[back].Level - sp[prev].Level + g.Track.Levels) % g.Track.Levels {
						a, ok := g.Track.AheadSameLane(at)
						if !ok {
							break
						}
						if g.Occupied(a) != 0 || g.Debris[a] || sp[a].Has(tracks.FlagDangerous) {
							around = true
						}
						at = a
					}
					if !around {
						return sp[prev].Name + ", " + sp[s].Name + " … " + sp[back].Name
					}
					break
				}
				last = back
			}
		}
		prev = s
	}
	return ""
}

// R-MOV-07, AMB-06: no move option zigzags on a straight except around a
// car or debris. The shortest-path walk keeps, for each end, the path with
// the fewest dangerous spaces and then the fewest lane changes, so a lane
// change undone with the lane free is never chosen; whole autopilot races on
// two circuits, with debris, hold it.
func TestRMOV07NoZigzag(t *testing.T) {
	for _, c := range []*tracks.Circuit{ovalTrack(t), inlineTrack(t, labTrack)} {
		checked := 0
		for seed := range 60 {
			g, err := NewGame("zig", DefaultConfig(), c, 2+seed%9)
			require.NoError(t, err)
			src := dice.NewSeeded(SeedFrom(fmt.Sprint("zigzag-", c.ID, seed)))
			require.NoError(t, g.Start(src))
			for !g.Over {
				if d := g.Pending(); d != nil && d.Kind == DecideMove {
					for _, op := range d.Options {
						checked++
						if z := zigzag(g, g.car(d.Car).Space, op.Path); z != "" {
							t.Fatalf("%s seed %d: car %d option %s zigzags %s", c.ID, seed, d.Car, op.Letter, z)
						}
					}
				}
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
			}
		}
		assert.Greater(t, checked, 1000, "%s: options checked", c.ID)
	}
	t.Run("going around a car is not a zigzag", func(t *testing.T) {
		// car 2 on back.3.1 in front of car 1: out to lane 2 (or 0) and
		// back to lane 1 beyond it
		h := play(t, inlineTrack(t, longTrack), DefaultConfig(), []CarPosition{at("back.0.1", 3).laps(1), at("back.3.1", 3)}, nil)
		h.gear(3, 6)
		op := h.option("back.6.1", 6)
		var lanes []int
		for _, s := range op.Path {
			lanes = append(lanes, h.c.Spaces[s].Lane)
		}
		assert.NotEqual(t, []int{1, 1, 1, 1, 1, 1}, lanes)
		assert.Empty(t, zigzag(h.g, h.id("back.0.1"), op.Path))
		// the same path with car 2 gone is a zigzag
		h.car(2).Space = tracks.NoSpace
		assert.NotEmpty(t, zigzag(h.g, h.id("back.0.1"), op.Path))
	})
}

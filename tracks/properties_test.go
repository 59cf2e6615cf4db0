package tracks_test

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Property tests: they hold for every embedded circuit, so a new circuit
// file is checked as soon as it lands in tracks/circuits.

// (a) Random forward walks never leave the graph: every edge leads to a
// space of the circuit on which a car may stand, every space a car can reach
// has a way on, and no lap driven on the track is shorter than LapLength.
func TestPropertyRandomWalksStayOnTheGraph(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		rng := rand.New(rand.NewPCG(1, 2)) // fixed seed: reproducible
		starts := append([]tracks.SpaceID{c.QualifyingStart}, c.Grid...)
		starts = append(starts, c.Pit.Entry...)
		const walks, steps = 30, 2000
		laps := 0
		visited := map[tracks.SpaceID]bool{}
		for w := range walks {
			cur := starts[w%len(starts)]
			sinceLine, pitted, seenLine := 0, false, false
			for step := range steps {
				s := &c.Spaces[cur]
				// plain ifs: testify's checks cost too much at this rate
				if !s.Playable() || len(s.Next) == 0 {
					t.Fatalf("walk %d step %d stands on %s: playable %v, %d edges", w, step, s.Name, s.Playable(), len(s.Next))
				}
				next := s.Next[rng.IntN(len(s.Next))]
				if next < 0 || int(next) >= len(c.Spaces) {
					t.Fatalf("edge %s -> %d out of range", s.Name, next)
				}
				t2 := &c.Spaces[next]
				if !t2.Playable() {
					t.Fatalf("edge %s -> %s leads to an unplayable space", s.Name, t2.Name)
				}
				if s.Kind == tracks.KindTrack && t2.Kind == tracks.KindTrack && s.Tunnel == 0 && math.Abs(t2.Offset-s.Offset) > 1+1e-9 {
					t.Fatalf("edge %s -> %s jumps lanes", s.Name, t2.Name)
				}
				if s.Kind != tracks.KindTrack {
					pitted = true
				}
				if crossing(c, cur, next) {
					if seenLine && !pitted {
						// the lap visited the space after the line and
						// sinceLine more spaces
						if sinceLine+1 < c.LapLength {
							t.Fatalf("walk %d drove a lap of %d spaces, shorter than LapLength %d", w, sinceLine+1, c.LapLength)
						}
						laps++
					}
					seenLine, sinceLine, pitted = true, 0, t2.Kind != tracks.KindTrack
				} else {
					sinceLine++
				}
				cur = next
				visited[cur] = true
			}
		}
		assert.Greater(t, laps, walks, "the walks should complete laps")
		// the walks go everywhere a car can: at least most of the board,
		// and into the boxes when the pits are open
		assert.Greater(t, len(visited), len(c.Spaces)/2)
		if c.Pit.Usable {
			boxes := 0
			for _, b := range c.Pit.Boxes {
				if visited[b] {
					boxes++
				}
			}
			assert.Positive(t, boxes, "no walk stopped in a box")
		}
	})
}

// (b) The shortest lap, recomputed by dynamic programming over the spaces
// in level order (levels increase along every non-crossing edge), equals
// LapLength.
func TestPropertyLapLengthIsTheShortestLap(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		assert.Equal(t, independentLapLength(c), c.LapLength)
	})
}

func independentLapLength(c *tracks.Circuit) int {
	const inf = math.MaxInt / 2
	track := func(id tracks.SpaceID) bool { return c.Spaces[id].Kind == tracks.KindTrack }
	dist := make([]int, len(c.Spaces)) // spaces visited since the line
	for i := range dist {
		dist[i] = inf
	}
	for i := range c.Spaces {
		for _, n := range c.Spaces[i].Next {
			if track(tracks.SpaceID(i)) && track(n) && crossing(c, tracks.SpaceID(i), n) {
				dist[n] = 1 // just after the line
			}
		}
	}
	order := make([]int, len(c.Spaces))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return c.Spaces[order[a]].Level < c.Spaces[order[b]].Level })
	best := inf
	for _, i := range order {
		id := tracks.SpaceID(i)
		if !track(id) || dist[i] == inf {
			continue
		}
		for _, n := range c.Spaces[i].Next {
			switch {
			case !track(n):
			case crossing(c, id, n):
				best = min(best, dist[i])
			default:
				dist[n] = min(dist[n], dist[i]+1)
			}
		}
	}
	if best == inf {
		return 0
	}
	return best
}

// (c) Levels go up along every edge, except across the start/finish line,
// from the last part of the lap to the first; they never stay equal.
func TestPropertyLevelsIncreaseAlongEdges(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		crossings := 0
		for i := range c.Spaces {
			s := &c.Spaces[i]
			require.True(t, s.Level >= 0 && s.Level < c.Levels, "%s level %d outside 0..%d", s.Name, s.Level, c.Levels-1)
			for _, n := range s.Next {
				t2 := &c.Spaces[n]
				require.NotEqual(t, s.Level, t2.Level, "edge %s -> %s stays on level %d", s.Name, t2.Name, s.Level)
				if t2.Level < s.Level {
					crossings++
					assert.True(t, s.Level >= c.Levels/2 && t2.Level < c.Levels/2,
						"edge %s (level %d) -> %s (level %d) goes back but not across the line", s.Name, s.Level, t2.Name, t2.Level)
					assert.True(t, c.CrossesLine(s.ID, n))
				} else {
					assert.False(t, c.CrossesLine(s.ID, n))
				}
			}
		}
		assert.Positive(t, crossings, "some edge must cross the line")
	})
}

// (d) Corners: 1–3 stops, 1 <= ShortPath <= LongPath, both equal to an
// independent count of the fewest and most corner spaces on a path through
// the zone; in generated corners the inside lane is shorter than the
// outside one, and every lane has its entry.
func TestPropertyCorners(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		for ci, k := range c.Corners {
			assert.Equal(t, ci, k.Index)
			assert.True(t, k.Stops >= 1 && k.Stops <= 3, "corner %q stops %d", k.Name, k.Stops)
			assert.GreaterOrEqual(t, k.ShortPath, 1, "corner %q", k.Name)
			assert.LessOrEqual(t, k.ShortPath, k.LongPath, "corner %q", k.Name)
			assert.NotEmpty(t, k.Entry, "corner %q", k.Name)
			assert.NotEmpty(t, k.Exit, "corner %q", k.Name)
			in := map[tracks.SpaceID]bool{}
			for _, s := range k.Spaces {
				in[s] = true
				assert.Equal(t, ci, c.Spaces[s].Corner, "space %s", c.Spaces[s].Name)
				assert.True(t, c.Spaces[s].Level >= k.FirstLevel && c.Spaces[s].Level <= k.LastLevel)
			}
			for _, e := range k.Entry {
				assert.True(t, in[e], "entry %s is in the corner", c.Spaces[e].Name)
			}
			for _, x := range k.Exit {
				assert.False(t, in[x], "exit %s is past the corner", c.Spaces[x].Name)
			}
			short, long := cornerPaths(c, in, k.Entry)
			assert.Equal(t, short, k.ShortPath, "corner %q short path", k.Name)
			assert.Equal(t, long, k.LongPath, "corner %q long path", k.Name)

			seg := segmentByID(c, k.ID)
			if seg == nil || seg.Kind != "corner" {
				continue // a hand-declared zone
			}
			perLane := map[int]int{}
			for _, s := range k.Spaces {
				perLane[c.Spaces[s].Lane]++
			}
			assert.Len(t, perLane, seg.Lanes, "corner %q: every lane has spaces", k.Name)
			assert.Len(t, k.Entry, seg.Lanes, "corner %q: one entry per lane", k.Name)
			if seg.Lanes < 2 {
				continue
			}
			outside := 0
			if k.InsideLane == 0 {
				outside = seg.Lanes - 1
			}
			if k.Direction == tracks.Right {
				assert.Equal(t, seg.Lanes-1, k.InsideLane, "corner %q turns right: the inside is the rightmost lane", k.Name)
			} else {
				assert.Equal(t, 0, k.InsideLane, "corner %q turns left: the inside is lane 0", k.Name)
			}
			assert.Less(t, perLane[k.InsideLane], perLane[outside], "corner %q: the inside lane has fewer spaces than the outside lane", k.Name)
			assert.Equal(t, perLane[outside], k.LongPath, "corner %q: the long path is the outside lane", k.Name)
			assert.LessOrEqual(t, k.ShortPath, perLane[k.InsideLane], "corner %q", k.Name)
		}
	})
}

// cornerPaths counts the fewest and the most corner spaces a car crosses
// from an entry until it leaves the zone.
func cornerPaths(c *tracks.Circuit, in map[tracks.SpaceID]bool, entries []tracks.SpaceID) (int, int) {
	type mm struct{ lo, hi int }
	memo := map[tracks.SpaceID]mm{}
	var f func(tracks.SpaceID) mm
	f = func(s tracks.SpaceID) mm {
		if v, ok := memo[s]; ok {
			return v
		}
		r := mm{math.MaxInt, 0}
		for _, n := range c.Spaces[s].Next {
			sub := mm{0, 0} // leaving the corner
			if in[n] {
				sub = f(n)
			}
			r.lo, r.hi = min(r.lo, sub.lo+1), max(r.hi, sub.hi+1)
		}
		memo[s] = r
		return r
	}
	lo, hi := math.MaxInt, 0
	for _, e := range entries {
		r := f(e)
		lo, hi = min(lo, r.lo), max(hi, r.hi)
	}
	return lo, hi
}

func segmentByID(c *tracks.Circuit, id string) *tracks.Segment {
	for i := range c.Segments {
		if c.Segments[i].ID == id {
			return &c.Segments[i]
		}
	}
	return nil
}

// (e) Beside is symmetric and lists playable spaces of the same kind at the
// same level in an adjacent lane.
func TestPropertyBesideIsSymmetric(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		pairs := 0
		for i := range c.Spaces {
			s := &c.Spaces[i]
			if !s.Playable() {
				continue
			}
			for _, b := range c.Beside(s.ID) {
				o := &c.Spaces[b]
				require.NotEqual(t, s.ID, b, "%s is beside itself", s.Name)
				assert.Equal(t, s.Level, o.Level, "%s beside %s", s.Name, o.Name)
				assert.Equal(t, s.Kind, o.Kind, "%s beside %s", s.Name, o.Name)
				assert.True(t, o.Playable())
				assert.LessOrEqual(t, math.Abs(o.Offset-s.Offset), 1+1e-9)
				assert.Contains(t, c.Beside(b), s.ID, "%s is beside %s but not the reverse", o.Name, s.Name)
				pairs++
			}
		}
		assert.Positive(t, pairs)
	})
	// and, pinned on the test oval: the middle lane has both neighbours,
	// the pit lane none on the track
	c := embedded(t, "test-oval")
	names := func(ids []tracks.SpaceID) []string {
		var out []string
		for _, id := range ids {
			out = append(out, c.Spaces[id].Name)
		}
		sort.Strings(out)
		return out
	}
	assert.Equal(t, []string{"back.3.0", "back.3.2"}, names(c.Beside(space(t, c, "back.3.1"))))
	assert.Equal(t, []string{"back.3.1"}, names(c.Beside(space(t, c, "back.3.0"))))
	assert.Empty(t, c.Beside(space(t, c, "pit.3")))
	// in a corner, side by side means the same level (AMB-08)
	assert.Equal(t, []string{"north.1.1"}, names(c.Beside(space(t, c, "north.2.0"))))
}

// (f) Building the same source twice gives deeply equal circuits.
func TestPropertyBuildIsDeterministic(t *testing.T) {
	for _, id := range tracks.IDs() {
		t.Run(id, func(t *testing.T) {
			src, err := tracks.EmbeddedSource(id)
			require.NoError(t, err)
			build := func() *tracks.Circuit {
				s, err := tracks.Parse(id+".track", src)
				require.NoError(t, err)
				c, err := tracks.Build(s)
				require.NoError(t, err)
				return c
			}
			a, b := build(), build()
			require.Equal(t, a, b)
			// and a circuit does not share memory with the other build
			if len(a.Spaces) > 0 && len(a.Spaces[0].Next) > 0 {
				a.Spaces[0].Next[0] = -7
				assert.NotEqual(t, a.Spaces[0].Next[0], b.Spaces[0].Next[0])
			}
		})
	}
}

// (g) When the pit is usable, the pit lane runs entry → every box → exit;
// when it is not, nothing leads into it.
func TestPropertyPitRoute(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) {
		p := c.Pit
		intoPit := 0
		for i := range c.Spaces {
			if c.Spaces[i].Kind != tracks.KindTrack {
				continue
			}
			for _, n := range c.Spaces[i].Next {
				if c.Spaces[n].Kind != tracks.KindTrack {
					intoPit++
				}
			}
		}
		if !p.Usable {
			assert.Zero(t, intoPit, "no track edge leads into unused pits")
			return
		}
		require.NotEmpty(t, p.Entry)
		require.NotEmpty(t, p.Lane)
		require.NotEmpty(t, p.Exit)
		assert.GreaterOrEqual(t, len(p.Boxes), tracks.MinGridSlots)
		for k, id := range p.Lane {
			assert.Equal(t, tracks.KindPit, c.Spaces[id].Kind)
			if k+1 < len(p.Lane) {
				assert.Contains(t, c.Spaces[id].Next, p.Lane[k+1], "pit lane is a chain")
			}
		}
		for i, b := range p.Boxes {
			assert.Equal(t, tracks.KindBox, c.Spaces[b].Kind)
			assert.Equal(t, i+1, c.Spaces[b].Box, "box %d belongs to car %d", i+1, i+1)
		}
		// a walk off the track from the entry
		var firsts []tracks.SpaceID
		for _, e := range p.Entry {
			assert.Equal(t, tracks.KindTrack, c.Spaces[e].Kind)
			assert.True(t, c.Spaces[e].Has(tracks.FlagPitEntry|tracks.FlagPitEntryLimit))
			for _, n := range c.Spaces[e].Next {
				if c.Spaces[n].Kind == tracks.KindPit {
					firsts = append(firsts, n)
				}
			}
		}
		require.NotEmpty(t, firsts, "the pit entry leads into the pit lane")
		offTrack := func(starts ...tracks.SpaceID) map[tracks.SpaceID]bool {
			seen := map[tracks.SpaceID]bool{}
			for q := append([]tracks.SpaceID(nil), starts...); len(q) > 0; q = q[1:] {
				if seen[q[0]] {
					continue
				}
				seen[q[0]] = true
				for _, n := range c.Spaces[q[0]].Next {
					if c.Spaces[n].Kind != tracks.KindTrack {
						q = append(q, n)
					}
				}
			}
			return seen
		}
		fromEntry := offTrack(firsts...)
		for _, b := range p.Boxes {
			require.True(t, fromEntry[b], "box %s is reachable from the pit entry", c.Spaces[b].Name)
			out := offTrack(b)
			reached := false
			for _, x := range p.Exit {
				reached = reached || out[x]
			}
			assert.True(t, reached, "box %s leads to the pit exit", c.Spaces[b].Name)
		}
		assert.Equal(t, intoPit, len(p.Entry), "only the pit entry leads off the track")
		for _, x := range p.Exit {
			assert.True(t, c.Spaces[x].Has(tracks.FlagPitExit))
			back := false
			for _, n := range c.Spaces[x].Next {
				back = back || c.Spaces[n].Kind == tracks.KindTrack
			}
			assert.True(t, back, "the pit exit %s leads back onto the track", c.Spaces[x].Name)
		}
	})
}

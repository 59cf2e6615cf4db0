package fd

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// comparePaths walks two chains back to where they share their beginning
// instead of writing both paths out: it must order every pair as
// slices.Compare orders the written paths, chains sharing a prefix or not,
// of one length or not.
func TestComparePathsIsSlicesCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	ws := &scratch{}
	for range 2000 {
		// a tree of steps in the scratch's arena: each new step extends a
		// random earlier one, so that chains share beginnings as a walk's do
		ws.arenas[ws.cur].chunk, ws.arenas[ws.cur].used = 0, 0
		steps := []*partial{ws.newPartial(&partial{s: tracks.SpaceID(rng.IntN(3)), length: 1})}
		for range 40 {
			p := steps[rng.IntN(len(steps))]
			steps = append(steps, ws.newPartial(&partial{s: tracks.SpaceID(rng.IntN(3)), prev: p.self, length: p.length + 1}))
		}
		a, b := steps[rng.IntN(len(steps))], steps[rng.IntN(len(steps))]
		want := slices.Compare(ws.appendPath(nil, a), ws.appendPath(nil, b))
		require.Equal(t, want, ws.comparePaths(a, b), "%v vs %v", ws.appendPath(nil, a), ws.appendPath(nil, b))
	}
}

// The move that follows the autopilot's look-ahead reads the walk the
// look-ahead kept (mover.walkEnds). At every gear decision of seeded
// races, the ends it reads for every distance the dice can roll must be
// the ends a walk of its own finds: the same lengths, the same ends in the
// same order, the same paths and hazards; and the lengths the look-ahead
// reads (legalLengthsKeeping) must be those of its ends.
func TestKeptWalkGivesTheEndsOfAFreshWalk(t *testing.T) {
	for i, track := range []string{"kestrel-downs", "hollowmere"} {
		c, err := tracks.Get(track)
		require.NoError(t, err)
		cfg := DefaultConfig()
		cfg.Laps = 3 // pit stops: ends that reach the box use the whole move
		seed := SeedFrom(fmt.Sprintf("kept-walk-%d", i))
		g, err := NewGame(GameIDFor(seed), cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		read := 0
		for !g.Over {
			if d := g.pending; d != nil && d.Kind == DecideGear {
				read += checkKeptWalk(t, g, d)
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		require.Positive(t, read, "%s: no end was read from a kept walk", track)
	}
}

// checkKeptWalk compares, for one gear decision, the ends read from the
// kept walk with a fresh walk's, and says how many lists were read.
func checkKeptWalk(t *testing.T, g *Game, d *Decision) int {
	c := g.car(d.Car)
	die, err := g.Config.Dice.Gear(d.Options[0].Gear)
	require.NoError(t, err)
	reach := die.Max() + g.slide(c) + 1
	turn := &turn{car: c, start: c.Space, startCorner: c.Corner, startStops: c.Stops}
	// the autopilot's look-ahead reads the lengths of these ends only,
	// from a fresh walk and from the kept one (legalLengthsKeeping)
	g.scratch.kept.valid = false
	lengths := func() []bool {
		has := make([]bool, reach+1)
		m := g.newMover(turn)
		m.legalLengthsKeeping(c.Space, reach, c.Pitting, has)
		m.release()
		return has
	}
	fromFresh, fromKept := lengths(), lengths()
	keeper := g.newMover(turn)
	ends, _ := keeper.legalEndsKeeping(c.Space, reach, c.Pitting)
	want := make([]bool, reach+1)
	for _, e := range ends {
		want[e.steps] = true
	}
	keeper.release()
	require.Equal(t, want, fromFresh, "car %d at %s: the lengths of a fresh walk's ends", c.Number, g.Track.Spaces[c.Space].Name)
	require.Equal(t, want, fromKept, "car %d at %s: the lengths of the kept walk's ends", c.Number, g.Track.Spaces[c.Space].Name)
	read := 0
	for n := 0; n <= reach; n++ {
		kept := g.newMover(turn)
		k := g.scratch.kept
		key, keyable := kept.walkKey(c.Space, c.Pitting)
		require.True(t, keyable && k.valid && k.key == key && kept.sameBits(&k) && n <= k.n, "the kept walk fits")
		fromKept, _ := kept.legalEndsUnwritten(c.Space, n, c.Pitting)
		got := describeEnds(kept.scratch(), fromKept)
		kept.release()

		g.scratch.kept.valid = false // walk afresh
		fresh := g.newMover(turn)
		ends, _ := fresh.legalEndsUnwritten(c.Space, n, c.Pitting)
		want := describeEnds(fresh.scratch(), ends)
		fresh.release()
		require.Equal(t, want, got, "car %d at %s, %d steps", c.Number, g.Track.Spaces[c.Space].Name, n)

		keeper := g.newMover(turn) // keep the look-ahead's walk again
		keeper.legalEndsKeeping(c.Space, reach, c.Pitting)
		keeper.release()
		read++
	}
	return read
}

func describeEnds(ws *scratch, ends []candidate) []string {
	out := make([]string, len(ends))
	for i, e := range ends {
		out[i] = fmt.Sprintf("%d:%v h%d pit=%v done=%v", e.steps, ws.appendPath(nil, e.p), e.p.hazards, e.p.pit, e.p.done)
	}
	return out
}

package fd

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Issue 14: the main move's walk lists no end its brakes cannot reach
// (R11.3, AMB-34) and makes no option of a braked end finishOptions would
// drop (appendMoveOptionsAt's room); qualifying's walk lists the longest
// ends only (R1.1: no brakes). finishOptions finds the options of one
// choice by choiceKey rather than a hash of every space of the path, and
// undominatedIn asks dominated only of the options sharing their key
// with another. JudgeOption is handed the option's path itself when the
// play has no unresolved part before it, and the hazard subsets leave the
// ends out of the brakes' room too. The tests below hold them to the
// listing before, kept as brakesByDrop, judgingAsBefore, fullByCopy and
// subsetEndsAll.

// asBefore runs f with the options listed as the code before the round
// listed them: every end walked, every braked end an option, those over
// the brakes dropped by finishOptions, the choices found by their whole
// paths' hashes, dominated asked of every option, every path judged as a
// copy after the play's unresolved part, the hazard subsets' every end
// listed.
func asBefore[T any](f func() T) T {
	brakesByDrop, judgingAsBefore, fullByCopy, subsetEndsAll = true, true, true, true
	defer func() { brakesByDrop, judgingAsBefore, fullByCopy, subsetEndsAll = false, false, false, false }()
	return f()
}

// moveOptionsByDrop is the play's main-move options as the code before
// listed them (asBefore).
func moveOptionsByDrop(g *Game) []Option {
	return asBefore(Turn{g, g.turn}.MoveOptions)
}

// moveOptionsNow is the play's main-move options as listed now.
func moveOptionsNow(g *Game) []Option {
	return Turn{g, g.turn}.MoveOptions()
}

// TestMoveOptionsAsListedBefore plays whole 10-car fdr races by autopilot
// (their qualifying sessions included) and, at every move decision of
// the race and of the session that plays next, and at every slipstream
// decision, lists the play's options both ways (asBefore): the
// lists are the same, option for option (paths, brakes, blocking, costs,
// risks, letters), and the pending decision's options are them. It
// counts the decisions and the options compared, which must not be none,
// and the decisions where the brakes left some end out.
func TestMoveOptionsAsListedBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	decisions, sessions, options, fewer := 0, 0, 0, 0
	slips := 0
	check := func(id string, g *Game) {
		d := g.pending
		if d != nil && d.Kind == DecideSlipstream && g.turn != nil {
			// the slipstreams' options are judged by finishOptions too
			want := asBefore(Turn{g, g.turn}.SlipOptions)
			got := Turn{g, g.turn}.SlipOptions()
			require.Equal(t, want, got, "%s: car %d, the slipstreams", id, d.Car)
			require.Equal(t, want, d.Options[:len(d.Options)-1], "%s: car %d, the pending slipstreams", id, d.Car)
			slips++
			return
		}
		if d == nil || d.Kind != DecideMove || g.turn == nil {
			return
		}
		// the walk's ends, all and within the brakes' room
		m := g.borrowMover(g.turn)
		var w optionWalk
		require.True(t, w.start(Turn{g, g.turn}, m))
		c := g.turn.car
		pitting := c.Pitting && !w.state.Exit
		all := len(m.legalEnds(c.Space, g.turn.distance, pitting))
		within := len(m.legalEndsWithin(c.Space, g.turn.distance, pitting, w.brakeRoom()))
		m.release()
		g.returnMover()
		require.LessOrEqual(t, within, all)
		if within < all {
			fewer++
		}
		want := moveOptionsByDrop(g)
		got := moveOptionsNow(g)
		require.Equal(t, want, got, "%s: car %d at %s, rolled %d", id, d.Car, g.Track.Spaces[g.turn.car.Space].Name, d.Rolled)
		pending := slices.DeleteFunc(slices.Clone(d.Options), func(op Option) bool { return op.Reroll })
		require.Equal(t, want, pending, "%s: car %d, the pending decision's options", id, d.Car)
		decisions++
		if g.qualifying {
			sessions++
		}
		options += len(got)
	}
	for _, id := range []string{"kestrel-downs", "port-azur", "hollowmere", "race-city"} {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		cfg := ConfigFor(FDR)
		cfg.Laps = 2
		seed := SeedFrom("brake-room-" + id)
		g, err := NewGame(GameIDFor(seed), cfg, c, 10)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			check(id, g)
			if g.pending == nil {
				if _, sub := g.firstQualifyingSession(); sub != nil {
					g.lendScratchTo(sub) // as Autopilot does, for the session that plays next
					check(id, sub)
				}
			}
			o, ok := Autopilot(g)
			require.True(t, ok, "nothing pending")
			require.NoError(t, g.Submit(o, src))
		}
	}
	t.Logf("%d move decisions compared (%d in qualifying sessions), %d options; %d with fewer ends walked; %d slipstream decisions", decisions, sessions, options, fewer, slips)
	require.Positive(t, slips, "slipstreams compared")
	require.Positive(t, fewer, "the brakes' room left ends out")
	require.Positive(t, sessions, "sessions' decisions compared")
	require.Greater(t, decisions, sessions, "races' decisions compared")
}

// TestRacesAsListedBefore plays the same fdr races with the options
// listed as before (asBefore) and as now: the records are the same, line
// for line.
func TestRacesAsListedBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	requireSameRecordsBothWays(t, []raceCase{
		{"kestrel-downs", "bench", 3},
		{"port-azur", "brakes-1", 2},
		{"hollowmere", "brakes-2", 2},
		{"race-city", "brakes-3", 2},
		{"oval", "brakes-4", 2},
	}, func(before bool) {
		brakesByDrop, judgingAsBefore, fullByCopy, subsetEndsAll = before, before, before, before
	})
}

// TestUndominatedInByKeysAsByPairs judges lists of options built to share
// their choices' keys in every way (the same end and length with other
// paths, brakes, blocking, bonus, Top; costs and risks each better, equal
// or worse) with the keys and without (dominated asked of every option):
// the kept lists are the same, and some options are dropped.
func TestUndominatedInByKeysAsByPairs(t *testing.T) {
	rng := uint64(0x9e3779b97f4a7c15)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	dropped, lists := 0, 0
	for range 3000 {
		opts := make([]Option, 1+next(20))
		for i := range opts {
			op := &opts[i]
			op.Path = make([]tracks.SpaceID, 1+next(3))
			for k := range op.Path {
				op.Path[k] = tracks.SpaceID(next(3))
			}
			op.End = op.Path[len(op.Path)-1]
			op.Braked, op.Blocked, op.Bonus, op.Top = next(2), next(2), next(4) == 0, next(2)
			op.Cost[Tyres], op.Cost[Brakes] = next(3), next(2)
			op.Dangerous, op.Wall, op.Overshoot, op.Penalty = next(2), next(2), next(2), next(2)
			op.Spin, op.Eliminated = next(5) == 0, next(8) == 0
		}
		keys := make([]uint64, len(opts))
		for i := range opts {
			keys[i] = sameChoiceKey(&opts[i])
		}
		want, _ := undominatedIn(nil, opts, nil)
		got, _ := undominatedIn(nil, opts, keys)
		require.Equal(t, want, got)
		require.Equal(t, appendUndominated(nil, opts), slices.Clip(append([]Option(nil), got...)))
		dropped += len(opts) - len(got)
		lists++
	}
	t.Logf("%d lists, %d options dominated", lists, dropped)
	require.Positive(t, dropped, "some options dominated")
}

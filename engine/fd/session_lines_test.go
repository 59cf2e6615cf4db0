package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// TestRacesAsWithSessionLinesCopied plays whole 10-car fdr races by
// autopilot, their qualifying sessions included (FDR R1, O-QUA), with the
// race's copies of the sessions' lines sharing the sessions' argument
// lists (shareSessionLines, issue 14) and with a list of their own each,
// as before: the same records, line for line; then two-session races
// (FDR R1.1: the second session's copies carry qs= as well).
func TestRacesAsWithSessionLinesCopied(t *testing.T) {
	if testing.Short() {
		t.Skip("whole races")
	}
	set := func(before bool) { shareSessionLines = !before }
	plays := requireSameRecordsBothWays(t, []raceCase{
		{"kestrel-downs", "bench", 3},
		{"port-azur", "share-1", 2},
		{"hollowmere", "share-2", 2},
		{"race-city", "share-3", 2},
		{"oval", "share-4", 2},
	}, set)
	require.Greater(t, plays, 1000, "the races play")
	defer set(false)
	qs := 0
	for _, track := range []string{"kestrel-downs", "hollowmere"} {
		c, err := tracks.Get(track)
		require.NoError(t, err)
		cfg := ConfigFor(FDR)
		cfg.Laps, cfg.Sessions = 1, 2
		set(true)
		_, want, err := Simulate(cfg, c, track, 10, SeedFrom("share-s2"))
		require.NoError(t, err)
		set(false)
		_, got, err := Simulate(cfg, c, track, 10, SeedFrom("share-s2"))
		require.NoError(t, err)
		require.Equal(t, len(want.Events), len(got.Events), track)
		for i := range want.Events {
			require.Equal(t, want.Events[i], got.Events[i], "%s: line %d", track, i)
			if got.Events[i].Get("qs") == "2" {
				qs++
			}
		}
	}
	require.Greater(t, qs, 100, "the second sessions' lines are copied")
}

// TestSessionLinesShareTheirLists steps a fdr game through its qualifying
// session and requires that the race's copy of a session's line is the
// session's own list seen from the q= before it (copyQualiEvents), for
// the lines cut from the session's record memory (rolls, orders, gears,
// moves …), and that the session's line is unchanged by its copy.
func TestSessionLinesShareTheirLists(t *testing.T) {
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	cfg := ConfigFor(FDR)
	cfg.Laps = 1
	g, err := NewGame("share", cfg, c, 4)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("share"))
	require.NoError(t, g.Start(src))
	// drive the game until its session is closed (CloseSession drops the
	// sessions' games: they are held here)
	var sessions map[int]*Game
	for steps := 0; steps < 5000 && !g.Over && (sessions == nil || g.quali != nil); steps++ {
		if g.quali != nil {
			sessions = g.quali
		}
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	require.Len(t, sessions, 4, "the sessions driven")
	shared, own := 0, 0
	for n, sub := range sessions {
		copied := 0
		for _, e := range g.Events {
			if e.Get("q") != lineInt(n) {
				continue
			}
			require.Less(t, copied, len(sub.Events), "car %d", n)
			line := sub.Events[copied]
			copied++
			require.Equal(t, "q-"+line.Kind, e.Kind)
			require.Equal(t, Arg{"q", lineInt(n)}, e.Args[0])
			require.Equal(t, line.Args, e.Args[1:], "car %d: the session's line as it was", n)
			if len(line.Args) > 0 && &e.Args[1] == &line.Args[0] {
				shared++
			} else {
				own++
			}
		}
		require.Equal(t, len(sub.Events), copied, "car %d: every line of its session copied", n)
	}
	t.Logf("%d copies share their session's list, %d have their own", shared, own)
	require.Greater(t, shared, 100, "copies sharing the session's list")
	require.Greater(t, shared, 4*own, "most copies share")
}

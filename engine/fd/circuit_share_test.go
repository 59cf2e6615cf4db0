package fd

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Every game on one circuit reads the same steps, and they are the
// circuit's steps as a fresh build lists them; a circuit built again is
// another circuit, with steps of its own.
func TestCircuitStepsAreSharedPerCircuit(t *testing.T) {
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	g, err := NewGame("a", DefaultConfig(), c, 2)
	require.NoError(t, err)
	h, err := NewGame("b", fdrConfig(), c, 2)
	require.NoError(t, err)
	require.Same(t, g.stepTable(), h.stepTable(), "one circuit, one table")
	fresh := buildSteps(c)
	require.Equal(t, fresh.first, g.stepTable().first)
	require.Equal(t, fresh.list, g.stepTable().list)

	again, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	o, err := NewGame("c", DefaultConfig(), again, 2)
	require.NoError(t, err)
	require.NotSame(t, g.stepTable(), o.stepTable(), "another circuit, another table")
	require.Equal(t, fresh.list, o.stepTable().list)
}

// The room to the corner ahead that the autopilot reads from the circuit's
// shared answers (roomAhead) is, for every space a race's cars stood on,
// what a fresh search gives, under rules with and without FDR's pit lane
// (whose answers are kept apart).
func TestSharedRoomsAreFreshSearches(t *testing.T) {
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	for i, cfg := range []Config{DefaultConfig(), fdrConfig()} {
		cfg.Laps = 1
		seed := SeedFrom(fmt.Sprintf("shared-rooms-%d", i))
		g, err := NewGame(GameIDFor(seed), cfg, c, 6)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		rooms := g.shareRooms()
		checked := 0
		for at := range rooms {
			v := rooms[at].Load()
			if v == 0 {
				continue // no car asked from there
			}
			s := tracks.SpaceID(at / 2)
			car := &Car{Space: s, Corner: -1} // towards the next corner
			if at%2 == 1 {
				car.Corner = c.Spaces[s].Corner // owing its stops in this one
			}
			k, _ := g.targetCorner(car)
			ws := g.takeScratch()
			far, near := g.walkRoom(ws, s, k)
			g.putScratch(ws)
			gotFar, gotNear := g.roomAhead(car)
			require.Equal(t, [2]int{far, near}, [2]int{gotFar, gotNear}, "%s at %s (in its corner: %v)", cfg.Rules, c.Spaces[s].Name, at%2 == 1)
			checked++
		}
		require.Greater(t, checked, 50, cfg.Rules)
	}
}

// Games on one circuit in several goroutines at once (as a service plays
// them) share its tables and play exactly as a game alone does: the same
// events, byte for byte. Run with -race, this is the shared tables'
// check for data races.
func TestSharedCircuitTablesUnderConcurrentGames(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	play := func(cfg Config, seed [dice.SeedSize]byte) ([]Event, error) {
		g, _, err := Simulate(cfg, c, "port-azur", 6, seed)
		if err != nil {
			return nil, err
		}
		return g.Events, nil
	}
	cfgs := []Config{DefaultConfig(), fdrConfig()}
	for i := range cfgs {
		cfgs[i].Laps = 1
	}
	const games = 4
	events := make([][]Event, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			events[i], errs[i] = play(cfgs[i%2], SeedFrom(fmt.Sprintf("shared-%d", i)))
		})
	}
	wg.Wait()
	for i := range games {
		require.NoError(t, errs[i])
		// alone, on a circuit of its own
		own, err := tracks.Get("port-azur")
		require.NoError(t, err)
		seed := SeedFrom(fmt.Sprintf("shared-%d", i))
		g, _, err := Simulate(cfgs[i%2], own, "port-azur", 6, seed)
		require.NoError(t, err)
		require.Equal(t, g.Events, events[i], "game %d", i)
	}
}

// A circuit's share goes once the circuit is unreachable: a service that
// drops a circuit does not keep its tables.
func TestCircuitShareGoesWithItsCircuit(t *testing.T) {
	key := func() weak.Pointer[tracks.Circuit] {
		c, err := tracks.Get("test-oval")
		require.NoError(t, err)
		shareOf(c)
		return weak.Make(c)
	}()
	_, ok := circuitShares.Load(key)
	require.True(t, ok)
	gone := false
	for range 200 { // the cleanup runs on its own goroutine after a collection
		runtime.GC()
		if _, ok := circuitShares.Load(key); !ok {
			gone = true
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.True(t, gone, "the share outlived its circuit")
}

// The autopilot's inside-of-the-corner measure (R-ORD-03) is shared per
// circuit: on every embedded circuit, each space's shared answer is the
// one worked out afresh, a second game on the circuit reads the same
// table, and the answers vary along the track (not all zeros).
func TestSharedInsideOfIsWorkedOut(t *testing.T) {
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		require.NoError(t, err)
		g, err := NewGame("inside", DefaultConfig(), c, 2)
		require.NoError(t, err)
		other, err := NewGame("inside", DefaultConfig(), c, 2)
		require.NoError(t, err)
		distinct := map[float64]bool{}
		for i := range c.Spaces {
			s := tracks.SpaceID(i)
			want := g.workInsideOf(s)
			require.Equal(t, want, g.insideOf(s), "%s %s", id, c.Spaces[s].Name)
			require.Equal(t, want, other.insideOf(s), "%s %s", id, c.Spaces[s].Name)
			distinct[want] = true
		}
		require.Same(t, &g.stepTable().inside[0], &other.stepTable().inside[0], "%s: one table per circuit", id)
		require.Greater(t, len(distinct), 2, id)
	}
}

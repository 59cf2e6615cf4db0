package fd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// heldList is a decision's option list as handed out, and a deep copy of
// it taken then.
type heldList struct {
	what      string
	list, was []Option
}

func deepOptions(opts []Option) []Option {
	out := slices.Clone(opts)
	for i := range out {
		out[i].Path = slices.Clone(out[i].Path)
	}
	return out
}

// TestHandedOutOptionListsStayAsTheyWere: the game reuses the memory of
// its decisions' option lists (issue 14), but never that of a list it
// handed out (Pending, PendingAll, MovesIf): every list held by a caller is,
// at the race's end, what it was when handed out. The races mix decisions
// read by the autopilot only (whose memory is reused) and handed-out ones.
func TestHandedOutOptionListsStayAsTheyWere(t *testing.T) {
	for _, rules := range []Ruleset{FD2008, FDR} {
		t.Run(string(rules), func(t *testing.T) {
			c, err := tracks.Get("port-azur")
			require.NoError(t, err)
			cfg := ConfigFor(rules)
			cfg.Laps = 1
			g, err := NewGame("held", cfg, c, 6)
			require.NoError(t, err)
			src := dice.NewSeeded(SeedFrom("held-" + string(rules)))
			require.NoError(t, g.Start(src))
			var held []heldList
			hold := func(what string, opts []Option) {
				if len(opts) > 0 {
					held = append(held, heldList{what, opts, deepOptions(opts)})
				}
			}
			for plays := 0; !g.Over; plays++ {
				require.Less(t, plays, 5000, "the race ends")
				switch plays % 3 {
				case 0: // read by the autopilot only
				case 1:
					if d := g.Pending(); d != nil {
						hold(fmt.Sprintf("Pending at play %d", plays), d.Options)
					}
				case 2:
					for _, d := range g.PendingAll() {
						hold(fmt.Sprintf("PendingAll at play %d", plays), d.Options)
					}
					hold(fmt.Sprintf("MovesIf at play %d", plays), g.MovesIf(4, 7))
				}
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
			}
			require.NotEmpty(t, held)
			for _, h := range held {
				require.Equal(t, h.was, h.list, "%s: the list changed after it was handed out", h.what)
			}
		})
	}
}

// TestPendingReadFromManyGoroutines: Pending and PendingAll only read the
// game, as far as its callers can tell, so several may run at once on one
// game (render draws a board and its crop side by side; bot's kept views
// serve several transports). Marking the lists handed out is their one
// write: under -race this test fails if that write is not atomic. Each
// reader gets the same decisions a lone reader gets.
func TestPendingReadFromManyGoroutines(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := ConfigFor(FD2008)
	cfg.Laps = 1
	g, err := NewGame("readers", cfg, c, 6)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("readers"))
	require.NoError(t, g.Start(src))
	for plays := 0; plays < 40 && !g.Over; plays++ {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	want := deepOptions(g.Pending().Options)
	const readers = 8
	got := make([][]Option, readers)
	done := make(chan struct{})
	for i := range readers {
		go func() {
			defer func() { done <- struct{}{} }()
			for range 50 {
				g.PendingAll()
				got[i] = deepOptions(g.Pending().Options)
			}
		}()
	}
	for range readers {
		<-done
	}
	for i := range readers {
		require.Equal(t, want, got[i], "reader %d", i)
	}
}

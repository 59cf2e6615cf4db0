package bot

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence/memory"
)

// factsBoard "draws" a board as the facts a board shows, so two boards
// can be compared as text.
type factsBoard struct{}

func (factsBoard) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	_, err := fmt.Fprintf(w, "%s %d %d %+v %+v", lang, len(g.Events), g.Play, g.Position(), g.PendingAll())
	return err
}

// sameTableAndBoard requires the Discord table (in English and French)
// and the board drawn by r to be the same read through a as through b.
func sameTableAndBoard(t *testing.T, a, b *Service, id string, r BoardRenderer, step int) {
	t.Helper()
	ctx := context.Background()
	for _, lang := range []string{"", "fr"} {
		ta, err := a.Table(ctx, id, lang)
		require.NoError(t, err)
		tb, err := b.Table(ctx, id, lang)
		require.NoError(t, err)
		require.Equal(t, tb, ta, "Table at step %d", step)
	}
	var ba, bb strings.Builder
	require.NoError(t, a.BoardPNG(ctx, id, "en", r, &ba))
	require.NoError(t, b.BoardPNG(ctx, id, "en", r, &bb))
	require.Equal(t, bb.String(), ba.String(), "board at step %d", step)
}

// Reads from a kept view say exactly what reads that rebuild the game
// every time say (the service before views), play after play, through a
// pause (the row changes, the record does not) and a new channel (the
// settings change): Show, Table, the board and the web page.
func TestViewsReadAsRebuilds(t *testing.T) {
	store := memory.New()
	defer store.Close()
	ctx := context.Background()
	kept := New(Options{Store: store})
	defer kept.Close()
	rebuilt := New(Options{Store: store})
	rebuilt.noViews = true
	defer rebuilt.Close()

	id, err := kept.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "views", Laps: 1})
	require.NoError(t, err)
	names := map[int]string{1: "Anna", 2: "Bob"}
	same := func(step int) {
		t.Helper()
		a, err := kept.Show(ctx, id)
		require.NoError(t, err)
		b, err := rebuilt.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, b, a, "Show at step %d", step)
		sameTableAndBoard(t, kept, rebuilt, id, factsBoard{}, step)
		wa, err := kept.WebGame(ctx, id, "", "fr", false)
		require.NoError(t, err)
		wb, err := rebuilt.WebGame(ctx, id, "", "fr", false)
		require.NoError(t, err)
		require.Equal(t, wb, wa, "web page at step %d", step)
	}
	steps := 0
	for ; steps < 300; steps++ {
		same(steps)
		v, err := kept.Show(ctx, id)
		require.NoError(t, err)
		if len(v.Pending) == 0 {
			break
		}
		switch steps {
		case 5:
			_, err = kept.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "pause"})
			require.NoError(t, err)
			same(steps)
			_, err = kept.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "resume"})
			require.NoError(t, err)
		case 9:
			require.NoError(t, kept.AddChannel(ctx, id, Channel{Transport: KindDiscord, Target: "thread-9"}))
			same(steps)
		}
		p := v.Pending[0]
		_, err = kept.Handle(ctx, Request{Identity: cli(names[p.Car]), Game: id, Text: p.Options[0]})
		require.NoError(t, err)
	}
	v, err := kept.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", v.State, "a whole race was read")
	assert.Greater(t, steps, 10)
	kept.mu.Lock()
	assert.Len(t, kept.views, 1, "the game's view was kept")
	kept.mu.Unlock()
}

// BenchmarkTableDeepInRace: a game's table read again, 1,500 decisions
// into a 10-car race, with its view kept and rebuilt every time (before
// views, issue 14: 2 → 37 ms over a race).
func BenchmarkTableDeepInRace(b *testing.B) {
	for _, mode := range []string{"kept", "rebuilt"} {
		b.Run(mode, func(b *testing.B) {
			ctx := context.Background()
			store := memory.New()
			defer store.Close()
			svc := New(Options{Store: store})
			svc.noViews = mode == "rebuilt"
			defer svc.Close()
			id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "bench-table", Laps: 3})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := svc.Autoplay(ctx, id, 1500); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := svc.Table(ctx, id, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// At most maxViews games are kept whole; the one read longest ago goes.
func TestViewsAreBounded(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	var ids []string
	for i := range maxViews + 3 {
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: fmt.Sprint("bounded-", i)})
		require.NoError(t, err)
		ids = append(ids, id)
		_, err = svc.Show(ctx, id)
		require.NoError(t, err)
	}
	_, err := svc.Show(ctx, ids[3]) // read again: kept
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "bounded-last"})
	require.NoError(t, err)
	_, err = svc.Show(ctx, id)
	require.NoError(t, err)
	svc.mu.Lock()
	defer svc.mu.Unlock()
	assert.Len(t, svc.views, maxViews)
	assert.Contains(t, svc.views, ids[3], "read lately")
	assert.Contains(t, svc.views, id)
	assert.NotContains(t, svc.views, ids[4], "read longest ago")
}

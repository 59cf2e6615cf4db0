package bot

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/duel"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// viewBoards is a renderer whose "picture" says which view it drew, for
// which seat and in which language: "board seat 0 en", "phone seat 1 fr".
// Like cmd's renderer it draws a phone view for a duel only.
type viewBoards struct{}

func (viewBoards) BoardPNG(w io.Writer, g engine.Game, lang string) error { return nil }
func (viewBoards) ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	_, err := fmt.Fprintf(w, "board seat %d %s", seat, lang)
	return err
}
func (viewBoards) ContractCropPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	if _, ok := g.(duel.Contract); !ok {
		return fmt.Errorf("no phone view for a %T", g)
	}
	_, err := fmt.Fprintf(w, "phone seat %d %s", seat, lang)
	return err
}

// A duel's mails carry the phone view to a pilot who asked for it
// (player set --board phone), as Formula Dé's carry the crop, and the full
// board to the other; a channel's mail carries the full board (issue 16).
// A Racing Simulator game, which has no phone view here, mails its board
// to the same pilot.
func TestDuelMailsCarryThePhoneView(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	store := memory.New()
	svc := New(Options{Store: store, Now: clock.now, Boards: viewBoards{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	seatOf := addRSPlayers(t, store)
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Board: "phone"})
	require.NoError(t, err)
	tb := &rsTable{svc: svc, store: store, clock: clock, seatOf: seatOf}
	for _, mode := range []duel.Mode{duel.Dragster, duel.Chicken} {
		id, err := svc.Create(ctx, CreateRequest{Game: gameDuel, Mode: string(mode), Seed: "phone-" + string(mode), Seats: []string{"Anna", "Bob"}})
		require.NoError(t, err)
		require.NoError(t, svc.AddChannel(ctx, id, Channel{Transport: persistence.IdentityEmail, Target: "duel@example.org"}))
		tb.drain(t)
		for seat, name := range []string{"Anna", "Bob"} {
			_, err := svc.Handle(ctx, Request{Identity: cli(name), Game: id, Text: "gear 1"})
			require.NoError(t, err, "%s: seat %d", mode, seat)
		}
		want := map[string]string{
			"anna@example.org": "board seat 0 en",
			"bob@example.org":  "phone seat 1 fr",
			"duel@example.org": "board seat -1 en",
		}
		got := map[string]string{}
		for _, m := range tb.drain(t) {
			if m.Transport == persistence.IdentityEmail && m.PNG != nil {
				got[m.Target] = string(m.PNG)
			}
		}
		assert.Equal(t, want, got, "%s: the image each mail carries", mode)
	}

	rsID, err := svc.Create(ctx, CreateRequest{Game: gameRS, Track: "windmere", Seed: "phone-rs", Seats: []string{"Anna", "Bob", "Cleo"}})
	require.NoError(t, err)
	tb.drain(t)
	for _, name := range []string{"Anna", "Bob", "Cleo"} {
		_, err := svc.Handle(ctx, Request{Identity: cli(name), Game: rsID, Text: "auto on"})
		require.NoError(t, err)
	}
	_, err = svc.Autoplay(ctx, rsID, 1)
	require.NoError(t, err)
	boards := 0
	for _, m := range tb.drain(t) {
		if m.Target == "bob@example.org" && m.PNG != nil {
			boards++
			assert.True(t, strings.HasPrefix(string(m.PNG), "board seat 1"), "Racing Simulator mails Bob its board: %q", m.PNG)
		}
	}
	assert.Positive(t, boards, "Racing Simulator mailed Bob no board")
}

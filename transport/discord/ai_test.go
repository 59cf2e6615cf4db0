package discord_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// /race new bots:2 level:legend seats two AI drivers beside the creator;
// after start every post waits for the one human only, to the flag.
func TestRaceNewWithBots(t *testing.T) {
	// a whole race with two legends, whose second-play look-ahead takes
	// about 15 ms a decision quiet and many times that under -race on a
	// loaded machine: one minute ran out in a run on the shared machine
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	u1 := discordtest.User{ID: "u1", Name: "Un"}
	private(t)(f.Slash(ctx, u1, "chan-7", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"},
		discordtest.Option{Name: "bots", Type: 4, Value: 2}, discordtest.Option{Name: "level", Type: 3, Value: "pro"}))
	var thread string
	for th := range f.Threads() {
		thread = th
	}
	ms, err := f.WaitMessages(ctx, thread, 1)
	if err != nil {
		t.Fatal(err)
	}
	var startID string
	for _, b := range ms[0].Buttons() {
		if strings.HasSuffix(b.CustomID, "|start") {
			startID = b.CustomID
		}
	}
	if startID == "" {
		t.Fatalf("no start button on the lobby: %+v", ms[0].Buttons())
	}
	game := strings.Split(startID, "|")[1]
	want(t, private(t)(f.Press(ctx, u1, ms[0], startID)), "3 cars")
	seen := 1
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("the race does not end")
		}
		ms, err := f.WaitMessages(ctx, thread, seen+1)
		if err != nil {
			t.Fatal(err)
		}
		seen = len(ms)
		post := ms[len(ms)-1]
		comps := post.Buttons()
		if len(comps) == 0 {
			v, err := h.svc.Show(ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			if v.State != "finished" {
				t.Fatalf("step %d: a post without buttons in a race still %s: %q", step, v.State, post.Content)
			}
			break
		}
		c := comps[0]
		var car int
		fmt.Sscan(strings.Split(c.CustomID, "|")[2], &car)
		if car != 1 || !slices.Contains(post.MentionUsers, "u1") {
			t.Fatalf("step %d: car %d waits (an AI car never should): %q", step, car, post.Content)
		}
		var r *discordtest.Reply
		if c.Type == 2 {
			r, err = f.Press(ctx, u1, post, c.CustomID)
		} else {
			r, err = f.Select(ctx, u1, post, c.CustomID, c.Options[0].Value)
		}
		private(t)(r, err)
	}
}

package discord_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// The game master of a race with a thread hears of an undo request by DM:
// the thread's post covers a seat's notice, not the game master's
// (issue 13).
func TestMasterNoticeByDM(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	anna := discordtest.User{ID: "u-anna", Name: "Anna"}
	bob := discordtest.User{ID: "u-bob", Name: "Bob"}
	private(t)(f.Slash(ctx, anna, "chan-1", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}))
	thread := ""
	for th, parent := range f.Threads() {
		if parent == "chan-1" {
			thread = th
		}
	}
	if thread == "" {
		t.Fatal("no thread for the race")
	}
	want(t, private(t)(f.Slash(ctx, bob, "chan-1", "join")), "car 2")
	want(t, private(t)(f.Slash(ctx, anna, thread, "start")), "starts")
	want(t, private(t)(f.Slash(ctx, bob, thread, "say", discordtest.Option{Name: "text", Type: 3, Value: "undo I clicked the wrong gear"})), "game master")
	ms, err := f.WaitMessages(ctx, "dm-u-anna", 1)
	if err != nil {
		t.Fatalf("no DM to the game master: %v", err)
	}
	found := false
	for _, m := range ms {
		found = found || strings.Contains(m.Content, "Bob (car 2) asks to take back the last play: I clicked the wrong gear")
	}
	if !found {
		t.Fatalf("the game master's DMs %+v lack the undo request", ms)
	}
}

package discord_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// link (lien) answers a player's personal link to the game's web page to
// them alone: an ephemeral reply, never a post of the thread.
func TestLinkIsAnsweredPrivately(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	anna, bob := discordtest.User{ID: "1", Name: "Anna"}, discordtest.User{ID: "2", Name: "Bob"}
	if _, err := f.Slash(ctx, anna, "chan", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}); err != nil {
		t.Fatal(err)
	}
	var thread string
	for th := range f.Threads() {
		thread = th
	}
	if _, err := f.Slash(ctx, bob, thread, "join"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Slash(ctx, anna, thread, "start"); err != nil {
		t.Fatal(err)
	}
	id, err := h.svc.GameOfChannel(ctx, "discord", thread)
	if err != nil {
		t.Fatal(err)
	}
	r := private(t)(f.Slash(ctx, bob, thread, "say", discordtest.Option{Name: "text", Type: 3, Value: "link"}))
	m := regexp.MustCompile(`/g/` + regexp.QuoteMeta(id) + `\?t=([a-z2-7]{24})`).FindStringSubmatch(r.Content)
	if m == nil {
		t.Fatalf("link answered %q", r.Content)
	}
	ms, err := f.WaitMessages(ctx, thread, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range ms {
		if strings.Contains(msg.Content, m[1]) {
			t.Fatalf("the token was posted in the thread: %q", msg.Content)
		}
	}
}

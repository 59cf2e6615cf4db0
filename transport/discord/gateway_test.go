package discord_test

import (
	"context"
	"testing"
	"time"

	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// A gateway connection that drops (a network failure, no close frame) is
// opened again by the transport itself, and slash commands reach the bot
// through the new one.
func TestGatewayReopensAfterADrop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	_, _, before := f.Gateways()
	f.DropGateway()
	for {
		if now, _, total := f.Gateways(); now == 1 && total > before {
			break
		}
		select {
		case <-ctx.Done():
			now, _, total := f.Gateways()
			t.Fatalf("the gateway was not opened again after the drop: %d open, %d made (%d before)", now, total, before)
		case <-time.After(20 * time.Millisecond):
		}
	}
	anna := discordtest.User{ID: "u-anna", Name: "Anna"}
	r := private(t)(f.Slash(ctx, anna, "chan-1", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}))
	want(t, r, "car 1")
}

package discord_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
	"github.com/pitwall/pitwall/transport/discord"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// Two processes on one PostgreSQL database, both configured for Discord:
// one gateway connection at a time (so each interaction reaches one
// process); when its process stops the other connects.
func TestOneGatewayAcrossProcesses(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	fake := discordtest.New("app-1")
	t.Cleanup(fake.Close)
	type proc struct {
		stop func()
		done chan error
	}
	var procs []proc
	for i := 0; i < 2; i++ {
		store, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		svc := bot.New(bot.Options{Store: store, Holder: fmt.Sprintf("proc-%d", i+1), LeaseTTL: time.Second})
		t.Cleanup(func() { svc.Close(); store.Close() })
		tr, err := discord.New(svc, discord.Config{Token: "secret", AppID: "app-1", API: fake.URL, Guild: "guild-1",
			Renderer: board{}, Poll: 20 * time.Millisecond, Logf: t.Logf})
		if err != nil {
			t.Fatal(err)
		}
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- tr.Run(runCtx) }()
		procs = append(procs, proc{stop, done})
		if i == 0 { // the first process connects first
			if err := fake.WaitReady(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	time.Sleep(1500 * time.Millisecond) // longer than a lease: the second process keeps asking
	if now, most, total := fake.Gateways(); now != 1 || most != 1 || total != 1 {
		t.Fatalf("gateway connections: %d open, %d at most, %d made; want 1, 1, 1", now, most, total)
	}
	// the holder stops; the other process connects
	procs[0].stop()
	if err := <-procs[0].done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		now, most, total := fake.Gateways()
		if most > 1 {
			t.Fatalf("two gateway connections at once")
		}
		if now == 1 && total == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no gateway connection after the first process stopped (%d open, %d made)", now, total)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := fake.Slash(ctx, discordtest.User{ID: "u-1", Name: "Anna"}, "chan-1", "help"); err != nil {
		t.Fatalf("an interaction after the handover: %v", err)
	}
	procs[1].stop()
	if err := <-procs[1].done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

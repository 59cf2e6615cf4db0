package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

func TestDiscordConfig(t *testing.T) {
	env := map[string]string{"PITWALL_DISCORD_TOKEN": "t"}
	if _, ok := discordConfig(func(k string) string { return env[k] }); ok {
		t.Fatal("a token without an application id connects")
	}
	env["PITWALL_DISCORD_APP_ID"] = "a"
	if _, ok := discordConfig(func(k string) string { return env[k] }); !ok {
		t.Fatal("token and application id do not connect")
	}
}

// TestServeConnectsToDiscord: with the environment of the README, serve's
// Discord start-up registers /race in the guild, connects to the gateway
// found at PITWALL_DISCORD_API, and posts the board drawn by render.
func TestServeConnectsToDiscord(t *testing.T) {
	fake := discordtest.New("app-7")
	defer fake.Close()
	t.Setenv("PITWALL_DISCORD_TOKEN", "secret")
	t.Setenv("PITWALL_DISCORD_APP_ID", "app-7")
	t.Setenv("PITWALL_DISCORD_API", fake.URL)
	t.Setenv("PITWALL_DISCORD_GUILD", "guild-7")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	svc := bot.New(bot.Options{Store: memory.New()})
	defer svc.Close()
	var out, errs bytes.Buffer
	runCtx, stop := context.WithCancel(ctx)
	wait, err := startDiscord(runCtx, &env{stdout: &out, stderr: &errs}, svc, stop)
	if err != nil || wait == nil {
		t.Fatalf("startDiscord: %v", err)
	}
	defer func() {
		stop()
		if err := wait(); err != nil {
			t.Error(err)
		}
	}()
	if err := fake.WaitReady(ctx); err != nil {
		t.Fatal(err, errs.String())
	}
	if _, path := fake.Commands(); path != "applications/app-7/guilds/guild-7/commands" {
		t.Fatalf("commands registered at %q", path)
	}
	anna := discordtest.User{ID: "1", Name: "Anna"}
	if _, err := fake.Slash(ctx, anna, "chan", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}); err != nil {
		t.Fatal(err)
	}
	var thread string
	for th := range fake.Threads() {
		thread = th
	}
	if _, err := fake.Slash(ctx, discordtest.User{ID: "2", Name: "Bob"}, thread, "join"); err != nil {
		t.Fatal(err)
	}
	r, err := fake.Slash(ctx, anna, thread, "start")
	if err != nil || !strings.Contains(r.Content, "starts") {
		t.Fatalf("start: %v %+v", err, r)
	}
	ms, err := fake.WaitMessages(ctx, thread, 3)
	if err != nil {
		t.Fatal(err)
	}
	post := ms[2]
	if len(post.Files) != 1 || !bytes.HasPrefix(post.Files[0].Data, []byte("\x89PNG")) || len(post.Files[0].Data) < 1000 {
		t.Fatalf("start post without a board: %q %d files", post.Content, len(post.Files))
	}
	if !strings.Contains(out.String(), "Discord connecting") {
		t.Fatalf("serve output %q", out.String())
	}
}

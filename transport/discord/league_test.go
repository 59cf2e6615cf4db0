package discord_test

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/transport/discord"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

type fakeStandings struct{}

func (fakeStandings) StandingsPNG(w io.Writer, v bot.LeagueStandingsView, lang string) error {
	_, err := fmt.Fprintf(w, "standings %s of %s", lang, v.League)
	return err
}

// /league: the game master binds the channel and enters members; anyone
// reads the calendar and the standings (with the image), in their
// language; the game-master subcommands need Manage Server.
func TestLeagueSlashCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	fake := discordtest.New("app-1")
	t.Cleanup(fake.Close)
	svc := bot.New(bot.Options{Store: memory.New()})
	tr, err := discord.New(svc, discord.Config{Token: "secret", AppID: "app-1", API: fake.URL, Guild: "guild-1",
		Standings: fakeStandings{}, Poll: 20 * time.Millisecond, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- tr.Run(runCtx) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		svc.Close()
	})
	if err := fake.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	gm := discordtest.User{ID: "gm", Name: "Maud", Permissions: 1 << 5}
	anna := discordtest.User{ID: "u1", Name: "Anna"}
	cleo := discordtest.User{ID: "u3", Name: "Cléo", Locale: "fr"}
	if err := svc.Register(ctx, bot.Identity{Kind: bot.KindDiscord, Value: "gm"}, "Maud", "en"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateLeague(ctx, bot.LeagueRequest{Name: "Tuesday", Master: bot.Identity{Kind: bot.KindDiscord, Value: "gm"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AddLeagueEvent(ctx, "tuesday", "test-oval", time.Date(2030, 1, 1, 20, 0, 0, 0, time.UTC), 1); err != nil {
		t.Fatal(err)
	}
	slash := func(u discordtest.User, sub string, opts ...discordtest.Option) *discordtest.Reply {
		t.Helper()
		r, err := fake.SlashCommand(ctx, u, "chan-league", "league", sub, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	str := func(name, v string) discordtest.Option { return discordtest.Option{Name: name, Type: 3, Value: v} }
	user := func(id string) discordtest.Option { return discordtest.Option{Name: "player", Type: 6, Value: id} }

	want(t, slash(anna, "channel", str("league", "tuesday")), "Manage Server")
	want(t, slash(anna, "calendar"), "Name the league", "no league", "in no league")
	want(t, slash(gm, "channel", str("league", "Tuesday")), "This channel now gets the results and standings of tuesday.")
	want(t, slash(gm, "enter", user("u1"), str("team", "Red")), "<@u1> enters tuesday.")
	want(t, slash(gm, "enter", user("u3"), str("team", "Red"), str("pilot", "Cléo Durand")), "<@u3> enters tuesday.")
	want(t, slash(gm, "enter", user("u1")), "already entered")
	want(t, slash(gm, "substitute", user("u9"), str("for", "Cléo Durand")), "<@u9> drives for Cléo Durand in round 1.")

	want(t, slash(anna, "calendar"), "round 1: test-oval on 2030-01-01 20:00 UTC, to come")
	want(t, slash(cleo, "calendar"), "manche 1 : test-oval le 2030-01-01 20:00 UTC, à venir")
	r := slash(cleo, "standings")
	want(t, r, "Aucune course n'a encore été disputée.")
	if len(r.Files) != 1 || string(r.Files[0].Data) != "standings fr of tuesday" {
		t.Fatalf("the standings image in Cléo's language: %+v", r.Files)
	}
	want(t, slash(anna, "vote", str("pilot", "Cléo Durand")), "no Pas de Bol vote is open")

	// LF-02: the game master names a team's first driver; LF-01: a career
	want(t, slash(anna, "first-driver", str("pilot", "Cléo Durand")), "Manage Server")
	want(t, slash(gm, "first-driver", str("pilot", "Cléo Durand")), "Cléo Durand is now the first driver of Red; car numbers do not change.")
	want(t, slash(cleo, "career"), "Cléo Durand")

	v, err := svc.League(ctx, "tuesday")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Entries) != 2 || v.Entries[1].Pilot != "Cléo Durand" || v.Entries[1].Team != "Red" {
		t.Fatalf("entries %+v", v.Entries)
	}
	if v.Entries[0].Seat != 2 || v.Entries[1].Seat != 1 {
		t.Fatalf("after /league first-driver, Cléo Durand is Red's No. 1: %+v", v.Entries)
	}
}

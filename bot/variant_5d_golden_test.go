package bot

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

var updateHiddenGolden = flag.Bool("update-5d-golden", false, "rewrite bot/testdata/5d/*.txt from today's texts")

// The texts that show a 5-D race's events, pinned before bot told them
// through the game contract's audiences and stand-in lines (issue 13,
// group 4 of docs/engine.md "What is left"): to the owner of a car,
// another seat, a spectator and the game master, every text a transport
// shows — the terminal's replies and log/history, mails, Discord posts,
// the web log and record.txt — and the record views of `replay --events
// --json` (EventsOf) and `--at` (StateAt) and record.txt at any line
// (publicRecordText). Every text stays the same whichever way it is
// computed.
func TestVariant5DEventTextsStayTheSame(t *testing.T) {
	for name, got := range map[string]func(t *testing.T) string{
		"transports": hiddenTransportTexts,
		"records":    hiddenRecordTexts,
	} {
		t.Run(name, func(t *testing.T) {
			matchesGolden(t, filepath.Join("testdata", "5d", name+".txt"), got(t), *updateHiddenGolden)
		})
	}
}

// hiddenTransportTexts plays a 5-D race on the service: Anna (car 1,
// English) orders on the terminal, Bob (car 2, French) is on autopilot,
// Gina is the game master; the race posts in a Discord thread and to a
// mail channel. It writes every reply and message, and, every fifth order
// and at the end, each reader's log and the web logs and record.txt.
func hiddenTransportTexts(t *testing.T) string {
	svc, store := newTestService(t)
	ctx := context.Background()
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		for _, p := range []struct{ name, lang string }{{"Anna", "en"}, {"Bob", "fr"}} {
			n := Fold(p.name)
			ids := []persistence.Identity{{Kind: persistence.IdentityCLI, Value: n}, {Kind: persistence.IdentityEmail, Value: n + "@example.org"}, {Kind: persistence.IdentityDiscord, Value: "d-" + n}}
			if err := tx.CreatePlayer(persistence.Player{ID: "cli:" + n, Name: p.name, Language: p.lang, TimeZone: "UTC", Identities: ids}); err != nil {
				return err
			}
		}
		return nil
	}))
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Gina"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Master: cli("Gina"), Seed: "hidden-golden", Variants: []string{"5-D", "5-A"}})
	require.NoError(t, err)
	for _, ch := range []Channel{{Transport: KindDiscord, Target: "thread-1"}, {Transport: KindEmail, Target: "race@example.org"}} {
		require.NoError(t, svc.AddChannel(ctx, id, ch))
	}
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "auto on"})
	require.NoError(t, err)
	tokenOf := func(name string) string {
		link, err := svc.PersonalLink(ctx, name, false)
		require.NoError(t, err)
		_, token, ok := strings.Cut(link, "?t=")
		require.True(t, ok, link)
		return token
	}
	tokens := map[string]string{"public": "", "Anna": tokenOf("Anna"), "Bob": tokenOf("Bob")}

	var b strings.Builder
	readers := func(step int) {
		fmt.Fprintf(&b, "=== readers after order %d\n", step)
		for _, r := range []struct{ who, word string }{{"Anna", "log"}, {"Bob", "journal"}, {"Gina", "history"}} {
			text, err := svc.Handle(ctx, Request{Identity: cli(r.who), Game: id, Text: r.word + " 200"})
			require.NoError(t, err)
			fmt.Fprintf(&b, "--- %s: %s 200\n%s\n", r.who, r.word, text)
		}
		for _, who := range []string{"public", "Anna", "Bob"} {
			v, err := svc.WebGame(ctx, id, tokens[who], "en", false)
			require.NoError(t, err)
			fmt.Fprintf(&b, "--- web log as %s\n", who)
			for _, p := range v.Log {
				b.WriteString(p.Text + "\n")
			}
		}
		rec, err := svc.GameRecord(ctx, id)
		require.NoError(t, err)
		fmt.Fprintf(&b, "--- record.txt\n%s", rec)
	}
	for step := 1; step <= 400; step++ {
		table, err := svc.Table(ctx, id, "en")
		require.NoError(t, err)
		if table.State == persistence.GameFinished {
			break
		}
		require.NotEmpty(t, table.Pending, "Bob is on autopilot: the game waits for Anna")
		d := table.Pending[0]
		reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: d.Options[0].Command})
		require.NoError(t, err, "order %d: %s", step, d.Options[0].Command)
		fmt.Fprintf(&b, "=== order %d: Anna: %s\n%s\n", step, d.Options[0].Command, reply)
		for _, tr := range []string{KindCLI, KindEmail, KindDiscord} {
			ms, err := svc.PendingOutgoing(ctx, tr, 0)
			require.NoError(t, err)
			for _, m := range ms {
				fmt.Fprintf(&b, "--- %s to %s\n%s\n", tr, m.Target, m.Text)
				require.NoError(t, svc.MarkSent(ctx, m.ID))
			}
		}
		if step%5 == 0 {
			readers(step)
		}
	}
	readers(-1)
	return b.String()
}

// hidden5DRace simulates the three-car 5-D race (5-A's booster points in
// the builds, one lap of the test oval, qualifying included) the 5-D
// goldens and benchmarks read.
func hidden5DRace(tb testing.TB) (*tracks.Circuit, *fd.Record) {
	c, err := tracks.Get("test-oval")
	require.NoError(tb, err)
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	require.NoError(tb, cfg.EnableVariant("5-D"))
	require.NoError(tb, cfg.EnableVariant("5-A"))
	_, rec, err := fd.Simulate(cfg, c, "test-oval", 3, fd.SeedFrom("hidden-golden-records"))
	require.NoError(tb, err)
	return c, rec
}

// hiddenRecordTexts simulates a 5-D race of three cars (5-A's booster
// points in the builds) and writes, as car 1's and car 2's seats, a
// spectator and the game master read them, `replay --events --json`, and,
// at every build line and every 50th line, `--at --json` and record.txt.
func hiddenRecordTexts(t *testing.T) string {
	c, rec := hidden5DRace(t)
	var b strings.Builder
	readers := []int{1, 2, 0, fd.GameMaster}
	for _, reader := range readers {
		evs, err := EventsOf(rec, c, reader)
		require.NoError(t, err)
		js, err := json.MarshalIndent(evs, "", "  ")
		require.NoError(t, err)
		fmt.Fprintf(&b, "=== replay --events --json --as %d\n%s\n", reader, js)
	}
	builds := 0
	for n := 1; n <= len(rec.Events); n++ {
		if fd.BuildLineCar(rec.Events[n-1]) == 0 && n%50 != 0 && n != len(rec.Events) {
			continue
		}
		builds++
		g, err := fd.ReplayAtEvent(rec, c, n)
		require.NoError(t, err)
		upTo := *rec
		upTo.Events = rec.Events[:n]
		for _, reader := range readers {
			js, err := json.Marshal(StateAt(fd.NewContract(g, nil), rec, n, reader))
			require.NoError(t, err)
			fmt.Fprintf(&b, "=== --at %d --as %d\n%s\n--- record.txt\n%s", n, reader, js, publicRecordText(&upTo, fd.NewContract(g, nil), fd.ReaderOfCar(reader)))
		}
	}
	require.Greater(t, builds, 3)
	return b.String()
}

package bot

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

var updateWebDecisionsGolden = flag.Bool("update-web-decisions-golden", false, "rewrite bot/testdata/web/decisions.txt from today's texts")

// The web page's pending decisions — each decision's prompt as its
// reader may read it (5-D hides another's costs), its player, and the
// viewer's own buttons with their token — pinned before the page reads
// them through the game contract (issue 13, group 3 of docs/engine.md
// "What is left"): an fdr race with 5-D and 5-A on the service, Anna and
// Bob ordering the first option their table offers, the page read as a
// spectator and as each seat, in English and French, after every order.
func TestWebDecisionsStayTheSame(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	for _, name := range []string{"Anna", "Bob"} {
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: name})
		require.NoError(t, err)
	}
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Master: cli("Anna"), Seed: "web-decisions-golden", Variants: []string{"5-D", "5-A"}})
	require.NoError(t, err)
	tokens := map[string]string{"spectator": ""}
	for _, name := range []string{"Anna", "Bob"} {
		link, err := svc.PersonalLink(ctx, name, false)
		require.NoError(t, err)
		_, token, ok := strings.Cut(link, "?t=")
		require.True(t, ok, link)
		tokens[name] = token
	}
	var b strings.Builder
	for step := 0; step <= 400; step++ {
		for _, who := range []string{"spectator", "Anna", "Bob"} {
			for _, lang := range []string{"en", "fr"} {
				v, err := svc.WebGame(ctx, id, tokens[who], lang, false)
				require.NoError(t, err)
				fmt.Fprintf(&b, "=== after order %d, %s, %s\n", step, who, lang)
				for _, d := range v.Pending {
					fmt.Fprintf(&b, "--- car %d (%s) token %q\n%s\n", d.Car, d.Player, d.Token, d.Prompt)
					for _, o := range d.Options {
						fmt.Fprintf(&b, "  [%s] %s\n", o.Command, o.Label)
					}
				}
			}
		}
		table, err := svc.Table(ctx, id, "en")
		require.NoError(t, err)
		if table.State == persistence.GameFinished {
			break
		}
		require.NotEmpty(t, table.Pending)
		d := table.Pending[0]
		who := map[int]string{1: "Anna", 2: "Bob"}[d.Car]
		_, err = svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: d.Options[0].Command})
		require.NoError(t, err, "order %d: %s", step, d.Options[0].Command)
	}
	matchesGolden(t, filepath.Join("testdata", "web", "decisions.txt"), b.String(), *updateWebDecisionsGolden)
}

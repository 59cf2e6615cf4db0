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
)

var updateProgressGolden = flag.Bool("update-progress-golden", false, "rewrite bot/testdata/progress/*.txt from today's texts")

// Where a race stands as bot says it — a welcome's laps, the round every
// mail subject shows (the autopilot's included), the web page's round,
// laps, plays, end and results, game show's, and the plays between two stored
// snapshots — pinned before bot asks them of the game contract rather
// than of *fd.Game (issue 13, docs/engine.md "What is left", the item
// "bot serving Formula Dé through the contract"). Every text stays the
// same whichever way it is read.

// TestProgressTextsStayTheSame plays the status golden's races by the
// autopilot and writes the welcome of car 1 once, then, whenever the
// round they show changes, the autopilot's subject and every mail subject
// (the orders golden pins the subjects at its sampled moments).
func TestProgressTextsStayTheSame(t *testing.T) {
	for _, race := range statusRaces {
		t.Run(race.name, func(t *testing.T) {
			c, g, src := race.start(t)
			l := &live{row: persistence.Game{ID: "g-" + race.name}, meta: &meta{Rules: string(g.Config.Rules), Cars: race.cars, Deadline: 90}, track: c, game: fd.NewContract(g, sayPhrase)}
			s := &Service{}
			var b strings.Builder
			for _, lang := range []string{"en", "fr"} {
				fmt.Fprintf(&b, "welcome %s: %s\n", lang, s.welcomeText(l, 1, lang))
			}
			last := ""
			for n := 0; ; n++ {
				require.Less(t, n, 20000, "the race never ended")
				shown := autopilotSubject(l, 1, "en") + " " + autopilotSubject(l, 1, "fr")
				if shown != last || g.Over {
					fmt.Fprintf(&b, "=== decision %d\nautopilot: %s\n", n, shown)
					for _, lang := range []string{"en", "fr"} {
						for car := 0; car <= race.cars; car++ {
							fmt.Fprintf(&b, "subject %s car %d: %s\n", lang, car, subjectFor(l, car, lang))
						}
					}
					last = shown
				}
				if g.Over {
					break
				}
				o, ok := fd.Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
			}
			matchesGolden(t, filepath.Join("testdata", "progress", race.name+".txt"), b.String(), *updateProgressGolden)
		})
	}
}

// progressServiceRaces are played through the service, so that its
// snapshots are stored and its web page read as players see them.
var progressServiceRaces = []struct {
	name string
	req  CreateRequest
}{
	{"service-fd2008", CreateRequest{Track: "port-azur", Laps: 2, Seats: []string{"A", "B", "C", "D"}, Seed: "progress fd2008"}},
	{"service-fdr", CreateRequest{Track: "kestrel-downs", Rules: "fdr", Laps: 1, Seats: []string{"A", "B", "C"}, Seed: "progress fdr"}},
	{"service-street", CreateRequest{Track: "race-city", Rules: "street", Seats: []string{"A", "B", "C"}, Seed: "progress street"}},
}

// TestWebProgressAndSnapshotsStayTheSame plays races through the service
// by the autopilot, one decision a commit, and writes the web page's
// round, laps, plays and end (and its results once over), game show's
// laps, rounds and plays, and the record line the stored snapshot starts
// after, whenever one of them changes.
func TestWebProgressAndSnapshotsStayTheSame(t *testing.T) {
	for _, race := range progressServiceRaces {
		t.Run(race.name, func(t *testing.T) {
			ctx := context.Background()
			svc, store := newTestService(t)
			id, err := svc.Create(ctx, race.req)
			require.NoError(t, err)
			var b strings.Builder
			last := ""
			for n := 0; ; n++ {
				require.Less(t, n, 20000, "the race never ended")
				v, err := svc.WebGame(ctx, id, "", "en", false)
				require.NoError(t, err)
				results, err := json.Marshal(v.Results)
				require.NoError(t, err)
				var snapshot int64
				require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
					snap, found, err := tx.Snapshot(id)
					if found {
						snapshot = snap.Seq
					}
					return err
				}))
				show, err := svc.Show(ctx, id)
				require.NoError(t, err)
				now := fmt.Sprintf("web: round %d, laps %d, plays %d, over %t, results %s\nshow: laps %d, rounds %d, plays %d\nsnapshot after line %d\n",
					v.Round, v.Laps, v.Plays, v.Over, results, show.Laps, show.Rounds, show.Plays, snapshot)
				if now != last {
					fmt.Fprintf(&b, "=== decision %d\n%s", n, now)
					last = now
				}
				made, err := svc.Autoplay(ctx, id, 1)
				require.NoError(t, err)
				if made == 0 {
					break
				}
			}
			matchesGolden(t, filepath.Join("testdata", "progress", race.name+".txt"), b.String(), *updateProgressGolden)
		})
	}
}

package bot

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

var updateStatusGolden = flag.Bool("update-status-golden", false, "rewrite bot/testdata/status/*.txt from today's texts")

// statusRace is one race the status golden walks: a ruleset, its
// variants, a circuit.
type statusRace struct {
	name, track string
	cfg         func(t *testing.T) fd.Config
	cars        int
}

func variantsOn(base func() fd.Config, specs ...string) func(t *testing.T) fd.Config {
	return func(t *testing.T) fd.Config {
		cfg := base()
		for _, s := range specs {
			require.NoError(t, cfg.EnableVariant(s), s)
		}
		return cfg
	}
}

// fdrBase is the competition rules' base configuration, as the rulesets
// table gives it (fd.ConfigFor): bot names no configuration of fdr's, which
// moves to its own package (issue 13).
func fdrBase() fd.Config { return fd.ConfigFor(fd.FDR) }

var statusRaces = []statusRace{
	{"fd2008", "kestrel-downs", variantsOn(fd.DefaultConfig), 3},
	{"fdr-life-boosters-hidden", "port-azur", variantsOn(fdrBase, "22-A", "5-A", "5-D", "3-A", "21-B:markers=4"), 3},
	{"fdr-pilot-wing-runaway", "hollowmere", variantsOn(fdrBase, "23-A:uses=2/1/2/1/2/1", "5-B", "10-A", "5-E2"), 3},
	{"fdr", "port-azur", variantsOn(fdrBase), 2},
	{"fdr-season-tokens-boosters", "kestrel-downs", variantsOn(fdrBase, "23-A:scheme=c", "5-A"), 2},
	{"street", "race-city", variantsOn(street.Config), 3},
}

// The texts a player reads of a race's state, pinned before they are said
// through the game contract (issue 13, group 3 of docs/engine.md "What is
// left"): at several moments of real races (fd2008, fdr with league
// variants, street), the status (statusText) as a seated driver, the game
// master and a spectator read it, and the pending decisions as replies
// (nextText) and buttons (pendingViews) show them, in English and French.
// Every text stays the same whichever way it is computed.
func TestStatusAndPendingTextsStayTheSame(t *testing.T) {
	for _, race := range statusRaces {
		t.Run(race.name, func(t *testing.T) {
			got := statusGoldenOf(t, race)
			matchesGolden(t, filepath.Join("testdata", "status", race.name+".txt"), got, *updateStatusGolden)
		})
	}
}

// start sets race's game up on its circuit and starts it with the dice of
// its seed, which the caller plays on with.
func (race statusRace) start(t *testing.T) (*tracks.Circuit, *fd.Game, dice.Source) {
	t.Helper()
	c, err := tracks.Get(race.track)
	require.NoError(t, err)
	seed := fd.SeedFrom("status golden " + race.name)
	g, err := fd.NewGame(fd.GameIDFor(seed), race.cfg(t), c, race.cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	return c, g, src
}

// statusGoldenOf plays race by the autopilot and writes its texts at the
// first decisions, then every 60th, and once it is over.
func statusGoldenOf(t *testing.T, race statusRace) string {
	t.Helper()
	c, g, src := race.start(t)
	s := &Service{opts: Options{Now: func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }}}
	l := &live{row: persistence.Game{ID: "g-" + race.name}, meta: &meta{}, track: c, game: fd.NewContract(g, sayPhrase)}
	var b strings.Builder
	for n := 0; ; n++ {
		require.Less(t, n, 20000, "the race never ended")
		if n < 4 || n%60 == 0 || g.Over {
			l.row.LastSeq = int64(len(g.Events))
			writeStatusMoment(&b, s, l, n)
		}
		if g.Over {
			break
		}
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	return b.String()
}

func writeStatusMoment(b *strings.Builder, s *Service, l *live, n int) {
	readers := []struct {
		name           string
		car            int
		seated, master bool
	}{{"car 1", 1, true, false}, {"game master", 0, false, true}, {"spectator", 0, false, false}}
	for _, lang := range []string{"en", "fr"} {
		for _, r := range readers {
			fmt.Fprintf(b, "=== decision %d, %s, %s: status\n%s\n", n, lang, r.name, s.statusText(l, lang, r.car, r.seated, r.master))
			for _, dv := range pendingViews(l, l.row.ID, lang, readerOf(r.car, r.seated, r.master)) {
				fmt.Fprintf(b, "--- button car %d kind %s session %q token %s what %q\n%s\n", dv.Car, dv.Kind, dv.Session, dv.Token, dv.What, dv.Prompt)
				for _, o := range dv.Options {
					fmt.Fprintf(b, "  [%s] %s\n", o.Command, o.Label)
				}
			}
		}
	}
}

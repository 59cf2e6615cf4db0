package bot

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// rsStatusRace is one Racing Simulator race the rs status golden plays.
type rsStatusRace struct {
	name, track string
	mode        rs.Mode
	optional    []string
	seats       int
}

var rsStatusRaces = []rsStatusRace{
	{"rs-family-windmere", "windmere", rs.Family, nil, 3},
	{"rs-family-cragsby", "cragsby", rs.Family, nil, 4},
	{"rs-standard-two-cars-cragsby", "cragsby", rs.Standard, []string{rs.OptTwoCars, rs.OptSmallHands}, 2},
	{"rs-standard-weather-windmere", "windmere", rs.Standard, []string{rs.OptWeather}, 2},
}

// The texts a player reads of a Racing Simulator race's state, pinned
// before they are said through engine.Reported (issue 13, group 3 of
// docs/engine.md): at several moments of real races (orders drawn by a
// seeded generator, risk and changed orders included), the status as each
// seat and a spectator read it, what a seat must do (the reply and the
// turn mail's order lines) and its orders with their facts (the Discord
// menu), in English and French. Every text stays the same whichever way
// it is computed.
func TestRSStatusAndPendingTextsStayTheSame(t *testing.T) {
	for _, race := range rsStatusRaces {
		t.Run(race.name, func(t *testing.T) {
			got := rsStatusGoldenOf(t, race)
			matchesGolden(t, filepath.Join("testdata", "status", race.name+".txt"), got, *updateStatusGolden)
		})
	}
}

// rsStatusGoldenOf plays race with orders drawn from a seeded generator
// and writes its texts at the first orders, every 9th, and once over.
func rsStatusGoldenOf(t *testing.T, race rsStatusRace) string {
	t.Helper()
	c, err := rscircuit.Get(race.track)
	require.NoError(t, err)
	cfg := rs.Config{Mode: race.mode, Seats: race.seats}
	for _, o := range race.optional {
		require.NoError(t, cfg.SetOptional(o))
	}
	seed := rs.SeedFrom("rs status golden " + race.name)
	src := dice.NewSeeded(seed)
	g, err := rs.NewGame("g-"+race.name, cfg, c, src)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(13, uint64(len(race.name))))
	l := &served{row: persistence.Game{ID: "g-" + race.name}, meta: &meta{Game: gameRS, Mode: string(race.mode)}, kind: rsKind{}, game: rs.Contract{G: g, Say: sayPhrase}}
	s := &Service{}
	var b strings.Builder
	for n := 0; ; n++ {
		require.Less(t, n, 5000, "the race never ended")
		if n < 4 || n%9 == 0 || g.Over {
			writeRSStatusMoment(&b, s, l, race.seats, n)
		}
		if g.Over {
			break
		}
		pending := l.game.Pending()
		require.NotEmpty(t, pending)
		d := pending[rng.IntN(len(pending))]
		if len(d.Options) == 0 {
			_, err = l.game.Expire(src)
		} else {
			_, err = l.game.Submit(d.Seat, d.Options[rng.IntN(len(d.Options))].Key, src)
		}
		require.NoError(t, err)
	}
	return b.String()
}

func writeRSStatusMoment(b *strings.Builder, s *Service, l *served, seats, n int) {
	for _, lang := range []string{"en", "fr"} {
		for reader := -1; reader < seats; reader++ {
			who := fmt.Sprintf("seat %d", reader+1)
			if reader < 0 {
				who = "spectator"
			}
			fmt.Fprintf(b, "=== order %d, %s, %s: status\n%s\n", n, lang, who, l.status(reader, lang))
			if reader < 0 {
				for _, d := range l.game.Pending() {
					fmt.Fprintf(b, "--- awaited car %d kind %s turn %d secret %v\n", d.Seat+1, d.Kind, d.Turn, d.Secret)
				}
				continue
			}
			fmt.Fprintf(b, "--- reply\n%s\n--- mail\n%s", s.decisionText(l, reader, lang, "UTC"), s.orderLines(l, reader, lang, "UTC"))
			for _, o := range l.game.Options(reader) {
				fmt.Fprintf(b, "  [%s] %s: %s\n", l.kind.orderWords(o.Key, lang), o.Key, l.facts(reader, o.Key, lang))
			}
		}
	}
}
